"""Innsmouth 32 on the box: the Night Clerk's first dibs on a mythos item (option
``clerk_dibs``, R-I32-82) taken with the buttons; the prompt reads whole on 21x5."""

from __future__ import annotations

from typing import Any

from services.games.innsmouth_32 import actions as a
from tests.box.i32_box import Box
from tests.games.i32_helpers import edit, move
from tests.games.i32_modules_helpers import mstart
from tests.games.test_i32_clerk_dibs import CLERK, ON, clerk_joins, revealed


def dibs_box() -> Box:
    def change(d: dict[str, Any]) -> None:
        clerk_joins(d)
        move(d, "deep-one-2", "screen", 1)
    return Box(revealed(edit(mstart(3, reel=("elder-sign",), **ON), change)))


def test_the_clerks_player_takes_the_mythos_item_with_the_buttons() -> None:
    box = dibs_box()
    assert box.state.current["purpose"] == "dibs" and box.state.current["seat"] == 2
    menu = box.menu(2)
    assert menu.title == "First dibs!"
    assert box.labels(2) == ["The Night Clerk", "Pass"]
    assert box.flow.seat(2, box.state, True).texts == [
        "First dibs!", "Elder Sign", ">The Night Clerk", " Pass"]
    assert all(len(line) <= 21 for line in menu.render().texts)
    box.label(2, "The Night Clerk")
    assert box.applied == [a.Choose(2, CLERK)]
    assert box.state.survivors[CLERK]["items"] == ["elder-sign"]
    assert box.state.survivors[CLERK]["stores"] == {"elder-sign": 4}
    assert box.state.screen[0]["card"] != "elder-sign"


def test_another_seats_buttons_do_not_take_it() -> None:
    box = dibs_box()
    before = box.state.to_json()
    assert box.flow.seat(1, box.state, True).texts[-1] == "Seat 3 chooses"
    box.press(1, "ok")
    assert box.state.to_json() == before and box.applied == []
