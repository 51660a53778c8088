"""Innsmouth 32's dice rules over all 36 outcomes of 2d6, against tables written out here by
hand (R-I32-40..42, R-I32-44, R-I32-45, R-I32-49, R-I32-51..54, R-I32-58, R-I32-60, R-I32-61;
A-I32-11..14)."""

from __future__ import annotations

import itertools

import pytest

from services.games.innsmouth_32 import dice

FACES = list(itertools.product(range(1, 7), repeat=2))

# The independent tables: row = first die 1..6, column = second die 1..6.
SUMS = [
    [2, 3, 4, 5, 6, 7],
    [3, 4, 5, 6, 7, 8],
    [4, 5, 6, 7, 8, 9],
    [5, 6, 7, 8, 9, 10],
    [6, 7, 8, 9, 10, 11],
    [7, 8, 9, 10, 11, 12],
]
SHAD = [  # the higher die, the sum on doubles (R-I32-53)
    [2, 2, 3, 4, 5, 6],
    [2, 4, 3, 4, 5, 6],
    [3, 3, 6, 4, 5, 6],
    [4, 4, 4, 8, 5, 6],
    [5, 5, 5, 5, 10, 6],
    [6, 6, 6, 6, 6, 12],
]
DOUBLES = {(1, 1): "head", (2, 2): 2, (3, 3): 3, (4, 4): 4, (5, 5): 5, (6, 6): "fumble"}
# How many of the 36 rolls pass a plain test of each target (12 always fails, R-I32-40).
PASSING = {1: 0, 2: 1, 3: 3, 4: 6, 5: 10, 6: 15, 7: 21, 8: 26, 9: 30, 10: 33, 11: 35, 12: 35,
           13: 35}


def test_the_tables_are_what_they_say() -> None:
    assert sum(row.count(12) for row in SUMS) == 1 and sum(map(sum, SUMS)) == 252


@pytest.mark.parametrize("target", range(1, 14))
def test_a_test_passes_at_or_under_the_target_and_12_always_fails(target: int) -> None:
    passed = [f for f in FACES if dice.passes(f, target)]
    assert len(passed) == PASSING[target]
    for a, b in FACES:
        assert dice.passes((a, b), target) == (SUMS[a - 1][b - 1] <= target and (a, b) != (6, 6))


@pytest.mark.parametrize("target", range(1, 16))
def test_attack_rolls_head_shots_fumbles_and_bonuses(target: int) -> None:
    for a, b in FACES:
        roll = dice.attack_roll((a, b), target)
        kind = DOUBLES.get((a, b))
        plain = SUMS[a - 1][b - 1] <= target and SUMS[a - 1][b - 1] != 12
        assert roll.head_shot == (kind == "head")
        assert roll.fumble == (kind == "fumble")
        # A-I32-12: a head shot hits even against a target below 2; a fumble always misses.
        assert roll.success == (kind == "head" or (kind != "fumble" and plain))
        expected_bonus = kind if isinstance(kind, int) and plain else 0
        assert roll.bonus == expected_bonus


def test_attack_sentences() -> None:
    assert dice.attack_roll((3, 4), 6).says() == "2d6 = 3+4 = 7 > 6: miss"
    assert dice.attack_roll((3, 3), 8).says() == "2d6 = 3+3 = 6 <= 8: hit, doubles +3 damage"
    assert dice.attack_roll((1, 1), 1).says() == "2d6 = 1+1 = 2: head shot"
    assert dice.attack_roll((6, 6), 13).says() == (
        "2d6 = 6+6 = 12: fumble, the victim counterstrikes")


def test_shad_over_all_36() -> None:
    for a, b in FACES:
        assert dice.shad((a, b)) == SHAD[a - 1][b - 1]


