"""The Innsmouth Escape bots (issue 23, services/bots/innsmouth_escape): legal at every level
over random games and options, whole self-played games, determinism, and honesty: a Deep One
bot decides the same in two worlds that differ only in what its seat may not know (the
Human's plot, another colour's sealed input, the Human's hidden cards and the decks' order;
the twins of the leak tests, tests/games/test_innsmouth_leaks.py), and a planted cheating bot
is caught by that check."""

from __future__ import annotations

import dataclasses
import itertools
import random
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from services.bots import levels
from services.bots.contract import (
    LEVELS,
    Bot,
    BotError,
    RandomBot,
    SeatKnowledge,
    choose,
    json_view,
    knowledge_of,
)
from services.bots.innsmouth_escape import (
    ROLES,
    deepones,
    escape,
    human,
    make_bot,
    role_of,
    search,
    worlds,
)
from services.bots.innsmouth_escape.belief import wounds_dealt
from services.bots.innsmouth_escape.table import Table
from services.bots.play import Record, self_play
from services.games.core import JSON, Action, IllegalAction, OptionValue, SeatPrompt
from services.games.core import ShuffleResult as Shuffled
from services.games.innsmouth_escape import InnsmouthState
from services.games.innsmouth_escape import actions as a
from tests.games.innsmouth_helpers import GAME
from tests.games.test_innsmouth_leaks import secrets

SEED = "innsmouth-bots"
DEEP_ONE_PHASES = ("place_pawns", "do_move", "do_summon", "do_spawn", "window", "adjust")


def random_options(rng: random.Random, players: int) -> dict[str, OptionValue]:
    """A value for every option of the game, at random (the Human's seat too)."""
    options: dict[str, OptionValue] = {}
    for option in GAME.info.options:
        if option.key == "number_cards":
            options[option.key] = ",".join(map(str, sorted(rng.choices((1, 2, 3), k=6))))
        elif option.key == "human_seat":
            options[option.key] = rng.randrange(-1, players)
        elif option.choices:
            options[option.key] = rng.choice(option.choices)
        else:
            options[option.key] = rng.random() < 0.5
    GAME.new_state(players, dict(options))  # raises if the values do not go together
    return options


def asked(state: InnsmouthState) -> list[int]:
    return sorted({p.seat for p in state.pending() if isinstance(p, SeatPrompt)})


def random_game(players: int, options: dict[str, OptionValue], seed: int,
                limit: int = 1500) -> list[Action]:
    """The actions of a random game (chance included), at most ``limit``."""
    record = Record(GAME.new_state(players, dict(options)))
    rng = random.Random(seed)
    while record.state.outcome() is None and len(record.actions) < limit:
        record.resolve_chance(rng)
        if record.state.outcome() is None:
            record.apply(rng.choice(record.state.legal_actions(asked(record.state)[0])))
    return record.actions


# ------------------------------------------------------------------ the module interface


def test_the_module_offers_roles_role_of_and_make_bot() -> None:
    assert set(ROLES) == {"deep_ones", "human"}
    assert levels.roles("innsmouth-escape") == ROLES
    state = GAME.new_state(4, {"human_seat": 2})
    assert [role_of(state.view(None), s) for s in range(4)] == [
        "deep_ones", "deep_ones", "human", "deep_ones"]
    assert role_of(GAME.new_state(3, {}).view(None), 0) is None  # the Human not chosen yet
    for level in LEVELS:
        assert levels.make_bot("innsmouth-escape", level).level == level
    with pytest.raises(BotError, match="level"):
        make_bot("expert")
    knowledge = knowledge_of(state, 0, [], [])
    with pytest.raises(BotError, match="nothing to choose"):
        make_bot("normal").choose(knowledge, random.Random(1))


