"""``refbox play GAME --bot SEAT=LEVEL``: a game in which the box plays some seats.

The bot seats, their levels and the game's seed (``--seed``, else one drawn here) are kept
in the journal's settings of the game (``"bots"``, ``"seed"``): ``--resume`` plays on with
the same seats, and, the dice being drawn by step from the seed
(:class:`~services.referee.play_bots.StepRng`), the same rolls and the same bot choices.
``--bot`` given with ``--resume`` replaces the kept seats.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Mapping
from typing import Any

from services.games.core import Rng
from services.games.registry import Registry
from services.referee.cli.play import check_resume, players_options
from services.referee.journal import Journal
from services.referee.live import LiveGame
from services.referee.play_bots import BotSeatError, PlayBots, StepRng
from services.referee.protocol import Session

SEEDS = 2**32  # a seed drawn when --seed is not given


def start_with_bots(args: argparse.Namespace, registry: Registry, journal: Journal) -> Session:
    """The session of a new or resumed game with bot seats; the bots have not moved yet."""
    game = registry.get(args.game)
    if args.resume is not None:
        return _resume(args, registry, journal)
    players, options = players_options(args, game)
    state = game.new_state(players, options)  # players and options checked before the bots
    bots = PlayBots.parse(args.bot, args.game, players)
    seed = _seed(args)
    rng = _dice(args, seed)
    settings = {"chance": "auto" if rng else "manual", "bots": bots.to_json(), "seed": seed}
    live, _events = LiveGame.from_state(journal, game, state, settings=settings)
    return _session(live, journal, rng, bots, seed, settings)


def _resume(args: argparse.Namespace, registry: Registry, journal: Journal) -> Session:
    check_resume(args, journal)
    record = journal.game(args.resume)
    kept = record.settings
    seed = kept.get("seed", _seed(args))
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise BotSeatError(f"game {args.resume} of {args.journal} keeps a damaged seed "
                           f"{str(seed)[:40]}; a seed is a whole number")
    if args.bot:
        bots = PlayBots.parse(args.bot, record.game, record.players)
    else:
        bots = PlayBots.from_json(kept.get("bots"), record.game, record.players)
    live = LiveGame.resume(journal, args.resume, registry)
    changes = {"bots": bots.to_json(), "seed": seed}
    if any(kept.get(key) != value for key, value in changes.items()):
        journal.update_settings(args.resume, changes)
    rng = _dice(args, seed)
    settings = {"chance": "auto" if rng else "manual", **changes}
    return _session(live, journal, rng, bots, seed, settings)


def _session(live: LiveGame, journal: Journal, rng: Rng | None, bots: PlayBots,
             seed: int | str, settings: Mapping[str, Any]) -> Session:
    """The session, its dice following its game; chance left pending is resolved now
    (a resumed game may have stopped between a move and its roll)."""
    live.rng = rng
    session = Session(live, journal, rng, bots, seed, settings)
    live.resolve_chance()
    return session


def _seed(args: argparse.Namespace) -> int:
    return int(args.seed) if args.seed is not None else random.SystemRandom().randrange(SEEDS)


def _dice(args: argparse.Namespace, seed: int | str) -> StepRng | None:
    return None if args.dice == "manual" else StepRng(seed)


def people_line(bots: PlayBots, live: LiveGame) -> str | None:
    """Which seats are left to the people, said once after the box's seats (None: ``all``
    gave the box every seat, as the line before says): a newcomer learns the seat the
    terminal will ask him to play, or that a role (Escape!'s ``partner``) took them all."""
    public = live.state.view(None)
    people = [f"Seat {seat + 1}" for seat in range(bots.players)
              if bots.level(public, seat) is None]
    if not people:
        return None if bots.every else "That is every seat: the game plays itself to the end."
    if len(people) == 1:
        return f"You play {people[0]}; the box plays every other seat."
    return f"People play {', '.join(people[:-1])} and {people[-1]}, each asked in turn."
