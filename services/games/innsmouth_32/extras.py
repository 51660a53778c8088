"""More survivor actions of Innsmouth 32, and the hooks that add them to the turn and action
prompts of :mod:`turns`:

* TAKE an item from a willing survivor (R-I32-13): ``Act(kind="take_from", target=<the
  holder>, item=<the item>)``; the holder must be another survivor in play (option
  ``take_from_area``: anywhere, or the same area of play); the taker's 2-item limit holds
  (R-I32-11); if the holder belongs to another player, that player is asked (give or refuse;
  a refusal gives the taker his action prompt back). Power plays are not taken this way (the
  summary: "an item from another willing survivor").
* Insanity-healing items (R-I32-62): ``Act(kind="heal_item", target=<recipient>, item=<the
  item>, stat=<the covered stat>)``: one token off a survivor in the same area of play (the
  pool, the same sanctuary, the same event card); the item then goes to the discards (option
  ``heal_item_kept``: it stays). It is the survivor's action.
* Sanctuary storage (R-I32-65): an occupant may ``store`` a held item in its sanctuary or
  ``retrieve`` a stored one as a free action: its action prompt comes back. Items found by a
  sanctuary search that the survivor cannot hold are stored there too ("excess found items may
  be stored"); with their mythos stores (R-I32-58).
* R-I32-16: the card replacing a gangster's first-dibs take is revealed as part of his take:
  the creature feature it may cause is caused by the gangster (each screen monster attacks
  him), not by whoever's turn revealed the Pistol or the Tommy Gun.
"""

from __future__ import annotations

import typing
from typing import Any

from services.games.core import Action, Event
from services.games.innsmouth_32 import actions as a

MAX_ITEMS = 2  # R-I32-11
MORE_KINDS = ("take_from", "heal_item", "store", "retrieve", "gambit")
FREE_KINDS = ("store", "retrieve")


