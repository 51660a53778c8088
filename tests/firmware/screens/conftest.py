from __future__ import annotations

import pytest

from firmware_py.events import DeviceStatus

from .fake_panel import FakeI2CBus


class FakeClock:
    """A monotonic clock that only moves when a test says so."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def statuses() -> list[DeviceStatus]:
    return []


@pytest.fixture
def bus() -> FakeI2CBus:
    return FakeI2CBus()
