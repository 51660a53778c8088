"""The screen pictures of the Asylum Escape guide are fresh simulator captures."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.box.pictures import assert_fresh, assert_shown

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "docs" / "games" / "asylum-escape"
PICTURES = FOLDER / "pictures"
GUIDE = ROOT / "docs" / "games" / "asylum-escape.md"


def test_pictures_match_a_fresh_capture(tmp_path):
    assert_fresh(FOLDER / "make_pictures.py", PICTURES, tmp_path)


def test_every_picture_is_shown_in_the_guide():
    text = GUIDE.read_text() if GUIDE.exists() else "<!-- screens -->"
    if "<!-- screens -->" in text or "asylum-escape/pictures/" not in text:
        pytest.skip("the guide's Screens section is not written yet (placeholder)")
    assert_shown(PICTURES, text, "asylum-escape/pictures/")
