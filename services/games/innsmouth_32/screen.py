"""The movie screen of Innsmouth 32: refills face down, reveals at the end of a turn, arrivals
(monsters, items, events, sanctuaries), creature features, fade out, Turning Point, reel ends
and end tasks (R-I32-07, R-I32-20..25, R-I32-63..72; A-I32-03, A-I32-05..07, A-I32-17,
A-I32-20, A-I32-21)."""

from __future__ import annotations

import typing
from typing import Any

from services.games.core import Action, Event
from services.games.innsmouth_32 import actions as a

CORNERS = 4  # A-I32-20


class Screen:
    # ------------------------------------------------------------------ cards on screen

    def refill(self: Any, slot: dict[str, Any]) -> None:
        """R-I32-24, R-I32-72: face down from the reel pile, unless Turning Point."""
        if self.reel_pile and not self.turning_point:
            slot["card"], slot["down"] = self.reel_pile.pop(0), True
        else:
            slot["card"], slot["down"] = "", False

    def slot_of(self: Any, card: str) -> dict[str, Any]:
        return next(s for s in self.screen if s["card"] == card)

    def off_screen(self: Any, card: str) -> None:
        slot = self.slot_of(card)
        if self.fade and self.fade["card"] == card:
            self.fade = None
        self.refill(slot)

    def take_card(self: Any, survivor: str, card: str, rule: str) -> list[Event]:
        """TAKE (R-I32-13): an item or power play joins the survivor; popcorn gives its rest
        spoints and is discarded; an item's mythos store is full again (R-I32-58)."""
        info = self.data.get(card)
        me = self.survivors[survivor]
        self.off_screen(card)
        name = self.data.get(survivor).name
        if info.kind == "popcorn":
            me["rest"] = min(7, me["rest"] + info.rest)
            self.discards.append(card)
            return [a.Told(rule, f"{name} eats {info.name}: {me['rest']} rest spoints")]
        me["items"].append(card)
        if info.kind == "item" and info.mythos:
            me["stores"][card] = info.mythos
        if info.kind == "power_play" and info.mythos:
            me["mythos"] += info.mythos
        return [a.Told(rule, f"{name} takes {info.name}")]

    def take_monster(self: Any, seat: int, card: str, throng: int) -> list[Event]:
        self.off_screen(card)
        self.throngs[seat][throng].append(card)
        return [a.Told("R-I32-30", f"Seat {seat + 1} places {self.card_name(card)} in "
                       f"throng {throng + 1}")]

    def card_name(self: Any, card: str) -> str:
        return str(self.data.get(card).name)

    # ------------------------------------------------------------------ reveals

    def step_setup_screen(self: Any) -> list[Event]:
        """R-I32-07: the opening screen: monsters to the director's throngs, one each
        (A-I32-05), events resolved, until no face-down card is left."""
        for slot in self.screen:
            if slot["down"]:
                self.push(["flip", self.screen.index(slot), "setup"], ["setup_screen"])
                return []
        return []

    def step_reveal(self: Any, cause: str, revealed: bool = False) -> list[Event]:
        """R-I32-24: face-down cards are revealed left to right when the turn ends; then a
        creature feature if the screen holds 3 monsters (R-I32-25)."""
        for i, slot in enumerate(self.screen):
            if slot["down"]:
                self.push(["flip", i, cause], ["reveal", cause, True])
                return []
        if revealed and cause not in ("fade", "setup"):
            self.push(["creature", cause])
        return []

    def step_flip(self: Any, index: int, cause: str) -> list[Event]:
        slot = self.screen[index]
        card = slot["card"]
        slot["down"] = False
        if card not in self.seen:
            self.seen.append(card)
        info = self.data.get(card)
        events: list[Event] = [a.Shown("R-I32-24", f"Screen slot {index + 1}: {info.name}",
                                       card)]
        kind = "monster" if card in self.familiar else info.kind
        if kind == "monster":
            if cause != "setup":
                return events  # it stays on screen (R-I32-20)
            slot = self.setup_throng()  # A-I32-05 (director.py)
            if slot is None:
                return events
            return events + self.take_monster(self.director, card, slot)
        if kind == "sanctuary":
            self.off_screen(card)
            if len([s for s in self.sanctuaries]) >= int(self.options["sanctuary_slots"]):
                self.discards.append(card)
                return [*events, a.Told("A-I32-20", f"No corner is free: {info.name} is "
                                        "discarded")]
            self.sanctuaries.append({"card": card, "locks": info.locks, "mythos": info.mythos,
                                     "occupants": [], "items": []})
            return [*events, a.Told("R-I32-23", f"{info.name} becomes a sanctuary with "
                                    f"{info.locks} locks and {info.mythos} mythos")]
        if self.has_dibs(info):  # R-I32-16, R-I32-82 (clerk_dibs.py)
            self.push(["dibs", card, self.dibs_seats()])
        if info.kind == "snatched":
            self.push(["snatch", card])  # R-I32-42: it stays in play (snatched.py)
        elif info.kind == "shuffling_horror":
            self.push(["event", card, True])
        elif info.kind == "plot_device":
            self.push(["plot_device", card])
        return events

    def dibs_seats(self: Any) -> list[int]:
        """The character players clockwise from the one on the director's left."""
        return [s for s in self.character_seats() if self.pools[s]]

    def step_dibs(self: Any, card: str, seats: list[int]) -> list[Event]:
        """R-I32-16: when a Pocket Pistol or a Tommy Gun appears, any gangster may take it at
        once; each player with a gangster who can hold it is asked in turn (R-I32-82: the
        Night Clerk too, on a mythos item, option clerk_dibs; clerk_dibs.py)."""
        if not any(s["card"] == card and not s["down"] for s in self.screen):
            return []
        for i, seat in enumerate(seats):
            gangsters = self.dibs_takers(seat, card)  # or the Night Clerk (clerk_dibs.py)
            if gangsters:
                self.push(["dibs", card, seats[i + 1:]])
                return self.wait("choose", seat=seat, card=card, purpose="dibs",
                                 choices=[*gangsters, "pass"])
        return []

    def step_plot_device(self: Any, card: str) -> list[Event]:
        """R-I32-22: optional; the director decides (decision D-I32-01)."""
        return self.wait("choose", seat=self.director, card=card, choices=["resolve", "discard"],
                         purpose="plot")

    def step_event(self: Any, card: str, discard: bool) -> list[Event]:
        """R-I32-21: resolve, then discard (a resolved plot device is removed from play)."""
        info = self.data.get(card)
        self.off_screen(card)
        (self.discards if discard else self.removed).append(card)
        if info.effect in ("insanity", "attack", "mythos"):
            targets = self.victim_cards()
            count = info.value if info.effect == "insanity" else 1
            self.push(*[["victim", f"{info.name}", ["event_hit", card]]] * count if targets
                      else [])
        elif info.effect == "manual":
            self.push(["adjust", card])
        return [a.Told("R-I32-21", f"{info.name} is resolved")]

    def step_adjust(self: Any, card: str) -> list[Event]:
        return self.wait("adjust", seat=self.director, card=card)

    def legal_adjust(self: Any, seat: int) -> list[Action]:
        """A-I32-02: what printed text may change, one token at a time: a survivor's rest
        spoints, mythos, horror stars and insanity tokens (one per stat), its player's power
        spoints, a sanctuary's locks and mythos; then done."""
        found: list[Action] = [a.Adjust(seat, "done")]
        for s in self.in_play():
            me = self.survivors[s]
            counts = {"rest": (me["rest"], 7), "mythos": (me["mythos"], 99),
                      "stars": (me["stars"], 4), "power": (self.power[self.owner(s)], 99)}
            found += [a.Adjust(seat, k, s, n) for k, (have, most) in counts.items()
                      for n in (-1, 1) if 0 <= have + n <= most]
            found += [a.Adjust(seat, f"insanity_{stat}", s, -1 if stat in me["insane"] else 1)
                      for stat in self.insanity_stats(s)]
        for sanctuary in self.sanctuaries:
            found += [a.Adjust(seat, k, sanctuary["card"], n) for k in ("locks", "tokens")
                      for n in (-1, 1)
                      if sanctuary["locks" if k == "locks" else "mythos"] + n >= 0]
        return found

    def do_adjust(self: Any, action: Action) -> list[Event]:
        action = typing.cast(a.Adjust, action)
        kind, target, amount = action.kind, action.survivor, action.amount
        if kind == "done":
            return [a.Told("A-I32-02", "The director has applied the card"), *self.resume()]
        name = self.card_name(target)
        if kind in ("locks", "tokens"):
            sanctuary = self.sanctuary(target)
            key = "locks" if kind == "locks" else "mythos"
            sanctuary[key] += amount
            told = a.Told("A-I32-02", f"Adjusted: {name} {key} {sanctuary[key]}")
            return [told, *self.sanctuary_check(sanctuary)]
        me = self.survivors[target]
        if kind.startswith("insanity_"):
            stat = kind[len("insanity_"):]
            (me["insane"].append if amount > 0 else me["insane"].remove)(stat)
            verb = "covers" if amount > 0 else "leaves"
            return [a.Told("A-I32-02", f"Adjusted: insanity {verb} {name}'s {stat.upper()}")]
        if kind == "power":
            seat = self.owner(target)
            self.power[seat] += amount
            return [a.Told("A-I32-02", f"Adjusted: Seat {seat + 1} power {self.power[seat]}")]
        me[kind] += amount
        return [a.Told("A-I32-02", f"Adjusted: {name} {kind} {me[kind]}")]

    def step_creature(self: Any, cause: str) -> list[Event]:
        """R-I32-25: caused by a survivor, each screen monster attacks it; caused by the
        director or a monster player, he takes one screen monster and places it."""
        cards = [s["card"] for s in self.screen]
        if not all(c and self.is_monster(c) for c in cards) or any(
                s["down"] for s in self.screen):
            return []
        events: list[Event] = [a.Told("R-I32-25", "Creature feature!")]
        if cause.startswith("seat:"):
            seat = int(cause[5:])
            self.push(["cf_take", seat])
            return events
        if cause in self.survivors and cause in self.attackable():
            self.push(*[["m_attack", -1, card, cause, False] for card in cards])
        return events

    def step_cf_take(self: Any, seat: int) -> list[Event]:
        if not self.throng_slots(seat):
            return []
        cards = [s["card"] for s in self.screen if s["card"] and self.is_monster(s["card"])]
        return self.wait("place", seat=seat, cards=cards, purpose="creature")

    def legal_place(self: Any, seat: int) -> list[Action]:
        return [a.Place(seat, card, t) for card in self.current["cards"]
                for t in self.throng_slots(seat)]

    def do_place(self: Any, action: Action) -> list[Event]:
        action = typing.cast(a.Place, action)
        if self.current["purpose"] == "creature":
            events = self.take_monster(action.seat, action.card, action.throng)
            self.push(["reveal", f"seat:{action.seat}"])
        else:  # a head shot's familiar face (R-I32-51), a director's cut (R-I32-70)
            self.discards.remove(action.card)
            self.throngs[action.seat][action.throng].append(action.card)
            cut = self.current["purpose"] == "cut"
            events = [a.Told("R-I32-70" if cut else "R-I32-51",
                             f"{self.card_name(action.card)} joins throng {action.throng + 1}"
                             + ("" if cut else " as a familiar face"))]
        return events + self.resume()

    # ------------------------------------------------------------------ fade out

    def step_after_survivor(self: Any, survivor: str) -> list[Event]:
        """A-I32-03: after each survivor turn: reveal, creature feature, countdown, fade out,
        checkpoint."""
        self.push(["reveal", survivor], ["countdown"], ["fade_offer"], ["checkpoint"])
        return []

    def step_countdown(self: Any) -> list[Event]:
        """R-I32-66, A-I32-21: one step of the 3-2-1 countdown per survivor turn."""
        if not self.fade:
            return []
        self.fade["left"] -= 1
        if self.fade["left"] > 0:
            return []
        card = self.fade["card"]
        self.off_screen(card)
        self.discards.append(card)
        self.push(["reveal", "fade"])
        return [a.Told("R-I32-66", f"{self.card_name(card)} fades out")]

    def fade_cards(self: Any) -> list[str]:
        return [s["card"] for s in self.screen if s["card"] and not s["down"]
                and s["card"] not in self.familiar
                and self.data.get(s["card"]).kind in ("item", "power_play")]

    def step_fade_offer(self: Any) -> list[Event]:
        if self.fade or not self.fade_cards() or self.phase == "over":
            return []
        return self.wait("fade", seat=self.director)

    def legal_fade(self: Any, seat: int) -> list[Action]:
        return [a.Pass(seat), *[a.FadeOut(seat, c) for c in self.fade_cards()]]

    def do_fade(self: Any, action: Action) -> list[Event]:
        if isinstance(action, a.FadeOut):
            self.fade = {"card": action.card, "left": 3}
            told = a.Told("R-I32-66", f"Fade out: {self.card_name(action.card)} goes in 3 "
                          "survivor turns")
            return [told, *self.resume()]
        return self.resume()

    # ------------------------------------------------------------------ choices

    def legal_choose(self: Any, seat: int) -> list[Action]:
        return [a.Choose(seat, c) for c in self.current["choices"]]

    def do_choose(self: Any, action: Action) -> list[Event]:
        action = typing.cast(a.Choose, action)
        cur = dict(self.current)
        self.phase, self.current = "running", None
        chosen = getattr(self, f"chose_{cur['purpose']}", None)  # stars.py, extras.py...
        if chosen is not None:
            return typing.cast(list[Event], chosen(cur, action.value))
        if cur["purpose"] == "plot":
            if action.value == "resolve":
                self.push(["event", cur["card"], False])
                return self.run()
            self.off_screen(cur["card"])
            self.discards.append(cur["card"])
            told = a.Told("R-I32-22", f"{self.card_name(cur['card'])} is discarded unresolved")
            return [told, *self.run()]
        if cur["purpose"] == "dibs":
            if action.value == "pass":
                return self.run()
            self.todo = [s for s in self.todo if s[0] != "dibs" or s[1] != cur["card"]]
            rule = self.dibs_rule(taker=action.value)  # R-I32-16, R-I32-82 (clerk_dibs.py)
            events = self.take_card(action.value, cur["card"], rule)
            self.dibs_cause(action.value)  # R-I32-16: subject to the replacement (extras.py)
            return [a.Told(rule, "First dibs!"), *events, *self.run()]
        if cur["purpose"] == "reroll":
            if action.value == "accept":
                self.todo.pop(0)  # the re-roll waiting at the front
                return self.run()
            self.survivors[cur["survivor"]]["stars"] -= 1
            told = a.Told("R-I32-67", f"{self.card_name(cur['survivor'])} spends a horror "
                          "star to re-roll")
            return [told, *self.run()]
        if cur["purpose"] == "clip":
            return (self.clip() if action.value == "clip" else []) + self.run()
        if cur["purpose"] == "cut":
            if action.value == "cut":
                self.push(["shuffle", "discards", ""], ["cut_draw"])
            return self.run()
        if cur["purpose"] == "star":
            self.survivors[action.value]["stars"] += 1
            told = a.Told("R-I32-67", f"{self.data.get(action.value).name} earns the horror star")
            return [told, *self.run()]
        return self.insanity_chosen(cur["survivor"], action.value) + self.run()
