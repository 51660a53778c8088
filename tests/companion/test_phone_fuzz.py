"""Anything POSTed to the phone server during a game (issue 14): random bytes, random JSON,
fields of the wrong type, huge numbers, unicode, nested objects, to ``/api/input`` and
``/join``. Every answer is a 4xx JSON refusal with plain words (or 2xx for an input a phone
may send), never a 5xx; a refused one changes nothing: the journal's rows, the seats' models,
the public model and the phones' seats are the same before and after; and nothing prints a
traceback or logs an error (issue 25; raw malformed requests: test_malformed_requests.py)."""

from __future__ import annotations

import json
import logging
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from services.referee.box.script import STEP
from tests.companion.phone_box import PHONES, PhoneBox, lobby
from tests.companion.phones import Answer, Phone, assert_quiet

PRESS = ("ok", "next", "prev", "back")
HOLD = ("ok", "next", "prev")
CODE = "\x00code"  # replaced by the table's join code when sent
EXAMPLES = 60
HTML = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8"  # a browser's form post

scalars = (st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20)
           | st.sampled_from([*PRESS, "choose", "peek", "press", "hold", 0, 1, -1, 2**53,
                              2**53 + 1, 1e300, "０", "ok\u0000", "\ud800"]))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                           max_leaves=12)
NOW = "\x00now"  # replaced by the version of the phone's screen when sent
near_inputs = st.fixed_dictionaries(
    {"version": st.just(NOW) | st.integers(min_value=-2, max_value=60) | json_values,
     "kind": st.sampled_from(["press", "hold", "choose", "peek", "PRESS", ""]) | json_values,
     "value": st.sampled_from([*PRESS, True, False, 0, 1, 3, 999, 1000, -1]) | json_values},
    optional={"extra": json_values})
raw_bodies = st.binary(max_size=1500) | st.text(max_size=300).map(
    lambda t: t.encode("utf-8", "surrogatepass")) | st.just(b"1" * 1100)
input_bodies = near_inputs | near_inputs | json_values | raw_bodies  # dicts: JSON when sent
input_types = st.just("application/json") | st.sampled_from(
    ["application/json; charset=utf-8", "text/plain", "application/x-www-form-urlencoded",
     None, "APPLICATION/JSON", "multipart/form-data; boundary=x"])
seats = st.sampled_from([*PHONES, "seat1", "phone9", ""]) | st.text(max_size=12)
codes = st.just(CODE) | st.text(max_size=12)
form_fields = st.lists(st.tuples(st.sampled_from(["seat", "code", "x", ""])
                                 | st.text(max_size=6), seats | codes), max_size=4)
forms = (st.tuples(seats, codes).map(lambda p: [("seat", p[0]), ("code", p[1])])
         | form_fields)
join_types = st.just("application/x-www-form-urlencoded") | st.sampled_from(
    ["application/x-www-form-urlencoded; charset=utf-8", "application/json", None,
     "text/plain"])


def encoded(body: Any, version: int) -> bytes:
    """A generated body as sent: bytes as they are, anything else as JSON text (unicode
    unescaped, lone surrogates kept), ``NOW`` as the screen's version."""
    if isinstance(body, bytes):
        return body
    if isinstance(body, dict) and body.get("version") == NOW:
        body = {**body, "version": version}
    return json.dumps(body, ensure_ascii=False).encode("utf-8", "surrogatepass")


def valid_input(body: bytes, version: int) -> bool:
    """An input a phone may send now, read independently of the server's parser: a JSON
    object of exactly version (the screen's, a whole number), kind and its kind of value."""
    try:
        data = json.loads(body)
    except ValueError:
        return False
    if not isinstance(data, dict) or set(data) != {"version", "kind", "value"}:
        return False
    number, kind, value = data["version"], data["kind"], data["value"]
    if type(number) is not int or number != version:
        return False
    if kind in ("press", "hold"):
        return isinstance(value, str) and value in (PRESS if kind == "press" else HOLD)
    if kind == "choose":
        return type(value) is int and 0 <= value <= 999
    return kind == "peek" and isinstance(value, bool)


def refusal(answer: Answer) -> str:
    """The answer is a 4xx JSON ``{"error": plain words}``; returns the words."""
    assert 400 <= answer.status < 500, (answer.status, answer.body[:300])
    assert answer.headers["content-type"].startswith("application/json"), answer.headers
    words = answer.json()["error"]
    assert isinstance(words, str) and words.strip(), answer.body
    return words


