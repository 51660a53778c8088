"""The terminal simulator's console on the real daemon (sim board, fake clock), without a TTY:
bytes in through :meth:`Console.feed`, time through :meth:`Console.tick`, the wall out of
:meth:`Console.frame`."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from services.referee.box.console import Console, quit_note
from services.referee.box.render import dense_page, text_grid
from services.referee.box.simtags import sim_tag
from tests.box.conftest import SimTable

ROOT = Path(__file__).resolve().parents[2]
INTRUDER = ROOT / "tests" / "box" / "golden" / "intruder" / "script.txt"
SIZES = ((80, 24), (106, 30), (120, 40), (200, 60), (60, 20), (30, 12))


class Session:
    """A console on a started sim box; ``type`` feeds bytes and lets time pass."""

    def __init__(self, table: SimTable) -> None:
        self.table = table
        self.box = table.box
        self.stop = threading.Event()
        self.console = Console(table.box, table.sim, self.stop)

    def wait(self, seconds: float) -> None:
        clock = self.table.clock
        end = clock.now + seconds
        while clock.now < end - 1e-9:
            clock.now = min(end, clock.now + 0.01)
            self.console.tick(clock.now)
            for virtual in self.table.sim.virtual_readers.values():
                virtual.tick(clock.now)
            self.box.step()

    def type(self, data: bytes, then: float = 0.3) -> None:
        self.console.feed(data, self.table.clock.now)
        self.wait(then)

    def keys(self, text: str, every: float = 0.2) -> None:
        """One key at a time, as a person types."""
        for char in text:
            self.type(char.encode(), every)


@pytest.fixture
def session(sim_table: SimTable) -> Iterator[Session]:
    yield Session(sim_table)


def joined_lobby(session: Session) -> None:
    """Decktet Escape's join step with seats 1-3 joined, through the keyboard."""
    session.table.run("game decktet-escape")
    session.keys("zq")  # the last option: seats join
    session.keys("qwe", every=0.3)
    assert session.box._table().lobby.joined == ["seat1", "seat2", "seat3"]


@pytest.mark.parametrize("hold", [b"Q", b" q"])
def test_a_shifted_key_or_space_then_the_key_holds(session: Session, hold: bytes) -> None:
    """Seat 1 holds ok to start the game (a plain key used to be all a terminal could do)."""
    joined_lobby(session)
    session.type(hold, then=1.5)
    assert session.box._table().live is not None
    assert session.console.message == "Seat 1: hold ok"


def test_a_held_key_leaves_the_lobby_once_and_starts_nothing(session: Session) -> None:
    """Regression: the first auto-repeat of a held key counted as a second press."""
    joined_lobby(session)
    session.type(b"q", then=0.5)
    for _ in range(40):  # the terminal's auto-repeat while the key stays down
        session.type(b"q", then=0.03)
    session.wait(1.0)
    table = session.box._table()
    assert table.live is None and table.lobby.joined == ["seat2", "seat3"]


def test_f4_is_seat_4_s_back_and_moves_no_other_cursor(session: Session) -> None:
    """Regression: F4 (ESC O S) was Esc, O, S: seat 2's next moved the options cursor."""
    session.table.run("game decktet-escape")
    lobby = session.box._table().lobby
    assert lobby.step == "options"
    cursor = lobby.menu.cursor
    session.type(b"\x1bOS", then=0.5)
    assert session.console.message == "Seat 4: back"
    assert lobby.step == "game" and not session.stop.is_set()
    session.table.run("game decktet-escape")
    session.type(b"\x1b[14~", then=1.0)  # rxvt's F4
    assert lobby.step == "game"
    session.table.run("game decktet-escape")
    session.type(b"\x1b[1;2S", then=1.5)  # Shift+F4: a held back does nothing in the lobby
    assert session.console.message == "Seat 4: hold back"
    assert lobby.step == "options" and lobby.menu.cursor == cursor


def test_esc_twice_quits_and_sequences_do_not_count(session: Session) -> None:
    session.type(b"\x1b", then=0.1)
    assert session.console.message == "press Esc again to quit" and not session.stop.is_set()
    session.type(b"\x1bOP\x1b[15~", then=0.1)  # F1, F5: not Esc
    session.type(b"\x1b", then=0.1)
    assert not session.stop.is_set()
    session.type(b"\x1b", then=0.1)
    assert session.stop.is_set() and session.console.message == "quitting"


