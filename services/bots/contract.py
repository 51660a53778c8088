"""What a bot is handed and what it returns.

A bot plays one seat. It never receives the :class:`~services.games.core.State`: it gets a
:class:`SeatKnowledge`, built by :func:`knowledge_of` from the calls a seat's own screen may
use (``view(seat)``, ``legal_actions(seat)``, ``pending()``, the history as that seat reads
it with ``describe(action, seat)`` and the public events). Its choice is one of the legal
actions, applied like a person's (through ``LiveGame.apply`` and the journal on the box), so
resume, undo and transcripts need nothing new.

Determinism: a bot's random source is :func:`bot_rng`, seeded from the game's seed, the seat
and the step; search budgets count iterations, never seconds, so the same game gives the
same choices on any machine.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from services.games.core import (
    JSON,
    Action,
    ChancePrompt,
    Event,
    OptionValue,
    SeatPrompt,
    State,
    history_sentences,
)

LEVELS = ("easy", "normal", "hard")


class BotError(Exception):
    """A bot could not choose (no legal action for its seat, an unknown level...)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Told:
    """One step of the game's history as a seat reads it: the sentence and public events."""

    sentence: str
    events: tuple[JSON, ...]


@dataclass(frozen=True)
class SeatKnowledge:
    """Everything a bot may use: what its seat's screen could show, nothing more."""

    game: str  # the game id, e.g. "asylum-escape"
    seat: int  # 0-based
    players: int
    options: Mapping[str, OptionValue]
    view: JSON  # state.view(seat)
    public: JSON  # state.view(None)
    legal: tuple[Action, ...]  # state.legal_actions(seat)
    prompts: tuple[SeatPrompt, ...]  # the seats asked now (who, what kind)
    chance: bool  # chance must act now (a roll, a shuffle...)
    history: tuple[Told, ...]  # the effective history, oldest first, as this seat reads it

    @property
    def step(self) -> int:
        """How many actions the game has seen (part of the bot's seed)."""
        return len(self.history)

    def asked(self) -> bool:
        """This seat is asked to act now."""
        return any(p.seat == self.seat for p in self.prompts)

    def may_wait(self) -> bool:
        """This seat is asked, and only by optional prompts (lend spoints, or wait): its bot
        may let them pass (return None) while another seat acts."""
        mine = [p for p in self.prompts if p.seat == self.seat]
        return bool(mine) and all(p.optional for p in mine)


class Bot(Protocol):
    """A player for one seat. ``choose`` returns one of ``knowledge.legal``, or None to wait
    where ``knowledge.may_wait()`` (every prompt of its seat optional)."""

    level: str

    def choose(self, knowledge: SeatKnowledge, rng: random.Random) -> Action | None: ...


def knowledge_of(state: State, seat: int, actions: Sequence[Action],
                 events: Sequence[Sequence[Event]]) -> SeatKnowledge:
    """What ``seat`` may know of ``state``, reached by ``actions`` (the effective history,
    chance outcomes included) whose public events were ``events`` (one list per action).

    Only the calls a seat's screen may use are made: the state itself never reaches a bot.
    """
    if len(events) != len(actions):
        raise BotError(f"{len(actions)} actions but {len(events)} lists of events")
    pending = state.pending()
    sentences = history_sentences(state, list(actions), seat)
    history = tuple(Told(sentence, tuple(e.to_json() for e in step))
                    for sentence, step in zip(sentences, events, strict=True))
    return SeatKnowledge(
        game=state.info.id, seat=seat, players=state.players, options=dict(state.options),
        # copies: an engine's view may share a list with its state, and a bot may think on
        # another thread while the game goes on (the box): its knowledge must stay as it was
        view=copy.deepcopy(state.view(seat)), public=copy.deepcopy(state.view(None)),
        legal=tuple(state.legal_actions(seat)),
        prompts=tuple(p for p in pending if isinstance(p, SeatPrompt)),
        chance=any(isinstance(p, ChancePrompt) for p in pending), history=history)


def bot_rng(seed: int | str, seat: int, step: int) -> random.Random:
    """The random source of the bot at ``seat`` for the decision at ``step`` of a game whose
    seed is ``seed``: the same three always give the same numbers (on any machine)."""
    return random.Random(f"refbox-bot:{seed}:{seat}:{step}")


def decide(bot: Bot, knowledge: SeatKnowledge, seed: int | str) -> Action | None:
    """The bot's choice, checked to be one of its legal actions; None: it waits, which only
    an optional prompt allows (the runner then asks the next seat, and this one again once
    the game has changed)."""
    if not knowledge.legal:
        raise BotError(f"Seat {knowledge.seat + 1} has no legal action now: nothing to choose")
    action = bot.choose(knowledge, bot_rng(seed, knowledge.seat, knowledge.step))
    if action is None:
        if not knowledge.may_wait():
            raise BotError(f"the {bot.level} bot of Seat {knowledge.seat + 1} waits, but its "
                           "seat must act now (only an optional prompt may be let pass)")
        return None
    if action not in knowledge.legal:
        raise BotError(f"the {bot.level} bot of Seat {knowledge.seat + 1} chose "
                       f"{action.to_json()}, which is not one of its legal actions")
    return action


def choose(bot: Bot, knowledge: SeatKnowledge, seed: int | str) -> Action:
    """The bot's action where its seat must act (a runner that lets a seat wait calls
    :func:`decide`)."""
    action = decide(bot, knowledge, seed)
    if action is None:
        raise BotError(f"the {bot.level} bot of Seat {knowledge.seat + 1} waits where an "
                       "action was needed")
    return action


class RandomBot:
    """Any legal action, uniformly: the baseline every level is measured against."""

    level = "random"

    def choose(self, knowledge: SeatKnowledge, rng: random.Random) -> Action:
        return rng.choice(knowledge.legal)


def json_view(value: Any) -> Any:
    """A view with tuples as lists (views are JSON-safe; comparing twins needs one form)."""
    if isinstance(value, Mapping):
        return {k: json_view(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_view(v) for v in value]
    return value
