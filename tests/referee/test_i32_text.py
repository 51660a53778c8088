"""Innsmouth 32 in the terminal (services/referee/tables/innsmouth_32/text.py): the whole table
in lines of at most 80 columns for every reader of random games at 3, 5 and 9 seats, never a
face-down card's name; a known position read line by line; the renderer is the game's."""

from __future__ import annotations

from typing import Any

import pytest

from services.referee.tables import text_renderer
from services.referee.tables.innsmouth_32 import text
from tests.box.test_i32_public import MODULES, armed, hidden_names, positions
from tests.games.i32_helpers import GAME, move


@pytest.mark.parametrize(("players", "seed", "options"), [
    (3, 21, {}), (5, 22, MODULES), (9, 23, {}), (9, 24, MODULES)])
def test_random_positions_fit_80_columns_for_every_reader(players: int, seed: int,
                                                          options: dict[str, Any]) -> None:
    read = 0
    ended = False
    for state, told in positions(players, seed, every=4, options=options):
        for seat in (None, *range(players)):
            secret = hidden_names(state, told, seat)
            lines = text.render(state.view(seat))
            read += 1
            assert lines and all(len(line) <= 80 for line in lines), [
                line for line in lines if len(line) > 80]
            joined = "\n".join(lines)
            assert not any(name in joined for name in secret), secret
        ended = ended or state.phase == "over"
    assert read > 200 and ended


def test_a_known_position_reads_in_full() -> None:
    def change(d: dict[str, Any]) -> None:
        move(d, "marsh-ghoul-1", "throng", 0, 0)
        d["survivors"]["bugsy-malone"]["insane"] = ["speed"]
        d["survivors"]["bugsy-malone"]["rest"] = 3
        d["fade"] = {"card": "crowbar", "left": 2}
    view = armed(change).view(None)
    lines = text.render(view)
    assert lines[0] == "Innsmouth 32 - reel I of IV - phase turn - seen by the public table"
    assert "fade out: Crowbar goes in 2 survivor turn(s)" in lines
    assert "Now: Seat 2: takes a turn" in lines
    assert "Screen: 1 Boat Hook (item) | 2 empty | 3 Crowbar (item)" in lines
    assert "Throngs of Seat 1 (director):" in lines
    assert "  throng 1 = 10: Deep One (4), Marsh Ghoul (6)" in lines
    assert "Power spoints: Seat 2 7, Seat 3 7" in lines
    bugsy = next(i for i, line in enumerate(lines) if "Bugsy Malone" in line)
    assert " ".join(lines[bugsy:bugsy + 2]).split() == (
        "Seat 2 Bugsy Malone (gangsters): MUSCLE 7 SPEED 4* BRAINS 5 GUTS 6; rest 3, "
        "mythos 0, items: Fire Axe").split()
    assert "  (* under an insanity token: its target number is 4)" in lines
    assert lines[-1] == "Sanctuaries: none"


def test_the_end_shows_the_outcome_and_the_secrets() -> None:
    *_, (state, _told) = positions(4, 11, every=1000)
    lines = text.render(state.view(None))
    assert any(line.startswith("GAME OVER (") for line in lines)
    if state.reel_pile:
        assert any(line.startswith("Reel pile was: ") for line in lines)


def test_the_terminal_uses_this_renderer() -> None:
    assert text_renderer("innsmouth-32") is text.render
    assert GAME.info.id == "innsmouth-32"