# ------------------------------------------------------------------ legal, whole games


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_level_only_returns_legal_actions(players: int) -> None:
    """Random games, each with random option values; at a sample of the steps the seat
    asked (a Deep One or the Human) is played by a bot of each level in turn, the others by
    random legal actions. ``choose`` raises if the action is not legal."""
    rng = random.Random(players)
    counts = dict.fromkeys(LEVELS, 0)
    phases: set[str] = set()
    for game in range(4):
        options = random_options(rng, players)
        record = Record(GAME.new_state(players, dict(options)))
        state = record.state
        while state.outcome() is None and len(record.actions) < 500:
            record.resolve_chance(rng)
            if state.outcome() is not None:
                break
            seat = asked(state)[0]
            level = LEVELS[len(record.actions) % 3]
            rate = 0.12 if level == "hard" and state.phase.startswith("do_") else 0.3
            if rng.random() < rate:
                knowledge = knowledge_of(state, seat, record.actions, record.events)
                action = choose(make_bot(level), knowledge, f"{SEED}:{game}")
                counts[level] += 1
                phases.add(state.phase)
            else:
                action = rng.choice(state.legal_actions(seat))
            record.apply(action)
    assert min(counts.values()) > 10, counts
    assert {"place_pawns", "do_move", "do_spawn", "plot"} <= phases, phases


@pytest.mark.parametrize("level", LEVELS)
def test_self_play_reaches_an_outcome(level: str) -> None:
    """``refbox play``-style: the level's bot at every seat (the Deep Ones and the Human),
    whole games."""
    for seed, players in enumerate((2, 4) if level == "hard" else (2, 3, 5)):
        state = GAME.new_state(players, {"human_seat": seed % players})
        bots: dict[int, Bot] = {s: make_bot(level) for s in range(players)}
        record = self_play(state, bots, f"{SEED}:{level}:{seed}", random.Random(seed))
        outcome = record.state.outcome()
        assert outcome is not None and outcome.rule in ("R-IE-26", "R-IE-38")


def test_the_deep_ones_apply_a_wounding_card_as_printed() -> None:
    """A Deep One card that says "The Human takes 1 wound" is played in the Human's turn
    window and applied: one wound, then done (no other card effect is made up)."""
    state = GAME.new_state(3, {"human_seat": 0})
    record = Record(state)
    rng = random.Random(4)
    record.resolve_chance(rng)
    state.do_hands["blue"] = ["deep-one-39", "deep-one-13"]
    state.do_hands["green"] = ["deep-one-01"]
    bots: dict[int, Bot] = {1: make_bot("normal"), 2: make_bot("normal"), 0: RandomBot()}
    while state.round < 2 or state.phase in ("do_move", "do_summon", "do_spawn"):
        record.resolve_chance(rng)
        seat = asked(state)[0]
        record.apply(choose(bots[seat], knowledge_of(state, seat, record.actions,
                                                     record.events), SEED))
    while state.phase in ("window", "adjust"):
        seat = asked(state)[0]
        record.apply(choose(bots[seat], knowledge_of(state, seat, record.actions,
                                                     record.events), SEED))
    played = [x for x in record.actions if isinstance(x, a.PlayDeepOneCard | a.Adjust)]
    assert played[:3] == [a.PlayDeepOneCard(1, "deep-one-39"),
                          a.Adjust(1, "wounds", amount=1), a.Adjust(1, "done")]
    assert state.wounds >= 1 or state.phase == "over"
    assert "deep-one-01" in state.do_hands["green"]  # its effect cannot be applied: kept


# ------------------------------------------------------------------ determinism


def decision_points(players: int, seed: int, count: int,
                    phases: Sequence[str] = DEEP_ONE_PHASES) -> list[SeatKnowledge]:
    """Knowledge of the Deep One seats asked at ``count`` steps of a random game."""
    actions = random_game(players, {}, seed)
    rng = random.Random(seed)
    record = Record(GAME.new_state(players, {}))
    found: list[SeatKnowledge] = []
    for action in actions:
        state = record.state
        seats = asked(state) if state.chance_prompt() is None else []
        if seats and state.phase in phases and seats[0] != state.human and \
                len(state.legal_actions(seats[0])) > 1 and rng.random() < 0.3:
            found.append(knowledge_of(state, seats[0], record.actions, record.events))
        if len(found) >= count:
            break
        record.apply(action)
    return found


def test_the_same_knowledge_and_seed_give_the_same_action() -> None:
    points = decision_points(4, 3, 10)
    assert len(points) >= 6
    for knowledge in points:
        for level in LEVELS:
            first = choose(make_bot(level), knowledge, "seed-a")
            assert choose(make_bot(level), knowledge, "seed-a") == first