def test_typed_tags_are_echoed_and_a_wrong_one_is_refused(session: Session) -> None:
    """Regression: ``seat1 the-watchmn`` ended the sim with a ValueError from the reader."""
    readers = session.table.sim.virtual_readers
    session.keys("`seat1 the-watch")
    assert session.console.frame((80, 24)).lines[-1] == \
        "tag (SEAT PIECE, Enter; Esc cancels): seat1 the-watch_"
    session.keys("mn\r")
    assert session.console.message.startswith("no piece called 'the-watchmn': closest: "
                                              "the-watchman")
    assert session.console.typed is None and readers["seat1"].tag is None
    session.keys("`seat1 the-watchman\r", every=0.01)
    assert session.console.message == \
        "tag the-watchman (the Watchman, decktet-escape) on Seat 1's reader"
    assert readers["seat1"].tag == sim_tag("decktet-escape", "card", "the-watchman")
    session.wait(0.5)
    assert readers["seat1"].tag is None  # lifted again
    session.keys("`seat9 knife\r", every=0.01)
    assert session.console.message == ("no seat 'seat9' with a reader: type one of seat1, seat2, "
                                       "seat3, seat4, seat5, seat6 (or its number, 1-6), then "
                                       "the piece")
    session.keys("`seat1 kni\x7f\x7f\x1b", every=0.01)
    session.wait(0.1)
    assert session.console.typed is None and session.console.message == "tag cancelled"
    assert not session.stop.is_set()


def test_unknown_keys_say_so(session: Session) -> None:
    session.type(b"p")
    assert session.console.message == "p is no button on this board (the keys are listed above)"
    session.type(b"\x1b[24~")
    assert session.console.message == \
        "F12 is no button on this board (the keys are listed above)"


def test_80x24_is_compact_and_tab_turns_the_seats(session: Session) -> None:
    console = session.console
    wall = console.frame((80, 24))
    assert not wall.full and len(wall.lines) <= 24 and max(map(len, wall.lines)) <= 80
    assert wall.lines[0] == "Seats 1-6: ok QWERTY  next ASDFGH  prev ZXCVBN  back F1-F6  peek " \
                            "123456"
    assert wall.shown == ("public", "seat1", "seat2", "seat3", "seat4", "seat5")
    session.type(b"\t")
    assert console.frame((80, 24)).shown == ("public", "seat2", "seat3", "seat4", "seat5", "seat6")
    session.type(b"\x1b[Z\x1b[Z")  # Shift+Tab twice
    assert console.frame((80, 24)).shown[:2] == ("public", "seat6")
    session.type(b"\t\t")
    session.type(b"5")  # seat 5's key: seat 5 is not shown, so it comes first
    assert console.frame((80, 24)).shown[:2] == ("public", "seat5")
    big = console.frame((120, 40))
    assert big.full and big.lines[0] == "refbox simulator: the real daemon on board sim"
    assert big.shown == ("public", "seat1", "seat2", "seat3", "seat4", "seat5", "seat6",
                         "director")
    assert "hold: Shift+key (Q holds Seat 1's ok) or Space then the key" in big.lines


def test_a_seven_line_page_on_seat_1(session: Session) -> None:
    """Regression: a 7-line page on seat 1 beside 6-line screens raised IndexError."""
    session.box.canvases["seat1"] = dense_page("S1 INTRUDER", [f"card {n}" for n in range(6)])
    assert len(text_grid(session.box.canvases["seat1"])) == 7
    for size in SIZES:
        wall = session.console.frame(size)
        assert len(wall.lines) <= size[1] and max(map(len, wall.lines)) <= size[0]
    assert "| card 5                |" in " ".join(session.console.frame((200, 60)).lines)


def test_every_screen_of_a_recorded_intruder_game_fits(tmp_path: Path) -> None:
    """The recorded Intruder game (7-line deal and keep pages included) at several sizes."""
    table = SimTable(tmp_path / "data", seed=5)
    try:
        console = Session(table).console
        for line in INTRUDER.read_text().splitlines():
            table.run(line)
            for size in SIZES:
                wall = console.frame(size)
                assert len(wall.lines) <= size[1] and max(map(len, wall.lines)) <= size[0]
    finally:
        table.close()


def test_the_word_on_quit() -> None:
    assert quit_note(Path("/srv/refbox"), kept=True) == (
        "The game is saved in /srv/refbox/refbox.sqlite: `refbox sim --data /srv/refbox` "
        "carries on from there.")
    assert quit_note(Path("/tmp/refbox-sim-x1"), kept=False) == (
        "Nothing was kept: this run used a temporary folder (/tmp/refbox-sim-x1), deleted now. "
        "Start with --data DIR to keep the game.")
