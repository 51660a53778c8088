"""Innsmouth 32: a director runs a cooperative horror movie against 1 to 8 character players.

Rules: shared/rules/innsmouth-32.md (section 5, R-I32-01..84, A-I32-01..27); the source is
the rules summary shared/seeds/innsmouth-32.txt. No card is in the source: they are data
(``services/games/data/innsmouth32.toml``, an EXAMPLE until you enter your own; ``data``).
The dice rules are pure functions in ``dice``; the state machine is ``state`` with turns in
``turns``, attacks in ``fights``, survivors, mythos, sanctuaries and insanity in ``people``,
the movie screen in ``screen``, reels and endgames in ``reels``, views in ``views`` and
snapshot checks in ``snapshot`` (the kinds of values in ``kinds``). The guide is
docs/games/innsmouth-32.md.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import Any, ClassVar

from services.games.core import Action, Game, GameInfo, OptionError, OptionValue
from services.games.infos.innsmouth_32 import INFO
from services.games.innsmouth_32.actions import ACTION_TYPES
from services.games.innsmouth_32.data import I32Data, load_data
from services.games.innsmouth_32.faction_games import check_faction_game
from services.games.innsmouth_32.state import I32State


class Innsmouth32(Game):
    info: ClassVar[GameInfo] = INFO
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES

    def __init__(self, data: I32Data | None = None) -> None:
        self.data = data if data is not None else load_data()

    def check_options(self, players: int, options: dict[str, OptionValue]) -> None:
        if not INFO.min_players <= players <= INFO.max_players:
            raise OptionError("R-I32-01", f"Innsmouth 32 is for 2 to 9 players (the director "
                              f"and 1 to 8 character players), not {players}")
        if int(options["director_seat"]) >= players:
            raise OptionError("R-I32-01", f"director_seat {options['director_seat']} is not "
                              f"a seat: seats are 0 to {players - 1}")
        if players - 1 > len(self.data.survivors):
            raise OptionError("R-I32-06", f"{players - 1} character players need "
                              f"{players - 1} survivors; the pack has "
                              f"{len(self.data.survivors)}")
        check_faction_game(self.data, players, options)  # R-I32-83 (faction_games.py)

    def new_state(self, players: int,
                  options: Mapping[str, OptionValue] | None = None) -> I32State:
        return I32State(data=self.data, players=players,
                        options=self.resolve_options(players, options))

    def state_from_json(self, data: Mapping[str, Any]) -> I32State:
        def build(data: Mapping[str, Any]) -> I32State:
            return typing.cast(I32State, I32State.from_snapshot(data, self.data))

        return typing.cast(I32State, self.load_snapshot(data, build))


I32State.info = INFO

__all__ = ["INFO", "I32State", "Innsmouth32"]
