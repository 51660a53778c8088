"""The twin check for the seat pages in words and the table screen, in the four games beyond
Escape! (issue 25; Escape!'s is tests/box/test_phone_seats.py and test_table_leaks.py).

Each game's leak harness (tests/games) makes twins: a game in which one seat's secret choice
(or, in Innsmouth 32, the order of a shuffled deck or the secret cultist) is replaced by
another, the rest of the history replayed. Here it is given one more channel: every seat
that may not know the difference gets the same words on its page (status, public panel and
peek, built as the box builds them), and the table screen's model (its panel, map, rolls,
log and whose turn, with the table's seat labels) is the same in both worlds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from services.games.core import JSON, Action, ChanceAction, Game, State
from services.referee.box.table_screen import game_model
from services.referee.live import Step
from tests.companion import test_words_leaks
from tests.games import i32_twins
from tests.games import test_asylum_conformance as asylum
from tests.games import test_innsmouth_leaks as innsmouth
from tests.games import test_intruder_leaks as intruder
from tests.games.leaks import Counted

Words = Callable[[str, State, int, list[str], Any, Callable[[int | None], Any]], Any]


def labels_of(players: int) -> list[str]:
    """The table's labels: a box seat first, then phone seats."""
    return ["Box 1", *(f"Seat {n + 6}" for n in range(1, players))]


def replayed(game: Game, start: JSON, actions: Sequence[Action]) -> tuple[State, list[Step]]:
    state = game.state_from_json(start)
    steps = []
    for action in actions:
        kind = "chance" if isinstance(action, ChanceAction) else "action"
        steps.append(Step(kind, action, tuple(state.apply(action))))
    return state, steps


class Pages(Counted):
    """An ``extra`` channel for the harnesses: per reader, a seat's words or (None) the table
    screen's model, for the first ``limit`` twins (each replays the game twice)."""

    def __init__(self, limit: int, words: Words = test_words_leaks.words) -> None:
        super().__init__(limit)
        self.words = words
        self.compared = 0

    def __call__(self, game: Game, start: JSON, actions: Sequence[Action],
                 readers: list[int | None]) -> dict[int | None, Any]:
        self.calls += 1
        if self.calls > 2 * self.limit:
            return {reader: None for reader in readers}
        state, steps = replayed(game, start, actions)
        labels = labels_of(state.players)  # type: ignore[attr-defined]
        data = getattr(game, "data", None)
        found: dict[int | None, Any] = {}
        for reader in readers:
            if reader is None:
                found[None] = game_model(game.info.id, game.info.title, state, steps, labels,
                                         data=data)
            else:
                found[reader] = self.words(game.info.id, state, reader, labels, data,
                                           state.view)
        self.compared += len(readers)
        return found


@pytest.mark.parametrize("players", [4, 6])
def test_intruder_escape_twins_read_the_same_pages(players: int) -> None:
    pages = Pages(limit=4)
    check = intruder.harness(pages)
    check.playout(players, {}, seed=players * 100)
    assert check.stats["twins"] >= 4 and pages.calls >= 8 and pages.compared >= 8 * players


def test_innsmouth_escape_twins_read_the_same_pages() -> None:
    pages = Pages(limit=4)
    check = innsmouth.harness(pages)
    for seed in range(2):
        check.playout(3, {}, seed=300 + seed)
    assert check.stats["twins"] >= 4 and pages.calls >= 8 and pages.compared >= 16


def test_asylum_escape_twins_read_the_same_pages() -> None:
    pages = Pages(limit=4)
    check = asylum.harness()
    check.extra, check.twin_rate = pages, 0.3
    for seed in range(2):
        check.playout(3, {}, seed=500 + seed)
    assert check.stats["twins"] >= 4 and pages.calls >= 8 and pages.compared >= 16


def test_innsmouth_32_twins_read_the_same_pages() -> None:
    pages = Pages(limit=4)
    check = i32_twins.twins(3, games=1, samples=12, extra=pages, secret_cultist=True)
    assert check.stats["swaps"] + check.stats["cultist"] >= 4
    assert pages.calls >= 8 and pages.compared >= 24


def test_the_twin_check_catches_a_peek_built_from_another_seats_view() -> None:
    """A test of the test: a page whose peek reads the next seat's view (a box that picked
    the wrong seat) tells an Intruder Escape twin from its game."""

    def wrong_seat(game: str, state: State, seat: int, labels: list[str], data: Any,
                   view_of: Callable[[int | None], Any]) -> Any:
        players = state.players  # type: ignore[attr-defined]
        return test_words_leaks.words(game, state, seat, labels, data,
                                      lambda s: view_of(None if s is None else
                                                        (s + 1) % players))

    check = intruder.harness(Pages(limit=40, words=wrong_seat), twin_rate=1.0)
    with pytest.raises(AssertionError, match=r"reader [0-9] tells"):
        for seed in range(3):
            check.playout(4, {}, seed=400 + seed)
