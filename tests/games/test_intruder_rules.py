"""Intruder Escape rules R-IX-01..37 (spec section 2.7), one or more tests each, from set-up
positions: a game started through its real set-up (``start``: identities, center deck order,
Ready, Keep, first-player die) or a mid-round position (``position``/``scripted``).

Seat N plays character N+1 (die face N+1). Refusals check the rule id, the message and that the
snapshot is unchanged (``refused``). The row evaluation itself is in test_intruder_rows.py.
"""

from __future__ import annotations

import json

import pytest

from services.games.core import DrawResult, EndGame, OptionError, RollResult, ShuffleResult
from services.games.intruder_escape import actions as a
from tests.games.intruder_helpers import (
    DECK,
    GAME,
    ITEMS,
    center_for,
    check_cards,
    face,
    ids,
    keep_cards,
    of_type,
    position,
    refused,
    run,
    scripted,
    setup,
    skip_to_end,
    snapshot,
    start,
    types,
)


def kind(card: str) -> str:
    return GAME.data.card(card).id


# Hands for a 3-player deal (5 cards each), none of them Nobody's Home.
HANDS3 = [
    ["baseball-bat-1", "knife-1", "bandage-1", "hostage-1", "flashlight-1"],
    ["baseball-bat-2", "knife-2", "bandage-2", "hostage-2", "flashlight-2"],
    ["baseball-bat-3", "knife-3", "bandage-3", "hostage-3", "snatch-1"],
]


def seat_view(state, seat, viewer=None):
    return state.view(viewer)["seats"][seat]


# ======================================================================== setup R-IX-01..04


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r_ix_01_three_to_six_players(players):
    state = GAME.new_state(players)
    assert state.players == players
    assert [p.to_json() for p in state.pending()] == [
        {"actor": 0, "kind": "character", "text": "Seat 1: choose a character"}]


@pytest.mark.parametrize("players", [2, 7])
def test_r_ix_01_other_player_counts_are_refused(players):
    with pytest.raises(OptionError) as info:
        GAME.new_state(players)
    assert info.value.rule == "R-IX-01"
    assert info.value.message == f"Intruder Escape is for 3 to 6 players, not {players}"


def test_r_ix_01_each_seat_chooses_one_of_six_characters_in_turn():
    state = GAME.new_state(3)
    events = state.apply(a.ChooseCharacter(0, "character-4"))
    assert events == [a.CharacterChosen(0, "character-4")]
    refused(state, a.ChooseCharacter(1, "character-4"), "R-IX-01",
            "Character 4 is already Seat 1's character")
    refused(state, a.ChooseCharacter(1, "character-9"), "R-IX-01",
            "unknown character 'character-9'")
    refused(state, a.ChooseCharacter(2, "character-1"), "R-IX-01",
            "Seat 3 cannot act now: the box is waiting for Seat 2")
    assert [x.character for x in state.legal_actions(1)] == [
        "character-1", "character-2", "character-3", "character-5", "character-6"]
    state.apply(a.ChooseCharacter(1, "character-1"))
    state.apply(a.ChooseCharacter(2, "character-6"))
    assert state.characters == ["character-4", "character-1", "character-6"]
    assert state.phase == "identities"
    # the die now maps face 4 to Seat 1, 1 to Seat 2, 6 to Seat 3; 2, 3, 5 are not in play
    assert [state.seat_of_face(f) for f in range(1, 7)] == [1, None, None, 0, None, 2]
    assert [seat_view(state, s)["lives_left"] for s in range(3)] == [3, 3, 3]


def test_r_ix_01_characters_by_seat():
    state = GAME.new_state(4, {"characters": "by_seat"})
    assert state.characters == ["character-1", "character-2", "character-3", "character-4"]
    assert state.phase == "identities"
    refused(state, a.ChooseCharacter(0, "character-5"), "R-IX-03", "Seat 1 cannot act now")


@pytest.mark.parametrize(("players", "options", "deck"), [
    (3, {}, ["intruder-1", "innocent-1", "innocent-2"]),
    (4, {}, ["intruder-1", "intruder-2", "innocent-1", "innocent-2"]),
    (5, {}, ["intruder-1", "intruder-2", "innocent-1", "innocent-2", "innocent-3"]),
    (6, {}, ["intruder-1", "intruder-2", "intruder-3", "innocent-1", "innocent-2",
             "innocent-3", "innocent-4"]),
    (6, {"intruders_6p": "2"}, ["intruder-1", "intruder-2", "innocent-1", "innocent-2",
                                "innocent-3", "innocent-4"]),
    (6, {"intruders_6p": "3"}, ["intruder-1", "intruder-2", "intruder-3", "innocent-1",
                                "innocent-2", "innocent-3"]),
])
def test_r_ix_02_r_ix_03_identity_mix_per_player_count(players, options, deck):
    state = GAME.new_state(players, {"characters": "by_seat", **options})
    (prompt,) = state.pending()
    assert (prompt.deck, prompt.rule) == ("identities", "R-IX-03")
    assert list(prompt.items) == deck


def test_r_ix_03_six_players_random_deals_six_of_seven():
    order = ["intruder-1", "innocent-1", "intruder-2", "innocent-2", "innocent-3", "innocent-4",
             "intruder-3"]
    state = GAME.new_state(6, {"characters": "by_seat"})
    state.apply(ShuffleResult("identities", tuple(order)))
    assert [state.identity(s) for s in range(6)] == [
        "intruder", "innocent", "intruder", "innocent", "innocent", "innocent"]
    assert state.spare_identity == "intruder-3"
    state = GAME.new_state(6, {"characters": "by_seat"})
    order = order[-1:] + order[:-2] + ["innocent-4"]
    state.apply(ShuffleResult("identities", tuple(order)))
    assert [state.identity(s) for s in range(6)].count("intruder") == 3
    assert state.spare_identity == "innocent-4"
    assert state.view(0)["seats"][0]["identity"] == "intruder"
    assert "spare_identity" not in state.view(0)


def test_r_ix_03_fixed_six_player_mix_only_with_six_players():
    with pytest.raises(OptionError) as info:
        GAME.new_state(5, {"intruders_6p": "3"})
    assert info.value.rule == "A-IX-01"
    assert "intruders_6p applies to 6 players only" in info.value.message


def test_r_ix_03_the_identity_shuffle_must_use_the_identity_cards():
    state = GAME.new_state(3, {"characters": "by_seat"})
    refused(state, ShuffleResult("identities", ("intruder-1", "intruder-2", "innocent-1")),
            "R-IX-03", "not in the pile: intruder-2")


def test_r_ix_02_each_seat_sees_only_its_own_identity():
    state = start(3, HANDS3, identities=["innocent", "intruder", "innocent"])
    assert [state.identity(s) for s in range(3)] == ["innocent", "intruder", "innocent"]
    for viewer in range(3):
        view = state.view(viewer)
        assert view["you"]["identity"] == state.identity(viewer)
        assert [s["identity"] for s in view["seats"]] == [
            state.identity(s) if s == viewer else None for s in range(3)]
    public = json.dumps(state.view(None))
    assert '"intruder"' not in public and '"innocent"' not in public
    assert not [e for e in state.apply(a.Skip(0)) if "identit" in e.type]


def test_r_ix_04_wake_up_four_players_intruders_see_each_other():
    state = start(4, identities=["intruder", "innocent", "intruder", "innocent"])
    assert state.view(0)["you"]["fellows"] == [2]
    assert state.view(2)["you"]["fellows"] == [0]
    assert [s["identity"] for s in state.view(0)["seats"]] == [
        "intruder", None, "intruder", None]
    assert state.view(1)["you"]["fellows"] == []
    assert [s["identity"] for s in state.view(1)["seats"]] == [None, "innocent", None, None]


def test_r_ix_04_wake_up_six_players_three_intruders():
    state = start(6, [DECK[5 * s: 5 * s + 5] for s in range(6)],
                  identities=["intruder", "innocent", "intruder", "innocent", "intruder",
                              "innocent"])
    assert state.view(4)["you"]["fellows"] == [0, 2]


def test_r_ix_04_no_wake_up_with_three_players():
    state = start(3, HANDS3, identities=["intruder", "innocent", "innocent"])
    assert state.wake_up() is False
    assert state.view(0)["you"]["fellows"] == []
    assert [s["identity"] for s in state.view(0)["seats"]] == ["intruder", None, None]


def test_r_ix_04_every_seat_confirms_before_round_one():
    state = setup(4)
    state.apply(ShuffleResult("center", DECK))
    assert [p.seat for p in state.pending()] == [0, 1, 2, 3]
    assert state.apply(a.Ready(2)) == []
    refused(state, a.Ready(2), "R-IX-04", "Seat 3 cannot act now")
    refused(state, a.Keep(0, ()), "R-IX-05", "this is not the time to choose the cards you keep")
    for seat in (0, 1):
        state.apply(a.Ready(seat))
    assert state.round == 0
    events = state.apply(a.Ready(3))
    assert types(events) == ["round_started", "dealt"]
    assert state.round == 1 and state.phase == "keep"