def test_another_seed_may_give_another_action() -> None:
    """Among equal choices a bot picks with its seeded random source: at set-up (many
    placements are worth the same) some choice changes with the seed."""
    points = decision_points(5, 8, 4, ("place_pawns",))
    assert points
    changed = sum(choose(make_bot(level), k, "one") != choose(make_bot(level), k, "two")
                  for k in points for level in ("easy", "normal"))
    assert changed >= 1


# ------------------------------------------------------------------ honesty


@dataclass
class Peeker:
    """A planted cheat: the normal level, handed the real state, puts its belief on the
    Human's true destination."""

    state: InnsmouthState
    level: str = "cheat"

    def choose(self, knowledge: SeatKnowledge, rng: random.Random) -> Action:
        table = Table.read(knowledge.view, knowledge.seat)
        if self.state.plot is None or table.phase not in ("do_move", "do_spawn"):
            return make_bot("normal").choose(knowledge, rng)
        truth = {self.state.plot["path"][-1]: 1.0}
        return deepones.ranked(knowledge, table, deepones.NORMAL, truth)[0][1]


def same(one: SeatKnowledge, other: SeatKnowledge) -> bool:
    return (json_view(one.view), json_view(one.public), one.legal, one.prompts, one.chance,
            one.history) == (json_view(other.view), json_view(other.public), other.legal,
                             other.prompts, other.chance, other.history)


def replay(start: JSON, actions: Sequence[Action]) -> tuple[InnsmouthState, list[list[Any]]]:
    state = GAME.state_from_json(start)
    return state, [list(state.apply(x)) for x in actions]


def plot_twins(state: InnsmouthState, start: JSON, actions: Sequence[Action],
               rng: random.Random) -> list[tuple[str, list[Action]]]:
    """The Human's unrevealed plot, and the other colours' sealed inputs of this step,
    replaced by other legal choices of the same public shape (the leak tests' secrets)."""
    found = []
    for index, keep in secrets(state, actions):
        real = actions[index]
        if real.actor is None:
            continue
        before, _ = replay(start, actions[:index])
        others = [x for x in before.legal_actions(real.actor) if x != real and keep(x)]
        if others:
            found.append((f"{real.type} at {index}",
                          [*actions[:index], rng.choice(others), *actions[index + 1:]]))
    return found


def card_twins(state: InnsmouthState, actions: Sequence[Action],
               rng: random.Random) -> list[tuple[str, list[Action]]]:
    """Two cards the Deep Ones have not seen swapped in a deck's shuffle: a card in the
    Human's hand (never shown) and one of the same deck still in it, or two cards still in a
    deck (the Deep One deck included)."""
    found = []
    hidden = [c for c in state.hand if c not in state.known]
    for deck, cards in state.decks.items():
        if deck == "deep_one" or not cards:
            pairs = list(itertools.pairwise(cards))
        else:
            held = [c for c in hidden if state.data.card(c).deck == deck]
            alike = [c for c in cards if not state.data.card(c).to_tableau]
            pairs = [(h, c) for h in held for c in alike] or list(itertools.pairwise(cards))
        if not pairs:
            continue
        one, other = rng.choice(pairs)
        swap = {one: other, other: one}
        history = [Shuffled(x.deck, tuple(swap.get(c, c) for c in x.order))
                   if isinstance(x, Shuffled) and x.deck == deck else x for x in actions]
        found.append((f"{deck}: {one} <> {other}", history))
    return found


def deep_one_card_twins(state: InnsmouthState, actions: Sequence[Action],
                        rng: random.Random) -> list[tuple[str, list[Action]]]:
    """What the Human cannot see: a Deep One's card in hand (never played) swapped with one
    still in the deck, or two cards of the deck swapped, in the Deep One deck's shuffle."""
    held = [c for hand in state.do_hands.values() for c in hand]
    deck = list(state.decks["deep_one"])
    pairs = [(h, c) for h in held for c in deck] + list(itertools.pairwise(deck))
    found = []
    for one, other in rng.sample(pairs, min(2, len(pairs))):
        swap = {one: other, other: one}
        history = [Shuffled(x.deck, tuple(swap.get(c, c) for c in x.order))
                   if isinstance(x, Shuffled) and x.deck == "deep_one" else x for x in actions]
        found.append((f"deep_one: {one} <> {other}", history))
    return found


