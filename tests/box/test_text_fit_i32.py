"""Every Innsmouth 32 screen reads in full: seeded random games at every player count the
simulated box seats (played to the end with the defaults, at several seeds) and at every option
value (their first moves), every seat's screens and menus (the director's take+attack,
all-out, place and fade menus, a character player's turn, actions, spoints, negate or flail),
every public page (the movie screen, throngs, survivors, the roll explanation, the result);
and every screen of the scripted whole games (tests/box/golden/i32/: four reels, Last One
Standing, monster players, cover+attack, the secret cultist) after every press. The lobby is
in tests/box/test_text_fit.py. The box seats 6 players: the 7- to 9-player counts are left
out."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.box.conftest import SimTable
from tests.box.screens_tour import SEATS, scenarios
from tests.box.test_i32_e2e import script_path
from tests.box.test_text_fit import tour
from tests.games.i32_players import GAMES

GAME = "innsmouth-32"
SCENARIOS = [(n, v) for n, v in scenarios(GAME) if n <= len(SEATS)]


@pytest.mark.parametrize(("players", "values"), SCENARIOS,
                         ids=lambda v: str(v).replace(" ", ""))
def test_every_i32_screen_fits(players: int, values: dict[str, object]) -> None:
    found = tour(GAME, players, values, steps=900 if not values else 60, menus=0.2)
    assert found.screens > 200
    assert found.ended or values, "the games with the defaults are played to their end"
    assert found.found[:5] == []


@pytest.mark.parametrize("seed", [4, 7])
def test_more_random_four_seat_games_fit(seed: int) -> None:
    """Two more whole games with the defaults at four seats (seed 3 is played above); of the
    seeds 4 to 7 once played here, 4 and 7 are the longest games."""
    found = tour(GAME, 4, {}, steps=900, menus=0.3, seed=seed)
    assert found.ended and found.screens > 1000
    assert found.found[:5] == []


@pytest.mark.parametrize("name", list(GAMES))
def test_every_screen_of_the_scripted_games_fits(tmp_path: Path, name: str) -> None:
    table = SimTable(tmp_path / "data", seed=GAMES[name].seed)
    cut: list[str] = []
    try:
        for line in script_path(name).read_text().splitlines():
            table.run(line)
            cut += [f"{line}: {screen}: {text}" for screen, canvas in
                    table.box.canvases.items() for text in canvas.overflow]
    finally:
        table.close()
    assert cut[:5] == []
