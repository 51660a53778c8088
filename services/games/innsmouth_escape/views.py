"""What the Innsmouth Escape state shows (spec 1.8): views per seat, sentences, snapshots.

Public: the board (tokens, pawns, Shoggoths), the Human's last revealed cell, wounds, the
tableau and VP, the weapon, the movement discard, the Rest cards of the current plot (face
up) and how many cards lie face down, hand sizes. The Human also sees his hand, his movement
cards and his plot (path and destination); Deep One players see the Deep One hands (theirs
and their allies'). Nobody sees a deck's order. At the end everything is shown.

Copies of a movement card look alike: outside the Human's own part of his view, movement
cards are named by kind (``move-2``, ``rest``), never by copy (``move-2-1``, ``rest-3``). So
are the pack's cards that have copies (:meth:`InnsmouthData.kind`; the shipped EXAMPLE pack
has none) outside the hands that hold them, in the views and in the events alike.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import fields, replace
from typing import Any

from services.games.core import (
    JSON,
    Action,
    DrawResult,
    Outcome,
    RollResult,
    ShuffleResult,
    chosen,
)
from services.games.innsmouth_escape import actions as a
from services.games.innsmouth_escape.data import HUMAN_DECKS
from services.games.kit.snapshot import snapshot_of

SNAPSHOT_FIELDS = (
    "phase", "human", "colours", "to_shuffle", "decks", "do_discard", "tokens", "pawns",
    "pools", "shoggoths", "human_cell", "movement_hand", "movement_discard", "plot",
    "last_reveal", "wounds", "hand", "known", "tableau", "weapon", "used", "do_hands",
    "round",
    "placing", "spawn_left", "submitted", "combat", "draw_queue", "step_snapshot",
    "do_played", "do_permanent", "window", "adjusting", "identify", "route", "applied",
)


class InnsmouthViews:
    def view(self: Any, seat: int | None) -> JSON:
        over = self.phase == "over"
        human = seat is not None and seat == self.human
        deep_one = seat is not None and self.human >= 0 and seat != self.human
        data: JSON = {
            "game": self.info.id,
            "seat": seat,
            "players": self.players,
            "phase": self.phase,
            "round": self.round,
            "human": self.human,
            "colours": list(self.colours),
            "example_data": self.data.example,
            "board": self._board_view(),
            "human_cell": self.human_cell,
            "wounds": self.wounds,
            "wounds_to_kill": self.threshold() if self.human >= 0 else None,
            "vp": self.vp(),
            "tableau": self._kinds(self.tableau),
            "weapon": self.data.kind(self.weapon) if self.weapon else self.weapon,
            "hand_size": len(self.hand),
            "hand_known": self._kinds(self.known),
            "movement": {
                "hand_size": len(self.movement_hand),
                "discard": [movement_kind(c) for c in self.movement_discard],
                "remaining_values": self._remaining_values(),
            },
            "plot": self._public_plot(),
            "last_reveal": self._reveal_view(),
            "route": self.full_route() if over else [list(r) for r in self.route],
            "pools": dict(self.pools),
            "shoggoths": dict(self.shoggoths),
            "deep_one_hand_sizes": {c: len(h) for c, h in self.do_hands.items()},
            "deep_one_discard": self._kinds(self.do_discard),
            "deck_sizes": None if self.physical else {d: len(c) for d, c in self.decks.items()},
            "identifying": None if self.identify is None else {
                "deck": self.identify["queue"][0][0], "left": self.identify["queue"][0][1]},
            "combat": self.combat,
            "deep_one_played": {c: self.data.kind(v) for c, v in self.do_played.items()},
            "deep_one_permanent": {c: self._kinds(v) for c, v in self.do_permanent.items()},
            "deep_one_applied": self._kinds(self.applied),
            "window": None if self.window is None else {
                "timing": self.window["timing"], "waiting": list(self.window["waiting"])},
            "adjusting": self.adjusting,
            "done": sorted(c for c in self.submitted if ":" not in c),
            "options": dict(self.options),
            "outcome": self.result.to_json() if self.result else None,
        }
        if human or over:
            data["human_private"] = {
                "hand": list(self.hand),
                "movement_hand": list(self.movement_hand),
                "plot": self.plot,
            }
        if deep_one or over:
            data["deep_one_hands"] = {c: list(h) for c, h in self.do_hands.items()}
        return data

    def _kinds(self: Any, cards: Any) -> list[str]:
        return [self.data.kind(c) for c in cards]

    def public_event(self: Any, event: Any) -> Any:
        """``event`` with each card that has copies named by kind (the events are public)."""
        changes: dict[str, Any] = {}
        for f in fields(event):
            value = getattr(event, f.name)
            if isinstance(value, str):
                changes[f.name] = self.data.kind(value)
            elif isinstance(value, tuple) and all(isinstance(v, str) for v in value):
                changes[f.name] = tuple(self.data.kind(v) for v in value)
        return replace(event, **changes) if changes else event

    def _board_view(self: Any) -> list[JSON]:
        cells = []
        for cell in self.data.cells:
            shoggoths = self.shoggoths_on(cell.id) if self.shoggoths else []
            cells.append({
                "cell": cell.id,
                "icons": {"spawn": cell.spawn, "draw": cell.draw, "shoggoth": cell.shoggoth,
                          **cell.human_icons},
                # in the decks' and colours' own order, whatever order a snapshot kept
                "tokens": _ordered(self.tokens.get(cell.id, {}), HUMAN_DECKS),
                "pawns": _ordered(self.pawns.get(cell.id, {}), self.data.colours),
                "shoggoths": shoggoths,
            })
        return cells

    def _remaining_values(self: Any) -> list[int] | None:
        """Values of the number cards not in the discard (spec 1.8 [DEC]): deducible by all."""
        if not self.options["show_remaining_values"]:
            return None
        gone = list(self.movement_discard)
        values = sorted(self.number_values())
        for card in gone:
            values.remove(int(card.split("-")[1]))
        return values

    def _reveal_view(self: Any) -> JSON | None:
        """The last reveal, its cards as values (0 = Rest): card ids are recycled, and the
        same id may lie face down in the current plot."""
        if self.last_reveal is None:
            return None
        shown = {k: v for k, v in self.last_reveal.items() if k != "cards"}
        return {**shown, "values": [_value(c) for c in self.last_reveal["cards"]]}

    def _public_plot(self: Any) -> JSON | None:
        if self.plot is None:
            return None
        rests = [movement_kind(c) for c in self.plot["cards"] if c.startswith("rest")]
        return {"face_down": len(self.plot["cards"]) - len(rests), "rests": rests}

    # ------------------------------------------------------------------ the route

    def full_route(self: Any) -> list[list[str]]:
        """Every revealed path, and at the end the last plot nobody saw (marked by the
        picture): the Human's whole hidden route."""
        route = [list(r) for r in self.route]
        if self.plot is not None and self.phase == "over":
            route.append(list(self.plot["path"]))
        return route

    def pictures(self: Any) -> dict[str, list[str]]:
        """The Human's route on the map, as text: S the start, then the round in which each
        cell was entered (the last visit wins); * the last plot, never revealed."""
        if not self.route:
            return {}
        marks: dict[str, str] = {}
        for n, path in enumerate(self.full_route()):
            unrevealed = self.plot is not None and n == len(self.route)
            for cell in path if n == 0 else path[1:]:
                marks[cell] = "S" if n == 0 else "*" if unrevealed else str(n)
        columns = sorted({c.id[0] for c in self.data.cells})
        rows = sorted({int(c.id[1:]) for c in self.data.cells})
        lines = ["    " + "".join(f"{c:>3}" for c in columns)]
        for row in rows:
            lines.append(f"{row:>4}" + "".join(f"{marks.get(f'{c}{row}', '.'):>3}"
                                               for c in columns))
        lines.append("S: start; N: the move plotted in round N; *: the last plot, never revealed")
        return {"human_route": lines}

    # ------------------------------------------------------------------ sentences

    def sealed(self: Any) -> frozenset[int]:
        """The Deep One inputs of a step not yet applied (A-IE-21: every player's input is
        applied together); spawning in seat order places each input at once."""
        phase = self.phase
        if phase == "adjust" and self.adjusting:
            phase = self.adjusting["resume"]
        if phase not in ("do_move", "do_summon", "do_spawn") or (
                phase == "do_spawn" and self.options["spawn_sequential_in_seat_order"]):
            return frozenset()
        return frozenset(self.seat_of(c) for c in self.submitted if ":" not in c)

    def describe(self: Any, action: Action, seat: int | None = None, *,
                 settled: bool = False) -> str:
        who = f"Seat {getattr(action, 'seat', 0) + 1}"
        if self.conceals(action, seat, settled):
            return chosen(action)
        if isinstance(action, a.PlacePawns):
            return f"{who} places Deep Ones on {', '.join(action.cells)}"
        if isinstance(action, a.PlaceHuman):
            return f"The Human starts on {action.cell}"
        if isinstance(action, a.Plot):
            return self._describe_plot(action, seat)
        if isinstance(action, a.SpawnHere):
            return f"The Human's cards spawn {', '.join(action.colours)} Deep Ones"
        if isinstance(action, a.Fight):
            return "The Human fights"
        if isinstance(action, a.Kill):
            return f"The Human kills {', '.join(action.colours)} Deep Ones"
        if isinstance(action, a.Equip):
            return f"The Human equips {self._card_name(action.card)}"
        if isinstance(action, a.UseCard):
            return f"The Human plays {self._card_name(action.card)}"
        if isinstance(action, a.Identify):
            drawn = f" {self._card_name(action.card)}" if seat == action.seat else ""
            return f"The Human tells the box the card{drawn} he drew"
        if isinstance(action, a.MoveDeepOnes):
            shoggoth = f" and the Shoggoth to {action.shoggoth}" if action.shoggoth else ""
            return f"{who} moves {len(action.pawns)} Deep Ones{shoggoth}"
        if isinstance(action, a.Summon):
            return f"{who} summons on {action.cell}" if action.cell else f"{who} does not summon"
        if isinstance(action, a.Spawn):
            return f"{who} spawns on {', '.join(action.cells)}"
        return self._describe_deep_one_card(action, who)

    def _describe_plot(self: Any, action: a.Plot, seat: int | None) -> str:
        """The plot's cards are the Human's secret (R-IE-10); only he reads them."""
        if seat != action.seat:
            return "The Human plots his movement"
        directions = iter(action.directions)
        steps = [f"{_value(c)} {next(directions, '?')}" if _value(c) else "Rest"
                 for c in action.cards]
        return f"The Human plots {', '.join(steps)}"

    def _describe_deep_one_card(self: Any, action: Action, who: str) -> str:
        if isinstance(action, a.PlayDeepOneCard):
            return f"{who} plays {self._card_name(action.card)}"
        if isinstance(action, a.ApplyCard):
            return f"{who}'s {self._card_name(action.card)} acts again"
        if isinstance(action, a.Pass):
            return f"{who} passes"
        if isinstance(action, a.Adjust):
            return f"{who} adjusts {action.kind.replace('_', ' ')}"
        if isinstance(action, RollResult):
            return f"The dice show {', '.join(str(f) for f in action.faces)}"
        if isinstance(action, ShuffleResult):
            return f"The box shuffles the {action.deck.replace('_', ' ')} deck"
        if isinstance(action, DrawResult):
            return f"Seat {int(action.card) + 1} plays the Human"
        return action.type

    def _card_name(self: Any, card: str) -> str:
        return str(self.data.card(card).name)

    # ------------------------------------------------------------------ snapshots

    def to_json(self: Any) -> JSON:
        return snapshot_of(self, SNAPSHOT_FIELDS)

    @classmethod
    def from_snapshot(cls: Any, data: Mapping[str, Any], pack: Any) -> Any:
        fields = json.loads(json.dumps({name: data[name] for name in SNAPSHOT_FIELDS}))
        state = cls(data=pack, players=int(data["players"]), options=dict(data["options"]),
                    **fields)
        state.result = Outcome.from_json(data["result"]) if data["result"] else None
        return state


def _value(card: str) -> int:
    return 0 if card.startswith("rest") else int(card.split("-")[1])


def movement_kind(card: str) -> str:
    """What the table sees of a movement card: ``move-2`` for ``move-2-1``, ``rest`` for any
    Rest. Copies look alike, so no channel but the Human's own names the copy."""
    value = _value(card)
    return f"move-{value}" if value else "rest"


def _ordered(counts: Mapping[str, int], order: tuple[str, ...]) -> dict[str, int]:
    """``counts`` with its keys in ``order`` (any others after them, sorted)."""
    rank = {key: i for i, key in enumerate(order)}
    return {k: counts[k] for k in sorted(counts, key=lambda k: (rank.get(k, len(rank)), k))}
