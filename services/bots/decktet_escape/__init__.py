"""Bots for Escape! (Decktet): the box as a partner, giving and reading clues.

Every seat is a partner (the game is cooperative); ``make_bot(level)`` plays any of them.
A bot knows what a player at the table knows: the other hands, the clue marks on its own
cards (what each card is and is not), the routes, the discards, the tokens and the history
(:mod:`.table`, :mod:`.reading`); never its own cards or the draw pile's order.

The convention (``normal`` and ``hard``; the guide, docs/games/decktet-escape.md, says it in
the players' words):

* **Chop**: the oldest card in a hand that no clue has touched. A player who discards,
  discards the chop.
* **Save clue**: a clue that newly touches the chop says "keep this card": it is not
  discarded, and it is played once its marks show it can be placed.
* **Play clue**: a clue that newly touches cards, the chop not among them, says "play this":
  its focus, the newest card it newly touches, can be placed on the table as it was when the
  clue was given. The other cards it touches are only marked.
* **Guard signal**: the Guard can never be named (R-EX-07). A clue that newly touches no card
  (it only touches cards clued before) says "your chop is the Guard": play it on a route
  short of corridors, never discard it.
* Givers never give a clue the convention would misread, count the plays already promised
  (no second key beyond the route limit, no second boat for one finished route), and save a
  chop that the table cannot lose (the last keys, boats or corridors needed).

The levels:

* ``easy`` plays only cards its marks alone show can be placed, gives a clue after which a
  partner's marks alone show a card can be placed, else discards its oldest unclued card;
* ``normal`` follows the convention and reads information sets: each of its cards can only
  be one of the cards it does not see anywhere (other hands, routes, discards, escaped) that
  fits its marks and the clue's meaning; it plays what it was told to play or knows it can
  place, gives the clue worth most (play, save, Guard signal), plays a card that fits often
  enough for the risk (a disaster costs the longest route), else discards its chop;
* ``hard`` also reads its partners' information sets when it gives a clue (what a card can
  be for them: every card but those both see), discards the card the table misses least,
  and never discards a card that may be the Guard when another will do.

With the players' own cards (option ``cards=physical``) the box never sees a hand, so a bot
seat cannot hold cards: it gives a clue if it can, else any legal action.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from services.bots.contract import LEVELS, BotError, SeatKnowledge
from services.bots.decktet_escape.choices import choice
from services.bots.decktet_escape.mind import Mind
from services.bots.decktet_escape.policy import turn
from services.games.core import Action
from services.games.decktet_escape import actions as a
from services.games.decktet_escape.deck import Deck, load_deck

GAME = "decktet-escape"
ROLES = {"partner": "a partner in the escape, giving and reading clues"}


def role_of(public_view: Mapping[str, Any], seat: int) -> str | None:
    """``partner`` for every seat of the table (None for a seat that is not at it)."""
    return "partner" if 0 <= seat < int(public_view.get("players", 0)) else None


class EscapeBot:
    """Any seat of Escape! at one level (see the module's words)."""

    def __init__(self, level: str, deck: Deck | None = None) -> None:
        if level not in LEVELS:
            raise BotError(f"level {level!r}: expected one of {', '.join(LEVELS)}")
        self.level = level
        self.deck = deck if deck is not None else load_deck()

    def choose(self, knowledge: SeatKnowledge, rng: random.Random) -> Action:
        return self.decide(knowledge, rng)

    def decide(self, knowledge: SeatKnowledge, rng: random.Random,
               own_cards: Sequence[str] | None = None) -> Action:
        """The choice; ``own_cards`` is for the benchmark's ceiling only (never on the box)."""
        if knowledge.game != GAME:
            raise BotError(f"this bot plays {GAME}, not {knowledge.game}")
        if not knowledge.legal:
            raise BotError(f"Seat {knowledge.seat + 1} has no legal action now")
        view = knowledge.view
        if view.get("options", {}).get("cards") == "physical":
            clues = [x for x in knowledge.legal if isinstance(x, a.Clue)]
            return clues[0] if clues else rng.choice(knowledge.legal)
        mind = Mind.of(knowledge, self.level, self.deck, own_cards)
        if view["phase"] == "turn":
            return turn(mind, rng)
        return choice(mind)


def make_bot(level: str, deck: Deck | None = None) -> EscapeBot:
    """A partner for any seat of Escape! at ``level``; ``deck`` is the table's deck (the
    shipped extended Decktet by default)."""
    return EscapeBot(level, deck)
