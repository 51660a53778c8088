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
from services.games.core import Action, Game, GameInfo, Option, OptionError, OptionValue

INFO = GameInfo(
    id="asylum-escape",
    title="Asylum Escape",
    min_players=2,
    max_players=6,
    roles=("patients", "victim"),
    summary=(
        "One player releases the Patients, the others hide as Victims in an asylum whose "
        "rooms collapse as people die. The box keeps every Victim's room and hand secret, "
        "checks their moves, detects catches, rolls kills and collapses the grid."
    ),
    rules="shared/rules/asylum-escape.md",
    chance=("draw", "shuffle", "flip", "roll"),
    short_title="Asylum Escape",
    options=(
        Option("mode", "short", "short: survive through Patient turn 9; long: until one "
               "Victim is left, then 3 more Patient turns", "R-AE-03",
               choices=("short", "long"), label="Mode"),
        Option("layout", "box", "box: the box shuffles the location cards and shows the grid "
               "to lay out; table: the players lay out their own and enter each card in grid "
               "order (column by column, bottom to top), e.g. by tapping its tag", "R-AE-01",
               choices=("box", "table"), label="Layout",
               words=(("box", "box shuffles"), ("table", "players lay"))),
        Option("cards", "box", "box: the box shuffles and deals the six card decks; "
               "physical: your own shuffled decks, whoever draws tells the box the card (tag "
               "or list), a Camo/Sabo card in a hand is learned when played", "A-AE-01",
               choices=("box", "physical"), label="Cards"),
        Option("patients_seat", -1, "the Patients player's seat; random: the box "
               "chooses (the rulebook: the last to watch a murder documentary)",
               "R-AE-02", minimum=-1, maximum=5, label="Patients", seat=True,
               words=((-1, "random"), *((n, f"Seat {n + 1}") for n in range(6)))),
        Option("die_sides", 6, "sides of the kill die (the rulebook does not say)", "A-AE-02",
               minimum=2, maximum=20, label="Die sides"),
        Option("patient_exact_move", False, "a Patient moves exactly 1 (heads) or 2 (tails) "
               "rooms when it can (default: up to)", "A-AE-03", label="Exact move"),
        Option("forbid_voluntary_patient_room", False, "a Victim may not move into a "
               "Patient's room (default: allowed, and caught there)", "A-AE-06",
               label="No walking in"),
        Option("destroyed_victims", "die", "Victims in a room destroyed without being killed "
               "(turn-3 blow-up, final window): die, or are displaced to the room that falls "
               "into the slot", "A-AE-08", choices=("die", "displace"), label="Room lost",
               words=(("die", "die"), ("displace", "displaced"))),
        Option("redraw_stumble_on_flee", False, "a Stumble drawn to flee is discarded and "
               "another card drawn (default: it applies)", "A-AE-10", label="Flee redraw"),
        Option("single_victim_window", True, "with one Victim from the start the final window "
               "is Patient turns 1-3 (false: no early trigger; long mode then ends like short "
               "mode after turn 9)", "A-AE-15", label="1-Victim window"),
        Option("card_windows", True, "every other living Victim is asked for cards at the "
               "start of each Victim turn and before each kill roll (false: only the caught "
               "Victim, before the roll, and your own turn)", "R-AE-24", label="Card windows"),
    ),
)


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
