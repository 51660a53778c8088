"""Whole Asylum Escape games on the simulated box, from the lobby to a Victims win and to a
Patients win, driven by scripted buttons (and, in one game, the layout entered with tags),
with every screen compared to golden digests after every step.

The ``victims`` game: the Victims hide far from the Patients and move a little (a cursor on
their own map), the Patients stay put; the Victims are alive when turn 9 ends. The
``patients`` game: the Victims start next to the first Patient, the Patients player sweeps
its paths through their rooms (choosing the way when several pass different rooms); kill
rolls, flights and collapses follow until every Victim is dead. The ``tags`` game lays its
own grid out (option layout = table): the Patients player taps the 25 location cards' tags.
The scripts in tests/box/golden/asylum/ were recorded by quick players through the menus
(tests/box/asylum_navigator.py); regenerate them and the goldens with
``REFBOX_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/box/test_asylum_e2e.py``, then
look at the PNGs before committing.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from services.games.asylum_escape import actions as a
from services.games.core import FlipResult, RollResult
from tests.box.asylum_navigator import Player, play_whole_game
from tests.box.conftest import SimTable
from tests.box.innsmouth_navigator import option_presses
from tests.box.navigator import lobby_lines
from tests.box.test_e2e import digests

FOLDER = Path(__file__).parent / "golden" / "asylum"
UPDATE = os.environ.get("REFBOX_UPDATE_GOLDEN") == "1"
BOX_SEED = 5
GAMES = {  # name: (players, the players' goal, options stepped once in the lobby, winner)
    "victims": (3, "hide", ("patients_seat",), "victims"),
    "patients": (3, "hunt", ("patients_seat",), "patients"),
    "tags": (3, "hunt", ("patients_seat", "layout"), "patients"),
}


def script_path(name: str) -> Path:
    return FOLDER / f"{name}-script.txt"


def lobby(name: str) -> list[str]:
    players, _goal, options, _winner = GAMES[name]
    presses = [p for option in options for p in option_presses(option, "asylum-escape")]
    return ["game asylum-escape", *lobby_lines(players, presses)]


def record(name: str, tmp_path: Path) -> list[str]:
    _players, goal, _options, _winner = GAMES[name]
    table = SimTable(tmp_path / "record", seed=BOX_SEED)
    try:
        lines = lobby(name)
        table.run(*lines)
        lines += play_whole_game(table.runner, Player(goal))
        assert table.box.table.live.state.outcome() is not None
    finally:
        table.close()
    return lines


@pytest.mark.parametrize("name", list(GAMES))
def test_a_whole_game_matches_the_golden_screens(tmp_path: Path, name: str) -> None:
    if UPDATE:
        FOLDER.mkdir(parents=True, exist_ok=True)
        script_path(name).write_text("\n".join(record(name, tmp_path)) + "\n")
    script = script_path(name).read_text().splitlines()
    table = SimTable(tmp_path / "replay", seed=BOX_SEED)
    seen: list[dict[str, str]] = [digests(table)]
    try:
        for line in script:
            table.run(line)
            seen.append(digests(table))
        live = table.box.table.live
        state = live.state
        outcome = state.outcome()
        last = dict(table.box.images)
        history = [step.action for step in live.history]
        transcript = live.transcript() if hasattr(live, "transcript") else None
    finally:
        table.close()
    *_setup, winner = GAMES[name]
    assert outcome is not None and outcome.result == "win"
    assert (state.patients_seat in outcome.winners) == (winner == "patients")
    kinds = {type(action) for action in history}
    assert {a.StartRoom, a.MovePatient, FlipResult} <= kinds
    if name == "victims":
        assert {a.Move, a.DrawCard, a.SkipDraw, a.EndTurn} <= kinds and state.turn == 9
    else:
        assert RollResult in kinds and not state.alive()
    if name == "patients":  # a Victim killed before the last: the room fell
        assert state.destroyed
    laid = [x for x in history if isinstance(x, a.LayRoom)]
    assert len(laid) == (25 if name == "tags" else 0)
    if name == "tags":
        assert sum(line.startswith("tag seat1 ") for line in script) == 25
    assert transcript is None or transcript
    if UPDATE:
        (FOLDER / f"{name}-screens.json").write_text(json.dumps(seen, indent=0))
        for old in FOLDER.glob(f"{name}-*.png"):
            old.unlink()
        for screen, image in last.items():
            image.save(FOLDER / f"{name}-last-{screen}.png")
    expected = json.loads((FOLDER / f"{name}-screens.json").read_text())
    assert len(seen) == len(expected)
    for step, (got, want) in enumerate(zip(seen, expected, strict=True)):
        assert got == want, f"step {step} ({script[step - 1] if step else 'start'}) differs"


def test_tapped_layout_refuses_a_card_twice_and_taps_on_other_readers(tmp_path: Path) -> None:
    """One tap per card in grid order: a card tapped again is refused with the reason on
    the tapping seat's screen and changes nothing; a Victim's reader changes nothing and
    says who enters the layout; a tag nobody registered is refused by the table."""
    table = SimTable(tmp_path / "data", seed=BOX_SEED)
    try:
        table.run(*lobby("tags"))
        tab = table.box.table
        state = tab.live.state
        assert state.phase == "lay_out"
        table.run("double seat1 peek", "tag seat1 wardens-office", "tag seat1 storage")
        assert state.current["rooms"] == ["wardens-office", "storage"]
        table.run("tag seat1 storage")
        assert state.current["rooms"] == ["wardens-office", "storage"]
        said = " ".join(table.box.canvases["seat1"].texts)
        assert "Storage is entered already (card 2 of 25)" in said and "R-AE" not in said
        table.run("press seat1 ok", "double seat2 peek", "tag seat2 pharmacy")
        said = " ".join(table.box.canvases["seat2"].texts)
        assert "nothing changes" in said and state.current["rooms"] == ["wardens-office",
                                                                        "storage"]
        table.run("press seat2 ok", "tag seat1 0A00B1C2D3")
        assert "unknown tag" in " ".join(table.box.canvases["seat1"].texts)
        public = " ".join(table.box.canvases["public"].texts)
        assert "2 of 25 entered" in public and "Storage" in public
    finally:
        table.close()


def test_after_the_game_next_turns_the_public_pages_to_every_route(tmp_path: Path) -> None:
    table = SimTable(tmp_path / "data", seed=BOX_SEED)
    try:
        table.run(*script_path("victims").read_text().splitlines())
        tab = table.box.table
        assert tab.mode == "over" and tab.flow.page_name(tab.live.state) == "result"
        table.run("press seat2 next")
        assert tab.flow.page_name(tab.live.state) == "route 2"
        assert "Seat 2 route, alive" in table.box.canvases["public"].texts
        table.run("press seat2 next", "press seat3 prev", "press seat1 prev")
        assert tab.flow.page_name(tab.live.state) == "result" and tab.mode == "over"
    finally:
        table.close()
