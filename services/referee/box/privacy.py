"""When a private screen may show its secrets.

A seat's screen shows secrets only while its owner holds the peek button, or for a few
seconds after a deliberate reveal (a double press of peek), extended by each press of that
seat's buttons; otherwise it shows only what anybody at the table may see.
"""

from __future__ import annotations

from dataclasses import dataclass, field

REVEAL_SECONDS = 8.0


@dataclass
class Privacy:
    reveal_seconds: float = REVEAL_SECONDS
    _held: set[str] = field(default_factory=set)
    _until: dict[str, float] = field(default_factory=dict)

    def peek_down(self, seat: str) -> None:
        self._held.add(seat)

    def peek_up(self, seat: str) -> None:
        self._held.discard(seat)

    def reveal(self, seat: str, now: float) -> None:
        self._until[seat] = now + self.reveal_seconds

    def touched(self, seat: str, now: float) -> None:
        """A button of this seat was used: keep a running reveal open."""
        if self._until.get(seat, 0.0) > now:
            self._until[seat] = now + self.reveal_seconds

    def shown(self, seat: str, now: float) -> bool:
        return seat in self._held or self._until.get(seat, 0.0) > now

    def hide_all(self) -> None:
        self._held.clear()
        self._until.clear()

    def next_change(self, now: float) -> float | None:
        """When a reveal runs out (the screens must be redrawn then)."""
        ends = [t for t in self._until.values() if t > now]
        return min(ends) if ends else None
