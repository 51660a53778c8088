"""Innsmouth Escape: who may know what, on every channel (spec 1.8, R-IE-10, A-IE-21;
docs/games/innsmouth-escape.md, "What each seat sees and when").

A Deep One input (move, summon, spawn) is sealed until its step is applied: everyone but its
player reads "Seat 2 has chosen". The Human's plot is his until the reveal: the others read
"The Human plots his movement", on every channel, undo answers included. Copies of a movement
card look alike: outside the Human's own view they are named by kind (``move-2``, ``rest``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest

from services.games.core import Action
from services.games.innsmouth_escape import INFO, InnsmouthEscape
from services.games.innsmouth_escape import actions as a
from services.games.innsmouth_escape.state import card_value
from services.games.innsmouth_escape.views import InnsmouthViews, movement_kind
from services.referee.journal import Journal
from services.referee.protocol import Session
from tests.games.conformance import Conformance, Keep
from tests.games.innsmouth_helpers import GAME, position, start
from tests.games.leaks import CopySwaps, Counted, Pair, live_game, pairs_of_copies
from tests.games.test_innsmouth_conformance import forbidden, invariants

STEP_ACTIONS = (a.MoveDeepOnes, a.Summon, a.Spawn)
IN_STEP = (*STEP_ACTIONS, a.PlayDeepOneCard, a.ApplyCard, a.Adjust, a.Pass)


def same_type(real: Action) -> Keep:
    return lambda other: type(other) is type(real)


def same_shape(real: a.Plot) -> Keep:
    """Another plot with as many face-down cards and the same Rest cards."""
    def keep(other: Action) -> bool:
        return isinstance(other, a.Plot) and (
            sum(1 for c in other.cards if card_value(c)) ==
            sum(1 for c in real.cards if card_value(c))) and (
            sorted(c for c in other.cards if not card_value(c)) ==
            sorted(c for c in real.cards if not card_value(c)))
    return keep


def secrets(state: Any, actions: Sequence[Action]) -> list[tuple[int, Keep]]:
    """The inputs of the Deep One step under way (A-IE-21), and the plot not yet revealed."""
    found: list[tuple[int, Keep]] = []
    phase = state.adjusting["resume"] if state.phase == "adjust" else state.phase
    step = {"do_move": a.MoveDeepOnes, "do_summon": a.Summon, "do_spawn": a.Spawn}.get(phase)
    if step is not None and state.submitted:
        i = len(actions) - 1  # back to the start of this step
        while i >= 0 and isinstance(actions[i], IN_STEP) and (
                not isinstance(actions[i], STEP_ACTIONS) or isinstance(actions[i], step)):
            action = actions[i]
            if isinstance(action, step) and not (
                    step is a.Spawn and state.options["spawn_sequential_in_seat_order"]):
                found.append((i, same_type(action)))
            i -= 1
    if state.plot is not None and state.phase != "over":
        i = max(i for i, x in enumerate(actions) if isinstance(x, a.Plot))
        found.append((i, same_shape(actions[i])))  # type: ignore[arg-type]
    return found


def harness(extra: Counted | None = None, twin_rate: float = 0.3) -> Conformance:
    return Conformance(GAME, forbidden, invariants, max_steps=4000, sample=0.02,
                       secrets=secrets, extra=extra, twin_rate=twin_rate)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_other_inputs_read_the_same_on_every_channel(players: int) -> None:
    extra = Counted(limit=3)
    check = harness(extra)
    for seed in range(2):
        check.playout(players, {}, seed=players * 100 + seed)
    assert check.stats["twins"] >= 10
    assert extra.calls >= 6


def test_option_values_keep_the_inputs_sealed() -> None:
    check = harness(twin_rate=0.08)
    values = {o.key: (o.choices or (False, True)) for o in INFO.options
              if o.kind is not int and o.key != "number_cards"}
    defaults = {o.key: o.default for o in INFO.options}
    for n, (key, choices) in enumerate(values.items()):
        for choice in choices:
            if choice != defaults[key]:  # the defaults are played above
                check.playout(2 + n % 4, {key: choice}, seed=n * 10 + len(str(choice)))
    assert check.stats["twins"] > 30


# ------------------------------------------------------------------ the findings of issue 17


def mid_step() -> tuple[Any, list[Action]]:
    """Three players: the Human plotted, Seat 2 (blue) moved, Seat 3 (green) still moves."""
    state = position(3, human_cell="C4", pawns={"F4": {"blue": 2}, "E5": {"green": 1}})
    moves: list[Action] = [a.Plot(0, ("move-2-1", "rest-3", "move-1-1"), ("N", "E")),
                           a.MoveDeepOnes(1, ("F4>F5", "F4>F3"))]
    return state, moves


def test_a_deep_one_input_is_told_only_as_chosen_until_the_step_is_applied() -> None:
    state, moves = mid_step()
    for move in moves:
        state.apply(move)
    other = a.MoveDeepOnes(1, ())
    for reader in (None, 0, 2):
        assert state.describe(moves[1], reader) == state.describe(other, reader) == (
            "Seat 2 has chosen")
    assert state.describe(moves[1], 1) == "Seat 2 moves 2 Deep Ones"
    state.apply(a.MoveDeepOnes(2, ()))
    assert state.describe(moves[1], None) == "Seat 2 moves 2 Deep Ones"


def test_the_transcript_and_undo_answers_keep_the_inputs_and_the_plot() -> None:
    state, moves = mid_step()
    begin = state.to_json()
    with Journal(":memory:") as journal:
        live = live_game(journal, GAME, begin, moves)
        says = [m["says"] for m in live.transcript()["moves"]]
        assert says == ["The Human plots his movement", "Seat 2 has chosen"]
        assert live.sentences(0) == ["The Human plots 2 N, Rest, 1 E", "Seat 2 has chosen"]
        assert live.sentences(1)[1] == "Seat 2 moves 2 Deep Ones"
        session = Session(live, journal, None)
        assert session.handle({"cmd": "undo"})["undone"] == [
            {"actor": 1, "says": "Seat 2 has chosen"}]
        assert session.handle({"cmd": "undo"})["undone"] == [
            {"actor": 0, "says": "The Human plots his movement"}]
    with Journal(":memory:") as journal:
        live = live_game(journal, GAME, begin, moves[:1])
        assert live.undo(seat=0).says == "The Human plots 2 N, Rest, 1 E"


def test_a_spawn_in_seat_order_is_told_at_once() -> None:
    """With spawn_sequential_in_seat_order each spawn is placed (and shown) when sent."""
    state = start(3, options={"spawn_sequential_in_seat_order": True})
    state.phase, state.submitted = "do_spawn", {"blue": {"cells": ["A6"]}}
    assert state.sealed() == frozenset()
    assert state.describe(a.Spawn(1, ("A6",)), None) == "Seat 2 spawns on A6"


def test_the_checker_catches_a_planted_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test of the test: a describe that counts the moves before the step is caught."""
    honest = InnsmouthViews.describe

    def leaky(self: Any, action: Action, seat: int | None = None, *,
              settled: bool = False) -> str:
        if isinstance(action, a.MoveDeepOnes):
            return f"Seat {action.seat + 1} moves {len(action.pawns)} Deep Ones"
        return honest(self, action, seat, settled=settled)

    monkeypatch.setattr(InnsmouthViews, "describe", leaky)
    with pytest.raises(AssertionError, match="says of reader"):
        check = harness(twin_rate=0.5)
        for seed in range(3):
            check.playout(3, {}, seed=seed)


