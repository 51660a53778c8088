"""Intruder Escape row evaluation (spec 2.8, R-IX-15..19, R-IX-27, A-IX-05/06/08/10): every
pairwise interaction of Barricade, Under the Bed, Double Scratch, escape items, healing
(Bandage/Syringe) and Med Kit, in both orders, first through ``rows.evaluate``, then the same
rows played card by card on a real state and assessed.

A row is written with card kinds; ``ids`` numbers repeated kinds (BAT, BAT -> baseball-bat-1,
baseball-bat-2). "Nullified" lists the row positions (0-based) of the cancelled cards.
"""

from __future__ import annotations

import pytest

from services.games.core import RollResult
from services.games.intruder_escape import actions as a
from services.games.intruder_escape.rows import Placed, RowRules, any_damage, evaluate
from tests.games.intruder_helpers import (
    BANDAGE,
    BAR,
    BAT,
    DATA,
    DS,
    KEYS,
    KNIFE,
    MED,
    SYRINGE,
    UTB,
    check_cards,
    evaluate_cards,
    face,
    ids,
    of_type,
    position,
    refused,
    run,
    scripted,
    skip_to_end,
)

# (name, row, damage, nullified positions, Med Kit restores a life)
PAIRS = [
    # ---- Barricade x Under the Bed (R-IX-17, R-IX-18)
    ("barricade_then_under_the_bed", [BAT, BAR, UTB, KNIFE], 3, [], False),
    ("under_the_bed_then_barricade", [BAT, UTB, BAR, KNIFE], 0, [0, 3], False),
    ("barricade_right_before_under_the_bed", [BAR, UTB, BAT], 1, [], False),
    # ---- Barricade x Double Scratch
    ("barricade_then_double_scratch", [BAT, BAR, DS], 1, [2], False),
    ("double_scratch_then_barricade", [BAT, DS, BAR, KNIFE], 2, [3], False),
    # ---- Barricade x escape item (A-IX-06: spent on the item)
    ("barricade_then_escape_item", [BAR, KEYS, BAT], 1, [], False),
    ("escape_item_then_barricade", [KEYS, BAR, BAT], 0, [2], False),
    # ---- Barricade x healing
    ("barricade_then_heal", [KNIFE, BAR, BANDAGE], 2, [2], False),
    ("heal_then_barricade", [KNIFE, BANDAGE, BAR, BAT], 1, [3], False),
    ("barricade_then_syringe", [KNIFE, BAR, SYRINGE], 2, [2], False),
    # ---- Barricade x Med Kit (a nullified Med Kit restores nothing)
    ("barricade_then_med_kit", [BAR, MED], 0, [1], False),
    ("med_kit_then_barricade", [MED, BAR, BAT], 0, [2], True),
    # ---- Under the Bed x Double Scratch
    ("double_scratch_then_under_the_bed", [BAT, DS, UTB], 1, [1], False),
    ("under_the_bed_then_double_scratch", [BAT, UTB, DS], 0, [0], False),
    # ---- Under the Bed x escape item (A-IX-07: no effect on an item)
    ("escape_item_then_under_the_bed", [BAT, KEYS, UTB], 1, [], False),
    ("under_the_bed_then_escape_item", [BAT, UTB, KEYS], 0, [0], False),
    # ---- Under the Bed x healing
    ("heal_then_under_the_bed", [KNIFE, BANDAGE, UTB], 2, [1], False),
    ("under_the_bed_then_heal", [BAT, KNIFE, UTB, BANDAGE], 0, [1], False),
    # ---- Under the Bed x Med Kit
    ("med_kit_then_under_the_bed", [MED, UTB], 0, [0], False),
    ("under_the_bed_then_med_kit", [BAT, UTB, MED], 0, [0], True),
    # ---- Double Scratch x escape item (the item is skipped over)
    ("escape_item_then_double_scratch", [BAT, KEYS, DS], 2, [], False),
    ("double_scratch_then_escape_item", [BAT, DS, KEYS], 2, [], False),
    # ---- Double Scratch x healing (R-IX-16: doubles heals too, clamped at 0)
    ("double_scratch_after_a_heal", [KNIFE, BANDAGE, DS], 0, [], False),
    ("double_scratch_after_a_syringe_clamped", [BAT, SYRINGE, DS], 0, [], False),
    ("heal_after_double_scratch", [BAT, DS, BANDAGE], 1, [], False),
    ("double_scratch_doubles_the_heal_not_the_knife", [KNIFE, BAT, SYRINGE, DS], 0, [], False),
    # ---- Double Scratch x Med Kit (Med Kit is never doubled)
    ("med_kit_then_double_scratch", [BAT, MED, DS], 2, [], True),
    ("double_scratch_then_med_kit", [BAT, DS, MED], 2, [], True),
    ("double_scratch_with_only_a_med_kit", [MED, DS], 0, [], True),
    # ---- Double Scratch after a nullified card: the most recent live one is doubled
    ("double_scratch_after_under_the_bed", [BAT, KNIFE, UTB, DS], 2, [1], False),
    ("double_scratch_after_a_barricaded_card", [BAT, BAR, KNIFE, DS], 2, [2], False),
    # ---- escape item x healing
    ("escape_item_then_heal", [BAT, KEYS, BANDAGE], 0, [], False),
    ("heal_then_escape_item", [KNIFE, BANDAGE, KEYS], 1, [], False),
    # ---- escape item x Med Kit
    ("escape_item_then_med_kit", [KEYS, MED], 0, [], True),
    ("med_kit_then_escape_item_then_under_the_bed", [MED, KEYS, UTB], 0, [], True),
    # ---- healing x Med Kit
    ("heal_then_med_kit", [BAT, BANDAGE, MED], 0, [], True),
    ("med_kit_then_heal", [BAT, MED, BANDAGE], 0, [], True),
    # ---- single cards and the clamp (R-IX-15)
    ("bat_and_knife_add", [BAT, KNIFE], 3, [], False),
    ("clamped_at_zero_after_every_card", [BAT, SYRINGE, BAT], 1, [], False),
    ("syringe_heals_two", [KNIFE, BAT, SYRINGE], 1, [], False),
    ("double_scratch_doubles_a_knife", [BAT, KNIFE, DS], 5, [], False),
    ("under_the_bed_cancels_a_knife", [KNIFE, UTB], 0, [0], False),
    ("barricade_cancels_a_knife", [BAR, KNIFE], 0, [1], False),
]


