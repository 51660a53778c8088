"""The Innsmouth 32 bots (issue 23, services/bots/innsmouth_32): legal at every level over
random games and options, whole self-played games, determinism, and honesty: a bot decides
the same in two worlds that differ only in what its seat may not know (the leak tests' twins,
tests/games/i32_twins.py), and a planted cheating bot is caught by that check."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from benchmarks.bots_innsmouth_32 import Teller
from services.bots import levels
from services.bots.contract import (
    LEVELS,
    Bot,
    BotError,
    SeatKnowledge,
    choose,
    decide,
    json_view,
    knowledge_of,
)
from services.bots.innsmouth_32 import ROLES, beliefs, director, make_bot, role_of, search
from services.bots.innsmouth_32.table import Table, blow
from services.bots.play import Record, self_play
from services.games.core import JSON, Action, OptionValue, SeatPrompt
from services.games.innsmouth_32 import I32State
from services.games.innsmouth_32 import actions as acts
from tests.games.i32_twins import GAME, ChanceTwins, play, random_options

SEED = "i32-bots"


def asked(state: I32State) -> list[int]:
    return sorted({p.seat for p in state.pending() if isinstance(p, SeatPrompt)})


def options_for(seed: int, players: int) -> dict[str, OptionValue]:
    """Random options (the table's own decks: the box's, so a bot director can play them)."""
    found = random_options(random.Random(seed), players)
    found["cards"] = "box"
    return found


# ------------------------------------------------------------------ the module interface


def test_the_module_offers_roles_role_of_and_make_bot() -> None:
    assert set(ROLES) == {"director", "monster"}
    assert levels.roles("innsmouth-32") == ROLES
    state = GAME.new_state(4, {"director_seat": 2})
    public = state.view(None)
    assert [role_of(public, s) for s in range(4)] == ["character", "character", "director",
                                                      "character"]
    assert role_of(public, 7) is None
    for level in LEVELS:
        assert levels.make_bot("innsmouth-32", level).level == level
    with pytest.raises(BotError, match="level"):
        make_bot("expert")


# ------------------------------------------------------------------ legal, whole games


@pytest.mark.parametrize("players", [2, 4, 6, 9])
def test_every_level_only_returns_legal_actions(players: int) -> None:
    """Random games with random options; at a sample of the steps the seat asked is played
    by a bot of each level in turn (every phase of the director and the players is met),
    the others by random legal actions. ``decide`` raises if the action is not legal."""
    rng = random.Random(players)
    asked_levels: dict[str, int] = dict.fromkeys(LEVELS, 0)
    phases: set[str] = set()
    for game in range(2):
        options = options_for(players * 10 + game, players)
        record = Record(GAME.new_state(players, options))
        state = record.state
        while state.outcome() is None and len(record.actions) < 3000:
            record.resolve_chance(rng)
            if state.outcome() is not None:
                break
            seat = asked(state)[0]
            legal = state.legal_actions(seat)
            level = LEVELS[len(record.actions) % 3]
            rate = 0.05 if level == "hard" and state.phase in ("director", "aim") else 0.5
            if len(legal) > 1 and rng.random() < rate:
                knowledge = knowledge_of(state, seat, record.actions, record.events)
                waited = decide(make_bot(level), knowledge, SEED)  # hard may wait
                action = rng.choice(legal) if waited is None else waited
                asked_levels[level] += 1
                phases.add(state.phase)
            else:
                action = rng.choice(legal)
            record.apply(action)
        assert state.outcome() is not None
    assert min(asked_levels.values()) > 10, asked_levels
    assert {"director", "aim", "act", "negate"} <= phases, phases


@pytest.mark.parametrize("level", LEVELS)
def test_self_play_reaches_an_outcome(level: str) -> None:
    """``refbox play``-style: the level's bot at every seat, whole games."""
    for seed, players in enumerate((3, 5)):
        state = GAME.new_state(players, {"director_seat": seed % players})
        bots: dict[int, Bot] = {s: make_bot(level) for s in range(players)}
        record = self_play(state, bots, f"{SEED}:{level}:{seed}", random.Random(seed))
        outcome = record.state.outcome()
        assert outcome is not None and outcome.result in ("players", "director")


