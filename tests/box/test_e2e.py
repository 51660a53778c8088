"""Whole Escape! games on the simulated box, driven by scripted buttons and tag taps, with
every screen compared to golden captures after every step.

The scripts in tests/box/golden/<mode>/script.txt were recorded by playing random legal moves
through the menus (tests/box/navigator.py). Regenerate them and the goldens with
``REFBOX_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/box/test_e2e.py``; then look at the
PNGs before committing.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest

from tests.box.conftest import SimTable
from tests.box.navigator import lobby_lines, play_whole_game

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("REFBOX_UPDATE_GOLDEN") == "1"
MODES = {
    # mode: (presses in the options menu, players, seed of the random moves)
    "dealt": ([], 3, 11),
    "physical": (["press seat1 ok"], 3, 12),  # the first option is Cards: dealt -> physical
}
SNAPSHOTS = (0, 25, 60)  # steps whose PNGs are kept for people (and docs)


def digests(table: SimTable) -> dict[str, str]:
    return {name: hashlib.sha256(image.tobytes()).hexdigest()[:16]
            for name, image in sorted(table.box.images.items())}


def record(mode: str, tmp_path: Path) -> list[str]:
    presses, players, seed = MODES[mode]
    table = SimTable(tmp_path / "record", seed=5)
    try:
        lines = ["game decktet-escape", *lobby_lines(players, presses)]
        table.run(*lines)
        lines += play_whole_game(table.runner, seed)
        assert table.box.table.live.state.outcome() is not None
    finally:
        table.close()
    return lines


@pytest.mark.parametrize("mode", sorted(MODES))
def test_a_whole_game_matches_the_golden_screens(mode: str, tmp_path: Path) -> None:
    folder = GOLDEN / mode
    if UPDATE:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "script.txt").write_text("\n".join(record(mode, tmp_path)) + "\n")
    script = (folder / "script.txt").read_text().splitlines()
    capture = tmp_path / "capture"
    table = SimTable(tmp_path / "replay", seed=5, capture=capture)
    seen: list[dict[str, str]] = [digests(table)]
    try:
        for line in script:
            table.run(line)
            seen.append(digests(table))
        outcome = table.box.table.live.state.outcome()
    finally:
        table.close()
    assert outcome is not None, "the scripted game did not end"
    if UPDATE:
        (folder / "screens.json").write_text(json.dumps(seen, indent=0))
        for old in folder.glob("*.png"):
            old.unlink()
        for step in (*SNAPSHOTS, len(script)):
            for png in capture.glob(f"{step:04d}-*.png"):
                shutil.copy(png, folder / png.name)
    expected = json.loads((folder / "screens.json").read_text())
    assert len(seen) == len(expected)
    for step, (got, want) in enumerate(zip(seen, expected, strict=True)):
        assert got == want, f"step {step} ({script[step - 1] if step else 'start'}) differs"
