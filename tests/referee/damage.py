"""Journals with played games, and the ways a row or a game's record gets damaged.

Shared by the journal tests (tests/referee/test_damaged_journal.py) and the box tests that
start the daemon on a damaged journal (tests/box/test_damaged_journal_boot.py).
"""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path

from services.games.registry import default_registry
from services.referee.journal import Journal
from services.referee.live import LiveGame

GAMES = ("decktet-escape", "intruder-escape", "innsmouth-escape")
SEATS = ["seat1", "seat2", "seat3", "seat4", "seat5", "seat6"]


def played_game(path: Path, game: str, players: int, moves: int, seed: int) -> int:
    """A game started at the simulated board's table and ``moves`` random legal moves into it."""
    rng = random.Random(seed)
    settings = {"seats": SEATS[:players], "dice": "box", "labels": [
        f"Seat {n}" for n in range(1, players + 1)]}
    with Journal(str(path)) as journal:
        live, _ = LiveGame.new(journal, default_registry().get(game), players, rng=rng,
                               settings=settings)
        for _ in range(moves):
            prompts = [p for p in live.state.pending() if getattr(p, "seat", None) is not None]
            if live.state.outcome() is not None or not prompts:
                break
            seat = prompts[0].seat  # type: ignore[attr-defined]
            live.apply(rng.choice(live.state.legal_actions(seat)))
        return live.id


def write(path: Path, sql: str, *params: object) -> None:
    """Change the journal file behind refbox's back (as a hand edit or a bad disk would)."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA ignore_check_constraints=ON")
    db.execute(sql, params)
    db.commit()
    db.close()


def rows(path: Path, game_id: int) -> list[tuple[int, str, str]]:
    db = sqlite3.connect(path)
    found = db.execute("SELECT seq, kind, body FROM entries WHERE game = ? ORDER BY seq",
                       (game_id,)).fetchall()
    db.close()
    return found


WRONG = (3.5, -1, 10**30, "zzz", None, [], {}, True, "", [1, 2])


def _garbage(rng: random.Random) -> str:
    return "".join(rng.choice('{}[]":,abc0189 \\\x00é') for _ in range(rng.randint(0, 30)))


def _object(body: object) -> dict[str, object]:
    """A row's body as an object, or an empty one if an earlier damage broke it."""
    try:
        data = json.loads(body) if isinstance(body, str) else None
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def damage_row(path: Path, game_id: int, rng: random.Random) -> str:
    """Damage one row of the game at random; returns what was done (for failure messages)."""
    found = rows(path, game_id)
    if not found:  # every row already deleted
        return damage_record(path, game_id, rng)
    seq, _kind, body = rng.choice(found)
    how = rng.randrange(9)
    if how == 0:
        value: object = _garbage(rng)
    elif how == 1:
        value = json.dumps(rng.choice([[1], 7, "play", None, 2.5]))
    elif how == 2:
        value = json.dumps({"type": rng.choice(["fly", "", "PLAY", "shuffle2"])})
    elif how == 3:
        data = _object(body)
        key = rng.choice(sorted(data) or ["type"])
        data[key] = rng.choice(WRONG)
        value = json.dumps(data)
    elif how == 4:
        value = rng.choice(found)[2]  # a row of another moment
    elif how == 5:
        write(path, "DELETE FROM entries WHERE game = ? AND seq = ?", game_id, seq)
        return f"row {seq} deleted"
    elif how == 6:
        write(path, "UPDATE entries SET kind = ? WHERE game = ? AND seq = ?",
              rng.choice(["bogus", "undo", "referee_undo", "chance"]), game_id, seq)
        return f"row {seq} kind changed"
    elif how == 7:
        value = b"\xff\xfe binary"
    else:
        value = "[" * 5000 + "]" * 5000
    write(path, "UPDATE entries SET body = ? WHERE game = ? AND seq = ?", value, game_id, seq)
    return f"row {seq} body {value!r:.60}"


def _settings(rng: random.Random) -> str:
    return rng.choice(['{"dice": "box"}', '{"seats": 5}', '{"seats": ["seat1"]}',
                       '{"seats": ["seat1", "seat1", "seat1"]}', '{"seats": ["x", "y", "z"]}',
                       "not json", "[]"])


RECORD_DAMAGE: tuple[tuple[str, Callable[[random.Random], object]], ...] = (
    ("settings", _settings),
    ("initial", lambda rng: rng.choice(["{}", "garbage", '{"game": "decktet-escape"}', "7"])),
    ("options", lambda rng: rng.choice(["[]", "{", '{"tokens": "many"}'])),
    ("game", lambda rng: rng.choice(["chess", "", "DECKTET-ESCAPE"])),
    ("players", lambda rng: rng.choice(["three", 0, 99, -3])),
    ("outcome", lambda rng: rng.choice(["{", "[]"])),
)


def damage_record(path: Path, game_id: int, rng: random.Random) -> str:
    """Damage one column of the game's own record; returns what was done."""
    column, make = rng.choice(RECORD_DAMAGE)
    value = make(rng)
    write(path, f"UPDATE games SET {column} = ? WHERE id = ?", value, game_id)
    return f"{column} = {value!r}"