# ------------------------------------------------------------------ determinism


def decision_points(players: int, seed: int, phases: Sequence[str],
                    count: int) -> list[SeatKnowledge]:
    """Knowledge of the seats asked at ``count`` steps of a random game in these phases,
    copied (a view shares the sanctuaries' lists with the state, which the game goes on
    changing)."""
    options: dict[str, OptionValue] = {}
    actions = play(players, options, seed)
    rng = random.Random(seed)
    record = Record(GAME.new_state(players, options))
    found: list[SeatKnowledge] = []
    for action in actions:
        state = record.state
        seats = asked(state) if state.chance_prompt() is None else []
        if seats and state.phase in phases and len(state.legal_actions(seats[0])) > 1 and \
                rng.random() < 0.3:
            found.append(copy.deepcopy(knowledge_of(state, seats[0], record.actions,
                                                    record.events)))
        if len(found) >= count:
            break
        record.apply(action)
    return found


def test_the_same_knowledge_and_seed_give_the_same_action() -> None:
    points = decision_points(5, 3, ("director", "aim", "place", "fade", "act", "negate",
                                    "commit", "turn"), 12)
    assert len(points) >= 6
    for knowledge in points:
        for level in LEVELS:
            first = decide(make_bot(level), knowledge, "seed-a")
            assert decide(make_bot(level), knowledge, "seed-a") == first


def test_another_seed_may_give_another_action() -> None:
    """easy draws its random source from the seed (``bot_rng``): over a few decisions some
    choice changes with the seed; hard samples other worlds."""
    points = decision_points(6, 8, ("director", "aim"), 12)
    changed = sum(choose(make_bot("easy"), k, "one") != choose(make_bot("easy"), k, "two")
                  for k in points for _ in (0,))
    assert changed >= 1


# ------------------------------------------------------------------ honesty


@dataclass
class Peeker:
    """A planted cheat: a bot built with a reference to the real state, which picks the
    action named by the top card of the reel pile and the face-down screen cards."""

    state: I32State
    level: str = "cheat"

    def choose(self, knowledge: SeatKnowledge, rng: random.Random) -> Action:
        secret = [*self.state.reel_pile[:3], *(s["card"] for s in self.state.screen
                                               if s["down"]), *self.state.survivor_pile[:1]]
        return knowledge.legal[hash_of(secret) % len(knowledge.legal)]


def hash_of(cards: Sequence[str]) -> int:
    return sum((i + 1) * sum(map(ord, c)) for i, c in enumerate(cards))


@dataclass
class BotTwins(ChanceTwins):
    """The leak tests' twins (two worlds that read the same on every channel of a seat),
    used to check bots: at each twin, every seat asked whose knowledge is the same in both
    worlds (the precondition, asserted) must get the same action from the same seed."""

    make: Any = None  # (state) -> Bot
    seats: str = "any"  # "director": check the director's seat only
    checked: int = 0
    differed: int = 0
    precondition: int = 0
    notes: list[str] = field(default_factory=list)

    def _compare(self, state: I32State, twin: I32State, start: JSON, actions: Sequence[Action],
                 history: Sequence[Action], told: list[list[JSON]], events: list[list[JSON]],
                 label: str, readers: list[int | None]) -> None:
        assert events == told, f"events tell {label}"
        for seat in asked(state):
            if seat not in readers or (self.seats == "director" and seat != state.director):
                continue
            if len(state.legal_actions(seat)) < 2:
                continue
            ours = knowledge_of(state, seat, actions, events_of(told))
            theirs = knowledge_of(twin, seat, history, events_of(events))
            assert same(ours, theirs), f"knowledge of Seat {seat + 1} tells {label}"
            self.precondition += 1
            one = decide(self.make(state), ours, f"{SEED}:{len(actions)}")
            other = decide(self.make(twin), theirs, f"{SEED}:{len(actions)}")
            self.checked += 1
            if one != other:
                self.differed += 1
                self.notes.append(f"Seat {seat + 1} at step {len(actions)} ({label}): "
                                  f"{one and one.to_json()} / {other and other.to_json()}")