# ======================================================================== round start R-IX-05..07


def test_r_ix_05_deal_five_one_at_a_time_from_the_top():
    state = setup(3)
    order = center_for(HANDS3)
    state.apply(ShuffleResult("center", tuple(order)))
    for seat in range(3):
        events = state.apply(a.Ready(seat))
    assert events == [a.RoundStarted(1, 0), a.Dealt((5, 5, 5), 23)]
    assert state.hands == HANDS3
    assert state.center == order[15:]
    assert [p.to_json()["text"] for p in state.pending()] == ["keep 3 cards"] * 3


def test_r_ix_05_keep_three_the_other_two_go_under_the_deck():
    state = start(3, HANDS3, first=None)
    assert state.hands == [h[:3] for h in HANDS3]
    assert state.phase == "roll"
    assert len(state.center) == 23 + 6
    assert state.center[-6:] == ["hostage-1", "flashlight-1", "hostage-2", "flashlight-2",
                                 "hostage-3", "snatch-1"]
    check_cards(state)


def test_r_ix_05_a_ix_22_the_bottomed_cards_are_shuffled_before_going_under():
    state = setup(3)
    state.apply(ShuffleResult("center", tuple(center_for(HANDS3))))
    for seat in range(3):
        state.apply(a.Ready(seat))
    for seat in range(3):
        assert state.apply(a.Keep(seat, tuple(HANDS3[seat][2:]))) == []
    (prompt,) = state.pending()
    assert (prompt.deck, prompt.rule, len(prompt.items)) == ("bottom", "A-IX-22", 6)
    mixed = ("knife-3", "baseball-bat-1", "knife-1", "baseball-bat-3", "baseball-bat-2",
             "knife-2")
    assert state.apply(ShuffleResult("bottom", mixed)) == [a.Bottomed(6, 29)]
    assert tuple(state.center[-6:]) == mixed
    assert state.phase == "roll"


def test_r_ix_05_a_ix_22_seat_order_option_puts_them_under_unshuffled():
    state = start(3, HANDS3, options={"bottom_order": "seat_order"}, first=None)
    assert state.center[-6:] == ["hostage-1", "flashlight-1", "hostage-2", "flashlight-2",
                                 "hostage-3", "snatch-1"]


def test_r_ix_05_keep_exactly_three_of_your_own_cards():
    state = setup(3)
    state.apply(ShuffleResult("center", tuple(center_for(HANDS3))))
    for seat in range(3):
        state.apply(a.Ready(seat))
    refused(state, a.Keep(0, ("baseball-bat-1", "knife-1")), "R-IX-05",
            "keep exactly 3 different cards of the 5 dealt, not 2")
    refused(state, a.Keep(0, ("baseball-bat-1", "knife-1", "knife-1")), "R-IX-05",
            "keep exactly 3 different cards of the 5 dealt, not 3")
    refused(state, a.Keep(0, ("baseball-bat-1", "knife-1", "knife-2")), "R-IX-05",
            "you were not dealt knife-2; your cards are ")
    error = refused(state, a.Keep(0, ("knife-2",)), "R-IX-05", "you were not dealt knife-2")
    assert "knife-1 (Knife)" in error.message  # the copy to address, and what it is


def test_r_ix_05_keep_choices_are_secret_until_everyone_chose():
    state = setup(3)
    state.apply(ShuffleResult("center", tuple(center_for(HANDS3))))
    for seat in range(3):
        state.apply(a.Ready(seat))
    state.apply(a.Keep(0, ("hostage-1", "knife-1", "flashlight-1")))
    assert state.view(0)["you"]["choice"] == {
        "keep": ["hostage-1", "knife-1", "flashlight-1"], "home": False}
    assert state.view(1)["you"]["choice"] is None
    assert "hostage-1" not in json.dumps(state.view(1))
    assert [s["choosing"] for s in state.view(None)["seats"]] == [False, True, True]
    refused(state, a.Keep(0, ("baseball-bat-1", "knife-1", "bandage-1")), "R-IX-05",
            "Seat 1 cannot act now: the box is waiting for the keep choices")


def test_r_ix_06_r_ix_07_second_round_refills_under_the_unshuffled_center_deck():
    state = start(3, HANDS3, first=0)
    center_after_round_1 = list(state.center)
    events = skip_to_end(state)
    assert of_type(events, a.Skipped) == [a.Skipped(s, "skip") for s in [0, 1, 2] * 3]
    assert of_type(events, a.HandsDiscarded) == [a.HandsDiscarded(9)]  # R-IX-14
    assert state.phase == "roll"  # R-IX-31 nobody damaged
    state.apply(RollResult((face(1),)))
    assert state.lives_lost[1] == [1]
    (prompt,) = state.pending()
    assert (prompt.deck, prompt.rule) == ("discard", "R-IX-06")
    discard = sorted(state.discard)
    assert sorted(prompt.items) == discard and len(discard) == 9
    mixed = tuple(reversed(state.discard))
    events = state.apply(ShuffleResult("discard", mixed))
    assert events[0] == a.RoundStarted(2, 9)
    # the center deck itself kept its order; the shuffled discard pile went under it
    whole = center_after_round_1 + list(mixed)
    assert state.hands == [whole[s:15:3] for s in range(3)]
    assert state.center == whole[15:]
    assert state.discard == []
    keep_cards(state)
    assert state.phase == "roll"  # R-IX-07: the first player is rolled every round
    events = state.apply(RollResult((face(2),)))
    assert events[-1] == a.FirstPlayer(2)
    assert (state.round, state.active, state.order()) == (2, 2, [2, 0, 1])
    check_cards(state)


def test_r_ix_06_round_one_has_nothing_to_refill():
    state = setup(3)
    state.apply(ShuffleResult("center", DECK))
    for seat in range(2):
        state.apply(a.Ready(seat))
    assert state.apply(a.Ready(2))[0] == a.RoundStarted(1, 0)


def test_r_ix_07_first_player_rerolls_faces_not_in_play():
    state = start(3, HANDS3, first=None)
    (prompt,) = state.pending()
    assert (prompt.kind, prompt.rule) == ("roll", "R-IX-07")
    for f in (4, 5, 6):
        (event,) = state.apply(RollResult((f,)))
        assert event == a.DieRolled("first player", f, None, False,
                                    f"no one plays character {f}: roll again")
    events = state.apply(RollResult((3,)))
    assert events == [a.DieRolled("first player", 3, 2, True, ""), a.FirstPlayer(2)]
    assert state.active == 2 and state.order() == [2, 0, 1]
    state.apply(a.Skip(2))
    assert state.active == 0  # clockwise
    state.apply(a.Skip(0))
    assert state.active == 1


def test_r_ix_07_first_player_rerolls_the_seat_at_nobodys_home():
    hands = [list(h) for h in HANDS3]
    hands[0][4] = "nobodys-home-1"
    state = start(3, hands, home=[0], first=None)
    (event,) = state.apply(RollResult((face(0),)))
    assert event.why == "Seat 1 is at Nobody's Home: roll again"
    assert state.apply(RollResult((face(1),)))[-1] == a.FirstPlayer(1)


def test_r_ix_07_the_die_only_when_the_box_waits_for_it():
    state = start(3, HANDS3)
    refused(state, RollResult((2,)), "R-IX-07", "the box is not waiting for the die")
    state = start(3, HANDS3, first=None)
    refused(state, RollResult((7,)), "R-IX-07", "expected 1 faces from 1 to 6, got [7]")


# ======================================================================== turns R-IX-08..14


def test_r_ix_08_three_turns_each_then_the_round_is_assessed():
    state = start(3, HANDS3, first=1)
    seen = []
    while state.phase == "turn":
        seen.append(state.active)
        state.apply(a.Skip(state.active))
    assert seen == [1, 2, 0] * 3
    assert state.turns_taken == [3, 3, 3]
    assert state.phase == "roll" and state.die["purpose"] == "nodamage"


def test_r_ix_08_one_card_per_turn_then_the_next_seat():
    state = start(3, HANDS3)
    events = state.apply(a.Play(0, "baseball-bat-1", 1))
    assert events == [a.CardPlayed(0, "baseball-bat", 1)]
    assert state.active == 1
    refused(state, a.Play(0, "knife-1", 1), "R-IX-08",
            "Seat 1 cannot act now: the box is waiting for Seat 2")


def test_r_ix_08_only_cards_in_hand():
    state = start(3, HANDS3)
    refused(state, a.Play(0, "knife-2", 1), "R-IX-08", "Seat 1 does not hold 'knife-2'")
    refused(state, a.Play(0, "med-kit-1", 1), "R-IX-08", "does not hold 'med-kit-1'")


