"""Bots for Innsmouth Escape: the box plays the Deep Ones (any number of colours, one bot
per seat) and the Human (its levels: :mod:`.human`, :mod:`.escape`).

Levels (docs/games/innsmouth-escape.md, "Playing against the box"):

- ``easy``: spawns and moves towards where the Human was last seen, takes the Spawn cells
  one by one, summons whenever it can;
- ``normal``: keeps the belief over the Human's secret cell (every legal plot of the public
  shape alike), values every move, summoning and spawn by the fights the Human may meet this
  round and next, and by the pawns and cards each round brings; like ``easy`` it moves one
  pawn or its Shoggoth a turn;
- ``hard``: a belief that also learns what the Human goes for from his reveals, moves its
  whole colour (the marches the box lists: every pawn towards one cell), and searches:
  it samples full positions consistent with what its seat knows (the Human's plot and hand,
  the decks), loads each with the game's own ``state_from_json``, plays the normal level's
  best few choices out to the Human's fight in each, and keeps the one worth most with what
  the cells it holds bring later. A fixed number of positions and choices: a seed gives the
  same game.

Every level plays a wounding Deep One card at once and applies its effect as printed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from services.bots.contract import LEVELS, Bot, BotError, SeatKnowledge
from services.bots.innsmouth_escape import deepones, human
from services.bots.innsmouth_escape.table import Table
from services.games.core import Action
from services.games.innsmouth_escape import actions as a

ROLES = {"deep_ones": "the Deep Ones (every colour), hunting the Human whose route is secret",
         "human": "the Human, plotting a secret route to the edge"}
STEPS = ("do_move", "do_summon", "do_spawn")


def role_of(public_view: Mapping[str, Any], seat: int) -> str | None:
    """``deep_ones`` or ``human``; None before the Human is chosen."""
    human_seat = public_view.get("human", -1)
    if not isinstance(human_seat, int) or human_seat < 0:
        return None
    return "human" if seat == human_seat else "deep_ones"


class InnsmouthBot:
    """One seat of Innsmouth Escape at ``level``."""

    def __init__(self, level: str) -> None:
        if level not in LEVELS:
            raise BotError(f"level {level!r}: expected one of {', '.join(LEVELS)}")
        self.level = level

    def choose(self, knowledge: SeatKnowledge, rng: random.Random) -> Action:
        if not knowledge.legal:
            raise BotError(f"Seat {knowledge.seat + 1} has nothing to choose now")
        if role_of(knowledge.view, knowledge.seat) == "human":
            return human.choose(knowledge, rng, self.level)
        return self._deep_one(knowledge, rng)

    def _deep_one(self, knowledge: SeatKnowledge, rng: random.Random) -> Action:
        table = Table.read(knowledge.view, knowledge.seat)
        phase = table.phase
        if phase == "place_pawns":
            return deepones.placement(knowledge, table, rng, spread=self.level != "easy")
        if phase == "window":
            return deepones.card_choice(knowledge, table)
        if phase == "adjust":
            return deepones.adjust_choice(knowledge, table)
        if phase in STEPS:
            cycle = deepones.cycle_card(knowledge, table)
            if cycle is not None:
                return cycle
            if self.level == "hard":
                from services.bots.innsmouth_escape import search

                return search.choose(knowledge, table, rng)
            weights = deepones.EASY if self.level == "easy" else deepones.NORMAL
            return deepones.step_choice(knowledge, table, weights, rng)
        steps = [x for x in knowledge.legal if not isinstance(x, a.PlayDeepOneCard)]
        return rng.choice(steps or list(knowledge.legal))


def make_bot(level: str) -> Bot:
    """A bot for any seat of Innsmouth Escape at ``level`` (easy, normal, hard)."""
    return InnsmouthBot(level)
