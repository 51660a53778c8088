"""A hostile client on the LAN cannot lock the phones out (issue 25): its wrong join codes
lock out only itself, its idle connections take only its own share of the server, and a
connection that sends nothing is dropped. Real sockets against the real server on 127.0.0.1;
the other device is 127.0.0.2 (any 127.x address is this machine on Linux)."""

from __future__ import annotations

import json
import socket
import time

from services.referee.companion.guard import Limits
from tests.companion.phones import TIMEOUT, model, running

OTHER = "127.0.0.2"  # the hostile device


def connect(port: int, source: str) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT,
                                    source_address=(source, 0))


def answer_of(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """Everything the server sends until it closes: status, headers, body."""
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, body


def waiting(sock: socket.socket) -> bool:
    """The connection is open and the server has sent nothing on it (no bytes, no end)."""
    sock.setblocking(False)
    try:
        sock.recv(1, socket.MSG_PEEK)
    except BlockingIOError:
        return True
    finally:
        sock.settimeout(TIMEOUT)
    return False


def test_ten_wrong_codes_from_one_device_do_not_lock_out_another() -> None:
    with running() as table:
        code = table.hub.code
        wrong = "AAAA" if code != "AAAA" else "CCCC"
        guesser = table.phone(source=OTHER)
        answers = [guesser.join("phone1", code=wrong) for _ in range(10)]
        assert [a.status for a in answers] == [403] * 5 + [429] * 5
        locked = guesser.join("phone1", code=code)  # even the right code, for now
        assert (locked.status, locked.json(), locked.headers["retry-after"]) == (
            429, {"error": "too many wrong join codes from this phone: try again in 30 "
                           "seconds (the code is on the table's screen, beside PHONES)"}, "30")
        assert table.hub.code == code and table.hub.bindings() == {}
        phone = table.phone()  # the player at the table, on another device
        assert phone.join("phone1").status == 303
        assert list(table.hub.bindings()) == ["phone1"]
        table.clock.now += 30.0  # the wait is over: the guesser may try again
        assert guesser.join("phone2", code=code).status == 303


def test_seventy_idle_connections_from_one_device_do_not_starve_a_phone() -> None:
    # long head timeouts: the idle connections stay open however slow this machine is
    with running(head_seconds=60.0, request_seconds=60.0) as table:
        cap = Limits().connections_per_client
        assert (cap, Limits().max_connections) == (16, 64)
        port = table.server.port
        idle = [connect(port, OTHER) for _ in range(70)]
        try:
            refused = [answer_of(sock) for sock in idle[cap:]]  # answered at once
            assert {(status, body) for status, _headers, body in refused} == {
                (429, json.dumps({"error": "too many connections from 127.0.0.2 (at most 16 "
                                           "at once): close other pages of the box on this "
                                           "device and try again"}).encode())}
            assert refused[0][1]["retry-after"] == "1"
            table.hub.publish("phone1", model("Seat 5"))
            phone = table.phone()
            assert phone.join("phone1").status == 303  # answered while the 70 are open
            assert phone.input(1, "press", "ok").status == 200
            assert [e.kind for e in table.received] == ["press"]
            assert all(waiting(sock) for sock in idle[:cap])  # still held, unanswered
        finally:
            for sock in idle:
                sock.close()
        again = table.phone(source=OTHER)  # its connections closed: it is served again
        for _ in range(100):
            if (answer := again.send("GET", "/")).status != 429:
                break
            time.sleep(0.05)  # the server has not yet seen all of them close
        assert answer.status == 200


def test_a_connection_that_sends_nothing_is_dropped_and_a_slow_head_refused() -> None:
    with running(head_seconds=0.3, request_seconds=30.0) as table:
        port = table.server.port
        host = f"Host: 127.0.0.1:{port}\r\n".encode()
        with connect(port, OTHER) as silent:
            assert silent.recv(1) == b""  # closed after head_seconds, nothing answered
        with connect(port, OTHER) as slow:
            slow.sendall(b"GET / HTTP/1.1\r\n" + host)  # and the blank line never comes
            status, _headers, body = answer_of(slow)
            assert (status, json.loads(body)) == (
                408, {"error": "the request took too long to arrive"})
        with connect(port, OTHER) as body_later:  # the head in time, the body later: fine
            form = f"seat=phone1&code={table.hub.code}".encode()
            body_later.sendall(b"POST /join HTTP/1.1\r\n" + host + b"Content-Type: "
                               b"application/x-www-form-urlencoded\r\nContent-Length: %d"
                               b"\r\n\r\n" % len(form))
            time.sleep(0.5)  # past head_seconds, well within request_seconds
            body_later.sendall(form)
            status, headers, _body = answer_of(body_later)
            assert (status, headers["location"]) == (303, "/seat")
        assert list(table.hub.bindings()) == ["phone1"]
