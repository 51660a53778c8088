"""Seat turns of Innsmouth 32: character players' pool and spotlight actions (R-I32-10..15,
R-I32-63), the director's and monster players' attack actions (R-I32-30..32), and the seat
rotation with its checkpoints (R-I32-08, R-I32-68, R-I32-71..73, A-I32-01)."""

from __future__ import annotations

import typing
from typing import Any

from services.games.core import Action, Event, Outcome
from services.games.innsmouth_32 import actions as a
from services.games.innsmouth_32.stars import CHOICE_RULES

MAX_POOL = 3  # R-I32-11
MAX_ITEMS = 2  # R-I32-11
TAKEABLE = ("item", "power_play", "popcorn")
SANCTUARY_ACTS = ("sanctuary_rest", "investigate", "sanctuary_search")


class Turns:
    # ------------------------------------------------------------------ rotation

    def step_seat_turn(self: Any, seat: int) -> list[Event]:
        self.push(["next_seat", seat])
        if seat == self.director or seat in self.monster_players:
            if seat == self.director and self.final == 1:
                self.final = 2  # R-I32-71: this is the director's final turn
            return self.wait("director", seat=seat)
        if not self.pools[seat] and not self.to_draw(seat):  # R-I32-83: his own pile too
            self.monster_players.append(seat)  # R-I32-32
            return self.wait("director", seat=seat)
        return self.wait("turn", seat=seat)

    def step_next_seat(self: Any, seat: int) -> list[Event]:
        if seat == self.director and self.final == 2:
            return self.finish_game("R-I32-71", "the director's final turn of reel IV is over")
        return self.step_seat_turn(self.left_of(seat))

    def finish_game(self: Any, rule: str, why: str) -> list[Event]:
        """A-I32-01: the players win when a survivor is still in play; else the director.
        D-I32-53: a monster player plays on the director's side (R-I32-32: he attacks the
        survivors with the director's actions), so he wins or loses with the director."""
        alive = self.in_play()
        monsters = [s for s in self.character_seats() if s in self.monster_players]
        if alive and (self.options["victory"] == "any_survivor" or 2 * len(
                [s for s in self.character_seats() if self.pools[s]]) >= len(
                self.character_seats())):
            result = Outcome("players", tuple(s for s in self.character_seats()
                                              if s not in monsters),
                             f"{why}: {len(alive)} survivor(s) still in play", "A-I32-01")
        else:
            result = Outcome("director", (self.director, *monsters),
                             f"{why}: no survivor is left"
                             if not alive else f"{why}: too few players still have survivors",
                             "A-I32-01")
        self.result = result
        self.phase, self.current, self.todo, self.fight = "over", None, [], None
        return [a.Told(rule, f"The movie is over: {result.reason}")]

    def step_checkpoint(self: Any) -> list[Event]:
        """After every survivor turn and director action (A-I32-25): no survivor left, Last
        One Standing, Turning Point, then the reel-end check."""
        reveal = self.cultist_check()  # R-I32-84 (cultist.py)
        alive = self.in_play()
        if not alive and not self.any_to_draw():  # R-I32-83: own piles too
            return reveal + self.finish_game("A-I32-01", "every survivor is lost")
        return reveal + self.last_one_check() + self.turning_point_check() + \
            self.reel_end_check()  # A-I32-25: Last One Standing first

    # ------------------------------------------------------------------ character turns

    def legal_turn(self: Any, seat: int) -> list[Action]:
        pool = self.pools[seat]
        found: list[Action] = [a.Pool(seat)] if pool else []
        for survivor in pool:
            if self.survivors[survivor]["where"]:
                continue
            found += [a.Spotlight(seat, survivor, card) for card in self.takeable(survivor)]
        if self.to_draw(seat) and len(pool) < MAX_POOL:
            found.append(a.DrawSurvivor(seat))  # R-I32-15, A-I32-22
        return found + self.more_turn_actions(seat)  # R-I32-67 (extras.py)

    def do_turn(self: Any, action: Action) -> list[Event]:
        if self.is_more(action):
            return self.do_more(action)  # extras.py
        seat = action.seat
        per_player = self.options["reveal_per_player_turn"]
        if isinstance(action, a.Pool):
            steps = [["survivor_act", seat, s, not per_player] for s in self.pools[seat]]
            self.push(*steps, *([["after_survivor", ""]] if per_player else []))
            return [a.Told("R-I32-10", f"Seat {seat + 1} takes pool actions"), *self.resume()]
        if isinstance(action, a.Spotlight):
            events = self.take_card(action.survivor, action.card, "R-I32-14")
            self.push(["survivor_act", seat, action.survivor, False],
                      ["after_survivor", action.survivor])
            return events + self.resume()
        self.push(["draw_act", seat])  # R-I32-15: draw (physical.py), then act
        return self.resume()

    def step_survivor_act(self: Any, seat: int, survivor: str, after: bool) -> list[Event]:
        if survivor not in self.survivors:
            return []  # lost earlier this turn
        seat = self.owner(survivor)
        if after:
            self.push(["after_survivor", survivor])
        return self.wait("act", seat=seat, survivor=survivor)

    def takeable(self: Any, survivor: str) -> list[str]:
        held = [c for c in self.survivors[survivor]["items"]]
        cards = []
        for slot in self.screen:
            card = slot["card"]
            if not card or slot["down"] or card in self.familiar:
                continue
            kind = self.data.get(card).kind
            if kind in TAKEABLE and (kind == "popcorn" or len(held) < MAX_ITEMS):
                cards.append(card)
        return cards

    def legal_act(self: Any, seat: int) -> list[Action]:
        s = self.current["survivor"]
        me = self.survivors[s]
        found: list[Action] = [a.Act(seat, s, "rest"), a.Act(seat, s, "mythos")]
        if me["where"] and me["inside"]:
            sanctuary = self.sanctuary(me["where"])
            found += [a.Act(seat, s, "sanctuary_rest"), a.Act(seat, s, "sanctuary_search")]
            if sanctuary["mythos"]:
                found.append(a.Act(seat, s, "investigate"))
        for target in self.monster_targets():
            found.append(a.Act(seat, s, "attack", target))
            for item in me["items"]:
                card = self.data.get(item)
                if card.kind != "item":
                    continue
                found += [a.Act(seat, s, "attack", target, item, stat) for stat in card.stats]
            if not target.startswith("throng:"):
                found += [a.Act(seat, s, "mythos_attack", target, item)
                          for item in ("", *me["items"])
                          if (not item or me["stores"].get(item))
                          and self.can_banish(s, target, item)]
        for item in me["items"]:
            card = self.data.get(item)
            if card.kind == "item" and card.whole_throng:
                found += [a.Act(seat, s, "attack", t, item, stat)
                          for t in self.throng_targets() for stat in card.stats]
        found += [a.Act(seat, s, "take", c) for c in self.takeable(s)]
        found += self.heals(seat, s)
        if not me["where"]:
            found += [a.Act(seat, s, "move", x["card"]) for x in self.sanctuaries]
        if self.discards:
            found.append(a.Act(seat, s, "search"))
        return self.more_acts(seat, s, found)  # R-I32-13, 42, 62, 65, 67 (extras.py)

    def do_act(self: Any, action: Action) -> list[Event]:
        if self.is_more(action):
            return self.do_more(action)  # extras.py
        action = typing.cast(a.Act, action)
        s, kind = action.survivor, action.kind
        me = self.survivors[s]
        events: list[Event] = []
        name = self.data.get(s).name
        if me["where"] and kind not in SANCTUARY_ACTS:
            events += self.leave_sanctuary(s)
        if kind in ("rest", "sanctuary_rest"):
            gain = 2 if kind == "rest" else 3
            me["rest"] = min(7, me["rest"] + gain)  # R-I32-13, R-I32-55: at most 7
            events.append(a.Told("R-I32-13", f"{name} rests: {me['rest']} rest spoints"))
        elif kind == "take":
            events += self.take_card(s, action.target, "R-I32-13")
        elif kind == "heal":
            me["healed"] = True
            self.survivors[action.target]["insane"].remove(action.stat)
            events.append(a.Told("R-I32-62", f"{name} heals {self.card_name(action.target)}'s "
                                 f"{action.stat.upper()}"))
        elif kind == "move":
            me["where"], me["inside"] = action.target, True
            self.sanctuary(action.target)["occupants"].append(s)
            events.append(a.Told("R-I32-63", f"{name} moves into "
                                 f"{self.data.get(action.target).name}"))
        elif kind == "attack":
            self.push(["s_attack", s, action.target, action.item, action.stat, False])
        elif kind == "mythos_attack":
            events += self.banish(s, action.target, action.item)
        elif kind == "mythos":
            self.push(["s_test", s, "brains", "mythos"])
        elif kind in ("search", "sanctuary_search"):
            self.push(["shuffle_search", s, 2 if kind == "search" else 4])
        else:
            self.push(["roll", 1, f"{name} investigates", "R-I32-63", ["investigated", s]])
        return events + self.resume()

    def heals(self: Any, seat: int, s: str) -> list[Action]:
        """R-I32-62: the Doctor's healing, once per reel, for a survivor in the same area of
        play (the pool, or the same sanctuary)."""
        me = self.survivors[s]
        if "doctor_heal" not in self.data.get(s).abilities or me["healed"]:
            return []
        return [a.Act(seat, s, "heal", t, "", stat) for t in self.in_play()
                if self.survivors[t]["where"] == me["where"]
                for stat in self.survivors[t]["insane"]]

    # ------------------------------------------------------------------ director turns

    def throng_slots(self: Any, seat: int) -> list[int]:
        """Throngs a monster may be placed in: not full; a monster player has 3 (R-I32-31,
        R-I32-32)."""
        count = 6 if seat == self.director else 3
        return [i for i in range(count) if self.throng_size(seat, i) < 3]  # terrors: R-I32-80

    def legal_director(self: Any, seat: int) -> list[Action]:
        targets = self.survivor_targets()
        found: list[Action] = []
        for slot in self.screen:
            card = slot["card"]
            if card and not slot["down"] and self.is_monster(card):
                found += [a.TakeAttack(seat, card, t, target) for t in self.throng_slots(seat)
                          for target in (targets or [""])]
        if targets and any(self.throngs[seat]):
            found.append(a.AllOut(seat))
        return found or [a.Pass(seat)]

    def do_director(self: Any, action: Action) -> list[Event]:
        seat = action.seat
        self.push(["after_director", seat])
        if isinstance(action, a.Pass):
            return [a.Told("R-I32-30", f"Seat {seat + 1} cannot attack"), *self.resume()]
        if isinstance(action, a.AllOut):
            throngs = [i for i, t in enumerate(self.throngs[seat]) if t]
            self.push(*[["aim", seat, i] for i in throngs])
            return [a.Told("R-I32-30", f"Seat {seat + 1} makes an all-out attack"), *self.resume()]
        action = typing.cast(a.TakeAttack, action)
        events = self.take_monster(seat, action.card, action.throng)
        if action.target:
            self.push(["m_attack", seat, action.throng, action.target, False])
        return events + self.resume()

    def step_aim(self: Any, seat: int, throng: int) -> list[Event]:
        if not self.throngs[seat][throng] or not self.survivor_targets():
            return []
        return self.wait("aim", seat=seat, throng=throng)

    def legal_aim(self: Any, seat: int) -> list[Action]:
        return [a.Aim(seat, t) for t in self.survivor_targets()]

    def do_aim(self: Any, action: Action) -> list[Event]:
        action = typing.cast(a.Aim, action)
        self.push(["m_attack", action.seat, self.current["throng"], action.target, False])
        return self.resume()

    def step_after_director(self: Any, seat: int) -> list[Event]:
        self.push(["reveal", f"seat:{seat}"], ["clip_offer", seat], ["checkpoint"])
        return []

    @staticmethod
    def choice_rule(purpose: str) -> str:
        """The rule behind a ``choose`` prompt of this purpose."""
        return {"plot": "R-I32-22", "star": "R-I32-67", "dibs": "R-I32-16", "clip": "R-I32-71",
                "cut": "R-I32-70", "reroll": "R-I32-67", "insanity": "R-I32-60",
                "cultist": "R-I32-84", "terror": "R-I32-80", "terror_place": "R-I32-80",
                "hound": "R-I32-81", "hound_attack": "R-I32-81", "rescue": "R-I32-81",
                "faction": "R-I32-83", "faction_start": "R-I32-83",
                **CHOICE_RULES}.get(purpose, "R-I32-10")

    def why_not(self: Any, action: Action) -> tuple[str, str]:
        """The rule and sentence refusing an action of the right phase that is not legal."""
        rule = {a.Spotlight: "R-I32-14", a.DrawSurvivor: "R-I32-15", a.Act: "R-I32-13",
                a.Commit: "R-I32-41", a.Negate: "R-I32-49", a.Flail: "R-I32-49",
                a.TakeAttack: "R-I32-30", a.Aim: "R-I32-47", a.Place: "R-I32-31",
                a.FadeOut: "R-I32-66", a.Pass: "R-I32-30", a.Lend: "R-I32-55",
                a.StarAction: "R-I32-67"}.get(type(action), "R-I32-10")
        more = self.more_refusal(action)  # extras.py, spoints.py
        if more:
            return more
        if isinstance(action, a.DrawSurvivor):
            why = ("the survivor pile is empty" if not self.to_draw(action.seat) else
                   "the pool is full: 3 survivors at most (A-I32-22)")
            return rule, f"Seat {action.seat + 1} cannot draw a survivor: {why}"
        if isinstance(action, a.Commit | a.Negate | a.Flail):
            return rule, self.spoint_refusal(action)
        if isinstance(action, a.Pass):
            return rule, f"Seat {action.seat + 1} cannot pass: an attack is possible"
        if isinstance(action, a.Adjust):
            return "A-I32-02", (
                f"Seat {action.seat + 1} cannot adjust {action.kind.replace('_', ' ')} "
                f"{action.amount:+d} on {self._name(action.survivor) or 'nothing'}: one token "
                "at a time, of a survivor in play or a sanctuary, never below 0, rest at most 7, "
                "one insanity token per stat")
        if isinstance(action, a.Choose):
            purpose = self.current["purpose"]
            rule = self.choice_rule(purpose)
            allowed = ", ".join(self._name(c) for c in self.current["choices"])
            return rule, f"{self._name(action.value)} is not one of the allowed choices: " \
                f"{allowed}"
        return rule, f"Seat {action.seat + 1} cannot do that now: it is not one of the " \
            f"allowed choices ({len(self.legal_actions(action.seat))} allowed)"
