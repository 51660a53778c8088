"""Malformed requests, sent as raw bytes (issue 25): each is answered 4xx with plain words,
and nothing anywhere prints a traceback or logs an error (microdot prints one for a request
it cannot parse: the server's reader refuses such a request before microdot parses it)."""

from __future__ import annotations

import json
import logging
import socket

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.companion.phones import TIMEOUT, Table, assert_quiet, running

HOST = b"\x00host"  # replaced by "Host: 127.0.0.1:<port>\r\n" when sent
FORM = b"Content-Type: application/x-www-form-urlencoded\r\n"
NOT_TEXT = "the request's headers are not text"
NO_NUMBER = "Content-Length is not a number"
NOT_UTF8 = "the address's %-escapes are not UTF-8 text"
BAD_ESCAPE = "the address has a % not followed by two hex digits"
NOT_HTTP = "not an HTTP request"
EXAMPLES = 120

# (request, status, the error's words or None: any plain words)
CORPUS: list[tuple[bytes, int, str | None]] = [
    (b"POST /join HTTP/1.1\r\n" + HOST + b"Content-Length: \xc2\xb2\r\n\r\n", 400, NO_NUMBER),
    (b"POST /join HTTP/1.1\r\n" + HOST + b"Content-Length: \xd9\xa3\r\n\r\n", 400, NO_NUMBER),
    (b"POST /join HTTP/1.1\r\n" + HOST + b"Content-Length: \xef\xbc\x95\r\n\r\n", 400,
     NO_NUMBER),  # a full-width 5
    (b"POST /join HTTP/1.1\r\n" + HOST + b"Content-Length: -1\r\n\r\n", 400, NO_NUMBER),
    (b"POST /join HTTP/1.1\r\n" + HOST + b"Content-Length: +5\r\n\r\n", 400, NO_NUMBER),
    (b"POST /join HTTP/1.1\r\n" + HOST + b"Content-Length: 1_0\r\n\r\n", 400, NO_NUMBER),
    (b"POST /join HTTP/1.1\r\n" + HOST + b"Content-Length: 0x10\r\n\r\n", 400, NO_NUMBER),
    (b"POST /join HTTP/1.1\r\n" + HOST + b"Content-Length: 1\r\nContent-length: \xc2\xb2\r\n"
     b"\r\n", 400, NO_NUMBER),
    (b"POST /join HTTP/1.1\r\n" + HOST + b"Content-Length: " + b"9" * 40 + b"\r\n\r\n", 413,
     None),
    (b"GET /?a=%E0%80 HTTP/1.1\r\n" + HOST + b"\r\n", 400, NOT_UTF8),
    (b"GET /?a=%C3%28 HTTP/1.1\r\n" + HOST + b"\r\n", 400, NOT_UTF8),
    (b"GET /?%ff=1 HTTP/1.1\r\n" + HOST + b"\r\n", 400, NOT_UTF8),
    (b"GET /?a=%ED%A0%80 HTTP/1.1\r\n" + HOST + b"\r\n", 400, NOT_UTF8),  # a surrogate
    (b"GET /J/%E0%80 HTTP/1.1\r\n" + HOST + b"\r\n", 400, NOT_UTF8),
    (b"HEAD /?a=%E0 HTTP/1.1\r\n" + HOST + b"\r\n", 400, None),  # no body to a HEAD
    (b"GET /?a=%zz HTTP/1.1\r\n" + HOST + b"\r\n", 400, BAD_ESCAPE),
    (b"GET /?a=% HTTP/1.1\r\n" + HOST + b"\r\n", 400, BAD_ESCAPE),
    (b"GET /?a=%%41 HTTP/1.1\r\n" + HOST + b"\r\n", 400, BAD_ESCAPE),
    (b"GET /?a=%-1 HTTP/1.1\r\n" + HOST + b"\r\n", 400, BAD_ESCAPE),
    (b"GET /?a=%4 HTTP/1.1\r\n" + HOST + b"\r\n", 400, BAD_ESCAPE),
    (b"GET /\xff HTTP/1.1\r\n" + HOST + b"\r\n", 400, NOT_TEXT),
    (b"GET / HTTP/1.1\r\n" + HOST + b"\xe3\x80\x80\r\n\r\n", 400, "a malformed header"),
    (b"GET / HTTP/1.1\r\n" + HOST + b"\xc2\x85\r\n\r\n", 400, "a malformed header"),
    (b"GET / HTTP/1.1\r\n" + HOST + b"\x00\r\n\r\n", 400, "a malformed header"),
    (b"GET / HTTP/1.1\r\n" + HOST + b": no name\r\n\r\n", 400, "a malformed header"),
    (b"GET / HTTP/1.1\r\n" + HOST + b"X: \xff\xfe\r\n\r\n", 400, NOT_TEXT),
    (b"GET / HTTP/1.1\r\n" + HOST + b"Cookie: refbox_seat=\xed\xa0\x80\r\n\r\n", 400,
     NOT_TEXT),
    (b"GET / HTTP/1.1 extra\r\n" + HOST + b"\r\n", 400, NOT_HTTP),
    (b"GET / HTTP/2.0\r\n" + HOST + b"\r\n", 400, NOT_HTTP),
    (b"get / HTTP/1.1\r\n" + HOST + b"\r\n", 400, NOT_HTTP),
    (b"GET * HTTP/1.1\r\n" + HOST + b"\r\n", 400, NOT_HTTP),
    (b"GET http://127.0.0.1/ HTTP/1.1\r\n" + HOST + b"\r\n", 400, NOT_HTTP),
    (b"\r\n\r\n", 400, NOT_HTTP),
    (b"GET\r\n\r\n", 400, NOT_HTTP),
    (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(range(200, 256)) + b"\r\n", 400,
     NOT_TEXT),  # a TLS ClientHello: https:// to the box
    (b"GET /" + b"a" * 3000 + b" HTTP/1.1\r\n" + HOST + b"\r\n", 431, None),
    (b"POST /join HTTP/1.1\r\n" + HOST + FORM + b"Content-Length: 18\r\n\r\nseat=%E0%80&code=A",
     400, "the form is not well formed"),
    (b"POST /join HTTP/1.1\r\n" + HOST + FORM + b"Content-Length: 14\r\n\r\nseat=%-1&code=",
     400, "the form is not well formed"),
    (b"POST /api/input HTTP/1.1\r\n" + HOST + b"Transfer-Encoding: chunked\r\n\r\n"
     b"5\r\nhello\r\n0\r\n\r\n", 401, "this phone has no seat: join one first"),
    (b"GET / HTTP/1.1\r\n\r\n", 400, "the request names no host"),
]


