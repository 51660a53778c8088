"""No answer of the phone server carries a secret of a seat it is not for (issue 14).

Random games on the simulated box with its real server (Escape!, where a seat cannot see its
own hand, and Intruder Escape, where a seat's identity and hand are its own); at many points
every address is asked with each phone seat's secret, a freed one, a forged one and none, and
the bytes of each answer are scanned for the secrets of every other seat. A seat's secrets
come from the engine: the strings its ``view(seat)`` has that the reader's view and the public
view do not (hand cards, by name and id), and the names of those cards (a page in words
names a card the view gives by id). The counter-test: a hub double whose models carry
another seat's view is caught by the same scan.
"""

from __future__ import annotations

import json
import random
import re
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from services.games.core import Action
from services.referee.companion.guard import Limits
from services.referee.companion.hub import Hub, Model
from tests.box import intruder_navigator, navigator
from tests.companion import word_secrets
from tests.companion.phone_box import PHONES, PhoneBox, lobby, play
from tests.companion.phones import Answer, Phone

# The scan opens (and drops) an event stream per secret at every point: more than a phone
# would, so the stream limits are wide here (test_server_security.py tests them).
LIMITS = Limits(input_rate=10000, input_burst=10000, max_streams=500, streams_per_seat=500,
                max_connections=500)
GETS = ("/", "/seat", "/api/model", "/qr.svg", "/static/seat.js", "/static/seat.css",
        "/static/icon.svg", "/J/ACDE")
CHECK_EVERY = 6  # moves between two scans
Reader = str | None  # the seat a request is authorised for; None: no seat


def leaves(value: Any, found: set[str] | None = None) -> set[str]:
    """Every string in a view (keys are field names, not secrets)."""
    found = set() if found is None else found
    if isinstance(value, dict):
        for item in value.values():
            leaves(item, found)
    elif isinstance(value, list):
        for item in value:
            leaves(item, found)
    elif isinstance(value, str):
        found.add(value)
    return found


def specific(strings: set[str]) -> set[str]:
    """The strings specific enough to be a secret wherever they appear: a card's name of two
    words or more, or an id with a hyphen ("the Mill", "ace-waves", "flashlight-2"). Single
    words (a suit, a group, an identity) are the game's vocabulary that every screen uses."""
    return {s for s in strings
            if len(s) >= 5 and any(c.isalpha() for c in s) and (" " in s or "-" in s)}


def forbidden(box: PhoneBox) -> dict[Reader, set[str]]:
    """For each reader (a phone seat, or None: a request with no seat), the secrets of every
    other seat: strings in that seat's view that are neither in the reader's view nor in the
    public one, and the names of the cards they are (the pages say names: issue 25)."""
    state, players = box.table.live.state, box.table.players
    data = getattr(box.table.live.game, "data", None)
    views = [state.view(index) for index in range(len(players))]
    fields = set().union(*(word_secrets.leaves(v, keys=True) for v in [*views,
                                                                     state.view(None)]))
    public = word_secrets.names(data, leaves(state.view(None)) | fields)
    knows = {name: word_secrets.names(data, leaves(views[index]))
             for index, name in enumerate(players)}
    found: dict[Reader, set[str]] = {}
    for reader in [*PHONES, None]:
        own = knows.get(reader, set()) if reader is not None else set()
        found[reader] = set().union(*(specific(k - own - public) for name, k in knows.items()
                                      if name != reader))
    return found


def first_event(phone: Phone) -> Answer:
    """The event stream's answer: its first event (read with the connection's timeout), or
    the whole refusal."""
    stream = phone.open_stream()
    try:
        head = {k.lower(): v for k, v in stream.getheaders()}
        if stream.status != 200:
            return Answer(stream.status, head, stream.read())
        lines: list[bytes] = []
        while True:
            line = stream.fp.readline()
            if not line:
                raise EOFError("the event stream ended before its first event")
            lines.append(line)
            if line.strip() == b"" and any(x.startswith(b"data:") for x in lines):
                return Answer(200, head, b"".join(lines))
    finally:
        stream.close()
        phone.streams.clear()


def everything(phone: Phone, code: str) -> Iterator[tuple[str, Answer]]:
    """Every address the server has, as this phone asks it."""
    for path in (*GETS, f"/J/{code}"):
        yield f"GET {path}", phone.send("GET", path)
    yield "GET /api/events", first_event(phone)
    stale = json.dumps({"version": 0, "kind": "press", "value": "ok"})
    yield "POST /api/input", phone.send("POST", "/api/input", stale,
                                        {"Content-Type": "application/json"})
    for seat in PHONES:  # both are taken: a join changes nothing
        yield f"POST /join {seat}", phone.send(
            "POST", "/join", f"seat={seat}&code={code}",
            {"Content-Type": "application/x-www-form-urlencoded"})


EXPECTED = {  # status by (is the request authorised for a seat, address)
    (True, "GET /api/model"): 200, (False, "GET /api/model"): (401, 403),
    (True, "GET /api/events"): 200, (False, "GET /api/events"): (401, 403),
    (True, "GET /seat"): 200, (False, "GET /seat"): 303,
    (True, "POST /api/input"): 409, (False, "POST /api/input"): (401, 403),
}