@dataclass
class Twins:
    """At sampled decision points of the Deep One seats, twins the seat cannot tell apart
    (the precondition: the same knowledge, asserted) must get the same action from the
    same seed."""

    make: Callable[[InnsmouthState], Bot]
    human: bool = False  # the Human's seat (its twins: the Deep Ones' cards) instead
    checked: int = 0
    differed: int = 0
    notes: list[str] = field(default_factory=list)

    def run(self, players: int, seed: int, samples: int,
            phases: Sequence[str] = DEEP_ONE_PHASES,
            options: dict[str, OptionValue] | None = None) -> None:
        """A random game (with ``options``, or random values of every option); at about a
        quarter of its steps, the twins of the Deep One seat asked, up to ``samples``
        decision points."""
        options = random_options(random.Random(seed), players) if options is None else options
        start = GAME.new_state(players, dict(options)).to_json()
        actions = random_game(players, options, seed)
        rng = random.Random(seed)
        state = GAME.state_from_json(start)
        events: list[list[Any]] = []
        points = [i for i in range(len(actions)) if rng.random() < 0.25]
        for i, action in enumerate(actions):
            if i in points and samples > 0:
                samples -= self.at(state, start, actions[:i], events, rng, phases)
            events.append(list(state.apply(action)))

    def at(self, state: InnsmouthState, start: JSON, actions: Sequence[Action],
           events: list[list[Any]], rng: random.Random, phases: Sequence[str]) -> int:
        seats = [s for s in asked(state) if (s == state.human) == self.human]
        if state.chance_prompt() is not None or not seats or state.phase not in phases:
            return 0
        seat = seats[0]
        if len(state.legal_actions(seat)) < 2:
            return 0
        ours = knowledge_of(state, seat, actions, events)
        done = 0
        twins = deep_one_card_twins(state, actions, rng) if self.human else [
            *plot_twins(state, start, actions, rng), *card_twins(state, actions, rng)]
        for label, history in twins:
            try:
                twin, told = replay(start, history)
            except IllegalAction:
                continue  # the rest of the history depended on the choice: not a twin
            theirs = knowledge_of(twin, seat, history, told)
            assert same(ours, theirs), f"knowledge of Seat {seat + 1} tells {label}"
            one = choose(self.make(state), ours, f"{SEED}:{len(actions)}")
            other = choose(self.make(twin), theirs, f"{SEED}:{len(actions)}")
            self.checked += 1
            done = 1
            if one != other:
                self.differed += 1
                self.notes.append(f"Seat {seat + 1} at step {len(actions)} ({label}): "
                                  f"{one.to_json()} / {other.to_json()}")
        return done


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_decides_the_same_in_worlds_its_seat_cannot_tell_apart(level: str) -> None:
    """The Human's plot, another colour's sealed move, the Human's hidden hand and the decks'
    order differ; the Deep One seat's knowledge is the same, so is its action. Random games
    at every player count, each with random option values."""
    check = Twins(lambda _state: make_bot(level))
    for players in (2, 3, 4, 5):
        check.run(players, 10 + players, samples=3 if level == "hard" else 5)
    assert check.checked >= 12, check.checked
    assert check.differed == 0, check.notes


def test_the_check_catches_a_bot_that_peeks_at_the_plot() -> None:
    """A test of the test: the planted cheat, built with a reference to each world's state,
    is caught: on twins its seat cannot tell apart it chooses differently."""
    check = Twins(Peeker)
    for players in (2, 3, 4, 5):
        check.run(players, 10 + players, samples=5, phases=("do_move", "do_spawn"))
    assert check.checked >= 5, check.checked
    assert check.differed >= 1, "the cheating bot was not caught"


HUMAN_PHASES = ("place_human", "plot", "window", "combat", "adjust")


@pytest.mark.parametrize("level", LEVELS)
def test_the_human_decides_the_same_whatever_the_deep_ones_hold(level: str) -> None:
    """The Deep Ones' hands and their deck's order differ; the Human's knowledge is the same,
    so is his action (random games at every player count, random option values)."""
    check = Twins(lambda _state: make_bot(level), human=True)
    for players in (2, 3, 4, 5):
        check.run(players, 30 + players, samples=6, phases=HUMAN_PHASES)
    assert check.checked >= 12, check.checked
    assert check.differed == 0, check.notes


