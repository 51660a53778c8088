"""What the journal reads back: a game's record and its rows, decoded without raising on damage
(a damaged column is named in the record's ``damage``, so one damaged game never hides the
others), and the fold of the rows into the effective history."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

STATUSES = ("running", "finished", "abandoned", "damaged")


@dataclass(frozen=True)
class GameRecord:
    id: int
    game: str
    players: int
    options: dict[str, Any]
    settings: dict[str, Any]
    initial: dict[str, Any]
    status: str
    outcome: dict[str, Any] | None
    created: str
    updated: str
    entries: int
    damage: str | None = None  # why the game cannot be replayed (set aside, or found on reading)
    readable: bool = True  # False when a column of the record itself is damaged

    def summary(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "players": self.players,
            "status": self.status,
            "entries": self.entries,
            "created": self.created,
            "updated": self.updated,
            "outcome": self.outcome,
            "damage": self.damage,
        }


@dataclass(frozen=True)
class Entry:
    seq: int
    kind: str
    body: dict[str, Any]


def record_from_row(row: tuple[Any, ...]) -> GameRecord:
    """A game's record; a damaged column is named in ``damage`` (never raised), so that a list
    of games always reads and one damaged game can be set aside alone."""
    gid, game, players, options, settings, initial, status, outcome, created, updated, n, \
        damage = row
    problems: list[str] = []
    values: dict[str, Any] = {}
    for name, text in (("options", options), ("settings", settings), ("initial", initial),
                       ("outcome", outcome)):
        if name == "outcome" and text is None:
            values[name] = None
            continue
        value, problem = load_json(text, dict)
        values[name] = value if problem is None else ({} if name != "outcome" else None)
        if problem is not None:
            problems.append(f"its {name} column {problem}")
    if not isinstance(game, str):
        problems.append(f"its game id {game!r} is not text")
        game = str(game)
    if not isinstance(players, int) or isinstance(players, bool):
        problems.append(f"its player count {players!r} is not a whole number")
        players = 0
    if status not in STATUSES:
        problems.append(f"its status {status!r} is unknown")
    return GameRecord(
        int(gid),
        game,
        players,
        values["options"],
        values["settings"],
        values["initial"],
        str(status),
        values["outcome"],
        str(created),
        str(updated),
        int(n),
        damage if isinstance(damage, str) and damage else "; ".join(problems) or None,
        not problems,
    )


def load_json(text: Any, kind: type) -> tuple[Any, str | None]:
    """Decode one stored JSON column: (value, None), or (None, what is wrong with it)."""
    if not isinstance(text, str):
        return None, f"is stored as {type(text).__name__}, not as JSON text"
    try:
        value = json.loads(text)
    except ValueError as error:  # json's messages are short: "Expecting value: line 1 ..."
        return None, f"is not valid JSON ({error})"
    except RecursionError:
        return None, "is not valid JSON (nested too deeply)"
    if not isinstance(value, kind):
        return None, f"is JSON {type(value).__name__}, not an object"
    return value, None


def effective_entries(entries: Iterable[Entry]) -> list[Entry]:
    """Fold the log: actions and chance outcomes, minus what undo rows took back."""
    kept: list[Entry] = []
    for entry in entries:
        if entry.kind in ("action", "chance"):
            kept.append(entry)
        elif entry.kind == "undo":
            pop_player_actions(kept, int(entry.body.get("count", 1)), player_undo=True)
        elif entry.kind == "referee_undo":
            pop_player_actions(kept, int(entry.body.get("count", 1)), player_undo=False)
    return kept


def pop_player_actions(items: list[Any], count: int, *, player_undo: bool) -> list[Any]:
    """Remove the last ``count`` player actions and everything after them; return them.

    ``items`` holds objects with a ``kind`` ("action" or "chance"). A player undo removes
    exactly the last item (the live game checked it may); a referee undo may cross chance.
    """
    removed: list[Any] = []
    if player_undo:
        for _ in range(count):
            if items:
                removed.append(items.pop())
        return removed
    left = count
    while items and left > 0:
        item = items.pop()
        removed.append(item)
        if item.kind == "action":
            left -= 1
    return removed
