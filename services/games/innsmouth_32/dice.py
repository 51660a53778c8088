"""Innsmouth 32's dice rules as pure functions (R-I32-40..54, R-I32-58, R-I32-60..61).

Nothing here rolls: the faces come from chance prompts answered by the box or typed in from
real dice. Every function takes the faces and returns what they mean, with a sentence for the
public screen. ``tests/games/test_i32_dice.py`` checks them over all 36 outcomes of 2d6.

Decisions (docs/games/innsmouth-32.md):

* A-I32-14: spoints raise a target by 1 each; the effective target is capped at 11 (a target of
  11 succeeds on every roll but 12), so spoints that would lift it past 11 are refused.
* A-I32-11: head shots, fumbles and damage bonuses come only from attack rolls (and damaging
  event rolls); flails and other tests know only "12 always fails"; saves have their own 1-1 and
  6-6; SHAD has its own doubles rule (the sum).
* A-I32-12: a 1-1 on an attack roll is a head shot even when the target is below 2.
* A-I32-13: overkill (10+) counts only for damage that is not negated.
"""

from __future__ import annotations

from dataclasses import dataclass

TARGET_CAP = 11  # A-I32-14
OVERKILL = 10  # R-I32-54
GAMBIT_BASE = 2  # R-I32-42
INSANE_TARGET = 4  # R-I32-60, A-I32-16
INSANITY_FACES = {1: "muscle", 2: "speed", 3: "brains", 4: "guts", 5: "player", 6: "director"}


def target_spoints_limit(base: int, worth: int = 1) -> int:
    """The most spoints that may be committed to a target of ``base`` (A-I32-14): each is worth
    ``worth`` (REEL# for a gambit, R-I32-42), and none may lift the target past 11."""
    if base >= TARGET_CAP:
        return 0
    return -(-(TARGET_CAP - base) // worth)  # the last one may overshoot 11, then it is 11


def effective_target(base: int, spoints: int = 0, worth: int = 1) -> int:
    """The target after ``spoints`` (R-I32-41, R-I32-42), capped at 11 when raised."""
    if spoints < 0 or spoints > target_spoints_limit(base, worth):
        raise ValueError(f"{spoints} spoints cannot be committed to a target of {base}: at "
                         f"most {target_spoints_limit(base, worth)} (a target is raised to 11 "
                         "at most)")
    return min(TARGET_CAP, base + spoints * worth) if spoints else base


def passes(faces: tuple[int, int], target: int) -> bool:
    """R-I32-40: 2d6 at most the target succeeds; 6-6 always fails."""
    total = faces[0] + faces[1]
    return total != 12 and total <= target


@dataclass(frozen=True)
class AttackRoll:
    """An attack roll's meaning (R-I32-40, R-I32-51, R-I32-52)."""

    faces: tuple[int, int]
    target: int
    success: bool
    head_shot: bool  # 1-1: the victim is removed (monster) or taken as a familiar face
    fumble: bool  # 6-6: the attack fails, the victim counterstrikes
    bonus: int  # 2-2..5-5: damage bonus if the attack succeeds

    def says(self) -> str:
        a, b = self.faces
        head = f"2d6 = {a}+{b} = {a + b}"
        if self.head_shot:
            return f"{head}: head shot"
        if self.fumble:
            return f"{head}: fumble, the victim counterstrikes"
        verdict = "hit" if self.success else "miss"
        bonus = f", doubles +{self.bonus} damage" if self.bonus and self.success else ""
        return f"{head} {'<=' if self.success else '>'} {self.target}: {verdict}{bonus}"


def attack_roll(faces: tuple[int, int], target: int) -> AttackRoll:
    a, b = faces
    doubles = a == b
    head = doubles and a == 1
    fumble = doubles and a == 6
    success = head or (not fumble and passes(faces, target))
    bonus = a if doubles and 2 <= a <= 5 and success else 0
    return AttackRoll(faces, target, success, head, fumble, bonus)


def shad(faces: tuple[int, int]) -> int:
    """R-I32-53: the higher die; on doubles the sum."""
    a, b = faces
    return a + b if a == b else max(a, b)


def damage_total(roll: int, item_bonus: int = 0, doubles_bonus: int = 0, spoints: int = 0) -> int:
    """R-I32-44: the damage die (1d6 or SHAD) plus the item, doubles and spoint bonuses."""
    return roll + item_bonus + doubles_bonus + spoints


@dataclass(frozen=True)
class MonsterHit:
    eliminated: bool  # to the discards (R-I32-45)
    removed: bool  # overkill: out of play (R-I32-54)


def hit_monster(total: int, value: int, terror: bool = False,
                overkill_only: bool = False) -> MonsterHit:
    """R-I32-45, R-I32-54; a terror (R-I32-80) or the secret cultist (R-I32-84) falls only to
    overkill."""
    if total >= OVERKILL:
        return MonsterHit(True, True)
    if terror or overkill_only:
        return MonsterHit(False, False)
    return MonsterHit(total >= value, False)


@dataclass(frozen=True)
class SurvivorHit:
    negated: bool
    must_flail: bool
    overkill: bool  # removed from play, never a familiar face (if not negated/escaped)


def hit_survivor(total: int, negate: int) -> SurvivorHit:
    """R-I32-49: ``negate`` spoints spent, all or nothing: exactly the damage, or none."""
    if total < 1:
        return SurvivorHit(True, False, False)
    if negate not in (0, total):
        raise ValueError(f"negating {total} damage costs exactly {total} spoints (or none, "
                         f"then the survivor flails), not {negate}")
    if negate == total:
        return SurvivorHit(True, False, False)
    return SurvivorHit(False, True, total >= OVERKILL)


def flail(faces: tuple[int, int], speed_target: int) -> bool:
    """R-I32-49, A-I32-11: a test against SPEED (after spoints); 12 fails, no doubles effect."""
    return passes(faces, speed_target)


def mythos_save(faces: tuple[int, int], value: int, penalty: int = 0) -> str:
    """R-I32-58: 'immune' (1-1), 'obliterated' (6-6), 'unaffected' (<= value - penalty) or
    'banished' (to the discards)."""
    a, b = faces
    if a == b == 1:
        return "immune"
    if a == b == 6:
        return "obliterated"
    return "unaffected" if a + b <= value - penalty else "banished"


def insanity_stat(face: int, covered: tuple[str, ...], active: tuple[str, ...]) -> str:
    """R-I32-60, A-I32-15: the stat a 1d6 face covers: a stat, 'player' or 'director' (a
    choice among the uncovered active stats), or 'reroll' when it lands on a covered or
    inactive stat."""
    meaning = INSANITY_FACES[face]
    if meaning in ("player", "director"):
        return meaning
    return meaning if meaning in active and meaning not in covered else "reroll"


def insanity_without_roll(covered: tuple[str, ...], active: tuple[str, ...]) -> str | None:
    """R-I32-61: with one active stat left it is covered without rolling; None when a roll is
    needed; '' when all are covered (down on all fours: no more tokens)."""
    left = [s for s in active if s not in covered]
    if not left:
        return ""
    return left[0] if len(left) == 1 else None
