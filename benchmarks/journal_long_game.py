"""Journal resume of one long Intruder Escape game, measured directly.

    .venv/bin/python benchmarks/journal_long_game.py [--dir /tmp] [--seeds 10]

journal_bench.py resumes a 2,000-row Escape! session whose effective game is short (undos
take most rows back) and extrapolates to a long game. Here the journal holds one real game
with no undo at all: every row is effective and is replayed on resume.

The game: 6 players, options that add actions (characters chosen one by one, 2 Intruders so
there are 4 Innocents to kill, a dead player asked whether to reveal, escape items going back
into the deck one position at a time, the bottomed cards shuffled), and a table that plays
for length: never skips while it can play, never uses Nobody's Home, never plays Roulette
(it costs a life outside the assessment), plays Med Kit whenever it may (each restored life
is one more round), plays Hostage and Snatch and then the card taken, spreads the escape
items over the table (nobody wins by escaping) and aims damage at the player with the most
lives left whose death would not end the game. Chance is the box's (a seeded rng), as at a
real table. Of ``--seeds`` games the longest is kept.

How long can a game be? One life is lost per round; 6 players have 18 lives and the game
ends at the 17th loss at the latest (the last member of a team), plus at most 6 Med Kit
restores (each player uses its power once): at most 23 rounds. A round has at most 6 keep
choices, 18 turns, 7 follow-ups (4 Hostage, 3 Snatch) and a handful of chance rows (two
shuffles, the first-player roll): about 35 rows. So no Intruder game comes near 2,000
effective rows: about 850 at the very most, plus whatever die rerolls chance adds.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from collections.abc import Sequence
from typing import Any

from services.games.core import SeatPrompt
from services.games.intruder_escape import actions as a
from services.games.registry import default_registry
from services.referee.journal import Journal
from services.referee.live import LiveGame

PLAYERS = 6
OPTIONS = {"characters": "choose", "intruders_6p": "2", "reveal_on_death": "ask",
           "items_on_death": "center", "bottom_order": "shuffled"}
KEEP_ORDER = ("med-kit", "hostage", "snatch", "flashlight", "security-camera", "broken-mirror",
              "keys", "car", "gasoline", "license", "baseball-bat", "knife", "double-scratch",
              "bandage", "syringe", "under-the-bed", "barricade", "roulette")


def target_score(state: Any, seat: int) -> tuple[int, int, int]:
    """Higher is a better victim: its death does not end the game, it has lives to spare."""
    team = state.identity(seat)
    mates = [s for s in state.living() if state.identity(s) == team]
    ends_game = state.lives_left(seat) == 1 and len(mates) == 1
    return (0 if ends_game else 1, state.lives_left(seat), -seat)


def choose(state: Any, seat: int, rng: random.Random) -> Any:
    """The longest-game table's choice among the legal actions of ``seat``."""
    legal = state.legal_actions(seat)
    if state.phase == "keep":
        keeps = [k for k in legal if not k.home]

        def value(keep: a.Keep) -> int:
            return sum(len(KEEP_ORDER) - KEEP_ORDER.index(state.kind(c)) for c in keep.keep)

        return max(keeps, key=value)
    if state.phase == "reveal":
        return rng.choice(legal)
    if state.phase not in ("turn", "follow"):
        return rng.choice(legal)
    plays = [p for p in legal if isinstance(p, a.Play) and state.kind(p.card) != "roulette"]
    if not plays:
        return legal[-1]  # skip, or keep the card taken
    for kind in ("med-kit", "hostage", "snatch"):
        found = [p for p in plays if state.kind(p.card) == kind]
        if found:
            return rng.choice(found)
    items = [p for p in plays if state.data.card(p.card).category == "escape_item"]
    if items:
        return min(items, key=lambda p: (len(state.items[p.target]), rng.random()))
    damage = [p for p in plays if state.data.card(p.card).category == "damage"]
    if damage:
        return max(damage, key=lambda p: (target_score(state, p.target), rng.random()))
    return rng.choice(plays)


def long_game(path: str, seed: int) -> tuple[int, int]:
    """Play one game into the journal at ``path``; return (journal game id, rounds)."""
    game = default_registry().get("intruder-escape")
    rng = random.Random(seed)
    with Journal(path) as journal:
        live, _ = LiveGame.new(journal, game, PLAYERS, OPTIONS, rng=rng)
        while live.state.outcome() is None:
            prompt = live.state.pending()[0]
            assert isinstance(prompt, SeatPrompt)  # the box's rng resolves chance at once
            live.apply(choose(live.state, prompt.seat, rng))
        return live.id, live.state.round


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", default=None, help="where to put the journal files")
    parser.add_argument("--seeds", type=int, default=10, help="games tried; the longest is kept")
    args = parser.parse_args(argv)
    registry = default_registry()
    with tempfile.TemporaryDirectory(dir=args.dir) as directory:
        best: tuple[int, str, int, int, int] | None = None
        for seed in range(args.seeds):
            path = os.path.join(directory, f"long-{seed}.sqlite")
            gid, rounds = long_game(path, seed)
            with Journal(path) as journal:
                rows = journal.game(gid).entries
            if best is None or rows > best[0]:
                best = (rows, path, gid, rounds, seed)
        assert best is not None
        rows, path, gid, rounds, seed = best
        timings = []
        for _ in range(5):
            start = time.perf_counter()
            with Journal(path) as journal:
                live = LiveGame.resume(journal, gid, registry)
            timings.append(time.perf_counter() - start)
        resume = min(timings)
        seat_rows = sum(1 for step in live.history if step.kind == "action")
        print(f"longest of {args.seeds} games (seed {seed}): {rounds} rounds, {rows} journal rows, "
              f"all effective ({seat_rows} seat actions, {rows - seat_rows} chance outcomes); "
              f"{live.state.outcome().reason}")
        print(f"resume (open the journal, read, fold, replay every row): {resume * 1000:.1f} ms "
              f"(best of 5; median {sorted(timings)[2] * 1000:.1f} ms)")
        replays = []
        for _ in range(5):
            state = live.game.state_from_json(live.initial)
            start = time.perf_counter()
            for step in live.history:
                state.apply(step.action)
            replays.append(time.perf_counter() - start)
        replay = min(replays)
        size = os.path.getsize(path) / 1024
        print(f"of which replaying the {rows} actions through the engine: {replay * 1000:.1f} ms "
              f"(best of 5; {rows / replay:,.0f} actions/s); journal file {size:.0f} KiB")


if __name__ == "__main__":
    main()
