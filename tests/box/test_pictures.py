"""The screen pictures in docs/box.md and the Escape! guide are fresh simulator captures."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from PIL import Image, ImageChops

ROOT = Path(__file__).resolve().parents[2]
PICTURES = ROOT / "docs" / "box" / "pictures"


def test_pictures_match_a_fresh_capture(tmp_path):
    spec = importlib.util.spec_from_file_location("make_pictures",
                                                  ROOT / "docs" / "box" / "make_pictures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    written = module.capture(tmp_path)
    assert len(written) == len(list(PICTURES.glob("*.png")))
    for fresh in written:
        kept = PICTURES / fresh.name
        assert kept.exists(), f"{kept.name} is missing: run docs/box/make_pictures.py"
        with Image.open(fresh) as a, Image.open(kept) as b:
            assert ImageChops.difference(a, b).getbbox() is None, f"{kept.name} is stale"


def test_every_picture_is_shown_in_the_docs():
    text = (ROOT / "docs" / "box.md").read_text() + (
        ROOT / "docs" / "games" / "decktet-escape.md").read_text()
    for picture in PICTURES.glob("*.png"):
        assert f"pictures/{picture.name}" in text, f"{picture.name} is not in the docs"
