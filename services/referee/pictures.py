"""Screen pictures for the docs, taken from the simulated box (the guides' make_pictures.py).

A picture is a screen of the real daemon on the simulated board, saved at twice its size. A
*scene* names the moment to take it: while a recorded script replays line by line, the first
time ``when(table)`` gives a seat (a game index; any value for the public screen), that
seat's screen or the public one is saved. Public pages other than the one on screen are
reached with a free seat's ``next``, as at the table, and turned back afterwards.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from services.referee.assemble import sim_box
from services.referee.box.script import FakeClock, ScriptRunner

SIZE = (256, 128)  # twice the panel's pixels, so the docs show them crisp
Table = Any  # services.referee.box.table.Table
Finder = Callable[[Table], int | None]  # the seat (game index) to take, or None: not now


@dataclass(frozen=True)
class Scene:
    name: str  # the picture's file name, without .png
    when: Finder
    screen: str  # "public" or "seat"
    page: str = ""  # the public page to turn to ("" = the one on screen)


def save(image: Image.Image, target: Path) -> Path:
    """One screen as a docs picture."""
    image.convert("L").resize(SIZE).save(target)
    return target


def replay(lines: Iterable[str], scenes: Sequence[Scene], directory: Path, *, seed: int,
           done: set[str]) -> list[Path]:
    """Replay ``lines`` on a fresh simulated box (rng ``seed``), taking each scene of
    ``scenes`` not yet in ``done`` the first time it comes; ``done`` gets their names."""
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as data:
        clock = FakeClock()
        box, sim = sim_box("sim", data, clock, screens="memory", threaded=False, seed=seed)
        box.start()
        try:
            runner = ScriptRunner(box, sim, clock)
            table = box._table()
            for line in lines:
                runner.run([line])
                for scene in scenes:
                    seat = None if scene.name in done else scene.when(table)
                    if seat is None:
                        continue
                    done.add(scene.name)
                    turned = 0
                    if scene.screen == "public":
                        if table.rolling is not None:
                            runner.wait("1")  # the dice animation ends
                        turned = _turn_to(runner, table, scene.page)
                        image = box.images["public"]
                    else:
                        image = box.images[table.players[seat]]
                    written.append(save(image, directory / f"{scene.name}.png"))
                    _turn_back(runner, table, turned)
        finally:
            box.close()
    return written


def check_all_taken(scenes: Sequence[Scene], done: set[str]) -> None:
    missing = [scene.name for scene in scenes if scene.name not in done]
    if missing:
        raise RuntimeError(f"the recorded games never show: {', '.join(missing)}")


def _free_seat(table: Table) -> str:
    """A seat with no menu and no refusal open: its `next` turns the public page."""
    flow = table.flow
    found = next(s for s in range(len(table.players))
                 if not flow.stacks.get(s) and s not in flow.messages)
    return str(table.players[found])


def _turn_to(runner: ScriptRunner, table: Table, page: str) -> int:
    """Turn the public screen to ``page``; returns how many pages it turned."""
    if not page:
        return 0
    for turned in range(8):
        if table.flow.page_name(table.live.state) == page:
            return turned
        runner.press(_free_seat(table), "next")
    raise RuntimeError(f"the public screen has no page {page!r} now")


def _turn_back(runner: ScriptRunner, table: Table, turned: int) -> None:
    for _ in range(turned):
        runner.press(_free_seat(table), "prev")
