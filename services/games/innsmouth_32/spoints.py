"""Power spoints lent to another player's survivor (R-I32-55: power spoints "may be spent for
any survivor: his or, if he agrees, another player's").

While a survivor's player commits spoints before a roll (phase ``commit``) or negates damage
(phase ``negate``), every other character player with power spoints has a prompt too and may
``Lend`` some: they leave his board and wait on the step (``current["lent"]``, one number per
seat). The survivor's player agrees by using them: ``Commit``/``Negate``/``Flail`` take
``lent`` spoints (at most what waits), taken from the lenders clockwise from his left; what is
not used goes back to its lenders when he answers. The director and monster players never lend
(R-I32-56: only players use spoints).
"""

from __future__ import annotations

import typing
from typing import Any

from services.games.core import Action, Event, SeatPrompt
from services.games.innsmouth_32 import actions as a

LEND_PHASES = ("commit", "negate")


class Lending:
    def lenders(self: Any, seat: int) -> list[int]:
        """Character players other than ``seat`` who may lend power spoints, clockwise from
        his left."""
        order = [(seat + i) % self.players for i in range(1, self.players)]
        return [s for s in order if s != self.director and s not in self.monster_players]

    def lendable(self: Any, seat: int) -> int:
        """Power spoints the other players could lend to ``seat``'s survivor."""
        return sum(self.power[s] for s in self.lenders(seat))

    def lend_prompts(self: Any) -> tuple[SeatPrompt, ...]:
        cur = self.current or {}
        if self.phase not in LEND_PHASES or "lent" not in cur:
            return ()
        name = self.card_name(cur["survivor"])
        return tuple(SeatPrompt(s, "lend", f"lend power spoints to {name} (Seat "
                                f"{cur['seat'] + 1}), or wait", optional=True)
                     for s in self.lenders(cur["seat"]) if self.power[s])

    def lent_total(self: Any) -> int:
        return sum((self.current or {}).get("lent", []))

    def legal_lend(self: Any, seat: int) -> list[Action]:
        if not any(p.seat == seat for p in self.lend_prompts()):
            return []
        return [a.Lend(seat, n) for n in range(1, self.power[seat] + 1)]

    def do_lend(self: Any, action: Action) -> list[Event]:
        act = typing.cast(a.Lend, action)
        self.power[act.seat] -= act.power
        self.current["lent"][act.seat] += act.power
        return [a.Told("R-I32-55", f"Seat {act.seat + 1} lends {act.power} power spoints to "
                       f"{self.card_name(self.current['survivor'])}")]

    def settle_lent(self: Any, used: int) -> None:
        """``used`` lent spoints are spent (clockwise from the owner's left); the rest go back
        to their lenders (R-I32-55)."""
        lent = self.current.get("lent", [])
        for s in self.lenders(self.current["seat"]):
            take = min(used, lent[s])
            used -= take
            self.power[s] += lent[s] - take
            lent[s] = 0

    def lend_refusal(self: Any, action: Action) -> str | None:
        """The sentence refusing a wrong lend or a wrong use of lent spoints, else None."""
        cur = self.current
        if isinstance(action, a.Lend):
            if action.seat == cur["seat"]:
                return f"Seat {action.seat + 1} commits its own spoints, it does not lend"
            if action.seat not in self.lenders(cur["seat"]):
                return f"Seat {action.seat + 1} has no power spoints to lend (R-I32-56)"
            return (f"Seat {action.seat + 1} has {self.power[action.seat]} power spoints: it "
                    f"may lend 1 to {self.power[action.seat]}, not {action.power}")
        if action.seat != cur["seat"]:
            return (f"Seat {action.seat + 1} may only lend power spoints now: Seat "
                    f"{cur['seat'] + 1} spends them")
        lent = getattr(action, "lent", 0)
        if lent < 0 or lent > self.lent_total():
            return (f"{self.lent_total()} lent spoints wait for Seat {cur['seat'] + 1}, not "
                    f"{lent}")
        return None
