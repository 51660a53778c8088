"""Wrong join codes: each client waits after a few, and many from everyone change the code.

The join code has ``CODE_LENGTH`` letters of ``CODE_LETTERS`` (18**4 = 104,976 codes), so it
can only be found by guessing, and guessing is slowed where it comes from:

* **per client** (its address, :func:`guard.client_of`): after ``per_client`` wrong codes in a
  row the client is refused (429, saying when it may try again) for ``first_wait`` seconds,
  twice as long at each lock-out after that, at most ``longest_wait``. Nobody else notices:
  the code stays, every other phone joins as before. A right code forgets the client.
* **from everyone**: ``per_hour`` wrong codes within an hour, from any number of addresses,
  change the code (the public screen says so): whoever is guessing has to start again, and
  the table sees that someone is.

Not thread-safe on its own: the hub calls it under its lock.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

HOUR = 3600.0


@dataclass(frozen=True)
class CodeLimits:
    per_client: int = 5  # wrong codes in a row from one client, then it waits
    first_wait: float = 30.0  # seconds, the first wait; doubled at each one after
    longest_wait: float = HOUR  # ... never longer than this
    per_hour: int = 100  # wrong codes within an hour from all clients: a new code
    max_clients: int = 1024  # clients remembered (the oldest unlocked are forgotten first)
    clock: Callable[[], float] = field(default=time.monotonic, compare=False)


@dataclass
class _Client:
    wrong: int = 0  # wrong codes since its last lock-out ended
    locks: int = 0  # lock-outs so far (each waits twice as long as the one before)
    until: float = 0.0  # refused until then
    seen: float = 0.0


class TooSoon(Exception):
    """The client must wait ``seconds`` (whole, at least 1) before it tries a code again."""

    def __init__(self, seconds: int) -> None:
        super().__init__(f"wait {seconds} s")
        self.seconds = seconds


class CodeGuard:
    def __init__(self, limits: CodeLimits) -> None:
        self.limits = limits
        self._clients: dict[str, _Client] = {}
        self._recent: deque[float] = deque()  # when the wrong codes of the last hour came

    def check(self, client: str) -> None:
        """Raise :class:`TooSoon` while ``client`` is locked out (whatever code it gives)."""
        found = self._clients.get(client)
        now = self.limits.clock()
        if found is not None and now < found.until:
            raise TooSoon(max(1, int(found.until - now + 0.999)))

    def right(self, client: str) -> None:
        """``client`` gave the right code: its wrong ones are forgotten."""
        self._clients.pop(client, None)

    def wrong(self, client: str) -> bool:
        """``client`` gave a wrong code; True when the code must change (too many from
        everyone this hour). Locks the client out after ``per_client`` in a row."""
        limits, now = self.limits, self.limits.clock()
        found = self._clients.get(client)
        if found is None:
            found = self._clients[client] = _Client(seen=now)
            self._forget_some()
        found.seen = now
        found.wrong += 1
        if found.wrong >= limits.per_client:
            found.wrong = 0
            found.locks += 1
            found.until = now + self.wait_after(found.locks)
        recent = self._recent
        recent.append(now)
        while recent and recent[0] <= now - HOUR:
            recent.popleft()
        if len(recent) >= limits.per_hour:
            recent.clear()
            return True
        return False

    def wait_after(self, locks: int) -> float:
        """The seconds a client waits at its ``locks``-th lock-out (for the docs and tests)."""
        return min(self.limits.first_wait * 2 ** min(locks - 1, 32), self.limits.longest_wait)

    def _forget_some(self) -> None:
        """Past ``max_clients``, forget the clients seen longest ago, those not locked out
        now first (a LAN has a handful; this only bounds the memory: a guesser with that
        many addresses is slowed by ``per_hour``)."""
        extra = len(self._clients) - self.limits.max_clients
        if extra <= 0:
            return
        now = self.limits.clock()
        order = sorted((c.until > now, c.seen, name) for name, c in self._clients.items())
        for _locked, _seen, name in order[:extra]:
            del self._clients[name]
