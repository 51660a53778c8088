"""One person and the box at every other seat, on the simulated box (issue 26): the person
sets the box's seats in the lobby's table menu ("The box plays...") and plays through the
buttons; every screen is compared with golden digests after every line.

* Escape! (Decktet): the person and two box partners, to the end of the game.
* Intruder Escape: the person and two box seats (identities dealt), to the end.
* Innsmouth Escape: the person plays the Deep Ones, the box the Human (Human seat: Seat 2).
* Asylum Escape: the person plays the Patients (Seat 1), the box two Victims.
* Innsmouth 32: the person is the director (Seat 1), the box two character players, a long
  way in (the person's first ``I32_MOVES`` moves).

The box's seats decide at once (``Inline``) and each move is told for the default pause of
2 s on the fake clock (``wait 1`` lines). Regenerate the scripts and goldens with
``REFBOX_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/box/test_solo_e2e.py``.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from services.referee.box.botlobby import BOX_NAMES
from services.referee.box.botseats import Inline
from tests.box import box_script, intruder_navigator, navigator
from tests.box.asylum_navigator import AsylumDriver
from tests.box.asylum_navigator import Player as AsylumPlayer
from tests.box.conftest import SimTable
from tests.box.i32_navigator import I32Driver
from tests.box.innsmouth_navigator import Driver, option_presses
from tests.box.innsmouth_navigator import Player as InnsmouthPlayer
from tests.box.navigator import lobby_lines
from tests.box.test_e2e import digests

FOLDER = Path(__file__).parent / "golden" / "solo"
UPDATE = os.environ.get("REFBOX_UPDATE_GOLDEN") == "1"
BOX_SEED = 11
I32_MOVES = 60
# game: (the box's seats, its level, whether the page has a role line, option presses)
GAMES: dict[str, tuple[int, str, bool, list[str]]] = {
    "decktet-escape": (2, "normal", False, []),
    "intruder-escape": (2, "normal", False, []),
    "innsmouth-escape": (1, "normal", True, option_presses("human_seat") * 2),
    "asylum-escape": (2, "normal", True, option_presses("patients_seat", "asylum-escape")),
    "innsmouth-32": (2, "normal", True, []),
}


def box_page(seats: int, role_line: bool) -> list[str]:
    """The table menu's "The box plays..." page: ``seats`` box seats, back to the lobby."""
    lines = ["hold seat1 next", "press seat1 next", "press seat1 ok"]
    size = 5 if role_line else 4
    cursor = 0
    if role_line:  # the role stays "no": the person plays it; on to the seats
        lines.append("press seat1 next")
        cursor = 1
    lines += ["press seat1 ok"] * seats
    lines += ["press seat1 next"] * (size - 1 - cursor) + ["press seat1 ok"]
    return lines


def lobby(game: str) -> list[str]:
    seats, _level, role_line, options = GAMES[game]
    return [f"game {game}", *box_page(seats, role_line), *lobby_lines(1, options)]


def person(table: SimTable, game: str) -> Callable[[int], None]:
    """How the person plays: the asked game seat makes its move through the buttons."""
    runner, tab = table.runner, table.box.table
    rng = random.Random(4)

    def chosen(seat: int) -> object:
        return rng.choice(tab.live.state.legal_actions(seat))

    if game == "asylum-escape":
        asylum, patients = AsylumDriver(runner), AsylumPlayer("hunt")
        return lambda seat: asylum.act(tab.players[seat], patients.decide(tab.live.state, seat))
    if game == "innsmouth-escape":
        driver, deep_ones = Driver(runner), InnsmouthPlayer("hunt", 3)
        return lambda seat: driver.act(tab.players[seat],
                                       deep_ones.decide(tab.live.state, seat))
    if game == "innsmouth-32":
        i32 = I32Driver(runner)
        return lambda seat: i32.act(tab.players[seat], chosen(seat))
    module = navigator if game == "decktet-escape" else intruder_navigator

    def buttons(seat: int) -> None:
        runner.run(module.presses(runner, tab.players[seat], chosen(seat)))

    return buttons


def record(game: str, tmp_path: Path) -> list[str]:
    """The lobby, then the person's moves and ``wait 1`` while the box thinks or tells."""
    return box_script.record(tmp_path / "record", BOX_SEED, lobby(game),
                             lambda table: person(table, game),
                             lambda moves: game == "innsmouth-32" and moves >= I32_MOVES)


@pytest.mark.parametrize("game", list(GAMES))
def test_one_person_and_the_box_match_the_golden_screens(tmp_path: Path, game: str) -> None:
    lines = box_script.script(FOLDER / f"{game}-script.txt", UPDATE,
                              lambda: record(game, tmp_path))
    table = SimTable(tmp_path / "replay", seed=BOX_SEED)
    table.box.table.thinker = Inline()
    seen: list[dict[str, str]] = [digests(table)]
    told_pages = 0
    try:
        for line in lines:
            table.run(line)
            seen.append(digests(table))
            public = table.box.canvases["public"]
            if public.texts and re.fullmatch(r"Box( \d)? plays", public.texts[0]):
                assert public.overflow == [], public.texts
                told_pages += 1
        tab = table.box.table
        live = tab.live
        outcome = live.state.outcome()
        players = list(tab.players)
        settings = tab.journal.game(live.id).settings
        last = dict(table.box.images)
        box_moves = [step for step in live.history if step.kind == "action"
                     and players[step.action.actor] in BOX_NAMES]
    finally:
        table.close()
    seats, level, _role_line, _options = GAMES[game]
    assert players == ["seat1", *BOX_NAMES[:seats]]
    assert settings["bots"] == {str(n): level for n in range(1, seats + 1)}
    assert len(box_moves) >= 5 and told_pages >= 5
    if game == "innsmouth-32":
        assert outcome is None and len(lines) > 200
    else:
        assert outcome is not None
    box_script.match_golden(FOLDER, game, UPDATE, lines, seen, last)
