"""Innsmouth 32 bots: tournaments of the director's levels (issue 23).

Each level (and random-legal play, the baseline) plays the director's seat against
random-legal play in every other seat (the character players, and the monster players they
become, R-I32-32), over the same seeds: game ``i`` at ``n`` players has the same chance
source for every level and the same random source for every other seat, so two levels meet
the same dice and shuffles as far as their choices let them. Default options. A win is the
director's (no survivor left at the end, A-I32-01). A pairing compares two levels, or a level
and random-legal play, in the role: win rates with 95% Wilson intervals and the two-proportion
z statistic (z > 1.96: A is significantly stronger at 5%). Decision times are the CPU time of
the director's ``choose`` calls (the host is shared: wall time also counts other processes).

    nice -n 19 .venv/bin/python -m benchmarks.bots_innsmouth_32 --games 400 --players 2 3 6 9

``--levels prescient`` adds a ceiling reference (:func:`prescient`: it reads the state and
the future; never a level, never reachable from services/bots).

With several player counts a last group of rows, ``all``, pools them (the games of every
count, each pairing still over the same seeds).

The director's knowledge is :func:`~services.bots.contract.knowledge_of`'s; :class:`Teller`
builds the same (tests/bots/test_innsmouth_32.py checks it) keeping the sentences of settled
actions from one decision to the next, so a long game's history is not re-told each time.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from benchmarks.bots_stats import level_row, pair_row, table, times_row
from services.bots.contract import LEVELS, SeatKnowledge, Told, bot_rng, choose
from services.bots.innsmouth_32 import director, make_bot, search
from services.bots.innsmouth_32.table import Table
from services.bots.play import Record
from services.games.core import Action, ChancePrompt, SeatPrompt, State
from services.games.innsmouth_32 import I32State, Innsmouth32
from services.games.innsmouth_32 import actions as acts

GAME = Innsmouth32()
PLAYERS = tuple(range(2, 10))
ENTRANTS = ("random", *LEVELS)
CEILING = "prescient"  # a reference that reads the state: never a level, never in services/bots
PAIRS = (("easy", "random"), ("normal", "random"), ("hard", "random"), ("normal", "easy"),
         ("hard", "normal"), (CEILING, "random"), (CEILING, "hard"))
FORESEEN = 5  # the prescient director's candidates: hard's best turns (and the all-out attack)
LIMIT = 20_000  # actions: a game that would not end


class Teller:
    """:func:`knowledge_of` for one seat, the sentences of settled actions kept (a seat's
    latest action is told as the state stands, its earlier ones as settled, which never
    change)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.settled: dict[int, Told] = {}

    def knowledge(self, state: State, record: Record) -> SeatKnowledge:
        actions, events = record.actions, record.events
        latest = {x.actor: i for i, x in enumerate(actions) if x.actor is not None}
        history = []
        for i, action in enumerate(actions):
            settled = latest.get(action.actor, i) != i
            told = self.settled.get(i) if settled else None
            if told is None:
                told = Told(state.describe(action, self.seat, settled=settled),
                            tuple(e.to_json() for e in events[i]))
                if settled:
                    self.settled[i] = told
            history.append(told)
        pending = state.pending()
        return SeatKnowledge(
            game=state.info.id, seat=self.seat, players=state.players,
            options=dict(state.options), view=state.view(self.seat), public=state.view(None),
            legal=tuple(state.legal_actions(self.seat)),
            prompts=tuple(p for p in pending if isinstance(p, SeatPrompt)),
            chance=any(isinstance(p, ChancePrompt) for p in pending), history=tuple(history))


def play_one(level: str, players: int, seed: int,
             watch: Callable[[I32State], None] | None = None) -> tuple[bool, list[float]]:
    """Game ``seed`` at ``players`` with ``level`` in the director's seat (random: any legal
    action) and random-legal play elsewhere: (the director won, its decision times in ms).
    ``watch`` (benchmarks that log the games) is shown the state before every decision and
    at the end."""
    state = GAME.new_state(players, {})
    record = Record(state)
    chance = random.Random(f"i32-tournament:{players}:{seed}")
    game_seed = f"{players}:{seed}"
    bot = None if level == "random" else make_bot("hard" if level == CEILING else level)
    teller = Teller(state.director)
    times: list[float] = []
    while True:
        record.resolve_chance(chance)
        if watch is not None:
            watch(state)
        if state.outcome() is not None:
            break
        if len(record.actions) > LIMIT:
            raise RuntimeError(f"game {seed} ({players} players) did not end")
        seat = min(p.seat for p in state.pending() if isinstance(p, SeatPrompt))
        legal = state.legal_actions(seat)
        if bot is None or seat != state.director:
            record.apply(bot_rng(game_seed, seat, len(record.actions)).choice(legal))
            continue
        if level == CEILING and state.view(seat).get("phase") == "director" and len(legal) > 1:
            record.apply(prescient(state, len(record.actions), chance, game_seed))
            continue
        knowledge = teller.knowledge(state, record)
        began = time.process_time()
        action = choose(bot, knowledge, game_seed)
        times.append((time.process_time() - began) * 1000)
        record.apply(action)
    outcome = state.outcome()
    return bool(outcome and state.director in outcome.winners), times


