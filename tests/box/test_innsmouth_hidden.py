"""No Innsmouth Escape screen but the Human's own shows his secret plot (rules spec 1.8).

Indistinguishability: at every step of the scripted games (tests/box/golden/innsmouth/) while
a plot lies on the table, another state is made in which the Human plotted another legal plot
of the same shape (as many face-down number cards, the same Rest cards face up), from the
same movement hand. The public screen (every page) and every Deep One player's screen
(revealed and hidden, its open menu and the first menu of what it has to do) must be
pixel-identical in both. A screen that showed the destination, the path, the number cards or
the Human's cursor would differ.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from services.games.innsmouth_escape.board import GRID, plans
from services.games.innsmouth_escape.state import InnsmouthState
from services.referee.tables.innsmouth_escape import words as w
from tests.box.conftest import SimTable

FOLDER = Path(__file__).parent / "golden" / "innsmouth"
BOX_SEED = 5


def other_plot(state: InnsmouthState) -> InnsmouthState | None:
    """The same state with another legal plot of the same shape (None if there is none)."""
    plot = state.plot
    if plot is None or state.phase == "over":
        return None
    hand = list(state.movement_hand) + list(plot["cards"])
    numbers = [c for c in hand if w.card_value(c)]
    rests = [c for c in plot["cards"] if not w.card_value(c)]
    blocked = {c for c in state.shoggoths.values() if c}
    start = plot["path"][0]
    count = len(plot["cards"]) - len(rests)
    found = [p for p in plans(GRID, start, [w.card_value(c) for c in numbers],
                              len(rests), blocked)
             if len(p.moves) == count and p.rests == len(rests)]
    found.sort(key=lambda p: (p.end == plot["to"], list(p.path) == plot["path"]))
    if not found or list(found[0].path) == plot["path"]:
        return None
    plan = found[0]
    cards = [*w.plan_cards(numbers, plan)[:count], *rests]
    data = state.to_json()
    data["plot"] = {"cards": cards, "directions": [d for _v, d in plan.moves],
                    "path": list(plan.path), "to": plan.end, "forfeit": False}
    data["movement_hand"] = [c for c in hand if c not in cards]
    return InnsmouthState.from_snapshot(data, state.data)


def seat_screens(flow: Any, seat: int, state: InnsmouthState) -> list[bytes]:
    found = [flow.seat(seat, state, shown).image.tobytes() for shown in (True, False)]
    menu = flow.menu_for(seat, state)
    if menu is not None:
        found.append(menu.render().image.tobytes())
    return found


def public_screens(flow: Any, state: InnsmouthState) -> list[bytes]:
    return [draw().image.tobytes() for _name, draw in flow._pages(state, "")]


def check_step(table: SimTable) -> int:
    tab = table.box.table
    if tab.live is None or tab.mode != "game":
        return 0
    state, flow = tab.live.state, tab.flow
    other = other_plot(state)
    if other is None:
        return 0
    assert other.view(state.human)["human_private"]["plot"] != \
        state.view(state.human)["human_private"]["plot"]
    assert public_screens(flow, other) == public_screens(flow, state), \
        "the public screen shows the plot"
    checks = 1
    for seat in range(state.players):
        if seat != state.human:
            assert seat_screens(flow, seat, other) == seat_screens(flow, seat, state), \
                f"seat {seat + 1}'s screen shows the plot"
            checks += 1
    return checks


@pytest.mark.parametrize("name", ["escape", "death"])
def test_the_scripted_games_never_show_the_plot(tmp_path: Path, name: str) -> None:
    table = SimTable(tmp_path / "data", seed=BOX_SEED)
    checks = 0
    try:
        for line in (FOLDER / f"{name}-script.txt").read_text().splitlines():
            table.run(line)
            checks += check_step(table)
    finally:
        table.close()
    assert checks > 100


def test_the_check_catches_a_leaky_flow(tmp_path: Path) -> None:
    """The test can fail: a public screen that draws the plotted cell is caught."""
    table = SimTable(tmp_path / "data", seed=BOX_SEED)
    try:
        lines = (FOLDER / "death-script.txt").read_text().splitlines()
        for line in lines:
            table.run(line)
            if table.box.table.live is not None and other_plot(table.box.table.live.state):
                break
        flow = table.box.table.flow
        original = flow._pages

        def leaky(state: InnsmouthState, note: str) -> Any:
            found = original(state, note)
            name, draw = found[0]

            def leak() -> Any:
                canvas = draw()
                canvas.line(5, state.plot["to"])
                return canvas

            return [(name, leak), *found[1:]]

        flow._pages = leaky
        with pytest.raises(AssertionError, match="public screen shows the plot"):
            check_step(table)
    finally:
        table.close()
