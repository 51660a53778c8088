"""Faction play in Innsmouth 32 (R-I32-83, option ``faction_play``): rest spoints are shared
within a faction "as if they were power points".

While a survivor's player commits spoints before a roll or negates damage (phases ``commit``
and ``negate``), the owner of each faction ally in play with rest spoints (the same faction;
the Hound is a wild card, an ally of everyone, R-I32-81; the Night Clerk has no faction) may
``Share`` some: they move from the ally onto the survivor, then its player spends them with
his own. A survivor holds 7 rest spoints at most, so at most 7 minus its own may come. Other
players' owners get a prompt like lenders (R-I32-55) and may share or wait.

The 4-player and 3-player faction games (each player a faction, with his own survivor pile)
are :mod:`faction_games` (option ``faction_game``).
"""

from __future__ import annotations

import typing
from typing import Any

from services.games.core import Action, Event, SeatPrompt
from services.games.innsmouth_32 import actions as a

SHARE_PHASES = ("commit", "negate")
MAX_REST = 7  # R-I32-55


class Factions:
    def allies(self: Any, s: str) -> list[str]:
        """Survivors in play who may share rest spoints with ``s``."""
        if not self.options.get("faction_play") or s not in self.survivors:
            return []
        hound = self.data.hound.id
        side = self.data.get(s).faction
        return [x for x in self.in_play() if x != s and self.survivors[x]["rest"] and (
            hound in (x, s) or (side and self.data.get(x).faction == side))]

    def sharing_now(self: Any) -> list[str]:
        cur = self.current or {}
        if self.phase not in SHARE_PHASES or "survivor" not in cur:
            return []
        room = MAX_REST - self.survivors[cur["survivor"]]["rest"]
        return self.allies(cur["survivor"]) if room > 0 else []

    def share_prompts(self: Any) -> tuple[SeatPrompt, ...]:
        cur = self.current or {}
        lenders = {p.seat for p in self.lend_prompts()}  # one prompt per seat
        seats = sorted({self.owner(x) for x in self.sharing_now()} - {cur.get("seat")}
                       - lenders)
        name = self.card_name(cur["survivor"]) if seats else ""
        return tuple(SeatPrompt(s, "share", f"share a faction ally's rest spoints with {name}, "
                                "or wait", optional=True) for s in seats)

    def legal_shares(self: Any, seat: int) -> list[Action]:
        cur = self.current
        room = MAX_REST - self.survivors[cur["survivor"]]["rest"]
        return [a.Share(seat, x, n) for x in self.sharing_now() if self.owner(x) == seat
                for n in range(1, min(room, self.survivors[x]["rest"]) + 1)]

    def lendable(self: Any, seat: int) -> int:
        """With faction play, allies' rest spoints count too when the box decides whether to
        ask for spoints at all."""
        found = int(super().lendable(seat))  # type: ignore[misc]
        if not self.options.get("faction_play"):
            return found
        return found + sum(self.survivors[x]["rest"] for s in self.pools[seat]
                           for x in self.allies(s))

    def legal_commit(self: Any, seat: int) -> list[Action]:
        return [*super().legal_commit(seat), *self.legal_shares(seat)]  # type: ignore[misc]

    def legal_negate(self: Any, seat: int) -> list[Action]:
        return [*super().legal_negate(seat), *self.legal_shares(seat)]  # type: ignore[misc]

    def do_commit(self: Any, action: Action) -> list[Event]:
        if isinstance(action, a.Share):
            return self.do_share(action)
        return list(super().do_commit(action))  # type: ignore[misc]

    def do_negate(self: Any, action: Action) -> list[Event]:
        if isinstance(action, a.Share):
            return self.do_share(action)
        return list(super().do_negate(action))  # type: ignore[misc]

    def do_share(self: Any, action: Action) -> list[Event]:
        act = typing.cast(a.Share, action)
        s = self.current["survivor"]
        self.survivors[act.ally]["rest"] -= act.rest
        self.survivors[s]["rest"] += act.rest
        return [a.Told("R-I32-83", f"{self.card_name(act.ally)} shares {act.rest} rest "
                       f"spoints with {self.card_name(s)}")]

    def why_not(self: Any, action: Action) -> tuple[str, str]:
        if not isinstance(action, a.Share):
            return typing.cast(tuple[str, str], super().why_not(action))  # type: ignore[misc]
        allies = ", ".join(self.card_name(x) for x in self.sharing_now()
                           if self.owner(x) == action.seat) or "none"
        return "R-I32-83", (f"Seat {action.seat + 1} cannot share {action.rest} rest spoints "
                            f"of {self._name(action.ally)}: its faction allies with rest "
                            f"spoints here are {allies}, and "
                            f"{self.card_name(self.current['survivor'])} holds 7 at most")
