"""Innsmouth 32: the button presses that make a seat apply a given engine action, on the
simulated box (whole-game scripts for the golden tests) or on a flow driven directly (the
flow tests).

``route(flow, seat, state, action)`` finds the action in the seat's menus (the first menu
``ok`` opens, then the menus its items open, never through a greyed item) and returns the
presses that reach it from the seat's screen with no menu open: ``ok``, then at each level
``next``/``prev`` (the shorter way round from where the cursor starts) and ``ok``.
``I32Driver.act(seat_name, action)`` runs those presses on a simulated box (peeking first,
clearing a refusal, closing open menus) and records them; ``play_whole_game`` plays random
legal actions through the buttons until the game ends and returns the script.
"""

from __future__ import annotations

import random
from typing import Any

from services.games.core import Action, SeatPrompt
from services.referee.box.menu import Menu
from services.referee.box.script import ScriptRunner
from tests.box.innsmouth_navigator import Driver

MAX_DEPTH = 8


def path_to(menu: Menu, action: Action, depth: int = 0) -> list[tuple[Menu, int]] | None:
    """(menu, index) level by level down to the item whose value is ``action``."""
    for index, item in enumerate(menu.items):
        if item.why:
            continue
        if item.value == action and isinstance(item.value, Action):
            return [(menu, index)]
    for index, item in enumerate(menu.items):
        if item.why or isinstance(item.value, Action) or not callable(item.value) or \
                depth >= MAX_DEPTH:
            continue
        opened = item.value()
        if isinstance(opened, Menu):
            below = path_to(opened, action, depth + 1)
            if below is not None:
                return [(menu, index), *below]
    return None


def moves(menu: Menu, index: int) -> list[str]:
    """``next``/``prev`` presses from the menu's cursor to ``index`` (the shorter way)."""
    size = len(menu.items)
    forward = (index - menu.cursor) % size
    return ["next"] * forward if forward <= size - forward else ["prev"] * (size - forward)


def route(flow: Any, seat: int, state: Any, action: Action) -> list[str]:
    """The roles pressed, from no open menu, to apply ``action`` (AssertionError if the
    seat's menus do not reach it)."""
    menu = flow.menu_for(seat, state)
    path = path_to(menu, action) if menu is not None else None
    if path is None:
        raise AssertionError(f"{action} is not reachable from seat {seat + 1}'s menus")
    roles = ["ok"]
    for level, index in path:
        roles += [*moves(level, index), "ok"]
    return roles


class I32Driver(Driver):
    """Applies engine actions through a simulated box's buttons, recording the lines."""

    def act(self, seat: str, action: Action) -> None:  # type: ignore[override]
        self.prepare(seat)
        index = self.table.players.index(seat)
        state = self.table.live.state
        for role in route(self.flow, index, state, action):
            self.run(f"press {seat} {role}")


def play_whole_game(runner: ScriptRunner, seed: int, limit: int = 3000) -> list[str]:
    """Random legal actions through the buttons until the game ends; returns the script."""
    rng = random.Random(seed)
    driver = I32Driver(runner)
    table = driver.table
    for _ in range(limit):
        live = table.live
        if live is None or live.state.outcome() is not None:
            break
        prompts = [p for p in live.state.pending() if isinstance(p, SeatPrompt)]
        if not prompts:
            break  # dice the players enter: the script must type them
        prompt = rng.choice(prompts)
        action = rng.choice(live.state.legal_actions(prompt.seat))
        driver.act(table.players[prompt.seat], action)
    return driver.script
