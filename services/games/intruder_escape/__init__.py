"""Intruder Escape: a hidden-role deduction game, Innocents against Intruders.

Rules: shared/rules/intruder-escape.md (section 2, R-IX-01..37, A-IX-01..24); the rulebook is
shared/seeds/intruder-escape.txt. The player guide is docs/games/intruder-escape.md. The card
data is ``services/games/data/intruder.toml`` (``cards``); the row evaluation of section 2.8 is
``rows``; the state machine ``state`` with card play in ``plays`` and views in ``views``.
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
from services.games.infos.intruder_escape import INFO
from services.games.intruder_escape import snapshot
from services.games.intruder_escape.actions import ACTION_TYPES
from services.games.intruder_escape.cards import IntruderData, load_cards
from services.games.intruder_escape.state import IntruderState


class IntruderEscape(Game):
    info: ClassVar[GameInfo] = INFO
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES

    def __init__(self, data: IntruderData | None = None) -> None:
        self.data = data if data is not None else load_cards()

    def check_options(self, players: int, options: dict[str, OptionValue]) -> None:
        if not INFO.min_players <= players <= INFO.max_players:
            raise OptionError("R-IX-01", f"Intruder Escape is for 3 to 6 players, not {players}")
        if players != 6 and options["intruders_6p"] != "random":
            raise OptionError("A-IX-01", f"intruders_6p applies to 6 players only; with "
                              f"{players} players the mix is fixed")

    def new_state(self, players: int,
                  options: Mapping[str, OptionValue] | None = None) -> IntruderState:
        return IntruderState(data=self.data, players=players,
                             options=self.resolve_options(players, options))

    def state_from_json(self, data: Mapping[str, Any]) -> IntruderState:
        def build(data: Mapping[str, Any]) -> IntruderState:
            snapshot.check(data, self.data)
            state = IntruderState.from_snapshot(data, self.data)
            snapshot.settle(state)
            return state

        return typing.cast(IntruderState, self.load_snapshot(data, build))


IntruderState.info = INFO

__all__ = ["INFO", "IntruderEscape", "IntruderState"]
