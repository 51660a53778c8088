"""The table screen's model of a game in progress: what building it costs the daemon.

Run by ``benchmarks/phones.py --table`` (section 1b): each of the five games played at random
(seeded) to 30 and to 150 moves (or its end), then ``game_model`` built ``repeats`` times
from the public view, the history and its sentences, as the daemon builds it after every
render that changed the public side.
"""

from __future__ import annotations

import json
import random
import statistics
import time

from services.games.core import ChanceAction
from services.games.registry import default_registry
from services.referee.box.table_screen import game_model
from services.referee.live import Step

MODEL_GAMES = {"decktet-escape": 3, "intruder-escape": 4, "innsmouth-escape": 3,
               "asylum-escape": 3, "innsmouth-32": 3}  # players


def model_costs(seed: int, repeats: int = 200) -> list[tuple[str, int, float, int]]:
    """(game, moves played, median ms to build its table screen model, its JSON bytes)."""
    registry = default_registry()
    rows = []
    for game_id, players in MODEL_GAMES.items():
        game = registry.get(game_id)
        for moves in (30, 150):
            rng = random.Random(seed)
            state = game.new_state(players, {})
            steps = []
            while len(steps) < moves and state.outcome() is None:
                chance = state.chance_prompt()
                if chance is not None:
                    action = chance.resolve(rng)
                else:
                    seats = sorted({p.seat for p in state.pending()  # type: ignore[attr-defined]
                                    if p.actor == "seat"})
                    action = rng.choice(state.legal_actions(rng.choice(seats)))
                kind = "chance" if isinstance(action, ChanceAction) else "action"
                steps.append(Step(kind, action, tuple(state.apply(action))))
            labels = [f"Seat {n + 1}" for n in range(players)]
            data = getattr(game, "data", None)
            took = []
            for _ in range(repeats):
                start = time.perf_counter()
                model = game_model(game_id, game.info.title, state, steps, labels, data=data)
                took.append(time.perf_counter() - start)
            rows.append((game_id, len(steps), statistics.median(took) * 1000,
                         len(json.dumps(model))))
    return rows
