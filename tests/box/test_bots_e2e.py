"""People on buttons against the box on the simulated box (issue 23): in each game the box
plays the opponent role, set in the lobby's table menu ("The box plays..."), and people play
the other seats through their menus; every screen is compared with golden digests after
every line.

* Asylum Escape: two Victims (people, hiding far from the Patients) against the box's
  Patients (easy), to the end of the game.
* Innsmouth Escape: the Human (a person, running for the edge) against the box's Deep Ones
  (easy), to the end of the game.
* Innsmouth 32: two character players (people, random legal moves) against the box's
  director (easy), a long way in (the first ``I32_MOVES`` of the people's moves).

The box's seats decide at once (``Inline``: the same screens at every run; the box's worker
thread is tested in test_bot_seats.py); each of its moves is told on the public screen for
the default pause of 2 s, on the fake clock: the script waits for it with ``wait 1`` lines.
Regenerate the scripts and goldens with
``REFBOX_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/box/test_bots_e2e.py``, then look at
the PNGs (and docs/box/bots/, the pictures docs/box.md shows).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from services.referee.box.botlobby import BOX_NAMES
from services.referee.box.botseats import Inline
from tests.box import box_script
from tests.box.asylum_navigator import AsylumDriver
from tests.box.asylum_navigator import Player as AsylumPlayer
from tests.box.conftest import SimTable
from tests.box.i32_navigator import I32Driver
from tests.box.innsmouth_navigator import Driver
from tests.box.innsmouth_navigator import Player as InnsmouthPlayer
from tests.box.navigator import lobby_lines
from tests.box.test_e2e import digests

FOLDER = Path(__file__).parent / "golden" / "bots"
PICTURE = Path(__file__).parents[2] / "docs" / "box" / "bots" / "box-plays.png"
TOLD = PICTURE.with_name("box-told.png")
UPDATE = os.environ.get("REFBOX_UPDATE_GOLDEN") == "1"
BOX_SEED = 5
PEOPLE = 2
I32_MOVES = 60
BOX_PAGE = ["hold seat1 next", "press seat1 next", "press seat1 ok",  # The box plays...
            "press seat1 ok"]  # the role: no -> easy
BACK = ["press seat1 prev", "press seat1 ok"]  # Back to the lobby
GAMES = {"asylum-escape": 2, "innsmouth-escape": 1, "innsmouth-32": 2}  # game: people


def lobby(game: str) -> list[str]:
    return [f"game {game}", *BOX_PAGE, *BACK, *lobby_lines(GAMES[game], [])]


def person(table: SimTable, game: str) -> Callable[[int], None]:
    """How the people of ``game`` act: the seat asked (a game seat) makes its move."""
    runner, tab = table.runner, table.box.table
    if game == "asylum-escape":
        asylum, victims = AsylumDriver(runner), AsylumPlayer("hide")
        return lambda seat: asylum.act(tab.players[seat], victims.decide(tab.live.state, seat))
    if game == "innsmouth-escape":
        driver, human = Driver(runner), InnsmouthPlayer("escape", 3)
        return lambda seat: driver.act(tab.players[seat], human.decide(tab.live.state, seat))
    i32, rng = I32Driver(runner), random.Random(8)
    return lambda seat: i32.act(tab.players[seat],
                                rng.choice(tab.live.state.legal_actions(seat)))


def record(game: str, tmp_path: Path) -> list[str]:
    """The lobby, then the people's moves through the buttons and ``wait 1`` while the box
    thinks or tells its move; every line the drivers ran, in order."""
    return box_script.record(tmp_path / "record", BOX_SEED, lobby(game),
                             lambda table: person(table, game),
                             lambda moves: game == "innsmouth-32" and moves >= I32_MOVES,
                             limit=3000)


@pytest.mark.parametrize("game", list(GAMES))
def test_people_against_the_box_match_the_golden_screens(tmp_path: Path, game: str) -> None:
    lines = box_script.script(FOLDER / f"{game}-script.txt", UPDATE,
                              lambda: record(game, tmp_path))
    table = SimTable(tmp_path / "replay", seed=BOX_SEED)
    table.box.table.thinker = Inline()
    seen: list[dict[str, str]] = [digests(table)]
    page = told_page = None
    told_pages = 0
    try:
        for number, line in enumerate(lines, start=1):
            table.run(line)
            seen.append(digests(table))
            if number == len(BOX_PAGE) + 1:  # the box page, its role set
                page = table.box.images["seat1"].copy()
            public = table.box.canvases["public"]
            if public.texts and public.texts[0] == "Box plays":  # a move told, whole
                assert public.overflow == [], public.texts
                told_pages += 1
                told_page = told_page or table.box.images["public"].copy()
        tab = table.box.table
        live = tab.live
        outcome = live.state.outcome()
        players = list(tab.players)
        last = dict(table.box.images)
        settings = tab.journal.game(live.id).settings
        told = [step for step in live.history if step.kind == "action"
                and players[step.action.actor] in BOX_NAMES]
    finally:
        table.close()
    assert players[-1] == "box1" and len(players) == GAMES[game] + 1
    assert settings["bots"] == {str(GAMES[game]): "easy"} and settings["bot_pause"] == 2.0
    assert len(told) >= 10  # the box played, through the journal like anyone
    assert told_pages >= 5
    if game == "innsmouth-32":
        assert outcome is None and len(lines) > 200  # a long way in
    else:
        assert outcome is not None and outcome.result == "win"
    if UPDATE and game == "asylum-escape" and page is not None and told_page is not None:
        page.save(PICTURE)
        told_page.save(TOLD)
    if game == "asylum-escape" and page is not None and told_page is not None:
        assert page.tobytes() == Image.open(PICTURE).convert("1").tobytes()
        assert told_page.tobytes() == Image.open(TOLD).convert("1").tobytes()
    box_script.match_golden(FOLDER, game, UPDATE, lines, seen, last)
