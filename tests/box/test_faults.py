"""Device faults in a running Escape! game on the simulated box: a seat screen that starts
raising I2C errors, a seat reader pulled out. The game goes on with the other devices, the
public screen says which device is offline, exactly one offline and one online
``DeviceStatus`` is produced, and the device works again once it is back.

Moves are random legal ones made through the buttons and tag taps a player would use
(:mod:`tests.box.navigator`); after every script line every working screen must show what
the table renders for it now.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from firmware_py.events import DeviceStatus
from services.games.decktet_escape import actions as a
from tests.box.conftest import SimTable
from tests.box.navigator import lobby_lines, path_to, presses

PHYSICAL = ["press seat1 ok"]  # the first option in the lobby: Cards dealt -> physical


def watch_statuses(table: SimTable) -> list[DeviceStatus]:
    """Every DeviceStatus the daemon handles, in order."""
    seen: list[DeviceStatus] = []
    box_table = table.box._table()
    handle = box_table.handle

    def recording(event: Any, now: float) -> None:
        if isinstance(event, DeviceStatus):
            seen.append(event)
        handle(event, now)

    box_table.handle = recording  # type: ignore[method-assign]
    return seen


def rows(table: SimTable) -> int:
    live = table.box._table().live
    assert live is not None
    return table.box._table().journal.game(live.id).entries


def menu_presses(table: SimTable, seat: str, action: a.SeatAction) -> list[str]:
    """Reach ``action`` through the seat's menus only (no tag tap): for a seat whose reader
    is out, a card is picked from the list of cards not seen yet."""
    box_table = table.box._table()
    flow: Any = box_table.flow
    assert box_table.live is not None
    index = box_table.players.index(seat)
    lines = [] if box_table.privacy.shown(seat, table.clock()) else [f"double {seat} peek"]
    path = path_to(flow.action_menu(index, box_table.live.state), action)
    flow.verbs.pop(index, None)  # building the menus above must not count as choosing
    assert path is not None, f"{action} is not in {seat}'s menus"
    lines.append(f"press {seat} ok")
    for position in path:
        lines += [f"press {seat} next"] * position + [f"press {seat} ok"]
    return lines


def screens_match(table: SimTable, skip: Iterable[str] = ()) -> None:
    """Every screen but ``skip`` shows (on the panel itself) what the table renders now."""
    frames = table.box._table().screens(table.clock())
    for name, screen in table.sim.screens.items():
        if name in skip:
            continue
        assert screen.online, f"{name} went offline"
        assert screen.frame.tobytes() == frames[name].image.tobytes(), (
            f"{name} shows {table.box.texts.get(name)}, not {frames[name].texts}")


def play(table: SimTable, moves: int, rng: random.Random, *, menus_only: Iterable[str] = (),
         after: Callable[[], None] = lambda: None,
         until: Callable[[], bool] = lambda: False) -> list[str]:
    """``moves`` random legal moves (or fewer, once ``until()``); returns who moved."""
    box_table = table.box._table()
    movers = []
    for _ in range(moves):
        if until():
            break
        live = box_table.live
        assert live is not None and live.state.outcome() is None, "the game ended too early"
        prompt = live.state.pending()[0]
        seat = box_table.players[prompt.seat]  # type: ignore[attr-defined]
        action = rng.choice(live.state.legal_actions(prompt.seat))  # type: ignore[attr-defined]
        before = rows(table)
        lines = (menu_presses(table, seat, action) if seat in menus_only
                 else presses(table.runner, seat, action))
        for line in lines:
            table.run(line)
            after()
        assert rows(table) > before, f"{seat}: {action} was not committed"
        movers.append(seat)
    return movers


def public_says(table: SimTable, text: str) -> bool:
    return any(text in line for line in table.box.texts["public"])


def test_a_failing_seat_screen_goes_offline_and_comes_back(sim_table: SimTable) -> None:
    table = sim_table
    statuses = watch_statuses(table)
    table.run("game decktet-escape", *lobby_lines(3, []))
    rng = random.Random(3)
    play(table, 2, rng, after=lambda: screens_match(table))
    screen = table.sim.screens["seat2"]
    panel = screen.frame.tobytes()
    screen.fail()  # the panel falls off the bus: its next write fails
    committed = rows(table)

    def while_failing() -> None:
        # Every other screen keeps up; the failing one still shows what it had.
        screens_match(table, skip={"seat2"})
        assert screen.frame.tobytes() == panel
        if not screen.online:
            assert public_says(table, "seat2 screen offline")

    movers = play(table, 6, rng, after=while_failing)
    assert "seat2" in movers, "seat 2 played blind too (its buttons still work)"
    assert rows(table) >= committed + 6
    assert not screen.online
    assert public_says(table, "seat2 screen offline")
    assert [(s.device, s.online) for s in statuses] == [("seat2 screen", False)], (
        "one offline report, however many writes and retries failed")

    screen.recover()
    for _ in range(60):  # the retry back-off has grown while it failed (30 s at most)
        table.run("wait 1")
        if screen.online:
            break
    assert screen.online, "the screen did not come back"
    assert [(s.device, s.online) for s in statuses] == [("seat2 screen", False),
                                                        ("seat2 screen", True)]
    screens_match(table)  # seat 2's panel shows the current frame again
    assert not public_says(table, "offline")
    play(table, 2, rng, after=lambda: screens_match(table))  # and keeps up


def test_an_unplugged_reader_goes_offline_and_reads_again_when_replugged(
        sim_table: SimTable) -> None:
    table = sim_table
    statuses = watch_statuses(table)
    table.run("game decktet-escape", *lobby_lines(3, PHYSICAL))
    box_table = table.box._table()
    live = box_table.live
    assert live is not None and live.state.options["cards"] == "physical"
    rng = random.Random(5)
    play(table, 2, rng, after=lambda: screens_match(table))

    reader = table.sim.virtual_readers["seat2"]
    reader.unplug()  # the USB adapter is pulled out
    table.run("wait 1.5")
    assert [(s.device, s.online) for s in statuses] == [("seat2 reader", False)]
    assert public_says(table, "seat2 reader offline")

    # The game goes on: seat 2 picks its cards in the menus, the others tap theirs.
    seat2 = box_table.players.index("seat2")

    def seat2_to_play() -> bool:
        state = live.state
        return (state.pending()[0].seat == seat2  # type: ignore[attr-defined]
                and state.view(seat2)["phase"] == "turn")

    movers = play(table, 6, rng, menus_only={"seat2"}, after=lambda: screens_match(table))
    assert "seat2" in movers, "seat 2 did not get to play with its buttons"
    play(table, 30, rng, menus_only={"seat2"}, after=lambda: screens_match(table),
         until=seat2_to_play)
    assert seat2_to_play()
    assert [(s.device, s.online) for s in statuses] == [("seat2 reader", False)], (
        "one offline report, however many reopening attempts failed")
    assert public_says(table, "seat2 reader offline")

    card = next(x.card for x in live.state.legal_actions(seat2)  # type: ignore[attr-defined]
                if isinstance(x, a.PlayCard) and x.route is None)
    committed = rows(table)
    table.run("double seat2 peek", f"tag seat2 {card}")
    assert rows(table) == committed, "a tap on an unplugged reader cannot reach the box"

    reader.replug()
    table.run("wait 1.5")  # the reader reopens its port (every second)
    assert [(s.device, s.online) for s in statuses] == [("seat2 reader", False),
                                                        ("seat2 reader", True)]
    assert not public_says(table, "offline")
    table.run(f"tag seat2 {card}")
    assert rows(table) == committed + 1, "the tap on the replugged reader played no card"
    assert live.history[-1].action == a.PlayCard(seat2, card)
    screens_match(table)
