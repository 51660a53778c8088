"""Phone seats at the box (issue 14, the daemon side): a table of two hardware seats and two
phone seats plays Escape! to its end, the phones driven only through the hub's PhoneInput;
stale or meaningless input changes nothing; a phone seat's model never depends on what that
seat may not know; the journal's resume keeps the phone seats' game; the table menu frees a
phone seat."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from firmware_py.profile import load_profile
from services.games.core import Action
from services.referee.assemble import box_registry, box_rng
from services.referee.box.daemon import Box
from services.referee.box.devices import SimBoard
from services.referee.box.phones import phone_seats
from services.referee.box.script import FakeClock, ScriptRunner
from services.referee.box.seat_models import seat_model
from services.referee.box.table import Seat
from services.referee.companion.hub import CompanionError, Hub, PhoneInput
from services.referee.companion.words import decktet_escape as decktet_words
from services.referee.tables import GameFlows
from tests.box.navigator import path_to, presses
from tests.box.test_hidden_info import swapped

PHONES = ("phone1", "phone2")
LOBBY = ["game decktet-escape", "press seat1 prev", "press seat1 ok",  # the join step
         "press seat1 ok", "press seat2 ok"]


class PhoneTable:
    """The simulated box with a hub for its two phone seats, on a fake clock."""

    def __init__(self, data: Path, seed: int = 5, phones_for: tuple[str, ...] = (),
                 tokens: dict[str, str] | None = None) -> None:
        self.clock = FakeClock()
        profile = load_profile("sim")
        profile = replace(profile, companion=replace(profile.companion, phones_for=phones_for))
        self.hub = Hub(phone_seats(profile), self._submit)
        self.sim = SimBoard(screen_backend="memory")
        self.box = Box(profile, data, registry=box_registry(data), flows=GameFlows(),
                       backends=self.sim.backends(self.clock, threaded=False), clock=self.clock,
                       rng=box_rng(seed), hub=self.hub)
        self.box.start()
        self.runner = ScriptRunner(self.box, self.sim, self.clock)
        # after a restart the phones still hold their seats (phones.json beside the journal)
        self.tokens = tokens or {name: self.hub.join(name, self.hub.code) for name in PHONES}

    def _submit(self, event: PhoneInput) -> None:
        self.box.events.put(event)

    @property
    def table(self) -> Any:
        return self.box.table

    def model(self, seat: str) -> dict[str, Any]:
        return self.hub.model(seat)[1]

    def phone(self, seat: str, kind: str, value: Any) -> None:
        """The seat's phone sends input made on the screen it shows now."""
        self.hub.submit(PhoneInput(self.hub.seat_of(self.tokens[seat]),
                                   self.hub.version(seat), kind, value))
        self.runner.advance(0.02)

    def stale(self, seat: str, version: int, kind: str, value: Any) -> None:
        """Input that passed the hub's check and then went stale in the queue."""
        self.box.events.put(PhoneInput(seat, version, kind, value))
        self.runner.advance(0.02)

    def run(self, *lines: str) -> None:
        self.runner.run(lines)

    def close(self) -> None:
        self.box.close()


@pytest.fixture
def phones(tmp_path: Path) -> Any:
    table = PhoneTable(tmp_path / "data")
    yield table
    table.close()


def start_game(phones: PhoneTable) -> None:
    phones.run(*LOBBY)
    for seat in PHONES:
        phones.phone(seat, "press", "ok")
    assert phones.model("phone1")["screen"]["lines"] == ["JOINED", "hold OK: start"]
    phones.run("hold seat1 ok")
    assert phones.table.mode == "game"
    assert phones.table.players == ["seat1", "seat2", *PHONES]


def phone_moves(phones: PhoneTable, seat: str, action: Action) -> None:
    """The phone opens its menu and taps its way to ``action``, each tap on the new menu."""
    table = phones.table
    index = table.players.index(seat)
    path = path_to(table.flow.action_menu(index, table.live.state), action)
    assert path is not None, f"{action} is not in {seat}'s menus"
    phones.phone(seat, "press", "ok")
    for position in path:
        menu = phones.model(seat)["menu"]
        assert menu is not None and position < len(menu["items"])
        phones.phone(seat, "choose", position)


