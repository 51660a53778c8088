"""Capture the screen pictures of docs/games/innsmouth-32.md.

Every picture is a screen of the simulated box (the daemon's own code, buttons through the
mock pins) while it replays the recorded whole games of the end-to-end test
(tests/box/golden/i32/<game>-script.txt), taken the first time the moment it shows comes up.
Public pages other than the one on screen are reached with a free seat's `next`, as at the
table (and turned back afterwards). tests/box/test_i32_pictures.py checks that the committed
pictures equal a fresh capture.

    .venv/bin/python docs/games/innsmouth-32/make_pictures.py [DIRECTORY]
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from services.referee.pictures import Finder, Scene, Table, check_all_taken, replay

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.games.i32_players import GAMES  # noqa: E402 - the repository root first

HERE = Path(__file__).resolve().parent / "pictures"
GOLDEN = ROOT / "tests" / "box" / "golden" / "i32"


def _state(table: Table) -> Any:
    return table.live.state if table.live is not None else None


def _phase(table: Table) -> str:
    state = _state(table)
    return state.phase if state is not None else ""


def menu(title: str, test: Callable[[Table, int], bool] | None = None) -> Finder:
    """A seat whose open menu's title starts with ``title`` (and passes ``test``)."""

    def find(table: Table) -> int | None:
        if table.flow is None or table.live is None:
            return None
        for seat, stack in table.flow.stacks.items():
            if stack and stack[-1].title.startswith(title) and not stack[-1].notice and (
                    test is None or test(table, seat)):
                return seat
        return None

    return find


def ends(text: str) -> Finder:
    """A seat whose open menu's title ends with ``text``."""

    def find(table: Table) -> int | None:
        if table.flow is None or table.live is None:
            return None
        for seat, stack in table.flow.stacks.items():
            if stack and stack[-1].title.endswith(text) and not stack[-1].notice:
                return seat
        return None

    return find


def public_when(test: Callable[[Table], bool]) -> Finder:
    return lambda table: 0 if table.live is not None and test(table) else None


def lobby_when(test: Callable[[Table], bool]) -> Finder:
    return lambda table: 0 if table.mode == "lobby" and test(table) else None


def _home(table: Table, seat: int) -> bool:
    """A character player's own screen, shown, with no menu or message open, his survivors
    in play, while another seat acts."""
    state = _state(table)
    flow = table.flow
    return (state is not None and table.mode == "game" and seat != state.director
            and len(state.pools[seat]) >= 2
            and table.privacy.shown(table.players[seat], table.now)
            and not flow.stacks.get(seat) and seat not in flow.messages
            and seat not in flow.waiting(state))


def _director_home(table: Table, seat: int) -> bool:
    """The director's own screen, shown, with no menu open, his throngs placed, while a
    character player acts."""
    state = _state(table)
    flow = table.flow
    return (state is not None and table.mode == "game" and seat == state.director
            and sum(1 for t in state.throngs[seat] if t) >= 3
            and table.privacy.shown(table.players[seat], table.now)
            and not flow.stacks.get(seat) and seat not in flow.messages
            and seat not in flow.waiting(state))


def seat_when(test: Callable[[Table, int], bool]) -> Finder:
    def find(table: Table) -> int | None:
        if table.live is None or table.mode not in ("game", "over"):
            return None
        return next((s for s in range(len(table.players)) if test(table, s)), None)

    return find


def _told(table: Table, words: str) -> bool:
    return table.flow is not None and any(words in line for line in table.flow.told)


def _full_screen(table: Table) -> bool:
    state = _state(table)
    return _phase(table) == "turn" and state.reel == 2 and all(
        s["card"] and not s["down"] for s in state.screen)


def _attack_roll(table: Table, seat: int) -> bool:
    state = _state(table)
    return "attack" in str(state.current.get("purpose", "")) if state.current else False


# (picture, game, when and which seat, screen: "public" or "seat", public page to turn to)
SCENES: list[tuple[str, str, Finder, str, str]] = [
    ("lobby", "half_players", lobby_when(lambda t: t.lobby.step == "options" and
                                         t.lobby.values.get("victory") == "half_players"),
     "public", ""),
    ("public-screen", "final_turn", public_when(_full_screen), "public", "screen"),
    ("public-throngs", "final_turn", public_when(_full_screen), "public", "throngs"),
    ("public-survivors", "final_turn", public_when(_full_screen), "public", "survivors"),
    ("public-roll", "final_turn", public_when(lambda t: _told(t, "damage") and
                                              t.flow.page == "roll"), "public", "roll"),
    ("director-home", "final_turn", seat_when(_director_home), "seat", ""),
    ("director-turn", "final_turn", menu("Director's turn"), "seat", ""),
    ("take-which", "final_turn", menu("Take which?"), "seat", ""),
    ("attack-whom", "final_turn", menu("Attack whom?"), "seat", ""),
    ("seat-home", "final_turn", seat_when(_home), "seat", ""),
    ("your-turn", "final_turn", menu("Your turn"), "seat", ""),
    ("act", "final_turn", ends(": act"), "seat", ""),
    ("commit", "final_turn", menu("Commit", _attack_roll), "seat", ""),
    ("damage", "final_turn", menu("Damage!"), "seat", ""),
    ("fade-out", "final_turn", menu("Fade out?"), "seat", ""),
    ("reel-end", "final_turn", public_when(lambda t: _told(t, "Reel 1 is over")), "public",
     ""),
    ("last-one", "last_one", public_when(lambda t: _told(t, "Last One Standing:")), "public",
     "screen"),
    ("los-star", "last_one", menu("Last One Standing"), "seat", ""),
    ("result", "half_players", public_when(lambda t: t.mode == "over"), "public", "result"),
]


def capture(directory: Path) -> list[Path]:
    written: list[Path] = []
    done: set[str] = set()
    for game in ("half_players", "final_turn", "last_one"):
        scenes = [Scene(name, when, screen, page)
                  for name, script, when, screen, page in SCENES if script == game]
        lines = (GOLDEN / f"{game}-script.txt").read_text().splitlines()
        written += replay(lines, scenes, directory, seed=GAMES[game].seed, done=done)
    check_all_taken([Scene(name, when, screen, page)
                     for name, _game, when, screen, page in SCENES], done)
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE
    target.mkdir(parents=True, exist_ok=True)
    for path in capture(target):
        print(path)
