"""The director screen is the host's view of the box: the state of the table, the journal's
game and moves, the box's seats, the first offline device and the phones' code; no secret
(issue 24: it showed only "refbox" in every game)."""

from __future__ import annotations

import random

from firmware_py.events import DeviceStatus
from services.games.registry import default_registry
from services.referee.box.host import HostFacts, host_screen
from services.referee.box.table import Seat, Table
from services.referee.journal import Journal
from services.referee.tables import GameFlows
from tests.box.test_bot_seats import start

SEATS = [Seat(f"seat{n}", f"Seat {n}") for n in range(1, 7)]


def director(table: Table, now: float = 1.0) -> list[str]:
    return table.screens(now)["director"].texts


def offline(table: Table, device: str, online: bool = False) -> None:
    table.handle(DeviceStatus(device, "/dev/i2c-1", online, "no answer", 1.0), 1.0)


def test_every_state_in_words() -> None:
    assert host_screen(HostFacts("lobby")).texts == ["refbox", "lobby: choose a game"]
    assert host_screen(HostFacts("lobby", "Innsmouth 32", join_code="4821")).texts == [
        "refbox", "lobby: Innsmouth 32", "phones: code 4821"]
    assert host_screen(HostFacts("offer", "Asylum Escape", 12, 34)).texts == [
        "Continue?", "Asylum Escape", "game 12 is kept", "34 moves kept", "the table chooses"]
    assert host_screen(HostFacts("paused", "Escape!", 4, 1)).texts == [
        "Escape!", "PAUSED: game 4 saved", "1 move kept"]
    assert host_screen(HostFacts("over", "Intruder Escape", 5, 120)).texts == [
        "Intruder Escape", "game 5 is over", "120 moves kept"]


def test_box_seats_faults_and_the_code_fit_the_screen() -> None:
    canvas = host_screen(HostFacts("game", "Innsmouth Escape", 3, 57, ("hard",),
                                   "seat3 reader offline", 2, "4821"))
    assert canvas.texts == ["Innsmouth Escape", "playing game 3", "57 moves kept",
                            "box: 1 seat, hard", "2 devices offline",
                            "phones: code 4821"]
    mixed = host_screen(HostFacts("game", "Asylum Escape", 1, 0, ("hard", "normal")))
    assert mixed.texts[3] == "box plays 2 seats"  # both levels do not fit 21 columns
    same = host_screen(HostFacts("game", "Asylum Escape", 1, 0, ("hard", "hard")))
    assert same.texts[3] == "box: 2 seats, hard"
    one_fault = host_screen(HostFacts("game", "Escape!", 1, 0, fault="seat2 screen offline",
                                      faults=1))
    assert one_fault.texts[3] == "seat2 screen offline"
    for shown in (canvas, mixed, one_fault):
        assert shown.overflow == []


def test_a_table_tells_its_game_the_box_seats_and_an_offline_device() -> None:
    with Journal(":memory:") as journal:
        table = Table(default_registry(), journal, SEATS, random.Random(3), flows=GameFlows())
        table.join_code = lambda: "7314"
        assert director(table) == ["refbox", "lobby: choose a game", "phones: code 7314"]
        start(table, "asylum-escape", 2, role="hard", others=1)
        live = table.live
        assert live is not None
        assert director(table) == ["Asylum Escape", f"playing game {live.id}",
                                   f"{len(live.history)} moves kept",
                                   "box plays 2 seats", "phones: code 7314"]
        offline(table, "seat2 reader")
        offline(table, "seat4 screen")
        assert director(table)[4:] == ["2 devices offline", "phones: code 7314"]
        offline(table, "seat4 screen", online=True)
        assert director(table)[4:] == ["seat2 reader offline", "phones: code 7314"]
        offline(table, "seat2 reader", online=True)
        assert "offline" not in " ".join(director(table))


def test_the_screen_is_drawn_again_only_when_what_it_shows_changes() -> None:
    with Journal(":memory:") as journal:
        table = Table(default_registry(), journal, SEATS, random.Random(3), flows=GameFlows())
        first = table.screens(1.0)["director"]
        assert table.screens(2.0)["director"] is first
        offline(table, "seat1 screen")
        assert table.screens(3.0)["director"] is not first
