"""Horror stars (R-I32-67): every use, and the Last One Standing star roll.

A survivor's horror star is spent for one of:

* an immediate extra action (``StarAction``): at any seat prompt of a running reel, whoever
  is asked (:mod:`anytime`, D-I32-24); the extra action is a survivor turn of its own
  (A-I32-03), then the prompt it interrupted comes back;
* a re-roll of a failed action roll: attack rolls and tests (``offer_star`` in
  :mod:`fights`), gambits (:mod:`snatched`) and, unless the option ``star_flail`` is off,
  flails; never a damage roll, a head shot or a fumble;
* forcing a monster to re-roll a successful attack roll against any survivor: after a
  monster's (or throng's) successful attack roll on a survivor, before the damage, each player
  with a survivor holding a star is asked in turn, clockwise from the director's left.

Last One Standing (R-I32-73): before its final turn the survivor may earn each horror-star
token still on the reel slot (5 - REEL#: the tokens of this reel and the later ones) by rolling
at most REEL# on 1d6; the director may waive the rolls (the survivor then earns them all).
"""

from __future__ import annotations

import typing
from typing import Any

from services.games.core import Action, Event
from services.games.innsmouth_32 import actions as a
from services.games.innsmouth_32 import dice
from services.games.innsmouth_32.anytime import LOS, Anytime

CHOICE_RULES = {"reflail": "R-I32-67", "force": "R-I32-67", "los_star": "R-I32-67",
                "regambit": "R-I32-67", "give": "R-I32-13"}  # choose purposes of E1's rules
TOKENS = 4  # reel tokens 1-4 (5.2)


def choice_values(state: Any, current: dict[str, Any]) -> set[str]:
    """The values a ``choose`` step of these purposes may offer (snapshot checks)."""
    purpose = current["purpose"]
    if purpose == "force":
        return {"pass", *state.star_holders(current["seat"])}
    return {"reflail": {"reroll", "accept"}, "regambit": {"reroll", "accept"},
            "los_star": {"roll", "waive"}, "give": {"give", "refuse"}}[purpose]


