"""Asylum Escape: one Patients player hunts hidden Victims through a collapsing 5x5 asylum.

Rules: shared/rules/asylum-escape.md (section 4, R-AE-01..31, A-AE-01..22); the rulebook is
shared/seeds/asylum-escape.txt. Component counts and card texts are not in the rulebook: they
are data (``services/games/data/asylum.toml``, an EXAMPLE until you enter your own; ``data``).
The collapsing grid is ``grid``; the state machine is ``state`` with the Patient turn in
``turns``, catches and secret moves in ``catches``, the Victim turn and cards in ``victims``,
views in ``views`` and snapshot checks in ``snapshot``.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import Any, ClassVar

from services.games.asylum_escape.actions import ACTION_TYPES
from services.games.asylum_escape.data import AsylumData, load_data
from services.games.asylum_escape.state import AsylumState
from services.games.core import Action, Game, GameInfo, OptionError, OptionValue
from services.games.infos.asylum_escape import INFO


class AsylumEscape(Game):
    info: ClassVar[GameInfo] = INFO
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES

    def __init__(self, data: AsylumData | None = None) -> None:
        self.data = data if data is not None else load_data()

    def check_options(self, players: int, options: dict[str, OptionValue]) -> None:
        if not INFO.min_players <= players <= INFO.max_players:
            raise OptionError("A-AE-18", f"Asylum Escape is for 2 to 6 players (the Patients "
                              f"and 1 to 5 Victims), not {players}")
        if int(options["patients_seat"]) >= players:
            raise OptionError("R-AE-02", f"patients_seat: Seat {int(options['patients_seat']) + 1}"
                              f" is not at a table of {players} players (Seat 1 to Seat "
                              f"{players}, or random)")
        sides = int(options["die_sides"])
        for patient in self.data.patients:
            if max(patient.catching_stat) > sides:
                raise OptionError("A-AE-02", f"{patient.name} kills on "
                                  f"{list(patient.catching_stat)}, beyond a {sides}-sided die:"
                                  " raise die_sides")

    def new_state(self, players: int,
                  options: Mapping[str, OptionValue] | None = None) -> AsylumState:
        return AsylumState(data=self.data, players=players,
                           options=self.resolve_options(players, options))

    def state_from_json(self, data: Mapping[str, Any]) -> AsylumState:
        def build(data: Mapping[str, Any]) -> AsylumState:
            return typing.cast(AsylumState, AsylumState.from_snapshot(data, self.data))

        return typing.cast(AsylumState, self.load_snapshot(data, build))


AsylumState.info = INFO

__all__ = ["INFO", "AsylumEscape", "AsylumState"]
