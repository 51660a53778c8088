"""Asylum Escape bots: tournaments of the Patients' levels against the same Victims (issue 23).

Every game: the Patients' seat (by turns, ``game % players``) is played by the level measured
(``random``: random-legal play, the baseline of issue 23); every Victim seat by random-legal
play (:class:`RandomBot`). The game number drives the chance outcomes (dice, shuffles, flips)
and every bot's random source, so two levels meet the same decks and dice until their choices
differ. A pairing compares two levels' win rates in the role over the same games (a win: the
Patients kill every Victim), with 95% Wilson intervals and the two-proportion z statistic
(z > 1.96: A is significantly stronger). Decision times are the CPU time of the Patients'
``choose`` calls (the knowledge built before it), so other work on the host does not count.
One process, one game at a time:

    nice -n 19 .venv/bin/python -m benchmarks.bots_asylum_escape --games 400 --json out.json

``--levels prescient`` adds a ceiling reference (:func:`prescient`), NOT a level and NOT
honest: it reads the real state (every Victim's room) and the future (a copy of the game's
chance source, the Victims' real random sources), and searches the Patients' moves for a line
that wins. It is the benchmark's only, never reachable from services/bots: it measures how
often a win was there at all for the Patients, whoever plays them. ``--foresight 0`` takes
the future away: it sees the Victims' true rooms and heads straight at them (the most any
belief about the Victims could give a player who goes for them). ``--victims careful`` seats
the box's careful Victim (it starts and moves as far from the Patients as it can) in every
Victim seat instead of random-legal play.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from benchmarks.bots_stats import level_row, pair_row, table, times_row
from services.bots.asylum_escape import make_bot
from services.bots.contract import Bot, RandomBot, bot_rng, knowledge_of
from services.bots.play import Record, bot_seats_asked
from services.games.asylum_escape import AsylumEscape
from services.games.asylum_escape import actions as acts
from services.games.asylum_escape.state import AsylumState
from services.games.core import Action, SeatPrompt

LEVELS = ("random", "easy", "normal", "hard")
PAIRS = (("easy", "random"), ("normal", "random"), ("hard", "random"), ("normal", "easy"),
         ("hard", "normal"))
PLAYERS = (2, 3, 4, 5, 6)
LIMIT = 20_000  # actions: a longer game is counted as not won by the Patients
CEILING = "prescient"  # a reference that reads the state: never a level, never in services/bots
PAIRS += ((CEILING, "random"), (CEILING, "hard"))
FORESIGHT = 3000  # the prescient search's budget of positions per decision (then greedy)


class Prescient:
    """The ceiling reference (the benchmark's only; it reads the state and the future): the
    Patients' seat searches its moves, each tried on a copy of the real state with a copy of
    the real chance source and the Victims' real random sources, depth first (the move
    straight at a Victim's true room first), for a line that kills every Victim; past
    :data:`FORESIGHT` positions a line goes on greedily (every Patient straight at the
    nearest living Victim's true room). A line found is kept and played (the future is
    fixed given the moves, so it wins). With ``foresight`` 0 it sees the present only: the
    greedy move, straight at the true rooms, and no future. Not honest and not a level."""

    def __init__(self, name: str, foresight: int = FORESIGHT) -> None:
        self.name, self.foresight = name, foresight
        self.plan: list[Action] = []

    def choose(self, state: AsylumState, step: int, chance: random.Random) -> Action:
        legal = state.legal_actions(state.patients_seat)
        if self.plan and self.plan[0] in legal:
            return self.plan.pop(0)
        if self.foresight <= 0:  # the present only: straight at the true rooms
            return greedy(state, legal)[0]
        self.budget = self.foresight
        line = self.search(state, step, chance)
        self.plan = line[1:] if line else []
        return line[0] if line else greedy(state, legal)[0]

    def search(self, state: AsylumState, step: int, chance: random.Random) -> list[Action] | None:
        """A line of the Patients' choices from this decision that wins, or None."""
        legal = state.legal_actions(state.patients_seat)
        for move in greedy(state, legal):
            sim = copy.deepcopy(state, {id(state.data): state.data})
            dice = copy.deepcopy(chance)
            self.budget -= 1
            sim.apply(move)
            at, won, line = self.advance(sim, step + 1, dice, self.budget <= 0)
            if won:
                return [move, *line]
            if won is None and self.budget > 0:
                rest = self.search(sim, at, dice)
                if rest is not None:
                    return [move, *rest]
        return None

    def advance(self, sim: AsylumState, step: int, dice: random.Random, to_end: bool
                ) -> tuple[int, bool | None, list[Action]]:
        """Chance and the Victims until the Patients have a choice (``to_end``: they take
        the greedy one, to the end): (the step, the Patients won or None, their choices)."""
        line: list[Action] = []
        while step < LIMIT:
            while sim.outcome() is None and (prompt := sim.chance_prompt()) is not None:
                sim.apply(prompt.resolve(dice))
                step += 1
            outcome = sim.outcome()
            if outcome is not None:
                return step, sim.patients_seat in outcome.winners, line
            seat = min(p.seat for p in sim.pending() if isinstance(p, SeatPrompt))
            legal = sim.legal_actions(seat)
            if seat == sim.patients_seat and len(legal) > 1:
                if not to_end:
                    return step, None, line
                line.append(greedy(sim, legal)[0])
                sim.apply(line[-1])
            else:  # as the benchmark's random-legal seats (the Patients: their only move)
                sim.apply(bot_rng(self.name, seat, step).choice(tuple(legal)))
            step += 1
        return step, False, line


def greedy(state: AsylumState, legal: Sequence[Action]) -> list[Action]:
    """The Patients' choices, one of each kind (same rooms passed, same end), best first for
    a player who sees every Victim: most Victims' true rooms entered, then nearest a living
    Victim's true room (a Bloodlust reveal is left out: it tells such a player nothing)."""
    targets = [state.victim(s)["room"] for s in state.alive()]
    grid = state.grid
    near = [grid.distances(r) for r in targets if r in grid]

    def distance(room: str) -> int:
        return min((d.get(room, 99) for d in near), default=0)

    scored: dict[tuple[object, ...], tuple[tuple[int, int], Action]] = {}
    for i, move in enumerate(legal):
        if isinstance(move, acts.MovePatient):
            start = state.patient(move.patient)["room"]
            end = move.path[-1] if move.path else start
            key: tuple[object, ...] = (move.patient, frozenset(move.path), end)
            score = (-sum(r in move.path for r in targets), distance(end))
        elif isinstance(move, acts.ChooseRoom):
            key, score = (move.room,), (0, distance(move.room))
        elif isinstance(move, acts.Adjust) and move.kind == "reveal":
            continue  # tells this player nothing (and could be asked for without end)
        else:
            key, score = (i,), (0, 0)
        if key not in scored or score < scored[key][0]:
            scored[key] = (score, move)
    return [m for _, m in sorted(scored.values(), key=lambda x: x[0])]


def play_one(level: str, players: int, game: int, seed: int,
             foresight: int = FORESIGHT, victims: str = "random") -> tuple[bool, list[float]]:
    """One game with ``level`` at the Patients' seat: (the Patients won, their decision
    times in ms). ``victims`` ``careful``: every Victim seat plays the box's careful Victim
    (:mod:`services.bots.asylum_escape.victims`) instead of random-legal play."""
    box = AsylumEscape()
    patients = game % players
    state = box.new_state(players, {"patients_seat": patients})
    bot: Bot = RandomBot() if level in ("random", CEILING) else make_bot(level)
    victim: Bot = make_bot("normal") if victims == "careful" else RandomBot()
    bots: dict[int, Bot] = {s: bot if s == patients else victim for s in range(players)}
    record = Record(state)
    name = f"asylum-bench:{seed}:{players}:{game}"
    chance = random.Random(name)
    times: list[float] = []
    seer = Prescient(name, foresight) if level == CEILING else None
    while len(record.actions) < LIMIT:
        record.resolve_chance(chance)
        if state.outcome() is not None:
            break
        seat = bot_seats_asked(state, bots)[0]
        rng = bot_rng(name, seat, len(record.actions))
        if seer is not None and seat == patients and len(state.legal_actions(seat)) > 1:
            began = time.thread_time()
            assert isinstance(state, AsylumState)
            record.apply(seer.choose(state, len(record.actions), chance))
            times.append((time.thread_time() - began) * 1000)
            continue
        if isinstance(bots[seat], RandomBot):  # as RandomBot.choose, without the history
            record.apply(rng.choice(tuple(state.legal_actions(seat))))
            continue
        knowledge = knowledge_of(state, seat, record.actions, record.events)
        began = time.thread_time()
        action = bots[seat].choose(knowledge, rng)
        times.append((time.thread_time() - began) * 1000)
        record.apply(action)
    outcome = state.outcome()
    won = outcome is not None and outcome.result == "win" and patients in outcome.winners
    return won, times


def run(games: int, seed: int, players: Sequence[int], levels: Sequence[str],
        foresight: int = FORESIGHT, victims: str = "random"
        ) -> dict[tuple[str, int], dict[str, Any]]:
    """Every level at every player count over the same games: wins and decision times."""
    results: dict[tuple[str, int], dict[str, Any]] = {}
    for n in players:
        for level in levels:
            entry = results[level, n] = {"wins": 0, "games": 0, "times": []}
            for game in range(games):
                won, times = play_one(level, n, game, seed, foresight, victims)
                entry["wins"] += won
                entry["games"] += 1
                entry["times"] += times
            print(f"{n} players, {level}: {entry['wins']}/{games}", file=sys.stderr)
    return results


def pairing(results: dict[tuple[str, int], dict[str, Any]], a: str, b: str,
            players: int) -> dict[str, Any]:
    first, second = results[a, players], results[b, players]
    return pair_row("patients", a, b, players, first["wins"], first["games"], second["wins"],
                    second["games"])


def tournaments(games: int, seed: int, players: Sequence[int] = PLAYERS,
                levels: Sequence[str] = LEVELS, foresight: int = FORESIGHT,
                victims: str = "random") -> list[dict[str, Any]]:
    """One dict per pairing whose two levels were played, at every player count; then one
    per level played with its decision times (p50, p99, max ms)."""
    results = run(games, seed, players, levels, foresight, victims)
    rows = [level_row("patients", level, n, results[level, n]["wins"], results[level, n]["games"])
            for n in players for level in levels]
    rows += [pairing(results, a, b, n) for n in players for a, b in PAIRS
            if a in levels and b in levels]
    for level in levels:
        if level == "random":
            continue
        rows.append(times_row("patients", level,
                              [t for n in players for t in results[level, n]["times"]]))
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per level and count")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, nargs="+", default=list(PLAYERS))
    parser.add_argument("--levels", nargs="+", choices=(*LEVELS, CEILING), default=list(LEVELS),
                        help=f"{CEILING}: a ceiling reference, NOT a level and NOT honest (it "
                        "reads the Victims' rooms and the future chance outcomes; slow)")
    parser.add_argument("--foresight", type=int, default=FORESIGHT,
                        help=f"{CEILING} only: positions searched a decision with the real "
                        "future; 0: it sees the present only (the Victims' true rooms)")
    parser.add_argument("--victims", choices=("random", "careful"), default="random",
                        help="the Victim seats: random-legal play (the issue's measure) or "
                        "the box's careful Victim (moves away from the Patients)")
    parser.add_argument("--json", metavar="FILE", help="also write the rows to FILE")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    rows = tournaments(args.games, args.seed, args.players, args.levels, args.foresight,
                       args.victims)
    print(table(rows))
    print(f"\n{args.games} games per level and player count, every Victim {args.victims}; "
          f"{time.perf_counter() - began:.0f} s")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(rows, out, indent=1)


if __name__ == "__main__":
    main()
