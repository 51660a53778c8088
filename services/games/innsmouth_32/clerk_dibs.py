"""The Night Clerk's first dibs on mythos items (option ``clerk_dibs``, R-I32-82).

The summary: the Night Clerk "is not part of any faction and can be allowed to have first dibs
on mythos items". With ``clerk_dibs`` (only meaningful with ``night_clerk``; without it the
option does nothing, like ``hound_returns`` without the Hound), an item card with a mythos store
(``mythos`` > 0: the Elder Sign, the Silver Dagger of the EXAMPLE pack) that appears on the
screen is offered at once to the player whose pool holds the Night Clerk in play, exactly like a
gangster's first dibs (R-I32-16): the same ``dibs`` step and ``choose`` prompt (screen.py
``step_dibs``), the same 2-item limit, not from inside a sanctuary, and the card replacing his
take is revealed as his take (D-I32-28, extras.py ``dibs_cause``).

An item that is both a first-dibs gun and a mythos store gets one round of prompts: each
player, clockwise from the director's left, is asked once with his gangsters and the Night
Clerk among the choices (D-I32-52). The prompt's rule is R-I32-16 for a first-dibs gun, else
R-I32-82; the take is told under R-I32-82 when the Night Clerk takes it.
"""

from __future__ import annotations

from typing import Any

from services.games.innsmouth_32.extras import MAX_ITEMS

GANGSTER_RULE, CLERK_RULE = "R-I32-16", "R-I32-82"


class ClerkDibs:
    def clerk_dibs_on(self: Any) -> bool:
        return bool(self.options.get("night_clerk")) and bool(self.options.get("clerk_dibs"))

    def has_dibs(self: Any, info: Any) -> bool:
        """An item appearing on the screen that someone may have first dibs on."""
        if info.kind != "item":
            return False
        return bool(info.first_dibs) or (self.clerk_dibs_on() and info.mythos > 0)

    def dibs_takers(self: Any, seat: int, card: str) -> list[str]:
        """The survivors of ``seat`` who may take ``card`` by first dibs: gangsters for a
        first-dibs gun (R-I32-16), the Night Clerk for a mythos item (R-I32-82); each in the
        pool (not in a sanctuary) with a free hand."""
        info = self.data.get(card)
        clerk = self.data.night_clerk.id

        def wants(s: str) -> bool:
            if info.first_dibs and self.data.get(s).faction == "gangsters":
                return True
            return s == clerk and self.clerk_dibs_on() and info.mythos > 0

        return [s for s in self.pools[seat] if wants(s) and not self.survivors[s]["where"]
                and len(self.survivors[s]["items"]) < MAX_ITEMS]

    def dibs_rule(self: Any, card: str = "", taker: str = "") -> str:
        """R-I32-82 for the Night Clerk's take or a prompt on a mythos item no gangster may
        claim, else R-I32-16."""
        if taker:
            return CLERK_RULE if taker == self.data.night_clerk.id else GANGSTER_RULE
        return GANGSTER_RULE if not card or self.data.get(card).first_dibs else CLERK_RULE

    def choice_rule(self: Any, purpose: str) -> str:
        """turns.py's rule of a ``choose`` prompt, with the Night Clerk's dibs (R-I32-82)."""
        if purpose == "dibs" and self.current and self.current.get("purpose") == "dibs":
            return str(self.dibs_rule(str(self.current.get("card", ""))))
        return str(super().choice_rule(purpose))  # type: ignore[misc]
