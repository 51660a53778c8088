"""What the Asylum Escape state shows (spec 4.8): views per seat, sentences, snapshots.

Public: the grid (columns of room ids, names, colours), destroyed rooms, every Patient (card,
Catching Stat, room), every Victim card and whether its player is alive, hand sizes, held
cards, the rooms revealed by catches, Stumbles and deaths, the face-up discards, deck sizes and
the step being played. A Victim also sees their own room, hand and route. Nobody sees a deck's
order. At the end everything is shown.

Copies of a card look alike (``camo-hide-1`` .. ``camo-hide-4``): outside a Victim's own hand
and held card, a card that has copies is named by its kind (``camo-hide``, see
:meth:`AsylumData.kind`), in the views and in the events alike.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import fields, replace
from typing import Any

from services.games.asylum_escape import actions as a
from services.games.asylum_escape.snapshot import check_fields, check_snapshot
from services.games.core import (
    JSON,
    Action,
    DrawResult,
    FlipResult,
    Outcome,
    RollResult,
    ShuffleResult,
    SnapshotError,
    chosen,
)
from services.games.kit.snapshot import snapshot_of

SNAPSHOT_FIELDS = ("patients_seat", "phase", "todo", "current", "columns", "layout",
                   "destroyed", "decks", "discards", "patients", "victims", "turn", "window",
                   "triggered", "kills", "caught", "dead_rooms")
PUBLIC_CURRENT = {  # the parts of ``current`` everyone may see, by phase
    "victim_card": ("seat",), "start_rooms": ("waiting",), "flip": ("patient",),
    "patient_move": ("patient", "steps"), "kill_roll": ("seat", "patient"),
    "choose_room": ("purpose", "patient", "seat", "rooms"), "victim_draw": ("seat",),
    "victim_act": ("seat", "move"), "move": ("seat", "steps", "purpose"),
    "window": ("timing", "waiting", "turn", "patient", "saved"),
    "adjust": ("seat", "card", "effect"), "shuffle": ("deck",), "discard": ("seat",),
    "lay_out": ("rooms",), "identify": ("seat", "deck", "purpose"),
}


def route_marks(victim: dict[str, Any]) -> dict[str, str]:
    """A Victim's route as marks by room: S the start, N (last digit) a room entered on move
    N (the last visit wins), X the room where the Victim died."""
    marks: dict[str, str] = {}
    for n, leg in enumerate(victim["route"]):
        for room in leg:
            marks[room] = "S" if n == 0 else str(n % 10)
    if not victim["alive"] and victim["room"]:
        marks[victim["room"]] = "X"
    return marks


class AsylumViews:
    def view(self: Any, seat: int | None) -> JSON:
        over = self.phase == "over"
        cur = self.current or {}
        data: JSON = {
            "game": self.info.id,
            "seat": seat,
            "players": self.players,
            "phase": self.phase,
            "step": {k: self._public_card(k, cur[k]) for k in PUBLIC_CURRENT.get(self.phase, ())
                     if k in cur},
            "turn": self.turn,
            "mode": self.options["mode"],
            "final_window": self.window,
            "patients_seat": self.patients_seat,
            "example_data": self.data.example,
            "columns": [list(c) for c in self.columns],
            "layout": [list(c) for c in self.layout],
            "rooms": {r: {"name": self.data.get(r).name, "colour": self.data.get(r).colour}
                      for r in self.grid.rooms()},
            "destroyed": list(self.destroyed),
            "patients": [{**p, "name": self.data.get(p["card"]).name,
                          "catching_stat": list(self.data.get(p["card"]).catching_stat)}
                         for p in self.patients],
            "victims": [self._public_victim(v, over, seat) for v in self.victims],
            "deck_sizes": {d: self.pile(d) for d in self.decks},
            "discards": {d: [self.data.kind(x) for x in c] for d, c in self.discards.items()},
            "options": dict(self.options),
            "outcome": self.result.to_json() if self.result else None,
        }
        if seat is not None and self.is_victim(seat):
            mine = self.victim(seat)
            data["private"] = {"room": mine["room"], "hand": list(mine["hand"]),
                               "route": [list(r) for r in mine["route"]]}
        return data

    def _public_card(self: Any, key: str, value: Any) -> Any:
        """A field of the step as the table sees it: a card by kind."""
        return self.data.kind(value) if key in ("card", "saved") and value else value

    def public_event(self: Any, event: Any) -> Any:
        """``event`` with each card that has copies named by kind (the events are public)."""
        changes: dict[str, Any] = {}
        for name in ("card", "held", "discarded"):
            value = getattr(event, name, None)
            if isinstance(value, str):
                changes[name] = self.data.kind(value)
            elif isinstance(value, tuple):  # (seat, card) pairs
                changes[name] = tuple((s, self.data.kind(c)) for s, c in value)
        names = {f.name for f in fields(event)}
        return replace(event, **{k: v for k, v in changes.items() if k in names})

    def _public_victim(self: Any, victim: dict[str, Any], over: bool,
                       viewer: int | None) -> JSON:
        card = self.data.get(victim["card"]) if victim["card"] else None
        held = victim["held"]
        if held and viewer != victim["seat"] and not over:  # the owner's own card keeps its id
            held = self.data.kind(held)
        shown: JSON = {
            "seat": victim["seat"], "card": victim["card"],
            "name": card.name if card else "", "positive": card.positive if card else "",
            "negative": card.negative if card else "", "alive": victim["alive"],
            "hand_size": len(victim["hand"]), "held": held,
            "mulligan": victim["mulligan"], "revealed": victim["revealed"],
        }
        if over:
            shown.update(room=victim["room"], hand=list(victim["hand"]),
                         route=[list(r) for r in victim["route"]])
        return shown

    def pictures(self: Any) -> dict[str, list[str]]:
        """Every Victim's hidden route, move by move (for the transcript of a finished game)."""
        lines = []
        for victim in self.victims:
            steps = [" > ".join(self._name(r) for r in leg) or "stays"
                     for leg in victim["route"]]
            fate = "alive" if victim["alive"] else "dead"
            lines.append(f"Seat {victim['seat'] + 1} ({fate}): " + " | ".join(steps))
        if not lines:
            return {}
        return {"victim_routes": lines, **{f"route_seat_{v['seat'] + 1}": self.route_map(v)
                                           for v in self.victims if self.layout}}

    def route_map(self: Any, victim: dict[str, Any]) -> list[str]:
        """One Victim's route on the layout as first laid out (rows top to bottom): S the
        start room, N a room entered on the Victim's move N (the last visit wins), X where
        the Victim died, # a room destroyed, . any other room."""
        marks = route_marks(victim)
        width = max(len(self._name(r)) for c in self.layout for r in c) + 3
        lines = []
        for height in reversed(range(max(len(c) for c in self.layout))):
            cells = []
            for column in self.layout:
                room = column[height] if height < len(column) else ""
                mark = marks.get(room, "#" if room in self.destroyed else ".")
                cells.append(f"{mark:>2} {self._name(room)}".ljust(width))
            lines.append("".join(cells).rstrip())
        fate = "alive" if victim["alive"] else "dead"
        return [f"Seat {victim['seat'] + 1} ({fate}): S start, N move N, X died, "
                "# destroyed", *lines]

    # ------------------------------------------------------------------ sentences

    def sealed(self: Any) -> frozenset[int]:
        """The Victims who chose their start room while others still choose (R-AE-06)."""
        if self.phase != "start_rooms":
            return frozenset()
        return frozenset(s for s in self.alive() if s not in self.current["waiting"])

    def describe(self: Any, action: Action, seat: int | None = None, *,
                 settled: bool = False) -> str:
        """A sentence for ``seat`` (None: the table). A Victim's start room and moves are
        named only to that Victim, even once settled: the rules never reveal a path."""
        who = f"Seat {getattr(action, 'seat', 0) + 1}"
        if self.conceals(action, seat, settled):
            return chosen(action)
        own = seat is not None and seat == getattr(action, "seat", None)
        name = self._name
        if isinstance(action, a.StartRoom):
            return f"{who} starts in {name(action.room)}" if own else \
                f"{who} has chosen a start room"
        if isinstance(action, a.Move):
            if not own:
                return f"{who} moves in secret"
            return f"{who} moves to {name(action.path[-1])}" if action.path else \
                f"{who} stays put"
        if isinstance(action, a.LayRoom):
            return f"{who} lays {name(action.room)}"
        if isinstance(action, a.Identify):
            return self._identify_sentence(action, who, own)
        if isinstance(action, a.Keep):
            return f"{who} keeps their Victim card"
        if isinstance(action, a.Mulligan):
            return f"{who} takes a mulligan"
        if isinstance(action, a.ChooseRoom):
            return f"The Patients player chooses {name(action.room)}"
        if isinstance(action, a.MovePatient):
            where = " > ".join(name(r) for r in action.path) or "stays put"
            return f"{name(action.patient)} moves: {where}"
        if isinstance(action, a.DrawCard):
            return f"{who} draws a {'Camo/Sabo' if action.deck == 'camo_sabo' else 'Movement'}" \
                " card"
        if isinstance(action, a.SkipDraw):
            return f"{who} draws nothing"
        if isinstance(action, a.PlayCard):
            aim = f" on Seat {action.target + 1}" if action.target >= 0 else ""
            return f"{who} plays {name(action.card)}{aim}"
        if isinstance(action, a.EndTurn):
            return f"{who} ends their turn"
        if isinstance(action, a.Pass):
            return f"{who} passes"
        if isinstance(action, a.Adjust):
            return self._adjust_sentence(action, who)
        if isinstance(action, RollResult):
            return f"The die shows {action.faces[0]}"
        if isinstance(action, FlipResult):
            return "The coin shows heads" if action.heads else "The coin shows tails"
        if isinstance(action, ShuffleResult):
            return f"The box shuffles the {action.deck.replace('_', '/')} cards"
        if isinstance(action, DrawResult):
            if action.deck == "hand":
                return f"{self._name(action.card)} is discarded at random"
            return f"Seat {int(action.card) + 1} plays the Patients"
        return action.type

    def _adjust_sentence(self: Any, action: a.Adjust, who: str) -> str:
        """An adjustment in plain words (a Bloodlust card's effect, A-AE-22)."""
        name, target = self._name, f"Seat {action.target + 1}"
        if action.kind == "reveal":
            return f"{who} makes {target} reveal their room"
        if action.kind == "destroy":
            return f"{who} destroys {name(action.room)}"
        if action.kind == "move_patient":
            return f"{who} moves {name(action.patient)} to {name(action.room)}"
        if action.kind == "done":
            return f"{who} is done with the card"
        return f"{who} adjusts: {action.kind}"

    def _identify_sentence(self: Any, action: a.Identify, who: str, own: bool) -> str:
        """A Camo/Sabo card that is not a Hold card is named to its owner only (physical
        decks: into the hand, or forced out of it and then shown by its own event); any other
        card told goes face-up at once."""
        try:
            info = self.data.get(action.card)
        except KeyError:
            return f"{who} tells the box a card"
        if action.card in self.data.deck("camo_sabo") and not info.hold and not own:
            return f"{who} tells the box a Camo/Sabo card"
        if action.card in self.data.deck("movement"):
            words = "Stumble Into Nearest Patient" if info.stumble else f"Movement {info.value}"
            return f"{who} tells the box: {words}"
        return f"{who} tells the box: {info.name}"

    def _name(self: Any, some_id: str) -> str:
        try:
            return str(self.data.get(some_id).name)
        except KeyError:
            return some_id

    # ------------------------------------------------------------------ snapshots

    def to_json(self: Any) -> JSON:
        return snapshot_of(self, SNAPSHOT_FIELDS)

    @classmethod
    def from_snapshot(cls: Any, data: Mapping[str, Any], pack: Any) -> Any:
        check_fields(data)
        fields = json.loads(json.dumps({name: data[name] for name in SNAPSHOT_FIELDS}))
        state = cls(data=pack, players=int(data["players"]), options=dict(data["options"]),
                    fresh=False, **fields)
        result = data["result"]
        if result is not None:
            if set(result) != {"result", "winners", "reason", "rule"} or not isinstance(
                    result["winners"], list) or not all(
                    isinstance(w, int) for w in result["winners"]):
                raise SnapshotError("result: must have result, winners, reason and rule")
            state.result = Outcome.from_json(result)
        check_snapshot(state)
        return state
