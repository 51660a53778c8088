"""The screen pictures of the Innsmouth Escape guide are fresh simulator captures."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from PIL import Image, ImageChops

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "docs" / "games" / "innsmouth-escape"
PICTURES = FOLDER / "pictures"
GUIDE = ROOT / "docs" / "games" / "innsmouth-escape.md"


def test_pictures_match_a_fresh_capture(tmp_path):
    spec = importlib.util.spec_from_file_location("innsmouth_pictures",
                                                  FOLDER / "make_pictures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    written = module.capture(tmp_path)
    assert len(written) == len(list(PICTURES.glob("*.png")))
    for fresh in written:
        kept = PICTURES / fresh.name
        assert kept.exists(), f"{kept.name} is missing: run {FOLDER / 'make_pictures.py'}"
        with Image.open(fresh) as a, Image.open(kept) as b:
            assert ImageChops.difference(a, b).getbbox() is None, f"{kept.name} is stale"


def test_every_picture_is_shown_in_the_guide():
    text = GUIDE.read_text() if GUIDE.exists() else "<!-- screens -->"
    if "<!-- screens -->" in text or "innsmouth-escape/pictures/" not in text:
        pytest.skip("the guide's Screens section is not written yet (placeholder)")
    for picture in PICTURES.glob("*.png"):
        assert f"innsmouth-escape/pictures/{picture.name}" in text, \
            f"{picture.name} is not in the guide"
