"""Every adjustment a card asks for, in ``refbox play`` as on the box's "Apply" menu.

A card effect the box does not model is applied by the seat that played or drew it with
logged adjustments (Asylum Escape A-AE-22, Innsmouth Escape A-IE-03). The engines list only
a few of them as legal actions (done, reveal, discard, wounds): the others take a Patient, a
room, a colour or a cell, so the box builds them in sub-menus and the engine checks them when
they are applied. Here they are the same: the legal ones first (in the engine's order, so
their numbers do not move), then one line per kind that opens its list. The card's text is
shown above the list. Innsmouth 32 lists every adjustment (A-I32-02, one token at a time);
here they are grouped by kind as on the box (``Rest spoints...``, then the survivor and the
amount). A Bloodlust card the box applies itself (a structured effect, R-AE-16) offers
only its own choices, listed as sentences.
"""

from __future__ import annotations

from typing import Any

from services.games.core import State
from services.referee.cli.offers import Choice, Offer, sub

ASYLUM_WORDS = {"done": "Done: it is applied", "reveal": "Reveal a room",
                "discard": "Discard at random", "catch": "A Patient catches",
                "kill": "A Victim dies", "draw": "Victim draws a card",
                "move_patient": "Move a Patient", "destroy": "Destroy a room"}
"""The box's words for each kind (services/referee/tables/asylum_escape/menus.py)."""
CAP = 4  # Innsmouth Escape: at most 4 pawns of a colour on a cell (R-IE-47)


def adjust_choice(state: State, seat: int, game_id: str, plain: Choice) -> Choice | None:
    """The seat's adjustments if it is applying a card now, else None."""
    view = state.view(seat)
    if view.get("phase") != "adjust":
        return None
    if game_id == "asylum-escape":
        if view["step"].get("seat") != seat or applied_by_the_box(state, view):
            return None
        return Asylum(state, seat, view).choice(plain)
    if game_id == "innsmouth-32":
        return I32(state, view).choice(plain) if view["step"].get("seat") == seat else None
    adjusting = view.get("adjusting") or {}
    return Innsmouth(seat, view).choice(plain) if adjusting.get("seat") == seat else None


def applied_by_the_box(state: State, view: dict[str, Any]) -> bool:
    """A Bloodlust card with a structured effect (R-AE-16): the engine lists its every
    choice, so the plain list (each a sentence) is the menu."""
    from services.games.asylum_escape.bloodlust import structured_effect

    data: Any = getattr(state, "data", None)
    return data is not None and bool(structured_effect(data, view["step"]["card"]))


