"""Asylum Escape at the table: each seat's buttons (and tags) to engine actions, views to
screens.

`ok` opens what the seat has to do now. Maps (:mod:`.mapview`) offer only the rooms a legal
action reaches: a Victim chooses his start room and every secret move with a cursor on his
own screen (nothing of it reaches the public screen or another seat); the Patients player
moves each Patient after the coin (the destination, then the way when several ways pass
different rooms), his cursor shown on the public map too. Menus offer what the rules allow;
a card or a draw the rules refuse is greyed with the engine's reason. Hold `ok` goes back
one menu. Outside a menu, `next`/`prev` turn the pages of the public screen.

Tags: with the option ``layout = table`` the Patients player taps each location card's tag
in grid order (column by column, each bottom to top); a card tapped twice is refused with the
reason, an unknown tag by the table. With physical decks (option ``cards``) the seat that
draws taps the card drawn. Any other tap changes nothing and says why, on the tapping seat's
screen.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from services.games.asylum_escape import actions as a
from services.games.asylum_escape.grid import Grid
from services.games.core import Action, Event, SeatPrompt, State
from services.referee.box.flow import MenuFlow, ViewCache
from services.referee.box.menu import Menu
from services.referee.box.render import Canvas, fit
from services.referee.tables.asylum_escape import public as pub
from services.referee.tables.asylum_escape import screens as draw
from services.referee.tables.asylum_escape import words as w
from services.referee.tables.asylum_escape.mapview import Picker, room_of
from services.referee.tables.asylum_escape.menus import SeatMenus

ATTACK = ("window", "kill_roll")
SETUP = ("shuffle", "victim_card", "start_rooms", "choose_patients")


class AsylumFlow(MenuFlow):
    def __init__(self) -> None:
        self.stacks: dict[int, list[Menu]] = {}
        self.messages: dict[int, tuple[str, str]] = {}  # seat -> (reason, rule)
        self.starts: dict[int, int] = {}  # seat -> first line of a long message shown
        self.page = "map"
        self.turned = 0
        self.before: dict[str, Any] | None = None
        self.falls: list[pub.Collapse] = []  # the rooms that fell in the last change
        self.attack: tuple[int, str] | None = None  # (Victim, Patient) of the kill attempt
        self.data: Any = None
        self.views = ViewCache()

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return self.views.get(state, seat)

    @staticmethod
    def waiting(state: State) -> list[int]:
        return [p.seat for p in state.pending() if isinstance(p, SeatPrompt)]

    # ------------------------------------------------------------------ after every change

    def reset(self, state: State) -> None:
        self.views.clear()
        self.data = getattr(state, "data", None)
        view = self.view(state, None)
        before, self.before = self.before, view
        self.messages.clear()
        self.starts.clear()
        waiting = self.waiting(state)
        same = before is not None and before["phase"] == view["phase"] in (
            "start_rooms", "lay_out")
        if same:  # another Victim's choice does not close a seat's half-moved cursor
            for seat in list(self.stacks):
                if seat not in waiting:
                    self.stacks.pop(seat)
                elif view["phase"] == "lay_out":  # the next card: the list without it
                    menu = self.menu_for(seat, state)
                    self.stacks[seat] = [menu] if menu is not None else []
        else:
            self.stacks.clear()
            self.turned = 0
        self.falls = self._falls(before, view)
        self.attack = self._attack(before, view)
        if not same:
            self.page = self._default_page(before, view)

    def _falls(self, before: dict[str, Any] | None, view: dict[str, Any]) -> list[pub.Collapse]:
        """The collapse step by step: the grid before each room fell, and what happened."""
        if before is None or len(view["destroyed"]) <= len(before["destroyed"]):
            return []
        grid, found = Grid(before["columns"]), []
        for room in view["destroyed"][len(before["destroyed"]):]:
            if room not in grid:
                continue
            columns = [list(c) for c in grid.columns]
            column = grid.position(room)[0] + 1
            grid.destroy(room)
            name = w.name(self.data, room, 12)
            if len(grid.columns) < len(columns):
                words = fit(f"{name} gone: col {column} shut", f"column {column} closes")
            else:
                words = fit(f"{name} falls: col {column}", f"column {column} drops")
            found.append((columns, room, words))
        return found

    @staticmethod
    def _attack(before: dict[str, Any] | None, view: dict[str, Any]) -> tuple[int, str] | None:
        step = view["step"]
        if view["phase"] == "kill_roll" or (view["phase"] == "window" and
                                            step.get("timing") == "response"):
            return (step.get("seat", step.get("turn", -1)), step.get("patient", ""))
        if before is not None and before["phase"] == "kill_roll":
            return (before["step"]["seat"], before["step"]["patient"])
        return None

    def _default_page(self, before: dict[str, Any] | None, view: dict[str, Any]) -> str:
        if view["outcome"] is not None:
            return "result"
        if self.falls:
            return "collapse"
        if self.attack is not None:
            return "catch"
        if view["phase"] == "lay_out":
            return "laying"
        if not view["turn"] and view["columns"] and view["phase"] in SETUP:
            return "layout 1"
        return "map"

    # ------------------------------------------------------------------ input

    def menu_for(self, seat: int, state: State) -> Menu | None:
        """The first menu of what the seat has to do now (None: nothing to do)."""
        if seat not in self.waiting(state):
            return None
        view = self.view(state, seat)
        return SeatMenus(seat, view, state.legal_actions(seat), list(self.labels),
                         state.data,  # type: ignore[attr-defined]
                         lambda action: self.why_not(state, action)).first()

    def tag(self, seat: int, kind: str, component: str, state: State) -> Action | None:
        view = self.view(state, seat)
        name = w.name(self.data, component, 40)
        if kind == "location" and view["phase"] == "lay_out":
            if seat == view["patients_seat"]:
                return a.LayRoom(seat, component)
            self.messages[seat] = (f"{name} tapped, nothing changes: "
                                   f"{self.label(view['patients_seat'])} enters the layout: "
                                   "tap the cards on that reader", "")
            return None
        if kind == "card" and view["phase"] == "identify" and seat in self.waiting(state):
            return a.Identify(seat, component)
        physical = view["options"].get("cards") == "physical"
        why = ("location tags are for laying out the grid" if kind == "location" else
               "tap a card when you draw it" if physical else
               "the box deals the cards in this game")
        self.messages[seat] = (f"{name} tapped, nothing changes: {why}; use the buttons",
                               "")
        return None

    # ------------------------------------------------------------------ screens

    def announce(self, state: State, events: Sequence[Event]) -> str:
        lines = [(RANK.get(type(e), 1), i, self._event_line(e)) for i, e in enumerate(events)]
        lines = [x for x in lines if x[2]]
        return max(lines)[2] if lines else ""

    def _event_line(self, event: Event) -> str:
        view = self.before or {"patients": []}
        who = self._who
        name = self._name
        match event:
            case a.PatientsChosen(seat=seat):
                return fit(f"{who(seat)} is the Patients", f"{who(seat)}: Patients")
            case a.RoomLaid(room=room, count=count):
                return f"{count}/25 {name(room, 15)}"
            case a.LayoutDealt():
                return "the grid is laid out"
            case a.VictimDealt(seat=seat, card=card):
                return fit(f"{who(seat)}: {name(card, 12)}", f"{who(seat)} dealt")
            case a.PatientReleased(patient=patient, room=room):
                return fit(f"{w.patient_tag(view, patient)} in {name(room, 15)}",
                           "a Patient enters")
            case a.StartChosen(seat=seat):
                return f"{who(seat)} has chosen"
            case a.PatientTurn(turn=turn):
                return f"Patient turn {turn}"
            case a.CoinFlipped(patient=patient, heads=heads, rooms=rooms):
                return f"{w.patient_tag(view, patient)}: {'heads' if heads else 'tails'}, " \
                    f"up to {rooms}"
            case a.PatientMoved(patient=patient, path=path):
                return f"{w.patient_tag(view, patient)} moved {len(path)}"
            case a.Caught(seat=seat, room=room):
                return fit(f"{who(seat)} CAUGHT: {name(room, 8)}", f"{who(seat)} CAUGHT")
            case a.KillRolled(face=face, killed=killed):
                return f"rolled {face}: {'KILLED' if killed else 'missed'}"
            case a.VictimKilled(seat=seat):
                return f"{who(seat)} is dead"
            case a.AttemptCancelled(seat=seat):
                return f"{who(seat)} escapes it"
            case a.MovementShown(seat=seat, value=value, card=card):
                stumble = self.data is not None and self.data.get(card).stumble
                return f"{who(seat)}: Stumble!" if stumble else f"{who(seat)}: move {value}"
            case a.VictimMoved(seat=seat):
                return f"{who(seat)} moved"
            case a.Stumbled(seat=seat, room=room):
                return fit(f"{who(seat)} stumbles: {name(room, 6)}", f"{who(seat)} stumbles")
            case a.RoomDestroyed(room=room):
                return fit(f"{name(room, 11)} destroyed", "a room is destroyed")
            case a.PatientLanded(patient=patient, room=room):
                return fit(f"{w.patient_tag(view, patient)} to {name(room, 15)}",
                           "a Patient lands")
            case a.FinalWindow(start=start, end=end):
                return f"last turns {start}-{end}"
            case a.BloodlustDrawn(card=card):
                return fit(f"Bloodlust: {name(card, 10)}", "Bloodlust!")
            case a.CardDrawn(seat=seat):
                return f"{who(seat)} draws"
            case a.CardPlayed(seat=seat, card=card):
                return fit(f"{who(seat)}: {name(card, 12)}", f"{who(seat)} plays")
            case a.Adjusted(kind=kind):
                return f"effect: {kind.replace('_', ' ')}"
            case a.CardDiscarded(seat=seat):
                return f"{who(seat)} discards"
            case a.RoomRevealed(seat=seat, room=room):
                return fit(f"{who(seat)} in {name(room, 12)}", f"{who(seat)} is seen")
            case a.GameWon(side=side):
                return "THE PATIENTS WIN" if side == "patients" else "THE VICTIMS WIN"
        return ""

    def _who(self, seat: int) -> str:
        return w.short(list(self.labels), seat)

    def _name(self, some_id: str, width: int = 20) -> str:
        return w.name(self.data, some_id, width)

    def _pages(self, state: State, note: str) -> list[pub.Page]:
        view = self.view(state, None)
        labels = list(self.labels)
        extra = pub.collapse_pages(view, self.falls)
        if self.attack is not None and self.attack[1]:
            seat, patient = self.attack
            extra.insert(0, ("catch", lambda: pub.catch_page(view, labels, self.data, seat,
                                                              patient, note)))
        return pub.pages(view, labels, note, self.data, extra, self._pointing(view))

    def public_key(self) -> Hashable:
        """The page turned to, and the room the Patients player points at (on the map)."""
        return (self.turned, self.page, self._pointing(self.before) if self.before else "")

    def _pointing(self, view: dict[str, Any]) -> str:
        """The room under the Patients player's cursor while he moves a Patient."""
        if view["phase"] != "patient_move":
            return ""
        stack = self.stacks.get(view["patients_seat"]) or []
        return room_of(stack[-1].current) if stack and isinstance(stack[-1], Picker) else ""

    def seat(self, seat: int, state: State, shown: bool) -> Canvas:
        view = self.view(state, seat)
        labels = list(self.labels)
        waiting = self.waiting(state)
        return self.menu_screen(
            seat, shown, lambda: draw.hidden(self.label(seat), view, labels, waiting, seat),
            lambda: draw.home(view, labels, waiting, seat, self.data))

    def reveal(self, seat: int, state: State) -> Canvas:
        return draw.reveal(self.view(state, seat), list(self.labels), seat, self.data)


RANK: dict[type, int] = {
    a.GameWon: 9, a.VictimKilled: 8, a.Caught: 7, a.KillRolled: 7, a.Stumbled: 7,
    a.AttemptCancelled: 6, a.FinalWindow: 6, a.RoomDestroyed: 5, a.BloodlustDrawn: 5,
    a.PatientReleased: 5, a.CardPlayed: 4, a.MovementShown: 4, a.PatientLanded: 4,
    a.RoomRevealed: 6, a.CoinFlipped: 3, a.PatientMoved: 3, a.VictimMoved: 3,
    a.LayoutDealt: 3, a.RoomLaid: 2, a.VictimDealt: 3, a.StartChosen: 2, a.CardDrawn: 2,
    a.CardDiscarded: 3, a.Adjusted: 2, a.PatientsChosen: 4, a.PatientTurn: 2,
}
