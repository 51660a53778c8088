"""What a newcomer met in the terminal simulator (issue 24, item 1), one test each.

The terminal screens lost what the window shows by pixels alone: the Innsmouth Escape public
map drew the Human's last known cell as a plain '.', and map cursors (Asylum Escape's "Start
room?") were invisible; now inverted cells are in reverse video (mark ``r``). And Shift+A
followed by ``a`` within half a second cut the hold short (the hold swallowed the next key).
"""

from __future__ import annotations

from pathlib import Path

from tests.box.test_screen_marks import ASYLUM, INNSMOUTH, Played
from tests.firmware.test_terminal_keys import transitions


def test_the_innsmouth_public_map_marks_the_humans_last_known_cell(tmp_path: Path) -> None:
    """The window draws C4, the Human's last known cell, inverted; so does the terminal."""
    played = Played(tmp_path, INNSMOUTH, 90)
    try:
        public = played.panel("public")
    finally:
        played.table.close()
    assert public[0] == ("R1 plot W0/10 V0     ", "r" * 21)
    assert public[4] == (".   n  .   en g1  .  ", "       rrr           ")
    assert all(marks.strip() == "" for _text, marks in public[1:4] + public[5:])


def test_the_asylum_start_room_cursor_is_marked(tmp_path: Path) -> None:
    played = Played(tmp_path, ASYLUM, 25)
    try:
        seat2 = played.panel("seat2")
    finally:
        played.table.close()
    assert seat2[0] == ("Start room?          ", "r" * 21)
    assert seat2[5] == (". P . . .            ", "rr                   ")
    assert all("r" not in marks for _text, marks in seat2[1:5])


def test_a_key_after_a_shifted_hold_is_a_press_of_its_own() -> None:
    """Shift+A, then ``a`` 0.4 s later: the hold lasts its full 1.1 s, then ``a`` is pressed
    (it used to cut the hold short at 0.52 s and merge into it)."""
    assert transitions([(0.0, "a", True), (0.4, "a", False)], until=2.0) == [
        (0.0, "down"), (1.1, "up"), (1.16, "down"), (1.31, "up")]
