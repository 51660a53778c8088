"""Whole Innsmouth Escape games on the simulated box, from the lobby to the Human's escape and
to his death, driven by scripted buttons and tags, with every screen compared to golden
digests after every step.

The escape game's Human enters his first plot with tags (three movement cards, two location
tokens) while a Deep One player taps a token too (nothing changes, his screen says why); the
death game has the Deep Ones play a card and apply its effect (a wound), summon and fight.
The scripts in tests/box/golden/innsmouth/ were recorded by quick players through the menus
(tests/box/innsmouth_navigator.py); regenerate them and the goldens with
``REFBOX_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/box/test_innsmouth_e2e.py``, then
look at the PNGs before committing.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from services.games.innsmouth_escape import actions as a
from tests.box.conftest import SimTable
from tests.box.innsmouth_navigator import Driver, Player, option_presses, play_whole_game
from tests.box.navigator import lobby_lines
from tests.box.test_e2e import digests

FOLDER = Path(__file__).parent / "golden" / "innsmouth"
UPDATE = os.environ.get("REFBOX_UPDATE_GOLDEN") == "1"
BOX_SEED = 5
GAMES = {  # name: (players, the players' goal, their seed, plots entered with tags, winner)
    "escape": (3, "escape", 1, 1, "human"),
    "death": (3, "hunt", 1, 0, "deep_ones"),
}


def script_path(name: str) -> Path:
    return FOLDER / f"{name}-script.txt"


def tap_during_plot(driver: Driver) -> None:
    """Once, in the first plot: a Deep One player taps a location token."""
    state = driver.table.live.state
    if state.phase == "plot" and state.round == 1 and not any(
            "tag seat3" in line for line in driver.script):
        seat = driver.table.players[(state.human + 2) % state.players]
        driver.run(f"tag {seat} c")


def record(name: str, tmp_path: Path) -> list[str]:
    players, goal, seed, tags, _winner = GAMES[name]
    table = SimTable(tmp_path / "record", seed=BOX_SEED)
    try:
        lines = ["game innsmouth-escape", *lobby_lines(players, option_presses("human_seat"))]
        table.run(*lines)
        lines += play_whole_game(table.runner, Player(goal, seed, tag_plots=tags),
                                 extra=tap_during_plot if tags else None)
        assert table.box.table.live.state.outcome() is not None
    finally:
        table.close()
    return lines


@pytest.mark.parametrize("name", list(GAMES))
def test_a_whole_game_matches_the_golden_screens(tmp_path: Path, name: str) -> None:
    if UPDATE:
        FOLDER.mkdir(parents=True, exist_ok=True)
        script_path(name).write_text("\n".join(record(name, tmp_path)) + "\n")
    script = script_path(name).read_text().splitlines()
    table = SimTable(tmp_path / "replay", seed=BOX_SEED)
    seen: list[dict[str, str]] = [digests(table)]
    said: list[str] = []  # the Deep One's screen after his tap
    try:
        for line in script:
            table.run(line)
            seen.append(digests(table))
            tab = table.box.table
            if line.startswith("tag") and tab.live.state.human != tab.players.index(
                    line.split()[1]):
                said.append(" ".join(table.box.canvases[line.split()[1]].texts))
        live = tab.live
        outcome = live.state.outcome()
        last = dict(table.box.images)
        history = [step.action for step in live.history]
    finally:
        table.close()
    *_setup, tags, winner = GAMES[name]
    assert outcome is not None and outcome.result == "win"
    assert (live.state.human in outcome.winners) == (winner == "human")
    kinds = {type(action) for action in history}
    assert {a.PlacePawns, a.PlaceHuman, a.Plot, a.MoveDeepOnes, a.Fight} <= kinds
    if tags:
        assert said and "nothing changes" in said[0]
        assert any(line.startswith("tag seat1 move") or line.startswith("tag seat1 rest")
                   for line in script)
    else:
        assert {a.PlayDeepOneCard, a.Adjust, a.Spawn, a.Kill} <= kinds
    if UPDATE:
        (FOLDER / f"{name}-screens.json").write_text(json.dumps(seen, indent=0))
        for old in FOLDER.glob(f"{name}-*.png"):
            old.unlink()
        for screen, image in last.items():
            image.save(FOLDER / f"{name}-last-{screen}.png")
    expected = json.loads((FOLDER / f"{name}-screens.json").read_text())
    assert len(seen) == len(expected)
    for step, (got, want) in enumerate(zip(seen, expected, strict=True)):
        assert got == want, f"step {step} ({script[step - 1] if step else 'start'}) differs"


def test_tags_enter_a_plot_and_ask_only_when_several_ways_match(tmp_path: Path) -> None:
    """The Human taps three movement cards and two location tokens: with several legal ways
    through the same cards to the same cell the box asks which; an Equipment card tapped
    now, or a card he does not hold, changes nothing and says why."""
    from collections import defaultdict

    from services.referee.tables.innsmouth_escape import words as w

    table = SimTable(tmp_path / "data", seed=BOX_SEED)
    try:
        script = script_path("death").read_text().splitlines()
        for line in script:
            if table.box.table.live is not None and table.box.table.live.state.phase == "plot":
                break
            table.run(line)
        tab = table.box.table
        state, flow = tab.live.state, tab.flow
        human = tab.players[state.human]
        view = state.view(state.human)
        table.run(f"double {human} peek", f"tag {human} equipment-01")
        assert "not a movement card" in " ".join(table.box.canvases[human].texts)
        table.run(f"press {human} ok", f"tag {human} rest-3", f"tag {human} rest-3")
        assert "3 different cards" in " ".join(table.box.canvases[human].texts)
        table.run(f"hold {human} ok")
        assert flow.tapped == {}
        ways: dict[tuple[Any, str], list[Any]] = defaultdict(list)
        for plan in w.legal_plans(view):
            if len(plan.moves) == 3:
                ways[(tuple(v for v, _d in plan.moves), plan.end)].append(plan)
        (_values, end), found = next((k, v) for k, v in ways.items() if len(v) > 1)
        cards = w.plan_cards(view["human_private"]["movement_hand"], found[0])
        for card in cards:
            table.run(f"tag {human} {card}")
        table.run(f"tag {human} {end[0].lower()}", f"tag {human} {end[1]}")
        menu = flow.stacks[state.human][-1]
        assert menu.title == f"To {end}: which way?"
        assert [i.label for i in menu.items] == [w.plan_label(p) for p in found]
        table.run(f"press {human} ok")
        assert state.phase != "plot" and state.plot["to"] == end
    finally:
        table.close()
