"""A test-only game used to exercise the box's undo paths that Escape! never reaches.

Two seats take turns adding 1, 2 or 3 to a total (no hidden information, so these moves can
be undone by a player); the action "roll" asks chance for a die and adds the face. First to
make the total reach 15 or more wins. It is not a shipped game and not in the registry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from services.games.core import (
    JSON,
    Action,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    Outcome,
    Prompt,
    Roll,
    RollResult,
    SeatAction,
    SeatPrompt,
    State,
)

INFO = GameInfo("tally", "Tally (test only)", 2, 2, ("player",), (), "test game", "none",
                chance=("roll",))


@dataclass(frozen=True)
class Add(SeatAction):
    type: ClassVar[str] = "add"
    amount: int


@dataclass(frozen=True)
class AskDie(SeatAction):
    type: ClassVar[str] = "ask_die"


@dataclass(frozen=True)
class Added(Event):
    type: ClassVar[str] = "added"
    seat: int
    total: int


class TallyState(State):
    info = INFO

    def __init__(self, total: int = 0, active: int = 0, rolling: bool = False,
                 winner: int | None = None) -> None:
        self.players = 2
        self.options = {}
        self.total, self.active, self.rolling, self.winner = total, active, rolling, winner

    def pending(self) -> tuple[Prompt, ...]:
        if self.winner is not None:
            return ()
        if self.rolling:
            return (Roll("die for the tally", "T-2", 1, 6),)
        return (SeatPrompt(self.active, "turn", "add 1-3 or roll"),)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.winner is not None or self.rolling or seat != self.active:
            return []
        return [Add(seat, n) for n in (1, 2, 3)] + [AskDie(seat)]

    def apply(self, action: Action) -> list[Event]:
        if self.winner is not None:
            raise IllegalAction("T-3", "the game is over")
        if self.rolling:
            if not isinstance(action, RollResult):
                raise IllegalAction("T-2", "the box is waiting for the die")
            self.pending()[0].check(action)  # type: ignore[union-attr]
            return self._add(action.faces[0])
        if not isinstance(action, SeatAction) or action.seat != self.active:
            raise IllegalAction("T-1", f"it is seat {self.active}'s turn")
        if isinstance(action, AskDie):
            self.rolling = True
            return []
        if not isinstance(action, Add) or action.amount not in (1, 2, 3):
            raise IllegalAction("T-1", "add 1, 2 or 3")
        return self._add(action.amount)

    def _add(self, amount: int) -> list[Event]:
        self.total += amount
        self.rolling = False
        events: list[Event] = [Added(self.active, self.total)]
        if self.total >= 15:
            self.winner = self.active
        else:
            self.active = 1 - self.active
        return events

    def view(self, seat: int | None) -> JSON:
        return {"total": self.total, "active": self.active}

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        return Outcome("win", (self.winner,), "reached 15", "T-3")

    def to_json(self) -> JSON:
        return {"game": "tally", "total": self.total, "active": self.active,
                "rolling": self.rolling, "winner": self.winner}

    def describe(self, action: Action, seat: int | None = None, *,
                 settled: bool = False) -> str:
        return action.type


class Tally(Game):
    info: ClassVar[GameInfo] = INFO
    action_types: ClassVar[tuple[type[Action], ...]] = (Add, AskDie)

    def new_state(self, players: int, options: Mapping[str, Any] | None = None) -> TallyState:
        return TallyState()

    def state_from_json(self, data: Mapping[str, Any]) -> TallyState:
        return TallyState(data["total"], data["active"], data["rolling"], data["winner"])
