"""Escape! (for the Decktet): the game's metadata (``INFO``), read without importing its engine."""

from __future__ import annotations

from services.games.core import GameInfo, Option

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
