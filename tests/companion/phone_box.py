"""The simulated box with its real phone server: phones play over HTTP, buttons by script.

:class:`PhoneBox` is a sim box on a fake clock (``threaded=False``) whose composition root
starts the real :class:`~services.referee.companion.server.Companion` on 127.0.0.1 (an
ephemeral port). Its phone seats act only over HTTP, as a phone's page does: each input reads
the seat's model for its version (``GET /api/model``), posts the input (``POST
/api/input``), then the box takes one step. :meth:`PhoneBox.move` turns the navigators' button
lines for a seat into button presses (a hardware seat) or phone inputs (a phone seat).
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from firmware_py.profile import load_profile
from services.games.core import Action
from services.referee.assemble import box_registry, box_rng
from services.referee.box.daemon import Box
from services.referee.box.devices import SimBoard
from services.referee.box.phones import phone_seats
from services.referee.box.script import STEP, FakeClock, ScriptRunner
from services.referee.box.table import JOIN_TURN
from services.referee.companion.guard import Limits
from services.referee.companion.hub import Hub, PhoneInput, PhoneSeat
from services.referee.companion.server import Companion
from services.referee.journal_records import effective_entries
from services.referee.live import LiveGame
from services.referee.tables import GameFlows
from tests.companion.phones import Answer, Phone, next_event

PHONES = ("phone1", "phone2")
FAST = Limits(input_rate=10000, input_burst=10000)
HubFactory = Callable[[list[PhoneSeat], Callable[[PhoneInput], None]], Hub]
Navigate = Callable[[ScriptRunner, str, Action], list[str]]


class PhoneError(AssertionError):
    """The phone server refused an input a player's phone would send."""


def lobby(game: str) -> list[str]:
    """The game chosen, the join step, the two button seats join (the phones join over
    HTTP, then seat1 starts)."""
    return [f"game {game}", "press seat1 prev", "press seat1 ok", "press seat1 ok",
            "press seat2 ok"]


@dataclass
class Seated:
    """A phone holding a seat, and how it acts: ``taps`` chooses menu items as the page's
    buttons do (``choose``), else it presses next/prev/ok like the seat's buttons."""

    phone: Phone
    taps: bool = False
    peeking: bool = False
    moves: int = 0
    seen_live: int = 0  # updates of its own seat read on its event stream
    inputs: list[tuple[str, Any]] = field(default_factory=list)