def events_of(told: Sequence[Sequence[JSON]]) -> list[list[Any]]:
    """Recorded public events (JSON) as objects with ``to_json`` (knowledge_of's input)."""
    return [[Recorded(e) for e in step] for step in told]


@dataclass(frozen=True)
class Recorded:
    data: JSON

    def to_json(self) -> JSON:
        return self.data


def same(one: SeatKnowledge, other: SeatKnowledge) -> bool:
    return (json_view(one.view), json_view(one.public), one.legal, one.prompts, one.chance,
            one.history) == (json_view(other.view), json_view(other.public), other.legal,
                             other.prompts, other.chance, other.history)


def honesty(make: Any, seats: str, games: int, samples: int,
            forced: dict[str, OptionValue] | None = None,
            extra: dict[str, OptionValue] | None = None) -> BotTwins:
    """Twins over ``games`` random games: random options (``forced``: these instead), with
    ``extra`` on top."""
    check = BotTwins(make=make, seats=seats)
    for n in range(games):
        players = (3, 5, 7)[n % 3]
        options = options_for(900 + n, players) if forced is None else dict(forced)
        options.update(extra or {})
        options["cards"] = "box"
        check.check(players, options, play(players, options, 900 + n), samples, n)
    return check


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_decides_the_same_in_worlds_its_seat_cannot_tell_apart(level: str) -> None:
    """The reel pile's order, the face-down cards, the survivor pile, the discards (and, for
    the players' seats, the secret cultist) differ; the knowledge is the same, so is the
    action, at every seat asked (the director's above all). Random options; easy and normal
    also with the secret cultist and cover+attack always on."""
    extra: dict[str, OptionValue] = {"secret_cultist": True, "cover_attack": True} \
        if level != "hard" else {}
    check = honesty(lambda _state: make_bot(level), "any", games=3 if level != "hard" else 2,
                    samples=25 if level != "hard" else 12, extra=extra)
    assert check.checked >= 8, (check.checked, check.stats)
    assert check.differed == 0, check.notes


@dataclass
class Searcher:
    """The hard level's search at every turn of the director (the bot searches only near
    the end): the determinization and the playouts themselves are checked for honesty."""

    level: str = "hard"
    searched: list[int] = field(default_factory=list)

    def choose(self, knowledge: SeatKnowledge, rng: random.Random) -> Action:
        if knowledge.seat == knowledge.view["director"] and \
                knowledge.view["phase"] in search.SEARCHED:
            self.searched.append(knowledge.step)
            return search.choose(knowledge, rng)
        return make_bot("hard").choose(knowledge, rng)


def test_the_hard_search_decides_the_same_in_worlds_the_director_cannot_tell_apart() -> None:
    searcher = Searcher()
    check = honesty(lambda _state: searcher, "director", games=4, samples=25, forced={})
    assert check.checked >= 6 and len(searcher.searched) >= 6, (check.checked,
                                                                 searcher.searched)
    assert check.differed == 0, check.notes


def test_the_check_catches_a_bot_that_peeks_at_the_reel_pile() -> None:
    """A test of the test: the planted cheat, built with a reference to each world's state,
    is caught: on twins its seat cannot tell apart it chooses differently."""
    check = honesty(Peeker, "director", games=3, samples=25, forced={})
    assert check.checked >= 5, check.stats
    assert check.differed >= 1, "the cheating bot was not caught"


