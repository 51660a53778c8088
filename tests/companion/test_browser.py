"""A real browser plays a phone seat (issue 14): headless Chromium joins Seat 7 of the
simulated box by the QR code's address and plays it through a whole Escape! game with taps
only, while Seats 1 and 2 play with their buttons; then, as the Human of an Innsmouth Escape
game, it plots a route by taps, and the page's map shows it while peek is held only
(docs/phones/make_pictures.py, which also writes the pictures of docs/phones.md).

Skipped when no Chromium is installed (.ci/run installs Debian's ``chromium`` when it runs
as root): ``.venv/bin/python -m pytest tests/companion/test_browser.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from tests.box.pictures import assert_shown
from tests.companion.devtools import find_chromium, load_script

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "docs" / "phones"
SCRIPT = FOLDER / "make_pictures.py"
PICTURES = {"join", "join-refused", "seat-refused", "peek", "seat-menu", "over", "public-join",
            "map", "map-peek", "public"}


@pytest.mark.skipif(find_chromium() is None,
                    reason="no chromium on the PATH: the browser test needs one")
def test_a_browser_plays_a_phone_seat_through_a_whole_game(tmp_path: Path) -> None:
    pytest.importorskip("microdot", reason="the phone server needs the phones extra")
    script = load_script("phones_make_pictures", SCRIPT)
    played = script.play(tmp_path)
    assert played.problems == [], "the seat page reported errors"
    assert played.outcome is not None, "the game did not end"
    assert played.phone_moves >= 3  # the phone seat took its turns by taps
    assert played.taps > played.phone_moves * 2  # OK, the items, the peek, the lobby
    wrong_code, alone = played.refusals
    assert wrong_code.startswith("wrong join code 'WXYZ'")
    assert "players" in alone  # the lobby said why one player cannot start
    # Innsmouth Escape: the Human's plotted route is on his map only while peek is held.
    assert len(played.plotted) >= 2, "the Human did not plot a route"
    assert played.route_peek == played.plotted
    assert played.route_public == []
    assert {path.stem for path in played.pictures} == PICTURES
    for path in played.pictures:
        with Image.open(path) as picture:
            wanted = (512, 256) if path.stem == "public-join" else (390, 844)
            assert picture.size == wanted, path.name
        assert path.stat().st_size < 40_000, f"{path.name} is not a small file"


def test_the_guide_shows_every_picture() -> None:
    text = (ROOT / "docs" / "phones.md").read_text()
    assert {path.stem for path in FOLDER.glob("*.png")} == PICTURES
    assert_shown(FOLDER, text, "phones/")
