"""The secret cultist of Innsmouth 32 (R-I32-84, option ``secret_cultist``).

Before the game the director takes one card out of the random victims deck and keeps it: that
survivor is the secret cultist. Only the director's view names it (``view(director)``); the
table reads "Seat N has chosen" and the public events never name it. It is never a random
victim. When no survivor is left to draw and it is the last survivor in a player's pool it is
revealed: it becomes a familiar face in that player's first throng and the player is at once a
monster player; from then on only overkill (10+ damage) eliminates it, and no mythos banishes
it. Directorial coup de grâce: when the cultist is the Last One Standing, its reveal leaves no
survivor and the director wins.

While it hides, random victims are drawn from the deck as it lies on the table (a survivor not
in play is drawn again, R-I32-33), so neither the deck's size nor a draw tells which card is
missing. A cultist that falls as a survivor (or shows up face up as a familiar face) is known
to all from then on: everyone would miss its victims card; it is then an ordinary familiar
face.
"""

from __future__ import annotations

from typing import Any

from services.games.core import Event
from services.games.innsmouth_32 import actions as a


class Cultist:
    def step_cultist_pick(self: Any) -> list[Event]:
        choices = [v for v in self.victims if v != self.mods["replaced"]]
        return self.wait("choose", seat=self.director, choices=choices, purpose="cultist")

    def chose_cultist(self: Any, cur: dict[str, Any], value: str) -> list[Event]:
        self.mods["cultist"] = value
        self.victims.remove(value)  # never a random victim
        return [a.Told("R-I32-84", "The director secretly takes one card out of the random "
                       "victims deck: the secret cultist")]

    def cultist_known(self: Any) -> bool:
        """Revealed (R-I32-84), or its card was seen leaving play as a survivor (eliminated,
        or face up as a familiar face): its victims card is then missed by everyone."""
        s = self.mods["cultist"]
        return bool(self.mods["revealed"] or self.mods["exposed"] or s in self.removed
                    or (s in self.familiar and s in self.seen))

    def overkill_only(self: Any, card: str) -> bool:
        """A terror (R-I32-80) or the revealed secret cultist (R-I32-84) is eliminated only
        by overkill; neither is banished by mythos nor removed by a head shot."""
        mods = self.mods
        return self.is_terror(card) or (mods["revealed"] and card == mods["cultist"])

    def cultist_check(self: Any) -> list[Event]:
        """R-I32-84: the reveal, checked after every survivor turn and director action."""
        s = self.mods["cultist"]
        if not s or self.mods["revealed"] or self.any_to_draw() or s not in self.survivors:
            return []
        seat = self.owner(s)
        if self.pools[seat] != [s]:
            return []
        me = self.survivors.pop(s)
        self.pools[seat].remove(s)
        for sanctuary in self.sanctuaries:
            if s in sanctuary["occupants"]:
                sanctuary["occupants"].remove(s)
        self.discards.extend(me["items"])
        self.familiar.append(s)
        self.seen.append(s)
        self.throngs[seat][0].append(s)
        if seat not in self.monster_players:
            self.monster_players.append(seat)
        self.mods["revealed"] = True
        name = self.card_name(s)
        events: list[Event] = [a.Told("R-I32-84", f"{name} was the secret cultist! A familiar "
                                      f"face in Seat {seat + 1}'s throng 1: Seat {seat + 1} "
                                      "is now a monster player")]
        if not self.in_play():
            events.append(a.Told("R-I32-84", "Directorial coup de grâce: the secret cultist "
                                 "was the Last One Standing"))
        return events