class Stars(Anytime):
    # ------------------------------------------------------------------ the extra action

    def star_holders(self: Any, seat: int) -> list[str]:
        return [s for s in self.pools[seat] if self.survivors[s]["stars"]]

    def star_actions(self: Any, seat: int) -> list[Action]:
        """The seat's extra actions, when one fits now (anytime.py)."""
        if not self.star_holders(seat) or self.star_window() is not None:
            return []
        return [a.StarAction(seat, s) for s in self.star_holders(seat)]

    def do_star_action(self: Any, action: Action) -> list[Event]:
        """The extra action is a survivor turn (A-I32-03), then the interrupted prompt comes
        back (``star_back``, anytime.py)."""
        act = typing.cast(a.StarAction, action)
        seat, s = act.seat, act.survivor
        back, events = self.interrupt()
        self.survivors[s]["stars"] -= 1
        own = self.final != LOS and self.current_seat() == seat
        after = not (self.options["reveal_per_player_turn"] and own)
        self.push(["survivor_act", seat, s, after], ["star_back", back])
        told = a.Told("R-I32-67", f"{self.card_name(s)} spends a horror star for an extra "
                      "action")
        return [*events, told, *self.resume()]

    def step_star_turn(self: Any, seat: int) -> list[Event]:
        """The turn prompt the extra action interrupted (snapshots of earlier versions)."""
        if not self.pools[seat] and not self.to_draw(seat):
            return []
        return self.wait("turn", seat=seat)

    # ------------------------------------------------------------------ re-roll a flail

    def flail_failed(self: Any, s: str) -> list[Event]:
        """A failed flail: re-rolled with a horror star (option ``star_flail``), else the
        survivor is eliminated (R-I32-49)."""
        if self.options.get("star_flail", True) and self.survivors[s]["stars"]:
            return self.wait("choose", seat=self.owner(s), survivor=s, purpose="reflail",
                             choices=["reroll", "accept"])
        return self.flail_failed_for_good(s)

    def chose_reflail(self: Any, cur: dict[str, Any], value: str) -> list[Event]:
        s = cur["survivor"]
        if value == "accept":
            return self.flail_failed_for_good(s) + self.run()
        self.survivors[s]["stars"] -= 1
        self.push(["roll", 2, f"{self.card_name(s)} flails again", "R-I32-67",
                   ["flailed", s]])
        told = a.Told("R-I32-67", f"{self.card_name(s)} spends a horror star to re-roll")
        return [told, *self.run()]

    def flail_failed_for_good(self: Any, s: str) -> list[Event]:
        return self.eliminate(s, self.fight["damage"] >= dice.OVERKILL, -1)

    # ------------------------------------------------------------------ force a re-roll

    def offer_force(self: Any) -> None:
        """After a monster's successful attack roll on a survivor (the damage roll is at the
        front of the queue): the players with star holders may force a re-roll."""
        f = self.fight
        if f["victim"].startswith("locks:") or not all(self.is_monster(c) for c in f["cards"]):
            return
        seats = [s for s in self.character_seats() if self.star_holders(s)]
        if seats:
            self.push(["force_offer", seats])

    def step_force_offer(self: Any, seats: list[int]) -> list[Event]:
        for i, seat in enumerate(seats):
            holders = self.star_holders(seat)
            if holders:
                self.push(["force_offer", seats[i + 1:]])
                return self.wait("choose", seat=seat, purpose="force",
                                 choices=[*holders, "pass"])
        return []

    def chose_force(self: Any, cur: dict[str, Any], value: str) -> list[Event]:
        if value == "pass":
            return self.run()
        self.todo = [s for s in self.todo if s[0] != "force_offer"]
        self.survivors[value]["stars"] -= 1
        f = self.fight
        again = ["roll", 2, f"{self.card_name(f['cards'][0])} re-rolls its attack", "R-I32-67",
                 ["m_rolled"]]
        damage = next((i for i, step in enumerate(self.todo)
                       if step[0] == "roll" and step[4] == ["m_hurt"]), None)
        if damage is None:
            self.push(again)
        else:
            self.todo[damage] = again  # in place of the damage roll
        told = a.Told("R-I32-67", f"{self.card_name(value)} spends a horror star: the "
                      "monster re-rolls its attack")
        return [told, *self.run()]

    # ------------------------------------------------------------------ Last One Standing

    def los_star_steps(self: Any, s: str) -> list[list[Any]]:
        return [["los_stars", s]] if TOKENS + 1 - self.reel > 0 else []

    def step_los_stars(self: Any, s: str) -> list[Event]:
        if s not in self.survivors:
            return []
        return self.wait("choose", seat=self.director, survivor=s, purpose="los_star",
                         choices=["roll", "waive"])

    def chose_los_star(self: Any, cur: dict[str, Any], value: str) -> list[Event]:
        s = cur["survivor"]
        left = TOKENS + 1 - self.reel
        if value == "waive":
            self.survivors[s]["stars"] += left
            told = a.Told("R-I32-67", f"The director waives the rolls: {self.card_name(s)} "
                          f"earns {left} horror stars")
            return [told, *self.run()]
        self.push(*[["roll", 1, f"{self.card_name(s)} rolls for a horror star (1 to "
                     f"{self.reel} earns it)", "R-I32-67", ["los_star_rolled", s]]] * left)
        return self.run()

    def step_los_star_rolled(self: Any, s: str, faces: list[int]) -> list[Event]:
        if s not in self.survivors:
            return []
        if faces[0] <= self.reel:
            self.survivors[s]["stars"] += 1
            return [a.Told("R-I32-67", f"1d6 = {faces[0]} <= {self.reel}: "
                           f"{self.card_name(s)} earns a horror star")]
        return [a.Told("R-I32-67", f"1d6 = {faces[0]} > {self.reel}: no horror star")]
