"""What the Escape! state shows: views per seat, sentences for players, snapshots.

A mixin of :class:`~services.games.decktet_escape.state.EscapeState` (kept apart so each file
reads in one sitting); it only reads the state's fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from services.games.core import JSON, Action, SeatAction, ShuffleResult
from services.games.decktet_escape import actions as a
from services.games.decktet_escape import physical
from services.games.decktet_escape.deck import plural

if TYPE_CHECKING:
    from services.games.decktet_escape.state import Route


class EscapeViews:
    def view(self, seat: int | None) -> JSON:
        over = self.phase == "over"
        hands = []
        if self.physical:  # the box never knows a hand: sizes only
            hands = [{"seat": s, "size": n, "hidden": True, "slots": []}
                     for s, n in enumerate(self.hand_sizes)]
        for s, hand in enumerate(self.hands):
            hidden = not over and (seat is None or s == seat)
            hands.append(
                {
                    "seat": s,
                    "size": len(hand),
                    "hidden": hidden,
                    "slots": [self._slot_view(i, c, hidden) for i, c in enumerate(hand)],
                }
            )
        data: JSON = {
            "game": self.info.id,
            "seat": seat,
            "players": self.players,
            "phase": self.phase,
            "active": self.active,
            "turn": self.turn,
            "tokens": self.tokens,
            "token_total": self.token_total,
            "draw_count": self.draw_left if self.physical else len(self.draw),
            "discard": [self.card(c).public() for c in self.discard],
            "routes": [self._route_view(r) for r in self.routes],
            "route_limit": self.route_limit(),
            "corridors_needed": self.corridors_needed,
            "escaped": [
                None if e is None else [self.card(c).public() for c in e] for e in self.escaped
            ],
            "hands": hands,
            "clues": [dict(c) for c in self.clues],
            "revealed": self.card(self.revealed).public() if self.revealed else None,
            "choice": {"kind": self.phase, "options": list(self.choices)}
            if self.phase in ("place", "give", "lose")
            else None,
            "options": dict(self.options),
            "outcome": self.result.to_json() if self.result else None,
        }
        if over:
            data["draw"] = [self.card(c).public() for c in self.draw]
        if self.physical:
            data["unseen"] = physical.unseen(self)
        return data

    def _slot_view(self, slot: int, card: str, hidden: bool) -> JSON:
        marks = {
            "slot": slot,
            "marks": list(self.marks.get(card, [])),
            "not": list(self.not_marks.get(card, [])),
        }
        return marks if hidden else {**self.card(card).public(), **marks}

    def _route_view(self, route: Route) -> JSON:
        return {
            "route": route.id,
            "cards": [self.card(c).public() for c in route.cards],
            "corridors": self.corridors(route),
            "anchor": self.anchor(route),
        }

    def describe(self, action: Action, seat: int | None = None, *,
                 settled: bool = False) -> str:
        """Escape! has no secret choice: every move is made in the open (a played card is
        revealed by the play), so every reader gets the same sentence."""
        if isinstance(action, ShuffleResult):
            return f"the box shuffles the {len(action.order)} cards and deals"
        if not isinstance(action, SeatAction):
            return action.type
        who = f"Seat {action.seat + 1}"
        if isinstance(action, a.Clue):
            return f"{who} tells Seat {action.target + 1} about {plural(action.about)}"
        if isinstance(action, a.Play):
            aim = "" if action.route is None else f" onto route {action.route}"
            return f"{who} plays the card in slot {action.slot + 1}{aim}"
        if isinstance(action, a.Discard):
            return f"{who} discards the card in slot {action.slot + 1}"
        if isinstance(action, a.PlayCard):
            aim = "" if action.route is None else f" onto route {action.route}"
            return f"{who} plays {self.card(action.card).name}{aim}"
        if isinstance(action, a.DiscardCard):
            return f"{who} discards {self.card(action.card).name}"
        if isinstance(action, a.PlaceOn):
            return f"{who} places it on route {action.route}"
        if isinstance(action, a.GiveRoute):
            return f"{who} gives the escape route to Seat {action.to + 1}"
        if isinstance(action, a.LoseRoute):
            return f"{who} lets route {action.route} be lost"
        return f"{who}: {action.type}"


    # ------------------------------------------------------------------ snapshots

    def to_json(self) -> JSON:
        return {
            "game": self.info.id,
            "format": 1,
            "deck": self.deck.to_json(),
            "players": self.players,
            "options": dict(self.options),
            "phase": self.phase,
            "draw": list(self.draw),
            "hands": [list(h) for h in self.hands],
            "hand_sizes": list(self.hand_sizes),
            "draw_left": self.draw_left,
            "marks": {k: list(v) for k, v in self.marks.items()},
            "not_marks": {k: list(v) for k, v in self.not_marks.items()},
            "discard": list(self.discard),
            "tokens": self.tokens,
            "routes": [{"id": r.id, "cards": list(r.cards)} for r in self.routes],
            "escaped": [None if e is None else list(e) for e in self.escaped],
            "active": self.active,
            "revealed": self.revealed,
            "choices": list(self.choices),
            "completed": None
            if self.completed is None
            else {"id": self.completed.id, "cards": list(self.completed.cards)},
            "disaster": None if self.disaster is None else list(self.disaster),
            "clues": [dict(c, slots=list(c["slots"])) for c in self.clues],
            "next_route": self.next_route,
            "turn": self.turn,
            "outcome": self.result.to_json() if self.result else None,
        }
