"""The phone server's refusals: no seat sees another's model, bad input changes nothing."""

from __future__ import annotations

import json
import socket

import pytest

from tests.companion.phones import TIMEOUT, Answer, Phone, Table, model, next_event, running

SECRET = "the-Traitor-is-Seat-5"  # only in seat 5's (phone1's) model


def raw(table: Table, request: bytes) -> tuple[int, bytes]:
    """Send bytes as they are; the answer's status and body."""
    with socket.create_connection(("127.0.0.1", table.server.port), timeout=TIMEOUT) as sock:
        sock.sendall(request)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def every_answer(phone: Phone) -> list[tuple[str, Answer | bytes]]:
    """What each address gives this phone, including addresses that try to name a seat."""
    answers: list[tuple[str, Answer | bytes]] = []
    for path in ("/", "/seat", "/api/model", "/api/model?seat=phone1", "/api/model/phone1",
                 "/seat?seat=phone1", "/api/events?seat=phone1", "/qr.svg",
                 "/static/seat.js", "/phone1"):
        if path.startswith("/api/events"):
            continue
        answers.append((f"GET {path}", phone.send("GET", path)))
    answers.append(("POST /api/input", phone.input(1, "press", "ok")))
    answers.append(("POST /api/input seat", phone.send(
        "POST", "/api/input", json.dumps({"version": 1, "kind": "press", "value": "ok",
                                          "seat": "phone1"}),
        {"Content-Type": "application/json"})))
    answers.append(("POST /join", phone.join("phone1")))
    stream = phone.open_stream()
    if stream.status == 200:
        answers.append(("GET /api/events", json.dumps(next_event(stream)).encode()))
    else:
        answers.append(("GET /api/events", Answer(stream.status, {}, stream.read())))
    phone.close()
    return answers


@pytest.mark.parametrize("who", ["seat 6", "forged", "none", "empty", "long", "seat 5's name"])
def test_no_request_but_seat_5s_own_ever_returns_seat_5s_model(who: str) -> None:
    with running() as table:
        table.hub.publish("phone1", model("Seat 5", screen=SECRET, peek=SECRET))
        table.hub.publish("phone2", model("Seat 6"))
        owner = table.phone()
        owner.join("phone1")
        cookie = {"seat 6": None, "forged": "refbox_seat=" + "A" * 22, "none": None,
                  "empty": "refbox_seat=", "long": "refbox_seat=" + "A" * 1000,
                  "seat 5's name": "refbox_seat=phone1"}[who]
        phone = table.phone(cookie)
        if who == "seat 6":
            phone.join("phone2")
        for what, answer in every_answer(phone):
            body = answer.body if isinstance(answer, Answer) else answer
            assert SECRET.encode() not in body, what
        # seat 6's own press went through as seat 6's; nothing ever acted for seat 5
        assert [e.seat for e in table.received] == (["phone2"] if who == "seat 6" else [])
        assert SECRET in owner.send("GET", "/api/model").body.decode()  # the secret is there


@pytest.mark.parametrize("cookie,status,words", [
    (None, 401, "this phone has no seat: join one first"),
    ("refbox_seat=" + "B" * 22, 403, "this phone's seat was freed or never existed: join again"),
])
def test_a_missing_or_forged_secret_is_refused_in_plain_words(cookie: str | None, status: int,
                                                              words: str) -> None:
    with running() as table:
        table.hub.join("phone1", table.hub.code)
        phone = table.phone(cookie)
        for answer in (phone.send("GET", "/api/model"), phone.input(0, "press", "ok")):
            assert (answer.status, answer.json()) == (status, {"error": words})
        stream = phone.open_stream()
        assert stream.status == status
        assert json.loads(stream.read()) == {"error": words}


def test_a_secret_that_is_not_text_is_refused_not_crashed() -> None:
    with running() as table:
        table.hub.join("phone1", table.hub.code)
        host = f"127.0.0.1:{table.server.port}".encode()
        status, body = raw(table, b"GET /api/model HTTP/1.1\r\nHost: " + host +
                           b"\r\nCookie: refbox_seat=\xc3\xa9t\xc3\xa9\r\n\r\n")
        assert status == 403
        status, body = raw(table, b"GET /api/model HTTP/1.1\r\nHost: " + host +
                           b"\r\nCookie: refbox_seat=\xff\xfe\r\n\r\n")
        assert (status, json.loads(body)) == (400, {"error": "the request's headers are not "
                                                             "text"})