def test_r_ix_08_skip_and_the_legal_actions():
    state = start(3, HANDS3)
    legal = state.legal_actions(0)
    assert legal[-1] == a.Skip(0)
    assert a.Play(0, "baseball-bat-1", 2) in legal
    assert not [x for x in legal if isinstance(x, a.Play) and x.card == "bandage-1"]
    assert state.legal_actions(1) == []
    assert state.apply(a.Skip(0)) == [a.Skipped(0, "skip")]
    assert state.hands[0] == HANDS3[0][:3]


def test_r_ix_08_an_empty_hand_is_skipped_automatically():
    state = position([["baseball-bat-1"], ["knife-1"], []])
    state.apply(a.Play(0, "baseball-bat-1", 2))
    assert state.active == 1
    events = state.apply(a.Play(1, "knife-1", 2))
    # Seat 3 has nothing, then Seat 1 and Seat 2 have nothing: play ends by itself
    assert of_type(events, a.Skipped)[:3] == [a.Skipped(2, "no cards"), a.Skipped(0, "no cards"),
                                              a.Skipped(1, "no cards")]
    assert of_type(events, a.LifeLost) == [a.LifeLost(2, "most damage", 2, "R-IX-29")]


def test_r_ix_09_cards_go_on_the_target_row_left_to_right_self_included():
    state = scripted([("baseball-bat-1", 0), ("knife-1", 0), ("bandage-1", 0)])
    run(state, [("baseball-bat-1", 0), ("knife-1", 0), ("bandage-1", 0)])
    row = seat_view(state, 0)["row"]
    assert [(c["card"], c["by"]) for c in row] == [
        ("baseball-bat", 0), ("knife", 1), ("bandage", 2)]
    assert seat_view(state, 0)["damage"] == 2


def test_r_ix_09_a_card_on_a_player_needs_a_seat():
    state = start(3, HANDS3)
    refused(state, a.Play(0, "baseball-bat-1"), "R-IX-09",
            "choose the player to play Baseball Bat on")
    refused(state, a.Play(0, "baseball-bat-1", 3), "R-IX-09",
            "there is no Seat 4 (seats 1 to 3)")


def test_r_ix_10_at_most_four_cards_on_a_player():
    state = position([["knife-1"], [], []],
                     rows={1: ids("baseball-bat", "bandage", "baseball-bat", "syringe")})
    refused(state, a.Play(0, "knife-1", 1), "R-IX-10",
            "Seat 2 already has 4 cards played on them this round (escape items do not count)")
    state.apply(a.Play(0, "knife-1", 2))


def test_r_ix_10_escape_items_do_not_count():
    row = ["keys-1", "baseball-bat-1", "car-1", "knife-1", "baseball-bat-2"]
    state = position([["bandage-1", "license-1"], [], []], rows={1: row})
    assert seat_view(state, 1)["cards_on"] == 3
    state.apply(a.Play(0, "bandage-1", 1))  # the 4th counted card
    state = position([["license-1"], [], []],
                     rows={1: ids("baseball-bat", "bandage", "baseball-bat", "syringe")})
    state.apply(a.Play(0, "license-1", 1))  # items go on even after the 4th card
    assert state.items[1] == ["license-1"]


def test_r_ix_10_utility_cards_are_not_on_anyone():
    full = ids("baseball-bat", "bandage", "baseball-bat", "syringe")
    state = position([["flashlight-1", "snatch-1"], ["hostage-1"], []], rows={1: full})
    state.apply(a.Play(0, "flashlight-1"))
    assert seat_view(state, 1)["cards_on"] == 4
    state.apply(a.Play(1, "hostage-1"))
    state.apply(a.Hold(1))
    assert [len(r) for r in state.rows] == [0, 4, 0]


def test_r_ix_11_the_same_card_not_twice_in_a_row_on_a_player():
    state = position([["baseball-bat-2", "knife-2"], [], []],
                     rows={1: [("knife-1", 2), ("baseball-bat-1", 2)]})
    refused(state, a.Play(0, "baseball-bat-2", 1), "R-IX-11",
            "the last card on Seat 2 is already Baseball Bat: the same card cannot be played "
            "twice in a row on a player")
    state.apply(a.Play(0, "knife-2", 1))  # Knife, Bat, Knife is fine


def test_r_ix_11_r_ix_19_a_nullified_card_still_counts_for_the_repeat_rule():
    state = position([["baseball-bat-2"], [], []], rows={1: ids("barricade", "baseball-bat")})
    assert seat_view(state, 1)["row"][1]["nullified_by"] == "barricade"
    refused(state, a.Play(0, "baseball-bat-2", 1), "R-IX-11", "already Baseball Bat")


def test_r_ix_11_r_ix_19_a_nullified_card_counts_toward_the_limit():
    row = ids("baseball-bat", "under-the-bed", "knife", "barricade")
    state = position([["bandage-1"], [], []], rows={1: row})
    refused(state, a.Play(0, "bandage-1", 1), "R-IX-10", "already has 4 cards")


def test_r_ix_11_an_escape_item_in_between_breaks_the_repeat():
    state = position([["baseball-bat-2"], [], []], rows={1: ["baseball-bat-1", "keys-1"]})
    state.apply(a.Play(0, "baseball-bat-2", 1))
    state = position([["baseball-bat-2"], [], []], rows={1: ["baseball-bat-1"]},
                     items={1: ["keys-1"]}, options={"escape_items_in_row": False})
    refused(state, a.Play(0, "baseball-bat-2", 1), "R-IX-11", "already Baseball Bat")


def test_r_ix_11_a_ix_04_by_same_player_compares_with_your_own_last_card():
    rows = {1: [("baseball-bat-1", 0), ("knife-1", 1)]}
    opts = {"repeat_rule": "by_same_player"}
    state = position([["baseball-bat-2"], [], []], rows=rows, options=opts)
    refused(state, a.Play(0, "baseball-bat-2", 1), "R-IX-11",
            "your last card on Seat 2 is already Baseball Bat")
    state = position([["baseball-bat-2"], [], []], rows=rows)  # default target_row
    state.apply(a.Play(0, "baseball-bat-2", 1))
    rows = {1: [("baseball-bat-1", 1)]}
    state = position([["baseball-bat-2"], [], []], rows=rows, options=opts)
    state.apply(a.Play(0, "baseball-bat-2", 1))  # Seat 2 played the first Bat, not Seat 1
    state = position([["baseball-bat-2"], [], []], rows=rows)
    refused(state, a.Play(0, "baseball-bat-2", 1), "R-IX-11", "the last card on Seat 2")


def test_r_ix_12_no_banking_of_healing_cards():
    state = position([["bandage-1", "syringe-1"], [], []])
    refused(state, a.Play(0, "bandage-1", 1), "R-IX-12",
            "Seat 2 has no damage this round to heal: healing cards cannot be banked")
    refused(state, a.Play(0, "syringe-1", 0), "R-IX-12", "Seat 1 has no damage this round")


def test_r_ix_12_a_ix_09_net_damage_or_any_damage():
    rows = {1: ids("baseball-bat", "bandage")}
    state = position([["syringe-1"], [], []], rows=rows)
    refused(state, a.Play(0, "syringe-1", 1), "R-IX-12", "no damage this round to heal")
    state = position([["syringe-1"], [], []], rows=rows, options={"heal_needs": "any_damage"})
    state.apply(a.Play(0, "syringe-1", 1))
    assert seat_view(state, 1)["damage"] == 0
    # a nullified damage card is no damage under either option
    for need in ("net_damage", "any_damage"):
        state = position([["syringe-1"], [], []], rows={1: ids("barricade", "knife")},
                         options={"heal_needs": need})
        refused(state, a.Play(0, "syringe-1", 1), "R-IX-12", "no damage this round to heal")


def test_r_ix_12_med_kit_needs_a_life_lost_in_an_earlier_round():
    state = position([["med-kit-1"], [], []], round=2, lives_lost={1: [2]})
    refused(state, a.Play(0, "med-kit-1", 1), "R-IX-12",
            "Seat 2 has lost no life in an earlier round: Med Kit only restores those")
    refused(state, a.Play(0, "med-kit-1", 2), "R-IX-12", "Seat 3 has lost no life")
    state = position([["med-kit-1"], [], []], round=2, lives_lost={1: [1]})
    state.apply(a.Play(0, "med-kit-1", 1))  # any target, no damage needed


def test_r_ix_13_an_escape_item_stays_in_front_of_its_target_for_the_game():
    state = scripted([("keys-1", 1), ("baseball-bat-1", 2)])
    run(state, [("keys-1", 1), ("baseball-bat-1", 2)])
    assert seat_view(state, 1)["items"] == ["keys"]
    skip_to_end(state)
    assert state.lives_lost[2] == [1]
    assert state.phase == "refill"
    assert "keys-1" not in state.discard and "baseball-bat-1" in state.discard
    assert state.items[1] == ["keys-1"] and state.rows == [[], [], []]
    state.apply(ShuffleResult("discard", tuple(state.discard)))
    assert state.round == 2 and state.items[1] == ["keys-1"]
    assert "keys-1" not in state.center and not any("keys-1" in h for h in state.hands)
    assert seat_view(state, 1)["items"] == ["keys"]
    check_cards(state)