def rows_of(table):
    return [pytest.param(ids(*row), damage, nullified, restores, id=name)
            for name, row, damage, nullified, restores in table]


@pytest.mark.parametrize(("row", "damage", "nullified", "restores"), rows_of(PAIRS))
def test_r_ix_15_to_19_r_ix_27_row_evaluation_pairs(row, damage, nullified, restores):
    result = evaluate_cards(row)
    assert result.damage == damage
    assert [i for i, step in enumerate(result.steps) if step.nullified] == nullified
    assert result.medkits == (("med-kit-1",) if restores else ())
    assert [s.card for s in result.steps] == row  # R-IX-19: nullified cards stay in the row


# ------------------------------------------------------------------ the options


OPTION_ROWS = [
    # A-IX-06 barricade_waits: a Barricade passes over the cards it cannot nullify
    ("waits_over_an_escape_item", {"barricade_waits": True}, [BAR, KEYS, BAT], 0, [2]),
    ("waits_over_under_the_bed", {"barricade_waits": True}, [BAT, BAR, UTB, KNIFE], 1, [3]),
    ("spent_on_under_the_bed", {"barricade_waits": False}, [BAT, BAR, UTB, KNIFE], 3, []),
    ("waits_then_nullifies_a_med_kit", {"barricade_waits": True}, [BAR, KEYS, MED], 0, [2]),
    # A-IX-08 double_scratch_immediate_only: only the card right before it
    ("adjacent_only_item_between", {"double_scratch_immediate_only": True}, [BAT, KEYS, DS],
     1, []),
    ("adjacent_only_nullified_between", {"double_scratch_immediate_only": True},
     [BAT, KNIFE, UTB, DS], 1, [1]),
    ("adjacent_only_med_kit_between", {"double_scratch_immediate_only": True}, [BAT, MED, DS],
     1, []),
    ("adjacent_only_nullified_right_before", {"double_scratch_immediate_only": True},
     [BAT, BAR, KNIFE, DS], 1, [2]),
    ("adjacent_only_doubles_the_card_right_before", {"double_scratch_immediate_only": True},
     [KNIFE, BAT, DS], 4, []),
    ("adjacent_only_doubles_a_heal", {"double_scratch_immediate_only": True},
     [KNIFE, BAT, BANDAGE, DS], 1, []),
    # A-IX-10 heal_below_zero: the running total may go below 0 (damage is never below 0)
    ("below_zero_bat_syringe_bat", {"heal_below_zero": True}, [BAT, SYRINGE, BAT], 0, []),
    ("below_zero_bat_syringe_knife", {"heal_below_zero": True}, [BAT, SYRINGE, KNIFE], 1, []),
    ("below_zero_double_scratch_after_heal", {"heal_below_zero": True}, [BAT, SYRINGE, DS],
     0, []),
    ("clamped_bat_syringe_knife", {"heal_below_zero": False}, [BAT, SYRINGE, KNIFE], 2, []),
]


