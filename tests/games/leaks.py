"""Shared pieces of the leak tests (one module per game: tests/games/test_*_leaks.py).

The engine's own channels are compared by :meth:`tests.games.conformance.Conformance` (its
``secrets`` hook); :func:`live_channels` adds what the referee makes of a game: the transcript of
the unfinished game, each reader's sentences of the history, and the protocol's answers to a
player undo and a referee undo (all of them as the public table reads them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from services.games.core import JSON, Action, ChanceAction, Game
from services.referee.journal import Journal
from services.referee.live import LiveGame
from services.referee.protocol import Session

# Transcript fields that name the journal row, not the game.
ROW_FIELDS = ("journal_game", "created")


def live_game(journal: Journal, game: Game, start: JSON, actions: Sequence[Action]) -> LiveGame:
    """A journaled game from ``start`` through ``actions``, chance supplied by hand."""
    live, _ = LiveGame.from_state(journal, game, game.state_from_json(start))
    for action in actions:
        if isinstance(action, ChanceAction):
            outcome = {k: v for k, v in action.to_json().items() if k not in ("type", "deck")}
            live.supply_chance(outcome)
        else:
            live.apply(action)
    return live


def live_channels(game: Game, start: JSON, actions: Sequence[Action],
                  readers: list[int | None]) -> dict[int | None, Any]:
    """What each reader gets from the referee: its sentences of the history; the public table
    also gets the transcript and the answers to ``undo`` and ``undo referee``."""
    found: dict[int | None, Any] = {}
    with Journal(":memory:") as journal:
        live = live_game(journal, game, start, actions)
        for reader in readers:
            found[reader] = {"sentences": live.sentences(reader)}
        if None in readers:
            transcript = {k: v for k, v in live.transcript().items() if k not in ROW_FIELDS}
            found[None]["transcript"] = transcript
            found[None]["undo"] = Session(live, journal, None).handle({"cmd": "undo"})
    with Journal(":memory:") as journal:
        live = live_game(journal, game, start, actions)
        if None in readers:
            found[None]["referee_undo"] = Session(live, journal, None).handle(
                {"cmd": "undo", "referee": True, "count": 1, "reason": "leak test"})
    return found


class Counted:
    """``live_channels`` for the first ``limit`` calls only (each replays a whole game into a
    journal twice), so a module stays fast; ``calls`` says how many were made."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.calls = 0

    def __call__(self, game: Game, start: JSON, actions: Sequence[Action],
                 readers: list[int | None]) -> dict[int | None, Any]:
        self.calls += 1
        if self.calls > 2 * self.limit:  # two worlds per twin
            return {reader: None for reader in readers}
        return live_channels(game, start, actions, readers)