# ------------------------------------------------------------------ copies of a movement card


def copies(state: Any) -> list[Pair]:
    """Two movement cards of one kind (``move-1-1`` and ``move-1-2``, two Rests): in the
    Human's hand or plot, and in his hand, plot or the movement discard."""
    if state.human < 0:
        return []
    hands: list[list[str]] = [[] for _ in range(state.players)]
    hands[state.human] = [*state.movement_hand, *(state.plot["cards"] if state.plot else ())]
    return pairs_of_copies(movement_kind, hands, state.movement_discard)


def swapped_copies(players: int, extra: Counted | None = None, games: int = 1,
                   samples: int = 10) -> CopySwaps:
    check = harness(twin_rate=0)
    swaps = CopySwaps(GAME, copies, extra)
    for n in range(games):
        seed = players * 1000 + n
        check.playout(players, {}, seed=seed)
        start = GAME.new_state(players, {}).to_json()
        swaps.check(start, check.history, samples=samples, seed=seed)
    return swaps


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_two_movement_copies_swapped_read_the_same_on_every_channel(players: int) -> None:
    """Two copies of a movement card swapped throughout the history (one in the Human's hand
    or plot, the other there or in the discard): the Deep One players and the public table
    get the same views, events, legal lists, prompts, sentences, transcript and undo answers
    (the plot's Rests, the reveal and the discard name kinds: ``move-2``, ``rest``)."""
    extra = Counted(limit=2)
    swaps = swapped_copies(players, extra, games=2)
    assert swaps.stats["swaps"] >= 12
    assert extra.calls >= 4


