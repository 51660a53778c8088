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

from services.games.core import Action, Game, GameInfo, Option, OptionError, OptionValue
from services.games.innsmouth_32.actions import ACTION_TYPES
from services.games.innsmouth_32.data import I32Data, load_data
from services.games.innsmouth_32.state import I32State

INFO = GameInfo(
    id="innsmouth-32",
    title="Innsmouth 32",
    min_players=2,
    max_players=9,
    roles=("director", "character"),
    summary=(
        "A director runs a horror movie of 4 reels; the character players' survivors try to "
        "live to the end. The box deals the movie deck, rolls and explains every test and "
        "damage roll, and keeps the spoints, throngs, sanctuaries and reels."
    ),
    rules="shared/rules/innsmouth-32.md",
    chance=("shuffle", "roll", "draw"),
    short_title="Innsmouth 32",
    options=(
        Option("director_seat", 0, "the director's seat (0-based)", "R-I32-01", minimum=0,
               maximum=8, label="Director",
               words=tuple((n, f"Seat {n + 1}") for n in range(9))),
        Option("victory", "any_survivor", "who wins (the source does not say): any_survivor: "
               "the players, if a survivor is in play after the director's final turn or Last "
               "One Standing; half_players: only if at least half of the character players "
               "still have one", "A-I32-01", choices=("any_survivor", "half_players"),
               label="Victory", words=(("any_survivor", "1 survivor"),
                                       ("half_players", "half players"))),
        Option("reveal_per_player_turn", False, "reveal face-down cards, count down the fade "
               "out and offer it after a player's whole pool turn (default: after each "
               "survivor's action)", "A-I32-03", label="Reveal per player"),
        Option("setup_rest_points", 0, "rest spoints of each starting survivor", "A-I32-04",
               minimum=0, maximum=7, label="Start rest"),
        Option("screen_cards_extra", True, "reels II-IV deal their allotment and 3 screen "
               "cards (false: the screen comes out of the allotment)", "A-I32-06",
               label="Extra screen"),
        Option("lock_damage", "one", "a successful lock attack removes one lock, or as many "
               "as the damage total", "A-I32-08", choices=("one", "damage_total"),
               label="Lock damage", words=(("one", "1 lock"), ("damage_total", "damage"))),
        Option("counterstrike_chain", False, "a counterstrike's fumble gives another "
               "counterstrike", "A-I32-10", label="Chain counter"),
        Option("sanctuary_slots", 4, "corner sanctuary slots; a sanctuary with no free slot "
               "is discarded", "A-I32-20", minimum=1, maximum=8, label="Sanctuary slots"),
        Option("clip_any_turn", False, "the director may clip the reel at the end of any of "
               "his turns with the reel pile empty (default: in reel IV only)", "A-I32-19",
               label="Clip any reel"),
        Option("turning_point_persists", True, "once triggered, Turning Point holds every "
               "later reel too (false: it ends with its reel)", "A-I32-17",
               label="TP persists"),
        Option("survivor_loss", False, "end task 5: one unseen survivor goes to the discards "
               "as a familiar face after reels I-III", "R-I32-69", label="Survivor loss"),
    ),
)


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