def test_r_ix_14_cards_left_in_hand_are_discarded_at_the_end_of_the_round():
    state = position([["baseball-bat-1", "hostage-1"], ["knife-1", "flashlight-1"],
                      ["bandage-1"]], lap=2)
    state.apply(a.Play(0, "baseball-bat-1", 1))
    events = skip_to_end(state)
    assert of_type(events, a.HandsDiscarded) == [a.HandsDiscarded(4)]
    assert state.hands == [[], [], []]
    assert sorted(state.discard) == ["bandage-1", "baseball-bat-1", "flashlight-1",
                                     "hostage-1", "knife-1"]


# ======================================================================== utility R-IX-20..22


def test_r_ix_20_flashlight_turns_the_top_card_face_up():
    state = position([["flashlight-1"], ["hostage-1"], []], center=["knife-3"])
    events = state.apply(a.Play(0, "flashlight-1"))
    assert events == [a.CardPlayed(0, "flashlight", None), a.TopExposed("knife")]
    assert state.discard == ["flashlight-1"]
    assert state.view(None)["top_card"] == "knife"
    assert state.view(2)["top_card"] == "knife"
    # it stays face up until it leaves the top
    events = state.apply(a.Play(1, "hostage-1"))
    assert events[-1] == a.TookTop(1, "knife")
    assert state.view(None)["top_card"] is None and not state.top_exposed


def test_r_ix_20_flashlight_refusals():
    state = position([["flashlight-1"], [], []])
    refused(state, a.Play(0, "flashlight-1", 1), "R-IX-20",
            "Flashlight takes no target: it is discarded, not played on a player")
    state = position([["flashlight-1"], [], []], top_exposed=True)
    refused(state, a.Play(0, "flashlight-1"), "R-IX-20",
            "the top card of the center deck is already face up")


def test_r_ix_21_hostage_take_the_top_card_and_play_it_without_another_turn():
    state = position([["hostage-1", "bandage-1"], ["baseball-bat-1"], []], center=["knife-3"])
    events = state.apply(a.Play(0, "hostage-1"))
    assert events == [a.CardPlayed(0, "hostage", None), a.TookTop(0, None)]
    assert state.phase == "follow" and state.active == 0
    assert state.hands[0] == ["bandage-1", "knife-3"]
    assert state.view(0)["follow"] == {"seat": 0, "card": "knife-3"}
    assert state.view(1)["follow"] == {"seat": 0, "card": None}  # a hidden card
    assert "knife-3" not in json.dumps(state.view(1))
    refused(state, a.Play(0, "bandage-1", 1), "R-IX-21",
            "play the card you just took (Knife) or keep it")
    refused(state, a.Skip(0), "R-IX-08", "this is not the time to skip (phase follow)")
    assert state.legal_actions(0)[-1] == a.Hold(0)
    events = state.apply(a.Play(0, "knife-3", 1))
    assert events == [a.CardPlayed(0, "knife", 1)]
    assert state.active == 1 and state.turns_taken == [1, 1, 0]
    assert state.discard == ["hostage-1"]


def test_r_ix_21_hostage_keep_the_card_taken():
    state = position([["hostage-1"], ["baseball-bat-1"], []], center=["knife-3"])
    state.apply(a.Play(0, "hostage-1"))
    assert state.apply(a.Hold(0)) == [a.Held(0)]
    assert state.hands[0] == ["knife-3"] and state.active == 1
    refused(state, a.Hold(1), "R-IX-21", "this is not the time to keep a taken card")


def test_r_ix_21_a_ix_12_the_taken_card_obeys_every_play_rule():
    state = position([["hostage-1"], [], []], center=["bandage-4"])
    state.apply(a.Play(0, "hostage-1"))
    refused(state, a.Play(0, "bandage-4", 1), "R-IX-12", "no damage this round to heal")
    assert state.legal_actions(0) == [a.Hold(0)]
    state.apply(a.Hold(0))


def test_r_ix_21_a_face_up_top_card_taken_is_public():
    state = position([["hostage-1"], [], []], center=["knife-3"], top_exposed=True)
    events = state.apply(a.Play(0, "hostage-1"))
    assert events[-1] == a.TookTop(0, "knife")
    assert state.view(2)["follow"] == {"seat": 0, "card": "knife"}
    assert seat_view(state, 0, 2)["known"] == ["knife"]
    state.apply(a.Hold(0))
    assert seat_view(state, 0, 2)["known"] == ["knife"]


def test_r_ix_21_r_ix_26_nobodys_home_taken_by_hostage_cannot_be_played():
    state = position([["hostage-1"], [], []], center=["nobodys-home-1"])
    state.apply(a.Play(0, "hostage-1"))
    refused(state, a.Play(0, "nobodys-home-1"), "R-IX-26",
            "Nobody's Home is used only at the start of a round")
    state.apply(a.Hold(0))


def test_r_ix_21_hostage_needs_a_card_in_the_center_deck():
    state = position([["hostage-1"], [], []])
    state.discard += state.center
    state.center = []
    refused(state, a.Play(0, "hostage-1"), "R-IX-21",
            "the center deck is empty: Hostage has no card to reach")


def test_r_ix_22_snatch_an_escape_item_and_play_it_at_once():
    state = position([["snatch-1"], ["hostage-1"], []], rows={1: ["baseball-bat-1"]},
                     items={1: ["keys-1", "car-1"]})
    assert state.snatchable(1) == ["keys-1", "car-1", "baseball-bat-1"]
    # the choices name the card taken by kind (copies look alike); a copy id is accepted too
    assert [p.take for p in state.legal_actions(0) if isinstance(p, a.Play) and p.target == 1
            ] == ["keys", "car", "baseball-bat"]
    snapshot = state.to_json()
    events = state.apply(a.Play(0, "snatch-1", 1, "car"))
    assert events == [a.CardPlayed(0, "snatch", 1), a.Snatched(0, 1, ("car",))]
    assert GAME.state_from_json(snapshot).apply(a.Play(0, "snatch-1", 1, "car-1")) == events
    assert state.items[1] == ["keys-1"] and state.phase == "follow"
    assert state.view(2)["follow"] == {"seat": 0, "card": "car"}  # everyone saw it
    state.apply(a.Play(0, "car-1", 2))
    assert state.items[2] == ["car-1"] and state.active == 1
    assert state.discard == ["snatch-1"]


def test_r_ix_22_snatch_the_most_recent_damage_or_healing_card_and_keep_it():
    rows = {1: ids("knife", "baseball-bat")}
    state = position([["snatch-1"], [], []], rows=rows)
    refused(state, a.Play(0, "snatch-1", 1, "knife-1"), "R-IX-22",
            "Snatch can take from Seat 2: Baseball Bat (an escape item or the most recent "
            "damage or healing card; never Med Kit)")
    state.apply(a.Play(0, "snatch-1", 1, "baseball-bat-1"))
    assert [p.card for p in state.rows[1]] == ["knife-1"]
    assert seat_view(state, 1)["damage"] == 2  # row recomputed
    state.apply(a.Hold(0))
    assert state.hands[0] == ["baseball-bat-1"]
    assert seat_view(state, 0, 2)["known"] == ["baseball-bat"]


def test_r_ix_22_snatch_never_takes_the_med_kit():
    state = position([["snatch-1"], [], []], rows={1: ids("baseball-bat", "med-kit")},
                     round=2, lives_lost={1: [1]})
    assert state.snatchable(1) == ["baseball-bat-1"]
    refused(state, a.Play(0, "snatch-1", 1, "med-kit-1"), "R-IX-22",
            "Snatch can take from Seat 2: Baseball Bat")


def test_r_ix_22_a_ix_11_nullified_cards_are_not_eligible_by_default():
    rows = {1: ids("baseball-bat", "knife", "under-the-bed")}
    state = position([["snatch-1"], [], []], rows=rows)
    assert state.snatchable(1) == ["baseball-bat-1"]
    refused(state, a.Play(0, "snatch-1", 1, "knife-1"), "R-IX-22", "Baseball Bat")
    state = position([["snatch-1"], [], []], rows=rows, options={"snatch_nullified": True})
    assert state.snatchable(1) == ["knife-1"]


def test_r_ix_22_row_recomputed_after_the_take():
    rows = {1: ids("baseball-bat", "knife", "double-scratch")}
    state = position([["snatch-1"], [], []], rows=rows)
    assert seat_view(state, 1)["damage"] == 5
    assert state.snatchable(1) == ["double-scratch-1"]  # DEC: Double Scratch is eligible
    state.apply(a.Play(0, "snatch-1", 1, "double-scratch-1"))
    assert seat_view(state, 1)["damage"] == 3
    state = position([["snatch-1"], [], []], rows=rows,
                     options={"snatch_double_scratch": False})
    assert state.snatchable(1) == ["knife-1"]
    state.apply(a.Play(0, "snatch-1", 1, "knife-1"))
    assert seat_view(state, 1)["damage"] == 2  # the Double Scratch now doubles the Bat