class Extras:
    # ------------------------------------------------------------------ hooks of turns.py

    def more_turn_actions(self: Any, seat: int) -> list[Action]:
        return self.star_actions(seat)

    def more_acts(self: Any, seat: int, s: str, found: list[Action]) -> list[Action]:
        """The action prompt's list with these rules' actions; a survivor on an event card
        acts only as the card allows (:mod:`snatched`)."""
        if self.on_event_card(s):
            return self.victim_acts(seat, s, found)
        found = found + self.take_from_acts(seat, s) + self.heal_item_acts(seat, s)
        return found + self.storage_acts(seat, s) + self.star_actions(seat)

    def do_more(self: Any, action: Action) -> list[Event]:
        """Actions of these rules met in ``do_turn`` or ``do_act``."""
        if isinstance(action, a.StarAction):
            return self.do_star_action(action)
        act = typing.cast(a.Act, action)
        if act.kind in FREE_KINDS:
            return self.do_storage(act)
        if act.kind == "gambit":
            return self.do_gambit(act)
        if act.kind == "heal" and self.on_event_card(act.survivor):
            return self.do_victim_heal(act)
        if act.kind == "heal_item":
            return self.leave_first(act.survivor) + self.do_heal_item(act)
        return self.do_take_from(act)

    def is_more(self: Any, action: Action) -> bool:
        return isinstance(action, a.StarAction) or (
            isinstance(action, a.Act) and (action.kind in MORE_KINDS or (
                action.kind == "heal" and self.on_event_card(action.survivor))))

    def more_refusal(self: Any, action: Action) -> tuple[str, str] | None:
        """The rule and sentence refusing a wrong action of these rules, else None."""
        if isinstance(action, a.Commit | a.Negate | a.Flail | a.Lend):
            why = self.lend_refusal(action)
            return ("R-I32-55", why) if why else None
        if isinstance(action, a.StarAction):
            name = self._name(action.survivor)
            if action.survivor not in self.pools[action.seat]:
                return "R-I32-67", f"{name} is not in Seat {action.seat + 1}'s pool"
            return "R-I32-67", f"{name} has no horror star to spend"
        if not isinstance(action, a.Act) or action.survivor != (self.current or {}).get(
                "survivor") or action.survivor not in self.survivors:
            return None
        if action.kind in MORE_KINDS or self.on_event_card(action.survivor):
            return self.act_refusal(action)
        return None

    def act_refusal(self: Any, act: a.Act) -> tuple[str, str]:
        s, name = act.survivor, self.card_name(act.survivor)
        me = self.survivors[s]
        if self.on_event_card(s) and act.kind not in ("gambit", "heal_item"):
            return "R-I32-42", f"{name} is on {self.card_name(me['where'])}: it may only " \
                "try the gambit, heal, or spend a horror star"
        if act.kind == "gambit":
            return "R-I32-42", f"{name} is not on an event card: no gambit"
        if act.kind in FREE_KINDS:
            if not me["where"] or not me["inside"]:
                return "R-I32-65", f"{name} is not inside a sanctuary: only its occupants " \
                    "store or take items there"
            if act.kind == "retrieve" and len(me["items"]) >= MAX_ITEMS:
                return "R-I32-11", f"{name} holds 2 items already"
            place = "holds" if act.kind == "store" else "finds in the sanctuary"
            return "R-I32-65", f"{name} {place} no {self._name(act.item)}"
        holder = act.target if act.kind == "take_from" else act.survivor
        held = self.survivors[holder]["items"] if holder in self.survivors else []
        if act.kind == "heal_item":
            if act.item not in held or not self.data.get(act.item).heals_insanity:
                return "R-I32-62", f"{name} holds no item that heals insanity called " \
                    f"{self._name(act.item)}"
            if act.target not in self.survivors or not self.same_area(s, act.target):
                return "R-I32-62", f"{self._name(act.target)} is not in {name}'s area of " \
                    "play (the pool, the same sanctuary or the same event)"
            return "R-I32-62", f"{self._name(act.target)} has no insanity token on " \
                f"{act.stat.upper() or 'that stat'}"
        if len(me["items"]) >= MAX_ITEMS:
            return "R-I32-11", f"{name} holds 2 items already"
        if holder == s or act.item not in held:
            return "R-I32-13", f"{self._name(act.target)} holds no {self._name(act.item)} " \
                f"{name} could take"
        if self.data.get(act.item).kind != "item":
            return "R-I32-13", "only an item is taken from another survivor, not a power play"
        return "R-I32-13", f"{self._name(act.target)} is not in {name}'s area of play " \
            "(option take_from_area)"

    def describe_more(self: Any, act: a.Act) -> str:
        name, n = self._name(act.survivor), self._name
        return {"take_from": f"{name}: take {n(act.item)} from {n(act.target)}",
                "heal_item": f"{name}: heal {n(act.target)}'s {act.stat.upper()} with "
                             f"{n(act.item)}",
                "store": f"{name}: store {n(act.item)} in the sanctuary",
                "retrieve": f"{name}: take back {n(act.item)} from the sanctuary",
                "gambit": f"{name}: gambit on {n(act.target)}"}[act.kind]

    def leave_first(self: Any, s: str) -> list[Event]:
        """An action that is not a sanctuary action returns the survivor to the pool
        (R-I32-63)."""
        where = self.survivors[s]["where"]
        if where and not self.on_event_card(s):
            return self.leave_sanctuary(s)
        return []

    def same_area(self: Any, s: str, other: str) -> bool:
        """R-I32-62: the pool (general population), the same sanctuary or the same event."""
        return bool(self.survivors[s]["where"] == self.survivors[other]["where"])

    # ------------------------------------------------------------------ take from a survivor

    def take_from_acts(self: Any, seat: int, s: str) -> list[Action]:
        if len(self.survivors[s]["items"]) >= MAX_ITEMS:
            return []
        anywhere = self.options.get("take_from_area", "any") == "any"
        return [a.Act(seat, s, "take_from", other, item) for other in self.in_play()
                if other != s and (anywhere or self.same_area(s, other))
                for item in self.survivors[other]["items"]
                if self.data.get(item).kind == "item"]

    def do_take_from(self: Any, act: a.Act) -> list[Event]:
        giver = act.target
        seat = self.owner(giver)
        if seat == act.seat:
            return self.hand_over(act.survivor, giver, act.item) + self.resume()
        # another player's survivor: he is asked first; the taker leaves a sanctuary only
        # when the item is given (a refusal changes nothing)
        return self.wait("choose", seat=seat, survivor=act.survivor, card=act.item,
                         purpose="give", choices=["give", "refuse"])

    def hand_over(self: Any, taker: str, giver: str, item: str) -> list[Event]:
        events = self.leave_first(taker)
        me, other = self.survivors[taker], self.survivors[giver]
        other["items"].remove(item)
        me["items"].append(item)
        if item in other["stores"]:
            me["stores"][item] = other["stores"].pop(item)
        return [*events, a.Told("R-I32-13", f"{self.card_name(taker)} takes "
                                f"{self.card_name(item)} from {self.card_name(giver)}")]

    def chose_give(self: Any, cur: dict[str, Any], value: str) -> list[Event]:
        taker, item = cur["survivor"], cur["card"]
        giver = next(s for s in self.in_play() if item in self.survivors[s]["items"])
        if value == "give":
            return self.hand_over(taker, giver, item) + self.run()
        self.push(["survivor_act", self.owner(taker), taker, False])
        told = a.Told("R-I32-13", f"Seat {cur['seat'] + 1} keeps {self.card_name(item)}: "
                      f"{self.card_name(taker)} chooses another action")
        return [told, *self.run()]

    # ------------------------------------------------------------------ healing items

    def heal_item_acts(self: Any, seat: int, s: str) -> list[Action]:
        me = self.survivors[s]
        items = [i for i in me["items"] if self.data.get(i).kind == "item"
                 and self.data.get(i).heals_insanity]
        return [a.Act(seat, s, "heal_item", t, item, stat) for item in items
                for t in self.in_play() if self.same_area(s, t)
                for stat in self.survivors[t]["insane"]]

    def do_heal_item(self: Any, act: a.Act) -> list[Event]:
        self.survivors[act.target]["insane"].remove(act.stat)
        events: list[Event] = [a.Told("R-I32-62", f"{self.card_name(act.survivor)} heals "
                                      f"{self.card_name(act.target)}'s {act.stat.upper()} "
                                      f"with {self.card_name(act.item)}")]
        if not self.options.get("heal_item_kept", False):
            me = self.survivors[act.survivor]
            me["items"].remove(act.item)
            me["stores"].pop(act.item, None)
            self.discards.append(act.item)
            events.append(a.Told("R-I32-62", f"{self.card_name(act.item)} is used up"))
        return events + self.resume()

    # ------------------------------------------------------------------ sanctuary storage

    def storage_acts(self: Any, seat: int, s: str) -> list[Action]:
        me = self.survivors[s]
        if not me["where"] or not me["inside"]:
            return []
        stored = self.sanctuary(me["where"])["items"]
        found: list[Action] = [a.Act(seat, s, "store", item=i) for i in me["items"]]
        if len(me["items"]) < MAX_ITEMS:
            found += [a.Act(seat, s, "retrieve", item=i) for i in stored]
        return found

    def do_storage(self: Any, act: a.Act) -> list[Event]:
        """A free action: the action prompt stays (R-I32-65)."""
        me = self.survivors[act.survivor]
        sanctuary = self.sanctuary(me["where"])
        stores = sanctuary.setdefault("stores", {})
        if act.kind == "store":
            me["items"].remove(act.item)
            sanctuary["items"].append(act.item)
            if act.item in me["stores"]:
                stores[act.item] = me["stores"].pop(act.item)
            verb = "stores"
        else:
            sanctuary["items"].remove(act.item)
            me["items"].append(act.item)
            if act.item in stores:
                me["stores"][act.item] = stores.pop(act.item)
            verb = "takes back"
        return [a.Told("R-I32-65", f"{self.card_name(act.survivor)} {verb} "
                       f"{self.card_name(act.item)} in {self.card_name(sanctuary['card'])}")]

    def store_found(self: Any, s: str, card: str) -> bool:
        """A sanctuary search's find the survivor cannot hold is stored there (R-I32-65)."""
        me = self.survivors[s]
        if not me["where"] or not me["inside"]:
            return False
        info = self.data.get(card)
        sanctuary = self.sanctuary(me["where"])
        sanctuary["items"].append(card)
        if card not in self.seen:
            self.seen.append(card)
        if info.kind == "item" and info.mythos:
            sanctuary.setdefault("stores", {})[card] = info.mythos
        return True

    # ------------------------------------------------------------------ first dibs

    def dibs_cause(self: Any, gangster: str) -> None:
        """R-I32-16: the reveal under way continues as the gangster's: the replacement card's
        creature feature is caused by him."""
        for step in self.todo:
            if step[0] == "reveal" and step[1] != "setup":
                step[1] = gangster
                return
