"""The phones' web server as a part of the box: started last, stopped first, its join page
on the public screen, its bindings kept across a restart, and a box that goes on without it
when it cannot start."""

from __future__ import annotations

import json
import logging
import socket
import stat
import urllib.request
from pathlib import Path

import pytest

from services.referee.assemble import sim_box
from services.referee.box.script import FakeClock, ScriptRunner
from services.referee.companion.bindings import FILE


class PhoneBox:
    def __init__(self, data: Path, port: int = 0) -> None:
        self.clock = FakeClock()
        self.box, self.sim = sim_box("sim", data, self.clock, screens="memory",
                                     threaded=False, seed=3, phones=True, phone_port=port)
        self.box.start()
        self.runner = ScriptRunner(self.box, self.sim, self.clock)

    def public(self) -> list[str]:
        return self.box.texts["public"]


@pytest.fixture
def phone_box(tmp_path: Path):
    made = PhoneBox(tmp_path / "data")
    yield made
    made.box.close()


def test_the_lobby_turns_between_its_page_and_the_phones_join_page(phone_box: PhoneBox) -> None:
    box = phone_box.box
    assert box.phone_server is not None and box.hub is not None
    phone_box.runner.run(["game decktet-escape", "press seat1 prev", "press seat1 ok"])
    assert box.table.lobby.step == "join"
    seen = []
    for _ in range(3):  # the lobby's page, the phones' join page, the table screen's page
        seen.append(phone_box.public())
        phone_box.runner.advance(5.0)
    titles = [page[0] for page in seen]
    assert "PHONES" in titles and "TV SCREEN" in titles and len(set(titles)) == 3, titles
    joining = seen[titles.index("PHONES")]
    port = str(box.phone_server.url.rsplit(":", 1)[1].rstrip("/"))
    assert joining == ["PHONES", "127.0.0.1", f":{port}", f"code {box.hub.code}"]
    page = urllib.request.urlopen(box.phone_server.url, timeout=5).read().decode()
    assert "Seat 7" in page and "Seat 8" in page


def test_closing_the_box_stops_the_server_and_frees_its_port(tmp_path: Path) -> None:
    made = PhoneBox(tmp_path / "data")
    server = made.box.phone_server
    assert server is not None
    port = int(server.url.rsplit(":", 1)[1].rstrip("/"))
    made.box.close()
    with socket.socket() as again:
        again.bind(("127.0.0.1", port))  # would raise "address in use" if still served


def test_a_taken_port_leaves_the_box_running_without_phones(tmp_path: Path,
                                                            caplog: pytest.LogCaptureFixture
                                                            ) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with caplog.at_level(logging.ERROR):
            made = PhoneBox(tmp_path / "data", port=port)
        try:
            assert made.box.phone_server is None
            assert made.box.table.join_page is None
            assert made.box.table.lobby.note == "Phones off: see the log"
            assert f"phones cannot join: cannot serve phones on 127.0.0.1:{port}" in caplog.text
        finally:
            made.box.close()


def test_a_phone_keeps_its_seat_across_a_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = PhoneBox(data)
    try:
        hub = first.box.hub
        token = hub.join("phone2", hub.code)
        first.runner.advance(0.1)  # a render: the bindings are saved
    finally:
        first.box.close()
    saved = data / FILE
    assert json.loads(saved.read_text()) == {"phone2": token}
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    again = PhoneBox(data)
    try:
        assert again.box.hub.seat_of(token) == "phone2"
        again.box.hub.free("phone2")
        again.runner.advance(0.1)
        assert json.loads(saved.read_text()) == {}
    finally:
        again.box.close()


@pytest.mark.parametrize("text", ["{not json", '{"phone1": 5}', '["phone1"]',
                                  '{"phone1": "short"}'])
def test_a_damaged_bindings_file_is_named_and_not_used(tmp_path: Path, text: str,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / FILE).write_text(text)
    with caplog.at_level(logging.ERROR):
        made = PhoneBox(data)
    try:
        assert [taken for _seat, taken in made.box.hub.seats()] == [False, False]
        assert f"{data / FILE} not used (phones join again)" in caplog.text
    finally:
        made.box.close()
