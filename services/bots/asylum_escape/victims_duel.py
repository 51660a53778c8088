"""hard, one Victim (2 players): the chance to live through the Patients' next turn.

With one Victim the table's belief is about it alone, and what the Patients will do next turn
depends only on what the table saw (the length of this Victim's move, not where it went).
:class:`Duel` plays that turn out for every side of every Patient's coin under two Patient
policies and scores each room the Victim may end its move in:

* the box's hunter on the public belief (:class:`~.hunt.Hunt`, the same walk for the same
  belief; a Patient of turn 3 entering at its printed start room and blowing it up; the
  final window destroying every Patient's room, the Patients falling into the next room; a
  Bloodlust card from those not seen: a destroy of the room the belief holds most likely, a
  Frenzy move worth most, a reveal);
* random-legal play (each walk alike, a destroy of any room alike), weighted ``RANDOM``.

A catch counts its kill rolls (a save card in hand cancels one) and, survived, the danger of
being known (``KNOWN``) while turns remain; so does a reveal, a Patient landing in the room
(``LANDED``), and a little (``CLOSE``) for a Patient next to it afterwards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import Any

from services.bots.asylum_escape.belief import Tracker
from services.bots.asylum_escape.effects import destroy_value, move_value
from services.bots.asylum_escape.hunt import Hunt, kill_chance
from services.bots.asylum_escape.victims_cards import (
    bloodlust_odds,
    effect_of,
    frenzy_moves,
)
from services.bots.contract import SeatKnowledge
from services.games.asylum_escape import actions as a
from services.games.asylum_escape.data import AsylumData

RANDOM = 0.25  # the weight of random-legal Patients against the box's hunter
KNOWN = 0.5  # the chance to die later once the table knows the room (turns left)
LANDED = 0.4  # the same with a Patient fallen into the room
CLOSE = 0.15  # a Patient next to the room afterwards (turns left), times its kill chance


@dataclass
class Branch:
    """One way the Patients' turn may go: its chance, each Patient's walk and kill chance,
    the rooms their catches and the turn's destruction cover."""

    chance: float
    walks: list[tuple[str, tuple[str, ...], float]]  # (Patient, rooms entered, kill chance)
    entry: tuple[str, str, float] = ("", "", 0.0)  # a Patient entering: card, room, kill
    tracker: Tracker | None = None  # the table after the walks (no catch)
    ends: dict[str, str] = field(default_factory=dict)  # each Patient's room at the end