def test_the_copy_check_catches_a_discard_named_by_id(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test of the test: the old movement discard, naming each copy, is caught."""
    honest = InnsmouthViews.view

    def leaky(self: Any, seat: int | None) -> Any:
        data = honest(self, seat)
        data["movement"]["discard"] = list(self.movement_discard)
        return data

    monkeypatch.setattr(InnsmouthViews, "view", leaky)
    with pytest.raises(AssertionError, match="view of reader None tells"):
        swapped_copies(3, samples=30)


# ------------------------------------------------------------------ copies in a pack's decks


def pack_with_copies() -> InnsmouthEscape:
    """The shipped pack with copies: ten Deep One cards and three Equipment cards made alike
    (``deep-one-ambush-1`` .. ``-10``, ``equipment-rope-1`` .. ``-3``)."""
    cards = list(GAME.data.cards)
    for deck, stem, count in (("deep_one", "deep-one-ambush", 10),
                              ("equipment", "equipment-rope", 3)):
        places = [i for i, c in enumerate(cards) if c.deck == deck][:count]
        for n, i in enumerate(places, start=1):
            cards[i] = dataclasses.replace(cards[places[0]], id=f"{stem}-{n}")
    return InnsmouthEscape(dataclasses.replace(GAME.data, cards=tuple(cards)))


def pack_copies(state: Any) -> list[Pair]:
    """Two copies of a pack card: in the Human's hand or a Deep One hand (every Deep One
    player sees them all), and in a hand, a deck, a discard pile, the tableau or in play."""
    if state.human < 0:
        return []
    hands: list[list[str]] = [[] for _ in range(state.players)]
    hands[state.human] = list(state.hand)
    for colour, cards in state.do_hands.items():
        hands[state.seat_of(colour)] = list(cards)
    elsewhere = [*(c for deck in state.decks.values() for c in deck), *state.do_discard,
                 *state.tableau, *([state.weapon] if state.weapon else []),
                 *(c for cards in state.do_permanent.values() for c in cards)]
    deep_ones = frozenset(s for s in range(state.players) if s != state.human)
    return [dataclasses.replace(p, holders=p.holders | deep_ones)
            if p.holders & deep_ones else p
            for p in pairs_of_copies(state.data.kind, hands, elsewhere)]


def test_copies_in_a_pack_read_the_same_on_every_channel() -> None:
    """A pack whose decks hold copies: the Deep One card or Equipment played, drawn face up,
    discarded or in play is named by kind (``deep-one-ambush``); the Human does not read
    which copy a Deep One hand holds, nor the Deep One players which copy is in his hand."""
    box = pack_with_copies()
    assert box.data.kind("deep-one-ambush-2") == "deep-one-ambush"
    assert box.data.card("equipment-rope").name == box.data.card("equipment-rope-2").name
    check = Conformance(box, lambda state, seat: set(), lambda state: None, max_steps=4000,
                        sample=0.0)
    swaps = CopySwaps(box, pack_copies, Counted(limit=2))
    for n, players in enumerate((2, 3, 4, 5, 3, 4)):
        check.playout(players, {}, seed=500 + n)
        swaps.check(box.new_state(players, {}).to_json(), check.history, samples=8,
                    seed=500 + n)
    assert swaps.stats["swaps"] >= 25


def test_the_pack_copy_check_catches_events_naming_the_copy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A test of the test: events that name the copy played or drawn are caught."""
    monkeypatch.setattr(InnsmouthViews, "public_event", lambda self, event: event)
    box = pack_with_copies()
    check = Conformance(box, lambda state, seat: set(), lambda state: None, max_steps=4000,
                        sample=0.0)
    swaps = CopySwaps(box, pack_copies)
    with pytest.raises(AssertionError, match="events tell"):
        for n, players in enumerate((3, 4, 5, 3, 4, 5)):
            check.playout(players, {}, seed=500 + n)
            swaps.check(box.new_state(players, {}).to_json(), check.history, samples=30,
                        seed=500 + n)
