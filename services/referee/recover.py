"""Recovering a damaged game: its readable moves, copied into a new game the box can resume.

The damaged game stays as it is (status ``damaged``, every row kept). The copy starts from the
same position with the same options and seats, holds the moves of the damaged game's folded
history up to the first row that cannot be read or replayed, and is marked paused, so the box
offers it ("Continue?") at its next start.
"""

from __future__ import annotations

from services.games.core import GameError
from services.games.registry import Registry
from services.referee.errors import JournalDamaged, RefereeError
from services.referee.journal import Entry, Journal, effective_entries


def recover(journal: Journal, game_id: int, registry: Registry) -> tuple[int, int, str]:
    """Copy what can be replayed of damaged game ``game_id``: (new id, rows, where it stopped)."""
    record = journal.game(game_id)
    if record.status != "damaged" and record.damage is None:
        raise RefereeError(f"game {game_id} is not damaged (status {record.status}); only a "
                           "damaged game is recovered")
    if not record.readable:
        raise RefereeError(f"game {game_id} cannot be recovered: its record is damaged "
                           f"({record.damage})")
    try:
        game = registry.get(record.game)
        state = game.state_from_json(record.initial)
    except GameError as error:
        raise RefereeError(f"game {game_id} cannot be recovered: {error.message}") from None
    rows, damaged = journal.readable_entries(game_id)
    kept: list[Entry] = []
    stopped = _where(damaged)
    for entry in effective_entries(rows):
        try:
            state.apply(game.parse_action(entry.body))
        except GameError as error:
            stopped = f"stopped before row {entry.seq} ({error.message})"
            break
        kept.append(entry)
    settings = {k: v for k, v in record.settings.items() if k not in ("left", "paused")}
    new_id = journal.create_game(record.game, record.players, record.options, record.initial,
                                 {**settings, "paused": True, "recovered_from": game_id})
    for entry in kept:
        journal.append(new_id, entry.kind, entry.body)
    return new_id, len(kept), stopped


def _where(damaged: JournalDamaged | None) -> str:
    if damaged is None:
        return "every row was copied"
    return f"stopped before row {damaged.row} ({damaged.reason})"
