"""Survivors of Innsmouth 32 between the fights: eliminations and familiar faces (R-I32-50,
R-I32-54), mythos attacks and the BRAINS test (R-I32-57, R-I32-58), searches (R-I32-13,
R-I32-63, A-I32-23), sanctuaries (R-I32-63..65), random victims (R-I32-33), event effects and
insanity (R-I32-60, R-I32-61, A-I32-15)."""

from __future__ import annotations

from typing import Any

from services.games.core import Event
from services.games.innsmouth_32 import actions as a
from services.games.innsmouth_32 import dice, explain

KEEP = ("item", "power_play", "popcorn")


class People:
    # ------------------------------------------------------------------ eliminations

    def eliminate(self: Any, s: str, overkill: bool, placer: int) -> list[Event]:
        """R-I32-50: the victims card is removed, items go to the discards, horror stars are
        lost; the survivor becomes a familiar face (a head shot: placed at once by ``placer``,
        R-I32-51), unless overkill removes it from play (R-I32-54)."""
        me = self.survivors.pop(s)
        seat = self.owner(s)
        self.pools[seat].remove(s)
        for sanctuary in self.sanctuaries:
            if s in sanctuary["occupants"]:
                sanctuary["occupants"].remove(s)
        self.discards.extend(me["items"])
        self.event_check()  # an event card without victims is discarded (snatched.py)
        if s in self.victims:
            self.victims.remove(s)
        name = self.card_name(s)
        if overkill:
            self.removed.append(s)
            return [a.Told("R-I32-54", f"{name} is lost to overkill: removed from play")]
        self.familiar.append(s)
        self.seen.append(s)  # the table saw it fall: its place in the discards is public
        events: list[Event] = [a.Told("R-I32-50", f"{name} is eliminated and becomes a "
                                      "familiar face")]
        self.discards.append(s)  # a head shot's face is taken from there at once
        if placer >= 0 and self.throng_slots(placer):
            self.push(["place_face", placer, s])
        return events

    def step_place_face(self: Any, seat: int, card: str) -> list[Event]:
        if card not in self.discards or not self.throng_slots(seat):
            return []
        return self.wait("place", seat=seat, cards=[card], purpose="face")

    # ------------------------------------------------------------------ mythos

    def can_banish(self: Any, s: str, target: str, item: str = "") -> bool:
        """Enough mythos on the survivor (and in ``item``'s store) for the target's value."""
        me = self.survivors[s]
        if self.overkill_only(target):
            return False  # R-I32-80, R-I32-84
        store = me["stores"].get(item, 0) if item else 0
        return me["mythos"] + store >= self.value(target)

    def banish(self: Any, s: str, target: str, item: str) -> list[Event]:
        """R-I32-58: spend mythos equal to the value (an item's store first), then the
        monster saves on 2d6."""
        me = self.survivors[s]
        cost = self.value(target)
        from_item = min(cost, me["stores"].get(item, 0)) if item else 0
        if item:
            me["stores"][item] -= from_item
        me["mythos"] -= cost - from_item
        penalty = self.data.get(item).save_penalty if item and from_item else 0
        self.fight = {"kind": "banish", "target": target, "penalty": penalty}
        self.push(["roll", 2, f"{self.card_name(target)} saves against mythos", "R-I32-58",
                   ["saved"]])
        return [a.Told("R-I32-58", f"{self.card_name(s)} spends {cost} mythos on "
                       f"{self.card_name(target)}")]

    def step_saved(self: Any, faces: list[int]) -> list[Event]:
        f = self.fight
        target = f["target"]
        result = dice.mythos_save((faces[0], faces[1]), self.value(target), f["penalty"])
        words = f"{self.card_name(target)} {self.value(target)}" + (
            f" - penalty {f['penalty']}" if f["penalty"] else "")
        if result in ("banished", "obliterated") and target in self.monster_targets():
            self.lose_monster(target, result == "obliterated")
        if result in ("immune", "obliterated"):
            return [a.Told("R-I32-58", f"Save {explain.faces(faces)}: {result}")]
        return [a.Told("R-I32-58", "Save " + explain.test(
            faces, self.value(target) - f["penalty"], words, result == "unaffected", result))]

    def step_s_test(self: Any, s: str, stat: str, then: str) -> list[Event]:
        base = self.stat(s, stat)
        self.fight = {"kind": "test", "base": base, "spent": 0, "stat": stat}
        self.push(["commit", s, f"the {stat.upper()} test", dice.target_spoints_limit(base)],
                  ["roll", 2, f"{self.card_name(s)} tests {stat.upper()}", "R-I32-40",
                   ["tested", s, then]])
        return []

    def step_tested(self: Any, s: str, then: str, faces: list[int]) -> list[Event]:
        target = dice.effective_target(self.fight["base"], self.fight["spent"])
        ok = dice.passes((faces[0], faces[1]), target)
        stat = self.fight["stat"]
        words = explain.aim(stat.upper(), self.fight["base"], self.fight["spent"],
                            s in self.survivors and stat in self.survivors[s]["insane"])
        events: list[Event] = [a.Told("R-I32-40", explain.test(
            faces, target, words, ok, "success" if ok else "failure"))]
        if not ok:
            self.offer_star(s, ["tested", s, then])
        if ok and s in self.survivors and then == "mythos":
            self.survivors[s]["mythos"] += self.reel  # R-I32-13: REEL# mythos
            events.append(a.Told("R-I32-57", f"{self.card_name(s)} gains {self.reel} mythos"))
        return events

    # ------------------------------------------------------------------ searches

    def step_shuffle_search(self: Any, s: str, count: int) -> list[Event]:
        self.push(["shuffle", "discards", ""], ["searched", s, count])
        return []

    def step_searched(self: Any, s: str, count: int) -> list[Event]:
        """Draw ``count`` discards (A-I32-23: what exists), keep items, power plays and popcorn
        while the survivor can hold them, return the rest."""
        if s not in self.survivors:
            return []
        drawn, self.discards = self.discards[:count], self.discards[count:]
        kept: list[str] = []
        for card in drawn:
            info = self.data.get(card) if card not in self.familiar else None
            room = info is not None and info.kind in KEEP and (
                info.kind == "popcorn" or len(self.survivors[s]["items"]) < 2)
            if not room:
                if info is not None and info.kind in KEEP and self.store_found(s, card):
                    kept.append(f"{info.name} (stored)")  # R-I32-65 (extras.py)
                else:
                    self.discards.append(card)
                continue
            kept.append(info.name)
            if info.kind == "popcorn":
                self.survivors[s]["rest"] = min(7, self.survivors[s]["rest"] + info.rest)
                self.discards.append(card)
            else:
                self.survivors[s]["items"].append(card)
                if info.mythos and info.kind == "item":
                    self.survivors[s]["stores"][card] = info.mythos
                elif info.mythos:
                    self.survivors[s]["mythos"] += info.mythos
            if card not in self.seen:
                self.seen.append(card)
        found = ", ".join(kept) or "nothing"
        return [a.Told("R-I32-13", f"{self.card_name(s)} searches {len(drawn)} discards: "
                       f"keeps {found}")]

    # ------------------------------------------------------------------ sanctuaries

    def step_investigated(self: Any, s: str, faces: list[int]) -> list[Event]:
        if s not in self.survivors or not self.survivors[s]["where"]:
            return []
        sanctuary = self.sanctuary(self.survivors[s]["where"])
        gain = min(faces[0], sanctuary["mythos"])  # R-I32-63
        sanctuary["mythos"] -= gain
        self.survivors[s]["mythos"] += gain
        told = a.Told("R-I32-63", f"1d6 = {faces[0]}: {self.card_name(s)} takes {gain} mythos")
        return [told, *self.sanctuary_check(sanctuary)]

    def sanctuary_check(self: Any, sanctuary: dict[str, Any]) -> list[Event]:
        """R-I32-65: with no lock and no mythos left the sanctuary is removed."""
        if sanctuary["locks"] or sanctuary["mythos"]:
            return []
        for s in sanctuary["occupants"]:
            self.survivors[s]["where"], self.survivors[s]["inside"] = "", False
        self.sanctuaries.remove(sanctuary)
        self.discards.extend([*sanctuary["items"], sanctuary["card"]])
        return [a.Told("R-I32-65", f"{self.card_name(sanctuary['card'])} is gone")]

    def leave_sanctuary(self: Any, s: str) -> list[Event]:
        me = self.survivors[s]
        self.sanctuary(me["where"])["occupants"].remove(s)
        me["where"], me["inside"] = "", False
        return [a.Told("R-I32-63", f"{self.card_name(s)} returns to the pool")]

    # ------------------------------------------------------------------ random victims

    def victim_cards(self: Any) -> list[str]:
        """R-I32-33: a drawn victim not in play is redrawn: drawing among those in play is
        the same."""
        return [v for v in self.victims if v in self.survivors]

    def step_victim(self: Any, purpose: str, then: list[Any]) -> list[Event]:
        if not self.victim_cards():
            return []
        return self.wait("victim", purpose=f"random victim: {purpose}", then=then)

    def victim_drawn(self: Any, card: str) -> list[Event]:
        then = self.current["then"]
        self.push([*then, card])
        return [a.Told("R-I32-33", f"Random victim: {self.card_name(card)}"), *self.resume()]

    def step_event_hit(self: Any, card: str, s: str) -> list[Event]:
        info = self.data.get(card)
        if info.effect == "insanity":
            self.push(["insanity", s])
        elif info.effect == "mythos":
            self.survivors[s]["mythos"] += info.value
            return [a.Told("R-I32-57", f"{self.card_name(s)} gains {info.value} mythos")]
        else:
            self.push(["m_attack", -1, card, s, True])  # no counterstrike against an event
        return []

    # ------------------------------------------------------------------ insanity

    def step_insanity(self: Any, s: str) -> list[Event]:
        if s not in self.survivors:
            return []
        active = self.insanity_stats(s)  # R-I32-81: the Hound's 4 stats
        covered = tuple(self.survivors[s]["insane"])
        sure = dice.insanity_without_roll(covered, active)
        if sure == "":
            return [a.Told("R-I32-61", f"{self.card_name(s)} is down on all fours")]
        if sure:
            return self.insanity_chosen(s, sure)
        return self.step_roll(1, f"insanity for {self.card_name(s)}", "R-I32-60",
                              ["insanity_rolled", s])

    def step_insanity_rolled(self: Any, s: str, faces: list[int]) -> list[Event]:
        active = self.insanity_stats(s)
        left = [x for x in active if x not in self.survivors[s]["insane"]]
        stat = dice.insanity_stat(faces[0], tuple(self.survivors[s]["insane"]), active)
        if stat == "reroll":
            self.push(["insanity", s])
            return [a.Told("A-I32-15", f"1d6 = {faces[0]}: covered already, roll again")]
        if stat in ("player", "director"):
            seat = self.owner(s) if stat == "player" else self.director
            return self.wait("choose", seat=seat, survivor=s, choices=left, purpose="insanity")
        return self.insanity_chosen(s, stat)

    def insanity_chosen(self: Any, s: str, stat: str) -> list[Event]:
        self.survivors[s]["insane"].append(stat)
        return [a.Told("R-I32-60", f"Insanity covers {self.card_name(s)}'s {stat.upper()}: "
                       "its target number is 4")]