@pytest.mark.parametrize("value", [1, 4, 6, 9, 10, 12])
def test_damage_against_a_monster_over_all_36(value: int) -> None:
    """R-I32-44/45/54: 1d6 + item 2 + doubles + 1 spoint; SHAD for the familiar-face case."""
    for a, b in FACES:
        roll = dice.attack_roll((a, b), 7)
        if not roll.success:
            continue
        for die in range(1, 7):
            total = dice.damage_total(die, 2, roll.bonus, 1)
            assert total == die + 3 + (DOUBLES[(a, b)] if a == b and a in (2, 3, 4, 5) else 0)
            hit = dice.hit_monster(total, value)
            assert hit.eliminated == (total >= value or total >= 10)
            assert hit.removed == (total >= 10)


def test_terrors_and_the_secret_cultist_fall_only_to_overkill() -> None:
    for total in range(0, 16):
        for flag in ({"terror": True}, {"overkill_only": True}):
            hit = dice.hit_monster(total, 3, **flag)
            assert hit.eliminated == hit.removed == (total >= 10)


def test_survivor_damage_negation_flail_and_overkill() -> None:
    for total in range(0, 14):
        hit = dice.hit_survivor(total, 0)
        assert hit.negated == (total == 0) and hit.must_flail == (total >= 1)
        assert hit.overkill == (total >= 10)
        if total:
            negated = dice.hit_survivor(total, total)
            assert negated.negated and not negated.overkill  # A-I32-13
    with pytest.raises(ValueError, match="costs exactly 5 spoints"):
        dice.hit_survivor(5, 3)


@pytest.mark.parametrize("speed", range(2, 12))
def test_flails_know_only_that_12_fails(speed: int) -> None:
    for a, b in FACES:
        assert dice.flail((a, b), speed) == (SUMS[a - 1][b - 1] <= speed and (a, b) != (6, 6))
    assert dice.flail((1, 1), speed)  # no head shot on a flail (A-I32-11)


@pytest.mark.parametrize(("value", "penalty"), [(3, 0), (6, 0), (6, 2), (8, 1), (11, 0)])
def test_mythos_saves_over_all_36(value: int, penalty: int) -> None:
    for a, b in FACES:
        total = SUMS[a - 1][b - 1]
        expected = ("immune" if (a, b) == (1, 1) else "obliterated" if (a, b) == (6, 6)
                    else "unaffected" if total <= value - penalty else "banished")
        assert dice.mythos_save((a, b), value, penalty) == expected


def test_the_spoint_cap_on_target_numbers() -> None:
    """A-I32-14: raised to 11 at most; spoints past it are refused."""
    assert dice.target_spoints_limit(6) == 5
    assert dice.effective_target(6, 5) == 11
    assert dice.effective_target(11) == 11 and dice.target_spoints_limit(11) == 0
    assert dice.target_spoints_limit(13) == 0 and dice.effective_target(13) == 13
    with pytest.raises(ValueError, match="at most 5"):
        dice.effective_target(6, 6)
    for base in range(2, 12):
        for spoints in range(dice.target_spoints_limit(base) + 1):
            target = dice.effective_target(base, spoints)
            assert target == min(11, base + spoints)
            # with the cap a committed target of 11 passes 35 of 36 rolls, never the 12
            assert sum(dice.passes(f, target) for f in FACES) == PASSING[target]


def test_gambit_spoints_are_worth_the_reel_number() -> None:
    """R-I32-42: base 2, each spoint worth REEL#; the last may overshoot to 11."""
    assert dice.GAMBIT_BASE == 2
    assert dice.target_spoints_limit(2, 3) == 3 and dice.effective_target(2, 3, 3) == 11
    assert dice.effective_target(2, 2, 4) == 10
    assert dice.target_spoints_limit(2, 1) == 9


def test_insanity_faces() -> None:
    """R-I32-60, R-I32-61, A-I32-15."""
    every = ("muscle", "speed", "brains", "guts")
    assert [dice.insanity_stat(f, (), every) for f in range(1, 7)] == [
        "muscle", "speed", "brains", "guts", "player", "director"]
    assert dice.insanity_stat(2, ("speed",), every) == "reroll"
    assert dice.insanity_stat(1, (), ("speed", "guts")) == "reroll"  # the Hound
    assert dice.insanity_without_roll(("muscle", "speed", "brains"), every) == "guts"
    assert dice.insanity_without_roll(every, every) == ""
    assert dice.insanity_without_roll(("muscle",), every) is None
