"""Catches, kill rolls, fleeing, Stumbles and every secret Victim move (R-AE-10..15,
R-AE-21..23, A-AE-05..11).

A catch is one queue step per Patient that gets a kill attempt (R-AE-12): before each roll a
response window lets Victims play cards (a Camo ``save`` cancels the attempt); a Victim who
survives every attempt flees with a free Movement card. A mixin of
:class:`~services.games.asylum_escape.state.AsylumState`.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from services.games.asylum_escape import actions as a
from services.games.core import Action, Event, IllegalAction, RollResult


class Catches:
    # ------------------------------------------------------------------ catching

    def attackers(self: Any, seat: int, catchers: list[str]) -> list[str]:
        """The catching Patients, then every other Patient in the Victim's room (R-AE-12)."""
        room = self.victim(seat)["room"]
        return [*catchers, *(p for p in self.patients_in(room) if p not in catchers)]

    def catch_step(self: Any, seat: int, catchers: list[str], rule: str) -> list[Any]:
        return ["catch", seat, self.attackers(seat, catchers), rule]

    def reveal(self: Any, seat: int) -> None:
        victim = self.victim(seat)
        victim["revealed"] = victim["room"]

    def step_catch(self: Any, seat: int, attackers: list[str], rule: str) -> list[Event]:
        self.push(*[["attack", seat, p] for p in attackers], ["survived", seat])
        return []

    def step_attack(self: Any, seat: int, patient: str) -> list[Event]:
        if not self.victim(seat)["alive"]:
            return []
        others = [s for s in self.alive() if s != seat] if self.options["card_windows"] else []
        return self.wait("window", timing="response", waiting=[seat, *others], turn=seat,
                         patient=patient, saved="", then=[["roll", seat, patient]])

    def step_roll(self: Any, seat: int, patient: str) -> list[Event]:
        return self.wait("kill_roll", seat=seat, patient=patient)

    def rolled(self: Any, action: RollResult) -> list[Event]:
        seat, patient = self.current["seat"], self.current["patient"]
        face = action.faces[0]
        killed = face in self.data.get(patient).catching_stat  # R-AE-11
        events: list[Event] = [a.KillRolled(seat, patient, face, killed)]
        self.phase = "running"
        if killed:
            events += self.kill(seat, "R-AE-11")
        return events + self.resume() if self.phase != "over" else events

    def kill(self: Any, seat: int, rule: str, destroy: bool = True) -> list[Event]:
        """A Victim dies (R-AE-14); the room is destroyed later (A-AE-09) unless ``destroy``
        is false (it is being destroyed already)."""
        victim = self.victim(seat)
        victim["alive"] = False
        victim["revealed"] = victim["room"]
        if destroy:
            self.dead_rooms.append(victim["room"])
        self.kills += 1  # R-AE-16 (only a Patient turn's count is ever read)
        events: list[Event] = [a.VictimKilled(seat, victim["room"], rule)]
        living = self.alive()
        if not living:
            return events + self.finish("patients", (self.patients_seat,),
                                        "every Victim is dead", "R-AE-31")
        if len(living) == 1 and len(self.victims) > 1 and not self.triggered:
            events += self.trigger_window(self.turn)
        return events

    def step_survived(self: Any, seat: int) -> list[Event]:
        if self.victim(seat)["alive"]:
            self.push(["flee", seat])
        return []

    # ------------------------------------------------------------------ fleeing, stumbling

    def step_flee(self: Any, seat: int) -> list[Event]:
        """R-AE-13: a free Movement card; A-AE-10 for a Stumble."""
        if not self.victim(seat)["alive"] or self.refill("movement", ["flee", seat]):
            return []
        if not self.pile("movement"):
            return [a.NothingHappens("the Movement deck is empty: the Victim cannot flee")]
        drawn = self.top("movement", seat, ["flee", seat])
        if drawn is None:
            return []
        card = self.data.get(drawn)
        self.discards["movement"].append(card.id)  # R-AE-26
        if card.stumble:
            again = self.options["redraw_stumble_on_flee"]
            self.push(["flee", seat] if again else ["stumble", seat])
            return [a.MovementShown(seat, card.id, 0, "flee")]
        steps = self.move_value(seat, card.value)
        return [a.MovementShown(seat, card.id, steps, "flee"),
                *self.wait("move", seat=seat, steps=steps, purpose="flee")]

    def move_value(self: Any, seat: int, value: int) -> int:
        bonus = self.data.get(self.victim(seat)["card"]).move_bonus
        return max(0, value + bonus)

    def step_stumble(self: Any, seat: int) -> list[Event]:
        """R-AE-23, A-AE-11: the nearest Patient by path on the current grid; ties: the
        Patients player chooses."""
        if not self.victim(seat)["alive"]:
            return []
        distance = self.grid.distances(self.victim(seat)["room"])
        rooms = [r for r in dict.fromkeys(p["room"] for p in self.patients) if r in distance]
        if not rooms:
            return [a.NothingHappens("no Patient is on the grid")]
        near = min(distance[r] for r in rooms)
        nearest = [r for r in rooms if distance[r] == near]
        if len(nearest) == 1:
            return self.step_stumble_to(seat, nearest[0])
        return self.wait("choose_room", purpose="stumble", seat=seat, rooms=nearest,
                         rule="A-AE-11")

    def step_stumble_to(self: Any, seat: int, room: str) -> list[Event]:
        victim = self.victim(seat)
        victim["room"] = room
        victim["route"].append([room])
        self.reveal(seat)
        catchers = self.patients_in(room)
        self.push(self.catch_step(seat, catchers, "R-AE-23"))  # rooms destroyed by the caller
        return [a.Stumbled(seat, room), a.Caught(seat, room, tuple(catchers), "R-AE-23")]

    # ------------------------------------------------------------------ secret moves

    def move_steps(self: Any) -> int:
        cur = self.current
        return int(cur["steps"] if self.phase == "move" else cur["move"])

    def move_actions(self: Any, seat: int) -> list[Action]:
        """One shortest legal path to every room the Victim can reach (any other legal path
        to the same room is accepted too)."""
        return [a.Move(seat, path) for path in self.reachable(seat).values()]

    def reachable(self: Any, seat: int) -> dict[str, tuple[str, ...]]:
        start, steps = self.victim(seat)["room"], self.move_steps()
        grid, blocked = self.grid, self.patient_rooms()
        paths: dict[str, tuple[str, ...]] = {start: ()}
        queue = deque([start])
        while queue:
            room = queue.popleft()
            if len(paths[room]) == steps or (room in blocked and room != start):
                continue  # a move stops in the first Patient room it enters (R-AE-22)
            for nxt in grid.neighbours(room):
                if nxt in paths or (nxt in blocked and self.options[
                        "forbid_voluntary_patient_room"]):
                    continue
                paths[nxt] = (*paths[room], nxt)
                queue.append(nxt)
        return paths

    def victim_move(self: Any, action: a.Move) -> list[Event]:
        if self.phase == "victim_act" and self.current["move"] < 0:
            raise IllegalAction("R-AE-21", "you move only with a Movement card: you did not "
                                "draw one this turn")
        if self.phase not in ("move", "victim_act"):
            raise IllegalAction("R-AE-21", "there is no move to make now")
        purpose = self.current.get("purpose", "turn")
        rule = "R-AE-13" if purpose == "flee" else "R-AE-21"
        victim = self.victim(action.seat)
        path = tuple(action.path)
        self.check_path(victim["room"], path, self.move_steps(), rule)
        blocked = self.patient_rooms()
        hit = next((i for i, r in enumerate(path) if r in blocked), None)
        if hit is not None and self.options["forbid_voluntary_patient_room"]:
            raise IllegalAction("A-AE-06", f"{self.data.get(path[hit]).name} holds a Patient: "
                                "you may not enter it (option forbid_voluntary_patient_room)")
        if hit is not None and hit < len(path) - 1:
            raise IllegalAction("R-AE-22", f"entering {self.data.get(path[hit]).name} you are "
                                "caught there: your path must end in that room")
        if path:
            victim["room"] = path[-1]
        victim["route"].append([*([] if not path else path)])
        events: list[Event] = [a.VictimMoved(action.seat)]
        self.phase, self.current = "running", None
        if hit is not None:  # R-AE-22, A-AE-06: caught by the Patients there
            catchers = self.patients_in(path[hit])
            self.reveal(action.seat)
            events.append(a.Caught(action.seat, path[hit], tuple(catchers), "R-AE-22"))
            after = [] if purpose == "flee" else [["destroy_dead"]]  # a flee: A-AE-09
            self.push(self.catch_step(action.seat, catchers, "R-AE-22"), *after)
        return events + self.run()

    def step_move_step(self: Any, seat: int, steps: int, purpose: str) -> list[Event]:
        if not self.victim(seat)["alive"]:
            return []
        return self.wait("move", seat=seat, steps=steps, purpose=purpose)