def test_r_ix_22_row_recomputed_barricade_finds_a_new_victim():
    state = position([["snatch-1"], [], []], rows={1: ids("baseball-bat", "barricade", "knife")})
    assert seat_view(state, 1)["damage"] == 1
    state.apply(a.Play(0, "snatch-1", 1, "baseball-bat-1"))
    assert seat_view(state, 1)["damage"] == 0


def test_r_ix_22_a_taken_card_frees_a_place_under_the_limit():
    full = ids("baseball-bat", "bandage", "knife", "syringe")
    state = position([["snatch-1"], [], []], rows={1: full})
    state.apply(a.Play(0, "snatch-1", 1, "syringe-1"))
    assert seat_view(state, 1)["cards_on"] == 3
    refused(state, a.Play(0, "syringe-1", 2), "R-IX-12", "no damage")
    state.apply(a.Hold(0))


def test_r_ix_22_a_ix_11_all_items_option():
    state = position([["snatch-1"], [], []], items={1: ["keys-1", "car-1"]},
                     options={"snatch_items": "all"})
    events = state.apply(a.Play(0, "snatch-1", 1, "car-1"))
    assert events[-1] == a.Snatched(0, 1, ("keys", "car"))
    assert state.items[1] == [] and state.follow == "car-1"
    assert sorted(state.hands[0]) == ["car-1", "keys-1"]
    state.apply(a.Play(0, "car-1", 0))
    assert state.items[0] == ["car-1"] and state.hands[0] == ["keys-1"]


def test_r_ix_22_a_ix_11_table_scope_most_recent_over_the_whole_table():
    rows = {1: ["baseball-bat-1"], 2: ["knife-1"]}  # the Knife was played last
    state = position([["snatch-1"], [], []], rows=rows, items={1: ["keys-1"]},
                     options={"snatch_scope": "table"})
    assert state.snatchable(1) == ["keys-1"]
    assert state.snatchable(2) == ["knife-1"]
    refused(state, a.Play(0, "snatch-1", 1, "baseball-bat-1"), "R-IX-22",
            "Snatch can take from Seat 2: Keys")
    state = position([["snatch-1"], [], []], rows=rows, items={1: ["keys-1"]})
    assert state.snatchable(1) == ["keys-1", "baseball-bat-1"]


def test_r_ix_22_snatch_with_nothing_to_take_or_no_victim():
    state = position([["snatch-1"], [], []])
    refused(state, a.Play(0, "snatch-1", 1, "keys-1"), "R-IX-22",
            "Snatch can take from Seat 2: nothing")
    refused(state, a.Play(0, "snatch-1"), "R-IX-22", "choose the player to play Snatch on")


# ======================================================================== die cards R-IX-23..25


def test_r_ix_23_security_camera_shows_the_hand_to_everyone():
    state = position([["security-camera-1"], ["knife-1", "bandage-1"], ["hostage-1"]])
    events = state.apply(a.Play(0, "security-camera-1"))
    assert events == [a.CardPlayed(0, "security-camera", None)]
    (prompt,) = state.pending()
    assert (prompt.kind, prompt.rule) == ("roll", "R-IX-23")
    (event,) = state.apply(RollResult((5,)))
    assert event.why == "no one plays character 5: roll again"
    events = state.apply(RollResult((face(1),)))
    assert events[:2] == [a.DieRolled("Security Camera", 2, 1, True, ""),
                          a.HandShown(1, ("bandage", "knife"))]  # sorted: not the hand's order
    for viewer in (None, 0, 2):
        view = state.view(viewer)
        assert view["camera"] == {"seat": 1, "cards": ["bandage", "knife"], "round": 1}
        assert view["seats"][1]["known"] == ["bandage", "knife"]
    assert state.active == 1  # the turn passed
    assert state.removed == ["security-camera-1"]  # A-IX-13


def test_r_ix_23_security_camera_rerolls_a_dead_seat():
    state = position([["security-camera-1"], ["knife-1"], ["hostage-1"]],
                     lives_lost={1: [1, 1, 1]})
    state.apply(a.Play(0, "security-camera-1"))
    (event,) = state.apply(RollResult((face(1),)))
    assert event.why == "Seat 2 is dead: roll again"
    assert state.apply(RollResult((face(2),)))[1] == a.HandShown(2, ("hostage",))


def test_r_ix_23_a_ix_13_once_per_game_as_a_dead_card():
    state = position([["security-camera-1"], [], []], used_once=["security-camera"],
                     options={"die_cards_after_use": "dead_card"})
    refused(state, a.Play(0, "security-camera-1"), "R-IX-23",
            "Security Camera was already used this game: it is a dead card now")
    refused(state, a.Play(0, "security-camera-1", 1), "R-IX-23",
            "Security Camera takes no target: the die chooses the player")


def test_r_ix_23_a_ix_13_dead_card_option_sends_it_to_the_discard():
    state = position([["security-camera-1"], ["knife-1"], []],
                     options={"die_cards_after_use": "dead_card"})
    state.apply(a.Play(0, "security-camera-1"))
    assert state.discard == ["security-camera-1"] and state.removed == []
    assert state.used_once == ["security-camera"]


def test_r_ix_24_roulette_costs_a_life_at_once_and_the_assessment_still_happens():
    state = position([["roulette-1", "knife-1"], ["baseball-bat-1"], []])
    state.apply(a.Play(0, "roulette-1"))
    events = state.apply(RollResult((face(2),)))
    assert events[1] == a.LifeLost(2, "roulette", 2, "R-IX-24")
    assert state.lives_lost[2] == [1] and state.active == 1
    assert state.removed == ["roulette-1"]
    state.apply(a.Play(1, "baseball-bat-1", 2))
    events = skip_to_end(state)
    # the assessment still takes one life: Seat 3 has the most damage and loses again
    assert of_type(events, a.LifeLost) == [a.LifeLost(2, "most damage", 1, "R-IX-29")]
    assert state.lives_lost[2] == [1, 1]


def test_r_ix_24_a_life_lost_to_roulette_is_not_an_earlier_round_for_med_kit():
    state = position([["roulette-1", "med-kit-1"], [], []], round=2)
    state.apply(a.Play(0, "roulette-1"))
    state.apply(RollResult((face(1),)))
    assert state.lives_lost[1] == [2]
    assert state.active == 0  # Seats 2 and 3 hold nothing: Seat 1's second turn
    refused(state, a.Play(0, "med-kit-1", 1), "R-IX-12", "has lost no life in an earlier round")


def test_r_ix_24_r_ix_26_roulette_rerolls_dead_and_immune_seats():
    state = position([["roulette-1"], [], ["knife-1"], []], immune=1,
                     identities=["intruder", "innocent", "intruder", "innocent"],
                     lives_lost={3: [1, 1, 1]})
    state.apply(a.Play(0, "roulette-1"))
    (event,) = state.apply(RollResult((face(1),)))
    assert event.why == "Seat 2 is at Nobody's Home: roll again"
    (event,) = state.apply(RollResult((face(3),)))
    assert event.why == "Seat 4 is dead: roll again"
    events = state.apply(RollResult((face(0),)))
    assert events[1] == a.LifeLost(0, "roulette", 2, "R-IX-24")


def test_r_ix_24_r_ix_26_roulette_never_lands_on_the_seat_at_nobodys_home():
    hands = home_hands()
    hands[0][0] = "roulette-1"
    state = start(3, hands, home=[1], first=0)
    state.apply(a.Play(0, "roulette-1"))
    (event,) = state.apply(RollResult((face(1),)))
    assert event.why == "Seat 2 is at Nobody's Home: roll again"
    events = state.apply(RollResult((face(2),)))
    assert events[1] == a.LifeLost(2, "roulette", 2, "R-IX-24")


def test_r_ix_24_once_per_game():
    state = position([["roulette-1"], [], []], used_once=["roulette"],
                     options={"die_cards_after_use": "dead_card"})
    refused(state, a.Play(0, "roulette-1"), "R-IX-24", "Roulette was already used this game")


def test_r_ix_25_broken_mirror_the_next_turn_is_lost():
    state = position([["broken-mirror-1", "knife-1"], ["baseball-bat-1"], ["bandage-1"]])
    state.apply(a.Play(0, "broken-mirror-1"))
    events = state.apply(RollResult((face(1),)))
    assert events[1:] == [a.TurnLost(1, True), a.Skipped(1, "broken mirror")]
    assert state.active == 2
    assert state.turns_taken == [1, 1, 1]
    state.apply(a.Skip(2))
    assert state.active == 0
    state.apply(a.Skip(0))
    assert state.active == 1  # only one turn was lost
    assert state.removed == ["broken-mirror-1"]


