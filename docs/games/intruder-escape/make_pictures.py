"""Capture the screen pictures of docs/games/intruder-escape.md.

Every picture is a screen of the simulated box (the daemon's own code, buttons through the
mock pins) while it replays the recorded whole game of the end-to-end test
(tests/box/golden/intruder/script.txt), taken the first time the moment it shows comes up.
Public pages other than the one on screen are reached with a seat's `next`, as at the table
(and turned back afterwards). tests/box/test_intruder_pictures.py checks that the committed
pictures equal a fresh capture.

    .venv/bin/python docs/games/intruder-escape/make_pictures.py [DIRECTORY]
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from services.referee.pictures import Finder, Scene, Table, check_all_taken, replay

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent / "pictures"
SCRIPT = ROOT / "tests" / "box" / "golden" / "intruder" / "script.txt"
SEED = 5  # the box's seed of the recorded game



# ---------------------------------------------------------------------- moments


def _state(table: Table) -> Any:
    return table.live.state if table.live is not None else None


def _phase(table: Table) -> str:
    state = _state(table)
    return state.phase if state is not None else ""


def _shown(table: Table, seat: int) -> bool:
    return table.privacy.shown(table.players[seat], table.now)


def menu(title: str, marked: bool = False) -> Finder:
    """A seat whose open menu's title starts (or, with "...", ends) with ``title``."""

    def find(table: Table) -> int | None:
        if table.flow is None:
            return None
        for seat, stack in table.flow.stacks.items():
            if not stack:
                continue
            found = stack[-1].title
            if (found.endswith(title[3:]) if title.startswith("...") else
                    found.startswith(title)) and (not marked or getattr(stack[-1], "marked", [])):
                return seat
        return None

    return find


def seat_when(test: Callable[[Table, int], bool]) -> Finder:
    def find(table: Table) -> int | None:
        if table.live is None:
            return None
        return next((s for s in range(len(table.players)) if test(table, s)), None)

    return find


def public_when(test: Callable[[Table], bool]) -> Finder:
    return lambda table: 0 if table.live is not None and test(table) else None


def _nullified(table: Table) -> bool:
    view = table.live.state.view(None)
    return _phase(table) == "turn" and any(
        e["nullified_by"] for s in view["seats"] for e in s["row"])


def _chosen(table: Table) -> int:
    return sum(1 for c in _state(table).characters if c)


# (picture, when and which seat, screen: "public" or "seat", public page to turn to)
SCENES: list[tuple[str, Finder, str, str]] = [
    ("lobby-options", lambda t: 0 if t.mode == "lobby" and t.lobby.step == "options" else None,
     "public", ""),
    ("characters-menu", menu("Your character"), "seat", ""),
    ("characters-public", public_when(lambda t: _phase(t) == "characters" and _chosen(t) == 2),
     "public", ""),
    ("wake-up", seat_when(lambda t, s: _phase(t) == "ready" and s == 0 and _shown(t, s)),
     "seat", ""),
    ("identity-innocent", seat_when(lambda t, s: _phase(t) == "ready" and s == 2
                                    and _shown(t, s)), "seat", ""),
    ("identities-public", public_when(lambda t: _phase(t) == "ready" and any(_state(t).ready)),
     "public", ""),
    ("keep-home", seat_when(lambda t, s: _phase(t) == "keep" and s == 1 and _shown(t, s)
                            and not t.flow.stacks.get(s)), "seat", ""),
    ("keep-menu", menu("Keep", marked=True), "seat", ""),
    ("keep-public", public_when(lambda t: _phase(t) == "keep" and sum(
        1 for c in _state(t).choices if c) == 2), "public", ""),
    ("turn-home", seat_when(lambda t, s: _phase(t) == "turn" and s == _state(t).active
                            and _shown(t, s) and not t.flow.stacks.get(s)), "seat", ""),
    ("seat-hidden", seat_when(lambda t, s: _phase(t) == "turn" and s != _state(t).active
                              and not _shown(t, s)), "seat", ""),
    ("play-menu", menu("...: play a card"), "seat", ""),
    ("target-menu", menu("... on"), "seat", ""),
    ("greyed-reason", lambda t: next((s for s, stack in t.flow.stacks.items()
                                      if stack and stack[-1].notice), None) if t.flow else None,
     "seat", ""),
    ("public-rows", public_when(_nullified), "public", "rows"),
    ("public-table", public_when(_nullified), "public", "table"),
    ("public-deck", public_when(_nullified), "public", "deck"),
    ("assessment-damage", public_when(lambda t: _phase(t) == "keep" and _state(t).round == 2),
     "public", "damage"),
    ("assessment-result", public_when(lambda t: _phase(t) == "keep" and _state(t).round == 2),
     "public", "result"),
    ("snatch-take", menu("Take from"), "seat", ""),
    ("follow-menu", menu("Took:"), "seat", ""),
    ("camera", public_when(lambda t: _state(t).camera is not None), "public", "camera"),
    ("reveal-prompt", menu("You are dead"), "seat", ""),
    ("over-public", public_when(lambda t: t.mode == "over"), "public", ""),
    ("over-seat", lambda t: 2 if t.mode == "over" else None, "seat", ""),
]


# ---------------------------------------------------------------------- capturing


def capture(directory: Path) -> list[Path]:
    scenes = [Scene(*scene) for scene in SCENES]
    done: set[str] = set()
    written = replay(SCRIPT.read_text().splitlines(), scenes, directory, seed=SEED, done=done)
    check_all_taken(scenes, done)
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE
    target.mkdir(parents=True, exist_ok=True)
    for path in capture(target):
        print(path)
