"""The Escape! (Decktet) partner bots (issue 26, services/bots/decktet_escape): legal at every
level and seat count with random options, whole self-played games, determinism, the
convention in set-up positions (a play clue is played, a chop the table cannot lose is
saved, the Guard signal), and honesty: at the bots' decisions in random games, two worlds
that differ only in the seat's own cards (each swapped for a card of the draw pile its marks
allow) and the draw pile's order give the same decision; a planted cheat is caught."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import pytest

from services.bots import levels
from services.bots.contract import (
    LEVELS,
    Bot,
    BotError,
    SeatKnowledge,
    choose,
    json_view,
    knowledge_of,
)
from services.bots.decktet_escape import ROLES, make_bot, role_of
from services.bots.decktet_escape.table import words
from services.bots.play import Record, self_play
from services.games.core import Action, OptionValue, ShuffleResult
from services.games.decktet_escape import DecktetEscape, EscapeState
from services.games.decktet_escape import actions as a

GAME = DecktetEscape()
DECK = GAME.deck
SEED = "decktet-bots"
COUNTS = (2, 3, 4, 5)


def base(players: int) -> dict[str, OptionValue]:
    return {"allow_two_players": players == 2}


def random_options(seed: int, players: int) -> dict[str, OptionValue]:
    """The variants and rule options at random (dealt cards: a bot cannot hold real ones)."""
    rng = random.Random(seed)
    options = base(players)
    for key in ("bowels_of_the_ship", "dark_of_the_storm", "rat_warren",
                "every_man_for_himself", "declare_route_before_reveal", "boat_must_match",
                "allow_empty_clues", "hanabi_strict_discard", "end_on_empty_hand"):
        options[key] = rng.random() < 0.3
    options["first_player"] = rng.randrange(players)
    return options


def group(name: str) -> list[str]:
    return [c.id for c in DECK.cards if c.group == name]


# ------------------------------------------------------------------ the module interface


def test_the_module_offers_roles_role_of_and_make_bot() -> None:
    assert ROLES == {"partner": "a partner in the escape, giving and reading clues"}
    assert levels.roles("decktet-escape") == ROLES
    public = GAME.new_state(4).view(None)
    assert [role_of(public, s) for s in range(5)] == ["partner"] * 4 + [None]
    for level in LEVELS:
        assert levels.make_bot("decktet-escape", level).level == level
    with pytest.raises(BotError, match="level"):
        make_bot("expert")


# ------------------------------------------------------------------ legal, whole games


@pytest.mark.parametrize("players", COUNTS)
def test_every_level_only_returns_legal_actions(players: int) -> None:
    """Random games with random options: at about half of the steps the seat asked is played
    by a bot of each level in turn, the others by random legal actions (``choose`` raises if
    the action is not legal); the place, lose and give choices come up too."""
    rng = random.Random(players)
    bots = {level: make_bot(level) for level in LEVELS}
    kinds: set[str] = set()
    turn = 0
    for game in range(4):
        record = Record(GAME.new_state(players, random_options(players * 10 + game, players)))
        state = record.state
        while state.outcome() is None:
            record.resolve_chance(rng)
            if state.outcome() is not None:
                break
            seat = state.active
            if rng.random() < 0.5:
                turn += 1
                knowledge = knowledge_of(state, seat, record.actions, record.events)
                action = choose(bots[LEVELS[turn % 3]], knowledge, f"{SEED}:{turn}")
                kinds.add(action.type)
            else:
                action = rng.choice(state.legal_actions(seat))
            record.apply(action)
    assert {"clue", "play", "discard"} <= kinds, kinds


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", COUNTS)
def test_self_play_reaches_an_outcome(level: str, players: int) -> None:
    """The level at every seat plays whole games; with the default rules they escape."""
    state = GAME.new_state(players, base(players))
    bots: dict[int, Bot] = {s: make_bot(level) for s in range(players)}
    record = self_play(state, bots, f"{SEED}:{level}:{players}", random.Random(players))
    outcome = record.state.outcome()
    assert outcome is not None and outcome.result in ("complete", "partial", "loss")
    assert len(record.actions) < 300


def test_the_same_knowledge_and_seed_give_the_same_action() -> None:
    for point in points(4, base(4), 3, rate=0.3):
        knowledge = knowledge_of(point.state, point.state.active, point.actions, point.events)
        for level in LEVELS:
            first = choose(make_bot(level), knowledge, "seed-a")
            assert choose(make_bot(level), knowledge, "seed-a") == first


# ------------------------------------------------------------------ the convention


def dealt(players: int, hands: list[list[str]], first: int = 0,
          options: dict[str, OptionValue] | None = None) -> Record:
    """A game dealt so that seat ``s`` holds ``hands[s]`` (slot 0 first); the rest of the
    deck is drawn in the pack's order, boats and corridors before keys."""
    rest = [c for c in (*group("boat"), *group("corridor"), *group("guard"), *group("key"))
            if not any(c in h for h in hands)]
    order = [hands[s][i] for i in range(5) for s in range(players)] + rest
    record = Record(GAME.new_state(players, {**base(players), **(options or {}),
                                             "first_player": first}))
    record.apply(ShuffleResult(deck="draw", order=tuple(order)))
    return record


