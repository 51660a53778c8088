"""Writer process for the journal crash test: plays Escape! games into a journal, forever.

Each move is a pure function of (seed, journal game id, rows already in the journal), so a
writer killed at any moment and restarted continues exactly as an uninterrupted one would.
After each commit it prints ``<game id> <rows>``: a promise that those rows are durable.

    python -m tests.referee.journal_writer JOURNAL SEED
"""

from __future__ import annotations

import random
import sys

from services.games.registry import default_registry
from services.referee.journal import Journal
from services.referee.live import LiveGame


def players_for(game_id: int) -> int:
    return 3 + game_id % 3


def step(live: LiveGame, seed: int, rows: int) -> None:
    """One journal row's worth of play, chosen from (seed, game, rows)."""
    rng = random.Random(f"{seed}:{live.id}:{rows}")
    if live.state.chance_prompt() is not None:
        prompt = live.state.chance_prompt()
        assert prompt is not None
        live.supply_chance({"order": list(prompt.resolve(rng).order)})  # type: ignore[attr-defined]
        return
    if rng.random() < 0.05 and any(s.kind == "action" for s in live.history):
        live.referee_undo(1, reason="crash test")
        return
    seat = live.state.pending()[0].seat  # type: ignore[union-attr]
    live.apply(rng.choice(live.state.legal_actions(seat)))


def main(path: str, seed: int) -> None:
    registry = default_registry()
    game = registry.get("decktet-escape")
    with Journal(path) as journal:
        record = journal.latest_running()
        if record is not None:
            live = LiveGame.resume(journal, record.id, registry)
        else:
            next_id = len(journal.games()) + 1
            live, _ = LiveGame.new(journal, game, players_for(next_id))
        while True:
            rows = journal.game(live.id).entries
            step(live, seed, rows)
            print(live.id, rows + 1, flush=True)
            if live.state.outcome() is not None:
                next_id = len(journal.games()) + 1
                live, _ = LiveGame.new(journal, game, players_for(next_id))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
