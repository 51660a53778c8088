"""The game loop the role benchmarks share: one side's seats at the level measured, the
other side's at another level (or random-legal play), chance from the game's own source."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from services.bots.contract import Bot, bot_rng, knowledge_of
from services.bots.play import Record
from services.games.core import SeatPrompt


def play_sides(record: Record, chance: random.Random, name: str,
               measured: Callable[[int], bool], bot: Bot | None, other: Bot | None,
               limit: int, time_knowledge: bool = True) -> list[float]:
    """Play ``record``'s game until its outcome or ``limit`` actions: a seat for which
    ``measured(seat)`` holds plays ``bot``, any other ``other`` (None: a random legal action,
    without building the history). Each seat's random source comes from ``name``, the seat
    and the step. Returns the CPU time (ms) of each of ``bot``'s decisions, the knowledge
    handed to it included when ``time_knowledge``."""
    state = record.state
    times: list[float] = []
    while len(record.actions) < limit:
        record.resolve_chance(chance)
        if state.outcome() is not None:
            break
        seat = min(p.seat for p in state.pending() if isinstance(p, SeatPrompt))
        rng = bot_rng(name, seat, len(record.actions))
        ours = measured(seat)
        player = bot if ours else other
        if player is None:
            record.apply(rng.choice(tuple(state.legal_actions(seat))))
            continue
        start = time.thread_time()
        knowledge = knowledge_of(state, seat, record.actions, record.events)
        if not time_knowledge:
            start = time.thread_time()
        action = player.choose(knowledge, rng)
        if ours:
            times.append((time.thread_time() - start) * 1000)
        record.apply(action)
    return times
