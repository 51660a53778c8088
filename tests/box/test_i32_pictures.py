"""The screen pictures of the Innsmouth 32 guide are fresh simulator captures."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.box.pictures import assert_fresh, assert_shown

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "docs" / "games" / "innsmouth-32"
PICTURES = FOLDER / "pictures"
GUIDE = ROOT / "docs" / "games" / "innsmouth-32.md"


def test_pictures_match_a_fresh_capture(tmp_path: Path) -> None:
    assert_fresh(FOLDER / "make_pictures.py", PICTURES, tmp_path)


def test_every_picture_is_shown_in_the_guide() -> None:
    text = GUIDE.read_text() if GUIDE.exists() else "<!-- screens -->"
    if "<!-- screens -->" in text or "innsmouth-32/pictures/" not in text:
        pytest.skip("the guide's Screens section is not written yet (placeholder)")
    assert_shown(PICTURES, text, "innsmouth-32/pictures/")
