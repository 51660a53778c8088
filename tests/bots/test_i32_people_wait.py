"""The hard character players wait where the game lets them (services/bots/innsmouth_32/
people_normal.py): asked only for a horror star while another seat acts, hard keeps it for a
failed flail (R-I32-67), where normal and easy spend it at once. In Last One Standing's final turn
hard spends a star on a rest first when its exact odds of living through the round say so."""

from __future__ import annotations

from services.bots.contract import decide, knowledge_of
from services.bots.innsmouth_32 import make_bot, people_last, people_normal
from services.bots.innsmouth_32.table import Table
from services.games.core import Action
from services.games.innsmouth_32 import actions as a
from tests.bots.test_i32_people import monster, view
from tests.games.test_i32_star_anytime import asked, starred


def test_hard_keeps_a_star_it_alone_is_asked_for_and_the_others_spend_it() -> None:
    state = starred()  # Seat 2's turn; Seat 3's Lefty Rourke holds a star
    assert asked(state) == [(1, "turn"), (2, "star")]
    lefty = knowledge_of(state, 2, [], [])
    assert lefty.may_wait()
    assert decide(make_bot("hard"), lefty, 7) is None
    for level in ("easy", "normal"):
        assert decide(make_bot(level), lefty, 7) == a.StarAction(2, "lefty-rourke")


def test_hard_spends_a_star_on_a_rest_in_its_final_turn_when_the_odds_say_so() -> None:
    """Last One Standing's final turn (R-I32-73), Danny Freeborn (SPEED 8) alone against
    three throngs of 11: with 2 rest spoints and two stars, a star's extra action (a rest,
    then the rest of his turn) gives 0.8457 against 0.8347 keeping both; with one star,
    keeping it for a failed flail gives 0.8145 against 0.6786; with 5 rest spoints the rest
    adds too little (0.8691 against 0.8753)."""
    three = [[monster(f"marsh-ghoul-{i}", "Marsh Ghoul", 6),
              monster(f"deep-one-{i}", "Deep One", 5)] for i in range(1, 4)]
    danny = "danny-freeborn"
    turn = [a.Act(2, danny, "rest"), a.Act(2, danny, "mythos")]
    star = a.StarAction(2, danny)

    def final_turn(rest: int, stars: int) -> Action:
        seen = view({"seat": 2, "survivor": danny}, rest, [three, [[], [], []], [[], [], []]])
        seen["survivors"][danny]["stars"] = stars  # type: ignore[index]
        return people_normal.last_turn(Table(seen, 2), turn, star)

    assert final_turn(2, 2) == star
    assert final_turn(2, 1) == a.Act(2, danny, "rest")
    assert final_turn(5, 2) == a.Act(2, danny, "rest")
    assert people_last.rested(Table(view({}, 6, []), 2), danny).survivors[danny]["rest"] == 7