@dataclass
class HandPeeker:
    """A planted cheat for the Human: it picks among its legal actions by the Deep Ones'
    hands, read from the state."""

    state: InnsmouthState
    level: str = "cheat"

    def choose(self, knowledge: SeatKnowledge, rng: random.Random) -> Action:
        held = sorted(c for hand in self.state.do_hands.values() for c in hand)
        return knowledge.legal[zlib.crc32(",".join(held).encode()) % len(knowledge.legal)]


def test_the_check_catches_a_human_that_peeks_at_the_deep_ones_cards() -> None:
    check = Twins(HandPeeker, human=True)
    for players in (2, 3, 4, 5):
        check.run(players, 30 + players, samples=6, phases=HUMAN_PHASES)
    assert check.checked >= 5, check.checked
    assert check.differed >= 1, "the cheating Human was not caught"


def test_hard_samples_worlds_from_knowledge_only() -> None:
    """The hard level's worlds load with InnsmouthEscape.state_from_json (the other colours'
    sealed inputs sent as the normal level would) and show the seat exactly its own view,
    the Human's plot ending on the cell asked for."""
    points = decision_points(4, 5, 6, ("do_move", "do_spawn"))
    assert points
    loaded = 0
    for knowledge in points:
        table = Table.read(knowledge.view, knowledge.seat)
        cells = deepones.destinations(knowledge, table)
        for cell in sorted(cells)[:3]:
            snap = worlds.snapshot(knowledge, table, cell, random.Random(1))
            assert snap is not None, cell
            world = worlds.load(knowledge, snap, search.Inputs(knowledge, cells).sealed)
            assert world is not None, cell
            assert world.plot is not None and world.plot["path"][-1] == cell
            assert json_view(world.view(knowledge.seat)) == json_view(knowledge.view)
            loaded += 1
    assert loaded >= 6


def test_easy_and_normal_move_one_piece_hard_may_march_the_whole_colour() -> None:
    """The levels differ in the move step: easy and normal move one pawn or the Shoggoth a
    turn; hard ranks the whole-colour marches too."""
    points = [k for k in decision_points(2, 7, 40, ("do_move",))
              if any(isinstance(x, a.MoveDeepOnes) and len(x.pawns) > 1 for x in k.legal)]
    assert points
    for knowledge in points:
        table = Table.read(knowledge.view, knowledge.seat)
        for weights in (deepones.EASY, deepones.NORMAL):
            ranked = deepones.ranked(knowledge, table, weights)
            assert ranked and all(len(x.pawns) <= 1 for _v, x in ranked
                                  if isinstance(x, a.MoveDeepOnes))
        hard = deepones.ranked(knowledge, table, search.HARD)
        assert any(isinstance(x, a.MoveDeepOnes) and len(x.pawns) > 1 for _v, x in hard)


# ------------------------------------------------------------------ the Human's levels


def human_at_plot() -> tuple[InnsmouthState, Table]:
    """A 2-player game at the Human's first plot: he is on E1, tokens on D1 (a captive) and
    F1 (equipment) next to him, two blue pawns on D4 and one on F4."""
    record = Record(GAME.new_state(2, {"human_seat": 0}))
    rng = random.Random(1)
    while True:
        record.resolve_chance(rng)
        state = record.state
        if state.phase == "plot":
            break
        record.apply(rng.choice(state.legal_actions(asked(state)[0])))
    table = Table.read(state.view(0), 0)
    assert (table.human_cell, table.pawns) == ("E1", {"D4": {"blue": 2}, "F4": {"blue": 1}})
    assert (table.tokens["D1"], table.tokens["F1"]) == ({"captive": 1}, {"equipment": 1})
    return state, table