def test_r_ix_25_broken_mirror_on_a_later_turn_of_this_lap():
    state = position([["broken-mirror-1", "knife-1"], ["baseball-bat-1"], ["bandage-1"]],
                     first=1, active=0, lap=1)  # order 1, 2, 0: Seat 1 is last in lap 2
    state.apply(a.Play(0, "broken-mirror-1"))
    events = state.apply(RollResult((face(2),)))
    assert events[1] == a.TurnLost(2, True)
    # lap 3: Seat 2 plays, Seat 3 loses its last turn
    assert state.active == 1
    events = state.apply(a.Skip(1))
    assert events == [a.Skipped(1, "skip"), a.Skipped(2, "broken mirror")]
    assert state.active == 0


def test_r_ix_25_broken_mirror_with_no_turn_left_does_nothing():
    state = position([["knife-1"], ["broken-mirror-1", "baseball-bat-1"], ["bandage-1"]],
                     first=0, active=1, lap=2)  # Seat 1 has had its third turn
    state.apply(a.Play(1, "broken-mirror-1"))
    events = state.apply(RollResult((face(0),)))
    assert events[1:] == [a.TurnLost(0, False)]
    assert state.skip_next == [False, False, False]
    assert state.active == 2
    events = state.apply(a.Skip(2))
    assert of_type(events, a.HandsDiscarded)  # the round is over


# ======================================================================== Nobody's Home R-IX-26


def home_hands():
    hands = [list(h) for h in HANDS3]
    hands[1][4] = "nobodys-home-1"
    return hands


def test_r_ix_26_nobodys_home_used_the_whole_hand_is_discarded():
    state = setup(3)
    state.apply(ShuffleResult("center", tuple(center_for(home_hands()))))
    for seat in range(3):
        state.apply(a.Ready(seat))
    assert a.Keep(1, (), home=True) in state.legal_actions(1)
    refused(state, a.Keep(1, ("knife-2",), home=True), "R-IX-26",
            "with Nobody's Home you discard your whole hand: keep no card")
    refused(state, a.Keep(0, (), home=True), "R-IX-26", "you have no Nobody's Home to use")
    state.apply(a.Keep(0, tuple(HANDS3[0][:3])))
    assert state.apply(a.Keep(1, (), home=True)) == []
    events = state.apply(a.Keep(2, tuple(HANDS3[2][:3])))
    assert events[0] == a.HomeUsed(1, tuple(sorted(kind(c) for c in home_hands()[1])))
    assert state.immune == 1 and state.home_used == [False, True, False]
    assert state.hands[1] == [] and sorted(state.discard) == sorted(home_hands()[1])
    assert len(state.bottom_batch) == 4  # only the other two seats bottom cards
    assert seat_view(state, 1)["immune"] is True


def test_r_ix_26_the_seat_at_home_takes_no_turns_and_cannot_be_targeted():
    state = start(3, home_hands(), home=[1], first=0)
    refused(state, a.Play(0, "baseball-bat-1", 1), "R-IX-26",
            "Seat 2 is at Nobody's Home this round and cannot be targeted")
    seen = []
    while state.phase == "turn":
        seen.append(state.active)
        state.apply(a.Skip(state.active))
    assert seen == [0, 2] * 3
    assert state.turns_taken == [3, 0, 3]


def test_r_ix_26_nothing_can_be_taken_from_the_seat_at_home():
    state = position([["snatch-1", "keys-1"], [], ["knife-1"]], immune=1,
                     items={1: ["car-1"]})
    assert state.snatchable(1) == []
    refused(state, a.Play(0, "snatch-1", 1, "car-1"), "R-IX-26",
            "Seat 2 is at Nobody's Home this round and cannot be targeted")
    refused(state, a.Play(0, "keys-1", 1), "R-IX-26", "cannot be targeted")
    assert [t for t in state.legal_actions(0) if isinstance(t, a.Play) and t.target == 1] == []


def test_r_ix_26_the_seat_at_home_is_left_out_of_the_no_damage_roll():
    state = start(3, home_hands(), home=[1], first=0)
    skip_to_end(state)
    assert state.die == {"purpose": "nodamage", "eligible": [0, 2], "by": None}
    (event,) = state.apply(RollResult((face(1),)))
    assert event.why == "Seat 2 is at Nobody's Home: roll again"
    state.apply(RollResult((face(2),)))
    assert state.lives_lost == [[], [], [1]]


def test_r_ix_26_not_used_it_goes_to_the_discard_pile_keep_three_of_four():
    state = setup(3)
    state.apply(ShuffleResult("center", tuple(center_for(home_hands()))))
    for seat in range(3):
        state.apply(a.Ready(seat))
    assert [p.text for p in state.pending()] == ["keep 3 cards"] * 3
    refused(state, a.Keep(1, ("nobodys-home-1", "knife-2", "bandage-2")), "R-IX-26",
            "Nobody's Home cannot be kept: use it now or it goes to the discard pile")
    state.apply(a.Keep(0, tuple(HANDS3[0][:3])))
    state.apply(a.Keep(1, ("baseball-bat-2", "knife-2", "bandage-2")))
    events = state.apply(a.Keep(2, tuple(HANDS3[2][:3])))
    assert a.HomeVoid("nobodys-home") in events
    assert state.discard == ["nobodys-home-1"] and state.immune is None
    assert sorted(state.bottom_batch) == sorted(
        ["hostage-1", "flashlight-1", "hostage-2", "hostage-3", "snatch-1"])


def test_r_ix_26_once_per_game_per_player():
    state = setup(3)
    state.home_used[1] = True  # Seat 2 used it in an earlier round (arranged)
    state.apply(ShuffleResult("center", tuple(center_for(home_hands()))))
    for seat in range(3):
        state.apply(a.Ready(seat))
    assert a.Keep(1, (), home=True) not in state.legal_actions(1)
    refused(state, a.Keep(1, (), home=True), "R-IX-26",
            "you already used Nobody's Home this game: it goes to the discard pile; keep 3 "
            "of your other cards")
    state.apply(a.Keep(1, ("baseball-bat-2", "knife-2", "hostage-2")))


def test_r_ix_26_nobodys_home_cannot_be_played_on_a_turn():
    state = position([["nobodys-home-1"], [], []])
    refused(state, a.Play(0, "nobodys-home-1", 0), "R-IX-26",
            "Nobody's Home is used only at the start of a round")


# ======================================================================== Med Kit R-IX-27


def test_r_ix_27_med_kit_once_per_game_per_player_who_plays_it():
    state = position([["med-kit-1"], [], []], round=3, lives_lost={1: [1], 2: [2]},
                     medkit_used=[True, False, False])
    refused(state, a.Play(0, "med-kit-1", 1), "R-IX-27",
            "you have already used the Med Kit's power this game (once per player)")
    refused(state, a.Play(0, "med-kit-1", 0), "R-IX-12", "Seat 1 has lost no life")
    # per player: Seat 2 was healed before by someone else's Med Kit; it can still use it
    state = position([[], ["med-kit-1"], []], active=1, round=3, lives_lost={2: [2]},
                     medkit_used=[True, False, False])
    state.apply(a.Play(1, "med-kit-1", 2))


def test_r_ix_27_a_ix_15_per_target_option():
    opts = {"medkit_once": "per_target"}
    state = position([["med-kit-1"], [], []], round=3, lives_lost={1: [1], 2: [2]},
                     medkit_used=[False, True, False], options=opts)
    refused(state, a.Play(0, "med-kit-1", 1), "R-IX-27",
            "Seat 2 has already used the Med Kit's power this game")
    events = state.apply(a.Play(0, "med-kit-1", 2))  # nobody holds a card: play ends
    assert of_type(events, a.LifeRestored) == [a.LifeRestored(2, "med-kit", 3)]
    assert state.medkit_used == [False, True, True]  # the healed player's power is spent


def test_r_ix_27_per_player_marks_the_player_who_played_it():
    state = position([["med-kit-1", "knife-1"], [], []], round=2, lives_lost={1: [1]})
    state.apply(a.Play(0, "med-kit-1", 1))
    events = skip_to_end(state)
    assert of_type(events, a.LifeRestored) == [a.LifeRestored(1, "med-kit", 3)]
    assert state.medkit_used == [True, False, False]


# ======================================================================== assessment R-IX-28..32


def test_r_ix_28_r_ix_29_the_unique_most_damaged_player_loses_one_life():
    plays = [("knife-1", 1), ("baseball-bat-1", 2), ("baseball-bat-2", 0)]
    state = scripted(plays)
    events = run(state, plays) + skip_to_end(state)
    assert of_type(events, a.RowAssessed) == [a.RowAssessed(0, 1), a.RowAssessed(1, 2),
                                              a.RowAssessed(2, 1)]
    assert of_type(events, a.LifeLost) == [a.LifeLost(1, "most damage", 2, "R-IX-29")]
    assert state.lives_lost == [[], [1], []]
    assert state.assessment["loser"] == 1 and state.assessment["rule"] == "R-IX-29"