@dataclass
class Duel:
    knowledge: SeatKnowledge
    data: AsylumData
    saves: int = 0
    _branches: dict[int, list[Branch]] = field(default_factory=dict, repr=False)
    _scores: dict[tuple[int, int], dict[str, float]] = field(default_factory=dict, repr=False)
    _trackers: dict[int, Tracker] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        view = self.knowledge.view
        hand = list(view.get("private", {}).get("hand", []))
        held = next((v.get("held", "") for v in view["victims"]
                     if v["seat"] == self.knowledge.seat), "")
        self.saves = sum(effect_of(self.data, c) == "save" for c in [*hand, held] if c)

    # ------------------------------------------------------------------ the table

    def view(self) -> dict[str, Any]:
        """The view with the final window a single Victim gets (A-AE-15) once set up."""
        view = dict(self.knowledge.view)
        if int(view.get("turn", 0)) == 0 and self.knowledge.options.get(
                "single_victim_window", True):
            view["final_window"] = [1, 3]
        return view

    def tracker(self, steps: int) -> Tracker:
        """The table's belief after this Victim's secret move of up to ``steps`` rooms (a
        copy to play on)."""
        if steps not in self._trackers:
            self._trackers[steps] = self.believed(steps)
        return clone(self._trackers[steps])

    def believed(self, steps: int) -> Tracker:
        tracker = Tracker.of(self.knowledge, self.data)
        seat = self.knowledge.seat
        if seat not in tracker.beliefs and not tracker.dead:
            tracker.on_start_chosen({"seat": seat}, set())
        elif seat in tracker.beliefs and steps > 0:
            tracker.beliefs[seat] = tracker.moved_belief(tracker.beliefs[seat], steps)
        return tracker

    def window_end(self) -> int:
        window = self.view().get("final_window") or [0, 0]
        return int(window[1])

    def turns_left(self) -> bool:
        """Another Patient turn follows the next one."""
        return int(self.knowledge.view.get("turn", 0)) + 1 < self.window_end()

    # ------------------------------------------------------------------ the hunter

    def branches(self, steps: int) -> list[Branch]:
        if steps not in self._branches:
            self._branches[steps] = self.play_turn(steps)
        return self._branches[steps]

    def play_turn(self, steps: int) -> list[Branch]:
        base = self.tracker(steps)
        view = self.view()
        turn = base.turn + 1
        entries: list[tuple[float, str, str]] = [(1.0, "", "")]
        if turn == 3:
            entries = self.entries(base)
        found: list[Branch] = []
        for share, card, room in entries:
            start = clone(base)
            start.step([{"type": "patient_turn", "turn": turn}])
            kill = 0.0
            if card:
                kill = kill_chance(self.data, card, self.knowledge.options)
                start.step([{"type": "patient_released", "patient": card, "room": room}])
                destroy(start, room, "R-AE-17")
            movers = [(c, r) for c, r in start.patients.items() if r]
            for coins in product((1, 2), repeat=len(movers)):
                tracker = clone(start)
                walks = []
                for (mover, _), coin in zip(movers, coins, strict=True):
                    here = tracker.patients[mover]
                    options = tracker.grid.walks(here, coin)
                    path = options[Hunt(tracker, view).best_path(mover, options, ())]
                    roll = kill_chance(self.data, mover, self.knowledge.options)
                    walks.append((mover, path, roll))
                    tracker.step([{"type": "patient_moved", "patient": mover, "path": path}])
                ends = dict(tracker.patients)
                if in_window(view, turn):
                    for r in dict.fromkeys(r for r in tracker.patients.values() if r):
                        destroy(tracker, r, "R-AE-27")
                found.append(Branch(share * 0.5 ** len(movers), walks, (card, room, kill),
                                    tracker, ends))
        return found

    def entries(self, tracker: Tracker) -> list[tuple[float, str, str]]:
        """Turn 3: each Patient card not out yet, alike, entering at its start room (gone:
        the room of its colour the hunter values most, R-AE-18)."""
        out = set(tracker.patients)
        waiting = [c for c in dict.fromkeys(self.data.deck("patients")) if c not in out]
        hunt = Hunt(tracker, self.view())
        found = []
        for card in waiting:
            room = str(self.data.get(card).start_room)
            if room not in tracker.grid:
                colour = self.data.location(room).colour
                rooms = [r for r in tracker.grid.rooms()
                         if self.data.location(r).colour == colour] or tracker.grid.rooms()
                values = [hunt.room_value(r, "start", card) for r in rooms]
                room = rooms[max(range(len(rooms)), key=lambda i: (round(values[i], 9), -i))] \
                    if rooms else ""
            if room:
                found.append((1.0 / len(waiting), card, room))
        return found or [(1.0, "", "")]

    # ------------------------------------------------------------------ scores

    def scores(self, steps: int, extra_saves: int = 0) -> dict[str, float]:
        """The chance to live through the next Patient turn (and a little of the one after)
        in each room, after a move of up to ``steps`` rooms seen by the table."""
        key = (steps, extra_saves)
        if key not in self._scores:
            rooms = self.tracker(steps).grid.rooms()
            hunter = self.hunter_scores(steps, rooms, extra_saves)
            chaos = self.random_scores(steps, rooms, extra_saves)
            self._scores[key] = {r: (1 - RANDOM) * hunter[r] + RANDOM * chaos[r]
                                 for r in rooms}
        return self._scores[key]

    def rolls(self, kills: Sequence[float], extra_saves: int) -> float:
        """The chance to live through the kill rolls of a catch (each save in hand cancels
        one attempt)."""
        live = 1.0
        for kill in list(kills)[self.saves + extra_saves:]:
            live *= 1.0 - kill
        return live

    def caught(self, kills: Sequence[float], extra_saves: int) -> float:
        """The chance to live through a catch on the Patients' walks: the rolls, then the
        danger of being known while turns remain."""
        return self.rolls(kills, extra_saves) * (1.0 - KNOWN if self.turns_left() else 1.0)

    def hunter_scores(self, steps: int, rooms: Sequence[str], extra_saves: int
                      ) -> dict[str, float]:
        scores = dict.fromkeys(rooms, 0.0)
        later = self.turns_left()
        cards = bloodlust_odds(self.knowledge.view, self.data)
        for b in self.branches(steps):
            after = self.after_turn(b, cards, later)
            for room in rooms:
                scores[room] += b.chance * self.live(room, b, after, extra_saves, later)
        return scores

    def live(self, room: str, b: Branch, after: Mapping[str, float], extra_saves: int,
             later: bool) -> float:
        card, entry, kill = b.entry
        if card and room == entry:  # caught and known before the Patients walk this turn
            return self.rolls([kill], extra_saves) * (1.0 - KNOWN)
        kills = [k for _, path, k in b.walks if room in path]
        if kills:
            end_mates = [kill_chance(self.data, c, self.knowledge.options)
                         for c, r in b.ends.items() if r == room and
                         not any(c == m and room in p for m, p, _ in b.walks)]
            return self.caught(kills + end_mates, extra_saves)
        tracker = b.tracker
        if tracker is None or room not in tracker.grid:
            return 0.0
        value = after.get(room, 1.0)
        if later:
            near = [k for c, r in tracker.patients.items() if r
                    for k in [kill_chance(self.data, c, self.knowledge.options)]
                    if r == room or room in tracker.grid.neighbours(r)]
            if any(r == room for r in tracker.patients.values()):
                value *= 1.0 - LANDED
            value *= 1.0 - CLOSE * sum(near)
        return value

    def after_turn(self, b: Branch, cards: Mapping[str, float], later: bool
                   ) -> dict[str, float]:
        """The chance to live through the Bloodlust card drawn after the turn, each room."""
        tracker = b.tracker
        if tracker is None:
            return {}
        hunt = Hunt(tracker, self.view())
        live: dict[str, float] = {}
        for effect, chance in cards.items():
            if effect == "destroy":
                free = [r for r in tracker.grid.rooms() if r not in tracker.patient_rooms()]
                choices = [a.Adjust(0, "destroy", room=r) for r in free]
                target = best(choices, [destroy_value(hunt, x) for x in choices])
                if target is not None:
                    live[target.room] = live.get(target.room, 1.0) - chance
            elif effect == "move_patient":
                choices = frenzy_moves(tracker, self.data)
                scores = [move_value(hunt, x) for x in choices]
                target = best(choices, scores)
                if target is not None and max(scores) > 1e-9:
                    k = kill_chance(self.data, target.patient, self.knowledge.options)
                    lost = chance * (1.0 - self.caught([k], 0))
                    live[target.room] = live.get(target.room, 1.0) - lost
            elif effect == "reveal" and later:
                for room in tracker.grid.rooms():
                    live[room] = live.get(room, 1.0) - chance * KNOWN
        return live

    # ------------------------------------------------------------------ random play

    def random_scores(self, steps: int, rooms: Sequence[str], extra_saves: int
                      ) -> dict[str, float]:
        tracker = self.tracker(steps)
        grid = tracker.grid
        scores = dict.fromkeys(rooms, 1.0)
        for card, here in tracker.patients.items():
            if not here or here not in grid:
                continue
            k = kill_chance(self.data, card, self.knowledge.options)
            lost = 1.0 - self.caught([k], extra_saves)
            for coin in (1, 2):
                walks = grid.walks(here, coin)
                hits: dict[str, int] = {}
                for w in walks:
                    for r in set(w):
                        hits[r] = hits.get(r, 0) + 1
                for r, n in hits.items():
                    if r in scores:
                        scores[r] -= 0.5 * lost * n / len(walks)
        cards = bloodlust_odds(self.knowledge.view, self.data)
        free = len(rooms) - len(tracker.patient_rooms())
        for r in rooms:
            scores[r] -= cards.get("destroy", 0.0) / (free + 1)
        return {r: max(0.0, s) for r, s in scores.items()}