def test_hard_samples_worlds_from_knowledge_only() -> None:
    """The determinization of the hard level loads with Innsmouth32.state_from_json and
    shows the director exactly its own view (the hidden cards dealt from its belief)."""
    points = decision_points(6, 11, ("director", "aim"), 6)
    assert points
    for knowledge in points:
        for snap in beliefs.sample(knowledge, 2, random.Random(1)):
            world = GAME.state_from_json(snap)
            assert json_view(world.view(knowledge.seat)) == json_view(knowledge.view)


def test_the_benchmark_tells_the_director_what_knowledge_of_tells() -> None:
    """benchmarks/bots_innsmouth_32.py keeps settled sentences (Teller): the same
    knowledge as :func:`knowledge_of` at every step of a game."""
    options: dict[str, OptionValue] = {}
    record = Record(GAME.new_state(4, options))
    teller = Teller(record.state.director)
    for step, action in enumerate(play(4, options, 5)):
        if step % 7 == 0:
            told = teller.knowledge(record.state, record)
            assert told == knowledge_of(record.state, teller.seat, record.actions,
                                        record.events)
        record.apply(action)
    assert step > 100


# ------------------------------------------------------------------ the levels' rules


def director_turns(players: int, seed: int) -> list[SeatKnowledge]:
    """The director's own turns (not an all-out's aims) among a random game's decisions."""
    return [k for k in decision_points(players, seed, ("director",), 40)
            if k.seat == k.view["director"] and k.view["step"].get("seat") == k.seat]


def at_clip_offer(knowledge: SeatKnowledge, survivors: JSON) -> SeatKnowledge:
    """``knowledge`` moved to the clip-the-reel offer (R-I32-71) with these survivors."""
    view = {**knowledge.view, "phase": "choose", "survivors": survivors,
            "step": {"purpose": "clip", "seat": knowledge.seat}}
    legal = (acts.Choose(knowledge.seat, "clip"), acts.Choose(knowledge.seat, "play_on"))
    return dataclasses.replace(knowledge, view=view, legal=legal)


def test_normal_and_hard_clip_the_reel_only_when_no_survivor_is_in_play() -> None:
    """R-I32-71: clipping ends the movie at once; with no survivor in play the director wins
    (A-I32-01), with one the players do. easy always plays on."""
    knowledge = director_turns(4, 2)[0]
    assert knowledge.view["survivors"]
    empty = at_clip_offer(knowledge, {})
    alive = at_clip_offer(knowledge, knowledge.view["survivors"])
    for level, clips in (("easy", "play_on"), ("normal", "clip"), ("hard", "clip")):
        assert choose(make_bot(level), empty, "s") == acts.Choose(knowledge.seat, clips)
        assert choose(make_bot(level), alive, "s") == acts.Choose(knowledge.seat, "play_on")


def test_a_take_is_worth_more_while_the_reel_flows_than_under_turning_point() -> None:
    """A take+attack gains TAKE (normal) or TAKE_HARD (hard) beyond its attack and growth
    while the reel flows; under Turning Point (R-I32-72) it gains nothing (hard in reel IV:
    LAST_REEL_TAKE); an all-out attack is worth the same either way."""
    turns = [k for k in director_turns(4, 2)
             if any(isinstance(x, acts.TakeAttack) for x in k.legal)
             and not k.view["turning_point"] and not k.view["final_turn"]]
    assert turns
    for knowledge in turns:
        held = {**knowledge.view, "turning_point": True}
        late = director.LAST_REEL_TAKE if knowledge.view["reel"] == 4 else 0.0
        for careful, bonus in ((False, director.TAKE), (True, director.TAKE_HARD - late)):
            flowing = director.turn_scores(Table(knowledge.view, knowledge.seat, careful),
                                           knowledge.seat, knowledge.legal)
            stopped = director.turn_scores(Table(held, knowledge.seat, careful),
                                           knowledge.seat, knowledge.legal)
            for (score, action), (still, same) in zip(flowing, stopped, strict=True):
                assert action == same
                extra = bonus if isinstance(action, acts.TakeAttack) else 0.0
                assert score == pytest.approx(still + extra)


