"""The box's table, for Innsmouth 32's flow tests without a box: a flow and a state driven
the way the table drives them (an action applied, a refusal to ``flow.refused``, after each
change ``flow.observe`` with the history and ``flow.reset``), and the seat's buttons."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from services.games.core import Action, Event, GameError
from services.referee.box.menu import Menu
from services.referee.tables.innsmouth_32.flow import I32Flow
from tests.box.i32_navigator import route

LABELS = [f"Seat {n}" for n in range(1, 10)]


@dataclass(frozen=True)
class Step:
    kind: str
    action: Action
    events: tuple[Event, ...]


class Box:
    """A flow and a state, driven like the box's table drives them."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self.flow = I32Flow()
        self.flow.start(LABELS[: state.players])
        self.history: list[Step] = []
        self.flow.reset(state)
        self.applied: list[Action] = []

    def _changed(self) -> None:
        self.flow.observe(self.history)
        self.flow.reset(self.state)

    def act(self, seat: int, action: Action | None) -> None:
        if action is None:
            return
        try:
            events = self.state.apply(action)
        except GameError as error:
            self.flow.refused(seat, error)
            return
        self.applied.append(action)
        self.history.append(Step("action", action, tuple(events)))
        self._changed()

    def chance(self, action: Action) -> None:
        self.history.append(Step("chance", action, tuple(self.state.apply(action))))
        self._changed()

    def press(self, seat: int, role: str = "ok") -> None:
        self.act(seat, self.flow.press(seat, role, self.state))

    def menu(self, seat: int) -> Menu:
        stack = self.flow.stacks.get(seat)
        if not stack:
            self.press(seat, "ok")
            stack = self.flow.stacks.get(seat)
        assert stack, f"seat {seat} has no menu (phase {self.state.phase})"
        return stack[-1]

    def labels(self, seat: int) -> list[str]:
        return [item.label for item in self.menu(seat).items]

    def choose(self, seat: int, test: Callable[[Any], bool]) -> None:
        menu = self.menu(seat)
        assert any(test(item) for item in menu.items), [i.label for i in menu.items]
        for _ in range(len(menu.items)):
            if test(menu.current):
                break
            self.press(seat, "next")
        self.press(seat, "ok")

    def label(self, seat: int, label: str) -> None:
        self.choose(seat, lambda item: item.label == label)

    def buttons(self, seat: int, action: Action) -> None:
        """The presses the navigator finds for ``action``, pressed."""
        for role in route(self.flow, seat, self.state, action):
            self.press(seat, role)

    def screen(self, seat: int) -> str:
        return " | ".join(self.flow.seat(seat, self.state, True).texts)


