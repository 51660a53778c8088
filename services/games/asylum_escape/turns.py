"""The Patient turn (spec 4.6 P0-P7): releases, coin and movement, announcing catches,
destroying rooms and the collapse, the final window, Bloodlust and the end checks.

A mixin of :class:`~services.games.asylum_escape.state.AsylumState`.
"""

from __future__ import annotations

from typing import Any

from services.games.asylum_escape import actions as a
from services.games.asylum_escape.bloodlust import to_apply
from services.games.core import Action, Event, FlipResult, IllegalAction, Outcome

SHORT_LAST_TURN = 9  # R-AE-28
WINDOW_TURNS = 3  # R-AE-27


class PatientTurns:
    # ------------------------------------------------------------------ P0: releases

    def step_patient_turn(self: Any) -> list[Event]:
        self.turn += 1  # R-AE-08
        self.kills = 0
        self.caught = []
        steps: list[list[Any]] = []
        if self.turn == 3:
            steps.append(["release", "patients", True])  # R-AE-17
        if self.turn == 5:
            steps.append(["release", "special", False])  # R-AE-19
        self.push(*steps, ["moves"], ["announce"], ["destroy_dead"], ["final"], ["bloodlust"],
                  ["end_patient_turn"])
        return [a.PatientTurn(self.turn)]

    def step_release(self: Any, deck: str, blow: bool) -> list[Event]:
        if not self.pile(deck):
            return [a.NothingHappens(f"the {deck} deck is empty: no Patient is released")]
        card = self.top(deck, self.patients_seat, ["release", deck, blow])
        if card is None:
            return []
        start = self.data.get(card).start_room
        if start in self.grid:
            return self.step_enter(card, start, blow)
        colour = self.data.location(start).colour
        rooms = [r for r in self.grid.rooms() if self.data.location(r).colour == colour]
        return self.wait("choose_room", purpose="start", patient=card, blow=blow,
                         rooms=rooms or self.grid.rooms(), rule="R-AE-18")

    def step_enter(self: Any, card: str, room: str, blow: bool) -> list[Event]:
        """A Patient enters at ``room``; Victims there are caught; a turn-3 Patient's start
        room is then blown up (R-AE-17)."""
        special = bool(self.data.get(card).special)
        self.patients.append({"card": card, "room": room, "turn": self.turn,
                              "special": special})
        events: list[Event] = [a.PatientReleased(card, room, special)]
        steps = [self.catch_step(v, [card], "R-AE-17") for v in self.victims_in(room)]
        events += [a.Caught(v, room, tuple(self.attackers(v, [card])), "R-AE-17")
                   for v in self.victims_in(room)]
        for v in self.victims_in(room):
            self.reveal(v)
        blow_up = [["destroy", room, "R-AE-17"]] if blow else []
        self.push(*steps, ["destroy_dead"], *blow_up)
        return events

    def victims_in(self: Any, room: str) -> list[int]:
        return [v["seat"] for v in self.victims if v["alive"] and v["room"] == room]

    def room_chosen(self: Any, action: a.ChooseRoom) -> list[Event]:
        cur = self.current
        if action.room not in cur["rooms"]:
            names = ", ".join(cur["rooms"])
            raise IllegalAction(cur["rule"], f"{action.room!r} cannot be chosen: choose one "
                                f"of {names}")
        purpose = cur["purpose"]
        if purpose == "start":
            self.push(["enter", cur["patient"], action.room, cur["blow"]])
        elif purpose == "land":
            self.patient(cur["patient"])["room"] = action.room
            return [a.PatientLanded(cur["patient"], action.room), *self.resume()]
        else:
            self.push(["stumble_to", cur["seat"], action.room])
        return self.resume()

    # ------------------------------------------------------------------ P1: movement

    def step_moves(self: Any) -> list[Event]:
        self.push(*[["flip", p["card"]] for p in self.patients if p["room"]])
        return []

    def step_flip(self: Any, card: str) -> list[Event]:
        return self.wait("flip", patient=card)

    def flipped(self: Any, action: FlipResult) -> list[Event]:
        card = self.current["patient"]
        rooms = 1 if action.heads else 2  # R-AE-09, A-AE-03
        self.wait("patient_move", patient=card, steps=rooms)
        return [a.CoinFlipped(card, action.heads, rooms)]

    def patient_paths(self: Any) -> list[tuple[str, ...]]:
        cur = self.current
        start = self.patient(cur["patient"])["room"]
        walks = self.grid.walks(start, cur["steps"])
        if self.options["patient_exact_move"]:
            longest = max(len(w) for w in walks)
            walks = [w for w in walks if len(w) == longest]
        return walks

    def patient_move_actions(self: Any, seat: int) -> list[Action]:
        card = self.current["patient"]
        return [a.MovePatient(seat, card, w) for w in self.patient_paths()]

    def move_patient(self: Any, action: a.MovePatient) -> list[Event]:
        cur = self.current
        if action.patient != cur["patient"]:
            name = self.data.get(cur["patient"]).name
            raise IllegalAction("R-AE-09", f"the coin was flipped for {name}: move that "
                                "Patient")
        path = tuple(action.path)
        if path not in self.patient_paths():
            self.check_path(self.patient(cur["patient"])["room"], path, cur["steps"], "R-AE-09")
            raise IllegalAction("A-AE-03", f"with option patient_exact_move the Patient moves "
                                f"exactly {cur['steps']} rooms when it can")
        patient = self.patient(cur["patient"])
        if path:
            patient["room"] = path[-1]
        for room in path:  # R-AE-10: caught when passed through or ended in, told later
            for seat in self.victims_in(room):
                entry = next((c for c in self.caught if c[0] == seat), None)
                if entry is None:
                    self.caught.append([seat, [patient["card"]]])
                elif patient["card"] not in entry[1]:
                    entry[1].append(patient["card"])
        events: list[Event] = [a.PatientMoved(patient["card"], path)]
        return events + self.resume()

    def check_path(self: Any, start: str, path: tuple[str, ...], steps: int, rule: str) -> None:
        if len(path) > steps:
            rooms = "1 room" if steps == 1 else f"{steps} rooms"
            raise IllegalAction(rule, f"at most {rooms} this time, not {len(path)}")
        grid, here = self.grid, start
        for room in path:
            if room not in grid:
                raise IllegalAction(rule, f"{room!r} is not a room of the grid")
            if not grid.adjacent(here, room):
                raise IllegalAction(rule, f"{self.data.get(room).name} is not next to "
                                    f"{self.data.get(here).name}: move up, down, left or "
                                    "right, one room at a time (no diagonals)")
            here = room

    # ------------------------------------------------------------------ P2, P3: catches

    def step_announce(self: Any) -> list[Event]:
        events: list[Event] = []
        steps = []
        for seat, catchers in self.caught:
            room = self.victim(seat)["room"]
            events.append(a.Caught(seat, room, tuple(self.attackers(seat, catchers)),
                                   "R-AE-10"))
            self.reveal(seat)
            steps.append(self.catch_step(seat, catchers, "R-AE-10"))
        self.caught = []
        self.push(*steps)
        return events

    # ------------------------------------------------------------------ P4, P5: destruction

    def step_destroy_dead(self: Any) -> list[Event]:
        rooms = list(dict.fromkeys(self.dead_rooms))  # A-AE-09: in the order caught
        self.dead_rooms = []
        self.push(*[["destroy", r, "R-AE-14"] for r in rooms])
        return []

    def step_destroy(self: Any, room: str, rule: str) -> list[Event]:
        if room not in self.grid:
            return []
        events: list[Event] = []
        for seat in self.victims_in(room):  # A-AE-08
            if self.options["destroyed_victims"] == "die":
                events += self.kill(seat, "A-AE-08", destroy=False)
        if self.result is not None:
            return events
        grid = self.grid
        landing = grid.destroy(room)
        self.columns = grid.columns
        self.destroyed.append(room)
        for seat in self.victims_in(room):  # displaced (option): first landing room
            self.victim(seat)["room"] = landing.rooms[0] if landing.rooms else ""
        landed, choices = [], []
        for card in self.patients_in(room):
            if len(landing.rooms) == 1:
                self.patient(card)["room"] = landing.rooms[0]
                landed.append((card, landing.rooms[0]))
            else:
                self.patient(card)["room"] = ""
                choices.append(["land", card, list(landing.rooms)])
        events.append(a.RoomDestroyed(room, tuple(landed), rule))
        if not self.columns:
            return events + self.grid_gone()
        self.push(*choices)
        return events

    def step_land(self: Any, card: str, rooms: list[str]) -> list[Event]:
        return self.wait("choose_room", purpose="land", patient=card, rooms=rooms,
                         rule="R-AE-15")

    def grid_gone(self: Any) -> list[Event]:
        """A-AE-21: no room is left; the living Victims win if the window has begun."""
        living = tuple(self.alive())
        reason = "every room is destroyed"
        return self.finish("victims", living, reason, "A-AE-21")

    def step_final(self: Any) -> list[Event]:
        if not self.in_window():
            return []
        rooms = list(dict.fromkeys(p["room"] for p in self.patients if p["room"]))
        self.push(*[["destroy", r, "R-AE-27"] for r in rooms])
        return []

    def in_window(self: Any) -> bool:
        return self.window is not None and self.window[0] <= self.turn <= self.window[1]

    # ------------------------------------------------------------------ P6, P7

    def step_bloodlust(self: Any) -> list[Event]:
        if self.kills:
            return []
        if self.refill("bloodlust", ["bloodlust"]):
            return []
        if not self.pile("bloodlust"):
            return [a.NothingHappens("the Bloodlust deck is empty")]
        card = self.top("bloodlust", self.patients_seat, ["bloodlust"])
        if card is None:
            return []
        self.discards["bloodlust"].append(card)  # R-AE-26
        effect = to_apply(self.data.get(card))
        if effect:
            self.push(["adjust", self.patients_seat, card])
        return [a.BloodlustDrawn(card, effect)]

    def step_end_patient_turn(self: Any) -> list[Event]:
        if self.window is not None and self.turn >= self.window[1]:
            rule = "R-AE-28" if self.options["mode"] == "short" else "R-AE-29"
            reason = f"alive when the Patients finished turn {self.turn}"
            return self.finish("victims", tuple(self.alive()), reason, rule)
        self.push(*[["victim_turn", s] for s in self.alive()], ["patient_turn"])
        return []

    def trigger_window(self: Any, turn: int) -> list[Event]:
        """R-AE-29, R-AE-30: one Victim left during Patient turn ``turn`` (or the Victim turns
        after it): the window is the next three Patient turns; short mode ends by turn 9."""
        self.triggered = True
        start, end = turn + 1, turn + WINDOW_TURNS
        if self.options["mode"] == "short":
            start, end = min(start, 7), min(end, SHORT_LAST_TURN)
        self.window = [start, end]
        return [a.FinalWindow(start, end, "R-AE-30")]

    def finish(self: Any, side: str, winners: tuple[int, ...], reason: str,
               rule: str) -> list[Event]:
        who = "The Patients win" if side == "patients" else "The Victims win"
        self.result = Outcome("win", winners, f"{who}: {reason}", rule)
        self.phase = "over"
        self.todo = []
        self.current = None
        return [a.GameWon(side, winners, reason, rule)]
