"""Which games the box can play, in which roles, at which levels.

Each game with bots has a module here (``services.bots.<module>``) offering:

- ``ROLES``: ``{role: what it is}`` for the roles the box plays, in words
  (``{"patients": "the Patients, hunting the hidden Victims"}``);
- optionally ``SECRET_ROLES``: the roles among them dealt in secret (Intruder Escape's
  identities): a seat's role is not known when the box's seats are named, so ``--bot``
  names seats, not these roles;
- ``role_of(public_view, seat)``: the role a seat plays (from the public view), or None;
- ``make_bot(level)``: a :class:`~services.bots.contract.Bot` for any seat of the game at
  ``level`` (``easy``, ``normal``, ``hard``): the opponent roles at that level's strength,
  the other roles at least legally.

Modules are imported when a game's bots are asked for (start-up imports none of them).
"""

from __future__ import annotations

import importlib
from types import ModuleType

from services.bots.contract import LEVELS, Bot, BotError, RandomBot

MODULES = {
    "innsmouth-escape": "services.bots.innsmouth_escape",
    "asylum-escape": "services.bots.asylum_escape",
    "innsmouth-32": "services.bots.innsmouth_32",
    "decktet-escape": "services.bots.decktet_escape",
    "intruder-escape": "services.bots.intruder_escape",
}


def module(game: str) -> ModuleType:
    if game not in MODULES:
        raise BotError(f"the box cannot play {game}; it plays "
                       f"{', '.join(sorted(MODULES))}")
    return importlib.import_module(MODULES[game])


def roles(game: str) -> dict[str, str]:
    """The roles the box plays as an opponent in ``game`` (none: the game has no bots)."""
    return dict(module(game).ROLES) if game in MODULES else {}


def secret_roles(game: str) -> frozenset[str]:
    """The roles of ``game`` dealt in secret (``--bot`` cannot name them)."""
    return frozenset(getattr(module(game), "SECRET_ROLES", ())) if game in MODULES \
        else frozenset()


def make_bot(game: str, level: str) -> Bot:
    """A bot for ``game`` at ``level`` (``random`` too: any legal action)."""
    if level == "random":
        return RandomBot()
    if level not in LEVELS:
        raise BotError(f"level {level!r}: expected one of {', '.join(LEVELS)} (or random)")
    bot: Bot = module(game).make_bot(level)
    return bot
