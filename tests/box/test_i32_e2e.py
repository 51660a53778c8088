"""Whole Innsmouth 32 games on the simulated box, from the lobby to each outcome of A-I32-01,
driven by scripted buttons, with every screen (public, director, each seat) compared to golden
digests after every step.

Four seats: the director (seat 1) and three character players. The decisions are those of the
engine-level players of ``tests/games/i32_players.py`` (cautious or reckless survivors, a
director who attacks the weakest or a gentle one); ``tests/box/i32_navigator.py`` turns each
chosen engine action into the button presses that reach it in the seat's menus. The box
rolls, shuffles and draws with its seeded generator, which is consumed exactly as the
engine-level games consume theirs: the box game with seed N is the engine game with seed N.

* ``final_turn``: the players win with survivors in play after the director's final turn of
  reel IV (R-I32-71);
* ``last_one``: the Last One Standing survives its round (R-I32-73);
* ``no_survivor``: the director wins, no survivor is left;
* ``half_players`` (option victory = half players): the director wins, too few players still
  have survivors;
* ``modules`` (options cover_attack and secret_cultist): the director covers a screen card
  (R-I32-30) and holds a secret cultist (R-I32-84).

The games (seeds, players, options, outcomes) are ``GAMES`` of tests/games/i32_players.py.

The scripts and goldens are in tests/box/golden/i32/: ``<name>-script.txt`` (the lines),
``<name>-screens.txt`` (per step, the digests of the screens that changed) and the last
frame of every screen as PNGs. Regenerate them with
``REFBOX_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/box/test_i32_e2e.py``, then look at
the PNGs before committing.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from services.games.core import SeatPrompt
from services.games.innsmouth_32 import actions as a
from tests.box.conftest import SimTable
from tests.box.i32_navigator import I32Driver
from tests.box.innsmouth_navigator import option_presses
from tests.box.navigator import lobby_lines
from tests.box.test_e2e import digests
from tests.games.i32_players import GAMES, Players

FOLDER = Path(__file__).parent / "golden" / "i32"
UPDATE = os.environ.get("REFBOX_UPDATE_GOLDEN") == "1"
GAME = "innsmouth-32"
SEATS = 4


def script_path(name: str) -> Path:
    return FOLDER / f"{name}-script.txt"


def lobby(name: str) -> list[str]:
    """Each option of the game stepped once from its default (false to true, any survivor
    to half players)."""
    presses = [p for option in GAMES[name].options for p in option_presses(option, GAME)]
    return [f"game {GAME}", *lobby_lines(SEATS, presses)]


def play_whole_game(table: SimTable, players: Players, limit: int = 1500) -> list[str]:
    """The players' decisions through the buttons until the game ends; returns the lines."""
    driver = I32Driver(table.runner)
    tab = driver.table
    for _ in range(limit):
        live = tab.live
        if live is None or live.state.outcome() is not None:
            break
        prompt = next(p for p in live.state.pending() if isinstance(p, SeatPrompt))
        action = players.decide(live.state, prompt.seat)
        driver.act(tab.players[prompt.seat], action)
    return driver.script


def record(name: str, tmp_path: Path) -> list[str]:
    game = GAMES[name]
    table = SimTable(tmp_path / "record", seed=game.seed)
    try:
        lines = lobby(name)
        table.run(*lines)
        lines += play_whole_game(table, Players(game.players.survivors,
                                                game.players.director))
        assert table.box.table.live.state.outcome() is not None
    finally:
        table.close()
    return lines


def changes(seen: list[dict[str, str]]) -> list[str]:
    """Per step, the screens whose digest changed (all of them at the start)."""
    lines, before = [], {}
    for step in seen:
        lines.append(" ".join(f"{k}={v}" for k, v in step.items() if before.get(k) != v)
                     or "-")
        before = step
    return lines


def replay(name: str, tmp_path: Path) -> tuple[list[str], list[dict[str, str]], Any,
                                               dict[str, Any]]:
    script = script_path(name).read_text().splitlines()
    table = SimTable(tmp_path / "replay", seed=GAMES[name].seed)
    seen = [digests(table)]
    try:
        for line in script:
            table.run(line)
            seen.append(digests(table))
        live = table.box.table.live
        images = dict(table.box.images)
    finally:
        table.close()
    return script, seen, live, images


@pytest.mark.parametrize("name", list(GAMES))
def test_a_whole_game_matches_the_golden_screens(tmp_path: Path, name: str) -> None:
    if UPDATE:
        FOLDER.mkdir(parents=True, exist_ok=True)
        script_path(name).write_text("\n".join(record(name, tmp_path)) + "\n")
    script, seen, live, last = replay(name, tmp_path)
    game = GAMES[name]
    state = live.state
    outcome = state.outcome()
    assert outcome is not None
    assert (outcome.result, outcome.winners, outcome.reason, outcome.rule) == (
        game.result, game.winners, game.reason, "A-I32-01")
    assert [step.action for step in live.history] == game.play().actions  # the same game
    kinds = {type(step.action) for step in live.history}
    assert {a.Pool, a.Act, a.TakeAttack, a.Commit} <= kinds
    assert kinds & {a.Negate, a.Flail}
    if name == "final_turn":
        assert state.reel == 4 and state.in_play()
    if name == "last_one":
        assert len(state.in_play()) == 1 and not state.survivor_pile
    if name == "no_survivor":
        assert not state.in_play() and not state.survivor_pile
    if name == "modules":
        assert a.Cover in kinds and state.mods["cultist"]
    if UPDATE:
        (FOLDER / f"{name}-screens.txt").write_text("\n".join(changes(seen)) + "\n")
        for old in FOLDER.glob(f"{name}-*.png"):
            old.unlink()
        for screen, image in last.items():
            image.save(FOLDER / f"{name}-last-{screen}.png")
    expected = (FOLDER / f"{name}-screens.txt").read_text().splitlines()
    got = changes(seen)
    assert len(got) == len(expected)
    for step, (mine, want) in enumerate(zip(got, expected, strict=True)):
        assert mine == want, f"step {step} ({script[step - 1] if step else 'start'}) differs"
