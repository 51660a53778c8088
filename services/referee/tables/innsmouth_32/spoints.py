"""Spoints before a roll, on the rolling player's screen (R-I32-41, R-I32-49, R-I32-56).

Before every roll the player commits power spoints (his board) and rest spoints (the
survivor's): first how many power, then how many rest, every item showing the target that
results ("MUSCLE 6 +2 = 8"; a damage roll "1d6 +2"). Amounts the rules refuse (more than he
has, more than raise the target to 11) are greyed with the engine's reason. Damage to a
survivor is negated with exactly that many spoints, or he flails (2d6 against SPEED, or
BRAINS for the Night Clerk, raised with spoints the same way).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from services.games.core import Action
from services.referee.box.menu import Item, Menu
from services.referee.box.render import fit

Why = Callable[[Action], str]
Make = Callable[[int, int, int], Action]  # power, rest, lent -> the action
CAP = 11  # A-I32-14: a target number is raised to 11 at most
OPEN = 99  # the engine's limit for a damage roll's spoints (no cap)


class Spoints:
    """The spoint menus of one seat at one moment."""

    def __init__(self, seat: int, view: dict[str, Any], legal: list[Action], why: Why,
                 stat: str = "") -> None:
        self.seat, self.view, self.legal, self.why = seat, view, legal, why
        self.stat = stat  # the stat of the attack being rolled, when the flow knows it
        step = view["step"]
        self.survivor = step.get("survivor", "")
        self.limit = int(step.get("limit", 0))
        me = view["survivors"].get(self.survivor, {})
        self.rest = int(me.get("rest", 0))
        self.power = int(view["power"][seat]) if seat < len(view["power"]) else 0
        self.stats = me.get("stats", {})
        self.lent = sum(int(n) for n in step.get("lent", []) or [])  # R-I32-55
        self.sample: Action | None = None  # an action of the kind the menu builds

    def head(self, purpose: str) -> tuple[str, int | None]:
        """What is rolled: ("MUSCLE", 6) for a target number, ("1d6", None) for damage."""
        if self.limit >= OPEN or "damage" in purpose:
            return "1d6", None
        base = CAP - self.limit
        named = re.search(r"\b(MUSCLE|SPEED|BRAINS|GUTS)\b", purpose)
        word = named[1] if named else (self.stat or "muscle").upper()
        if not named and int(self.stats.get(word.lower(), -1)) != base:
            word = next((k.upper() for k, v in self.stats.items() if int(v) == base),
                        "target")
        return word, base

    def result(self, word: str, base: int | None, extra: int) -> str:
        if base is None:
            return f"{word} +{extra}" if extra else word
        total = min(CAP, base + extra)
        return f"{word} {base} +{extra} = {total}" if extra else f"{word} {base}"

    def menu(self, make: Make, title: str, purpose: str, lines: list[str]) -> Menu:
        """One level per kind of spoint the player can use: his power, the survivor's rest,
        then power other players lent (levels without any are skipped)."""
        word, base = self.head(purpose)
        kinds = [(k, n) for k, n in (("power", self.power), ("rest", self.rest),
                                     ("lent", self.lent)) if n]
        return self.level(make, title, word, base, kinds, (), lines)

    def level(self, make: Make, title: str, word: str, base: int | None,
              kinds: list[tuple[str, int]], chosen: tuple[int, ...],
              lines: list[str]) -> Menu:
        if not kinds:  # no spoints at all: only the roll as it is
            action = make(0, 0, 0)
            return Menu(fit(f"{title}: roll", "Roll"), [Item(self.result(word, base, 0),
                                                             action)], lines=lines)
        kind, have = kinds[len(chosen)]
        last = len(chosen) + 1 == len(kinds)
        items = []
        for n in range(have + 1):
            amounts = self.amounts(kinds, (*chosen, n))
            alone = make(*amounts)
            deeper = not last and any(self.prefix(x, kinds, (*chosen, n)) and x != alone
                                      for x in self.legal)
            if alone not in self.legal and not deeper:  # the first amount refused: greyed
                if not chosen:  # (on the first level: each reason costs a copy of the game)
                    items.append(Item(self.result(word, base, sum(amounts)), None,
                                      why=self.why(alone)))
                break
            value: Any = self._next(make, title, word, base, kinds, (*chosen, n), lines) \
                if deeper else alone
            items.append(Item(self.result(word, base, sum(amounts)), value))
        used = ", ".join(f"{c} {k}" for (k, _h), c in zip(kinds, chosen, strict=False) if c)
        have_line = f"have {have} {kind}" + (f", {used} in" if used else "")
        return Menu(fit(f"{title}: {kind}?", f"{kind.capitalize()}?"), items,
                    lines=[*lines, fit(have_line, f"have {have} {kind}")])

    @staticmethod
    def amounts(kinds: list[tuple[str, int]], chosen: tuple[int, ...]) -> tuple[int, int, int]:
        found = dict(zip([k for k, _n in kinds], chosen, strict=False))
        return found.get("power", 0), found.get("rest", 0), found.get("lent", 0)

    def prefix(self, action: Action, kinds: list[tuple[str, int]],
               chosen: tuple[int, ...]) -> bool:
        """``action`` spends the amounts chosen so far (of the seat's kind of action)."""
        return all(getattr(action, k, None) == n for (k, _h), n in zip(kinds, chosen,
                                                                        strict=False)) and \
            type(action) is type(self.sample)

    def _next(self, make: Make, title: str, word: str, base: int | None,
              kinds: list[tuple[str, int]], chosen: tuple[int, ...],
              lines: list[str]) -> Callable[[], Menu]:
        return lambda: self.level(make, title, word, base, kinds, chosen, lines)

    # ------------------------------------------------------------------ the phases

    def maker(self, kind: type) -> Make:
        """``kind(seat, power, rest[, lent])``: lent only where the engine has it."""
        lends = "lent" in getattr(kind, "__dataclass_fields__", {})
        self.sample = kind(self.seat, 0, 0)

        def make(p: int, r: int, lent: int) -> Action:
            return kind(self.seat, p, r, lent) if lends else kind(self.seat, p, r)  # type: ignore

        return make

    def commit(self, kind: type, name: str) -> Menu:
        purpose = self.view["step"].get("purpose", "the roll")
        short = purpose.removeprefix("the ")
        return self.menu(self.maker(kind), "Commit", purpose,
                         [fit(f"{name}: {short}", short, name)])

    def negate(self, negate: type, flail: type, name: str) -> Menu:
        damage = int(self.view["step"].get("damage", 0))
        ways = [x for x in self.legal if isinstance(x, negate)]
        lines = [fit(f"{damage} damage to {name}", f"{damage} damage")]
        items = []
        word = f"Negate: {damage} spoints"
        if len(ways) == 1:
            items.append(Item(word, ways[0]))
        elif ways:
            items.append(Item(word, lambda: Menu("Negate with?", [Item(spent(x), x)
                                                                   for x in ways],
                                                 lines=lines)))
        else:
            items.append(Item(word, None, why=self.why(negate(
                self.seat, min(damage, self.power), max(0, damage - self.power)))))
        flails = [x for x in self.legal if isinstance(x, flail)]
        stat = flail_stat(self.stats)
        base = CAP - self.limit if self.limit else self.stats.get(stat.lower(), CAP)
        label = fit(f"Flail: {stat} {base}", "Flail")
        if len(flails) > 1:
            make = self.maker(flail)
            items.append(Item(label, lambda: self.menu(make, "Flail", f"the {stat} flail",
                                                       lines)))
        elif flails:
            items.append(Item(label, flails[0]))
        return Menu("Damage!", items, lines=lines)


def flail_stat(stats: dict[str, Any]) -> str:
    """The stat a survivor flails with: SPEED (R-I32-49), BRAINS for one without SPEED (the
    Night Clerk, R-I32-82)."""
    return "SPEED" if "speed" in stats else "BRAINS"


def spent(action: Any) -> str:
    """ "2 power 1 rest" (and "1 lent"): the spoints an action spends."""
    parts = [f"{getattr(action, k, 0)} {k}" for k in ("power", "rest", "lent")
             if getattr(action, k, 0) or k != "lent"]
    return fit(" ".join(parts), " ".join(p.replace("power", "pw") for p in parts), width=20)


def stat_of(act: Any) -> str:
    """The stat an attack rolls against (an item's, else MUSCLE: R-I32-43)."""
    return str(getattr(act, "stat", "") or "muscle")