def decide(record: Record, level: str) -> Action:
    state = record.state
    knowledge = knowledge_of(state, state.active, record.actions, record.events)
    return choose(make_bot(level), knowledge, SEED)


def suits_of(card: str) -> tuple[str, ...]:
    return DECK[card].suits


def test_a_play_clue_in_a_suit_is_played_by_the_convention_only() -> None:
    """Seat 2 is told "moons" on one card, not its chop: with no route yet only a key can be
    placed, so the convention reads "play this" and normal and hard play it; easy's marks
    alone (a moons card: a key, a corridor or a boat) do not say it can be placed."""
    key = next(c for c in group("key") if "moons" in suits_of(c))
    fill = [c for c in (*group("boat"), *group("corridor")) if "moons" not in suits_of(c)]
    hands = [fill[0:5], [fill[5], fill[6], fill[7], key, fill[8]], fill[9:14]]
    for level, plays in (("normal", True), ("hard", True), ("easy", False)):
        record = dealt(3, hands)
        record.apply(a.Clue(0, 1, "moons"))
        assert record.state.view(1)["hands"][1]["slots"][3]["marks"] == ["moons"]
        action = decide(record, level)
        assert (action == a.Play(1, 3)) is plays, (level, action)
    record.apply(a.Play(1, 3))
    assert [r.cards for r in record.state.routes] == [[key]]


def test_normal_strikes_out_the_cards_it_sees_and_plays_a_sure_card() -> None:
    """Seat 1's chop is a moons key and a "moons" clue touches only it (a save clue). Seats 0
    and 2 hold all ten moons cards that are not keys, so what seat 1 sees leaves only keys
    for its card: normal and hard play it (the information set), easy's marks alone (four
    keys among fourteen moons cards) do not say it can be placed."""
    key = next(c for c in group("key") if "moons" in suits_of(c))
    moons = [c for c in (*group("boat"), *group("corridor")) if "moons" in suits_of(c)]
    other = [c for c in (*group("boat"), *group("corridor")) if "moons" not in suits_of(c)]
    hands = [moons[0:5], [key, *other[0:4]], moons[5:10]]
    for level, plays in (("normal", True), ("hard", True), ("easy", False)):
        record = dealt(3, hands)
        record.apply(a.Clue(0, 1, "moons"))
        action = decide(record, level)
        assert (action == a.Play(1, 0)) is plays, (level, action)


