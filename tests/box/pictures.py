"""Checks shared by the picture tests: committed pictures equal a fresh capture by their
make_pictures.py, and every picture is linked from the docs."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from PIL import Image, ImageChops


def assert_fresh(script: Path, pictures: Path, tmp_path: Path) -> None:
    """Run ``script``'s ``capture`` into ``tmp_path``; every picture must equal the kept one."""
    spec = importlib.util.spec_from_file_location(f"pictures_{script.parent.name}", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    written = module.capture(tmp_path)
    assert len(written) == len(list(pictures.glob("*.png")))
    for fresh in written:
        kept = pictures / fresh.name
        assert kept.exists(), f"{kept.name} is missing: run {script}"
        with Image.open(fresh) as a, Image.open(kept) as b:
            assert ImageChops.difference(a, b).getbbox() is None, f"{kept.name} is stale"


def assert_shown(pictures: Path, text: str, prefix: str = "pictures/") -> None:
    """Every picture of ``pictures`` is linked in ``text`` (as ``prefix`` + its name)."""
    for picture in pictures.glob("*.png"):
        assert f"{prefix}{picture.name}" in text, f"{picture.name} is not in the docs"
