"""Record a game on the simulated box where people (through their buttons) and the box's
seats play together: the lines the people's drivers ran, with ``wait 1`` while the box thinks
or tells its move (tests/box/test_bots_e2e.py, test_solo_e2e.py)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path

from PIL import Image

from services.games.core import SeatPrompt
from services.referee.box.botlobby import BOX_NAMES
from services.referee.box.botseats import Inline
from tests.box.conftest import SimTable

Person = Callable[[SimTable], Callable[[int], None]]  # how the people act, on a table


def record(data: Path, seed: int, lobby: list[str], person: Person,
           stop: Callable[[int], bool] = lambda _moves: False, limit: int = 6000) -> list[str]:
    """The lobby's lines, then the people's moves (``person``: the asked game seat makes its
    move) until the game ends or ``stop`` says so (given the people's moves so far)."""
    table = SimTable(data, seed=seed)
    table.box.table.thinker = Inline()
    script: list[str] = []
    run = table.runner.run

    def recorded(lines: Iterable[str], source: str = "script") -> None:
        lines = list(lines)
        script.extend(lines)
        run(lines, source)

    table.runner.run = recorded  # type: ignore[method-assign]
    try:
        table.run(*lobby)
        tab = table.box.table
        act, moves = person(table), 0
        for _ in range(limit):
            live = tab.live
            if live is None or live.state.outcome() is not None or stop(moves):
                break
            asked = [p.seat for p in live.state.pending() if isinstance(p, SeatPrompt)]
            people = [s for s in asked if tab.players[s] not in BOX_NAMES]
            bots = tab.bots
            if not people or (bots is not None and (bots.asked(live)
                                                    or bots.telling(table.clock.now))):
                table.run("wait 1")
                continue
            act(people[0])
            moves += 1
    finally:
        table.close()
    return script


def script(path: Path, update: bool, recorded: Callable[[], list[str]]) -> list[str]:
    """The script's lines, recorded anew into ``path`` first when ``update``."""
    if update:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(recorded()) + "\n")
    return path.read_text().splitlines()


def match_golden(folder: Path, game: str, update: bool, lines: list[str],
                 seen: list[dict[str, str]], last: dict[str, Image.Image]) -> None:
    """Every step's screen digests equal the golden ones (written first when ``update``,
    with the last public and seat1 screens as PNGs to look at)."""
    golden = folder / f"{game}-screens.json"
    if update:
        golden.write_text(json.dumps(seen, indent=0))
        for screen in ("public", "seat1"):
            last[screen].save(folder / f"{game}-last-{screen}.png")
    expected = json.loads(golden.read_text())
    assert len(seen) == len(expected)
    for step, (got, want) in enumerate(zip(seen, expected, strict=True)):
        assert got == want, f"step {step} ({lines[step - 1] if step else 'start'}) differs"