def test_a_normal_giver_gives_that_play_clue() -> None:
    """Seat 1 holds a key in slot 3 (its chop a boat): normal at seat 0 tells it, with a
    clue whose focus is the key (the newest card it newly touches) and not the chop."""
    key = group("key")[0]
    apart = [c for c in (*group("boat"), *group("corridor"))
             if not set(suits_of(c)) & set(suits_of(key))]
    fill = [c for c in (*group("boat"), *group("corridor")) if c not in apart]
    hands = [fill[0:5], [apart[0], apart[1], apart[2], key, apart[3]], fill[5:10]]
    action = decide(dealt(3, hands), "normal")
    assert isinstance(action, a.Clue) and action.target == 1, action
    touched = [i for i, c in enumerate(hands[1]) if action.about in words(DECK[c])]
    assert max(touched) == 3 and 0 not in touched, (action, touched)


def test_a_chop_the_table_cannot_lose_is_saved() -> None:
    """Five keys are discarded: the three left are exactly the routes still to start. Seat
    1's chop is one of them; normal and hard at seat 0 give a clue that touches it."""
    keys = group("key")
    fill = [c for c in (*group("boat"), *group("corridor"))]
    hands = [[fill[0], fill[1], keys[0], keys[1], keys[2]],
             [keys[5], fill[2], fill[3], fill[4], fill[5]],
             [fill[6], fill[7], keys[3], keys[4], fill[8]]]
    for level in ("normal", "hard"):
        record = dealt(3, hands)
        state = record.state
        for _ in range(9):
            seat = state.active
            if seat == 1:
                record.apply(next(x for x in state.legal_actions(1)
                                  if isinstance(x, a.Clue) and x.target == 2))
                continue
            slot = next((i for i, c in enumerate(state.hands[seat]) if c in keys), None)
            record.apply(a.Discard(seat, slot if slot is not None else 0))
        assert sum(1 for c in state.discard if c in keys) == 5, state.discard
        assert state.active == 0 and state.hands[1][0] == keys[5]
        action = decide(record, level)
        assert isinstance(action, a.Clue) and action.target == 1, (level, action)
        assert action.about in words(DECK[keys[5]]), (level, action)


def test_the_guard_signal_is_given_and_read() -> None:
    """Seat 1's chop is the Guard (no clue can touch it) and a route is short of corridors:
    a clue that touches only cards clued before says so, and seat 1 plays its chop."""
    keys, guard = group("key"), group("guard")[0]
    corridors = [c for c in group("corridor")]
    boats = group("boat")
    hands = [[boats[0], boats[1], boats[2], boats[3], keys[0]],
             [guard, corridors[0], boats[4], boats[5], boats[6]],
             [boats[7], boats[8], boats[9], boats[10], boats[11]]]
    record = dealt(3, hands)
    record.apply(a.Play(0, 4))  # a route starts
    record.apply(a.Discard(1, 4))
    record.apply(a.Clue(2, 1, "corridor"))  # seat 1's corridor is clued: a play clue
    action = decide(record, "normal")  # seat 0: seat 1's chop is the Guard
    assert action == a.Clue(0, 1, "corridor"), action
    record.apply(action)
    assert decide(record, "normal") == a.Play(1, 0)


# ------------------------------------------------------------------ honesty


@dataclass
class Point:
    """A decision in a random game: a copy of the state, the history and its events."""

    state: EscapeState
    actions: list[Action]
    events: list[list[object]]


def points(players: int, options: dict[str, OptionValue], seed: int,
           rate: float = 0.5, level: str = "normal") -> Iterator[Point]:
    """A game played by ``level`` bots (random legal moves one time in five); a sample of
    the turns (a copy of the state is yielded, so a twin can be built while it goes on)."""
    rng = random.Random(seed)
    record = Record(GAME.new_state(players, options))
    state = record.state
    bot = make_bot(level)
    while True:
        record.resolve_chance(rng)
        if state.outcome() is not None:
            return
        seat = state.active
        if state.phase == "turn" and rng.random() < rate:
            yield Point(GAME.state_from_json(state.to_json()), list(record.actions),
                        [list(e) for e in record.events])
        if rng.random() < 0.2:
            action = rng.choice(state.legal_actions(seat))
        else:
            action = choose(bot, knowledge_of(state, seat, record.actions, record.events), SEED)
        record.apply(action)


