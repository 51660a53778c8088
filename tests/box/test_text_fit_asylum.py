"""Every Asylum Escape screen reads in full: seeded random games at every player count
(played to the end) and at every option value (their first moves), every seat's screens,
map pickers and menus, every public page (see tests/box/test_text_fit.py)."""

from __future__ import annotations

import pytest

from tests.box.screens_tour import scenarios
from tests.box.test_text_fit import tour

GAME = "asylum-escape"


@pytest.mark.parametrize(("players", "values"), scenarios(GAME),
                         ids=lambda v: str(v).replace(" ", ""))
def test_every_asylum_screen_fits(players: int, values: dict[str, object]) -> None:
    found = tour(GAME, players, values, steps=700 if not values else 60, menus=0.2)
    assert found.screens > 200
    assert found.ended or values, "the games with the defaults are played to their end"
    assert found.found[:5] == []
