"""A queue of engine steps: a state runs queued steps until one waits for an input.

A step is a list ``[name, *args]`` naming a method ``step_<name>``; a step that needs a seat's
(or chance's) input calls :meth:`StepQueue.wait` with the phase and what it waits for, and the
action that answers it calls :meth:`StepQueue.resume`. The queue is plain JSON, so it is part
of the snapshot.
"""

from __future__ import annotations

from typing import Any

from services.games.core import Event


class StepQueue:
    """Mixin for a State with ``phase``, ``current`` and ``todo`` (the queued steps)."""

    phase: str
    current: Any
    todo: list[list[Any]]

    def run(self) -> list[Event]:
        events: list[Event] = []
        while self.phase == "running" and self.todo:
            step = self.todo.pop(0)
            events += getattr(self, f"step_{step[0]}")(*step[1:])
        return events

    def push(self, *steps: list[Any]) -> None:
        """Put steps at the front of the queue, in the order given."""
        self.todo[:0] = [list(s) for s in steps]

    def wait(self, phase: str, **current: Any) -> list[Event]:
        self.phase = phase
        self.current = current
        return []

    def resume(self) -> list[Event]:
        self.phase = "running"
        self.current = None
        return self.run()
