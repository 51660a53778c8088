"""A real browser is the table screen (issue 25): headless Chromium follows a whole Intruder
Escape game on the simulated box while phone seats play it, with narration and sounds on
(docs/phones/table/make_pictures.py, which also writes the table screen's pictures of
docs/phones.md).

Skipped when no Chromium is installed: run it with Debian's ``chromium`` on the PATH
(``apt-get install chromium``),
``.venv/bin/python -m pytest tests/companion/test_table_browser.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from tests.box.pictures import assert_shown
from tests.companion.devtools import find_chromium, load_script

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "docs" / "phones" / "table"
SCRIPT = FOLDER / "make_pictures.py"
PICTURES = {"table-screen", "table-over", "table-map"}


@pytest.mark.skipif(find_chromium() is None,
                    reason="no chromium on the PATH: the browser test needs one "
                           "(apt-get install chromium)")
def test_a_browser_follows_a_whole_game_on_the_table_screen(tmp_path: Path) -> None:
    pytest.importorskip("microdot", reason="the phone server needs the phones extra")
    script = load_script("table_make_pictures", SCRIPT)
    followed = script.follow(tmp_path, tmp_path)
    assert followed.problems == [], "the table screen reported errors"
    assert followed.refused.startswith("wrong table screen code 'WXYZ'")
    assert followed.looks >= 10  # the page kept up with the game
    assert followed.final["mode"] == "over"
    assert followed.final["turn"].startswith("The game is over: ")
    # Narration said the moves and the rolls; the cues played, the end's last.
    assert followed.spoken[0] == "Narration on."
    assert any(line.startswith("The die for first player shows ") for line in followed.spoken)
    assert followed.final["turn"] in followed.spoken
    assert {"move", "roll"} <= set(followed.cues) and followed.cues[-1] == "over"
    assert {path.stem for path in followed.pictures} == PICTURES
    for path in followed.pictures:
        with Image.open(path) as picture:
            assert picture.size == (1280, 720), path.name


def test_the_guide_shows_every_table_screen_picture() -> None:
    text = (ROOT / "docs" / "phones.md").read_text()
    assert {path.stem for path in FOLDER.glob("*.png")} == PICTURES
    assert_shown(FOLDER, text, "phones/table/")
