"""Escape! for the Decktet (Fergus Hadley): a cooperative, Hanabi-like deduction game.

Rules: shared/rules/decktet-escape.md (R-EX-01..25, A-EX-01..17). The player guide is
docs/games/decktet-escape.md.
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
from services.games.decktet_escape import physical, snapshot
from services.games.decktet_escape.actions import ACTION_TYPES
from services.games.decktet_escape.deck import Deck, load_deck
from services.games.decktet_escape.state import EscapeState
from services.games.infos.decktet_escape import INFO


class DecktetEscape(Game):
    info: ClassVar[GameInfo] = INFO
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES

    def __init__(self, deck: Deck | None = None) -> None:
        self.deck = deck if deck is not None else load_deck()

    def check_options(self, players: int, options: dict[str, OptionValue]) -> None:
        low = 2 if options["allow_two_players"] else INFO.min_players
        if not low <= players <= INFO.max_players:
            extra = "" if low == 2 else " (2 with the unofficial option allow_two_players)"
            raise OptionError(
                "R-EX-01",
                f"Escape! is for {low} to {INFO.max_players} players{extra}, not {players}",
            )
        if int(options["first_player"]) >= players:
            raise OptionError(
                "R-EX-04",
                f"first_player: Seat {int(options['first_player']) + 1} is not at a table "
                f"of {players} players (Seat 1 to Seat {players})",
            )
        if options["dark_of_the_storm"] and options["tokens"] not in (10, 6):
            raise OptionError(
                "R-EX-22",
                f"dark_of_the_storm plays with 6 tokens; it cannot be combined with "
                f"tokens={options['tokens']}",
            )

    def new_state(
        self, players: int, options: Mapping[str, OptionValue] | None = None
    ) -> EscapeState:
        state = EscapeState(
            deck=self.deck, players=players, options=self.resolve_options(players, options)
        )
        if state.physical:
            physical.setup(state)
        return state

    def state_from_json(self, data: Mapping[str, Any]) -> EscapeState:
        def build(data: Mapping[str, Any]) -> EscapeState:
            same_deck = data.get("deck") == self.deck.to_json()
            deck = self.deck if same_deck else snapshot.deck(data)
            snapshot.check(data, deck)
            state = EscapeState.from_snapshot(data, deck)
            snapshot.settle(state)
            return state

        return typing.cast(EscapeState, self.load_snapshot(data, build))


EscapeState.info = INFO

__all__ = ["INFO", "DecktetEscape", "EscapeState"]
