"""What the Innsmouth 32 state shows (spec 5.8): views per seat, sentences, snapshots.

Public: the screen's face-up cards ("face down" otherwise), every throng, every survivor in
play with its stats, insanity, spoints, mythos, items and horror stars, the sanctuaries, power
points, the reel and the sizes of the piles, the fade out, Turning Point and the step being
played. Nobody sees the order or the contents of the reel pile, the survivor pile, the random
victims deck or the discards (A-I32-26), nor which survivor the survivor loss took. At the end
everything is shown.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from services.games.core import (
    JSON,
    Action,
    DrawResult,
    Outcome,
    RollResult,
    ShuffleResult,
    SnapshotError,
)
from services.games.innsmouth_32 import actions as a
from services.games.innsmouth_32.extras import MORE_KINDS

SNAPSHOT_FIELDS = ("director", "phase", "todo", "current", "power", "pools", "survivors",
                   "survivor_pile", "victims", "reel_pile", "discards", "removed", "familiar",
                   "seen", "screen", "throngs", "sanctuaries", "monster_players", "reel",
                   "fade", "fade_in", "turning_point", "final", "fight", "covers",
                   "mods", "event_cards", "unseen", "sides")
PUBLIC_CURRENT = ("seat", "survivor", "purpose", "damage", "limit", "throng", "cards",
                  "choices", "card", "count", "deck", "lent")


class Views:
    def view(self: Any, seat: int | None) -> JSON:
        over = self.phase == "over"
        cur = self.current or {}
        data: JSON = {
            "game": self.info.id, "seat": seat, "players": self.players,
            "director": self.director, "phase": self.phase,
            "step": {k: cur[k] for k in PUBLIC_CURRENT if k in cur and not (
                k == "card" and self.phase == "shuffle")},
            "example_data": self.data.example, "reel": self.reel,
            "reel_pile": len(self.reel_pile), "survivor_pile": len(self.survivor_pile),
            "discards": len(self.discards), "victims_deck": self.victims_deck_size(),
            "screen": [self._slot(s) for s in self.screen],
            "throngs": [[[self._monster(c) for c in t] for t in seat_throngs]
                        for seat_throngs in self.throngs],
            "pools": [list(p) for p in self.pools], "power": list(self.power),
            "survivors": {s: self._survivor(s) for s in self.in_play()},
            "sanctuaries": [{k: list(v) if isinstance(v, list) else v for k, v in s.items()}
                            for s in self.sanctuaries],  # copies: a view never shares a list
            "event_cards": list(self.event_cards),  # R-I32-42: cards holding victims
            "removed": list(self.removed), "monster_players": list(self.monster_players),
            "fade": dict(self.fade) if self.fade else None, "fade_in": self.fade_in,
            "turning_point": self.turning_point, "final_turn": self.final,
            "options": dict(self.options),
            "outcome": self.result.to_json() if self.result else None,
        }
        data.update(self.module_view(seat))  # R-I32-80..84 (modules.py)
        if over:
            data["secrets"] = {"reel_pile": list(self.reel_pile),
                               "survivor_pile": list(self.survivor_pile),
                               "discards": list(self.discards),
                               "familiar": list(self.familiar)}
        return data

    def _slot(self: Any, slot: dict[str, Any]) -> JSON:
        if not slot["card"]:
            return {"card": "", "face_down": False}
        if slot["down"]:
            return {"card": "", "face_down": True}
        return {"card": slot["card"], "face_down": False, **self._monster(slot["card"])}

    def _monster(self: Any, card: str) -> JSON:
        info = self.data.get(card)
        if card in self.familiar:
            return {"card": card, "name": info.name, "kind": "monster", "familiar": True,
                    "value": self.value(card)}
        shown = {"card": card, "name": info.name, "kind": info.kind}
        if self.is_monster(card):
            shown["value"] = self.value(card)
        return shown

    def _survivor(self: Any, s: str) -> JSON:
        info = self.data.get(s)
        me = self.survivors[s]
        return {"name": info.name, "owner": self.owner(s), "faction": info.faction,
                "stats": {k: self.stat(s, k) for k in info.stats}, "insane": list(me["insane"]),
                "rest": me["rest"], "mythos": me["mythos"], "items": list(me["items"]),
                "stores": dict(me["stores"]), "stars": me["stars"], "where": me["where"]}

    # ------------------------------------------------------------------ sentences

    def describe(self: Any, action: Action, seat: int | None = None, *,
                 settled: bool = False) -> str:
        """A sentence for ``seat`` (None: the table). No choice of Innsmouth 32 is secret
        (the secret cultist module is not built yet), so everyone reads the same."""
        who = f"Seat {getattr(action, 'seat', 0) + 1}"
        name = self._name
        secret = self.module_describe(action, seat)  # R-I32-84: the secret cultist
        if secret is not None:
            return secret
        if isinstance(action, a.Pool):
            return f"{who} takes pool actions"
        if isinstance(action, a.Spotlight):
            return f"{who}: {name(action.survivor)} takes {name(action.card)} and acts"
        if isinstance(action, a.DrawSurvivor):
            return f"{who} draws a survivor"
        if isinstance(action, a.Act) and action.kind in MORE_KINDS:
            return str(self.describe_more(action))  # extras.py
        if isinstance(action, a.Act):
            aim = f" {name(action.target)}" if action.target else ""
            used = f" with {name(action.item)}" if action.item else ""
            stat = f" ({action.stat.upper()})" if action.stat else ""
            return f"{name(action.survivor)}: {action.kind.replace('_', ' ')}{aim}{used}{stat}"
        if isinstance(action, a.Commit | a.Negate | a.Flail):
            verb = {a.Commit: "commits", a.Negate: "negates with", a.Flail: "flails with"}[
                type(action)]
            if action.lent:  # R-I32-55
                return f"{who} {verb} {action.power} power, {action.rest} rest and " \
                    f"{action.lent} lent spoints"
            return f"{who} {verb} {action.power} power and {action.rest} rest spoints"
        if isinstance(action, a.Lend):
            return f"{who} lends {action.power} power spoints"
        if isinstance(action, a.StarAction):
            return f"{who}: {name(action.survivor)} spends a horror star for an extra action"
        if isinstance(action, a.TakeAttack):
            aim = f" and attacks {name(action.target)}" if action.target else ""
            return f"{who} takes {name(action.card)} into throng {action.throng + 1}{aim}"
        if isinstance(action, a.AllOut):
            return f"{who} makes an all-out attack"
        if isinstance(action, a.Aim):
            return f"{who} aims at {name(action.target)}"
        if isinstance(action, a.Place):
            return f"{who} places {name(action.card)} in throng {action.throng + 1}"
        if isinstance(action, a.FadeOut):
            return f"{who} fades out {name(action.card)}"
        if isinstance(action, a.Choose):
            return f"{who} chooses {name(action.value)}"
        if isinstance(action, a.Pass):
            return f"{who} passes"
        if isinstance(action, a.Adjust):
            what = action.kind.replace("_", " ")
            return f"{who} adjusts: {what} {action.amount:+d} {name(action.survivor)}"
        if isinstance(action, RollResult):
            return "The dice show " + "+".join(str(f) for f in action.faces)
        if isinstance(action, ShuffleResult):
            return f"The box shuffles the {action.deck}"
        if isinstance(action, DrawResult):
            return f"Random victim: {name(action.card)}"
        return f"{who} ends the game" if action.type == "end_game" else action.type

    def _name(self: Any, some_id: str) -> str:
        if some_id.startswith("locks:"):
            return f"the locks of {self._name(some_id[6:])}"
        if some_id.startswith("throng:"):
            return f"Seat {int(some_id.split(':')[1]) + 1}'s throng {int(some_id[-1]) + 1}"
        try:
            return str(self.data.get(some_id).name)
        except KeyError:
            return some_id

    # ------------------------------------------------------------------ snapshots

    def to_json(self: Any) -> JSON:
        snapshot: JSON = {"game": self.info.id, "format": 1, "players": self.players,
                          "options": dict(self.options)}
        for name in SNAPSHOT_FIELDS:
            snapshot[name] = json.loads(json.dumps(getattr(self, name)))
        snapshot["result"] = self.result.to_json() if self.result else None
        return snapshot

    @classmethod
    def from_snapshot(cls: Any, data: Mapping[str, Any], game_data: Any) -> Any:
        from services.games.innsmouth_32.snapshot import check_fields, check_snapshot

        check_fields(data)
        fields = {name: json.loads(json.dumps(data[name])) for name in SNAPSHOT_FIELDS}
        result = data["result"]
        state = cls(data=game_data, players=data["players"], options=dict(data["options"]),
                    fresh=False, result=Outcome.from_json(result) if result else None,
                    **fields)
        check_snapshot(state)
        if state.phase == "running":
            raise SnapshotError("phase: a snapshot is taken between steps, never 'running'")
        return state
