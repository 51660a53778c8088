"""The phone server, for real on an ephemeral port: joining, the seat page, input, the stream."""

from __future__ import annotations

import http.client
import json
import socket

import pytest

from services.referee.companion.hub import CompanionError, Hub, PhoneInput, PhoneSeat
from services.referee.companion.server import STOPPING, Companion, CompanionStartError
from tests.companion.phones import model, next_event, running

SECURITY = {
    "content-security-policy": ("default-src 'self'; form-action 'self'; "
                                "frame-ancestors 'none'; base-uri 'none'"),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cache-control": "no-store",
}


def test_a_phone_joins_a_free_seat_and_keeps_it_on_reload() -> None:
    with running() as table:
        table.hub.publish("phone1", model("Seat 5"))
        phone = table.phone()
        lobby = phone.send("GET", "/")
        assert lobby.status == 200
        assert b'name="seat" value="phone1">Seat 5</button>' in lobby.body
        assert b'value="phone2">Seat 6</button>' in lobby.body

        joined = phone.join("phone1")
        assert (joined.status, joined.headers["location"]) == (303, "/seat")
        cookie = joined.headers["set-cookie"]
        assert cookie.startswith("refbox_seat=")
        assert {"Path=/", "HttpOnly", "SameSite=Strict"} <= {p.strip() for p in
                                                             cookie.split(";")}
        assert table.hub.seat_of(phone.cookie.split("=", 1)[1]) == "phone1"

        reloaded = phone.send("GET", "/")
        assert (reloaded.status, reloaded.headers["location"]) == (303, "/seat")
        page = phone.send("GET", "/seat")
        assert page.status == 200
        assert b'<h1 id="label">Seat 5</h1>' in page.body
        assert b'<script src="/static/seat.js" defer></script>' in page.body
        assert b"<script>" not in page.body and b"style=" not in page.body
        again = phone.join("phone1")  # the join page sent twice: still the same seat
        assert (again.status, again.headers["location"]) == (303, "/seat")
        assert "set-cookie" not in again.headers

        lobby = table.phone().send("GET", "/")
        assert "Seat 5 — taken</button>".encode() in lobby.body


def test_a_second_phone_cannot_take_a_taken_seat() -> None:
    with running() as table:
        first, second = table.phone(), table.phone()
        first.join("phone1")
        refused = second.join("phone1")
        assert refused.status == 409
        assert refused.json() == {"error": "Seat 5 is taken by another phone; choose a free "
                                           "seat, or free it from the table menu"}
        assert second.cookie is None
        shown = second.join("phone1", accept="text/html,*/*")
        assert shown.status == 409
        assert b'role="alert">Seat 5 is taken by another phone' in shown.body
        assert table.hub.bindings() == {"phone1": first.cookie.split("=", 1)[1]}

        moving = first.join("phone2")  # one phone, one seat
        assert moving.status == 409
        assert moving.json()["error"].startswith("this phone already has Seat 5")
        assert [taken for _seat, taken in table.hub.seats()] == [True, False]


def test_a_freed_seat_lets_its_old_phone_go_and_a_new_one_in() -> None:
    with running() as table:
        table.hub.publish("phone1", model("Seat 5"))
        old = table.phone()
        old.join("phone1")
        stream = old.open_stream()
        assert next_event(stream)[0] == "model"

        table.hub.free("phone1")
        assert next_event(stream) == ("freed", {"error": "this phone's seat was freed or never "
                                                         "existed: join again"})
        old.close()
        assert old.send("GET", "/api/model").status == 403
        assert old.send("GET", "/seat").headers["location"] == "/"
        assert old.send("GET", "/").status == 200  # the join page again
        assert old.input(1, "press", "ok").status == 403

        new = table.phone()
        assert new.join("phone1").status == 303
        assert new.send("GET", "/api/model").json()["model"]["label"] == "Seat 5"
        assert table.received == []


def test_the_model_is_the_seats_own_with_its_version() -> None:
    with running() as table:
        table.hub.publish("phone1", model("Seat 5", peek="the Traitor"))
        table.hub.publish_public({"title": "Round 1", "lines": ["Seat 5 to play"]})
        phone = table.phone()
        phone.join("phone1")
        answer = phone.send("GET", "/api/model")
        assert answer.status == 200
        assert answer.json() == {"version": 1, "model": model("Seat 5", peek="the Traitor"),
                                 "public": {"title": "Round 1", "lines": ["Seat 5 to play"]}}
        assert answer.headers["cache-control"] == "no-store"


@pytest.mark.parametrize("kind,value", [("press", "ok"), ("press", "next"), ("press", "prev"),
                                        ("press", "back"), ("hold", "ok"), ("hold", "next"),
                                        ("choose", 1), ("peek", True), ("peek", False)])
def test_an_input_reaches_the_box_as_a_phone_input(kind: str, value: object) -> None:
    with running() as table:
        table.hub.publish("phone2", model("Seat 6"))
        phone = table.phone()
        phone.join("phone2")
        answer = phone.input(1, kind, value)
        assert (answer.status, answer.json()) == (200, {"ok": True})
        assert table.received == [PhoneInput("phone2", 1, kind, value, at=table.clock.now)]