def send(table: Table, request: bytes) -> tuple[int, bytes]:
    """The raw request (``HOST`` filled in); the answer's status and body."""
    request = request.replace(HOST, f"Host: 127.0.0.1:{table.server.port}\r\n".encode())
    with socket.create_connection(("127.0.0.1", table.server.port), timeout=TIMEOUT) as sock:
        sock.sendall(request)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def test_every_malformed_request_in_the_corpus_is_refused_without_a_traceback(
        caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]) -> None:
    caplog.set_level(logging.DEBUG)
    found = []
    with running() as table:
        for request, _status, expected in CORPUS:
            status, body = send(table, request)
            words = json.loads(body)["error"] if body else ""
            assert words.strip() or request.startswith(b"HEAD"), (request, body)
            found.append((status, words if expected is not None else None))
        assert send(table, b"GET /?a=%C3%A9+b HTTP/1.1\r\n" + HOST + b"\r\n")[0] == 200
        assert table.hub.bindings() == {}
    assert found == [(status, words) for _request, status, words in CORPUS]
    assert_quiet(caplog.records, capfd.readouterr().err)


lines = st.binary(max_size=60).filter(lambda b: b"\n" not in b)
escapes = st.lists(st.sampled_from(["%", "%e0", "%80", "%C3", "%A9", "%zz", "%%", "+", "=",
                                    "&", "?", "a", "/", "%00", "%ff", "é"]), max_size=8)
targets = escapes.map(lambda parts: "/?" + "".join(parts))
lengths = st.sampled_from([b"", b"0", b"5", b"\xc2\xb2", b"\xd9\xa1", b"1e3", b" 7 ",
                           b"\xe3\x80\x80", b"-0"])
methods = st.sampled_from([b"GET", b"POST", b"HEAD", b"PUT"])


def test_generated_requests_are_answered_without_a_traceback(
        caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]) -> None:
    caplog.set_level(logging.DEBUG)
    with running(request_seconds=0.5) as table:
        @settings(max_examples=EXAMPLES, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow])
        @given(target=targets, header=lines, length=lengths, method=methods)
        def check(target: str, header: bytes, length: bytes, method: bytes) -> None:
            request = (method + b" " + target.encode() + b" HTTP/1.1\r\n" + HOST +
                       b"X-Any: " + header + b"\r\n" +
                       (b"Content-Length: " + length + b"\r\n" if length else b"") +
                       b"\r\n" + b"seat=" * 2)
            status, body = send(table, request)
            assert status < 500, (request, status, body)

        check()
        assert table.hub.bindings() == {}
    assert_quiet(caplog.records, capfd.readouterr().err)
