"""The conformance harness every game runs (OpenSpiel-style random playouts).

A playout picks random legal actions (and random chance outcomes) until the game ends. At
every step it checks the game's invariants (cards conserved, counters in range, ...), that
pending seats and legal actions agree, and that events (public by contract) show nothing the
public table may not know. Then, every step in a *full* playout and on a random sample of
steps (``sample`` of them) in a light one:

* every view (full) or one random view (light), of a seat or the public table, is JSON-safe
  and contains none of the strings that seat may not know (``forbidden``), compared as quoted
  JSON strings;
* an action of a pending seat sent under the name of a seat that is not pending is refused
  with a rule id and leaves the snapshot unchanged;
* the snapshot round-trips through JSON.

At the end: the game finished within ``max_steps``, nothing is pending, and replaying the
recorded actions (through their JSON form) from the first snapshot reproduces the recorded
states (every state in a full playout, a sample and the last one in a light one).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from services.games.core import Action, Game, IllegalAction, SeatAction, SeatPrompt, State

Forbidden = Callable[[State, int | None], set[str]]
Invariants = Callable[[State], None]


@dataclass
class Conformance:
    game: Game
    forbidden: Forbidden
    invariants: Invariants
    max_steps: int
    sample: float = 0.2
    stats: dict[str, int] = field(default_factory=dict)

    def playout(self, players: int, options: Mapping[str, Any], seed: int,
                full: bool = False) -> State:
        rng = random.Random(seed)
        state = self.game.new_state(players, dict(options))
        start = state.to_json()
        actions: list[Action] = []
        digests: dict[int, str] = {}
        for step in range(self.max_steps + 1):
            deep = full or rng.random() < self.sample
            self.invariants(state)
            self._check_views(state, players, None if full else rng)
            if deep:
                _round_trip(self.game, state)
                digests[step] = _digest(state.to_json())
            if state.outcome() is not None:
                break
            action = self._choose(state, players, rng, deep)
            events = state.apply(action)
            public = json.dumps([e.to_json() for e in events])
            leaked = [s for s in _quoted(self.forbidden(state, None)) if s in public]
            assert not leaked, f"events reveal {leaked} after {action}"
            actions.append(action)
        else:
            raise AssertionError(f"seed {seed}: no outcome after {self.max_steps} steps")
        assert state.pending() == (), "a finished game must have nothing pending"
        digests[len(actions)] = _digest(state.to_json())
        self._replay(start, actions, digests)
        self._count("games", 1)
        self._count("steps", len(actions))
        return state

    def _count(self, key: str, n: int) -> None:
        self.stats[key] = self.stats.get(key, 0) + n

    def _choose(self, state: State, players: int, rng: random.Random, deep: bool) -> Action:
        prompts = state.pending()
        assert prompts, "a running game must have something pending"
        chance = state.chance_prompt()
        if chance is not None:
            return chance.resolve(rng)
        seats = {p.seat for p in prompts if isinstance(p, SeatPrompt)}
        if deep:
            for seat in range(players):
                legal = state.legal_actions(seat)
                assert bool(legal) == (seat in seats), f"seat {seat}: pending {seats}: {legal}"
        seat = rng.choice(sorted(seats))
        action = rng.choice(state.legal_actions(seat))
        if deep:
            self._check_impostor(state, action, seats, players, rng)
        return action

    def _check_impostor(self, state: State, action: Action, seats: set[int], players: int,
                        rng: random.Random) -> None:
        others = [s for s in range(players) if s not in seats]
        if not others or not isinstance(action, SeatAction):
            return
        impostor = dataclasses.replace(action, seat=rng.choice(others))
        before = state.to_json()
        try:
            state.apply(impostor)
        except IllegalAction as error:
            assert error.rule and error.message
        else:
            raise AssertionError(f"{impostor} was accepted from a seat that is not pending")
        assert state.to_json() == before, "a refused action changed the state"
        self._count("refusals", 1)

    def _check_views(self, state: State, players: int, rng: random.Random | None) -> None:
        seats: list[int | None] = [None, *range(players)]
        for seat in seats if rng is None else [rng.choice(seats)]:
            text = json.dumps(state.view(seat), allow_nan=False)
            leaked = sorted(s for s in _quoted(self.forbidden(state, seat)) if s in text)
            assert not leaked, f"view of seat {seat} shows {leaked}"
            self._count("views", 1)

    def _replay(self, start: dict[str, Any], actions: list[Action],
                digests: dict[int, str]) -> None:
        state = self.game.state_from_json(start)
        for i, action in enumerate(actions, start=1):
            state.apply(self.game.parse_action(json.loads(json.dumps(action.to_json()))))
            if i in digests:
                assert _digest(state.to_json()) == digests[i], f"replay differs at step {i}"


def _round_trip(game: Game, state: State) -> None:
    snapshot = json.loads(json.dumps(state.to_json()))
    again = game.state_from_json(snapshot)
    assert again.to_json() == state.to_json()
    assert again.view(None) == state.view(None)


def _digest(snapshot: dict[str, Any]) -> str:
    return hashlib.sha1(json.dumps(snapshot).encode()).hexdigest()


def _quoted(strings: set[str]) -> list[str]:
    """Each string as it appears in JSON text (quoted and escaped)."""
    return [f'"{s}"' if _PLAIN.fullmatch(s) else json.dumps(s) for s in strings]


_PLAIN = re.compile(r"[A-Za-z0-9 _.:/+-]*")