def twin(point: Point, rng: random.Random) -> EscapeState | None:
    """The position with each card of the active seat's hand swapped, where its marks allow,
    for a card of the draw pile that fits them (the marks go with the slot), and the draw
    pile reshuffled: nothing the seat may know changes. None if no card could be swapped."""
    snapshot = point.state.to_json()
    seat = point.state.active
    hand, draw = snapshot["hands"][seat], snapshot["draw"]
    swapped = 0
    for i, card in enumerate(hand):
        marks = set(snapshot["marks"].get(card, []))
        nots = set(snapshot["not_marks"].get(card, []))
        fits = [c for c in draw if marks <= set(words(DECK[c]))
                and not nots & set(words(DECK[c]))]
        if not fits:
            continue
        other = rng.choice(fits)
        draw[draw.index(other)] = card
        hand[i] = other
        for name in ("marks", "not_marks"):
            if card in snapshot[name]:
                snapshot[name][other] = snapshot[name].pop(card)
        swapped += 1
    rng.shuffle(draw)
    return GAME.state_from_json(snapshot) if swapped else None


def same(one: SeatKnowledge, other: SeatKnowledge) -> bool:
    return (json_view(one.view), json_view(one.public), one.legal, one.prompts, one.chance,
            one.history) == (json_view(other.view), json_view(other.public), other.legal,
                             other.prompts, other.chance, other.history)


@dataclass
class Honesty:
    make: Callable[[EscapeState], Bot]
    checked: int = 0
    differed: int = 0
    notes: list[str] = field(default_factory=list)

    def run(self, games: int, seed: int = 0) -> Honesty:
        rng = random.Random(seed)
        for n in range(games):
            players = COUNTS[n % 4]
            for point in points(players, base(players), 50 + seed * 100 + n, rate=0.4):
                other = twin(point, rng)
                if other is None:
                    continue
                seat = point.state.active
                ours = knowledge_of(point.state, seat, point.actions, point.events)
                theirs = knowledge_of(other, seat, point.actions, point.events)
                assert same(ours, theirs), "the seat's knowledge tells the twins apart"
                step = f"{SEED}:{len(point.actions)}"
                one = choose(self.make(point.state), ours, step)
                two = choose(self.make(other), theirs, step)
                self.checked += 1
                if one != two:
                    self.differed += 1
                    self.notes.append(f"{json.dumps(one.to_json())} / {json.dumps(two.to_json())}")
        return self


@pytest.mark.parametrize("level", LEVELS)
def test_a_partner_decides_the_same_in_worlds_it_cannot_tell_apart(level: str) -> None:
    check = Honesty(lambda _state: make_bot(level)).run(games=8, seed=LEVELS.index(level))
    assert check.checked >= 60, check.checked
    assert check.differed == 0, check.notes


@dataclass
class Peeker:
    """A planted cheat: built with a reference to the real state, it plays a card of its
    own hand that can be placed when there is one (else as normal does)."""

    state: EscapeState
    level: str = "cheat"

    def choose(self, knowledge: SeatKnowledge, rng: random.Random) -> Action:
        if knowledge.view["phase"] == "turn":
            hand = self.state.hands[knowledge.seat]
            for slot, card in enumerate(hand):
                fits = [r for r in self.state.routes if self.state.fits(card, r)]
                if fits and a.Play(knowledge.seat, slot) in knowledge.legal:
                    return a.Play(knowledge.seat, slot)
        return make_bot("normal").choose(knowledge, rng)


def test_the_check_catches_a_bot_that_peeks_at_its_own_hand() -> None:
    check = Honesty(Peeker).run(games=8)
    assert check.checked >= 60, check.checked
    assert check.differed >= 1, "the cheating bot was not caught"