def check_twins(phones: PhoneTable) -> int:
    """Each phone seat's model is the same in a twin game that differs only in what the seat
    may not know (its own cards, the draw pile): it can show nothing of them."""
    table, now = phones.table, phones.clock()
    live = table.live
    if live is None or table.mode != "game":
        return 0
    checks = 0
    for name in PHONES:
        twin = swapped(live.state, [table.players.index(name)])
        if twin is None:
            continue
        seat = Seat(name, table._label(name))
        table.forget()  # the state is swapped from outside below: every screen drawn anew
        mine = seat_model(table, seat, table.screens(now))
        real, live.state = live.state, twin
        try:
            table.forget()
            other = seat_model(table, seat, table.screens(now))
        finally:
            live.state = real
            table.forget()
        assert mine == other, f"{name}'s model depends on its own cards"
        checks += 1
    return checks


def play_to_the_end(phones: PhoneTable, seed: int) -> tuple[int, int]:
    """Random legal moves: buttons for the hardware seats, taps for the phones."""
    rng = random.Random(seed)
    table = phones.table
    taps = twins = 0
    for _ in range(400):
        live = table.live
        if live.state.outcome() is not None:
            break
        prompt = live.state.pending()[0]
        seat = table.players[prompt.seat]
        action = rng.choice(live.state.legal_actions(prompt.seat))
        before = len(live.history)
        if seat in PHONES:
            phone_moves(phones, seat, action)
            taps += 1
        else:
            for line in presses(phones.runner, seat, action):
                phones.run(line)
        assert len(live.history) > before, f"{seat}: {action} was not applied"
        twins += check_twins(phones)
    return taps, twins


def test_two_phones_and_two_button_seats_play_escape_to_the_end(phones: PhoneTable) -> None:
    start_game(phones)
    first = phones.model("phone1")
    assert (first["label"], first["mode"], first["menu"]) == ("Seat 7", "game", None)
    assert "peek" in first["can"] and first["peek"]["title"] == "Seat 7: the other hands"
    assert first["screen"] is None  # in a game the page is in words, not the OLED's text
    assert first["status"] == "Seat 1 is to act."
    assert [r["label"] for r in first["peek"]["rows"]] == ["Seat 1", "Seat 2", "Seat 8",
                                                          "Your cards"]
    taps, twins = play_to_the_end(phones, seed=3)
    assert phones.table.live.state.outcome() is not None
    assert phones.table.mode == "over"
    assert taps > 10 and twins > 20
    over = phones.model("phone2")
    assert over["mode"] == "over" and over["peek"] is None and over["public"]["title"]
    phones.phone("phone2", "hold", "ok")  # leave the reveal, from a phone
    assert phones.table.mode == "lobby"


def test_the_twin_check_catches_a_model_that_shows_its_own_cards(
        phones: PhoneTable, monkeypatch: pytest.MonkeyPatch) -> None:
    start_game(phones)
    original = decktet_words.peek
    state = phones.table.live

    def leaky(view: dict[str, Any], labels: Any, seat: int, data: Any = None) -> Any:
        found = original(view, labels, seat, data)  # the bug: own cards in the peek's words
        found["lines"].append(" ".join(state.state.hands[seat]))
        return found

    monkeypatch.setattr(decktet_words, "peek", leaky)
    with pytest.raises(AssertionError, match="depends on its own cards"):
        check_twins(phones)