def test_the_human_weighs_the_fight_the_deep_ones_can_bring_to_each_end() -> None:
    """Seven wounds (two Rests leave five: three more kill) and four blue pawns two cells from
    D1: easy still goes for the captive on D1 (nobody stands on it), normal and hard take the
    equipment on F1, out of their reach."""
    state, table = human_at_plot()
    table = dataclasses.replace(table, wounds=7, pawns={"D3": {"blue": 4}})
    assert escape.fight(table, "F1", 1.0, 3) == (0.0, 0.0)
    dies, hurt = escape.fight(table, "D1", 1.0, 3)
    assert dies > 0.2 and hurt > 2
    assert escape.fight(table, "D1", 0.35, 3)[0] < dies
    one_card = [x for x in state.legal_actions(0) if isinstance(x, a.Plot)
                and sum(c.startswith("move-1") for c in x.cards) == 1
                and sum(c.startswith("rest") for c in x.cards) == 2]
    ends = {x.directions[0]: x for x in one_card}
    assert set(ends) == {"W", "E", "S"}  # D1, F1, E2
    plots = [ends["W"], ends["E"]]
    assert human._plot(plots, table, random.Random(1)) == ends["W"]
    for hard in (False, True):
        assert escape.plot_choice(plots, table, hard, random.Random(1)) == ends["E"]


def test_with_eight_points_the_human_plots_onto_the_edge() -> None:
    """R-IE-26: 8 VP on column A or row 6 wins at the reveal, before any fight: every level
    above easy takes it whatever stands there."""
    _state, table = human_at_plot()
    table = dataclasses.replace(table, vp=8, human_cell="B3", pawns={"A3": {"blue": 4}})
    assert escape.worth(table, "A3", 1, (1, 2, 2, 3, 3), True) == 998.0
    assert escape.worth(table, "C3", 1, (1, 2, 2, 3, 3), True) < 100


def test_hard_counts_every_pawn_and_spawn_when_he_rests_in_place() -> None:
    """Three Rests tell the Deep Ones his cell: hard counts every pawn within two cells and
    the pawns their colours spawn on him once one stands there (R-IE-44, four a colour)."""
    _state, table = human_at_plot()
    table = dataclasses.replace(table, human_cell="D1", pawns={"D3": {"blue": 2}})
    assert table.spawn_income("blue") == 1  # D3 is a Spawn cell
    dist = wounds_dealt(3, 0, *table.weapon)
    assert escape.known_fight(table, "D1", 4) == (sum(dist[4:]),
                                                  sum(w * p for w, p in enumerate(dist)))
    assert escape.known_fight(table, "A6", 4) == (0.0, 0.0)


def test_hard_values_an_edge_his_cards_left_reach_next_round() -> None:
    """R-IE-26, R-IE-24: from C4 two 3s reach no escape edge, all six cards do (2 west)."""
    assert not escape._edge_next("C4", (3, 3))
    assert escape._edge_next("C4", escape.NUMBERS)
    assert escape._edge_next("F1", (1,)) is False


def test_a_lost_round_costs_more_the_later_it_is() -> None:
    """Three Rests while unhurt cost normal and hard alike LATE more a round."""
    _state, table = human_at_plot()
    early = dataclasses.replace(table, round=1, wounds=0, pawns={})
    late = dataclasses.replace(early, round=11)
    cell = table.human_cell
    for hard in (False, True):
        gap = (escape.worth(early, cell, 0, escape.NUMBERS, hard)
               - escape.worth(late, cell, 0, escape.NUMBERS, hard))
        assert gap == pytest.approx(10 * escape.LATE)


def test_normal_counts_the_spawns_on_him_when_he_rests_in_place() -> None:
    """Three Rests on D1 (no token, unhurt, round 1) with two blue pawns on D3: normal counts
    both pawns and the blue spawn once they stand on him (R-IE-44), not a share of them."""
    _state, table = human_at_plot()
    table = dataclasses.replace(table, human_cell="D1", wounds=0, round=1,
                                pawns={"D3": {"blue": 2}}, tokens={})
    dies, hurt = escape.known_fight(table, "D1", table.threshold)
    three = wounds_dealt(3, 0, *table.weapon)
    assert hurt == pytest.approx(sum(w * p for w, p in enumerate(three)))
    expected = -escape.DEATH * dies - escape.WOUND * hurt - escape.STALL - escape.LATE
    assert escape.worth(table, "D1", 0, escape.NUMBERS, False) == pytest.approx(expected)