def test_a_stale_version_is_refused_and_changes_nothing() -> None:
    with running() as table:
        table.hub.publish("phone1", model("Seat 5"))
        table.hub.publish("phone1", model("Seat 5", screen="Next turn"))
        phone = table.phone()
        phone.join("phone1")
        answer = phone.input(1, "choose", 0)
        assert answer.status == 409
        assert answer.json() == {"error": "the screen changed before this was sent: look again "
                                          "and choose on the new screen"}
        assert table.received == []
        assert table.hub.model("phone1") == (2, model("Seat 5", screen="Next turn"))


def test_the_event_stream_pushes_every_new_version() -> None:
    with running() as table:
        table.hub.publish("phone1", model("Seat 5"))
        phone = table.phone()
        phone.join("phone1")
        stream = phone.open_stream()
        assert stream.status == 200
        assert stream.getheader("Content-Type") == "text/event-stream"
        assert stream.getheader("Cache-Control") == "no-store"
        assert next_event(stream) == ("model", {"version": 1, "model": model("Seat 5"),
                                                "public": {}})

        table.hub.publish("phone1", model("Seat 5", notice="Not your turn"))
        name, data = next_event(stream)
        assert (name, data["version"], data["model"]["notice"]) == ("model", 2, "Not your turn")

        table.hub.publish("phone2", model("Seat 6", screen="for seat 6 only"))
        table.hub.publish_public({"title": "Round 2", "lines": []})
        name, data = next_event(stream)  # the other seat's version was not sent
        assert (name, data["version"], data["public"]) == (
            "model", 2, {"title": "Round 2", "lines": []})
        phone.close()


def test_stop_returns_with_a_stream_open_and_frees_the_port() -> None:
    received: list[PhoneInput] = []
    hub = Hub([PhoneSeat("phone1", "Seat 5")], received.append)
    server = Companion(hub, "127.0.0.1", 0)
    server.start()
    port = server.port
    assert server.url == f"http://127.0.0.1:{port}/"
    token = hub.join("phone1", hub.code)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("GET", "/api/events", headers={"Cookie": f"refbox_seat={token}"})
    stream = connection.getresponse()
    assert next_event(stream)[0] == "model"

    idle = socket.create_connection(("127.0.0.1", port), timeout=5)  # sends nothing
    idle.sendall(b"GET / HTTP/1.1\r\n")  # ... or half a request

    server.stop()
    assert stream.fp.readline() == b""  # the server ended the stream
    # and closed the idle connection, or turned it away if it came too late to be answered
    assert until_closed(idle) in (b"", STOPPING)
    idle.close()
    connection.close()
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=5)
    server.stop()  # again: nothing to do
    hub.publish("phone1", {"screen": {"title": "after", "lines": []}})  # nobody to wake

    server.start()  # the same server starts again (the box restarted its phone server)
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    connection.request("GET", "/api/model", headers={"Cookie": f"refbox_seat={token}"})
    assert json.loads(connection.getresponse().read())["model"] == {
        "screen": {"title": "after", "lines": []}}
    connection.close()
    server.stop()


def until_closed(sock: socket.socket) -> bytes:
    """What the server sent before it closed the connection (a reset, for the bytes it left
    unread, is a close too); a server that never closes it fails on the socket's timeout."""
    try:
        return sock.makefile("rb").read()
    except ConnectionResetError:
        return b""


def test_every_address_is_refused_unless_meant() -> None:
    hub = Hub([PhoneSeat("phone1", "Seat 5")], lambda _event: None)
    for host in ("0.0.0.0", "::", ""):
        with pytest.raises(CompanionStartError) as refused:
            Companion(hub, host, 0)
        assert "refusing to serve phones on every network" in refused.value.message
    with Companion(hub, "0.0.0.0", 0, allow_any_address=True) as server:
        assert server.port > 0


def test_a_taken_port_is_a_clear_start_error() -> None:
    hub = Hub([PhoneSeat("phone1", "Seat 5")], lambda _event: None)
    with Companion(hub, "127.0.0.1", 0) as first:
        second = Companion(hub, "127.0.0.1", first.port)
        with pytest.raises(CompanionError) as refused:
            second.start()
        assert refused.value.message.startswith(f"cannot serve phones on 127.0.0.1:{first.port}")
        assert "in use" in refused.value.message


def test_the_qr_code_and_the_static_files() -> None:
    with running() as table:
        phone = table.phone()
        qr = phone.send("GET", "/qr.svg")
        assert (qr.status, qr.headers["content-type"]) == (200, "image/svg+xml")
        assert qr.body.startswith(b'<?xml version="1.0" encoding="utf-8"?>\n<svg')
        script = phone.send("GET", "/static/seat.js")
        assert script.headers["content-type"] == "application/javascript; charset=utf-8"
        assert b"new EventSource(\"/api/events\")" in script.body
        assert phone.send("GET", "/static/seat.css").status == 200
        assert phone.send("GET", "/static/icon.svg").headers["content-type"] == "image/svg+xml"
        for path in ("/static/../server.py", "/static/server.py", "/static/", "/favicon.ico"):
            answer = phone.send("GET", path)
            assert answer.status == 404, path
            assert answer.json() == {"error": "there is nothing at this address"}
        for answer in (qr, script):
            assert {k: answer.headers[k] for k in SECURITY} == SECURITY
