"""Capture the screen pictures of docs/games/asylum-escape.md.

Every picture is a screen of the simulated box (the daemon's own code, buttons through the
mock pins) while it replays the recorded whole games of the end-to-end test
(tests/box/golden/asylum/victims-script.txt, patients-script.txt and tags-script.txt), taken
the first time the moment it shows comes up. Public pages other than the one on screen are
reached with a seat's `next`, as at the table (and turned back afterwards).
tests/box/test_asylum_pictures.py checks that the committed pictures equal a fresh capture.

    .venv/bin/python docs/games/asylum-escape/make_pictures.py [DIRECTORY]
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from services.referee.pictures import Finder, Scene, Table, check_all_taken, replay

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent / "pictures"
GOLDEN = ROOT / "tests" / "box" / "golden" / "asylum"
SEED = 5  # the box's seed of the recorded games


def _state(table: Table) -> Any:
    return table.live.state if table.live is not None else None


def _phase(table: Table) -> str:
    state = _state(table)
    return state.phase if state is not None else ""


def _shown(table: Table, seat: int) -> bool:
    return table.privacy.shown(table.players[seat], table.now)


def menu(title: str) -> Finder:
    """A seat whose open menu's title starts with ``title``."""

    def find(table: Table) -> int | None:
        if table.flow is None:
            return None
        for seat, stack in table.flow.stacks.items():
            if stack and stack[-1].title.startswith(title) and not stack[-1].notice:
                return seat
        return None

    return find


def item(label: str) -> Finder:
    """A seat whose open menu offers ``label``."""

    def find(table: Table) -> int | None:
        if table.flow is None:
            return None
        for seat, stack in table.flow.stacks.items():
            if stack and any(i.label == label for i in stack[-1].items):
                return seat
        return None

    return find


def seat_when(test: Callable[[Table, int], bool]) -> Finder:
    def find(table: Table) -> int | None:
        if table.live is None or table.mode not in ("game", "over"):
            return None
        return next((s for s in range(len(table.players)) if test(table, s)), None)

    return find


def public_when(test: Callable[[Table], bool]) -> Finder:
    return lambda table: 0 if table.live is not None and test(table) else None


def _idle(table: Table, seat: int) -> bool:
    return _shown(table, seat) and not table.flow.stacks.get(seat) and \
        seat not in table.flow.messages


def _response(table: Table) -> bool:
    state = _state(table)
    return state is not None and state.phase == "window" and \
        state.current["timing"] == "response"


# (picture, script, when and which seat, screen: "public" or "seat", public page to turn to)
SCENES: list[tuple[str, str, Finder, str, str]] = [
    ("laying", "tags", public_when(lambda t: _phase(t) == "lay_out" and len(
        _state(t).current["rooms"]) == 3), "public", ""),
    ("layout", "victims", public_when(lambda t: _phase(t) == "victim_card"), "public",
     "layout 1"),
    ("victim-card", "victims", item("Keep it"), "seat", ""),
    ("start-room", "victims", menu("Start room?"), "seat", ""),
    ("patient-move", "patients", menu("P1 to?"), "seat", ""),
    ("patient-way", "victims", menu("To "), "seat", ""),
    ("public-map", "victims", public_when(lambda t: _phase(t) == "victim_draw" and
                                          _state(t).turn == 5), "public", "map"),
    ("public-patients", "victims", public_when(lambda t: _phase(t) == "victim_draw" and
                                               _state(t).turn == 5), "public", "patients"),
    ("public-victims", "victims", public_when(lambda t: _phase(t) == "victim_draw" and
                                              _state(t).turn == 5), "public", "victims"),
    ("draw", "victims", menu("Draw a card?"), "seat", ""),
    ("turn", "victims", menu("Your turn"), "seat", ""),
    ("move", "victims", menu("Move to?"), "seat", ""),
    ("victim-home", "victims", seat_when(lambda t, s: _phase(t) == "patient_move" and s == 1
                                         and _idle(t, s)), "seat", ""),
    ("catch", "patients", public_when(_response), "public", "catch"),
    ("response", "patients", menu("Cards: response"), "seat", ""),
    ("flee", "patients", menu("Flee to?"), "seat", ""),
    ("collapse", "patients", public_when(lambda t: bool(t.flow and t.flow.falls)),
     "public", "collapse"),
    ("over-public", "victims", public_when(lambda t: t.mode == "over"), "public", ""),
    ("route", "victims", public_when(lambda t: t.mode == "over"), "public", "route 2"),
    ("over-seat", "patients", lambda t: 1 if t.mode == "over" else None, "seat", ""),
]


def capture(directory: Path) -> list[Path]:
    written: list[Path] = []
    done: set[str] = set()
    for script in ("tags", "victims", "patients"):
        scenes = [Scene(name, when, screen, page)
                  for name, game, when, screen, page in SCENES if game == script]
        lines = (GOLDEN / f"{script}-script.txt").read_text().splitlines()
        written += replay(lines, scenes, directory, seed=SEED, done=done)
    check_all_taken([Scene(name, when, screen, page)
                     for name, _game, when, screen, page in SCENES], done)
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE
    target.mkdir(parents=True, exist_ok=True)
    for path in capture(target):
        print(path)
