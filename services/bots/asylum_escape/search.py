"""The hard level's search for a Patient's move: determinized Monte Carlo.

The candidates are the legal paths (one per set of rooms entered and end room), the best
``CANDIDATES`` by the turn plan (:mod:`.plan`: every Patient still to move this turn, jointly,
on the seat's belief). Each iteration samples one complete hidden position
(:func:`.determinize.world`, checked by the engine) and plays every candidate out on it with
the same random numbers, to the end of the next Patient turn:

1. this turn: the candidate, then the Patients still to move (coin flipped, each on the
   greedy path a Patient would choose from the seat's belief, not from the sample);
2. every catch: each Patient in the room attacks (a Victim with a save card cancels an
   attempt half the time), survivors flee with the next Movement card of the sampled deck;
   rooms of the dead and, in the final window, rooms holding a Patient are destroyed;
3. the Victims' turns: each moves (about 2 times in 5) with the next Movement card to any
   room it can reach, alike (entering a Patient's room is a catch);
4. the next Patient turn, moved the same way; its catches count their expected kills.

A candidate is worth its turn plan's value plus ``FUTURE`` times the mean of its playouts
(the kills expected: the chance of each kill roll, not its outcome; catches a quarter; a
whole point for killing the last Victim). The budget is ``ITERATIONS`` playouts (never
seconds): the same knowledge and seed give the same move. Tripling it from 96 to 288 took
the Patients from 52% to 69% of 3-player games and from 64% to 72% of 4-player games against
random-legal Victims (100 games each); raising it to 432 took them from 60.5% to 65.5% of
5-player games (200 games; `normal` won 56.5% of them), at 76 ms (p50), 133 ms (p99) of CPU
a decision on the development host (benchmarks/bots_asylum_escape.py). The playouts'
position model is :mod:`.rollout`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from services.bots.asylum_escape.belief import Tracker
from services.bots.asylum_escape.determinize import load, world
from services.bots.asylum_escape.hunt import CATCH, Hunt
from services.bots.asylum_escape.plan import TurnPlan
from services.bots.asylum_escape.rollout import MOVE_SHARE, Playout, Sample, adjacency
from services.bots.contract import SeatKnowledge
from services.games.asylum_escape import AsylumEscape
from services.games.asylum_escape import actions as a
from services.games.asylum_escape.data import AsylumData
from services.games.asylum_escape.grid import Grid

ITERATIONS = 432  # playouts per decision (candidates x sampled positions x repeats)
CANDIDATES = 6
FUTURE = 0.3  # weight of the next turn's playouts against this turn's plan
REPEATS = 2  # playouts of each candidate on each sampled position
SAVE_USE = 0.5  # a Victim holding a save card plays it (random-legal: about half the time)
WIN = 1.0


def search(knowledge: SeatKnowledge, tracker: Tracker, hunt: Hunt,
           moves: Sequence[a.MovePatient], rng: random.Random, data: AsylumData,
           iterations: int | None = None) -> a.MovePatient:
    """The hard level's move (see the module's words)."""
    view = knowledge.view
    mover = view["step"]["patient"]
    start = tracker.patients.get(mover, "")
    order = [p["card"] for p in view["patients"] if p["room"]]
    plan = TurnPlan(hunt, order[order.index(mover):] if mover in order else [mover])
    covered = frozenset(tracker.covered)
    paths = [m.path for m in moves]
    scores = [v for v, _p in plan.values(0, start, paths, covered, width=len(paths))]
    distinct: dict[tuple[frozenset[str], str], int] = {}
    for i in sorted(range(len(moves)), key=lambda i: (-round(scores[i], 9), i)):
        path = moves[i].path
        distinct.setdefault((frozenset(path), path[-1] if path else start), i)
    chosen = list(distinct.values())[:CANDIDATES]
    budget = iterations if iterations is not None else ITERATIONS
    if len(chosen) == 1 or not tracker.beliefs or not FUTURE or budget <= 0:
        return moves[chosen[0]]
    play = Playout.of(hunt, plan, view)
    game = AsylumEscape(data)
    totals = [0.0] * len(chosen)
    rounds = max(1, budget // (len(chosen) * REPEATS))
    for _ in range(rounds):
        state = load(game, world(knowledge, tracker, data, rng))
        sample = Sample.of(state, hunt)
        for _repeat in range(REPEATS):
            seed = rng.random()
            for n, i in enumerate(chosen):
                totals[n] += playout(play, sample.copy(), moves[i].path, random.Random(seed))
    values = [scores[i] + FUTURE * totals[n] / (rounds * REPEATS) for n, i in enumerate(chosen)]
    best = max(range(len(chosen)), key=lambda n: (round(values[n], 9), -n))
    return moves[chosen[best]]


def playout(play: Playout, s: Sample, path: tuple[str, ...], rng: random.Random) -> float:
    """The next Patient turn's expected kills after ``path`` on the sample (this turn's worth
    is the plan's, reckoned exactly on the belief)."""
    plan = play.plan
    covered = set(play.covered)  # this turn's rooms entered
    _walk(s, plan.order[0], path, covered)
    for index, card in enumerate(plan.order[1:], start=1):
        room = s.patients.get(card, "")
        if room:
            steps = 1 if rng.random() < 0.5 else 2
            best = plan.best(index, room, steps, frozenset(covered))[1]
            _walk(s, card, best, covered)
    _resolve(play, s, rng, expected=False, turn=play.turn)
    s.score = 0.0
    if not s.rooms or _over(play, play.turn):
        return WIN if not s.rooms else 0.0
    for seat in sorted(s.rooms):  # the Victims' turns
        if seat in s.rooms and rng.random() < MOVE_SHARE:
            steps = s.moves.pop(0) if s.moves else 2
            _victim_move(play, s, seat, steps, rng)
    if not s.rooms:
        return s.score
    s.mass = play.informed(s, covered)
    covered = set()
    for card in play.order:  # the next Patient turn
        room = s.patients.get(card, "")
        if room:
            steps = 1 if rng.random() < 0.5 else 2
            _walk(s, card, play.greedy(s, room, steps, covered, later=True), covered)
    _resolve(play, s, rng, expected=True, turn=play.turn + 1)
    return s.score