def test_r_ix_30_tie_roll_until_one_of_the_tied_players():
    plays = [("knife-1", 1), ("knife-2", 2), ("baseball-bat-1", 0)]
    state = scripted(plays)
    run(state, plays)
    skip_to_end(state)
    (prompt,) = state.pending()
    assert (prompt.kind, prompt.rule, prompt.purpose) == ("roll", "R-IX-30",
                                                          "tie for most damage")
    assert state.assessment["tied"] == [1, 2]
    (event,) = state.apply(RollResult((face(0),)))
    assert event == a.DieRolled("tie for most damage", 1, 0, False,
                                "Seat 1 is not in the tie: roll again")
    (event,) = state.apply(RollResult((6,)))
    assert not event.accepted
    events = state.apply(RollResult((face(2),)))
    assert events[1] == a.LifeLost(2, "tie", 2, "R-IX-30")
    assert state.lives_lost == [[], [], [1]]
    assert [r["accepted"] for r in state.assessment["rolls"]] == [False, False, True]


def test_r_ix_31_nobody_damaged_roll_among_the_living():
    state = position([[], [], [], ["hostage-1"]], lap=2, active=3, first=0,
                     identities=["intruder", "innocent", "intruder", "innocent"],
                     lives_lost={2: [1, 1, 1]})
    events = state.apply(a.Skip(3))
    assert of_type(events, a.HandsDiscarded) == [a.HandsDiscarded(1)]
    assert state.die["purpose"] == "nodamage" and state.die["eligible"] == [0, 1, 3]
    (event,) = state.apply(RollResult((face(2),)))
    assert event.why == "Seat 3 is dead: roll again"
    events = state.apply(RollResult((face(3),)))
    assert events[1] == a.LifeLost(3, "no damage", 2, "R-IX-31")


def test_r_ix_31_healed_to_zero_counts_as_no_damage():
    plays = [("knife-1", 1), ("syringe-1", 1)]
    state = scripted(plays)
    run(state, plays)
    skip_to_end(state)
    assert state.die["purpose"] == "nodamage"


def test_r_ix_32_damage_from_an_earlier_round_cannot_be_healed():
    state = position([["bandage-1", "syringe-1", "med-kit-1"], [], []], round=2,
                     lives_lost={1: [1]})
    refused(state, a.Play(0, "bandage-1", 1), "R-IX-12", "Seat 2 has no damage this round")
    refused(state, a.Play(0, "syringe-1", 1), "R-IX-12", "Seat 2 has no damage this round")
    state.apply(a.Play(0, "med-kit-1", 1))  # only the Med Kit restores a life


def test_r_ix_32_each_round_starts_with_no_damage():
    plays = [("knife-1", 1)]
    state = scripted(plays)
    run(state, plays)
    skip_to_end(state)
    state.apply(ShuffleResult("discard", tuple(state.discard)))
    assert [s["damage"] for s in state.view(None)["seats"]] == [0, 0, 0]
    assert state.rows == [[], [], []]


# ======================================================================== death R-IX-33


def test_r_ix_33_death_hand_discarded_items_back_into_the_center_deck():
    state = position([["roulette-1"], ["knife-1", "bandage-1"], ["baseball-bat-1"], []],
                     lives_lost={1: [1, 1]}, items={1: ["keys-1", "car-1"]},
                     rows={1: ["baseball-bat-2", "gasoline-1"]},
                     identities=["intruder", "intruder", "innocent", "innocent"])
    assert state.items[1] == ["keys-1", "car-1", "gasoline-1"]
    center_before = list(state.center)
    state.apply(a.Play(0, "roulette-1"))
    events = state.apply(RollResult((face(1),)))
    assert events[1:] == [a.LifeLost(1, "roulette", 0, "R-IX-24"), a.Died(1, 2)]
    assert not state.alive(1)
    assert state.hands[1] == [] and state.discard[-2:] == ["knife-1", "bandage-1"]
    assert state.items[1] == [] and [p.card for p in state.rows[1]] == ["baseball-bat-2"]
    (prompt,) = state.pending()
    assert (prompt.kind, prompt.deck, prompt.rule) == ("draw", "positions", "A-IX-17")
    assert len(prompt.items) == len(center_before) + 1
    events = state.apply(DrawResult("positions", "0"))
    assert [(e.to) for e in events] == ["center"]
    assert state.center[0] == "keys-1"
    state.apply(DrawResult("positions", str(len(state.center))))
    assert state.center[-1] == "car-1"
    state.apply(DrawResult("positions", "5"))
    assert state.center[5] == "gasoline-1"
    assert [c for c in state.center if c not in ("keys-1", "car-1", "gasoline-1")] == \
        center_before
    # then the dead player may reveal his identity (default ask)
    (prompt,) = state.pending()
    assert prompt.to_json() == {"actor": 1, "kind": "reveal",
                                "text": "show your identity card or keep it secret"}
    refused(state, a.Skip(2), "R-IX-33", "Seat 3 cannot act now: the box is waiting for Seat 2")
    events = state.apply(a.Reveal(1, True))
    assert events[0] == a.IdentityRevealed(1, "intruder")
    assert seat_view(state, 1, 3)["identity"] == "intruder"
    assert seat_view(state, 1, 3)["revealed"] is True
    assert state.active == 2  # play goes on
    check_cards(state)


def test_r_ix_33_a_dead_player_takes_no_turns_and_cannot_be_targeted():
    state = position([["knife-1", "baseball-bat-1"], [], ["baseball-bat-2"]],
                     lives_lost={1: [1, 1, 1]}, identities=["intruder", "innocent", "innocent"])
    refused(state, a.Play(0, "knife-1", 1), "R-IX-33", "Seat 2 is dead and cannot be targeted")
    events = state.apply(a.Play(0, "knife-1", 2))
    assert state.active == 2 and not of_type(events, a.Skipped)  # Seat 2 is passed over
    assert state.turns_taken[1] == 0
    assert state.snatchable(1) == []


def test_r_ix_33_items_on_death_to_the_discard_pile_option():
    state = position([["roulette-1"], ["knife-1"], ["baseball-bat-1"], []],
                     lives_lost={1: [1, 1]}, items={1: ["keys-1"]},
                     identities=["intruder", "innocent", "intruder", "innocent"],
                     options={"items_on_death": "discard", "reveal_on_death": "never"})
    state.apply(a.Play(0, "roulette-1"))
    events = state.apply(RollResult((face(1),)))
    assert types(events) == ["die_rolled", "life_lost", "died", "item_returned"]
    assert of_type(events, a.ItemReturned)[0].to == "discard"
    assert "keys-1" in state.discard and state.items[1] == []
    assert not of_type(events, a.IdentityRevealed)
    assert state.phase == "turn" and state.active == 2  # never: no reveal prompt


def test_r_ix_33_reveal_always_and_keeping_it_secret():
    opts = {"reveal_on_death": "always"}
    state = position([["roulette-1"], ["knife-1"], ["baseball-bat-1"], []],
                     lives_lost={1: [1, 1]},
                     identities=["intruder", "innocent", "intruder", "innocent"], options=opts)
    state.apply(a.Play(0, "roulette-1"))
    events = state.apply(RollResult((face(1),)))
    assert a.IdentityRevealed(1, "innocent") in events
    assert seat_view(state, 1, 3)["identity"] == "innocent"
    state = position([["roulette-1"], ["knife-1"], ["baseball-bat-1"], []],
                     lives_lost={1: [1, 1]},
                     identities=["intruder", "innocent", "intruder", "innocent"])
    state.apply(a.Play(0, "roulette-1"))
    state.apply(RollResult((face(1),)))
    assert state.apply(a.Reveal(1, False)) == []
    assert seat_view(state, 1, 3)["identity"] is None and not state.revealed[1]


def test_r_ix_07_r_ix_33_death_at_the_assessment_then_the_next_round():
    plays = [("knife-1", 1)]
    state = scripted(plays, players=4, lives_lost={1: [1, 1]},
                     identities=["intruder", "innocent", "intruder", "innocent"],
                     items={1: ["license-1"]}, options={"reveal_on_death": "never"})
    run(state, plays)
    events = skip_to_end(state)
    assert of_type(events, a.Died) == [a.Died(1, 0)]  # R-IX-14: hands already discarded
    assert state.phase == "insert"
    state.apply(DrawResult("positions", "3"))
    assert state.center[3] == "license-1"
    assert state.phase == "refill"
    state.apply(ShuffleResult("discard", tuple(state.discard)))
    assert state.hands[1] == [] and [len(h) for h in state.hands] == [5, 0, 5, 5]
    keep_cards(state)
    # R-IX-07: the first-player die rerolls the dead seat
    (event,) = state.apply(RollResult((face(1),)))
    assert event.why == "Seat 2 is dead: roll again"
    assert state.apply(RollResult((face(3),)))[-1] == a.FirstPlayer(3)
    seen = []
    while state.phase == "turn":
        seen.append(state.active)
        state.apply(a.Skip(state.active))
    assert seen == [3, 0, 2] * 3  # R-IX-33: no more turns
    check_cards(state)


