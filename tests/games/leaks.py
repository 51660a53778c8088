"""Shared pieces of the leak tests (one module per game: tests/games/test_*_leaks.py).

The engine's own channels are compared by :meth:`tests.games.conformance.Conformance` (its
``secrets`` hook); :func:`live_channels` adds what the referee makes of a game: the transcript of
the unfinished game, each reader's sentences of the history, and the protocol's answers to a
player undo and a referee undo (all of them as the public table reads them).

:class:`CopySwaps` checks the copies of a card: two copies of one kind look alike on the
table, so a game whose history is the same but with two copies' ids swapped throughout (from
the first snapshot, chance outcomes included) is the same game to everyone; every reader but
the seats holding one of the two in hand (whose own view and legal actions name their cards
by id) must get the same answers on every channel.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from services.games.core import JSON, Action, ChanceAction, Game, State
from services.referee.journal import Journal
from services.referee.live import LiveGame
from services.referee.protocol import Session
from tests.games.conformance import channels

# Transcript fields that name the journal row, not the game.
ROW_FIELDS = ("journal_game", "created")


def live_game(journal: Journal, game: Game, start: JSON, actions: Sequence[Action]) -> LiveGame:
    """A journaled game from ``start`` through ``actions``, chance supplied by hand."""
    live, _ = LiveGame.from_state(journal, game, game.state_from_json(start))
    for action in actions:
        if isinstance(action, ChanceAction):
            outcome = {k: v for k, v in action.to_json().items() if k not in ("type", "deck")}
            live.supply_chance(outcome)
        else:
            live.apply(action)
    return live


def live_channels(game: Game, start: JSON, actions: Sequence[Action],
                  readers: list[int | None]) -> dict[int | None, Any]:
    """What each reader gets from the referee: its sentences of the history; the public table
    also gets the transcript and the answers to ``undo`` and ``undo referee``."""
    found: dict[int | None, Any] = {}
    with Journal(":memory:") as journal:
        live = live_game(journal, game, start, actions)
        for reader in readers:
            found[reader] = {"sentences": live.sentences(reader)}
        if None in readers:
            transcript = {k: v for k, v in live.transcript().items() if k not in ROW_FIELDS}
            found[None]["transcript"] = transcript
            found[None]["undo"] = Session(live, journal, None).handle({"cmd": "undo"})
    with Journal(":memory:") as journal:
        live = live_game(journal, game, start, actions)
        if None in readers:
            found[None]["referee_undo"] = Session(live, journal, None).handle(
                {"cmd": "undo", "referee": True, "count": 1, "reason": "leak test"})
    return found


class Counted:
    """``live_channels`` for the first ``limit`` calls only (each replays a whole game into a
    journal twice), so a module stays fast; ``calls`` says how many were made."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.calls = 0

    def __call__(self, game: Game, start: JSON, actions: Sequence[Action],
                 readers: list[int | None]) -> dict[int | None, Any]:
        self.calls += 1
        if self.calls > 2 * self.limit:  # two worlds per twin
            return {reader: None for reader in readers}
        return live_channels(game, start, actions, readers)


@dataclass(frozen=True)
class Pair:
    """Two copies of one kind to swap: ``a`` in a seat's hand, ``b`` anywhere; ``holders``
    hold either in hand; ``across``: ``b`` is not in the same hand as ``a``."""

    a: str
    b: str
    holders: frozenset[int]
    across: bool


Copies = Callable[[State], list[Pair]]
"""The pairs of copies that could be swapped now."""


def relabeled(value: Any, swap: Mapping[str, str]) -> Any:
    """``value`` (JSON) with every string (keys too) that ``swap`` names replaced."""
    if isinstance(value, str):
        return swap.get(value, value)
    if isinstance(value, list | tuple):
        return [relabeled(v, swap) for v in value]
    if isinstance(value, dict):
        return {swap.get(k, k): relabeled(v, swap) for k, v in value.items()}
    return value


@dataclass
class CopySwaps:
    """Swap two copies of a card throughout a game's history; nobody else may tell."""

    game: Game
    copies: Copies
    extra: Counted | None = None
    stats: Counter[str] = field(default_factory=Counter)

    def check(self, start: JSON, actions: Sequence[Action], samples: int, seed: int) -> None:
        """Replay ``actions`` from ``start``; at ``samples`` random steps of the running game,
        swap a pair of copies (:attr:`copies`) in the whole history so far and compare."""
        rng = random.Random(seed)
        steps = set(rng.sample(range(len(actions) + 1), min(samples, len(actions) + 1)))
        state = self.game.state_from_json(start)
        told: list[list[JSON]] = []
        for i in range(len(actions) + 1):
            if i in steps and state.outcome() is None:
                self._twin(state, start, actions[:i], told, rng)
            if i < len(actions):
                told.append([e.to_json() for e in state.apply(actions[i])])

    def _twin(self, state: State, start: JSON, actions: Sequence[Action],
              told: list[list[JSON]], rng: random.Random) -> None:
        found = self.copies(state)
        if not found:
            self.stats["no_copies"] += 1
            return
        across = [p for p in found if p.across]  # the rarer pairs, half of the time
        pair = rng.choice(across if across and rng.random() < 0.5 else found)
        a, b, holders = pair.a, pair.b, pair.holders
        swap = {a: b, b: a}
        twin = self.game.state_from_json(relabeled(start, swap))
        history = [self.game.parse_action(relabeled(x.to_json(), swap)) for x in actions]
        events = [[e.to_json() for e in twin.apply(x)] for x in history]
        assert events == told, f"events tell {a} from {b}: {told} / {events}"
        for reader in [None, *range(state.players)]:
            mine, theirs = channels(state, reader, actions), channels(twin, reader, history)
            # a holder's own view and legal actions name its cards by id
            names = ("pending", "says") if reader in holders else tuple(mine)
            for name in names:
                assert mine[name] == theirs[name], (
                    f"{name} of reader {reader} tells {a} from {b}: "
                    f"{mine[name]} / {theirs[name]}")
        if self.extra is not None:
            readers = [r for r in [None, *range(state.players)] if r not in holders]
            mine_extra = self.extra(self.game, start, actions, readers)
            theirs_extra = self.extra(self.game, relabeled(start, swap), history, readers)
            for reader in readers:
                assert mine_extra[reader] == theirs_extra[reader], (
                    f"reader {reader} tells {a} from {b}: {mine_extra[reader]} / "
                    f"{theirs_extra[reader]}")
        self.stats["swaps"] += 1


def pairs_of_copies(kind: Callable[[str], str], hands: Sequence[Sequence[str]],
                    elsewhere: Sequence[str]) -> list[Pair]:
    """Every pair of copies of one kind: one in a hand, the other in a hand or
    ``elsewhere``."""
    holder = {c: s for s, hand in enumerate(hands) for c in hand}
    found = []
    for a, seat in holder.items():
        for b in [*holder, *elsewhere]:
            if b == a or kind(b) != kind(a) or holder.get(b, seat) < seat:
                continue
            seats = frozenset({seat} | ({holder[b]} if b in holder else set()))
            found.append(Pair(a, b, seats, holder.get(b) != seat))
    return found