@pytest.mark.parametrize(
    ("options", "row", "damage", "nullified"),
    [pytest.param(o, ids(*r), d, n, id=name) for name, o, r, d, n in OPTION_ROWS],
)
def test_a_ix_06_08_10_row_options(options, row, damage, nullified):
    result = evaluate_cards(row, **options)
    assert result.damage == damage
    assert [i for i, step in enumerate(result.steps) if step.nullified] == nullified


def test_r_ix_15_running_totals_step_by_step():
    result = evaluate_cards(ids(BAT, SYRINGE, KNIFE, BANDAGE, DS))
    assert [(s.change, s.total) for s in result.steps] == [(1, 1), (-1, 0), (2, 2), (-1, 1),
                                                           (-1, 0)]
    below = evaluate_cards(ids(BAT, SYRINGE, KNIFE, BANDAGE, DS), heal_below_zero=True)
    assert [s.total for s in below.steps] == [1, -1, 1, 0, -1]
    assert below.damage == 0


def test_r_ix_16_double_scratch_names_the_card_it_doubled():
    result = evaluate_cards(ids(BAT, KNIFE, UTB, DS))
    assert result.steps[3].doubled == "baseball-bat-1"
    assert result.steps[3].change == 1
    nothing = evaluate_cards(ids(MED, DS))
    assert nothing.steps[1].doubled is None and nothing.steps[1].change == 0


def test_r_ix_17_r_ix_18_who_nullified_whom():
    result = evaluate_cards(ids(BAT, UTB, BAR, KNIFE))
    assert [s.nullified_by for s in result.steps] == [
        "under-the-bed-1", None, None, "barricade-1"]


def test_r_ix_17_under_the_bed_first_in_the_row_does_nothing():
    result = evaluate_cards(ids(UTB, BAT))
    assert result.damage == 1
    assert not any(s.nullified for s in result.steps)


def test_r_ix_18_a_barricade_with_nothing_after_it_does_nothing():
    result = evaluate_cards(ids(KNIFE, BAR))
    assert result.damage == 2


def test_a_ix_09_any_damage_sees_live_damage_cards_only():
    placed = [Placed(c, 0, i) for i, c in enumerate(ids(BAR, BAT))]
    assert not any_damage(placed, DATA, RowRules())
    placed = [Placed(c, 0, i) for i, c in enumerate(ids(BAT, BANDAGE))]
    assert any_damage(placed, DATA, RowRules())
    assert evaluate(placed, DATA, RowRules()).running == 0


# ------------------------------------------------------------------ the same rows, played


def play_on_seat_1(row, options=None):
    """Each card of ``row`` played on Seat 2 (index 1) by the seat whose turn it is, in round 2
    (Seat 2 lost a life in round 1, so a Med Kit is legal on it)."""
    plays = [(card, 1) for card in row]
    state = scripted(plays, round=2, lives_lost={1: [1]}, options=options)
    events = run(state, plays)
    return state, events