class Scan:
    """The phones' secrets (``cookies``: reader name -> cookie) and what the scans found."""

    def __init__(self, box: PhoneBox, cookies: dict[str, tuple[Reader, str | None]]) -> None:
        self.box = box
        self.cookies = cookies
        self.leaks: list[str] = []
        self.secrets = 0  # secret-and-answer pairs checked
        self.answers = 0

    def __call__(self, _number: int = 0) -> None:
        secrets_now = forbidden(self.box)
        code = self.box.hub.code
        for who, (reader, cookie) in self.cookies.items():
            words = secrets_now[reader]
            pattern = _pattern(words)
            for what, answer in everything(Phone(self.box.port, cookie), code):
                self._status(who, reader, what, answer)
                raw = json.dumps(answer.headers).encode() + b"\n" + answer.body
                self.answers += 1
                self.secrets += len(words)
                if pattern is None:
                    continue
                for match in pattern.finditer(raw):
                    self.leaks.append(f"{who}: {what} carries {match.group().decode()!r}")

    def _status(self, who: str, reader: Reader, what: str, answer: Answer) -> None:
        wanted = EXPECTED.get((reader is not None, what))
        if wanted is None:
            assert answer.status < 500, (who, what, answer.status, answer.body[:200])
            return
        allowed = wanted if isinstance(wanted, tuple) else (wanted,)
        assert answer.status in allowed, (who, what, answer.status, answer.body[:200])
        if what == "GET /api/model" and reader is not None:
            assert answer.json()["model"]["seat"] == reader


def _pattern(words: set[str]) -> re.Pattern[bytes] | None:
    if not words:
        return None
    ordered = sorted(words, key=len, reverse=True)
    body = b"|".join(re.escape(w.encode()) for w in ordered)
    return re.compile(rb"(?<![A-Za-z0-9])(?:" + body + rb")(?![A-Za-z0-9])")


def seated(box: PhoneBox, game: str) -> dict[str, tuple[Reader, str | None]]:
    """Both phones hold their seats (phone1 after its first phone's seat was freed: that
    phone keeps a freed secret); the game starts. Returns who asks with which cookie."""
    freed = box.join("phone1").cookie
    box.hub.free("phone1")  # the table menu's "Free a phone seat" (tested in tests/box)
    box.join("phone1")
    box.join("phone2", taps=True)
    box.runner.run(lobby(game))
    for seat in PHONES:
        box.tap(seat, "press", "ok")
    box.runner.run(["hold seat1 ok"])
    assert box.table.mode == "game"
    forged = f"refbox_seat={secrets.token_urlsafe(16)}"
    return {"phone1": ("phone1", box.phones["phone1"].phone.cookie),
            "phone2": ("phone2", box.phones["phone2"].phone.cookie),
            "freed": (None, freed), "forged": (None, forged), "none": (None, None)}


def player(game: str, seed: int, box: PhoneBox) -> tuple[Callable[..., list[str]],
                                                        Callable[[Any, int], Action],
                                                        Callable[[Any, Action], bool]]:
    if game == "intruder-escape":
        quick = intruder_navigator.QuickPlayer(seed)
        return (intruder_navigator.presses,
                lambda state, seat: quick.choose(state, seat, box.table.flow),
                intruder_navigator.same)
    rng = random.Random(seed)
    return (navigator.presses, lambda state, seat: rng.choice(state.legal_actions(seat)),
            lambda done, action: bool(done == action))


@pytest.fixture
def box(tmp_path: Path) -> Iterator[PhoneBox]:
    table = PhoneBox(tmp_path / "data", seed=11, limits=LIMITS)
    yield table
    table.close()


@pytest.mark.parametrize(("game", "seed", "moves"), [
    ("decktet-escape", 1, 24), ("intruder-escape", 2, 30), ("intruder-escape", 5, 18)])
def test_no_answer_carries_another_seats_secret(box: PhoneBox, game: str, seed: int,
                                                moves: int) -> None:
    scan = Scan(box, seated(box, game))
    scan()
    navigate, choose, same = player(game, seed, box)
    play(box, navigate, choose, limit=moves, same=same,
         after=lambda n: scan() if n % CHECK_EVERY == 0 else None)
    scan()
    assert scan.leaks == []
    assert scan.answers > 100 and scan.secrets > 200  # the scan looked at something


class LeakyHub(Hub):
    """A hub double whose seat models carry ``spill(seat)``: the bug the scan must find."""

    spill: Callable[[str], Any] | None = None

    def publish(self, seat: str, model: Model) -> None:
        if self.spill is not None:
            model = {**model, "debug": self.spill(seat)}
        super().publish(seat, model)


def test_the_scan_finds_a_model_that_carries_another_seats_view(tmp_path: Path) -> None:
    box = PhoneBox(tmp_path / "data", seed=11, limits=LIMITS, hub=LeakyHub)
    try:
        scan = Scan(box, seated(box, "decktet-escape"))
        scan()
        assert scan.leaks == []  # an honest model first
        hub = box.hub
        assert isinstance(hub, LeakyHub)
        players = box.table.players

        def other_view(seat: str) -> Any:
            other = next(p for p in PHONES if p != seat)
            return box.table.live.state.view(players.index(other))

        hub.spill = other_view
        box.box.phones.forget()  # the hub changed from outside: every model is built anew
        box.runner.run(["press seat1 next"])  # a new render: the leaky models go out
        scan()
    finally:
        box.close()
    leaked = {line.split(" carries ")[0] for line in scan.leaks}
    assert {"phone1: GET /api/model", "phone1: GET /api/events",
            "phone2: GET /api/model", "phone2: GET /api/events"} <= leaked
    assert not any(line.startswith(("none", "forged", "freed")) for line in scan.leaks)