@pytest.mark.parametrize("body,words", [
    ("{", "the input is not valid JSON (Expecting property name enclosed in double quotes at "
          "column 2)"),
    ("[1]", 'the input must be a JSON object: {"version": n, "kind": ..., "value": ...}'),
    ('{"version": 1, "kind": "press", "value": "ok", "extra": 1}',
     "unknown field 'extra': an input has only version, kind and value"),
    ('{"version": 1, "kind": "press"}', "the input has no 'value'"),
    ('{"version": 1, "kind": "press", "value": "ok", "kind": "peek"}', None),
    ('{"version": true, "kind": "press", "value": "ok"}',
     "version must be the whole number the screen came with"),
    ('{"version": 1.5, "kind": "press", "value": "ok"}', None),
    ('{"version": -1, "kind": "press", "value": "ok"}',
     "version must be the whole number the screen came with"),
    ('{"version": 1, "kind": "shout", "value": "ok"}',
     'kind must be "press", "hold", "choose" or "peek"'),
    ('{"version": 1, "kind": "press", "value": "menu"}',
     'a press is "ok", "next", "prev" or "back"'),
    ('{"version": 1, "kind": "press", "value": ["ok"]}',
     'a press is "ok", "next", "prev" or "back"'),
    ('{"version": 1, "kind": "hold", "value": "back"}', 'a hold is "ok" (back), "next" or "prev"'),
    ('{"version": 1, "kind": "choose", "value": "1"}',
     "a choice is the number of a menu item, from 0"),
    ('{"version": 1, "kind": "choose", "value": true}',
     "a choice is the number of a menu item, from 0"),
    ('{"version": 1, "kind": "choose", "value": -1}',
     "a choice is the number of a menu item, from 0"),
    ('{"version": 1, "kind": "peek", "value": 1}', "a peek is true (held down) or false (let go)"),
])
def test_a_malformed_input_is_refused_and_changes_nothing(body: str, words: str | None) -> None:
    with running() as table:
        table.hub.publish("phone1", model("Seat 5"))
        phone = table.phone()
        phone.join("phone1")
        answer = phone.send("POST", "/api/input", body, {"Content-Type": "application/json"})
        assert answer.status == 400
        if words is not None:
            assert answer.json() == {"error": words}
        else:
            assert answer.json()["error"].startswith("the input is ")
        assert table.received == []


def test_an_input_that_is_not_json_is_refused() -> None:
    with running() as table:
        table.hub.publish("phone1", model("Seat 5"))
        phone = table.phone()
        phone.join("phone1")
        answer = phone.send("POST", "/api/input", "version=1&kind=press&value=ok",
                            {"Content-Type": "application/x-www-form-urlencoded"})
        assert (answer.status, answer.json()) == (
            415, {"error": "send the input as JSON (Content-Type: application/json)"})
        assert table.received == []


@pytest.mark.parametrize("size", [1025, 20_000])
def test_an_oversized_body_is_refused(size: int) -> None:
    with running() as table:
        table.hub.publish("phone1", model("Seat 5"))
        phone = table.phone()
        phone.join("phone1")
        body = json.dumps({"version": 1, "kind": "press", "value": "ok"}).ljust(size)
        answer = phone.send("POST", "/api/input", body, {"Content-Type": "application/json"})
        assert answer.status == 413
        assert answer.json()["error"].startswith("the request is too big")
        assert table.received == []


def test_a_flood_of_input_is_cut_off_with_429_until_time_passes() -> None:
    with running(input_rate=20.0, input_burst=20) as table:
        table.hub.publish("phone1", model("Seat 5"))
        phone = table.phone()
        phone.join("phone1")  # a join counts too
        statuses = [phone.input(1, "press", "next").status for _ in range(25)]
        assert statuses == [200] * 19 + [429] * 6
        refused = phone.input(1, "press", "next")
        assert refused.json() == {"error": "too many taps at once: wait a moment and try again"}
        assert refused.headers["retry-after"] == "1"
        assert len(table.received) == 19
        table.clock.now += 0.25  # five more tokens
        assert [phone.input(1, "press", "next").status for _ in range(6)] == [200] * 5 + [429]
        assert len(table.received) == 24


def test_a_seats_newest_stream_replaces_its_oldest_and_too_many_are_refused() -> None:
    with running(max_streams=2, streams_per_seat=1) as table:
        first, second = table.phone(), table.phone()
        first.join("phone1")
        second.join("phone2")
        old = first.open_stream()
        assert next_event(old)[0] == "model"  # open and counted
        reloaded = first.open_stream()  # the page reloaded while the old stream lingers
        assert next_event(reloaded)[0] == "model"
        assert next_event(old) == ("replaced", {"error": "this seat is open on a newer page"})
        assert next_event(second.open_stream())[0] == "model"
        first.close()
        second.close()
    with running(max_streams=1) as table:
        first, second = table.phone(), table.phone()
        first.join("phone1")
        second.join("phone2")
        assert next_event(first.open_stream())[0] == "model"
        refused = second.open_stream()
        assert (refused.status, json.loads(refused.read())) == (
            429, {"error": "too many live screens are open; close one"})
        first.close()


