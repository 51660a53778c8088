"""Whole Innsmouth 32 games through the buttons: random legal actions, each pressed through
the seat's menus (the navigator's presses, tests/box/i32_navigator.py) and checked to be the
exact action applied; every seat screen, every menu and submenu a seat can open (greyed
reasons too) and every public page drawn whole at every step; and one whole game on the
simulated box from the lobby."""

from __future__ import annotations

import random
from typing import Any

import pytest

from services.games.core import Action, SeatPrompt
from services.referee.box.menu import Menu
from tests.box.i32_box import Box
from tests.games.i32_helpers import GAME


def random_game(players: int, seed: int,
                options: dict[str, Any] | None = None) -> tuple[Box, list[str]]:
    """Random legal actions through the buttons (the navigator's presses); every screen,
    every menu and submenu a seat can open, and every public page drawn."""
    rng = random.Random(seed)
    state = GAME.new_state(players, options or {})
    box = Box(state)
    cut: list[str] = []
    for _ in range(4000):
        if state.outcome() is not None:
            break
        prompts = state.pending()
        seats = [p.seat for p in prompts if isinstance(p, SeatPrompt)]
        draw_all(box, cut)
        if not seats:
            box.chance(prompts[0].resolve(rng))  # type: ignore[union-attr]
            continue
        seat = rng.choice(seats)
        action = rng.choice(state.legal_actions(seat))
        count = len(box.applied)
        box.buttons(seat, action)
        assert box.applied[count:] == [action], (state.phase, action)
    draw_all(box, cut)
    return box, cut


def draw_all(box: Box, cut: list[str]) -> None:
    state, flow = box.state, box.flow
    for seat in range(state.players):
        for shown in (True, False):
            cut += flow.seat(seat, state, shown).overflow
        menu = flow.menu_for(seat, state)
        for found in walk(menu) if menu is not None else []:
            cut += [f"{found.title}: {x}" for x in found.render().overflow]
            for item in found.items:
                if item.why:
                    found.notice = item.why
                    cut += found.render().overflow
                    found.notice = ""
        if state.outcome() is not None:
            cut += flow.reveal(seat, state).overflow
    for _name, page in flow.public_pages(state, ""):
        cut += page().overflow


def walk(menu: Menu, depth: int = 0) -> list[Menu]:
    found = [menu]
    for item in menu.items:
        if callable(item.value) and not isinstance(item.value, Action) and depth < 6:
            opened = item.value()
            if isinstance(opened, Menu):
                found += walk(opened, depth + 1)
    return found


ADVANCED = {"cover_attack": True, "secret_cultist": True, "hound": "companion",
            "terrors": "2", "night_clerk": True}


@pytest.mark.parametrize(("players", "seed", "options"), [
    (3, 1, {}), (3, 2, {}), (5, 3, {}), (5, 4, {}), (4, 5, ADVANCED),
    (3, 6, {"cards": "physical"})])
def test_whole_random_games_through_the_buttons_draw_every_screen_whole(
        players: int, seed: int, options: dict[str, Any]) -> None:
    known = {o.key for o in GAME.info.options}
    if set(options) - known:
        pytest.skip(f"options not in the engine yet: {sorted(set(options) - known)}")
    box, cut = random_game(players, seed, options)
    assert box.state.outcome() is not None
    assert cut == []


def test_a_whole_game_on_the_simulated_box_through_the_buttons(sim_table: Any) -> None:
    from tests.box.i32_navigator import play_whole_game
    from tests.box.navigator import lobby_lines

    sim_table.run("game innsmouth-32", *lobby_lines(3, []))
    live = sim_table.box.table.live
    assert live is not None and live.state.info.id == "innsmouth-32"
    script = play_whole_game(sim_table.runner, seed=11)
    assert live.state.outcome() is not None and sim_table.box.table.mode == "over"
    assert script and all(line.split()[0] in ("press", "hold", "double", "tag")
                          for line in script)