def _walk(s: Sample, card: str, path: Sequence[str], covered: set[str]) -> None:
    if path:
        s.patients[card] = path[-1]
    for room in path:
        covered.add(room)
        for seat, where in s.rooms.items():
            if where != room:
                continue
            entry = next((c for c in s.caught if c[0] == seat), None)
            if entry is None:
                s.caught.append([seat, [card]])
            elif card not in entry[1]:
                entry[1].append(card)


def _resolve(play: Playout, s: Sample, rng: random.Random, expected: bool,
             turn: int = 0) -> None:
    """Every catch: attacks, deaths (their rooms destroyed), flights; then, at the end of
    Patient turn ``turn`` (0: not the end of a Patient turn), the final window's destruction.
    ``expected``: the last catches of the playout score the chance of the kill, with nothing
    after them."""
    dead: list[str] = []
    for seat, catchers in s.caught:
        if seat not in s.rooms:
            continue
        room = s.rooms[seat]
        attackers = [*catchers, *(c for c, r in s.patients.items()
                                  if r == room and c not in catchers)]
        s.score += CATCH
        miss = 1.0
        for card in attackers:
            if s.saves.get(seat, 0) and rng.random() < SAVE_USE:
                s.saves[seat] -= 1
                continue
            miss *= 1.0 - s.stats.get(card, 0.0)
        s.score += 1.0 - miss
        if expected:
            continue
        if rng.random() >= miss:
            dead.append(room)
            del s.rooms[seat]
        else:
            steps = s.moves.pop(0) if s.moves else 2
            s.seen[seat] = (room, steps)
            _flee(play, s, seat, steps, rng)
    s.caught = []
    if not s.rooms:
        s.score += WIN  # the last kill ends the game
        return
    window = bool(turn) and play.window is not None and play.window[0] <= turn <= play.window[1]
    if expected:
        if window and not play.displace:  # R-AE-27: a Victim left in a Patient's room dies
            s.score += sum(1.0 for r in s.rooms.values() if r in s.patients.values())
        return
    for room in dead:
        _destroy(play, s, room)
    if window:
        for room in list(dict.fromkeys(s.patients.values())):
            _destroy(play, s, room)


def _flee(play: Playout, s: Sample, seat: int, steps: int, rng: random.Random) -> None:
    blocked = frozenset(s.patients.values())
    ends = [r for r in play.ends(s, s.rooms[seat], steps, blocked) if r not in blocked]
    if ends:
        s.rooms[seat] = rng.choice(ends)


def _victim_move(play: Playout, s: Sample, seat: int, steps: int, rng: random.Random) -> None:
    room = s.rooms[seat]
    blocked = frozenset(s.patients.values())
    if steps == 0:  # a Stumble: into the nearest Patient's room
        dist = play.hunt.distances(room)
        near = sorted((dist.get(r, 99), r) for r in blocked if r)
        if not near:
            return
        end = near[0][1]
    else:
        end = rng.choice(play.ends(s, room, steps, blocked))
    s.rooms[seat] = end
    if end in blocked and end != room:
        s.caught.append([seat, [c for c, r in s.patients.items() if r == end]])
        _resolve(play, s, rng, expected=False)


def _destroy(play: Playout, s: Sample, room: str) -> None:
    """A room is destroyed: Victims in it die (or are displaced, by the option); the grid
    closes up."""
    if room in s.destroyed or room not in (s.adjacency or play.adjacency):
        return
    grid = Grid([[r for r in column if r not in s.destroyed]
                 for column in _columns(play)])
    landing = grid.destroy(room)
    s.destroyed.add(room)
    for seat in [v for v, r in s.rooms.items() if r == room]:
        if play.displace and landing.rooms:
            s.rooms[seat] = landing.rooms[0]
        else:
            del s.rooms[seat]
    for card, where in s.patients.items():
        if where == room:
            s.patients[card] = landing.rooms[0] if landing.rooms else ""
    s.adjacency = adjacency(grid.columns)


def _columns(play: Playout) -> list[list[str]]:
    return [list(c) for c in play.hunt.tracker.grid.columns]


def _over(play: Playout, turn: int) -> bool:
    return play.window is not None and turn >= play.window[1]
