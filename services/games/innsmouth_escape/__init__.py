"""Innsmouth Escape: one Human against the Deep Ones, with secret movement plotting.

Rules: shared/rules/innsmouth-escape.md (section 1, R-IE-01..48, A-IE-01..22); the rulebook
is shared/seeds/innsmouth-escape.txt. The board layout and card texts are not in the rulebook:
they are data (``services/games/data/innsmouth.toml``, an EXAMPLE until you enter your own;
``data``). Movement plots are checked in ``board``; the state machine is ``state`` with
combat in ``combat``, the Deep One turn in ``deepones`` and views in ``views``.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import Any, ClassVar

from services.games.core import (
    Action,
    Game,
    GameInfo,
    OptionError,
    OptionValue,
)
from services.games.infos.innsmouth_escape import INFO
from services.games.innsmouth_escape import snapshot
from services.games.innsmouth_escape.actions import ACTION_TYPES
from services.games.innsmouth_escape.data import InnsmouthData, load_data
from services.games.innsmouth_escape.state import InnsmouthState


class InnsmouthEscape(Game):
    info: ClassVar[GameInfo] = INFO
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES

    def __init__(self, data: InnsmouthData | None = None) -> None:
        self.data = data if data is not None else load_data()

    def check_options(self, players: int, options: dict[str, OptionValue]) -> None:
        if not INFO.min_players <= players <= INFO.max_players:
            raise OptionError("R-IE-01", f"Innsmouth Escape is for 2 to 5 players, not {players}")
        if int(options["human_seat"]) >= players:
            raise OptionError(
                "R-IE-01",
                f"human_seat: Seat {int(options['human_seat']) + 1} is not at a table of "
                f"{players} players (Seat 1 to Seat {players}, or random)",
            )
        text = str(options["number_cards"])
        values = [v.strip() for v in text.split(",")]
        if len(values) != 6 or any(v not in ("1", "2", "3") for v in values):
            raise OptionError(
                "A-IE-01",
                f"number_cards {text!r} must be 6 values from 1 to 3, "
                "comma separated, e.g. 1,1,2,2,3,3",
            )
        options["number_cards"] = ",".join(values)

    def new_state(
        self, players: int, options: Mapping[str, OptionValue] | None = None
    ) -> InnsmouthState:
        return InnsmouthState(
            data=self.data, players=players, options=self.resolve_options(players, options)
        )

    def state_from_json(self, data: Mapping[str, Any]) -> InnsmouthState:
        def build(data: Mapping[str, Any]) -> InnsmouthState:
            snapshot.check(data, self.data)
            state = typing.cast(InnsmouthState, InnsmouthState.from_snapshot(data, self.data))
            snapshot.settle(state)
            return state

        return typing.cast(InnsmouthState, self.load_snapshot(data, build))


InnsmouthState.info = INFO

__all__ = ["INFO", "InnsmouthEscape", "InnsmouthState"]
