"""The hard level's plan when one Victim is left: expectimax on the seat's belief to the end.

With one Victim alive (every 2-player game from its start, A-AE-15) the final window is
known and short, so the Patients can look to its very end. :class:`Duel` values a Patient's
path as the chance the Patients win from there, on the seat's belief (:mod:`.belief`) and
nothing else:

* the Patients of a turn move in order, each flipping its coin (heads: up to 1 room, tails:
  up to 2, as likely) and taking its best path (for later turns, among the ``WIDTH`` best by
  what they sweep and how near they stop to the Victim's likely rooms);
* after the moves, the Victim is in a room entered with the belief's chance there: each
  Patient in the room attacks (R-AE-12; a save card held face-up may cancel one attempt);
  a Victim that survives flees with a Movement card (values as the deck's unseen cards) to
  any room it reaches, alike; otherwise it was in none of those rooms;
* the final window destroys every room holding a Patient (R-AE-27; a Victim there dies,
  A-AE-08) and the grid collapses;
* the Victim's turn: it moves with a Movement card ``MOVE_SHARE`` of the time (walking into
  a Patient's room is a catch, a Stumble ends at the nearest Patient), to any room it
  reaches, alike; the belief becomes that mixture (what the draw will tell is not used);
* Patient turn 3 releases a second Patient (each unseen Patient card as likely) that
  catches in its start room and blows it up (R-AE-17).

Everything is a pure function of the knowledge: no sampling, no clock.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from services.bots.asylum_escape.belief import Belief, Tracker
from services.bots.asylum_escape.duel_board import TINY, Board, Boards
from services.bots.asylum_escape.hunt import Hunt
from services.bots.asylum_escape.reveal import WEIGHT, reveal_chance, standing
from services.bots.contract import SeatKnowledge
from services.games.asylum_escape import actions as a

WIDTH = 3  # paths followed for a Patient below the root
ROOT = 6  # paths valued at the root (8: as strong over 800 games, p99 170-240 ms of CPU)
SAVE = 0.6  # a kill attempt's chance to stand when the Victim holds a save card face-up


@dataclass
class Duel(Boards):
    """The look-ahead of one decision (see the module's words)."""

    window_start: int = 0
    window_end: int = 0
    release: list[tuple[str, str]] = field(default_factory=list)  # turn 3: card, start room

    @classmethod
    def of(cls, hunt: Hunt, view: Mapping[str, Any]) -> Duel:
        tracker = hunt.tracker
        data = tracker.data
        window = view.get("final_window") or [0, 0]
        seen = list(view["discards"]["movement"])
        counts: dict[int, float] = {}
        bonus = 0
        for v in view["victims"]:
            if v["alive"] and v["card"]:
                try:
                    bonus = int(data.get(v["card"]).move_bonus)
                except (KeyError, AttributeError):
                    bonus = 0
        for card in data.deck("movement"):
            kind = data.kind(card)
            if kind in seen:
                seen.remove(kind)
                continue
            info = data.get(card)
            value = 0 if info.stumble else max(0, int(info.value) + bonus)
            counts[value] = counts.get(value, 0.0) + 1.0
        total = sum(counts.values()) or 1.0
        in_play = {p["card"] for p in view["patients"]}
        release = [(c, data.get(c).start_room) for c in data.deck("patients")
                   if c not in in_play]
        seat = next(iter(tracker.beliefs), -1)
        return cls(hunt, {v: n / total for v, n in counts.items()},
                   tracker.options.get("destroyed_victims") == "displace",
                   SAVE if hunt.holds_save(seat) else 1.0, window_start=int(window[0]),
                   window_end=int(window[1]),
                   release=release)

    def root(self, turn: int, board: Board, belief: Belief, order: Sequence[str],
             earlier: Sequence[tuple[str, tuple[str, ...]]], steps: int,
             paths: Sequence[tuple[str, ...]]) -> list[float]:
        """The chance to win after each of ``paths`` of ``order[0]`` (``steps`` rooms),
        the turn's ``earlier`` paths already made."""
        return [self.after_path(turn, board, belief, order, 0, [*earlier, (order[0], p)])
                for p in paths]

    def after_path(self, turn: int, board: Board, belief: Belief, order: Sequence[str],
                   index: int, made: list[tuple[str, tuple[str, ...]]]) -> float:
        card, path = made[-1]
        moved = dict(board.patients)
        if path:
            moved[card] = path[-1]
        board = Board(board.columns, tuple(moved.items()), board.key)
        if index + 1 >= len(order):
            return self.resolve(turn, board, belief, made)
        nxt = order[index + 1]
        start = board.rooms().get(nxt, "")
        if not start:
            return self.after_path(turn, board, belief, order, index + 1, [*made, (nxt, ())])
        return sum(0.5 * self.best(turn, board, belief, order, index + 1, made, start, s)
                   for s in (1, 2))

    def best(self, turn: int, board: Board, belief: Belief, order: Sequence[str], index: int,
             made: list[tuple[str, tuple[str, ...]]], start: str, steps: int) -> float:
        card = order[index]
        covered = {r for _c, p in made for r in p}
        paths = self.candidates(board, belief, start, steps, covered)
        return max(self.after_path(turn, board, belief, order, index, [*made, (card, p)])
                   for p in paths)

    def candidates(self, board: Board, belief: Belief, start: str, steps: int,
                   covered: set[str], width: int = WIDTH) -> list[tuple[str, ...]]:
        """The ``width`` best walks by the belief they sweep, then how near they stop to it."""
        walks = self.walks(board, start, steps)
        if len(walks) <= width:
            return walks
        adj = self.adjacency(board)

        def score(w: tuple[str, ...]) -> tuple[float, float]:
            end = w[-1] if w else start
            near = belief.get(end, 0.0) + sum(belief.get(n, 0.0) for n in adj.get(end, ()))
            return (round(sum(belief.get(r, 0.0) for r in set(w) - covered), 9), near)
        return sorted(walks, key=score, reverse=True)[:width]

    def resolve(self, turn: int, board: Board, belief: Belief,
                made: list[tuple[str, tuple[str, ...]]]) -> float:
        """After every Patient of the turn moved: catches, flights, the end of the turn."""
        catchers: dict[str, list[str]] = {}
        for card, path in made:
            for room in path:
                catchers.setdefault(room, [])
                if card not in catchers[room]:
                    catchers[room].append(card)
        if turn >= self.window_end:
            return self.last(board, belief, catchers)
        value = 0.0
        rest = dict(belief)
        for room, cards in catchers.items():
            p = rest.pop(room, 0.0)
            if p <= TINY:
                continue
            k = self.kill(board, room, cards)
            value += p * (k + (1.0 - k) * self.fled(turn, board, room))
        left = sum(rest.values())
        if left > TINY:
            value += left * self.end_turn(turn, board, {r: q / left for r, q in rest.items()})
        return value

    def last(self, board: Board, belief: Belief, catchers: Mapping[str, list[str]]) -> float:
        """The chance to win in the last Patient turn: its catches, and the rooms holding a
        Patient destroyed at its end (a Victim that stayed or fled into one dies)."""
        patients = {r for _c, r in board.patients if r}
        value = 0.0
        for room, cards in catchers.items():
            p = belief.get(room, 0.0)
            if p <= TINY:
                continue
            k = self.kill(board, room, cards)
            value += p * (k + (1.0 - k) * self.trapped(board, room, patients))
        if not self.displace:
            value += sum(belief.get(r, 0.0) for r in patients if r not in catchers)
        return value

    def last_quick(self, board: Board, belief: Belief, order: Sequence[str]) -> float:
        """The last Patient turn below the root, quickly: each Patient in turn takes its
        best path (for each coin) into the rooms the ones before it did not enter (with
        tails), the others' ends left where they are."""
        covered: set[str] = set()
        value = 0.0
        for card in order:
            start, factor, by_steps = self.sweeps(board, card)
            worth = {r: belief.get(r, 0.0) * f for r, f in factor.items() if r not in covered}
            tails: tuple[str, ...] = ()
            for steps, walks in by_steps:
                best, best_path = -1.0, ()
                for path, rooms in walks:
                    v = sum(worth.get(r, 0.0) for r in rooms)
                    if not path and not self.displace:
                        v += belief.get(start, 0.0)
                    if v > best + TINY:
                        best, best_path = v, path
                value += 0.5 * best
                tails = best_path if steps == 2 else tails
            covered.update(tails)
        return min(1.0, value)

    def fled(self, turn: int, board: Board, room: str) -> float:
        """A caught Victim survived in ``room``: it flees, then the turn ends."""
        value = 0.0
        spread: Belief = {}
        patients = {r for _c, r in board.patients if r}
        for steps, p in self.moves.items():
            if steps == 0:  # a Stumble: caught again by the nearest Patient (here)
                value += p * self.kill(board, room, [])
                continue
            ends = self.reach(board, room, steps)
            for end in ends:
                if end in patients and end != room:  # walked into one: caught there
                    value += p / len(ends) * self.kill(board, end, [])
                else:
                    spread[end] = spread.get(end, 0.0) + p / len(ends)
        left = sum(spread.values())
        if left > TINY:
            value += left * self.end_turn(turn, board, {r: q / left for r, q in spread.items()})
        return value

    def end_turn(self, turn: int, board: Board, belief: Belief) -> float:
        """The final window's destruction, then (the game going on) the Victim's turn and
        the next Patient turn."""
        value = 0.0
        if self.window_start <= turn <= self.window_end and self.window_end:
            rooms = [r for _c, r in board.patients if r]
            if not self.displace:
                dead = sum(belief.get(r, 0.0) for r in set(rooms))
                value += dead
                belief = {r: p for r, p in belief.items() if r not in rooms}
                total = sum(belief.values())
                if total <= TINY:
                    return value
                belief = {r: p / total for r, p in belief.items()}
                board = self.destroy(board, rooms)
                return value + (1.0 - dead) * self.victim_turn(turn, board, belief)
            board = self.destroy(board, rooms)
            rooms = self.adjacency(board)
            belief = {r: p for r, p in belief.items() if r in rooms}
            total = sum(belief.values())
            belief = {r: p / total for r, p in belief.items()} if total > TINY else belief
        return value + self.victim_turn(turn, board, belief)

    def victim_turn(self, turn: int, board: Board, belief: Belief) -> float:
        if turn >= self.window_end or not belief:
            return 0.0
        kernel = self.kernel(board)
        mixed: Belief = {}
        value = 0.0
        for room, p in belief.items():
            spread, caught = kernel.get(room, ((), 0.0))
            value += p * caught
            for end, q in spread:
                mixed[end] = mixed.get(end, 0.0) + p * q
        left = sum(mixed.values())
        if left > TINY:
            value += left * self.next_turn(turn + 1, board,
                                           {r: q / left for r, q in mixed.items()})
        return value

    def next_turn(self, turn: int, board: Board, belief: Belief) -> float:
        """A new Patient turn: the turn-3 release, then the moves."""
        if turn == 3 and self.release:
            total = 0.0
            for card, start in self.release:
                total += self.released(turn, board, belief, card, start)
            return total / len(self.release)
        return self.moves_from(turn, board, belief)

    def released(self, turn: int, board: Board, belief: Belief, card: str,
                 start: str) -> float:
        grid = board.grid
        if start not in grid:  # R-AE-18: the best room of its colour (as the seat would)
            data = self.hunt.tracker.data
            colour = data.location(start).colour
            rooms = [r for r in grid.rooms() if data.location(r).colour == colour] or \
                grid.rooms()
            start = max(rooms, key=lambda r: (belief.get(r, 0.0), r))
        entered = Board(board.columns, (*board.patients, (card, start)), board.key)
        p = belief.get(start, 0.0)
        value = p * self.kill(entered, start, [card]) if p > TINY else 0.0
        rest = {r: q for r, q in belief.items() if r != start}
        left = sum(rest.values())
        if left <= TINY:
            return value
        after = self.destroy(entered, [start])  # R-AE-17: blown up
        rooms = self.adjacency(after)
        rest = {r: q / left for r, q in rest.items() if r in rooms}
        return value + left * self.moves_from(turn, after, rest)

    def moves_from(self, turn: int, board: Board, belief: Belief) -> float:
        order = [c for c, r in board.patients if r]
        if not order:
            return 0.0
        if turn >= self.window_end:
            return self.last_quick(board, belief, order)
        start = board.rooms()[order[0]]
        return sum(0.5 * self.best(turn, board, belief, order, 0, [], start, s)
                   for s in (1, 2))

def board_of(duel: Duel, tracker: Tracker) -> Board:
    return duel.board(tuple(tuple(c) for c in tracker.grid.columns),
                      tuple(tracker.patients.items()))


def choose_duel(knowledge: SeatKnowledge, tracker: Tracker, hunt: Hunt,
                moves: Sequence[a.MovePatient]) -> a.MovePatient:
    """The hard level's move with one Victim left (see the module's words)."""
    view = knowledge.view
    mover = view["step"]["patient"]
    order = [p["card"] for p in view["patients"] if p["room"]]
    order = order[order.index(mover):] if mover in order else [mover]
    distinct: dict[tuple[frozenset[str], str], int] = {}
    start = tracker.patients.get(mover, "")
    for i, m in enumerate(moves):
        distinct.setdefault((frozenset(m.path), m.path[-1] if m.path else start), i)
    duel = Duel.of(hunt, view)
    board = board_of(duel, tracker)
    belief = next(iter(tracker.beliefs.values()))
    covered = set(tracker.covered)
    ranked = duel.candidates(board, belief, start, int(view["step"].get("steps", 2)),
                             covered, width=ROOT)
    wanted = {(frozenset(w), w[-1] if w else start) for w in ranked}
    chosen = [i for key, i in distinct.items() if key in wanted] or list(distinct.values())
    earlier = [(card, tuple(path)) for card, path in tracker.paths]
    values = duel.root(tracker.turn, board, belief, order, earlier,
                       int(view["step"].get("steps", 2)), [moves[i].path for i in chosen])
    bonus = WEIGHT * reveal_chance(tracker.data, view) if tracker.turn < duel.window_end else 0.0
    if bonus:  # where to stand for a reveal (:mod:`.reveal`)
        ends = [moves[i].path[-1] if moves[i].path else start for i in chosen]
        values = [v + bonus * standing(hunt.distances(e), belief) for v, e in zip(values, ends,
                                                                                 strict=True)]
    best = max(range(len(chosen)), key=lambda n: (round(values[n], 9), -n))
    return moves[chosen[best]]
