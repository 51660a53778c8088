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

Secret choices (docs/engine-api.md, "Who may know what") are checked by indistinguishability
over every channel: a game's ``secrets`` hook names the choices of the history that the others
may not tell apart *now*; on a sample of steps one of them is replaced by another legal choice
of the same seat, the rest of the history replayed, and every other seat and the public table
must read the same :func:`channels` (view, own legal actions, pending prompts, the history's
sentences, the events since the choice, and ``extra`` channels such as a live game's transcript
and undo answers) in both worlds.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from services.games.core import (
    JSON,
    Action,
    Game,
    IllegalAction,
    SeatAction,
    SeatPrompt,
    State,
    history_sentences,
)

Forbidden = Callable[[State, int | None], set[str]]
Invariants = Callable[[State], None]
Keep = Callable[[Action], bool]
"""Which other choices of the same seat must look the same as the one taken."""
Secrets = Callable[[State, Sequence[Action]], list[tuple[int, Keep]]]
"""The secret choices of the history still hidden now: (index in the history, filter)."""
Extra = Callable[[Game, JSON, Sequence[Action], list[int | None]], dict[int | None, Any]]
"""More channels per reader, from the first snapshot and the history (e.g. a live game's)."""


def channels(state: State, seat: int | None, history: Sequence[Action]) -> JSON:
    """Everything the engine tells ``seat`` (None: the public table) now."""
    return {
        "view": state.view(seat),
        "legal": [a.to_json() for a in state.legal_actions(seat)] if seat is not None else [],
        "pending": [p.to_json() for p in state.pending()],
        "says": history_sentences(state, history, seat),
    }


@dataclass
class Conformance:
    game: Game
    forbidden: Forbidden
    invariants: Invariants
    max_steps: int
    sample: float = 0.2
    secrets: Secrets | None = None
    extra: Extra | None = None
    twin_rate: float = 0.2
    stats: dict[str, int] = field(default_factory=dict)
    history: list[Action] = field(default_factory=list)

    def playout(self, players: int, options: Mapping[str, Any], seed: int,
                full: bool = False) -> State:
        rng = random.Random(seed)
        twin_rng = random.Random(seed + 1)  # apart, so the playouts stay what they were
        state = self.game.new_state(players, dict(options))
        start = state.to_json()
        actions: list[Action] = []
        self.history = actions
        befores: list[JSON] = []
        told: list[list[JSON]] = []
        digests: dict[int, str] = {}
        for step in range(self.max_steps + 1):
            deep = full or rng.random() < self.sample
            self.invariants(state)
            self._check_views(state, players, None if full else rng)
            if self.secrets is not None and twin_rng.random() < self.twin_rate:
                self._check_twins(state, start, befores, told, twin_rng)
            if deep:
                _round_trip(self.game, state)
                digests[step] = _digest(state.to_json())
            if state.outcome() is not None:
                break
            action = self._choose(state, players, rng, deep)
            if self.secrets is not None:
                befores.append(state.to_json())
            events = state.apply(action)
            told.append([e.to_json() for e in events])
            public = json.dumps(told[-1])
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

    def _check_twins(self, state: State, start: JSON, befores: list[JSON],
                     told: list[list[JSON]], rng: random.Random) -> None:
        """Replace one secret choice still hidden by another; nobody else may tell."""
        assert self.secrets is not None
        actions = self.history
        found = self.secrets(state, actions)
        if not found:
            return
        index, keep = rng.choice(found)
        real = actions[index]
        actor = real.actor
        assert actor is not None, f"{real} is not a seat's choice"
        twin = self.game.state_from_json(befores[index])
        others = [x for x in twin.legal_actions(actor) if x != real and keep(x)]
        if not others:
            return
        swapped = [*actions[:index], rng.choice(others), *actions[index + 1:]]
        try:
            events = [[e.to_json() for e in twin.apply(x)] for x in swapped[index:]]
        except IllegalAction:  # the rest of the history depended on the choice: not a twin
            self._count("twins_diverged", 1)
            return
        assert events == told[index:], (
            f"events tell {real} from {swapped[index]}: {told[index:]} / {events}")
        readers = [r for r in [None, *range(state.players)] if r != actor]
        for reader in readers:
            mine, theirs = channels(state, reader, actions), channels(twin, reader, swapped)
            for name, value in mine.items():
                assert value == theirs[name], (
                    f"{name} of reader {reader} tells {real} from {swapped[index]}")
        if self.extra is not None:
            mine_extra = self.extra(self.game, start, actions, readers)
            theirs_extra = self.extra(self.game, start, swapped, readers)
            for reader in readers:
                assert mine_extra[reader] == theirs_extra[reader], (
                    f"reader {reader} tells {real} from {swapped[index]}: "
                    f"{mine_extra[reader]} / {theirs_extra[reader]}")
        self._count("twins", 1)

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