class Asylum:
    """Asylum Escape's adjustments (A-AE-22)."""

    def __init__(self, state: State, seat: int, view: dict[str, Any]) -> None:
        from services.games.asylum_escape import actions

        self.a, self.seat, self.view = actions, seat, view
        self.data: Any = getattr(state, "data", None)
        self.living = [v for v in view["victims"] if v["alive"]]
        self.patients = [p for p in view["patients"] if p["room"]]

    def name(self, some_id: str) -> str:
        try:
            return str(self.data.get(some_id).name)
        except (KeyError, AttributeError):
            return some_id

    def victim(self, victim: dict[str, Any]) -> str:
        return f"Seat {victim['seat'] + 1} ({victim['name']})"

    def patient(self, patient: dict[str, Any]) -> str:
        tag = f"P{self.view['patients'].index(patient) + 1}"
        return f"{tag} {patient['name']} (in {self.name(patient['room'])})"

    def room(self, room: str) -> str:
        here = [f"P{n}" for n, p in enumerate(self.view["patients"], start=1)
                if p["room"] == room]
        return self.name(room) + (f" ({' '.join(here)} there)" if here else "")

    def choice(self, plain: Choice) -> Choice:
        step = self.view["step"]
        offers = [self.relabel(o) for o in plain.offers]
        offers += [
            Offer(f"{ASYLUM_WORDS['catch']}... (which Victim, then which Patient)",
                  more=sub("A Patient catches: which Victim?",
                           [Offer(self.victim(v), more=self.catchers(v))
                            for v in self.living])),
            self.victims("kill"), self.victims("draw"),
            Offer(f"{ASYLUM_WORDS['move_patient']}... (which Patient, then the room)",
                  more=sub("Move which Patient?", [Offer(self.patient(p), more=self.rooms(p))
                                                   for p in self.patients])),
            Offer(f"{ASYLUM_WORDS['destroy']}... (which room)",
                  more=sub("Destroy which room?", [
                      Offer(self.room(r), self.a.Adjust(self.seat, "destroy", room=r))
                      for r in self.grid()])),
        ]
        card = step.get("card", "")
        return Choice("", offers, [f"The card: {self.name(card)}: {step.get('effect', '')}",
                                   "Apply it with the adjustments below, then Done."])

    def relabel(self, offer: Offer) -> Offer:
        """A legal adjustment in the box's words (other actions as they are)."""
        action: Any = offer.action
        if not isinstance(action, self.a.Adjust):
            return offer
        word = ASYLUM_WORDS.get(action.kind, action.kind)
        found = [v for v in self.view["victims"] if v["seat"] == action.target]
        return Offer(f"{word}: {self.victim(found[0])}" if found else word, action)

    def victims(self, kind: str) -> Offer:
        word = ASYLUM_WORDS[kind]
        return Offer(f"{word}... (which Victim)", more=sub(f"{word}: which Victim?", [
            Offer(self.victim(v), self.a.Adjust(self.seat, kind, target=v["seat"]))
            for v in self.living]))

    def catchers(self, victim: dict[str, Any]) -> Any:
        return sub(f"{self.victim(victim)} caught by which Patient?", [
            Offer(self.patient(p), self.a.Adjust(self.seat, "catch", target=victim["seat"],
                                                 patient=p["card"]))
            for p in self.patients])

    def rooms(self, patient: dict[str, Any]) -> Any:
        tag = f"P{self.view['patients'].index(patient) + 1}"
        return sub(f"{tag} {patient['name']} to which room?", [
            Offer(self.room(r), self.a.Adjust(self.seat, "move_patient",
                                              patient=patient["card"], room=r))
            for r in self.grid() if r != patient["room"]])

    def grid(self) -> list[str]:
        return [r for column in self.view["columns"] for r in column]