# ---------------------------------------------------------------------- helpers


def clone(tracker: Tracker) -> Tracker:
    """A copy to play on (the pack shared)."""
    return Tracker(
        tracker.data, tracker.options, tracker.negative, tracker.evasion,
        tracker.grid.copy(), dict(tracker.patients),
        {s: dict(b) for s, b in tracker.beliefs.items()}, set(tracker.dead),
        list(tracker.paths), tracker.moved, tracker.kills, tracker.turn, tracker.triggered,
        dict(tracker.steps), dict(tracker.card_steps), dict(tracker.sighted),
        tracker.bloodlust, tracker.bloodlust_card, tracker.adjusted_since)


def destroy(tracker: Tracker, room: str, rule: str) -> None:
    """A room destroyed as the engine does it: its Patients fall into the next room."""
    if room not in tracker.grid:
        return
    landing = tracker.grid.copy().destroy(room)
    landed = [(c, landing.rooms[0]) for c, r in tracker.patients.items()
              if r == room and landing.rooms]
    tracker.step([{"type": "room_destroyed", "room": room, "landed": landed, "rule": rule}])


def in_window(view: Mapping[str, Any], turn: int) -> bool:
    window = view.get("final_window")
    return bool(window) and int(window[0]) <= turn <= int(window[1])


def best(choices: Sequence[a.Adjust], scores: Sequence[float]) -> a.Adjust | None:
    if not choices:
        return None
    return choices[max(range(len(choices)), key=lambda i: (round(scores[i], 9), -i))]