# ======================================================================== wins R-IX-34..37


def test_r_ix_35_all_intruders_dead_innocents_win_at_once_after_roulette():
    state = position([["roulette-1", "knife-1"], ["baseball-bat-1"], ["bandage-1"]],
                     identities=["innocent", "intruder", "innocent"], lives_lost={1: [1, 1]})
    state.apply(a.Play(0, "roulette-1"))
    events = state.apply(RollResult((face(1),)))
    assert events[-1] == a.GameWon("innocent", "every Intruder is dead", "R-IX-35",
                                   ("innocent", "intruder", "innocent"))
    assert state.phase == "over" and state.pending() == ()
    assert state.outcome().to_json() == {
        "result": "win", "winners": [0, 2], "reason": "Innocents win: every Intruder is dead",
        "rule": "R-IX-35"}
    assert [s["identity"] for s in state.view(None)["seats"]] == [
        "innocent", "intruder", "innocent"]  # A-IX-21
    refused(state, a.Skip(1), "R-IX-35", "the game is over (Innocents win")


def test_r_ix_34_all_innocents_dead_intruders_win_at_once():
    state = position([["roulette-1"], ["baseball-bat-1"], []],
                     identities=["intruder", "innocent", "innocent"],
                     lives_lost={1: [1, 1], 2: [1, 1, 1]})
    state.apply(a.Play(0, "roulette-1"))
    events = state.apply(RollResult((face(1),)))
    assert events[-1].rule == "R-IX-34" and events[-1].team == "intruder"
    assert state.outcome().winners == (0,)


def test_r_ix_34_death_at_the_assessment_can_end_the_game():
    plays = [("knife-1", 2)]
    state = scripted(plays, identities=["intruder", "innocent", "innocent"], hold=False,
                     lives_lost={1: [1, 1, 1], 2: [1, 1]}, items={2: ["keys-1"]})
    events = run(state, plays)  # nobody holds a card any more: the round is assessed
    assert events[-3:] == [a.LifeLost(2, "most damage", 0, "R-IX-29"), a.Died(2, 0),
                           a.GameWon("intruder", "every Innocent is dead", "R-IX-34",
                                     ("intruder", "innocent", "innocent"))]
    assert "keys-1" in state.discard  # the game is over: no item goes back into the deck
    assert state.phase == "over" and state.pending() == ()


def four_items_position(holder_identity, innocents_lost):
    identities = ["innocent", "intruder", "innocent"]
    identities[0] = holder_identity
    if holder_identity == "intruder":
        identities[1] = "innocent"
    lost = {s: [1] * n for s, n in innocents_lost.items()}
    return position([["license-1", "hostage-1"], ["baseball-bat-1"], ["hostage-2"]],
                    round=2, identities=identities, items={0: ["keys-1", "car-1", "gasoline-1"]},
                    lives_lost=lost)


def test_r_ix_36_innocent_with_all_four_items_wins_only_at_the_end_of_the_round():
    state = four_items_position("innocent", {})
    state.apply(a.Play(0, "license-1", 0))
    assert sorted(state.items[0]) == sorted(ITEMS)
    assert state.phase == "turn" and state.outcome() is None  # not immediately
    state.apply(a.Play(1, "baseball-bat-1", 2))
    events = skip_to_end(state)
    assert state.lives_lost[2] == [2]  # the assessment happens first
    assert events[-1] == a.GameWon("innocent", "Seat 1, an Innocent, holds all four escape "
                                   "items", "R-IX-36", ("innocent", "intruder", "innocent"))
    assert state.outcome().winners == (0, 2)


def test_r_ix_36_the_holder_must_be_alive_at_the_end_of_the_round():
    state = position([["license-1", "hostage-1"], ["baseball-bat-1"], ["hostage-2"], []],
                     round=3, identities=["innocent", "intruder", "innocent", "intruder"],
                     items={0: ["keys-1", "car-1", "gasoline-1"]}, lives_lost={0: [1, 2]})
    state.apply(a.Play(0, "license-1", 0))
    events = state.apply(a.Play(1, "baseball-bat-1", 0))
    events += skip_to_end(state)
    assert of_type(events, a.Died) == [a.Died(0, 0)]
    # the game goes on; the dead Innocent's four items go back into the center deck
    assert state.outcome() is None and state.phase == "insert"
    for _ in ITEMS:
        state.apply(DrawResult("positions", "0"))
    state.apply(a.Reveal(0, False))
    assert state.phase == "refill" and state.outcome() is None
    check_cards(state)


def test_r_ix_37_intruder_with_four_items_needs_every_innocent_at_two_lives_lost():
    state = four_items_position("intruder", {1: 2, 2: 1})
    state.apply(a.Play(0, "license-1", 0))
    state.apply(a.Play(1, "baseball-bat-1", 0))
    skip_to_end(state)
    assert state.outcome() is None  # Seat 3 has lost only one life
    assert state.phase == "refill"


def test_r_ix_37_intruders_win_with_four_items_and_every_innocent_down_two():
    state = four_items_position("intruder", {1: 2, 2: 1})
    state.apply(a.Play(0, "license-1", 0))
    state.apply(a.Play(1, "baseball-bat-1", 2))  # Seat 3 loses its second life now
    events = skip_to_end(state)
    assert events[-1].rule == "R-IX-37"
    assert events[-1].reason == ("Seat 1, an Intruder, holds all four escape items and every "
                                 "Innocent has lost 2 lives")
    assert state.outcome().winners == (0,)


def test_r_ix_37_dead_innocents_count_as_having_lost_two():
    state = position([["license-1", "hostage-1"], ["baseball-bat-1"], ["hostage-2"], []],
                     round=3, identities=["intruder", "innocent", "innocent", "innocent"],
                     items={0: ["keys-1", "car-1", "gasoline-1"]},
                     lives_lost={1: [1, 2], 2: [1, 2], 3: [1, 1, 2]})
    state.apply(a.Play(0, "license-1", 0))
    state.apply(a.Play(1, "baseball-bat-1", 0))
    events = skip_to_end(state)
    assert state.lives_lost[0] == [3]
    assert events[-1].rule == "R-IX-37"


# ======================================================================== the box


def test_end_game_gives_an_abandoned_outcome():
    state = start(3, HANDS3)
    events = state.apply(EndGame("the table stopped"))
    assert events == []
    assert state.outcome().to_json() == {"result": "abandoned", "winners": [],
                                         "reason": "the table stopped", "rule": "BOX-END"}
    assert state.phase == "over" and state.pending() == ()
    # everything is shown at the end, by kind (copies look alike)
    assert state.view(1)["hands"] == [sorted(kind(c) for c in h) for h in state.hands]


@pytest.mark.parametrize("public", [True, False])
def test_discard_pile_face_up_option(public):
    state = position([["flashlight-1", "knife-1"], ["baseball-bat-1"], []],
                     discard=["bandage-1", "bandage-2", "knife-2"],
                     options={"discard_public": public})
    state.apply(a.Play(0, "flashlight-1"))
    expected = {"count": 4}
    if public:
        expected["cards"] = {"bandage": 2, "flashlight": 1, "knife": 1}
    assert state.view(1)["discard"] == expected


def test_snapshots_round_trip_mid_round():
    state = position([["hostage-1", "knife-1"], ["baseball-bat-1"], []],
                     rows={1: ["baseball-bat-2", "barricade-1"]}, center=["knife-3"])
    state.apply(a.Play(0, "hostage-1"))
    copy = GAME.state_from_json(json.loads(snapshot(state)))
    assert snapshot(copy) == snapshot(state)
    copy.apply(a.Play(0, "knife-3", 1))
    assert seat_view(copy, 1)["row"][2]["nullified_by"] == "barricade"
    assert seat_view(state, 1)["row"] == seat_view(copy, 1)["row"][:2]


def test_r_ix_26_with_a_face_down_discard_pile_the_events_name_no_discarded_card():
    """Spec 2.9 [DEC] discard_public=false: Nobody's Home is announced, the hand it throws
    away and an unused Nobody's Home go face down."""
    for home in (True, False):
        state = setup(3, {"discard_public": False})
        state.apply(ShuffleResult("center", tuple(center_for(home_hands()))))
        for seat in range(3):
            state.apply(a.Ready(seat))
        state.apply(a.Keep(0, tuple(HANDS3[0][:3])))
        state.apply(a.Keep(1, () if home else ("baseball-bat-2", "knife-2", "bandage-2"),
                           home=home))
        events = state.apply(a.Keep(2, tuple(HANDS3[2][:3])))
        assert [e for e in events if isinstance(e, a.HomeUsed | a.HomeVoid)] == (
            [a.HomeUsed(1, ())] if home else [])
        assert state.view(0)["discard"] == {"count": 5 if home else 1}
