"""Fixtures for the box tests: a simulated board on a fake clock, in a fresh data dir."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from services.referee.assemble import sim_box
from services.referee.box.script import FakeClock, ScriptRunner


class SimTable:
    """A started simulated box with its script runner."""

    def __init__(self, data: Path, seed: int, capture: Path | None = None,
                 board: str = "sim") -> None:
        self.clock = FakeClock()
        self.box, self.sim = sim_box(board, data, self.clock, screens="memory", threaded=False,
                                     seed=seed)
        self.box.start()
        self.runner = ScriptRunner(self.box, self.sim, self.clock, capture)

    def run(self, *lines: str) -> None:
        self.runner.run(lines)

    def close(self) -> None:
        self.box.close()


@pytest.fixture
def sim_table(tmp_path: Path) -> Iterator[SimTable]:
    table = SimTable(tmp_path / "data", seed=7)
    yield table
    table.close()
