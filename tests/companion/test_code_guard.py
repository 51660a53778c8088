"""The join code's guard on its own (lockout.py): waits that grow to an hour, a count per hour
from everyone, and a bounded memory of clients."""

from __future__ import annotations

import pytest

from services.referee.companion.hub import CompanionError, Hub, PhoneSeat
from services.referee.companion.lockout import CodeGuard, CodeLimits, TooSoon


def test_each_lock_out_waits_twice_as_long_up_to_an_hour() -> None:
    now = [0.0]
    guard = CodeGuard(CodeLimits(clock=lambda: now[0]))
    waits = []
    for _ in range(9):
        for _ in range(5):
            guard.check("10.0.0.9")
            assert guard.wrong("10.0.0.9") is False
        with pytest.raises(TooSoon) as early:
            guard.check("10.0.0.9")
        waits.append(early.value.seconds)
        now[0] += early.value.seconds
    assert waits == [30, 60, 120, 240, 480, 960, 1920, 3600, 3600]
    guard.check("10.0.0.9")  # the wait is over
    guard.right("10.0.0.9")  # and a right code forgets it all: 30 s again next time
    for _ in range(5):
        guard.wrong("10.0.0.9")
    with pytest.raises(TooSoon) as again:
        guard.check("10.0.0.9")
    assert again.value.seconds == 30


def test_a_long_wait_is_said_in_minutes() -> None:
    now = [0.0]
    hub = Hub([PhoneSeat("phone1", "Seat 5")], list().append,
              codes=CodeLimits(first_wait=3600.0, clock=lambda: now[0]))
    wrong = "AAAA" if hub.code != "AAAA" else "CCCC"
    for _ in range(5):
        with pytest.raises(CompanionError):
            hub.join("phone1", wrong, "10.0.0.9")
    now[0] += 0.5
    with pytest.raises(CompanionError) as locked:
        hub.join("phone1", wrong, "10.0.0.9")
    assert locked.value.message.startswith(
        "too many wrong join codes from this phone: try again in 60 minutes (")
    assert locked.value.retry_after == 3600


def test_past_its_limit_the_guard_forgets_the_oldest_clients_not_locked_out() -> None:
    now = [0.0]
    guard = CodeGuard(CodeLimits(max_clients=3, per_hour=1000, clock=lambda: now[0]))
    for _ in range(5):
        guard.wrong("locked")
    for client in ("a", "b", "c"):
        now[0] += 1.0
        guard.wrong(client)
    assert sorted(guard._clients) == ["b", "c", "locked"]  # "a", the oldest free one, gone
    with pytest.raises(TooSoon):
        guard.check("locked")