def test_hard_at_a_big_table_holds_back_takes_in_reel_four() -> None:
    """hard with 7 or more players (crowded), reel IV before the final turn: a take+attack is
    worth LAST_REEL_TAKE beyond its attack and growth even while the reel flows (each take
    brings the final turn on); normal, and hard with fewer players, still gain TAKE and
    TAKE_HARD there."""
    knowledge = next(k for k in director_turns(9, 1)
                     if any(isinstance(x, acts.TakeAttack) for x in k.legal)
                     and not k.view["turning_point"] and not k.view["final_turn"])

    def scores(reel: int, players: int, careful: bool) -> list[tuple[float, Action]]:
        seen = {**knowledge.view, "reel": reel, "players": players}
        return director.turn_scores(Table(seen, knowledge.seat, careful), knowledge.seat,
                                    knowledge.legal)

    cases = ((9, True, director.TAKE_HARD - director.LAST_REEL_TAKE),
             (6, True, 0.0), (9, False, 0.0))
    for players, careful, less in cases:
        for (early, action), (late, same) in zip(scores(3, players, careful),
                                                 scores(4, players, careful), strict=True):
            assert action == same
            gap = less if isinstance(action, acts.TakeAttack) else 0.0
            assert late == pytest.approx(early - gap)


def test_hard_at_a_big_table_kills_a_lone_survivor_for_less() -> None:
    """hard with 7 or more players (crowded): a kill that leaves a player no survivor and none
    to draw (Table.lone, R-I32-32) is worth LONE less; normal, and hard at 6 players, weigh
    it as any other kill."""
    knowledge = director_turns(9, 1)[0]
    view = knowledge.view
    target = next(iter(view["survivors"]))
    owner = int(view["survivors"][target]["owner"])

    def worth(pile: int, pool: list[str], players: int, careful: bool) -> float:
        pools = [list(p) for p in view["pools"]]
        pools[owner] = pool
        seen = {**view, "survivor_pile": pile, "pools": pools, "players": players}
        return director.attack_value(Table(seen, knowledge.seat, careful), 11, False, target)

    table = Table({**view, "survivor_pile": 0}, knowledge.seat, True)
    assert len(table.survivors) > 2 and not table.spoils(target)
    kill = blow(11, False, table.spoints(target), table.speed(target)).kill
    assert kill > 0
    assert worth(0, [target], 9, True) == pytest.approx(
        worth(0, [target, "other"], 9, True) - director.LONE * kill)
    assert worth(1, [target], 9, True) == pytest.approx(worth(0, [target, "other"], 9, True))
    for players, careful in ((9, False), (6, True)):
        assert worth(0, [target], players, careful) == pytest.approx(
            worth(0, [target, "other"], players, careful))


def test_easy_strikes_all_out_whenever_a_throng_holds_a_monster() -> None:
    """easy (EAGER = 1): an all-out attack as soon as one throng holds a monster, even with
    screen monsters to take."""
    turns = [k for k in director_turns(4, 2)
             if {type(x) for x in k.legal} >= {acts.AllOut, acts.TakeAttack}]
    assert turns
    for knowledge in turns:
        throngs = [list(t) for t in knowledge.view["throngs"]]
        mine = throngs[knowledge.seat]
        first = next(i for i, t in enumerate(mine) if t)
        throngs[knowledge.seat] = [t if i == first else [] for i, t in enumerate(mine)]
        single = dataclasses.replace(knowledge, view={**knowledge.view, "throngs": throngs})
        assert choose(make_bot("easy"), single, "s") == acts.AllOut(knowledge.seat)
