"""The menus a seat's buttons move through, built from its view and its legal actions.

An item's value is an action (handed to the table) or a callable that returns a menu to open
(or an action). Maps are :class:`~.mapview.Picker` menus over the rooms the move can reach:
a Victim's start room and every secret move on his own screen only; each Patient's move on
the Patients player's (the destination, then the way when several pass different rooms). An
item the rules refuse now is greyed with the engine's reason (``why``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from services.games.asylum_escape import actions as a
from services.games.asylum_escape.bloodlust import structured_effect
from services.games.core import Action
from services.referee.box.menu import Item, Menu, reader
from services.referee.box.render import fit, wrap
from services.referee.tables.asylum_escape import words as w
from services.referee.tables.asylum_escape.mapview import Picker, RoomItem

Why = Callable[[Action], str]
UNKNOWN = "?"  # physical decks: a Camo/Sabo card in a hand the box has not been told
DECK_WORDS = {"victims": "Victim", "patients": "Patient", "special": "Special",
              "camo_sabo": "Camo/Sabo", "movement": "Movement", "bloodlust": "Bloodlust"}


class SeatMenus:
    """The menus of one seat at one moment."""

    def __init__(self, seat: int, view: dict[str, Any], legal: list[Action],
                 labels: list[str], data: Any, why: Why) -> None:
        self.seat, self.view, self.legal, self.labels = seat, view, legal, labels
        self.data, self.why = data, why

    def first(self) -> Menu | None:
        builder = {"lay_out": self.lay_out, "victim_card": self.victim_card,
                   "start_rooms": self.start_room, "choose_room": self.choose_room,
                   "patient_move": self.patient_move, "victim_draw": self.draw,
                   "victim_act": self.act, "move": self.move, "window": self.window,
                   "adjust": self.adjust, "identify": self.identify}.get(self.view["phase"])
        return builder() if builder else None

    def _of(self, kind: type) -> list[Any]:
        return [x for x in self.legal if isinstance(x, kind)]

    def name(self, some_id: str, width: int = 20) -> str:
        return w.name(self.data, some_id, width)

    def picker(self, title: str, items: list[Item], status: list[str], home: str = "",
               marks: dict[str, str] | None = None) -> Picker:
        view = self.view
        names = {r: self.name(r, 40) for c in view["columns"] for r in c}
        found = marks if marks is not None else self.marks()
        return Picker(title, items, columns=view["columns"], marks=found, home=home,
                      names=names, status=status)

    def marks(self) -> dict[str, str]:
        """What this seat's map shows: P a Patient's room (the number when several), @ your
        own room (a Victim's, on his own screen only)."""
        found = {room: ("P" if len(tags) == 1 else str(min(len(tags), 9)))
                 for room, tags in w.room_patients(self.view).items()}
        mine = (self.view.get("private") or {}).get("room")
        if mine:
            found[mine] = "@"
        return found

    def rooms(self, actions: list[Any], attr: str = "room") -> list[Item]:
        """Picker items for actions that each name a room, in grid order."""
        order = [r for c in self.view["columns"] for r in c]
        found = sorted(actions, key=lambda x: order.index(getattr(x, attr)) if getattr(
            x, attr) in order else len(order))
        return [RoomItem(self.name(getattr(x, attr)), x, room=getattr(x, attr))
                for x in found]

    # ------------------------------------------------------------------ set-up

    def lay_out(self) -> Menu:
        laid = self.view["step"].get("rooms", [])
        n = len(laid)
        column, height = n // 5 + 1, n % 5 + 1
        items = [Item(self.name(x.room), x) for x in self._of(a.LayRoom)]
        return Menu(f"Card {n + 1} of 25", items,
                    lines=[f"column {column}, room {height}", "or tap the card's tag"])

    def victim_card(self) -> Menu:
        mine = next(v for v in self.view["victims"] if v["seat"] == self.seat)
        text = f"{mine['name']}. Good: {mine['positive']} Bad: {mine['negative']}"
        items = [Item("Read the card", lambda: reader(self.name(mine["card"]), text)),
                 *[Item("Keep it", x) for x in self._of(a.Keep)],
                 *[Item("Mulligan (final)", x) for x in self._of(a.Mulligan)]]
        return Menu(self.name(mine["card"]), items)

    def start_room(self) -> Picker:
        return self.picker("Start room?", self.rooms(self._of(a.StartRoom)),
                           ["secret", "no Patient"])

    def choose_room(self) -> Picker:
        step = self.view["step"]
        purpose = step.get("purpose", "")
        status = {"start": ["Patient", "enters"], "land": ["Patient", "lands"],
                  "stumble": ["stumbles", "to (tie)"]}.get(purpose, [])
        if step.get("patient"):
            status = [w.patient_tag(self.view, step["patient"]), *status[1:]]
        return self.picker("Choose a room", self.rooms(self._of(a.ChooseRoom)), status)

    # ------------------------------------------------------------------ the Patients

    def patient_move(self) -> Picker:
        step = self.view["step"]
        card, steps = step["patient"], step["steps"]
        start = next(p["room"] for p in self.view["patients"] if p["card"] == card)
        ways: dict[str, list[a.MovePatient]] = {}
        for x in self._of(a.MovePatient):
            ways.setdefault(x.path[-1] if x.path else start, []).append(x)
        items = []
        for room, found in ways.items():
            value = found[0] if len(found) == 1 else self._ways(room, found)
            items.append(RoomItem(self.name(room), value, room=room))
        order = [r for c in self.view["columns"] for r in c]
        items.sort(key=lambda i: order.index(i.room))
        tag = w.patient_tag(self.view, card)
        return self.picker(f"{tag} to?", list(items), [f"{tag} moves", f"up to {steps}"],
                           home=start)

    def _ways(self, room: str, found: list[a.MovePatient]) -> Callable[[], Menu]:
        def build() -> Menu:
            items = [Item(w.walk_label(self.data, x.path), x) for x in found]
            return Menu(f"To {self.name(room, 17)}", items, lines=["which way?"])
        return build

    # ------------------------------------------------------------------ a Victim's turn

    def draw(self) -> Menu:
        items = []
        for deck, label in (("camo_sabo", "Camo/Sabo card"), ("movement", "Movement card")):
            action = a.DrawCard(self.seat, deck)
            items.append(Item(label, action, why="" if action in self.legal else
                              self.why(action)))
        items.append(Item("Draw nothing", a.SkipDraw(self.seat)))
        return Menu("Draw a card?", items)

    def card_items(self) -> list[Item]:
        """Every card of the hand and the held card, once per name: playable ones, the
        others greyed with the engine's reason. With physical decks a card the box was not
        told yet is any unseen card the rules let you play now."""
        private = self.view.get("private") or {}
        mine = next((v for v in self.view["victims"] if v["seat"] == self.seat), {})
        cards = [*private.get("hand", []), *([mine["held"]] if mine.get("held") else [])]
        known = [c for c in cards if c != UNKNOWN]
        plays = [x.card for x in self._of(a.PlayCard) if x.card not in known]
        found: dict[str, Item] = {}
        for card in dict.fromkeys([*known, *plays]):
            play = a.PlayCard(self.seat, card)
            item = Item(f"Play {self.name(card, 15)}", play,
                        why="" if play in self.legal else self.why(play))
            if item.label not in found or (found[item.label].why and not item.why):
                found[item.label] = item  # copies of a card: one item, a playable one
        return list(found.values())

    def act(self) -> Menu:
        move = self.view["step"].get("move", -1)
        items = []
        if move >= 0:
            rooms = "1 room" if move == 1 else f"{move} rooms"
            items.append(Item(f"Move: up to {rooms}", self.move))
        items += self.card_items()
        end = a.EndTurn(self.seat)
        items.append(Item("End the turn", end, why="" if end in self.legal else
                          self.why(end)))
        return Menu("Your turn", items)

    def move(self) -> Picker:
        steps = self.view["step"].get("steps", self.view["step"].get("move", 0))
        here = (self.view.get("private") or {}).get("room", "")
        moves = self._of(a.Move)
        items = [RoomItem(self.name(x.path[-1] if x.path else here),
                          x, room=x.path[-1] if x.path else here) for x in moves]
        order = [r for c in self.view["columns"] for r in c]
        items.sort(key=lambda i: order.index(i.room))
        purpose = self.view["step"].get("purpose", "turn")
        title = {"flee": "Flee to?", "card": "Card move to?"}.get(purpose, "Move to?")
        return self.picker(title, list(items), [f"up to {steps}", "secret"], home=here)

    def window(self) -> Menu:
        step = self.view["step"]
        lines = []
        if step.get("timing") == "response":
            caught = step.get("turn", -1)
            who = "you" if caught == self.seat else w.short(self.labels, caught)
            lines = wrap(f"{w.patient_tag(self.view, step.get('patient', ''))} attacks {who}")
        items = [*[Item("Pass", x) for x in self._of(a.Pass)], *self.card_items()]
        timing = w.TIMINGS.get(step.get("timing", ""), "")
        return Menu(f"Cards: {timing}", items, lines=lines)

    def identify(self) -> Menu:
        """Option ``cards = physical``: the card just drawn from the table's deck (or tap
        its tag); only the cards it can be are listed."""
        step = self.view["step"]
        words = DECK_WORDS.get(step.get("deck", ""), "")
        items = [Item(self.card_label(x.card), x) for x in self._of(a.Identify)]
        return Menu(f"Which {words} card?" if len(words) < 10 else "Which card?", items,
                    lines=["or tap its tag"])

    def card_label(self, card: str) -> str:
        info = self.data.get(card)
        if hasattr(info, "value") and not hasattr(info, "name"):
            return "Stumble" if info.stumble else f"Movement {info.value}"
        return self.name(card)

    # ------------------------------------------------------------------ card effects

    def adjust(self) -> Menu:
        step = self.view["step"]
        card, effect = step.get("card", ""), step.get("effect", "")
        living = [v["seat"] for v in self.view["victims"] if v["alive"]]
        if structured_effect(self.data, card):
            return self._card_effect(card, effect)
        items = [Item("Read the card", lambda: reader(self.name(card), effect)),
                 *[Item("Done: it is applied", x) for x in self.legal
                   if isinstance(x, a.Adjust) and x.kind == "done"],
                 Item("Reveal a room", self._victims("Reveal", "reveal", living)),
                 Item("Discard at random", self._victims("Discard", "discard", living)),
                 Item("A Patient catches", self._catch(living)),
                 Item("A Victim dies", self._victims("Dies", "kill", living)),
                 Item("Victim draws a card", self._victims("Draws", "draw", living)),
                 Item("Move a Patient", self._move_patient(self._any_move, "no catch")),
                 Item("Destroy a room", self._destroy(self._any_room))]
        return Menu(fit(f"Apply: {self.name(card, 13)}", self.name(card)), items)

    def _card_effect(self, card: str, effect: str) -> Menu:
        """A Bloodlust card the box applies (R-AE-16): only its own choices, or let it pass."""
        choices = [x for x in self.legal if isinstance(x, a.Adjust) and x.kind != "done"]
        items = [Item("Read the card", lambda: reader(self.name(card), effect)),
                 *[Item("Let it pass", x) for x in self.legal
                   if isinstance(x, a.Adjust) and x.kind == "done"]]
        kind = choices[0].kind if choices else ""
        if kind == "reveal":
            items += [Item(f"Reveal: {w.short(self.labels, x.target)}", x) for x in choices]
        elif kind == "destroy":
            items.append(Item("Destroy a room", self._destroy(lambda: choices)))
        elif kind == "move_patient":
            items.append(Item("Move a Patient", self._move_patient(lambda: choices,
                                                                   "may catch")))
        return Menu(fit(f"Apply: {self.name(card, 13)}", self.name(card)), items)

    def _adjust(self, kind: str, **fields: Any) -> Item:
        action = a.Adjust(self.seat, kind, **fields)
        legal = action in self.legal or kind not in ("reveal", "discard")
        return Item(w.short(self.labels, fields.get("target", -1)), action,
                    why="" if legal else self.why(action))

    def _victims(self, title: str, kind: str, living: list[int]) -> Callable[[], Menu]:
        def build() -> Menu:
            return Menu(f"{title}: who?",
                        [self._adjust(kind, target=s) for s in living])
        return build

    def _catch(self, living: list[int]) -> Callable[[], Menu]:
        def build() -> Menu:
            return Menu("Catch: which Victim?",
                        [Item(w.short(self.labels, s), self._catcher(s)) for s in living])
        return build

    def _catcher(self, target: int) -> Callable[[], Menu]:
        def build() -> Menu:
            patients = [p for p in self.view["patients"] if p["room"]]
            return Menu("Caught by?", [Item(
                f"{w.patient_tag(self.view, p['card'])} {self.name(p['card'], 16)}",
                a.Adjust(self.seat, "catch", target=target, patient=p["card"]))
                for p in patients])
        return build

    def _any_move(self) -> list[a.Adjust]:
        """A card the table applies: any Patient on the grid to any other room."""
        rooms = [r for c in self.view["columns"] for r in c]
        return [a.Adjust(self.seat, "move_patient", patient=p["card"], room=r)
                for p in self.view["patients"] if p["room"] for r in rooms if r != p["room"]]

    def _any_room(self) -> list[a.Adjust]:
        return [a.Adjust(self.seat, "destroy", room=r) for c in self.view["columns"] for r in c]

    def _move_patient(self, moves: Callable[[], list[a.Adjust]],
                      catch: str) -> Callable[[], Menu]:
        """Which Patient, then a map of ``moves``' rooms for it (``catch``: what the status
        line says of a Victim there)."""
        def build() -> Menu:
            found = moves()
            patients = list(dict.fromkeys(x.patient for x in found))
            return Menu("Move which Patient?", [Item(
                f"{w.patient_tag(self.view, p)} {self.name(p, 16)}",
                self._patient_to(p, [x for x in found if x.patient == p], catch))
                for p in patients])
        return build

    def _patient_to(self, card: str, moves: list[a.Adjust], catch: str) -> Callable[[], Picker]:
        def build() -> Picker:
            tag = w.patient_tag(self.view, card)
            home = next((p["room"] for p in self.view["patients"] if p["card"] == card), "")
            items = [RoomItem(self.name(x.room), x, room=x.room) for x in moves]
            return self.picker(f"{tag} to?", list(items), [f"{tag} moves", catch], home=home)
        return build

    def _destroy(self, rooms: Callable[[], list[a.Adjust]]) -> Callable[[], Picker]:
        def build() -> Picker:
            items = [RoomItem(self.name(x.room), x, room=x.room) for x in rooms()]
            return self.picker("Destroy?", list(items), ["the grid", "collapses"])
        return build