@pytest.mark.parametrize(("row", "damage", "nullified", "restores"), rows_of(PAIRS))
def test_r_ix_28_pairs_played_on_a_real_state_and_assessed(row, damage, nullified, restores):
    state, _ = play_on_seat_1(row)
    seat = state.view(None)["seats"][1]
    assert seat["damage"] == damage
    assert [i for i, card in enumerate(seat["row"]) if card["nullified_by"]] == nullified
    assert seat["cards_on"] == sum(1 for c in row if not c.startswith(KEYS))
    events = skip_to_end(state)
    if damage == 0:  # R-IX-31: nobody damaged, the die picks Seat 1
        assert state.phase == "roll"
        events += state.apply(RollResult((face(0),)))
    restored = of_type(events, a.LifeRestored)
    assert restored == ([a.LifeRestored(1, "med-kit", 3)] if restores else [])
    lost = of_type(events, a.LifeLost)
    assert [(e.seat, e.cause) for e in lost] == [(1, "most damage") if damage else
                                                 (0, "no damage")]
    # Seat 2 lost a life in round 1; a live Med Kit gives it back before the new loss
    assert state.lives_lost[1] == ([] if restores else [1]) + ([2] if damage else [])
    check_cards(state)


def test_a_ix_06_barricade_waits_through_play():
    state, _ = play_on_seat_1(ids(BAR, KEYS, BAT), {"barricade_waits": True})
    assert state.view(None)["seats"][1]["damage"] == 0
    state, _ = play_on_seat_1(ids(BAR, KEYS, BAT))
    assert state.view(None)["seats"][1]["damage"] == 1


def test_a_ix_08_double_scratch_immediate_only_through_play():
    row = ids(BAT, KEYS, DS)
    state, _ = play_on_seat_1(row, {"double_scratch_immediate_only": True})
    assert state.view(None)["seats"][1]["damage"] == 1
    # the items kept apart: the Double Scratch now sits right after the Bat
    state, _ = play_on_seat_1(row, {"double_scratch_immediate_only": True,
                                    "escape_items_in_row": False})
    assert [c["card"] for c in state.view(None)["seats"][1]["row"]] == [BAT, DS]
    assert state.items[1] == ["keys-1"]
    assert state.view(None)["seats"][1]["damage"] == 2


def test_a_ix_10_heal_below_zero_through_play():
    state, _ = play_on_seat_1(ids(BAT, SYRINGE, KNIFE), {"heal_below_zero": True})
    seat = state.view(None)["seats"][1]
    assert (seat["running"], seat["damage"]) == (1, 1)
    state, _ = play_on_seat_1(ids(BAT, SYRINGE, KNIFE))
    assert state.view(None)["seats"][1]["damage"] == 2


def test_a_ix_05_escape_items_kept_apart_under_the_bed_reaches_the_card_before():
    state, _ = play_on_seat_1(ids(BAT, KEYS, UTB), {"escape_items_in_row": False})
    seat = state.view(None)["seats"][1]
    assert [c["card"] for c in seat["row"]] == ["baseball-bat", "under-the-bed"]
    assert seat["row"][0]["nullified_by"] == "under-the-bed"
    assert seat["damage"] == 0 and seat["items"] == ["keys"]
    state, _ = play_on_seat_1(ids(BAT, KEYS, UTB))
    assert state.view(None)["seats"][1]["damage"] == 1


def test_a_ix_05_escape_items_kept_apart_barricade_hits_the_next_real_card():
    state, _ = play_on_seat_1(ids(BAR, KEYS, BAT), {"escape_items_in_row": False})
    seat = state.view(None)["seats"][1]
    assert [c["card"] for c in seat["row"]] == ["barricade", "baseball-bat"]
    assert seat["damage"] == 0


def test_r_ix_18_barricade_is_placed_before_its_victim_exists():
    """The Barricade nullifies the card played on that seat later, whoever plays it."""
    state = scripted([("barricade-1", 1), ("knife-1", 1)])
    run(state, [("barricade-1", 1)])
    assert state.view(None)["seats"][1]["damage"] == 0
    run(state, [("knife-1", 1)])
    seat = state.view(None)["seats"][1]
    assert seat["row"][1]["nullified_by"] == "barricade"
    assert seat["damage"] == 0


