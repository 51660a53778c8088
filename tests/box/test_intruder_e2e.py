"""A whole Intruder Escape game on the simulated box, from the lobby and the Intruders'
wake-up to a win, driven by scripted buttons, with every screen compared to golden captures
after every step; and no Innocent's screen ever names another seat's identity.

The script in tests/box/golden/intruder/script.txt was recorded by a quick player through
the menus (tests/box/intruder_navigator.py); regenerate it and the goldens with
``REFBOX_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/box/test_intruder_e2e.py``, then
look at the PNGs before committing.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from services.referee.box.render import wrap
from tests.box.conftest import SimTable
from tests.box.intruder_navigator import play_whole_game
from tests.box.navigator import lobby_lines
from tests.box.test_e2e import digests

FOLDER = Path(__file__).parent / "golden" / "intruder"
UPDATE = os.environ.get("REFBOX_UPDATE_GOLDEN") == "1"
PLAYERS, BOX_SEED, PLAYER_SEED = 4, 5, 3
SNAPSHOTS = (0, 27, 84, 127)  # the lobby, the wake-up, a refusal, an assessment (+ the end)
SEAT_LABEL = re.compile(r"\bS(\d)\b")


def record(tmp_path: Path) -> list[str]:
    table = SimTable(tmp_path / "record", seed=BOX_SEED)
    try:
        lines = ["game intruder-escape", *lobby_lines(PLAYERS, [])]
        table.run(*lines)
        lines += play_whole_game(table.runner, PLAYER_SEED)
        assert table.box.table.live.state.outcome() is not None
    finally:
        table.close()
    return lines


def innocent_leaks(table: SimTable) -> list[str]:
    """Texts on an Innocent's own screen that name another seat's identity."""
    tab = table.box.table
    live = tab.live
    if live is None or live.state.outcome() is not None or tab.mode != "game":
        return []
    state = live.state
    found = []
    for seat, name in enumerate(tab.players):
        if not state.identity_cards or state.identity(seat) != "innocent":
            continue
        for text in table.box.canvases[name].texts:
            lower = text.lower()
            others = {int(n) - 1 for n in SEAT_LABEL.findall(text)} - {seat}
            if "intruder" in lower or ("innocent" in lower and others):
                found.append(f"{name}: {text!r}")
    return found


def test_a_whole_game_matches_the_golden_screens(tmp_path: Path) -> None:
    if UPDATE:
        FOLDER.mkdir(parents=True, exist_ok=True)
        (FOLDER / "script.txt").write_text("\n".join(record(tmp_path)) + "\n")
    script = (FOLDER / "script.txt").read_text().splitlines()
    table = SimTable(tmp_path / "replay", seed=BOX_SEED)
    seen: list[dict[str, str]] = [digests(table)]
    kept = {0: dict(table.box.images)}  # the PNGs of the snapshot steps
    leaks: list[str] = []
    refusals: list[tuple[str, str]] = []  # (what the seat's screen said, the greyed reason)
    woken = set()
    try:
        for step, line in enumerate(script, start=1):
            table.run(line)
            seen.append(digests(table))
            if step in SNAPSHOTS or step == len(script):
                kept[step] = dict(table.box.images)
            leaks += innocent_leaks(table)
            tab = table.box.table
            for seat, stack in (tab.flow.stacks if tab.flow else {}).items():
                if stack and stack[-1].notice:  # a greyed choice's reason, on screen
                    texts = table.box.canvases[tab.players[seat]].texts
                    refusals.append((" ".join(texts[1:]), stack[-1].notice))
            for name in tab.players:
                texts = table.box.canvases[name].texts
                if texts and texts[0].endswith("your identity") and any(
                        t.startswith("with S") for t in texts):
                    woken.add(name)
        outcome = tab.live.state.outcome()
    finally:
        table.close()
    assert outcome is not None and outcome.result == "win", "the scripted game did not end"
    assert not leaks, f"an Innocent's screen names another identity: {leaks[:3]}"
    assert len(woken) == 2, "both Intruders saw each other at the wake-up"
    assert refusals, "the script shows why a greyed choice cannot be made"
    for shown, reason in refusals:
        assert shown == " ".join(wrap(reason)) == reason
        assert not re.search(r"R-IX-\d", shown), "the rule id is for referees"
    if UPDATE:
        (FOLDER / "screens.json").write_text(json.dumps(seen, indent=0))
        for old in FOLDER.glob("*.png"):
            old.unlink()
        for step, images in kept.items():
            for name, image in images.items():
                image.save(FOLDER / f"{step:04d}-{name}.png")
    expected = json.loads((FOLDER / "screens.json").read_text())
    assert len(seen) == len(expected)
    for step, (got, want) in enumerate(zip(seen, expected, strict=True)):
        assert got == want, f"step {step} ({script[step - 1] if step else 'start'}) differs"


def test_the_identity_check_catches_a_leak(tmp_path: Path) -> None:
    """The word check can fail: a seat screen that names the Intruders is caught."""
    table = SimTable(tmp_path / "data", seed=BOX_SEED)
    try:
        table.run(*(FOLDER / "script.txt").read_text().splitlines()[:40])
        tab = table.box.table
        state = tab.live.state
        flow = tab.flow
        original = flow.seat
        intruders = [s for s in range(state.players) if state.identity(s) == "intruder"]

        def leaky(seat, state, shown):
            canvas = original(seat, state, shown)
            canvas.line(5, f"S{intruders[0] + 1} Intruder")
            return canvas

        flow.seat = leaky
        tab.forget()  # the drawing changed from outside: every screen is drawn anew
        table.run("press seat1 next")
        assert innocent_leaks(table)
    finally:
        table.close()