class Game:
    """A running Escape! game: two button seats, two phone seats; ``state()`` is what a
    refused request must not change."""

    def __init__(self, data: Path) -> None:
        self.box = PhoneBox(data, seed=7)
        box = self.box
        box.join("phone1")
        box.join("phone2")
        box.runner.run(lobby("decktet-escape"))
        for seat in PHONES:
            box.tap(seat, "press", "ok")
        box.runner.run(["hold seat1 ok"])
        assert box.table.mode == "game"
        self.cookie = box.phones["phone1"].phone.cookie
        self.forged = f"refbox_seat={secrets.token_urlsafe(16)}"

    def state(self) -> tuple[Any, ...]:
        box = self.box
        live = box.table.live  # None once an accepted input has ended the game
        game = None if live is None else (live.journal.entries(live.id), live.state.to_json())
        return (game, box.hub.model("phone1"), box.hub.model("phone2"), box.hub.public(),
                box.hub.bindings(), box.table.mode)

    def post(self, path: str, body: bytes, mime: str | None, cookie: str | None,
             accept: str | None = None) -> Answer:
        headers = {} if mime is None else {"Content-Type": mime}
        if accept is not None:
            headers["Accept"] = accept
        answer = Phone(self.box.port, cookie).send("POST", path, body, headers)
        self.box.runner.advance(STEP)  # the box takes what reached its queue, if anything
        return answer

    def close(self) -> None:
        self.box.close()


def test_anything_posted_as_input_is_refused_plainly_or_is_an_input(
        tmp_path: Path, caplog: pytest.LogCaptureFixture,
        capfd: pytest.CaptureFixture[str]) -> None:
    caplog.set_level(logging.INFO)
    game = Game(tmp_path / "data")
    try:
        before = game.state()  # what an input changes, the comparison sees
        body = {"version": NOW, "kind": "hold", "value": "next"}  # the table menu
        answer = game.post("/api/input", encoded(body, game.box.hub.version("phone1")),
                           "application/json", game.cookie)
        assert answer.status == 200 and game.state() != before
        assert game.box.model("phone1")["model"]["menu"]["title"] == "Table menu"
        game.box.tap("phone1", "hold", "ok")  # and back to the game
        assert game.box.model("phone1")["model"]["menu"] is None

        @settings(max_examples=EXAMPLES, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow])
        @given(generated=input_bodies, mime=input_types)
        def check(generated: Any, mime: str | None) -> None:
            before = game.state()
            version = game.box.hub.version("phone1")
            body = encoded(generated, version)
            answer = game.post("/api/input", body, mime, game.cookie)
            if answer.status == 200:
                assert answer.json() == {"ok": True}
                assert valid_input(body, version) and mime is not None
                assert mime.split(";")[0].lower() == "application/json"
                return
            words = refusal(answer)
            if valid_input(body, version) and mime == "application/json":
                raise AssertionError(f"a valid input was refused: {words}")
            assert game.state() == before, words

        check()
        assert Phone(game.box.port).send("GET", "/").status == 200  # still serving
    finally:
        game.close()
    assert_quiet(caplog.records, capfd.readouterr().err)


def test_anything_posted_to_join_is_refused_plainly_and_changes_nothing(
        tmp_path: Path, caplog: pytest.LogCaptureFixture,
        capfd: pytest.CaptureFixture[str]) -> None:
    caplog.set_level(logging.INFO)
    game = Game(tmp_path / "data")
    try:
        @settings(max_examples=EXAMPLES, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow])
        @given(form=forms, raw=st.none() | st.none() | raw_bodies, mime=join_types,
               who=st.sampled_from(["none", "forged", "phone1"]),
               accept=st.sampled_from([None, "application/json", HTML]))
        def check(form: list[tuple[str, str]], raw: bytes | None, mime: str | None,
                  who: str, accept: str | None) -> None:
            code = game.box.hub.code
            body = raw if raw is not None else "&".join(
                f"{quote(k)}={quote(code if v == CODE else v, safe='')}"
                for k, v in form).encode()
            cookie = {"none": None, "forged": game.forged, "phone1": game.cookie}[who]
            before = game.state()
            answer = game.post("/join", body, mime, cookie, accept)
            if answer.status == 303:  # the phone's own seat: it is sent back to it
                sent = parse_qs(body.decode("utf-8", "replace"))
                assert who == "phone1" and sent.get("seat") == ["phone1"], body
                assert answer.headers["location"] == "/seat"
                assert "set-cookie" not in answer.headers
            elif accept == HTML and answer.headers["content-type"].startswith("text/html"):
                # a browser's form: the join page again, saying why (what is refused before
                # the form is read, such as a body too big, is JSON like any refusal)
                assert 400 <= answer.status < 500, (answer.status, answer.body[:300])
                assert b'<p class="notice" role="alert">' in answer.body
            else:
                refusal(answer)
            assert game.state() == before

        check()
        assert game.box.model("phone2")["model"]["mode"] == "game"
    finally:
        game.close()
    assert_quiet(caplog.records, capfd.readouterr().err)