def test_r_ix_12_heal_after_a_barricade_is_legal_and_nullified():
    """The healing precondition looks at the running damage (2 after the Knife), the Barricade
    then eats the Bandage."""
    state, _ = play_on_seat_1(ids(KNIFE, BAR, BANDAGE))
    assert state.view(None)["seats"][1]["damage"] == 2


def test_r_ix_12_no_heal_after_the_damage_was_nullified():
    state = scripted([("knife-1", 1), ("under-the-bed-1", 1), ("bandage-1", 1)])
    run(state, [("knife-1", 1), ("under-the-bed-1", 1)])
    refused(state, a.Play(2, "bandage-1", 1), "R-IX-12",
            "Seat 2 has no damage this round to heal")


# ------------------------------------------------------------------ assessment with Med Kit


def test_r_ix_27_med_kit_restores_a_life_lost_in_an_earlier_round_at_assessment():
    state = position([["med-kit-1"], [], ["baseball-bat-1"]], round=3,
                     lives_lost={1: [1, 2]})
    events = state.apply(a.Play(0, "med-kit-1", 1))
    assert state.lives_lost[1] == [1, 2]  # nothing before the assessment
    events = state.apply(a.Play(2, "baseball-bat-1", 2)) + skip_to_end(state)
    assert of_type(events, a.LifeRestored) == [a.LifeRestored(1, "med-kit", 2)]
    assert of_type(events, a.LifeLost) == [a.LifeLost(2, "most damage", 2, "R-IX-29")]
    assert state.lives_lost[1] == [1]  # the most recent earlier life comes back
    assert state.medkit_used == [True, False, False]
    assert state.assessment["restored"] and state.assessment["restored"][0]["seat"] == 1


def test_r_ix_27_barricade_then_med_kit_nothing_restored_and_power_not_spent():
    plays = [("barricade-1", 1), ("med-kit-1", 1), ("knife-1", 2)]
    state = scripted(plays, round=2, lives_lost={1: [1]})
    events = run(state, plays) + skip_to_end(state)
    assert of_type(events, a.LifeRestored) == []
    assert state.lives_lost[1] == [1]
    assert state.lives_lost[2] == [2]
    assert state.medkit_used == [False, False, False]


def test_r_ix_27_under_the_bed_after_med_kit_nothing_restored():
    plays = [("med-kit-1", 1), ("under-the-bed-1", 1), ("knife-1", 2)]
    state = scripted(plays, round=2, lives_lost={1: [1]})
    events = run(state, plays) + skip_to_end(state)
    assert of_type(events, a.LifeRestored) == []
    assert state.lives_lost[1] == [1]
    assert state.assessment["rows"]["1"]["steps"][0]["nullified_by"].startswith("under-the-bed")


def test_r_ix_16_r_ix_27_double_scratch_then_med_kit_is_one_life_only():
    plays = [("baseball-bat-1", 1), ("double-scratch-1", 1), ("med-kit-1", 1)]
    state = scripted(plays, round=3, lives_lost={1: [1, 2]})
    events = run(state, plays) + skip_to_end(state)
    assert of_type(events, a.LifeRestored) == [a.LifeRestored(1, "med-kit", 2)]
    # Seat 2 (damage 2, the most) then loses a life: net 1 restored, 1 lost
    assert of_type(events, a.LifeLost) == [a.LifeLost(1, "most damage", 1, "R-IX-29")]
    assert state.lives_lost[1] == [1, 3]


def test_r_ix_27_med_kit_then_double_scratch_does_not_double_the_med_kit():
    plays = [("med-kit-1", 1), ("double-scratch-1", 1), ("baseball-bat-1", 2)]
    state = scripted(plays, round=3, lives_lost={1: [1, 2]})
    events = run(state, plays) + skip_to_end(state)
    assert of_type(events, a.LifeRestored) == [a.LifeRestored(1, "med-kit", 2)]
    assert state.lives_lost[1] == [1]
    assert state.assessment["rows"]["1"]["damage"] == 0
