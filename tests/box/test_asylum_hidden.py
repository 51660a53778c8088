"""No Asylum Escape screen but a Victim's own (when he peeks) shows his secret room or move
(rules spec 4.8).

Indistinguishability: at every step of the scripted games (tests/box/golden/asylum/), for
each living Victim whose room is secret at that moment (not just revealed by a catch), another
state is made in which he stands in another room of the grid without a Patient, his last
move ending there. The public screen (every page), every other seat's screen (revealed and
hidden, its open menu and the first menu of what it has to do) and the Victim's own hidden
screen must be pixel-identical in both. A screen that drew the room or the route would
differ. And whenever a Victim has a map or menu open, moving its cursor changes no screen but
his own shown one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from services.games.asylum_escape.state import AsylumState
from tests.box.conftest import SimTable

FOLDER = Path(__file__).parent / "golden" / "asylum"
BOX_SEED = 5


def secret_victims(state: AsylumState) -> list[int]:
    if state.phase == "over":
        return []
    return [v["seat"] for v in state.victims
            if v["alive"] and v["room"] and v["room"] != v["revealed"]]


def moved(state: AsylumState, seat: int) -> AsylumState | None:
    """The same state with Victim ``seat`` in another room (None if there is none)."""
    victim = state.victim(seat)
    rooms = [r for r in state.grid.rooms() if r != victim["room"]
             and r not in state.patient_rooms() and r != victim["revealed"]]
    if not rooms:
        return None
    data = state.to_json()
    entry = next(v for v in data["victims"] if v["seat"] == seat)
    entry["room"] = rooms[len(rooms) // 2]
    last = entry["route"][-1]
    entry["route"][-1] = [*last[:-1], entry["room"]]
    return AsylumState.from_snapshot(data, state.data)


def seat_screens(flow: Any, seat: int, state: AsylumState, own: bool) -> list[bytes]:
    found = [flow.seat(seat, state, False).image.tobytes()]
    if own:  # his own screen, while nobody peeks
        return found
    found.append(flow.seat(seat, state, True).image.tobytes())
    menu = flow.menu_for(seat, state)
    if menu is not None:
        found.append(menu.render().image.tobytes())
    return found


def public_screens(flow: Any, state: AsylumState) -> list[bytes]:
    return [draw().image.tobytes() for _name, draw in flow._pages(state, "")]


def check_step(table: SimTable) -> int:
    tab = table.box.table
    if tab.live is None or tab.mode != "game":
        return 0
    state, flow = tab.live.state, tab.flow
    checks = cursor_check(flow, state)
    for victim in secret_victims(state):
        other = moved(state, victim)
        if other is None:
            continue
        assert other.view(victim)["private"] != state.view(victim)["private"]
        assert public_screens(flow, other) == public_screens(flow, state), \
            f"the public screen shows Seat {victim + 1}'s room"
        checks += 1
        for seat in range(state.players):
            own = seat == victim
            assert seat_screens(flow, seat, other, own) == seat_screens(
                flow, seat, state, own), f"seat {seat + 1}'s screen shows Seat {victim + 1}'s room"
            checks += 1
    return checks


def others(flow: Any, state: AsylumState, victim: int) -> list[bytes]:
    found = public_screens(flow, state)
    for seat in range(state.players):
        found += seat_screens(flow, seat, state, seat == victim)
    return found


def cursor_check(flow: Any, state: AsylumState) -> int:
    """A Victim moving the cursor of his open map or menu changes no other screen."""
    checks = 0
    for victim in (v["seat"] for v in state.victims):
        stack = flow.stacks.get(victim)
        if not stack or len(stack[-1].items) < 2:
            continue
        before = others(flow, state, victim)
        stack[-1].move(1)
        after = others(flow, state, victim)
        stack[-1].move(-1)
        assert after == before, f"another screen shows Seat {victim + 1}'s cursor"
        checks += 1
    return checks


@pytest.mark.parametrize(("name", "least"), [("victims", 300), ("patients", 60)])
def test_the_scripted_games_never_show_a_victims_room(tmp_path: Path, name: str,
                                                      least: int) -> None:
    table = SimTable(tmp_path / "data", seed=BOX_SEED)
    checks = 0
    try:
        for line in (FOLDER / f"{name}-script.txt").read_text().splitlines():
            table.run(line)
            checks += check_step(table)
    finally:
        table.close()
    assert checks > least, checks


def test_the_check_catches_a_leaky_flow(tmp_path: Path) -> None:
    """The test can fail: a public map that marks a Victim's room is caught."""
    table = SimTable(tmp_path / "data", seed=BOX_SEED)
    try:
        for line in (FOLDER / "victims-script.txt").read_text().splitlines():
            table.run(line)
            live = table.box.table.live
            if live is not None and live.state.turn >= 1 and secret_victims(live.state):
                break
        flow = table.box.table.flow
        original = flow._pages

        def leaky(state: AsylumState, note: str) -> Any:
            found = original(state, note)
            name, draw = found[0]
            room = state.victim(secret_victims(state)[0])["room"]

            def leak() -> Any:
                canvas = draw()
                canvas.line(5, state.data.get(room).name)
                return canvas

            return [(name, leak), *found[1:]]

        flow._pages = leaky
        with pytest.raises(AssertionError, match="public screen shows Seat"):
            check_step(table)
    finally:
        table.close()
