"""The sentences that explain Innsmouth 32's rolls on the public screen (the issue: "every roll
explained"): what was rolled, what was added and what it was measured against, e.g.
``2d6 = 3+4 = 7 <= MUSCLE 6 + 2 spoints: hit`` and
``1d6 = 5 + Fire Axe 2 = 7 >= 6: Deep One eliminated``. Pure functions of numbers and names;
:mod:`fights` and :mod:`people` tell them."""

from __future__ import annotations

from collections.abc import Sequence

from services.games.innsmouth_32.dice import OVERKILL, AttackRoll

Part = tuple[str, int]  # a named addend of a damage total: ("Fire Axe", 2), ("doubles", 3)


def spoints(count: int) -> str:
    return "1 spoint" if count == 1 else f"{count} spoints"


def aim(label: str, base: int, spent: int = 0, insane: bool = False) -> str:
    """A target number in words: ``MUSCLE 6 + 2 spoints``, ``SPEED 4 (insane)``, ``Deep One
    4``."""
    words = f"{label} {base}" + (" (insane)" if insane else "")
    if spent:
        words += f" + {spoints(spent)}"
    return words


def throng(values: Sequence[int], target: int) -> str:
    """A throng's target number (R-I32-47): ``throng 4+6+8 = 18``."""
    return f"throng {'+'.join(str(v) for v in values)} = {target}"


def faces(rolled: Sequence[int]) -> str:
    """``2d6 = 3+4 = 7`` or ``1d6 = 5``."""
    if len(rolled) == 1:
        return f"1d6 = {rolled[0]}"
    return f"2d6 = {'+'.join(str(f) for f in rolled)} = {sum(rolled)}"


def test(rolled: Sequence[int], target: int, words: str, ok: bool, verdict: str) -> str:
    """A roll against a target (a test, a flail, a save): ``2d6 = 3+4 = 7 <= BRAINS 7:
    success``; 12 always fails (R-I32-40)."""
    sign = "<=" if ok else ">"
    if not ok and sum(rolled) <= target:
        sign = "(12 always fails) vs"
    return f"{faces(rolled)} {sign} {words}: {verdict}"


def attack(roll: AttackRoll, words: str) -> str:
    """An attack roll (R-I32-40, R-I32-51, R-I32-52) against the target in ``words``."""
    if roll.head_shot or roll.fumble:
        return roll.says()
    verdict = "hit" if roll.success else "miss"
    bonus = f", doubles +{roll.bonus} damage" if roll.bonus and roll.success else ""
    sign = "<=" if roll.success else ">"
    if not roll.success and sum(roll.faces) <= roll.target:
        sign = "(12 always fails) vs"
    return f"{faces(roll.faces)} {sign} {words}: {verdict}{bonus}"


def shad(rolled: Sequence[int], value: int) -> str:
    """SHAD damage (R-I32-53): ``SHAD 2d6 = 3+5 (high 5)``, ``SHAD 2d6 = 4+4 (sum 8)``."""
    how = "sum" if rolled[0] == rolled[1] else "high"
    return f"SHAD 2d6 = {rolled[0]}+{rolled[1]} ({how} {value})"


def damage(die: str, parts: Sequence[Part], total: int) -> str:
    """A damage total: the die's words, then each non-zero addend by name, then the sum when
    there was something to add: ``1d6 = 5 + Fire Axe 2 + doubles 3 + 2 spoints = 12``."""
    added = [f"{name} {n}" if name != "spoints" else spoints(n) for name, n in parts if n]
    if not added:
        return die
    return f"{die} + {' + '.join(added)} = {total}"


def against(total: int, value: int, name: str, verdict: str) -> str:
    """A damage total measured against a monster's value (R-I32-45, R-I32-54)."""
    if total >= OVERKILL:
        return f">= {OVERKILL}: overkill, {name} {verdict}"
    return f"{'>=' if total >= value else '<'} {value}: {name} {verdict}"