class PhoneBox:
    """A started sim box with its phone server; ``phones`` maps seat name to its phone."""

    def __init__(self, data: Path, seed: int = 5, *, limits: Limits = FAST,
                 hub: HubFactory | None = None) -> None:
        self.clock = FakeClock()
        profile = load_profile("sim")
        profile = replace(profile, companion=replace(profile.companion, phones_for=()))
        self.sim = SimBoard(screen_backend="memory")
        made = None
        if hub is not None:  # a test double of the hub, fed to the same box queue
            made = hub(phone_seats(profile), lambda event: self.box.events.put(event))
        self.box = Box(profile, data, registry=box_registry(data), flows=GameFlows(),
                       backends=self.sim.backends(self.clock, threaded=False),
                       clock=self.clock, rng=box_rng(seed), hub=made,
                       serve_phones=lambda h: Companion(h, "127.0.0.1", 0, limits=limits))
        self.box.start()
        if self.box.phone_server is None or self.box.hub is None:
            self.box.close()
            raise AssertionError("the sim box did not start its phone server")
        self.hub: Hub = self.box.hub
        self.port = self.box.phone_server.port  # type: ignore[attr-defined]
        self.runner = ScriptRunner(self.box, self.sim, self.clock)
        self.phones: dict[str, Seated] = {}

    @property
    def table(self) -> Any:
        return self.box.table

    def close(self) -> None:
        for seated in self.phones.values():
            seated.phone.close()
        self.box.close()

    # ------------------------------------------------------------------ phones

    def phone(self, cookie: str | None = None) -> Phone:
        return Phone(self.port, cookie, hub=self.hub)

    def code_on_screen(self) -> str:
        """The join code as people read it off the public screen, which turns to the phones'
        join page now and then in the lobby's join step (the address shows the port)."""
        for _ in range(int(2 * JOIN_TURN) + 2):
            texts = self.box.texts.get("public", [])
            if texts and texts[0] == "PHONES":
                assert str(self.port) in "".join(texts), texts
                code = next(t for t in texts if t.startswith("code "))
                return code.removeprefix("code ")
            self.runner.advance(1.0)
        raise AssertionError("the public screen never showed the phones' join page")

    def join(self, seat: str, *, taps: bool = False, code: str | None = None) -> Phone:
        """A phone opens the join page (the QR code's address) and takes ``seat`` with the
        join code (``code``, else the hub's, which the public screen shows)."""
        code = self.hub.code if code is None else code
        phone = self.phone()
        page = phone.send("GET", f"/J/{code}")
        assert page.status == 200 and f'value="{seat}"'.encode() in page.body, page.body[:300]
        answer = phone.join(seat, code=code)
        assert answer.status == 303 and phone.cookie is not None, answer.body
        self.phones[seat] = Seated(phone, taps)
        return phone

    def model(self, seat: str) -> dict[str, Any]:
        """``{"version", "model", "public"}`` as the seat's phone reads it."""
        answer = self.phones[seat].phone.send("GET", "/api/model")
        if answer.status != 200:
            raise PhoneError(f"{seat}: GET /api/model: {answer.status} {answer.body!r}")
        found: dict[str, Any] = answer.json()
        return found

    def tap(self, seat: str, kind: str, value: Any) -> Answer:
        """The phone sends ``kind``/``value`` made on the screen it shows now; the box
        then takes its step."""
        seated = self.phones[seat]
        version = self.model(seat)["version"]
        answer = seated.phone.input(version, kind, value)
        if answer.status != 200:
            raise PhoneError(f"{seat}: {kind} {value!r}: {answer.status} {answer.body!r}")
        seated.inputs.append((kind, value))
        self.runner.advance(STEP)
        return answer

    def watch(self, seat: str, act: Callable[[], None]) -> None:
        """Run ``act`` with the seat's event stream open: the stream must bring the seat's
        model as it stands after ``act`` (read with the connection's timeout, no sleeping)."""
        seated = self.phones[seat]
        stream = seated.phone.open_stream()
        try:
            assert stream.status == 200, stream.read()
            name, first = next_event(stream)
            assert name == "model" and first["model"]["seat"] == seat
            act()
            final = self.model(seat)
            if final["version"] == first["version"]:
                return  # nothing changed on this seat's screen: nothing to push
            while True:
                name, data = next_event(stream)
                assert name == "model" and data["model"]["seat"] == seat
                if data == final:  # its screen and the public one, as they are now
                    seated.seen_live += 1
                    return
                assert data["version"] <= final["version"]
        finally:
            stream.close()  # the socket with it: the server sees the phone go

    # ------------------------------------------------------------------ moving

    def move(self, seat: str, lines: list[str]) -> None:
        """The navigator's button lines for ``seat``: pressed on its buttons, or sent from
        its phone (a double peek is a held peek, let go after the move)."""
        if seat not in self.phones:
            self.runner.run(lines)
            return
        seated = self.phones[seat]
        pending: list[str] = []  # next/prev presses a tapping phone has not sent yet
        for line in lines:
            word, who, role = line.split()
            if who != seat:
                raise AssertionError(f"{line!r} is not for {seat}")
            if word == "press" and role in ("next", "prev") and seated.taps:
                pending.append(role)
                continue
            if (word, role) == ("press", "ok") and seated.taps and self._on_menu(seat):
                self._choose(seat, pending)
                pending = []
                continue
            for step in pending:  # no menu to tap on: the presses themselves
                self.tap(seat, "press", step)
            pending = []
            if word in ("press", "hold"):
                self.tap(seat, word, role)
            elif (word, role) == ("double", "peek"):
                self.tap(seat, "peek", True)
                seated.peeking = True
            else:
                raise AssertionError(f"a phone cannot do {line!r}")
        for step in pending:
            self.tap(seat, "press", step)
        if seated.peeking:
            self.tap(seat, "peek", False)
            seated.peeking = False
        seated.moves += 1

    def _on_menu(self, seat: str) -> bool:
        """A menu is open with nothing to read over it: ok chooses its item."""
        model = self.model(seat)["model"]
        return model["menu"] is not None and not model["notice"]

    def _choose(self, seat: str, steps: list[str]) -> None:
        """The item the presses would reach, tapped on the phone's menu."""
        menu = self.model(seat)["model"]["menu"]
        assert menu is not None, f"{seat}: {steps} then ok, with no menu on the phone"
        size = len(menu["items"])
        index = (menu["cursor"] + steps.count("next") - steps.count("prev")) % size
        self.tap(seat, "choose", index)


def play(box: PhoneBox, navigate: Navigate, choose: Callable[[Any, int], Action],
         limit: int, watch_every: int = 0,
         same: Callable[[Any, Action], bool] = operator.eq,
         after: Callable[[int], None] | None = None) -> list[Action]:
    """Moves until the game ends (at most ``limit``); returns the actions the table applied,
    each checked against the one chosen (``same``). A phone's move is watched on its event
    stream every ``watch_every`` moves of it; ``after(n)`` runs after the n-th move."""
    table = box.table
    applied: list[Action] = []
    for number in range(1, limit + 1):
        live = table.live
        if live.state.outcome() is not None:
            break
        prompt = live.state.pending()[0]
        seat = table.players[prompt.seat]
        action = choose(live.state, prompt.seat)
        legal = action in live.state.legal_actions(prompt.seat)
        lines = navigate(box.runner, seat, action)
        before = len(live.history)
        seated = box.phones.get(seat)
        if seated is not None and watch_every and seated.moves % watch_every == 0:
            box.watch(seat, functools.partial(box.move, seat, lines))
        else:
            box.move(seat, lines)
        new = [step.action for step in live.history[before:] if step.kind == "action"]
        assert len(new) == (1 if legal else 0), f"{seat}: {action}: applied {new}"
        assert all(same(done, action) for done in new), f"{seat}: {action}: applied {new}"
        applied += new
        if after is not None:
            after(number)
    return applied


def journal_actions(box: PhoneBox) -> list[Action]:
    """The game's moves as its journal has them (replayed from the rows)."""
    live = box.table.live
    entries = effective_entries(live.journal.entries(live.id))
    return [live.game.parse_action(entry.body) for entry in entries if entry.kind == "action"]


def replayed(box: PhoneBox) -> LiveGame:
    live = box.table.live
    return LiveGame.resume(live.journal, live.id, box.box.registry)