class Innsmouth:
    """Innsmouth Escape's adjustments (A-IE-03): wounds, pawns added or removed, pawns
    moved, a Shoggoth moved or taken off the board."""

    def __init__(self, seat: int, view: dict[str, Any]) -> None:
        from services.games.innsmouth_escape import actions
        from services.referee.tables.innsmouth_escape import words

        self.a, self.w, self.seat, self.view = actions, words, seat, view

    def choice(self, plain: Choice) -> Choice:
        adjusting = self.view["adjusting"]
        offers = [self.relabel(o) for o in plain.offers]
        offers += [self.colours(f"Pawns {n:+} on a cell", "which colour, then the cell",
                                lambda c, n=n: self.cells(c, n)) for n in (1, -1)]
        offers.append(self.colours("Move pawns", "which colour, from, then to",
                                   self.sources))
        offers.append(self.colours("Shoggoth", "which colour, then the cell",
                                   self.shoggoth))
        cards = ", ".join(self.w.name(c) for c in adjusting.get("cards", []))
        text = " ".join(adjusting.get("effects", []))
        return Choice("", offers, [f"The card: {cards}: {text}",
                                   "Apply it with the adjustments below, then Done."])

    def relabel(self, offer: Offer) -> Offer:
        action: Any = offer.action
        if not isinstance(action, self.a.Adjust):
            return offer
        if action.kind == "wounds":
            return Offer(f"Wounds {action.amount:+} (now {self.view['wounds']})", action)
        return Offer("Done: it is applied" if action.kind == "done" else offer.label, action)

    def colours(self, word: str, then: str, build: Any) -> Offer:
        return Offer(f"{word}... ({then})", more=sub(f"{word}: which colour?", [
            Offer(f"{colour} (pool {left})", more=build(colour))
            for colour, left in self.view["pools"].items()]))

    def pawns(self, cell: str, colour: str) -> int:
        return int(self.w.cell_pawns(self.view, cell).get(colour, 0))

    def cells(self, colour: str, amount: int) -> Any:
        left = int(self.view["pools"][colour])
        return sub(f"{colour} {amount:+}: which cell?", [
            Offer(f"{cell} ({self.pawns(cell, colour)} {colour} there)",
                  self.a.Adjust(self.seat, "pawns", colour, cell, amount=amount))
            for cell in self.w.CELLS
            if 0 <= self.pawns(cell, colour) + amount <= CAP and left - amount >= 0])

    def sources(self, colour: str) -> Any:
        return sub(f"Move {colour}: from which cell? (1 pawn)", [
            Offer(f"{cell} ({self.pawns(cell, colour)} {colour} there)",
                  more=self.targets(colour, cell))
            for cell in self.w.CELLS if self.pawns(cell, colour)])

    def targets(self, colour: str, start: str) -> Any:
        return sub(f"{start} {colour} to which cell?", [
            Offer(f"{cell} ({self.pawns(cell, colour)} {colour} there)",
                  self.a.Adjust(self.seat, "move_pawns", colour, start, cell, 1))
            for cell in self.w.CELLS if cell != start and self.pawns(cell, colour) < CAP])

    def shoggoth(self, colour: str) -> Any:
        at = self.view["shoggoths"].get(colour) or ""
        offers = [Offer(cell, self.a.Adjust(self.seat, "shoggoth", colour, to=cell))
                  for cell in self.w.CELLS if cell != at]
        if at:
            offers.append(Offer("Off board", self.a.Adjust(self.seat, "shoggoth", colour,
                                                           to="")))
        return sub(f"{colour} Shoggoth (now {at or 'off the board'}) to which cell?", offers)


class I32:
    """Innsmouth 32's adjustments (A-I32-02), grouped by kind in the box's words."""

    def __init__(self, state: State, view: dict[str, Any]) -> None:
        from services.referee.tables.innsmouth_32.menus import ADJUST_KINDS

        self.words, self.view = ADJUST_KINDS, view
        self.data: Any = getattr(state, "data", None)

    def name(self, some_id: str) -> str:
        known = self.view["survivors"].get(some_id)
        if known:
            return str(known["name"])
        try:
            return str(self.data.get(some_id).name)
        except (KeyError, AttributeError):
            return some_id

    def choice(self, plain: Choice) -> Choice:
        offers: list[Offer] = []
        kinds: dict[str, list[Offer]] = {}
        for offer in plain.offers:
            action: Any = offer.action
            kind = getattr(action, "kind", None) if getattr(action, "type", "") == "adjust" \
                else None
            if kind is None:
                offers.append(offer)
            elif kind == "done":
                offers.append(Offer("Done: it is applied", action))
            else:
                word = self.words.get(kind, kind.replace("_", " "))
                kinds.setdefault(word, []).append(Offer(
                    f"{word} {action.amount:+}: {self.name(action.survivor)}", action))
        offers += [Offer(f"{word}... (whose, +1 or -1)", more=sub(f"{word}: whose?", found))
                   for word, found in kinds.items()]
        card = self.view["step"].get("card", "")
        try:
            info = self.data.get(card)
            text = " ".join(x for x in (getattr(info, "text", ""),
                                        getattr(info, "manual_effect", "")) if x)
        except (KeyError, AttributeError):
            text = ""
        return Choice("", offers, [f"The card: {self.name(card)}: {text or 'no text'}",
                                   "Apply it with the adjustments below, then Done."])
