"""Capture the screen pictures of docs/games/innsmouth-escape.md.

Every picture is a screen of the simulated box (the daemon's own code, buttons through the
mock pins) while it replays the recorded whole games of the end-to-end test
(tests/box/golden/innsmouth/escape-script.txt and death-script.txt), taken the first time
the moment it shows comes up. Public pages other than the one on screen are reached with a
seat's `next`, as at the table (and turned back afterwards).
tests/box/test_innsmouth_pictures.py checks that the committed pictures equal a fresh capture.

    .venv/bin/python docs/games/innsmouth-escape/make_pictures.py [DIRECTORY]
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from services.referee.pictures import Finder, Scene, Table, check_all_taken, replay

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent / "pictures"
GOLDEN = ROOT / "tests" / "box" / "golden" / "innsmouth"
SEED = 5  # the box's seed of the recorded games



def _state(table: Table) -> Any:
    return table.live.state if table.live is not None else None


def _phase(table: Table) -> str:
    state = _state(table)
    return state.phase if state is not None else ""


def _shown(table: Table, seat: int) -> bool:
    return table.privacy.shown(table.players[seat], table.now)


def menu(title: str) -> Finder:
    """A seat whose open menu's title starts (or, with "...", ends) with ``title``."""

    def find(table: Table) -> int | None:
        if table.flow is None:
            return None
        for seat, stack in table.flow.stacks.items():
            if stack and (stack[-1].title.endswith(title[3:]) if title.startswith("...")
                          else stack[-1].title.startswith(title)):
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


def _human(table: Table, seat: int) -> bool:
    return seat == _state(table).human


def _idle(table: Table, seat: int) -> bool:
    return _shown(table, seat) and not table.flow.stacks.get(seat) and \
        seat not in table.flow.messages


def _fought(table: Table) -> bool:
    return _phase(table) == "plot" and table.flow.page_name(_state(table)) == "combat"


# (picture, script, when and which seat, screen: "public" or "seat", public page to turn to)
SCENES: list[tuple[str, str, Finder, str, str]] = [
    ("place-pawns", "escape", menu("...place 3 pawns"), "seat", ""),
    ("place-human", "escape", menu("Place the Human"), "seat", ""),
    ("plot-map", "escape", menu("Plot: where to?"), "seat", ""),
    ("plot-tags", "escape", seat_when(lambda t, s: _human(t, s) and bool(t.flow.tapped)
                                      and _idle(t, s)), "seat", ""),
    ("tap-refused", "escape", lambda t: next(iter(t.flow.messages), None) if t.flow else None,
     "seat", ""),
    ("plot-public", "escape", public_when(lambda t: _phase(t) == "plot"), "public", "map"),
    ("plot-hidden", "death", seat_when(lambda t, s: _phase(t) == "plot" and not _human(t, s)
                                        and not _shown(t, s)), "seat", ""),
    ("plot-deep-one", "escape", seat_when(lambda t, s: _phase(t) == "plot" and
                                          not _human(t, s) and _idle(t, s)), "seat", ""),
    ("plot-ways", "death", menu("...which way?"), "seat", ""),
    ("plotted-human", "death", seat_when(lambda t, s: _phase(t) == "do_move" and _human(t, s)
                                         and _idle(t, s)), "seat", ""),
    ("public-human", "death", public_when(lambda t: _phase(t) == "do_move"), "public",
     "human"),
    ("move-from", "death", menu("...move from?"), "seat", ""),
    ("move-to", "death", lambda t: next((s for s, k in t.flow.stacks.items() if k and len(
        k[-1].title) == 6 and k[-1].title.endswith(" to?")), None) if t.flow else None,
     "seat", ""),
    ("public-pawns", "death", public_when(lambda t: _phase(t) == "do_spawn"), "public",
     "pawns"),
    ("spawn", "death", menu("...spawn 1"), "seat", ""),
    ("window", "death", menu("...start: card?"), "seat", ""),
    ("adjust", "death", menu("Apply:"), "seat", ""),
    ("combat-menu", "death", menu("Combat on"), "seat", ""),
    ("kill", "death", menu("Kill"), "seat", ""),
    ("public-combat", "death", public_when(_fought), "public", "combat"),
    ("public-attacks", "death", public_when(_fought), "public", "attacks"),
    ("spawn-here", "death", menu("Spawned pawns"), "seat", ""),
    ("over-public", "death", public_when(lambda t: t.mode == "over"), "public", ""),
    ("over-seat", "death", lambda t: 1 if t.mode == "over" else None, "seat", ""),
    ("escaped", "escape", public_when(lambda t: t.mode == "over"), "public", ""),
]


def capture(directory: Path) -> list[Path]:
    written: list[Path] = []
    done: set[str] = set()
    for script in ("escape", "death"):
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
