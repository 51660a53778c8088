"""The table screen's addresses (issue 25): a watcher joins with the table screen's code, a
wrong code is refused in plain words, no input is taken, and its event streams have their
own small cap inside the server's stream limit."""

from __future__ import annotations

import http.client
import json

import pytest

from services.referee.companion.table_routes import MAX_SCREENS, NO_INPUT
from tests.companion.phones import TIMEOUT, Phone, Table, next_event, running

pytest.importorskip("microdot", reason="the phone server needs the phones extra")

MODEL = {"mode": "game", "title": "Escape!", "turn": "Seat 2's turn.", "note": "",
         "panel": {"title": "Routes", "lines": [], "rows": []}, "map": None, "dice": None,
         "rolls": None, "log": ["Seat 1 plays the card in slot 2"], "moves": 1}


def stream(table: Table, path: str, source: str = "127.0.0.1") -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", table.server.port, timeout=TIMEOUT,
                                            source_address=(source, 0))
    connection.request("GET", path)
    return connection.getresponse()


def test_a_watcher_opens_the_table_screen_with_its_code_and_reads_the_model() -> None:
    with running() as table:
        feed = table.hub.screen
        feed.publish(MODEL)
        assert feed.code != table.hub.code  # its own code, not the seats' join code
        watcher = Phone(table.server.port)
        page = watcher.send("GET", f"/T/{feed.code.lower()}")  # any case, as typed
        assert page.status == 200 and b'src="/table/table.js"' in page.body
        assert "set-cookie" not in page.headers  # a watcher has no seat
        answer = watcher.send("GET", f"/T/{feed.code}/model")
        assert answer.status == 200 and answer.json() == {"version": 1, "model": MODEL}
        asked = watcher.send("GET", f"/table?code={feed.code.lower()}")
        assert (asked.status, asked.headers["location"]) == (303, f"/T/{feed.code}")
        form = watcher.send("GET", "/table")
        assert form.status == 200 and b'method="get" action="/table"' in form.body
        assert watcher.send("GET", "/table/table.css").status == 200


def test_a_wrong_code_is_refused_in_plain_words_and_the_seats_code_opens_nothing() -> None:
    with running() as table:
        watcher = Phone(table.server.port)
        page = watcher.send("GET", "/T/WXYZ")
        assert page.status == 403
        assert ("wrong table screen code &#x27;WXYZ&#x27;: the code is on the box&#x27;s "
                "public screen, beside TV SCREEN") in page.body.decode()
        seats = watcher.send("GET", f"/T/{table.hub.code}/model")
        assert seats.status == 403
        assert seats.json() == {"error": f"wrong table screen code {table.hub.code!r}: the "
                                "code is on the box's public screen, beside TV SCREEN"}


def test_a_device_giving_wrong_codes_waits_while_another_watches() -> None:
    with running() as table:
        feed = table.hub.screen
        guesser = Phone(table.server.port, source="127.0.0.2")
        for guess in ("AAAA", "CCCC", "DDDD", "EEEE", "FFFF"):
            assert guesser.send("GET", f"/T/{guess}/model").status == 403
        locked = guesser.send("GET", f"/T/{feed.code}/model")  # even the right one, now
        assert locked.status == 429 and locked.headers["retry-after"] == "30"
        assert locked.json() == {"error": "too many wrong table screen codes from this "
                                 "device: try again in 30 seconds"}
        assert Phone(table.server.port).send("GET", f"/T/{feed.code}/model").status == 200
        table.clock.now += 31
        assert guesser.send("GET", f"/T/{feed.code}/model").status == 200


@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE"])
@pytest.mark.parametrize("path", ["/table", "/T/{code}", "/T/{code}/model",
                                  "/T/{code}/events", "/table/table.js"])
def test_the_table_screen_takes_no_input(method: str, path: str) -> None:
    with running() as table:
        feed = table.hub.screen
        feed.publish(MODEL)
        where = path.format(code=feed.code)
        answer = Phone(table.server.port).send(
            method, where, json.dumps({"version": 1, "kind": "press", "value": "ok"}),
            {"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{table.server.port}"})
        assert answer.status == 405 and answer.headers["allow"] == "GET"
        assert answer.json() == {"error": NO_INPUT}
        assert table.received == []
        assert feed.model() == (1, MODEL)


def test_the_stream_pushes_each_new_model_and_says_when_the_code_changed() -> None:
    with running() as table:
        feed = table.hub.screen
        feed.publish(MODEL)
        events = stream(table, f"/T/{feed.code}/events")
        assert events.status == 200
        assert next_event(events) == ("model", {"version": 1, "model": MODEL})
        feed.publish({**MODEL, "moves": 2})
        assert next_event(events) == ("model", {"version": 2, "model": {**MODEL, "moves": 2}})
        feed.code = "KMNP"  # as too many wrong codes from everyone change it
        feed.publish({**MODEL, "moves": 3})
        assert next_event(events) == ("code", {"error": "the table screen's code has changed: "
                                               "type the new one from the box's public screen"})


def test_table_screens_have_their_own_cap_and_a_reload_replaces_its_own_page() -> None:
    with running() as table:
        code = table.hub.screen.code
        first = stream(table, f"/T/{code}/events", "127.0.0.2")
        assert next_event(first)[0] == "model"
        others = [stream(table, f"/T/{code}/events", "127.0.0.3") for _ in range(MAX_SCREENS - 1)]
        for other in others:
            assert next_event(other)[0] == "model"
        refused = stream(table, f"/T/{code}/events", "127.0.0.4")
        assert refused.status == 429
        assert json.loads(refused.read()) == {
            "error": f"too many table screens are open (at most {MAX_SCREENS}): close one and "
                     "try again"}
        again = stream(table, f"/T/{code}/events", "127.0.0.2")  # the first device reloads
        assert again.status == 200 and next_event(again)[0] == "model"
        assert next_event(first) == ("replaced",
                                     {"error": "this table screen is open on a newer page"})


def test_table_screens_count_against_the_servers_stream_limit() -> None:
    with running(max_streams=2) as table:
        code = table.hub.screen.code
        opened = [stream(table, f"/T/{code}/events", f"127.0.0.{n}") for n in (2, 3)]
        for one in opened:
            assert next_event(one)[0] == "model"
        phone = Phone(table.server.port, hub=table.hub)
        phone.join("phone1")
        seat = phone.open_stream()
        assert seat.status == 429
        assert json.loads(seat.read()) == {"error": "too many live screens are open; close one"}
