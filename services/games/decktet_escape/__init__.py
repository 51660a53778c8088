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
    Option,
    OptionError,
    OptionValue,
)
from services.games.decktet_escape import physical, snapshot
from services.games.decktet_escape.actions import ACTION_TYPES
from services.games.decktet_escape.deck import Deck, load_deck
from services.games.decktet_escape.state import EscapeState

INFO = GameInfo(
    id="decktet-escape",
    title="Escape! (for the Decktet)",
    min_players=3,
    max_players=5,
    roles=("convict",),
    summary=(
        "Cooperative deduction on a sinking prison ship: you never see your own cards; "
        "build routes of a key, corridors and a boat to escape."
    ),
    rules="shared/rules/decktet-escape.md",
    chance=("shuffle",),
    short_title="Escape! (Decktet)",
    options=(
        Option(
            "cards",
            "dealt",
            "dealt: the box shuffles and deals, screens show the cards; physical: your own "
            "deck, the box learns each card when it is played (tag or list)",
            "R-EX-02",
            choices=("dealt", "physical"),
            label="Cards",
        ),
        Option(
            "tokens",
            10,
            "clue tokens in the cup (rules body: 10; header: 8)",
            "A-EX-01",
            minimum=1,
            maximum=20,
            label="Tokens",
        ),
        Option(
            "first_player",
            0,
            "seat that starts (whoever last spoke to a police officer)",
            "R-EX-04",
            minimum=0,
            maximum=4,
            label="First player",
            seat=True,
        ),
        Option(
            "bowels_of_the_ship",
            False,
            "variant: boats need 4 corridors",
            "R-EX-21",
            label="Bowels of ship",
        ),
        Option(
            "dark_of_the_storm",
            False,
            "variant: only 6 clue tokens",
            "R-EX-22",
            label="Dark of storm",
        ),
        Option(
            "rat_warren",
            False,
            "variant: route limit is players - 1",
            "R-EX-23",
            label="Rat warren",
        ),
        Option(
            "every_man_for_himself",
            False,
            "variant: completed routes count toward the route limit",
            "R-EX-24",
            label="Every man",
        ),
        Option(
            "declare_route_before_reveal",
            False,
            "harder: name the target route before the card is revealed",
            "A-EX-03",
            label="Declare route",
        ),
        Option(
            "boat_must_match",
            False,
            "a boat must share a suit with the route's end",
            "A-EX-04",
            label="Boat must match",
        ),
        Option(
            "allow_empty_clues",
            False,
            "allow clues that point at no card",
            "A-EX-08",
            label="Empty clues",
        ),
        Option(
            "hanabi_strict_discard",
            False,
            "no discarding while all tokens are in the cup",
            "A-EX-09",
            label="Strict discard",
        ),
        Option(
            "end_on_empty_hand",
            False,
            "end as soon as the active player holds no card, even if a clue is possible",
            "A-EX-11",
            label="End empty hand",
        ),
        Option(
            "allow_two_players", False, "unofficial two-player game", "A-EX-12", label="Two players"
        ),
        Option(
            "narration",
            True,
            "prompt the narration after each play and discard",
            "R-EX-25",
            label="Narration",
        ),
    ),
)


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
