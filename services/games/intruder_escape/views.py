"""What the Intruder Escape state shows: views per seat, sentences, snapshots.

A mixin of :class:`~services.games.intruder_escape.state.IntruderState`; it only reads the
state's fields. Section 2.9 of the spec decides what each seat sees: its own identity (and the
other Intruders, for an Intruder with 4+ players), its own hand; rows, escape items, lives and
the discard pile are public; the center deck order is nobody's, except a card turned face up.

Copies of a card look alike on the table, so every card a seat does not hold is named by its
kind (``knife``), never by its instance id (``knife-2``): which copy was played or turned up
would tell which one a seat kept. Only the seat's own hand (``you.hand``, ``you.choice``, the
card it took in ``follow``) keeps instance ids, which its actions name.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
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
from services.games.intruder_escape import actions as a
from services.games.intruder_escape.rows import Placed, evaluate
from services.games.kit.snapshot import snapshot_of

SNAPSHOT_FIELDS = (
    "phase", "characters", "identity_cards", "spare_identity", "ready", "lives_lost", "center",
    "top_exposed", "discard", "removed", "hands", "known", "items", "turns_taken", "skip_next",
    "immune", "home_used", "medkit_used", "used_once", "choices", "bottom_batch", "round",
    "first", "lap", "pos", "active", "follow", "follow_seen", "die", "queue", "after",
    "revealed", "camera", "seq", "assessment", "rolls",
)


class IntruderViews:
    # ------------------------------------------------------------------ identities

    def sees_identity(self: Any, viewer: int | None, seat: int) -> bool:
        if self.phase == "over" or self.revealed[seat]:
            return True
        if viewer is None or not self.identity_cards:
            return False
        if viewer == seat:
            return True
        return bool(self.wake_up() and self.identity(viewer) == "intruder"
                    and self.identity(seat) == "intruder")

    # ------------------------------------------------------------------ views

    def view(self: Any, seat: int | None) -> JSON:
        over = self.phase == "over"
        data: JSON = {
            "game": self.info.id,
            "seat": seat,
            "players": self.players,
            "phase": self.phase,
            "round": self.round,
            "lap": self.lap,
            "first": self.first,
            "active": self.active,
            "order": self.order(),
            "center_count": len(self.center),
            "top_card": self.kind(self.center[0]) if self.top_exposed and self.center else None,
            "discard": self._discard_view(),
            "removed": [self.kind(c) for c in self.removed],
            "seats": [self._seat_view(seat, s) for s in range(self.players)],
            "camera": {**self.camera, "cards": sorted(self.kind(c) for c in self.camera["cards"])}
            if self.camera else None,
            "assessment": self.assessment,
            "die": self._die_view(),
            "follow": self._follow_view(seat),
            "returning": self._returning_view(),
            "used_once": list(self.used_once),
            "waiting": [p.to_json()["actor"] for p in self.pending()
                        if p.actor == "seat"] if self.phase != "keep" else [],
            "options": dict(self.options),
            "outcome": self.result.to_json() if self.result else None,
        }
        if seat is not None:
            data["you"] = self._private_view(seat)
        if over:
            data["hands"] = [sorted(self.kind(c) for c in h) for h in self.hands]
            data["spare_identity"] = (self.spare_identity.rsplit("-", 1)[0]
                                      if self.spare_identity else None)
        return data

    def _returning_view(self: Any) -> JSON | None:
        if not self.queue:
            return None
        step = dict(self.queue[0])
        if "card" in step:
            step["card"] = self.kind(step["card"])
        return step

    def _discard_view(self: Any) -> JSON:
        view: JSON = {"count": len(self.discard)}
        if self.options["discard_public"]:
            view["cards"] = dict(sorted(Counter(self.kind(c) for c in self.discard).items()))
        return view

    def _seat_view(self: Any, viewer: int | None, s: int) -> JSON:
        character = self.characters[s]
        result = evaluate(self.rows[s], self.data, self.row_rules)
        return {
            "seat": s,
            "character": character,
            "character_name": self._character_name(character) if character else None,
            "alive": self.alive(s),
            "lives_left": self.lives_left(s),
            "lives_lost": list(self.lives_lost[s]),
            "identity": self.identity(s) if self.sees_identity(viewer, s) else None,
            "revealed": self.revealed[s],
            "items": [self.kind(c) for c in self.items[s]],
            "row": [self._placed_view(p, step) for p, step in zip(self.rows[s], result.steps,
                                                                   strict=True)],
            "damage": result.damage,
            "running": result.running,
            "cards_on": sum(1 for p in self.rows[s]
                            if self.data.card(p.card).category != "escape_item"),
            "turns_taken": self.turns_taken[s],
            "skip_next": self.skip_next[s],
            "immune": self.immune == s,
            "home_used": self.home_used[s],
            "medkit_used": self.medkit_used[s],
            "hand_size": len(self.hands[s]),
            "known": list(self.known[s]),
            "choosing": self.phase == "keep" and self.alive(s) and self.choices[s] is None,
            "ready": self.ready[s],
        }

    def _placed_view(self: Any, placed: Placed, step: Any) -> JSON:
        return {**placed.to_json(), "card": self.kind(placed.card),
                "name": self.name(placed.card),
                "nullified_by": self.kind(step.nullified_by) if step.nullified_by else None,
                "change": step.change, "total": step.total,
                "doubled": self.kind(step.doubled) if step.doubled else None,
                "restores_life": step.restores_life}

    def _die_view(self: Any) -> JSON | None:
        if self.die is None and self.phase != "turn":
            return None
        if self.die is None:
            return {"purpose": None, "rolls": list(self.rolls)}
        return {**self.die, "rolls": list(self.rolls)}

    def _follow_view(self: Any, viewer: int | None) -> JSON | None:
        if self.follow is None or self.active is None:
            return None
        if viewer == self.active:  # in the seat's own hand: the copy its actions name
            return {"seat": self.active, "card": self.follow}
        return {"seat": self.active,
                "card": self.kind(self.follow) if self.follow_seen else None}

    def _private_view(self: Any, seat: int) -> JSON:
        identity = self.identity(seat) or None
        fellows = [s for s in range(self.players) if s != seat and self.wake_up()
                   and identity == "intruder" and self.identity(s) == "intruder"]
        return {
            "identity": identity,
            "fellows": fellows,
            "hand": list(self.hands[seat]),
            "choice": self.choices[seat],
        }

    # ------------------------------------------------------------------ sentences

    def sealed(self: Any) -> frozenset[int]:
        """The keep choices made while others still choose (R-IX-05): Nobody's Home is
        announced once every choice is in; which cards were kept, never."""
        if self.phase != "keep":
            return frozenset()
        return frozenset(s for s in range(self.players) if self.choices[s] is not None)

    def describe(self: Any, action: Action, seat: int | None = None, *,
                 settled: bool = False) -> str:
        if isinstance(action, a.ChooseCharacter):
            return f"Seat {action.seat + 1} plays {self._character_name(action.character)}"
        if isinstance(action, a.Ready):
            return f"Seat {action.seat + 1} has seen their identity"
        if isinstance(action, a.Keep):
            return self._describe_keep(action, seat, settled)
        if isinstance(action, a.Play):
            return self._describe_play(action)
        if isinstance(action, a.Skip):
            return f"Seat {action.seat + 1} skips"
        if isinstance(action, a.Hold):
            return f"Seat {action.seat + 1} keeps the card taken"
        if isinstance(action, a.Reveal):
            return (f"Seat {action.seat + 1} shows their identity" if action.show
                    else f"Seat {action.seat + 1} keeps their identity secret")
        if isinstance(action, RollResult):
            return f"The die shows {action.faces[0]}"
        if isinstance(action, ShuffleResult):
            return f"The box shuffles the {action.deck} pile"
        if isinstance(action, DrawResult):
            return "The escape item goes back into the center deck"
        return action.type

    def _describe_keep(self: Any, action: a.Keep, seat: int | None, settled: bool) -> str:
        who = f"Seat {action.seat + 1}"
        if self.conceals(action, seat, settled):
            return chosen(action)
        if action.home:
            return f"{who} uses Nobody's Home"
        if seat == action.seat:
            return f"{who} keeps {_names(self, action.keep)}"
        return f"{who} keeps {len(action.keep)} cards"

    def _describe_play(self: Any, action: a.Play) -> str:
        name = self.name(action.card)
        who = f"Seat {action.seat + 1}"
        if action.take is not None:
            return (f"{who} plays Snatch on Seat {action.target + 1}, taking "
                    f"{self.name(action.take)}")
        if action.target is None:
            return f"{who} plays {name}"
        on = "themselves" if action.target == action.seat else f"Seat {action.target + 1}"
        return f"{who} plays {name} on {on}"

    # ------------------------------------------------------------------ snapshots

    def to_json(self: Any) -> JSON:
        return snapshot_of(self, SNAPSHOT_FIELDS,
                           rows=[[p.to_json() for p in row] for row in self.rows])

    @classmethod
    def from_snapshot(cls: Any, data: Mapping[str, Any], cards: Any) -> Any:
        copied = _copy({name: data[name] for name in SNAPSHOT_FIELDS if name in data})
        if "follow_seen" not in copied:  # an older snapshot: the taken card was then known
            follow, active = copied["follow"], copied["active"]
            copied["follow_seen"] = bool(follow and active is not None
                                         and follow in copied["known"][active])
        copied["known"] = [[cards.card(c).id for c in seen] for seen in copied["known"]]
        if copied["camera"]:
            copied["camera"]["cards"] = sorted(cards.card(c).id
                                               for c in copied["camera"]["cards"])
        fields = {name: copied[name] for name in SNAPSHOT_FIELDS}
        state = cls(data=cards, players=int(data["players"]), options=dict(data["options"]),
                    **fields)
        state.rows = [[Placed(p["card"], int(p["by"]), int(p["seq"])) for p in row]
                      for row in data["rows"]]
        state.result = Outcome.from_json(data["result"]) if data["result"] else None
        return state


def _names(state: Any, cards: tuple[str, ...]) -> str:
    names = [state.name(c) for c in cards]
    if len(names) < 2:
        return "".join(names) or "no card"
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _copy(value: Any) -> Any:
    """A deep copy made of plain JSON types (the json module does it in C)."""
    return json.loads(json.dumps(value))
