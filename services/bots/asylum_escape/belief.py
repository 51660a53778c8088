"""Where the hidden Victims may be, from what the Patients' seat has seen.

:class:`Tracker` replays the history a seat reads (the public events of each step) on its
own copy of the collapsing grid and keeps, for every living Victim, a probability for each
room it may be in:

* a start room: any room without a Patient, alike;
* a secret move of up to N rooms (the Movement card shown, or a Camo card's value): from each
  room it may have been in, every room it could reach is alike (a move stops in the first
  Patient room it enters, as the rules say); a move that ended without a catch did not end in
  a Patient's room;
* a catch, a Stumble, a reveal or a death: the room is known;
* a Patient a Bloodlust card moves (effect ``move_patient``) catches in the room it enters:
  without a catch, nobody was there;
* Patients that passed through rooms without catching anyone: nobody was there (told when
  the last Patient of the turn has moved); a Patient entering its start room likewise;
* a destroyed room: nobody alive is in it (or, with ``destroyed_victims = displace``, its
  Victims fell into the room below).

The model of a Victim's move (every reachable room alike) is exactly a random-legal Victim's;
a cautious Victim is found a little later than it predicts, never ruled out. With ``evasion``
(the hard level, one Victim) that share of every start and move goes instead to the rooms
farthest from the Patients, as a careful Victim chooses (:mod:`.victims`).

``negative`` False (the easy level) forgets what a catch that did not happen tells.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from services.bots.contract import SeatKnowledge
from services.games.asylum_escape.bloodlust import structured_effect
from services.games.asylum_escape.data import AsylumData
from services.games.asylum_escape.grid import Grid

Belief = dict[str, float]
ADJUST = re.compile(r"\(adjust: ([a-z_]+)\)")


def normalised(belief: Mapping[str, float]) -> Belief:
    total = sum(belief.values())
    return {r: p / total for r, p in belief.items() if p > 0} if total > 0 else {}


@dataclass
class Tracker:
    data: AsylumData
    options: Mapping[str, Any]
    negative: bool = True
    evasion: float = 0.0  # the share of a Victim that starts and moves away from the Patients
    grid: Grid = field(default_factory=lambda: Grid([]))
    patients: dict[str, str] = field(default_factory=dict)  # card -> room, release order
    beliefs: dict[int, Belief] = field(default_factory=dict)  # living Victims only
    dead: set[int] = field(default_factory=set)
    paths: list[tuple[str, list[str]]] = field(default_factory=list)  # this turn's, untold
    moved: int = 0  # Patients moved this turn
    kills: int = 0  # Victims killed this Patient turn (R-AE-16)
    turn: int = 0
    triggered: bool = False
    steps: dict[int, int] = field(default_factory=dict)  # the next secret move's length
    card_steps: dict[int, int] = field(default_factory=dict)  # a Camo move card's
    sighted: dict[int, str] = field(default_factory=dict)  # last room each was seen in
    bloodlust: str = ""  # the effect of the last Bloodlust card drawn, in words
    bloodlust_card: str = ""  # that card
    adjusted_since: int = 0  # adjustments made since it was drawn
    _reach: dict[tuple[str, int], list[str]] = field(default_factory=dict, repr=False)

    # ------------------------------------------------------------------ replay

    @classmethod
    def of(cls, knowledge: SeatKnowledge, data: AsylumData, negative: bool = True,
           evasion: float = 0.0) -> Tracker:
        tracker = cls(data, knowledge.options, negative, evasion)
        for told in knowledge.history:
            tracker.step(told.events)
        return tracker

    def step(self, events: Sequence[Mapping[str, Any]]) -> None:
        """One step of the history: its public events, in order."""
        caught = {int(e["seat"]) for e in events if e["type"] == "caught"}
        for event in events:
            handler = getattr(self, f"on_{event['type']}", None)
            if handler is not None:
                handler(event, caught)

    def on_layout_dealt(self, e: Mapping[str, Any], caught: set[int]) -> None:
        self.grid = Grid(e["columns"])
        self._reach = {}

    def on_patient_released(self, e: Mapping[str, Any], caught: set[int]) -> None:
        self.patients[e["patient"]] = e["room"]
        self._reach = {}
        if self.negative:  # R-AE-17: Victims in its start room are caught at once
            self.rule_out([e["room"]], caught)

    def on_start_chosen(self, e: Mapping[str, Any], caught: set[int]) -> None:
        blocked = self.patient_rooms()
        rooms = [r for r in self.grid.rooms() if r not in blocked]
        self.beliefs[int(e["seat"])] = self.evasive(rooms, "")

    def on_patient_turn(self, e: Mapping[str, Any], caught: set[int]) -> None:
        self.turn, self.paths, self.moved, self.kills = int(e["turn"]), [], 0, 0

    def on_patient_moved(self, e: Mapping[str, Any], caught: set[int]) -> None:
        path = list(e["path"])
        if path:
            self.patients[e["patient"]] = path[-1]
            self._reach = {}
        self.paths.append((e["patient"], path))
        self.moved += 1
        if self.moved >= len([r for r in self.patients.values() if r]):
            if self.negative:  # R-AE-10: the catches are told now; the others were not there
                self.rule_out(self.covered, caught)
            self.paths = []

    def on_caught(self, e: Mapping[str, Any], caught: set[int]) -> None:
        self.place(int(e["seat"]), e["room"])
        self.sighted.pop(int(e["seat"]), None)
        self.sighted[int(e["seat"])] = e["room"]  # the latest sighting last

    on_stumbled = on_caught
    on_room_revealed = on_caught

    def on_victim_killed(self, e: Mapping[str, Any], caught: set[int]) -> None:
        seat = int(e["seat"])
        self.dead.add(seat)
        self.beliefs.pop(seat, None)
        self.sighted.pop(seat, None)
        self.kills += 1

    def on_movement_shown(self, e: Mapping[str, Any], caught: set[int]) -> None:
        self.steps[int(e["seat"])] = int(e["value"])

    def on_card_played(self, e: Mapping[str, Any], caught: set[int]) -> None:
        if e["effect"] == "move":
            try:
                value = int(self.data.get(e["card"]).value)
            except (KeyError, AttributeError):
                value = max((c.value for c in self.data.camo_sabo), default=3)
            self.card_steps[int(e["seat"])] = value

    def on_victim_moved(self, e: Mapping[str, Any], caught: set[int]) -> None:
        seat = int(e["seat"])
        steps = self.card_steps.pop(seat) if seat in self.card_steps else \
            self.steps.pop(seat, 0)
        if seat in self.beliefs:
            self.beliefs[seat] = self.moved_belief(self.beliefs[seat], steps)

    def on_room_destroyed(self, e: Mapping[str, Any], caught: set[int]) -> None:
        room = e["room"]
        if room not in self.grid:
            return
        landing = self.grid.destroy(room)
        self._reach = {}
        for card, where in self.patients.items():
            if where == room:
                self.patients[card] = ""
        for card, where in e["landed"]:
            self.patients[card] = where
        displace = self.options.get("destroyed_victims") == "displace" and landing.rooms
        for seat, belief in self.beliefs.items():
            if room not in belief:
                continue
            mass = belief.pop(room)
            if displace:
                belief[landing.rooms[0]] = belief.get(landing.rooms[0], 0.0) + mass
            self.beliefs[seat] = normalised(belief) or self.fallback()

    def on_patient_landed(self, e: Mapping[str, Any], caught: set[int]) -> None:
        self.patients[e["patient"]] = e["room"]
        self._reach = {}

    def on_adjusted(self, e: Mapping[str, Any], caught: set[int]) -> None:
        self.adjusted_since += 1
        if e["kind"] == "move_patient" and e["patient"] in self.patients:
            self.patients[e["patient"]] = e["room"]
            self._reach = {}
            moved_by_card = structured_effect(self.data, self.bloodlust_card) == "move_patient"
            if self.negative and moved_by_card:
                self.rule_out([e["room"]], caught)  # a card's Patient catches on entry

    def on_final_window(self, e: Mapping[str, Any], caught: set[int]) -> None:
        self.triggered = True

    def on_bloodlust_drawn(self, e: Mapping[str, Any], caught: set[int]) -> None:
        self.bloodlust, self.adjusted_since = str(e["effect"]), 0
        self.bloodlust_card = str(e["card"])

    # ------------------------------------------------------------------ belief updates

    def place(self, seat: int, room: str) -> None:
        if seat not in self.dead:
            self.beliefs[seat] = {room: 1.0}

    def rule_out(self, rooms: Sequence[str], caught: set[int]) -> None:
        gone = set(rooms)
        for seat, belief in self.beliefs.items():
            if seat in caught or not gone & set(belief):
                continue
            self.beliefs[seat] = normalised(
                {r: p for r, p in belief.items() if r not in gone}) or self.fallback()

    def fallback(self) -> Belief:
        """What a Victim can be when the model failed (a card it does not know): any room
        without a Patient."""
        blocked = self.patient_rooms()
        return normalised({r: 1.0 for r in self.grid.rooms() if r not in blocked})

    def patient_rooms(self) -> set[str]:
        return {r for r in self.patients.values() if r}

    def reach(self, start: str, steps: int) -> list[str]:
        """Rooms a Victim in ``start`` may end a move of up to ``steps`` rooms in (the
        Patients' rooms included: entering one is caught there)."""
        key = (start, steps)
        found = self._reach.get(key)
        if found is not None:
            return found
        blocked = self.patient_rooms()
        forbid = bool(self.options.get("forbid_voluntary_patient_room"))
        depth = {start: 0}
        queue = deque([start])
        while queue:
            room = queue.popleft()
            if depth[room] == steps or (room in blocked and room != start):
                continue
            for nxt in self.grid.neighbours(room):
                if nxt in depth or (forbid and nxt in blocked):
                    continue
                depth[nxt] = depth[room] + 1
                queue.append(nxt)
        found = self._reach[key] = list(depth)
        return found

    def moved_belief(self, belief: Belief, steps: int) -> Belief:
        """After a secret move of up to ``steps`` rooms that was not caught (it did not
        enter a Patient's room; staying in one is no catch, A-AE-05)."""
        if steps <= 0:
            return belief
        blocked = self.patient_rooms()
        spread: Belief = {}
        for room, p in belief.items():
            if room not in self.grid:
                continue
            ends = self.evasive(self.reach(room, steps), room)
            for end, q in ends.items():
                if end not in blocked or end == room:  # staying put is never a catch
                    spread[end] = spread.get(end, 0.0) + p * q
        return normalised(spread) or self.fallback()

    def evasive(self, rooms: Sequence[str], here: str) -> Belief:
        """Where a Victim choosing among ``rooms`` goes: any alike, and (the ``evasion``
        share) one of those farthest from the Patients (a careful Victim's choice; never a
        Patient's room other than ``here``)."""
        uniform = 1.0 / len(rooms)
        if self.evasion <= 0:
            return dict.fromkeys(rooms, uniform)
        blocked = self.patient_rooms()
        near = [self.grid.distances(r) for r in blocked]

        def safety(room: str) -> int:
            if room in blocked and room != here:
                return -1
            return min((d.get(room, 99) for d in near), default=99)
        best = max(safety(r) for r in rooms)
        far = [r for r in rooms if safety(r) == best]
        return {r: (1.0 - self.evasion) * uniform + self.evasion * (r in far) / len(far)
                for r in rooms}

    # ------------------------------------------------------------------ questions

    @property
    def covered(self) -> list[str]:
        """The rooms this turn's Patients entered so far (their catches are not told yet)."""
        return [room for _card, path in self.paths for room in path]

    def living(self) -> list[int]:
        return sorted(self.beliefs)

    def known_room(self, seat: int) -> str:
        belief = self.beliefs.get(seat, {})
        return next(iter(belief)) if len(belief) == 1 else ""

    def reveal_wanted(self) -> bool:
        """The Bloodlust card drawn asks for a reveal (``(adjust: reveal)``) not made yet."""
        kinds = ADJUST.findall(self.bloodlust)
        return "reveal" in kinds and self.adjusted_since == 0