def test_a_stale_input_changes_nothing(phones: PhoneTable) -> None:
    start_game(phones)
    table = phones.table
    actor = table.players[table.live.state.pending()[0].seat]
    phone = next(p for p in PHONES if p != actor)
    phones.phone(phone, "peek", True)  # held: the box shows the seat's secrets on its screen
    assert table.privacy.shown(phone, phones.clock())
    seen = phones.hub.version(phone)
    phones.phone(phone, "hold", "next")  # its table menu opens: what it showed is stale
    version, model = phones.hub.model(phone)
    assert version > seen and model["menu"]["title"] == "Table menu"
    history = len(table.live.history)
    for kind, value in (("hold", "next"), ("press", "ok"), ("press", "next"), ("choose", 0)):
        phones.stale(phone, seen, kind, value)
    assert phones.hub.model(phone) == (version, model)
    assert len(table.live.history) == history and table.system[phone].cursor == 0
    with pytest.raises(CompanionError) as refused:  # the hub itself refuses it too
        phones.hub.submit(PhoneInput(phone, seen, "press", "ok"))
    assert refused.value.status == 409
    phones.stale(phone, seen, "peek", False)  # but a release always hides the secrets again
    assert not table.privacy.shown(phone, phones.clock())


def test_two_inputs_made_on_one_screen_only_the_first_counts(phones: PhoneTable) -> None:
    """Both reach the queue before the daemon's next step (the hub's check passed for both):
    the second was made on a screen the first has changed, so it is ignored."""
    start_game(phones)
    table = phones.table
    seen = phones.hub.version("phone1")
    phones.box.events.put(PhoneInput("phone1", seen, "hold", "next"))  # the table menu
    phones.box.events.put(PhoneInput("phone1", seen, "choose", 0))  # "Back to the game"
    phones.runner.advance(0.02)
    assert table.system["phone1"].title == "Table menu"
    assert phones.model("phone1")["menu"]["title"] == "Table menu"


def test_a_choice_outside_the_menu_or_nonsense_changes_nothing(phones: PhoneTable) -> None:
    start_game(phones)
    table = phones.table
    state = table.live.state
    while (actor := table.players[state.pending()[0].seat]) not in PHONES:
        for line in presses(phones.runner, actor, state.legal_actions(state.pending()[0].seat)[0]):
            phones.run(line)  # the button seats move until a phone's turn comes
        state = table.live.state
    history = len(table.live.history)
    phones.phone(actor, "press", "ok")
    menu = phones.model(actor)["menu"]
    assert menu is not None and menu["items"]
    before = phones.hub.model(actor)
    for kind, value in (("choose", len(menu["items"])), ("choose", -1), ("choose", True),
                        ("choose", "1"), ("press", "peek"), ("hold", "back"), ("wave", 1)):
        phones.phone(actor, kind, value)
        assert phones.hub.model(actor) == before, (kind, value)
    assert len(table.live.history) == history


def test_resume_keeps_the_phone_seats_game(tmp_path: Path) -> None:
    first = PhoneTable(tmp_path / "data")
    try:
        start_game(first)
        rng = random.Random(1)
        live = first.table.live
        while len(live.history) < 4:
            prompt = live.state.pending()[0]
            seat = first.table.players[prompt.seat]
            action = rng.choice(live.state.legal_actions(prompt.seat))
            if seat in PHONES:
                phone_moves(first, seat, action)
            else:
                for line in presses(first.runner, seat, action):
                    first.run(line)
        moves = [step.action for step in live.history]
    finally:
        first.close()  # a power cut: the game was not paused
    again = PhoneTable(tmp_path / "data", tokens=first.tokens)
    try:
        assert {name: again.hub.seat_of(token) for name, token in first.tokens.items()} == {
            name: name for name in PHONES}  # each phone's secret still holds its seat
        assert again.table.mode == "game"
        assert again.table.players == ["seat1", "seat2", *PHONES]
        assert [step.action for step in again.table.live.history] == moves
        assert again.model("phone2")["mode"] == "game"
    finally:
        again.close()


