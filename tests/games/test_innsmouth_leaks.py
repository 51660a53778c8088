"""Innsmouth Escape: who may know what, on every channel (spec 1.8, R-IE-10, A-IE-21;
docs/games/innsmouth-escape.md, "What each seat sees and when").

A Deep One input (move, summon, spawn) is sealed until its step is applied: everyone but its
player reads "Seat 2 has chosen". The Human's plot is his until the reveal: the others read
"The Human plots his movement", on every channel, undo answers included.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from services.games.core import Action
from services.games.innsmouth_escape import INFO
from services.games.innsmouth_escape import actions as a
from services.games.innsmouth_escape.state import card_value
from services.games.innsmouth_escape.views import InnsmouthViews
from services.referee.journal import Journal
from services.referee.protocol import Session
from tests.games.conformance import Conformance, Keep
from tests.games.innsmouth_helpers import GAME, position, start
from tests.games.leaks import Counted, live_game
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