def test_another_host_name_or_site_is_refused() -> None:
    with running() as table:
        phone = table.phone()
        rebound = phone.send("GET", "/", headers={"Host": f"evil.example:{table.server.port}"})
        assert (rebound.status, rebound.json()) == (
            400, {"error": "this server does not answer to the name 'evil.example'"})
        assert phone.send("GET", "/", headers={"Host": f"localhost:{table.server.port}"}
                          ).status == 200
        cross = phone.send("POST", "/join", "seat=phone1",
                           {"Content-Type": "application/x-www-form-urlencoded",
                            "Origin": "http://evil.example"})
        assert (cross.status, cross.json()) == (
            403, {"error": "a page from another site cannot act for this phone"})
        fetched = phone.send("POST", "/join", "seat=phone1",
                             {"Content-Type": "application/x-www-form-urlencoded",
                              "Sec-Fetch-Site": "cross-site"})
        assert fetched.status == 403
        assert table.hub.bindings() == {}
        # our own form, as a browser sends it under Referrer-Policy: no-referrer
        same = phone.send("POST", "/join", f"seat=phone1&code={table.hub.code}",
                          {"Content-Type": "application/x-www-form-urlencoded",
                           "Origin": "null", "Sec-Fetch-Site": "same-origin"})
        assert same.status == 303
        assert list(table.hub.bindings()) == ["phone1"]


@pytest.mark.parametrize("method,path", [("OPTIONS", "/api/input"), ("PUT", "/api/input"),
                                         ("GET", "/join"), ("DELETE", "/seat"),
                                         ("POST", "/api/model"), ("HEAD", "/api/events")])
def test_other_methods_are_refused(method: str, path: str) -> None:
    with running() as table:
        phone = table.phone()
        phone.join("phone1")
        answer = phone.send(method, path)
        assert answer.status == 405
        if method != "HEAD":
            assert answer.json()["error"].startswith(("this address does not take",
                                                      "open the event stream with GET"))


def test_broken_requests_get_clear_errors(capfd: pytest.CaptureFixture[str]) -> None:
    with running(request_seconds=0.2) as table:
        host = f"Host: 127.0.0.1:{table.server.port}\r\n".encode()
        assert raw(table, b"NONSENSE\r\n\r\n")[0] == 400
        assert raw(table, b"GET /\r\n\r\n")[0] == 400
        status, body = raw(table, b"GET / HTTP/1.1\r\n" + host + b"X-Long: " + b"a" * 5000 +
                           b"\r\n\r\n")
        assert (status, json.loads(body)) == (431, {"error": "the request's headers are too "
                                                             "long"})
        many = b"".join(b"X-%d: 1\r\n" % i for i in range(1000))
        assert raw(table, b"GET / HTTP/1.1\r\n" + host + many + b"\r\n")[0] == 431
        assert raw(table, b"GET / HTTP/1.1\r\n" + host + b"no colon\r\n\r\n")[0] == 400
        status, body = raw(table, b"POST /join HTTP/1.1\r\n" + host +
                           b"Content-Length: lots\r\n\r\n")
        assert (status, json.loads(body)) == (400, {"error": "Content-Length is not a number"})
        status, body = raw(table, b"GET / HTTP/1.1\r\n" + host)  # and then nothing
        assert (status, json.loads(body)) == (408, {"error": "the request took too long to "
                                                             "arrive"})
        status, body = raw(table, b"POST /join HTTP/1.1\r\n" + host + b"Content-Length: 9\r\n"
                           b"Content-Type: application/x-www-form-urlencoded\r\n\r\nseat=%zz")
        assert status == 408
        form = b"seat=%zz1"
        status, body = raw(table, b"POST /join HTTP/1.1\r\n" + host + b"Content-Length: 9\r\n"
                           b"Content-Type: application/x-www-form-urlencoded\r\n\r\n" + form)
        assert (status, json.loads(body)) == (400, {"error": "the form is not well formed"})
        assert table.hub.bindings() == {}
    assert "Traceback" not in capfd.readouterr().err


def test_connections_past_the_cap_are_turned_away() -> None:
    with running(max_connections=1) as table:
        phone = table.phone()
        phone.join("phone1")
        assert next_event(phone.open_stream())[0] == "model"  # holds the one connection
        busy = table.phone().send("GET", "/")
        assert (busy.status, busy.json()) == (503, {"error": "too many connections; try again"})
        phone.close()
