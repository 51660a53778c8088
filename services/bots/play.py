"""Bot seats playing a game: whole games for tournaments and tests, and the bots' turns in a
game that also has people in it (``refbox play --bot``, the box).

:class:`Game` below is a record of one game in progress as bots need it: the state, the
effective history (actions, their public events). The state is only ever asked for a seat's
knowledge (:func:`~services.bots.contract.knowledge_of`) and given the chosen actions.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field

from services.bots.contract import Bot, BotError, decide, knowledge_of
from services.games.core import Action, Event, Rng, SeatPrompt, State


@dataclass
class Record:
    """A game in progress with its effective history."""

    state: State
    actions: list[Action] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)

    def apply(self, action: Action) -> list[Event]:
        events = self.state.apply(action)
        self.actions.append(action)
        self.events.append(list(events))
        return events

    def resolve_chance(self, rng: Rng) -> None:
        """Chance acts (dice, shuffles, draws) until a seat must, or the game is over."""
        while self.state.outcome() is None:
            prompt = self.state.chance_prompt()
            if prompt is None:
                return
            self.apply(prompt.resolve(rng))


def bot_seats_asked(state: State, bots: Mapping[int, Bot]) -> list[int]:
    """The bot seats asked to act now, lowest first."""
    return sorted({p.seat for p in state.pending()
                   if isinstance(p, SeatPrompt) and p.seat in bots})


def bots_act(record: Record, bots: Mapping[int, Bot], seed: int | str, rng: Rng,
             limit: int = 100_000) -> int:
    """Let chance and the bot seats act until a person must, or the game is over; returns
    how many bot actions were applied. ``limit`` bounds a game that would not end. The bot
    seats asked are asked lowest first; one that waits (an optional prompt) lets the next
    act, and is asked again once the game has changed."""
    acted = 0
    while True:
        record.resolve_chance(rng)
        if record.state.outcome() is not None:
            return acted
        seats = bot_seats_asked(record.state, bots)
        if acted >= limit and seats:
            raise BotError(f"the bots made {limit} moves and the game has not ended")
        found = first_not_waiting(record.state, seats, lambda seat: decide(
            bots[seat], knowledge_of(record.state, seat, record.actions, record.events), seed))
        if found is None:
            return acted
        record.apply(found[1])
        acted += 1


def first_not_waiting(state: State, seats: Sequence[int],
                      decide_for: Callable[[int], Action | None]
                      ) -> tuple[int, Action] | None:
    """The first of ``seats`` (lowest first) whose bot does not wait, with its action
    (``decide_for(seat)``: None when it waits); None: all wait (a person must act; if no one
    else is asked, the bots would wait for ever: a :class:`BotError`). :func:`bots_act` and
    ``refbox play --bot`` ask through this; the box's seats, deciding one seat at a time on a
    worker thread, use :func:`check_not_stuck` alone."""
    for seat in seats:
        action = decide_for(seat)
        if action is not None:
            return seat, action
    check_not_stuck(state, seats)
    return None


def check_not_stuck(state: State, waited: Collection[int]) -> None:
    """A :class:`BotError` when the seats whose bots wait are every seat asked: nobody would
    ever act (an engine asks some seat for a prompt it must answer beside optional ones)."""
    asked = {p.seat for p in state.pending() if isinstance(p, SeatPrompt)}
    if waited and asked <= set(waited):
        raise BotError(f"the bots of seats {sorted(s + 1 for s in waited)} all wait and no "
                       "one else is asked")


def self_play(state: State, bots: Mapping[int, Bot], seed: int | str, rng: Rng,
              limit: int = 100_000) -> Record:
    """A whole game with a bot at every seat asked (every seat must have one)."""
    record = Record(state)
    bots_act(record, bots, seed, rng, limit)
    if record.state.outcome() is None:
        waiting = sorted({p.seat for p in record.state.pending() if isinstance(p, SeatPrompt)})
        raise BotError(f"seats {[s + 1 for s in waiting]} have no bot and must act")
    return record
