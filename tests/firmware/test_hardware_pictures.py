"""The screen pictures in docs/hardware.md are fresh captures of the emulated screens."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from PIL import Image, ImageChops

ROOT = Path(__file__).resolve().parents[2]
PICTURES = ROOT / "docs" / "hardware" / "pictures"


def _make_pictures():
    spec = importlib.util.spec_from_file_location(
        "make_pictures", ROOT / "docs" / "hardware" / "make_pictures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_pictures_match_a_fresh_capture(tmp_path):
    written = _make_pictures().capture(tmp_path)
    assert len(written) == 11
    for fresh in written:
        kept = PICTURES / fresh.name
        assert kept.exists(), f"{kept.name} is missing: run docs/hardware/make_pictures.py"
        with Image.open(fresh) as a, Image.open(kept) as b:
            assert ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None


def test_every_picture_is_shown_in_the_hardware_guide():
    guide = (ROOT / "docs" / "hardware.md").read_text(encoding="utf-8")
    for picture in PICTURES.glob("*.png"):
        assert f"hardware/pictures/{picture.name}" in guide
