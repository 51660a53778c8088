"""Turn engine actions into the button presses (and tag taps) a player would make.

Used to write whole-game scripts for the simulated box: the script is recorded as it is
played, so it can be replayed (and its screens compared with golden captures) later.
"""

from __future__ import annotations

import random
from typing import Any

from services.games.core import Action
from services.games.decktet_escape import actions as a
from services.referee.box.menu import Menu
from services.referee.box.script import ScriptRunner


def path_to(menu: Menu, action: Action) -> list[int] | None:
    """Cursor positions, level by level, that lead to ``action`` in the menu tree."""
    for index, item in enumerate(menu.items):
        if item.value == action:
            return [index]
        if callable(item.value) and not isinstance(item.value, Action):
            below = path_to(item.value(), action)
            if below is not None:
                return [index, *below]
    return None


def presses(runner: ScriptRunner, seat: str, action: Action) -> list[str]:
    table = runner.box._table()
    flow: Any = table.flow
    state = table.live.state  # type: ignore[union-attr]
    index = table.players.index(seat)
    lines = []
    if not table.privacy.shown(seat, runner.clock()):
        lines.append(f"double {seat} peek")
    if isinstance(action, a.PlayCard) and action.route is None:
        return [*lines, f"tag {seat} {action.card}"]
    menu = flow.action_menu(index, state)
    path = path_to(menu, action)
    flow.verbs.pop(index, None)  # building the menus above must not count as choosing
    if path is None:
        raise AssertionError(f"{action} is not reachable from {seat}'s menus")
    lines.append(f"press {seat} ok")
    if isinstance(action, a.DiscardCard):  # open "Discard", then tap the card itself
        return [*lines, *[f"press {seat} next"] * path[0], f"press {seat} ok",
                f"tag {seat} {action.card}"]
    for position in path:
        lines += [f"press {seat} next"] * position + [f"press {seat} ok"]
    return lines


def lobby_lines(players: int, options_presses: list[str]) -> list[str]:
    """From the options menu: set options, go to the join step, seats join, seat1 starts."""
    lines = list(options_presses)
    lines += ["press seat1 prev", "press seat1 ok"]  # the last item: seats join
    lines += [f"press seat{n} ok" for n in range(1, players + 1)]
    lines.append("hold seat1 ok")
    return lines


def play_whole_game(runner: ScriptRunner, seed: int, limit: int = 400) -> list[str]:
    """Random legal moves through the buttons until the game ends; returns the script."""
    rng = random.Random(seed)
    table = runner.box._table()
    script: list[str] = []
    for _ in range(limit):
        live = table.live
        if live is None or live.state.outcome() is not None:
            break
        prompt = live.state.pending()[0]
        seat = table.players[prompt.seat]  # type: ignore[union-attr]
        legal = live.state.legal_actions(prompt.seat)  # type: ignore[union-attr]
        action = rng.choice(legal)
        for line in presses(runner, seat, action):
            runner.run([line])
            script.append(line)
    return script
