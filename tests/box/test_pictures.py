"""The screen pictures in docs/box.md and the Escape! guide are fresh simulator captures."""

from __future__ import annotations

from pathlib import Path

from tests.box.pictures import assert_fresh, assert_shown

ROOT = Path(__file__).resolve().parents[2]
PICTURES = ROOT / "docs" / "box" / "pictures"


def test_pictures_match_a_fresh_capture(tmp_path):
    assert_fresh(ROOT / "docs" / "box" / "make_pictures.py", PICTURES, tmp_path)


def test_every_picture_is_shown_in_the_docs():
    text = (ROOT / "docs" / "box.md").read_text() + (
        ROOT / "docs" / "games" / "decktet-escape.md").read_text()
    assert_shown(PICTURES, text)
