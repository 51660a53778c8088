"""`refbox sim` in a real terminal (tmux, 200x60): the map screens' cursors and highlighted
cells reach the pane as reverse video, framed cells underlined.

Each game is first played headless to the screen wanted (the first lines of a golden
script, seed 0, into a data folder), then the interactive sim resumes it in tmux; keys go in
with ``send-keys`` and the pane is polled until it shows what is expected.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.box.pane import TMUX, Pane, prepare

pytestmark = pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed: the terminal pane test needs it "
                         "(Debian: apt-get install tmux; .ci/run installs it)")

GOLDEN = Path(__file__).resolve().parent / "golden"
INNSMOUTH = GOLDEN / "innsmouth" / "death-script.txt"
ASYLUM = GOLDEN / "asylum" / "victims-script.txt"
Resume = Callable[[Path, int], Pane]


@pytest.fixture
def resumed(tmp_path: Path) -> Iterator[Resume]:
    """Starts the sim in tmux on a game played to line ``steps`` of ``script``."""
    panes: list[Pane] = []

    def start(script: Path, steps: int) -> Pane:
        data = tmp_path / "data"
        prepare(data, script, steps)
        pane = Pane(tmp_path, "--data", str(data), "--screens", "terminal", "--no-phones",
                    "--seed", "0")
        panes.append(pane)
        # keys typed before the sim reads the terminal are dropped with the line discipline's
        # input (cbreak mode flushes it): wait for the wall first
        pane.wait_for("the wall", lambda: pane.panel("director") != [])
        return pane

    yield start
    for pane in panes:
        pane.close()


def test_the_innsmouth_public_map_and_plot_picker_in_the_pane(resumed: Resume) -> None:
    """The Human's last known cell (C4) on the public map in reverse video; seat 1 peeks
    and opens "Plot: where to?": the cursor (A1) reversed, the Human's cell underlined."""
    pane = resumed(INNSMOUTH, 90)
    map_row = (".   n  .   en g1  .  ", "       rrr           ")
    pane.wait_for("the public map with C4 reversed", lambda: pane.panel("public")[4:5] == [map_row])
    assert pane.panel("public")[0] == ("R1 plot W0/10 V0     ", "r" * 21)
    pane.send("11")  # a double press of peek: seat 1's own screen
    pane.wait_for("seat 1's screen", lambda: "S1 HUMAN" in str(pane.panel("seat1")))
    pane.send("q")
    pane.wait_for("the plot picker",
                  lambda: pane.panel("seat1")[:1] == [("Plot: where to?      ", "r" * 21)])
    seat1 = pane.panel("seat1")
    assert seat1[1] == (". .. c .e to A1      ", "rr                   ")
    assert seat1[4] == (". n. e 1. 1 1 2 2 3  ", "   f                 ")


def test_the_asylum_start_room_cursor_in_the_pane(resumed: Resume) -> None:
    """Seat 2 peeks and presses OK: "Start room?" with the cursor's room in reverse video."""
    pane = resumed(ASYLUM, 25)
    pane.send("22")  # a double press of peek: seat 2's own screen
    pane.wait_for("seat 2's screen", lambda: "OK: choose a room" in str(pane.panel("seat2")))
    pane.send("w")
    pane.wait_for("the start room picker",
                  lambda: pane.panel("seat2")[:1] == [("Start room?          ", "r" * 21)])
    seat2 = pane.panel("seat2")
    assert seat2[5] == (". P . . .            ", "rr                   ")
    assert all("r" not in marks for _text, marks in seat2[1:5])
