"""A phone for the companion server's tests: http.client against the real server."""

from __future__ import annotations

import http.client
import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from services.referee.companion.guard import Limits
from services.referee.companion.hub import Hub, PhoneInput, PhoneSeat
from services.referee.companion.lockout import CodeLimits
from services.referee.companion.server import Companion

TIMEOUT = 5.0  # seconds a test waits for the server before it fails


class FrozenClock:
    """The rate limiter's and the join code guard's clock: time passes only when a test
    says so."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def model(label: str, *, screen: str = "Your turn", peek: str | None = None,
          notice: str = "") -> dict[str, Any]:
    """A seat model as the box would publish it."""
    return {"seat": label.lower().replace(" ", ""), "label": label, "mode": "game",
            "screen": {"title": label, "lines": [screen]},
            "peek": {"title": "You are", "lines": [peek]} if peek else None,
            "menu": {"title": "Act", "lines": [], "cursor": 0,
                     "items": [{"label": "Search", "why": ""},
                               {"label": "Fight", "why": "no weapon"}]},
            "notice": notice, "can": ["ok", "next", "prev", "back", "peek"],
            "public": {"title": "Round 1", "lines": ["Seat 5 to play"]}}


@dataclass
class Table:
    """A hub with two phone seats, the inputs the box received, and the running server."""

    hub: Hub
    server: Companion
    received: list[PhoneInput]
    clock: FrozenClock

    def phone(self, cookie: str | None = None, source: str = "127.0.0.1") -> Phone:
        return Phone(self.server.port, cookie, hub=self.hub, source=source)


@contextmanager
def running(**limits: Any) -> Iterator[Table]:
    received: list[PhoneInput] = []
    clock = FrozenClock()
    hub = Hub([PhoneSeat("phone1", "Seat 5"), PhoneSeat("phone2", "Seat 6")], received.append,
              codes=CodeLimits(clock=clock))
    server = Companion(hub, "127.0.0.1", 0, limits=Limits(clock=clock, **limits))
    with server:
        yield Table(hub, server, received, clock)


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Phone:
    port: int
    cookie: str | None = None  # "refbox_seat=..." as the browser would send it
    streams: list[http.client.HTTPConnection] = field(default_factory=list)
    hub: Hub | None = None  # the table's hub: the phone reads the join code off its screen
    source: str = "127.0.0.1"  # the phone's own address (127.0.0.2: another device)

    def connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT,
                                          source_address=(self.source, 0))

    def send(self, method: str, path: str, body: bytes | str | None = None,
             headers: dict[str, str] | None = None) -> Answer:
        connection = self.connect()
        try:
            connection.request(method, path, body=body, headers=self._headers(headers))
            response = connection.getresponse()
            return Answer(response.status, {k.lower(): v for k, v in response.getheaders()},
                          response.read())
        finally:
            connection.close()

    def join(self, seat: str, accept: str = "application/json",
             code: str | None = None) -> Answer:
        if code is None:
            code = self.hub.code if self.hub is not None else ""
        answer = self.send("POST", "/join", f"seat={seat}&code={code}",
                           {"Content-Type": "application/x-www-form-urlencoded",
                            "Accept": accept})
        if "set-cookie" in answer.headers:
            self.cookie = answer.headers["set-cookie"].split(";")[0]
        return answer

    def input(self, version: Any, kind: str, value: Any) -> Answer:
        return self.send("POST", "/api/input",
                         json.dumps({"version": version, "kind": kind, "value": value}),
                         {"Content-Type": "application/json"})

    def open_stream(self) -> http.client.HTTPResponse:
        connection = self.connect()
        self.streams.append(connection)
        connection.request("GET", "/api/events", headers=self._headers(None))
        return connection.getresponse()

    def close(self) -> None:
        for connection in self.streams:
            connection.close()

    def _headers(self, extra: dict[str, str] | None) -> dict[str, str]:
        headers = dict(extra or {})
        if self.cookie is not None:
            headers["Cookie"] = self.cookie
        return headers


def next_event(stream: http.client.HTTPResponse) -> tuple[str, Any]:
    """The stream's next event (name, JSON data), skipping comments; waits at most the
    connection's timeout (socket.timeout fails the test)."""
    name, data = "message", None
    while True:
        line = stream.fp.readline()
        if not line:
            raise EOFError("the server closed the event stream")
        text = line.decode().rstrip("\r\n")
        if text == "":
            if data is not None:
                return name, json.loads(data)
            continue
        if text.startswith(":"):
            continue
        key, _, value = text.partition(": ")
        if key == "event":
            name = value
        elif key == "data":
            data = value


def assert_quiet(records: list[logging.LogRecord], err: str) -> None:
    """Nothing was logged at ERROR or worse and nothing printed to stderr (a traceback that
    microdot prints, an exception asyncio logs): ``caplog.records``, ``capfd``'s err."""
    loud = [f"{r.name}: {r.getMessage()}" for r in records if r.levelno >= logging.ERROR]
    assert loud == [], loud
    assert err == "", err
