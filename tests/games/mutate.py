"""Random playouts and snapshot mutations for the snapshot fuzz (seeded, bounded by count)."""

from __future__ import annotations

import copy
import random
from typing import Any

from services.games.core import Game, State

Path = tuple[str | int, ...]

ODD_VALUES: tuple[Any, ...] = (None, True, False, 0, -1, 1, 2, 3, 5, 99, 10**6, 3.0, 0.5,
                               "", "foo", "over", [], [0], ["foo"], {}, {"foo": 1})


def step(state: State, rng: random.Random) -> None:
    """One random move: chance resolved with ``rng``, or a random legal action of a random
    pending seat."""
    prompt = state.chance_prompt()
    if prompt is not None:
        state.apply(prompt.resolve(rng))
        return
    seats = sorted({p.seat for p in state.pending() if p.actor == "seat"})  # type: ignore[union-attr]
    seat = rng.choice(seats)
    state.apply(rng.choice(state.legal_actions(seat)))


def playout_snapshots(game: Game, players: int, seed: int, points: int,
                      max_steps: int, options: dict[str, Any] | None = None) -> list[dict]:
    """Snapshots of one random playout at ``points`` moments (the start included)."""
    rng = random.Random(seed)
    state = game.new_state(players, options)
    moments = sorted(rng.sample(range(1, max_steps), points - 1))
    found = [state.to_json()]
    for n in range(1, max_steps):
        if state.outcome() is not None:
            break
        step(state, rng)
        if n in moments:
            found.append(state.to_json())
    found.append(state.to_json())
    return found


def paths(value: Any, prefix: Path = ()) -> list[Path]:
    """Every path into a JSON value (the root excluded)."""
    found: list[Path] = []
    if isinstance(value, dict):
        items: list[tuple[str | int, Any]] = list(value.items())
    elif isinstance(value, list):
        items = list(enumerate(value))
    else:
        return found
    for key, child in items:
        found.append((*prefix, key))
        found += paths(child, (*prefix, key))
    return found


def _get(value: Any, path: Path) -> Any:
    for key in path:
        value = value[key]
    return value


def strings(value: Any) -> list[str]:
    """Every text value of a JSON value (card ids, cells, words to move around)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def mutate(snapshot: dict, rng: random.Random, count: int = 1) -> dict:
    """``count`` random damages: delete, replace or retype a field, duplicate, drop or
    rename a card, change a number, shorten a list, move a value elsewhere."""
    data = copy.deepcopy(snapshot)
    for _ in range(count):
        tops = [k for k in data if k not in ("game", "format")]
        if not tops:
            break
        top = rng.choice(tops)  # a field first, so big fields do not take every damage
        spots = [(top,), *paths(data[top], (top,))]
        path = rng.choice(spots)
        parent = _get(data, path[:-1])
        key = path[-1]
        value = parent[key]
        kind = rng.randrange(9)
        if kind == 0:
            del parent[key]
        elif kind == 1:
            parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif kind == 2 and isinstance(value, int) and not isinstance(value, bool):
            parent[key] = rng.choice((value + 1, value - 1, -value, value * 10, float(value)))
        elif kind == 3 and isinstance(value, str):
            parent[key] = rng.choice((value + "x", value.upper(), ""))
        elif kind == 4 and isinstance(value, list) and value:
            value.pop(rng.randrange(len(value)))
        elif kind == 5 and isinstance(value, list) and value:
            value.append(copy.deepcopy(rng.choice(value)))
        elif kind == 6:
            texts = strings(data)
            if texts:
                parent[key] = rng.choice(texts)
        elif kind == 7:
            other = _get(data, rng.choice(paths(data))) if rng.random() < 0.5 else None
            parent[key] = copy.deepcopy(other if other is not None else value)
        elif isinstance(value, list) and len(value) > 1:
            i, j = rng.sample(range(len(value)), 2)
            value[i], value[j] = value[j], value[i]
        else:
            parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
    return data
