"""The character players' levels of Innsmouth 32 (issue 26, services/bots/innsmouth_32/
people.py and people_normal.py): exact choices per level, honesty twins at the character
players' seats for every level, and the planted cheat caught there."""

from __future__ import annotations

from typing import cast

import pytest

from services.bots.contract import LEVELS, SeatKnowledge, choose
from services.bots.innsmouth_32 import make_bot, people_last, people_normal, role_of
from services.bots.innsmouth_32.table import Table
from services.games.innsmouth_32 import actions as acts
from tests.bots.test_innsmouth_32 import Peeker, decision_points, honesty


def character_points(phases: tuple[str, ...]) -> list[SeatKnowledge]:
    points = decision_points(3, 5, phases, 40)
    return [k for k in points if role_of(k.public, k.seat) == "character"]


def test_normal_attacks_only_at_even_odds_of_eliminating() -> None:
    """At every act decision, normal's choice is an attack only if its odds of eliminating
    the monster, with the spoints it may spare, are at least even."""
    points = character_points(("act",))
    assert points
    for knowledge in points:
        action = choose(make_bot("normal"), knowledge, "s")
        if isinstance(action, acts.Act) and action.kind == "attack" and \
                not action.target.startswith(("throng:", "locks:")):
            table = Table(knowledge.view, knowledge.seat)
            me = table.survivors[action.survivor]
            odds = people_normal.kill_odds(table, me, action.stat, action.item, action.target,
                                           people_normal.spare(table, action.survivor))
            assert odds >= people_normal.EVEN


def test_kill_odds_are_exact() -> None:
    """MUSCLE 7 (21/36 to hit) against a value the die must reach with 4+ (3/6)."""
    knowledge = character_points(("act",))[0]
    table = Table(knowledge.view, knowledge.seat)
    target = next(s["card"] for s in table.screen) if table.screen else None
    if target is None:
        pytest.skip("no monster on screen at this point")
    value = table.monster_value(target)
    me = {"stats": {"muscle": 7}}
    expected = 21 / 36 * sum(1 for d in range(1, 7) if d >= value) / 6
    assert people_normal.kill_odds(table, me, "muscle", "", target, 0) == pytest.approx(expected)


def test_the_last_round_odds_are_exact() -> None:
    """No attack: certain; a lone monster of value 2 hits only on 1-1, a head shot; a throng
    of 11 misses only on 6-6, and with no spoint the survivor flails against SPEED 11 (35/36
    escape); a lock takes the single hit instead (R-I32-64)."""
    assert people_last.survive((), 0, 7) == 1.0
    assert people_last.survive(((2, False),), 5, 7) == pytest.approx(35 / 36)
    assert people_last.survive(((11, False),), 0, 11) == pytest.approx(
        1 / 36 + 34 / 36 * 35 / 36)
    assert people_last.survive(((11, False),), 0, 7, locks=1) == 1.0


def test_spoints_raise_the_odds_of_the_last_round() -> None:
    """Two throngs of 11: more spoints never lower the odds, and 12 spoints negate any 1d6
    hit of both (only the two head shots kill, doubles adding up to +5 damage aside)."""
    attacks = ((11, False), (11, False))
    odds = [people_last.survive(attacks, n, 6) for n in range(0, 13)]
    assert odds == sorted(odds)
    assert odds[0] < odds[12]


class Reach:
    """A view read down to what the last survivor's final turn asks: is it out of reach."""

    def __init__(self, inside: bool) -> None:
        self.inside = inside

    def out_of_reach(self, survivor: str) -> bool:
        return self.inside


def test_the_last_survivor_stays_behind_locks_else_moves_in_else_rests() -> None:
    """Normal's final turn (R-I32-73): inside a sanctuary with locks it stays (its sanctuary
    rest first); outside, a move into a locked sanctuary (easy's score above 0) beats a
    rest, and a rest beats easy's other choices."""
    def act(kind: str) -> acts.Act:
        return acts.Act(0, "s", kind)

    inside, outside = cast(Table, Reach(True)), cast(Table, Reach(False))
    assert people_normal.last_stand(inside, act("sanctuary_rest"), 0.1) == 3.0
    assert people_normal.last_stand(inside, act("investigate"), 0.25) == 2.5
    assert people_normal.last_stand(outside, act("move"), 0.5) == 2.8
    assert people_normal.last_stand(outside, act("move"), 0.0) == 0.0
    assert people_normal.last_stand(outside, act("rest"), 0.05) == 2.0
    assert people_normal.last_stand(outside, act("mythos"), 0.25) == 0.25


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_is_deterministic_at_the_character_seats(level: str) -> None:
    points = character_points(("act", "negate", "commit", "turn", "choose"))
    assert len(points) >= 3
    for knowledge in points:
        assert choose(make_bot(level), knowledge, "a") == choose(make_bot(level), knowledge, "a")


@pytest.mark.parametrize("level", LEVELS)
def test_the_character_seats_decide_the_same_in_twin_worlds(level: str) -> None:
    check = honesty(lambda _state: make_bot(level), "any", games=3, samples=25,
                    extra={"secret_cultist": True})
    assert check.checked >= 8, (check.checked, check.stats)
    assert check.differed == 0, check.notes


def test_the_check_catches_a_cheat_at_any_seat() -> None:
    check = honesty(Peeker, "any", games=3, samples=25, forced={})
    assert check.checked >= 5, check.stats
    assert check.differed >= 1, "the cheating bot was not caught"
