"""Attacks, tests and damage in Innsmouth 32 (R-I32-40..62): spoint commitments before every
roll, survivor and monster attacks, counterstrikes, negation and flails, eliminations and
familiar faces, mythos attacks, the BRAINS test, searches, random victims and insanity. The
meaning of the dice is in :mod:`dice`; here the steps that ask for them."""

from __future__ import annotations

import typing
from typing import Any

from services.games.core import Action, Event
from services.games.innsmouth_32 import actions as a
from services.games.innsmouth_32 import dice, explain
from services.games.innsmouth_32.counterstrikes import Counterstrikes


class Fights(Counterstrikes):
    # ------------------------------------------------------------------ helpers

    def stat(self: Any, survivor: str, stat: str) -> int:
        """A stat's target number: 4 under an insanity token (R-I32-60, A-I32-16)."""
        if stat in self.survivors[survivor]["insane"]:
            return dice.INSANE_TARGET
        return int(self.data.get(survivor).stats[stat])

    def sanctuary(self: Any, card: str) -> dict[str, Any]:
        return next(s for s in self.sanctuaries if s["card"] == card)

    def attackable(self: Any) -> list[str]:
        """R-I32-47, A-I32-09: every survivor but those inside a sanctuary with locks."""
        locked = {o for s in self.sanctuaries if s["locks"] for o in s["occupants"]}
        locked |= self.out_of_reach()  # A-I32-24: on an event card (snatched.py)
        return [s for s in self.in_play() if s not in locked]

    def survivor_targets(self: Any) -> list[str]:
        locks = [f"locks:{s['card']}" for s in self.sanctuaries if s["locks"] and s["occupants"]]
        return self.attackable() + locks  # R-I32-64: locks only with a survivor inside

    def monster_targets(self: Any) -> list[str]:
        """R-I32-43: any in-play monster on screen (face up) or in any throng."""
        found = [s["card"] for s in self.screen if s["card"] and not s["down"]
                 and self.is_monster(s["card"])]
        return found + [c for seat in self.throngs for t in seat for c in t]

    def throng_targets(self: Any) -> list[str]:
        return [f"throng:{seat}:{i}" for seat, throngs in enumerate(self.throngs)
                for i, t in enumerate(throngs) if t]

    def cards_of(self: Any, target: str) -> list[str]:
        """The monsters a survivor's attack aims at that are still in play."""
        if target.startswith("throng:"):
            _, seat, i = target.split(":")
            return list(self.throngs[int(seat)][int(i)])
        return [target] if target in self.monster_targets() else []

    def lose_monster(self: Any, card: str, removed: bool) -> None:
        """A monster leaves the screen or its throng: to the discards, or out of play."""
        for throngs in self.throngs:
            for t in throngs:
                if card in t:
                    t.remove(card)
        if any(s["card"] == card for s in self.screen):
            self.off_screen(card)
        (self.removed if removed else self.discards).append(card)

    def owner_of(self: Any, card: str) -> int:
        for seat, throngs in enumerate(self.throngs):
            for i, t in enumerate(throngs):
                if card in t:
                    return seat * 10 + i
        return -1

    # ------------------------------------------------------------------ spoints and rolls

    def step_commit(self: Any, survivor: str, purpose: str, limit: int) -> list[Event]:
        """R-I32-41, R-I32-56: spoints are committed before the roll."""
        self.fight["spent"] = 0
        if survivor not in self.survivors:
            return []
        seat = self.owner(survivor)
        if min(limit, self.power[seat] + self.survivors[survivor]["rest"]
               + self.lendable(seat)) <= 0:  # R-I32-55: others may lend
            return []
        return self.wait("commit", seat=seat, survivor=survivor, purpose=purpose, limit=limit,
                         lent=[0] * self.players)

    def spoint_pairs(self: Any, seat: int, survivor: str, most: int) -> list[tuple[int, int]]:
        rest = self.survivors[survivor]["rest"]
        return [(p, r) for p in range(min(self.power[seat], most) + 1)
                for r in range(min(rest, most - p) + 1)]

    def legal_commit(self: Any, seat: int) -> list[Action]:
        cur = self.current
        if seat != cur["seat"]:
            return self.legal_lend(seat)  # R-I32-55
        return [a.Commit(seat, p, r, n)
                for p, r in self.spoint_pairs(seat, cur["survivor"], cur["limit"])
                for n in range(min(self.lent_total(), cur["limit"] - p - r) + 1)]

    def spend(self: Any, seat: int, survivor: str, power: int, rest: int) -> None:
        self.power[seat] -= power
        self.survivors[survivor]["rest"] -= rest

    def do_commit(self: Any, action: Action) -> list[Event]:
        if isinstance(action, a.Lend):
            return self.do_lend(action)
        act = typing.cast(a.Commit, action)
        self.spend(act.seat, self.current["survivor"], act.power, act.rest)
        self.settle_lent(act.lent)
        self.fight["spent"] = act.power + act.rest + act.lent
        events: list[Event] = []
        if self.fight["spent"]:
            events.append(a.Told("R-I32-41", f"Seat {act.seat + 1} commits "
                                 f"{self.fight['spent']} spoints to {self.current['purpose']}"))
        return events + self.resume()

    def spoint_refusal(self: Any, action: Action) -> str:
        power, rest = getattr(action, "power", 0), getattr(action, "rest", 0)
        cur = self.current
        seat = cur["seat"]
        have = (self.power[seat], self.survivors[cur["survivor"]]["rest"])
        if power > have[0] or rest > have[1] or min(power, rest) < 0:
            return (f"Seat {seat + 1} has {have[0]} power and {have[1]} rest spoints, not "
                    f"{power} and {rest}")
        if isinstance(action, a.Negate):
            return f"negating {cur['damage']} damage costs exactly {cur['damage']} spoints " \
                "(A-I32-13)"
        return f"at most {cur.get('limit', 0)} spoints: a target number is raised to 11 at " \
            "most (A-I32-14)"

    def step_roll(self: Any, count: int, purpose: str, rule: str, then: list[Any]) -> list[Event]:
        return self.wait("roll", count=count, purpose=purpose, rule=rule, then=then)

    def rolled(self: Any, faces: tuple[int, ...]) -> list[Event]:
        then = self.current["then"]
        self.push([*then, list(faces)])
        return self.resume()

    # ------------------------------------------------------------------ survivor attacks

    def step_s_attack(self: Any, s: str, target: str, item: str, stat: str,
                      counter: bool) -> list[Event]:
        if s not in self.survivors or not self.cards_of(target):
            return []
        base = self.stat(s, stat or "muscle")  # R-I32-43
        self.fight = {"kind": "attack", "survivor": s, "target": target, "item": item,
                      "base": base, "counter": counter, "spent": 0, "bonus": 0,
                      "stat": stat or "muscle"}
        self.push(["commit", s, "the attack roll", dice.target_spoints_limit(base)],
                  ["roll", 2, f"{self.data.get(s).name} attacks {self.target_name(target)}",
                   "R-I32-43", ["s_rolled"]])
        return []

    def target_name(self: Any, target: str) -> str:
        if target.startswith("throng:"):
            return f"Seat {int(target.split(':')[1]) + 1}'s throng {int(target[-1]) + 1}"
        if target.startswith("locks:"):
            return f"the locks of {self.card_name(target[6:])}"
        return self.card_name(target)

    def step_s_rolled(self: Any, faces: list[int]) -> list[Event]:
        f = self.fight
        target = dice.effective_target(f["base"], f["spent"])
        roll = dice.attack_roll((faces[0], faces[1]), target)
        words = explain.aim(f["stat"].upper(), f["base"], f["spent"], f["survivor"] in
                            self.survivors and f["stat"] in self.survivors[f["survivor"]]["insane"])
        events: list[Event] = [a.Told("R-I32-51" if roll.head_shot or roll.fumble
                                      else "R-I32-40", explain.attack(roll, words))]
        cards = self.cards_of(f["target"])
        if not cards:
            return events
        if not roll.success and not roll.fumble:
            self.offer_star(f["survivor"], ["s_rolled"])
        if roll.head_shot:  # R-I32-51, R-I32-46: removed from play (the whole throng)
            for card in [c for c in cards if not self.overkill_only(c)]:  # R-I32-80, R-I32-84
                self.lose_monster(card, True)
            return events
        if roll.fumble:
            owner = self.owner_of(cards[0])
            if not f["counter"] or self.options["counterstrike_chain"]:
                ref = (owner % 10) if f["target"].startswith("throng:") and owner >= 0 else \
                    cards[0]
                self.push(["m_attack", owner // 10 if owner >= 0 else -1, ref, f["survivor"],
                           True])
            return events
        if roll.success:
            f["bonus"] = roll.bonus
            self.push(["commit", f["survivor"], "the damage roll", 99],
                      ["roll", 1, "damage", "R-I32-44", ["s_hurt"]])
        return events

    def step_s_hurt(self: Any, faces: list[int]) -> list[Event]:
        f = self.fight
        item = self.data.get(f["item"]) if f["item"] else None
        bonus = item.damage if item and item.kind == "item" else 0
        total = dice.damage_total(faces[0], bonus, f["bonus"], f["spent"])
        said = explain.damage(explain.faces(faces), [(item.name if item else "", bonus), (
            "doubles", f["bonus"]), ("spoints", f["spent"])], total)
        events: list[Event] = []
        for card in self.cards_of(f["target"]):
            hit = dice.hit_monster(total, self.value(card),
                                   overkill_only=self.overkill_only(card))  # R-I32-80, 84
            verdict = "removed from play" if hit.removed else "eliminated" if hit.eliminated \
                else "unharmed"
            if hit.eliminated:
                self.lose_monster(card, hit.removed)
            events.append(a.Told("R-I32-45", f"{said} " + explain.against(
                total, self.value(card), self.card_name(card), verdict)))
            said = f"Damage {total}"
        return events

    def offer_star(self: Any, s: str, then: list[Any]) -> None:
        """R-I32-67: a survivor with a horror star may re-roll a failed action roll (never a
        damage roll, a head shot or a fumble)."""
        if s in self.survivors and self.survivors[s]["stars"]:
            self.push(["star_offer", s],
                      ["roll", 2, f"{self.card_name(s)} re-rolls", "R-I32-67", then])

    def step_star_offer(self: Any, s: str) -> list[Event]:
        if s not in self.survivors or not self.survivors[s]["stars"]:
            self.todo.pop(0)  # the re-roll is not possible any more
            return []
        return self.wait("choose", seat=self.owner(s), survivor=s, purpose="reroll",
                         choices=["reroll", "accept"])

    # ------------------------------------------------------------------ monster attacks

    def step_m_attack(self: Any, owner: int, ref: Any, victim: str,
                      counter: bool) -> list[Event]:
        cards = list(self.throngs[owner][ref]) if isinstance(ref, int) else [ref]
        if isinstance(ref, str) and ref not in self.monster_targets() and \
                not self.data.get(ref).is_event:
            return []
        if not cards or not self.in_reach(victim, cards):
            return []
        target = sum(self.value(c) for c in cards)  # R-I32-47
        self.fight = {"kind": "monster", "owner": owner, "cards": cards, "victim": victim,
                      "counter": counter, "target": target, "bonus": 0, "spent": 0}
        return self.step_roll(2, f"{self.card_name(cards[0])} attacks "
                              f"{self.victim_name(victim)}", "R-I32-47", ["m_rolled"])

    def victim_name(self: Any, victim: str) -> str:
        return self.target_name(victim) if victim.startswith("locks:") else \
            self.card_name(victim)

    def step_m_rolled(self: Any, faces: list[int]) -> list[Event]:
        f = self.fight
        roll = dice.attack_roll((faces[0], faces[1]), f["target"])
        words = explain.throng([self.value(c) for c in f["cards"]], f["target"]) \
            if len(f["cards"]) > 1 else f"{self.card_name(f['cards'][0])} {f['target']}"
        events: list[Event] = [a.Told("R-I32-47", explain.attack(roll, words))]
        victim = f["victim"]
        if not self.in_reach(victim, f["cards"]):
            return events  # out of reach since the attack began
        placer = f["owner"] if f["owner"] >= 0 else self.director
        if roll.head_shot:
            if victim.startswith("locks:"):
                sanctuary = self.sanctuary(victim[6:])
                sanctuary["locks"] = 0  # R-I32-64
                return events + self.sanctuary_check(sanctuary)
            return events + self.eliminate(victim, overkill=False, placer=placer)
        if roll.fumble:  # R-I32-51, A-I32-10: the victim counterstrikes
            striker = victim
            if victim.startswith("locks:"):
                striker = (self.sanctuary(victim[6:])["occupants"] or [""])[0]
            monster = next((c for c in f["cards"] if c in self.monster_targets()), "")
            if striker and monster and (not f["counter"] or self.options["counterstrike_chain"]):
                self.push(["counter", striker, list(f["cards"])])  # counterstrikes.py
            return events
        if roll.success:
            f["bonus"] = roll.bonus
            shad = any(c in self.familiar for c in f["cards"])  # R-I32-48
            self.push(["roll", 2 if shad else 1, "SHAD damage" if shad else "damage",
                       "R-I32-53" if shad else "R-I32-48", ["m_hurt"]])
            self.offer_force()  # R-I32-67: a horror star forces a re-roll (stars.py)
        return events

    def step_m_hurt(self: Any, faces: list[int]) -> list[Event]:
        f = self.fight
        roll = dice.shad((faces[0], faces[1])) if len(faces) == 2 else faces[0]
        total = dice.damage_total(roll, 0, f["bonus"])
        said = explain.damage(explain.shad(faces, roll) if len(faces) == 2 else
                              explain.faces(faces), [("doubles", f["bonus"])], total)
        victim = f["victim"]
        if not self.in_reach(victim, f["cards"]):
            return []
        if victim.startswith("locks:"):
            sanctuary = self.sanctuary(victim[6:])
            lost = total if self.options["lock_damage"] == "damage_total" else 1  # A-I32-08
            sanctuary["locks"] = max(0, sanctuary["locks"] - lost)
            told = a.Told("A-I32-08", f"{said}: {self.card_name(victim[6:])} has "
                          f"{sanctuary['locks']} locks left")
            return [told, *self.sanctuary_check(sanctuary)]
        f["damage"] = total
        events: list[Event] = [a.Told("R-I32-48", f"{said}: {total} damage to "
                                      f"{self.card_name(victim)}")]
        seat = self.owner(victim)
        pairs = self.spoint_pairs(seat, victim, 99)
        if max(p + r for p, r in pairs) == 0 and not self.lendable(seat):
            self.push(["flail", victim, 0])
            return events
        return events + self.wait("negate", seat=seat, survivor=victim, damage=total,
                                  limit=dice.target_spoints_limit(self.stat(victim, "speed")),
                                  lent=[0] * self.players)

    def legal_negate(self: Any, seat: int) -> list[Action]:
        cur = self.current
        if seat != cur["seat"]:
            return self.legal_lend(seat)  # R-I32-55
        lent = self.lent_total()
        found: list[Action] = [a.Negate(seat, p, r, cur["damage"] - p - r) for p, r in
                               self.spoint_pairs(seat, cur["survivor"], cur["damage"])
                               if 0 <= cur["damage"] - p - r <= lent]
        return found + [a.Flail(seat, p, r, n) for p, r in
                        self.spoint_pairs(seat, cur["survivor"], cur["limit"])
                        for n in range(min(lent, cur["limit"] - p - r) + 1)]

    def do_negate(self: Any, action: Action) -> list[Event]:
        if isinstance(action, a.Lend):
            return self.do_lend(action)
        act = typing.cast(a.Negate | a.Flail, action)
        s = self.current["survivor"]
        self.spend(act.seat, s, act.power, act.rest)
        self.settle_lent(act.lent)
        if isinstance(act, a.Negate):
            told = a.Told("R-I32-49", f"{self.card_name(s)} negates the damage with "
                          f"{act.power + act.rest + act.lent} spoints")
            return [told, *self.resume()]
        self.push(["flail", s, act.power + act.rest + act.lent])
        return self.resume()

    def flail_stat(self: Any, s: str) -> str:
        """The stat ``s`` flails with: SPEED (R-I32-49); BRAINS for a survivor without SPEED,
        the Night Clerk (R-I32-82)."""
        return "speed" if "speed" in self.data.get(s).stats else "brains"

    def step_flail(self: Any, s: str, spent: int) -> list[Event]:
        target = dice.effective_target(self.stat(s, "speed"), spent)
        self.fight["flail"] = target
        stat = self.flail_stat(s)
        return self.step_roll(2, f"{self.card_name(s)} flails ({stat.upper()} {target})",
                              "R-I32-49", ["flailed", s])

    def step_flailed(self: Any, s: str, faces: list[int]) -> list[Event]:
        target = self.fight["flail"]
        speed = self.stat(s, "speed")
        label = self.flail_stat(s)
        words = explain.aim(label.upper(), speed, target - speed,
                            label in self.survivors[s]["insane"])
        ok = dice.flail((faces[0], faces[1]), target)
        said = "Flail " + explain.test(faces, target, words, ok, self.card_name(s))
        if ok:
            return [a.Told("R-I32-49", f"{said} escapes")]
        told = a.Told("R-I32-49", f"{said} fails")
        return [told, *self.flail_failed(s)]  # R-I32-67: a star may re-roll (stars.py)
