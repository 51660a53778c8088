"""Bots for Intruder Escape: the box plays an Innocent or an Intruder, at any seat.

``make_bot(level)`` plays any seat; the bot reads its own identity (and, as an Intruder with
4+ players, its fellows) from its own view, and nothing else that is hidden. Levels
(docs/games/intruder-escape.md, "Playing with the box"):

* ``easy`` (:mod:`.policy`): plays by its own card. Escape items on itself, a heal on itself
  when hurt, otherwise its strongest hit on the suspect (an Innocent: any seat whose
  identity it has not seen; an Intruder: an Innocent) with the most damage already;
* ``normal``: a belief over who the Intruders are from what its seat saw (:mod:`.belief`:
  identities shown, fellows, the cards each seat played on whom, escape items given and
  snatched, a dead player keeping his identity secret), and every legal play weighed by it
  (:mod:`.judge`): this round's life loss spread by damage, escape items by how many one
  player holds, lives, shields and draws;
* ``hard``: the same belief and weights, and for the best few plays a look-ahead
  (:mod:`.lookahead`): the rest of the round played out in worlds sampled from the belief
  and the unseen cards, a fixed number of playouts a decision. As an Intruder it also
  weighs its disguise (:mod:`.disguise`): what each Innocent's belief, run from that
  Innocent's seat on public choices only, would conclude after the play.

At every level: the three cards worth most are kept, Nobody's Home is used on a last life,
and a dead Innocent shows his identity while a dead Intruder keeps it secret. An Intruder
never heals, restores or gives an item to a fellow Intruder (himself only) and never hurts
himself: those plays would give him away. Everything is pure: the same knowledge and seed
give the same action.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from services.bots.contract import LEVELS, BotError, SeatKnowledge
from services.bots.intruder_escape import policy
from services.bots.intruder_escape.belief import belief_of, silent_dead
from services.bots.intruder_escape.disguise import Disguise
from services.bots.intruder_escape.judge import Judge
from services.bots.intruder_escape.lookahead import PLAYOUTS, Lookahead
from services.bots.intruder_escape.table import INNOCENT, INTRUDER, Table
from services.games.core import Action
from services.games.intruder_escape.cards import IntruderData, load_cards

GAME = "intruder-escape"
ROLES = {
    INNOCENT: "an Innocent, hunting the hidden Intruders and gathering the escape items",
    INTRUDER: "an Intruder, hiding among the Innocents and picking them off",
}
SECRET_ROLES = frozenset(ROLES)  # identities are dealt in secret: --bot names seats


def role_of(public_view: Mapping[str, Any], seat: int) -> str | None:
    """The identity the view shows for ``seat``: ``innocent`` or ``intruder`` once shown (a
    dead player's choice, the end of the game), None while it is hidden."""
    seats = public_view.get("seats")
    if not isinstance(seats, list) or not 0 <= seat < len(seats):
        return None
    identity = seats[seat].get("identity")
    return identity if identity in (INNOCENT, INTRUDER) else None


class IntruderBot:
    """Any seat of Intruder Escape at one level (see the module's words)."""

    def __init__(self, level: str, data: IntruderData | None = None,
                 playouts: int | None = None) -> None:
        if level not in LEVELS:
            raise BotError(f"level {level!r}: expected one of {', '.join(LEVELS)}")
        self.level = level
        self.data = data if data is not None else load_cards()
        self.playouts = playouts if playouts is not None else PLAYOUTS

    def choose(self, knowledge: SeatKnowledge, rng: random.Random) -> Action:
        if knowledge.game != GAME:
            raise BotError(f"this bot plays {GAME}, not {knowledge.game}")
        legal = knowledge.legal
        if not legal:
            raise BotError(f"Seat {knowledge.seat + 1} has no legal action now")
        phase = knowledge.view["phase"]
        if len(legal) == 1 or phase not in ("keep", "turn", "follow", "reveal"):
            return legal[0] if len(legal) == 1 else rng.choice(legal)  # a character
        table = Table.of(knowledge.view, self.data)
        if phase == "reveal":
            return policy.reveal(legal, table)
        if self.level == "easy":
            judge = Judge.of(table, policy.easy_guess(table))
            if phase == "keep":
                return policy.keep(legal, judge)
            return policy.easy_play(legal, table, rng)
        belief = belief_of(knowledge, table)
        judge = Judge.of(table, belief.marginals())
        if phase == "keep":
            return policy.keep(legal, judge)
        hold = policy.hold_value(judge) if phase == "follow" else 0.0
        if self.level == "normal":
            return policy.best(legal, judge, hold)
        options = policy.distinct(legal, table)
        disguise = Disguise(table, knowledge.history, silent_dead(table, knowledge.prompts))
        return Lookahead(table, judge, belief, rng, self.playouts,
                         disguise.value).choose(options, hold)


def make_bot(level: str, data: IntruderData | None = None,
             playouts: int | None = None) -> IntruderBot:
    """A bot for any seat of Intruder Escape at ``level``; ``data`` is the game's cards (the
    shipped ones by default), ``playouts`` the hard level's budget a decision."""
    return IntruderBot(level, data, playouts)