def test_the_table_menu_frees_a_phone_seat(phones: PhoneTable) -> None:
    start_game(phones)
    phones.phone("phone1", "hold", "next")  # the table menu, from a phone
    menu = phones.model("phone1")["menu"]
    labels = [item["label"] for item in menu["items"]]
    assert menu["title"] == "Table menu" and "Free a phone seat" in labels
    phones.phone("phone1", "choose", labels.index("Free a phone seat"))
    menu = phones.model("phone1")["menu"]
    assert [item["label"] for item in menu["items"]] == ["Seat 7", "Seat 8", "Back"]
    phones.phone("phone1", "choose", 1)
    menu = phones.model("phone1")["menu"]
    assert menu["title"] == "Free Seat 8?"
    assert phones.hub.seat_of(phones.tokens["phone2"]) == "phone2"  # not before "Yes"
    phones.phone("phone1", "choose", 1)
    with pytest.raises(CompanionError) as gone:
        phones.hub.seat_of(phones.tokens["phone2"])
    assert gone.value.status == 403
    assert phones.model("phone1")["menu"] is None  # back to the game
    assert phones.table.players == ["seat1", "seat2", *PHONES]  # the seat still plays
    assert phones.hub.seat_of(phones.hub.join("phone2", phones.hub.code)) == "phone2"


def test_in_the_lobby_held_next_frees_a_lost_phones_seat(phones: PhoneTable) -> None:
    phones.run(*LOBBY[:3])  # the join step: a seat held by a lost phone cannot be joined
    assert "table" in phones.model("phone1")["can"]
    phones.run("hold seat2 next")  # the table menu, from a seat's buttons
    assert phones.box.texts["seat2"][0] == "Table menu"
    phones.run("press seat2 next", "press seat2 next", "press seat2 ok")  # Free a phone seat
    # (after "The box plays...": Escape! has box partners)
    assert phones.box.texts["seat2"][0] == "Free which seat?"
    phones.run("press seat2 ok", "press seat2 next", "press seat2 ok")  # Seat 7, Yes
    with pytest.raises(CompanionError):
        phones.hub.seat_of(phones.tokens["phone1"])
    assert phones.hub.seat_of(phones.tokens["phone2"]) == "phone2"
    assert phones.table.mode == "lobby" and "seat2" not in phones.table.system
    phones.run("hold seat2 next", "hold seat2 ok")  # hold ok leaves it, as in a game
    assert "seat2" not in phones.table.system and phones.table.lobby.step == "join"


def test_a_box_without_a_hub_has_no_phone_seats(tmp_path: Path) -> None:
    clock = FakeClock()
    sim = SimBoard(screen_backend="memory")
    data = tmp_path / "data"
    box = Box(load_profile("sim"), data, registry=box_registry(data), flows=GameFlows(),
              backends=sim.backends(clock, threaded=False), clock=clock, rng=box_rng(1))
    box.start()
    try:
        assert [s.name for s in box.table.seats] == [f"seat{n}" for n in range(1, 7)]
        box.events.put(PhoneInput("phone1", 0, "press", "ok"))
        assert box.step() == 1  # taken off the queue, logged, nothing else
        assert box.table.lobby.joined == []
    finally:
        box.close()


def test_a_hardware_seat_named_in_phones_for_takes_its_buttons_and_its_phone(
        tmp_path: Path) -> None:
    phones = PhoneTable(tmp_path / "data", phones_for=("seat3",))
    try:
        assert [s.name for s, _taken in phones.hub.seats()] == ["seat3", *PHONES]
        assert [s.name for s in phones.table.seats][6:] == list(PHONES)  # seat3 once
        phones.tokens["seat3"] = phones.hub.join("seat3", phones.hub.code)
        phones.run(*LOBBY)
        phones.phone("seat3", "press", "ok")
        assert phones.table.lobby.joined == ["seat1", "seat2", "seat3"]
        assert phones.model("seat3")["screen"]["lines"] == ["JOINED", "hold OK: start"]
        phones.run("press seat3 ok")  # its own button: it leaves again
        assert phones.table.lobby.joined == ["seat1", "seat2"]
        assert phones.model("seat3")["screen"]["lines"] == ["press OK to join"]
    finally:
        phones.close()
