"""Bloodlust cards with a structured effect (R-AE-16, A-AE-01, A-AE-22).

A Bloodlust card whose data gives an ``effect`` is applied by the box: the Patients player
gets the ``adjust`` phase as for a card with a ``manual_effect``, but the legal actions are
exactly the effect's choices plus ``done`` (let the card pass), and the first choice applies
the effect and ends the adjustment:

* ``move_patient``: one Patient on the grid moves to a room at most ``value`` rooms away
  (orthogonal steps, as Patients move, R-AE-09). Victims in the room it ends in are caught
  (rule decision: a Patient entering a room catches, R-AE-10, A-AE-05 - the card's
  "unexpected catch"); the card names only where the Patient ends, so rooms on the way
  catch nobody.
* ``reveal``: a living Victim the Patients player names reveals their room.
* ``destroy``: a room with no Patient in it is destroyed; the grid collapses and A-AE-08
  applies as for any destroyed room.

Any other choice is refused (R-AE-16) with what is allowed, the state unchanged. A mixin of
:class:`~services.games.asylum_escape.state.AsylumState`.
"""

from __future__ import annotations

from typing import Any

from services.games.asylum_escape import actions as a
from services.games.asylum_escape.data import AsylumData, Bloodlust
from services.games.core import Action, Event, IllegalAction

RULE = "R-AE-16"


def effect_words(card: Bloodlust) -> str:
    """What a card's structured effect does, in a player's words ("" for none)."""
    if card.effect == "move_patient":
        rooms = "1 room" if card.value == 1 else f"{card.value} rooms"
        return f"Move one Patient up to {rooms}; a Victim in the room it enters is caught."
    if card.effect == "reveal":
        return "Name a Victim: that Victim reveals their room."
    if card.effect == "destroy":
        return "Destroy one room with no Patient in it."
    return ""


def structured_effect(data: AsylumData, card: str) -> str:
    """The effect the box applies for ``card`` (a Bloodlust card's ``effect``), or "" (any
    other card, or a card the table applies: ``manual_effect``)."""
    try:
        found = data.get(card)
    except KeyError:
        return ""
    return found.effect if isinstance(found, Bloodlust) else ""


def to_apply(card: Any) -> str:
    """What an adjustment step shows of ``card``: its manual effect, else its structured
    effect in words ("" when there is nothing to apply)."""
    words = effect_words(card) if isinstance(card, Bloodlust) else ""
    return str(card.manual_effect) or words


class BloodlustEffects:
    def effect_card(self: Any) -> Bloodlust | None:
        """The Bloodlust card being applied now if it has a structured effect."""
        cur = self.current
        if self.phase != "adjust" or not cur or not structured_effect(self.data, cur["card"]):
            return None
        card: Bloodlust = self.data.get(cur["card"])
        return card

    def card_moves(self: Any, steps: int) -> list[tuple[str, str]]:
        """(Patient, room) for every Patient on the grid and every room 1..``steps``
        orthogonal steps from it, in release then grid order."""
        order = self.grid.rooms()
        found = []
        for p in self.patients:
            if not p["room"]:
                continue
            far = self.grid.distances(p["room"])
            found += [(p["card"], r) for r in order if 1 <= far.get(r, steps + 1) <= steps]
        return found

    def free_rooms(self: Any) -> list[str]:
        taken = self.patient_rooms()
        return [r for r in self.grid.rooms() if r not in taken]

    def effect_actions(self: Any, seat: int, card: Bloodlust) -> list[Action]:
        choices: list[Action]
        if card.effect == "reveal":
            choices = [a.Adjust(seat, "reveal", target=s) for s in self.alive()]
        elif card.effect == "destroy":
            choices = [a.Adjust(seat, "destroy", room=r) for r in self.free_rooms()]
        else:
            choices = [a.Adjust(seat, "move_patient", patient=p, room=r)
                       for p, r in self.card_moves(card.value)]
        return [a.Adjust(seat, "done"), *choices]

    def check_effect(self: Any, action: a.Adjust, card: Bloodlust) -> None:
        name = self._name
        if action.kind != card.effect:
            raise IllegalAction(RULE, f"{card.name} allows only {card.effect} (or done, to let "
                                f"it pass), not {action.kind}")
        if card.effect == "reveal" and action.target not in self.alive():
            seats = ", ".join(f"Seat {s + 1}" for s in self.alive())
            raise IllegalAction(RULE, f"reveal names a living Victim ({seats}), not Seat "
                                f"{action.target + 1}")
        if card.effect == "destroy" and action.room not in self.free_rooms():
            why = "has a Patient in it" if action.room in self.patient_rooms() else \
                "is not a room of the grid"
            raise IllegalAction(RULE, f"{name(action.room)} {why}: destroy a room of the grid "
                                "with no Patient in it")
        if card.effect != "move_patient":
            return
        on_grid = [p["card"] for p in self.patients if p["room"]]
        if action.patient not in on_grid:
            raise IllegalAction(RULE, f"{name(action.patient)} is not a Patient on the grid: "
                                f"move {' or '.join(name(p) for p in on_grid)}")
        rooms = [r for p, r in self.card_moves(card.value) if p == action.patient]
        if action.room not in rooms:
            steps = "1 room" if card.value == 1 else f"up to {card.value} rooms"
            raise IllegalAction(RULE, f"{name(action.patient)} moves {steps} (up, down, left "
                                f"or right): {', '.join(name(r) for r in rooms)}; not "
                                f"{name(action.room)}")

    def apply_effect(self: Any, action: a.Adjust, card: Bloodlust) -> list[Event]:
        if action.kind == "done":
            return self.resume()
        self.check_effect(action, card)
        events: list[Event] = [a.Adjusted(action.seat, action.kind, action.target,
                                          action.patient, action.room)]
        self.phase, self.current = "running", None
        if action.kind == "reveal":
            self.reveal(action.target)
            events.append(a.RoomRevealed(action.target, self.victim(action.target)["room"]))
        elif action.kind == "destroy":
            self.push(["destroy", action.room, RULE])
        else:
            self.patient(action.patient)["room"] = action.room
            caught = self.victims_in(action.room)
            events += [a.Caught(v, action.room, tuple(self.attackers(v, [action.patient])),
                                RULE) for v in caught]
            for v in caught:
                self.reveal(v)
            self.push(*[self.catch_step(v, [action.patient], RULE) for v in caught],
                      ["destroy_dead"])
        return events + self.run()
