"""Innsmouth 32's spoints in ``refbox play``: a kind at a time, with the target each gives.

Before a roll the engine lists one action per way to split the spoints (power, rest, lent:
up to some 20 "commits 0 power and 0 rest spoints" lines). As on the box's screen
(services/referee/tables/innsmouth_32/spoints.py) the player is asked how many power
spoints, then how many rest (then lent), every line showing the target that results in the
box's words ("MUSCLE 6 +2 = 8", a damage roll "1d6 +2"); an amount with nothing to add
after it is the action itself. Damage is negated with exactly that many spoints (one line,
or a list of the ways to split them) or the survivor flails (his SPEED, the Night Clerk's
BRAINS: R-I32-82), with spoints asked the same way. Lending and other actions of the
moment stay as they are.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from services.games.core import State
from services.referee.cli.offers import Choice, Offer
from services.referee.tables.innsmouth_32.spoints import CAP, Spoints, flail_stat

KINDS = ("power", "rest", "lent")
WORTH = re.compile(r"each spoint adds ([0-9]+)")  # a gambit: REEL# per spoint (R-I32-42)


class Target:
    """What is rolled and what spoints make of it, in the words of the box's screen."""

    def __init__(self, spoints: Spoints, word: str, base: int | None, worth: int = 1) -> None:
        self.spoints, self.word, self.base, self.worth = spoints, word, base, worth

    def text(self, spent: int) -> str:
        if self.worth == 1 or self.base is None or not spent:
            return self.spoints.result(self.word, self.base, spent)
        total = min(CAP, self.base + spent * self.worth)
        return f"{self.word} {self.base} +{spent}x{self.worth} = {total}"


def spoint_choice(state: State, seat: int, plain: Choice) -> Choice | None:
    """The seat's spoints before its roll or against damage, else None."""
    view = state.view(seat)
    step = view.get("step") or {}
    if view.get("phase") not in ("commit", "negate") or step.get("seat") != seat:
        return None
    from services.games.innsmouth_32 import actions as a

    spoints = Spoints(seat, view, [], lambda _x: "")
    name = str(view["survivors"].get(spoints.survivor, {}).get("name", spoints.survivor))
    have = ", ".join(f"{n} {k}" for k, n in (("power", spoints.power),
                                              ("rest", spoints.rest),
                                              ("lent", spoints.lent)) if n or k != "lent")
    others = [o for o in plain.offers if not isinstance(o.action, a.Commit | a.Negate | a.Flail)]
    if view["phase"] == "commit":
        target = _commit_target(state, spoints, str(step.get("purpose", "the roll")))
        commits = [o.action for o in plain.offers if isinstance(o.action, a.Commit)]
        return Choice("", [*levels(commits, target, "", 0), *others], [
            f"{name}: {step.get('purpose', 'the roll')}: {target.text(0)} before spoints",
            f"have {have} spoints; choose the power, then the rest"])
    damage = int(step.get("damage", 0))
    flail = _flail_target(state, spoints)
    return Choice("", [*_negations(plain, damage), *_flails(plain, flail), *others], [
        f"{damage} damage to {name}: negate it with {damage} spoints, or flail "
        f"({flail.text(0)})", f"have {have} spoints"])


def levels(actions: list[Any], target: Target, chosen: str, spent: int,
           verb: str = "") -> list[Offer]:
    """One offer per amount of the first kind the actions differ in; an amount with more
    to choose after it opens the next kind's list."""
    kind = next((k for k in KINDS if len({getattr(x, k, 0) for x in actions}) > 1), "")
    if not kind:
        return [Offer(f"{verb}{spent_text(x)}: {target.text(total(x))}", x) for x in actions]
    offers = []
    for n in sorted({getattr(x, kind) for x in actions}):
        found = [x for x in actions if getattr(x, kind) == n]
        so_far = f"{chosen}{n} {kind}"
        if len(found) == 1:
            offers.append(Offer(f"{verb}{spent_text(found[0])}: "
                                f"{target.text(total(found[0]))}", found[0]))
            continue
        following = next(k for k in KINDS if len({getattr(x, k, 0) for x in found}) > 1)
        offers.append(Offer(f"{verb}{so_far}, then {following}...: "
                            f"{target.text(spent + n)}",
                            more=_level(found, target, f"{so_far}, ", spent + n, following,
                                        verb)))
    return offers


def _level(found: list[Any], target: Target, chosen: str, spent: int, kind: str,
           verb: str) -> Callable[[], Choice]:
    return lambda: Choice(f"{chosen.rstrip(', ')}: how many {kind}?",
                          levels(found, target, chosen, spent, verb))


def spent_text(action: Any) -> str:
    """ "2 power, 1 rest" (and lent when any): what an action spends."""
    return ", ".join(f"{getattr(action, k, 0)} {k}" for k in KINDS
                     if k != "lent" or getattr(action, k, 0))


def total(action: Any) -> int:
    return sum(int(getattr(action, k, 0)) for k in KINDS)


def _commit_target(state: State, spoints: Spoints, purpose: str) -> Target:
    """The roll's stat and target: the engine's fight when it tells them (an attack, a test,
    a gambit), else as the box's screen reads them from the purpose."""
    fight = getattr(state, "fight", None) or {}
    if spoints.limit < 99 and isinstance(fight.get("base"), int):
        worth = WORTH.search(purpose)
        if fight.get("kind") == "gambit" or worth:
            return Target(spoints, "target", fight["base"], int(worth[1]) if worth else 1)
        if fight.get("stat"):
            return Target(spoints, str(fight["stat"]).upper(), fight["base"])
    return Target(spoints, *spoints.head(purpose))


def _flail_target(state: State, spoints: Spoints) -> Target:
    """SPEED, or BRAINS for the Night Clerk (R-I32-82), at the value the engine flails at."""
    word = flail_stat(spoints.stats)  # the box's word
    stat: Any = getattr(state, "stat", None)
    base = int(stat(spoints.survivor, "speed")) if callable(stat) else CAP - spoints.limit
    return Target(spoints, word, base)


def _negations(plain: Choice, damage: int) -> list[Offer]:
    from services.games.innsmouth_32 import actions as a

    ways = [o.action for o in plain.offers if isinstance(o.action, a.Negate)]
    word = f"Negate: {damage} spoints"
    if len(ways) == 1:
        return [Offer(f"{word} ({spent_text(ways[0])})", ways[0])]
    if not ways:
        return []
    return [Offer(f"{word}... (which spoints)", more=lambda: Choice(
        "Negate with which spoints?", [Offer(spent_text(x), x) for x in ways]))]


def _flails(plain: Choice, target: Target) -> list[Offer]:
    from services.games.innsmouth_32 import actions as a

    flails = [o.action for o in plain.offers if isinstance(o.action, a.Flail)]
    word = f"Flail: {target.text(0)}"
    if len(flails) == 1:
        return [Offer(word, flails[0])]
    if not flails:
        return []
    return [Offer(f"{word}... (spoints first)", more=lambda: Choice(
        "Flail: how many spoints?", levels(flails, target, "", 0)))]
