"""Replaying a journaled game for the table at boot, or finding why it cannot be.

Whatever stops a game from being replayed (a damaged row, a damaged starting position, an
unknown game, seats that do not fit this board) raises :class:`JournalDamaged` naming the game
and, where there is one, the row; the table then sets the game aside and opens the lobby.
"""

from __future__ import annotations

from collections.abc import Sequence

from services.games.core import Rng
from services.games.registry import Registry
from services.referee.errors import JournalDamaged
from services.referee.journal import Journal
from services.referee.live import LiveGame


def replay(journal: Journal, game_id: int, registry: Registry, seat_names: Sequence[str],
           rng: Rng) -> tuple[LiveGame, list[str]]:
    """The game replayed to its last row, with the table seats it was started with."""
    live = LiveGame.resume(journal, game_id, registry)
    record = journal.game(game_id)
    seats = record.settings.get("seats")
    if not isinstance(seats, list):
        raise JournalDamaged(journal.path, "it has no seats: it was not started at a table "
                             "(or its settings are damaged)", game_id)
    if (len(seats) != record.players
            or not all(isinstance(s, str) and s in seat_names for s in seats)
            or len(set(seats)) != len(seats)):
        raise JournalDamaged(journal.path, f"its seats {seats!r} do not fit this board for "
                             f"{record.players} players (seats: {', '.join(seat_names)})",
                             game_id)
    live.rng = None if record.settings.get("dice") == "players" else rng
    return live, list(seats)


def reason(error: JournalDamaged) -> str:
    """What is kept in the journal's ``damage`` column: the row and the problem."""
    return error.reason if error.row is None else f"row {error.row}: {error.reason}"
