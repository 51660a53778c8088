"""The join code is reachable during a game (issue 25): the table menu shows it and where
phones join, and the public screen says it, until the next move, when a phone seat is freed
or the code changes (too many wrong codes from the network)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from services.referee.box.script import STEP
from services.referee.companion.hub import Hub, PhoneInput, PhoneSeat
from services.referee.companion.lockout import CodeLimits
from tests.box.navigator import presses
from tests.companion.phone_box import PHONES, PhoneBox, lobby
from tests.companion.phones import Phone


def in_a_game(data: Path, **options: Any) -> PhoneBox:
    """Escape! with two button seats and two phone seats, the game on."""
    box = PhoneBox(data, seed=7, **options)
    for seat in PHONES:
        box.join(seat)
    box.runner.run(lobby("decktet-escape"))
    for seat in PHONES:
        box.tap(seat, "press", "ok")
    box.runner.run(["hold seat1 ok"])
    assert box.table.mode == "game"
    return box


def one_move(box: PhoneBox) -> None:
    """The seat to act makes a move (one it can make without a tag)."""
    table = box.table
    state = table.live.state
    seat = state.pending()[0].seat
    name = table.players[seat]
    for action in state.legal_actions(seat):
        lines = presses(box.runner, name, action)
        if not any(line.startswith("tag") for line in lines):
            before = len(table.live.history)
            box.move(name, lines)
            assert len(table.live.history) > before
            return
    raise AssertionError(f"{name} has no move without a tag")


def menu_of(box: PhoneBox, seat: str) -> dict[str, Any]:
    menu: dict[str, Any] = box.model(seat)["model"]["menu"]
    return menu


def choose(box: PhoneBox, seat: str, label: str) -> None:
    labels = [item["label"] for item in menu_of(box, seat)["items"]]
    box.tap(seat, "choose", labels.index(label))


def test_the_table_menu_shows_the_join_code_and_address_during_a_game(
        tmp_path: Path) -> None:
    box = in_a_game(tmp_path / "data")
    try:
        code = box.hub.code
        box.tap("phone1", "hold", "next")
        labels = [item["label"] for item in menu_of(box, "phone1")["items"]]
        assert labels[-4:] == ["Free a phone seat", f"Phones: code {code}",
                               f"TV: code {box.hub.screen.code}", "End the game"]
        choose(box, "phone1", f"Phones: code {code}")
        shown = menu_of(box, "phone1")
        assert (shown["title"], shown["lines"], [i["label"] for i in shown["items"]]) == (
            "Phones join", [f"at 127.0.0.1:{box.port}", f"code {code}"], ["Back"])
        box.tap("phone1", "choose", 0)
        assert menu_of(box, "phone1") is None  # back to the game
    finally:
        box.close()


def test_the_table_menu_shows_the_table_screens_code_during_a_game(tmp_path: Path) -> None:
    """A TV joins by the table screen's own code (not the phones'): during a game the
    table menu says it and where, and a browser given it follows the game."""
    box = in_a_game(tmp_path / "data")
    try:
        code = box.hub.screen.code
        assert code != box.hub.code
        box.tap("phone2", "hold", "next")
        choose(box, "phone2", f"TV: code {code}")
        shown = menu_of(box, "phone2")
        assert (shown["title"], shown["lines"], [i["label"] for i in shown["items"]]) == (
            "TV screen", [f"at 127.0.0.1:{box.port}", f"/T/{code}", f"or /table, code {code}"],
            ["Back"])
        watcher = Phone(box.port)
        found = watcher.send("GET", f"/T/{code}/model")
        assert found.status == 200 and found.json()["model"]["mode"] == "game"
        box.tap("phone2", "choose", 0)
        assert menu_of(box, "phone2") is None
    finally:
        box.close()


def test_a_phone_seat_freed_in_a_game_is_said_on_the_public_screen_until_the_next_move(
        tmp_path: Path) -> None:
    box = in_a_game(tmp_path / "data")
    try:
        table = box.table
        actor = table.players[table.live.state.pending()[0].seat]
        freed = "phone2" if actor != "phone2" else "phone1"
        by = next(seat for seat in PHONES if seat != freed)
        label = {"phone1": "Seat 7", "phone2": "Seat 8"}[freed]
        box.tap(by, "hold", "next")
        choose(box, by, "Free a phone seat")
        choose(box, by, label)
        choose(box, by, "Yes")
        note = f"{label} free: {box.hub.code}"
        assert note in box.box.texts["public"]
        assert note in box.model(by)["public"]["lines"]  # the phones' public screen too
        del box.phones[freed]  # its phone is gone: it joins again with the code
        box.join(freed)
        one_move(box)
        assert note not in box.box.texts["public"]
    finally:
        box.close()


def test_a_new_code_after_wrong_codes_from_many_devices_is_said_on_the_screens(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    def hub(seats: list[PhoneSeat], submit: Any) -> Hub:
        return Hub(seats, submit, codes=CodeLimits(per_hour=3))

    caplog.set_level(logging.INFO)
    box = in_a_game(tmp_path / "data", hub=hub)
    try:
        first = box.hub.code
        wrong = "AAAA" if first != "AAAA" else "CCCC"
        for source in ("127.0.0.2", "127.0.0.3", "127.0.0.4"):
            phone = box.phone()
            phone.source = source
            assert phone.join("phone1", code=wrong).status == 403
        new = box.hub.code
        assert new != first
        box.runner.advance(STEP)  # the box's next step: nothing was queued, yet it redraws
        assert f"new phone code {new}" in box.box.texts["public"]
        assert f"phones: code {new}" in box.box.texts["director"]
        assert f"the join code is now {new}" in caplog.text
        one_move(box)
        assert f"new phone code {new}" not in box.box.texts["public"]
    finally:
        box.close()


def test_without_its_server_the_code_item_says_why(tmp_path: Path) -> None:
    box = in_a_game(tmp_path / "data")
    try:
        box.hub.url = ""  # as when the phone server could not start
        box.hub.submit(PhoneInput("phone1", box.hub.version("phone1"), "hold", "next"))
        box.runner.advance(STEP)
        items = menu_of(box, "phone1")["items"]
        for start in ("Phones: code", "TV: code"):
            found = next(i for i in items if i["label"].startswith(start))
            assert found["why"] == "The phone server is off: see the box's log."
    finally:
        box.close()