def prescient(state: I32State, step: int, chance: random.Random, game_seed: str) -> Action:
    """The ceiling reference (the benchmark's only, it reads the state): a director that sees
    every card and every die and move to come. It tries hard's best turns in order, each
    played out to the end of the game on a copy of the real state with the real chance
    source and the other seats' real random sources, and takes the first that wins (else
    hard's best). Not honest and not a level: it measures how often a win was there at all
    for a director choosing among those turns."""
    seat = state.director
    table_ = Table(state.view(seat), seat, careful=True)
    legal = state.legal_actions(seat)
    scored = director.turn_scores(table_, seat, legal)
    ranked = [x for _, x in sorted(scored, key=lambda s: (s[0], director.rank(s[1])),
                                   reverse=True)]  # the first is hard's own choice
    tried = ranked[:FORESEEN] + [x for x in ranked[FORESEEN:] if isinstance(x, acts.AllOut)]
    for move in tried:
        if foresee(state, step, chance, game_seed, move):
            return move
    return tried[0]


def foresee(state: I32State, step: int, chance: random.Random, game_seed: str,
            move: Action) -> bool:
    """``move`` now, then the game's real future: the director wins?"""
    sim = search.twin(state)
    dice = copy.deepcopy(chance)
    sim.apply(move)
    step += 1
    while True:
        while sim.outcome() is None and (prompt := sim.chance_prompt()) is not None:
            sim.apply(prompt.resolve(dice))
            step += 1
        outcome = sim.outcome()
        if outcome is not None:
            return sim.director in outcome.winners
        if step > LIMIT:
            return False
        seat = min(p.seat for p in sim.pending() if isinstance(p, SeatPrompt))
        legal = sim.legal_actions(seat)
        rng = bot_rng(game_seed, seat, step)
        if seat == sim.director and len(legal) > 1:
            sim.apply(director.choose(search.knowledge(sim, seat), "hard", rng))
        else:
            sim.apply(rng.choice(legal))
        step += 1


def pairing(players: str | int, a: str, b: str, games: int, wins_a: int,
            wins_b: int) -> dict[str, Any]:
    """The row of A against B in the director's role over the same ``games``."""
    return pair_row("director", a, b, players, wins_a, games, wins_b, games)


def tournaments(games: int, seed: int, players: Sequence[int] = PLAYERS,
                entrants: Sequence[str] = ENTRANTS) -> list[dict[str, Any]]:
    """One dict per pairing and player count, one per level for the decision times."""
    wins: dict[tuple[str, int], int] = {}
    times: dict[str, list[float]] = {level: [] for level in entrants if level != "random"}
    for n in players:
        for level in entrants:
            for index in range(seed, seed + games):
                won, spent = play_one(level, n, index)
                wins[level, n] = wins.get((level, n), 0) + won
                if level != "random":
                    times[level] += spent
            print(f"{n} players, {level}: {wins.get((level, n), 0)}/{games}", file=sys.stderr)
    counts: list[tuple[str | int, Sequence[int]]] = [(n, (n,)) for n in players]
    if len(players) > 1:  # every count together: the same seeds, more games
        counts.append(("all", players))
    rows = [level_row("director", level, label, sum(wins[level, n] for n in group),
                      games * len(group)) for label, group in counts for level in entrants]
    for label, group in counts:
        for a, b in PAIRS:
            if a not in entrants or b not in entrants:
                continue
            rows.append(pairing(label, a, b, games * len(group),
                                sum(wins[a, n] for n in group), sum(wins[b, n] for n in group)))
    for level, spent in times.items():
        rows.append(times_row("director", level, spent))
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per level and count")
    parser.add_argument("--players", type=int, nargs="+", default=list(PLAYERS))
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--levels", nargs="+", default=list(ENTRANTS),
                        choices=(*ENTRANTS, CEILING),
                        help=f"{CEILING}: the ceiling reference (reads the state; slow)")
    parser.add_argument("--json", metavar="FILE", help="also write the rows as JSON here")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    rows = tournaments(args.games, args.seed, args.players, args.levels)
    print(table(rows))
    print(f"\n{time.perf_counter() - began:.0f} s")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(rows, out, indent=1)


if __name__ == "__main__":
    main()
