"""Escape! rules R-EX-01..25, one or more tests each, from set-up positions.

Card ids used (suits from the deck table): keys the-watchman (Mo Wy Kn), the-harvest
(Mo Su Le), the-consul (Mo Wa Kn), the-island (Su Wa Wy); corridors the-author (Mo Kn),
the-desert (Su Wy), the-origin (Wa Le), the-journey (Mo Wa), the-mountain (Mo Su),
the-battle (Wy Kn), the-forest (Mo Le), the-market (Le Kn), the-cave (Wa Wy); boats
ace-moons, ace-suns, the-sea (Wa); the Guard the-excuse.
"""

from __future__ import annotations

import json

import pytest

from services.games.core import IllegalAction, OptionError, ShuffleResult
from services.games.decktet_escape import actions as a
from tests.games.decktet_helpers import DECK, GAME, position


def refused(state, action) -> IllegalAction:
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert json.dumps(state.to_json(), sort_keys=True) == before, "a refusal changed the state"
    return info.value


def types(events) -> list[str]:
    return [e.type for e in events]


FILLER = ["ace-waves", "ace-leaves", "ace-wyrms", "ace-knots", "the-huntress"]
FILLER2 = ["the-bard", "the-end", "the-calamity", "the-windfall", "the-lunatic"]


def three(hand0: list[str], **kw):
    """A 3-player position where seat 0 holds hand0 and the others hold boats."""
    return position([hand0, list(FILLER), list(FILLER2)], **kw)


# ------------------------------------------------------------------------------ R-EX-01


@pytest.mark.parametrize("players", [3, 4, 5])
def test_r_ex_01_three_to_five_players(players):
    state = GAME.new_state(players)
    assert state.players == players


@pytest.mark.parametrize("players", [1, 2, 6])
def test_r_ex_01_other_counts_are_refused(players):
    with pytest.raises(OptionError) as info:
        GAME.new_state(players)
    assert info.value.rule == "R-EX-01"
    assert info.value.message == (
        f"Escape! is for 3 to 5 players (2 with the unofficial option allow_two_players), "
        f"not {players}"
    )


def test_r_ex_01_a_ex_12_two_players_only_with_the_unofficial_option():
    state = GAME.new_state(2, {"allow_two_players": True})
    assert state.route_limit() == 2
    with pytest.raises(OptionError) as info:
        GAME.new_state(6, {"allow_two_players": True})
    assert info.value.message == "Escape! is for 2 to 5 players, not 6"


def test_r_ex_01_the_whole_45_card_deck_in_its_groups():
    groups = {g: sum(1 for c in DECK.cards if c.group == g) for g in
              ("key", "corridor", "boat", "guard")}
    assert groups == {"key": 8, "corridor": 24, "boat": 12, "guard": 1}
    assert DECK["the-excuse"].group == "guard"


# ------------------------------------------------------------------------------ R-EX-02


def test_r_ex_02_deal_five_each_round_robin_from_the_top():
    state = GAME.new_state(3)
    (prompt,) = state.pending()
    assert prompt.to_json() == {"actor": "chance", "kind": "shuffle",
                                "purpose": "shuffle the 45 cards before the deal",
                                "deck": "draw", "size": 45}
    order = list(DECK.ids)
    events = state.apply(ShuffleResult("draw", tuple(order)))
    assert types(events) == ["dealt", "turn"]
    assert state.hands[0] == order[0:15:3]
    assert state.hands[1] == order[1:15:3]
    assert state.hands[2] == order[2:15:3]
    assert state.draw == order[15:]
    assert len(state.draw) == 30


def test_r_ex_02_the_shuffle_must_be_a_permutation_of_the_deck():
    state = GAME.new_state(3)
    order = list(DECK.ids)
    order[0] = order[1]
    error = refused(state, ShuffleResult("draw", tuple(order)))
    assert error.rule == "R-EX-02"
    assert error.message == (
        "the shuffled order must list each of the 45 cards of the draw pile exactly once "
        f"(missing: {DECK.ids[0]})"
    )


def test_r_ex_02_no_move_before_the_deal():
    state = GAME.new_state(3)
    error = refused(state, a.Clue(0, 1, "moons"))
    assert (error.rule, error.message) == (
        "R-EX-02", "the cards have not been dealt yet: the box is waiting for the shuffle")


def test_r_ex_02_a_seat_sees_the_others_hands_but_not_its_own():
    state = three(["the-author", "ace-moons", "the-watchman", "the-excuse", "the-forest"])
    mine = state.view(0)["hands"][0]
    assert mine["hidden"] is True
    assert mine["slots"][0] == {"slot": 0, "marks": [], "not": []}
    other = state.view(0)["hands"][1]
    assert other["slots"][0]["card"] == "ace-waves"
    assert other["slots"][0]["suits"] == ["waves"]
    assert "the-author" not in json.dumps(state.view(0))
    assert "the-author" in json.dumps(state.view(1))


def test_r_ex_02_the_public_table_shows_no_hand():
    state = three(["the-author", "ace-moons", "the-watchman", "the-excuse", "the-forest"])
    public = json.dumps(state.view(None))
    for hand in state.hands:
        for card in hand:
            assert f'"{card}"' not in public


# ------------------------------------------------------------------------------ R-EX-03, 22


def test_r_ex_03_all_ten_tokens_start_in_the_cup():
    state = GAME.new_state(4)
    state.apply(ShuffleResult("draw", DECK.ids))
    assert state.tokens == 10 and state.view(None)["token_total"] == 10


def test_r_ex_03_a_ex_01_the_header_preset_of_eight():
    state = GAME.new_state(4, {"tokens": 8})
    state.apply(ShuffleResult("draw", DECK.ids))
    assert state.tokens == 8


def test_r_ex_22_dark_of_the_storm_six_tokens():
    state = GAME.new_state(4, {"dark_of_the_storm": True})
    state.apply(ShuffleResult("draw", DECK.ids))
    assert state.tokens == 6


def test_r_ex_22_dark_of_the_storm_conflicts_with_another_token_count():
    with pytest.raises(OptionError) as info:
        GAME.new_state(4, {"dark_of_the_storm": True, "tokens": 8})
    assert info.value.rule == "R-EX-22"
    assert info.value.message == (
        "dark_of_the_storm plays with 6 tokens; it cannot be combined with tokens=8")


# ------------------------------------------------------------------------------ R-EX-04, 05


def test_r_ex_04_the_table_picks_the_first_player_then_clockwise():
    state = GAME.new_state(4, {"first_player": 2})
    state.apply(ShuffleResult("draw", DECK.ids))
    assert state.active == 2
    state.apply(a.Clue(2, 0, "moons" if state._clue_slots(0, "moons") else "boat"))
    assert state.active == 3


def test_r_ex_04_first_player_must_be_a_seat():
    with pytest.raises(OptionError) as info:
        GAME.new_state(3, {"first_player": 3})
    assert (info.value.rule, info.value.message) == (
        "R-EX-04", "first_player: Seat 4 is not at a table of 3 players (Seat 1 to Seat 3)")


def test_r_ex_05_only_the_active_player_acts():
    state = three(["the-author"] * 0 + ["the-forest"], active=1)
    error = refused(state, a.Discard(0, 0))
    assert (error.rule, error.message) == ("R-EX-05", "it is Seat 2's turn, not Seat 1's")


def test_r_ex_05_exactly_one_action_then_the_turn_passes():
    state = three(["the-forest"])
    events = state.apply(a.Clue(0, 1, "boat"))
    assert types(events) == ["clue_given", "turn"]
    assert state.active == 1
    assert refused(state, a.Clue(0, 2, "boat")).rule == "R-EX-05"


def test_r_ex_05_choices_are_not_turn_actions():
    state = three(["the-forest"])
    error = refused(state, a.PlaceOn(0, 1))
    assert (error.rule, error.message) == (
        "R-EX-05", "on your turn you give a clue, play a card or discard a card")


# ------------------------------------------------------------------------------ R-EX-06..08


def test_r_ex_06_the_engine_marks_every_matching_card_and_spends_a_token():
    hand1 = ["the-author", "ace-moons", "the-sea", "the-excuse", "the-forest"]
    state = position([["the-origin"], hand1, list(FILLER2)])
    events = state.apply(a.Clue(0, 1, "moons"))
    assert events[0] == a.ClueGiven(0, 1, "moons", (0, 1, 4), 9)
    view = state.view(1)["hands"][1]["slots"]
    assert [s["marks"] for s in view] == [["moons"], ["moons"], [], [], ["moons"]]
    assert [s["not"] for s in view] == [[], [], ["moons"], ["moons"], []]
    assert state.tokens == 9
    assert state.view(None)["clues"] == [
        {"seat": 0, "target": 1, "about": "moons", "slots": [0, 1, 4]}]


def test_r_ex_06_type_clues_mark_by_group():
    hand1 = ["the-author", "ace-moons", "the-watchman", "the-excuse", "the-forest"]
    state = position([["the-origin"], hand1, list(FILLER2)])
    state.apply(a.Clue(0, 1, "corridor"))
    assert state.clues[-1]["slots"] == [0, 4]


def test_r_ex_06_no_clue_to_yourself():
    state = three(["the-forest"])
    error = refused(state, a.Clue(0, 0, "moons"))
    assert (error.rule, error.message) == (
        "R-EX-06", "a clue must be given to another player, not yourself")


def test_r_ex_06_no_clue_without_a_token():
    state = three(["the-forest"], tokens=0)
    error = refused(state, a.Clue(0, 1, "boat"))
    assert (error.rule, error.message) == (
        "R-EX-06", "no clue token is left in the cup: play or discard")
    assert not [x for x in state.legal_actions(0) if isinstance(x, a.Clue)]


def test_r_ex_06_a_clue_names_a_type_or_a_suit():
    state = three(["the-forest"])
    error = refused(state, a.Clue(0, 1, "stars"))
    assert error.rule == "R-EX-06"
    assert error.message == ("'stars' is not a clue: name a card type (key, corridor, boat) "
                             "or a suit (moons, suns, waves, leaves, wyrms, knots)")


def test_r_ex_06_target_must_be_a_seat():
    state = three(["the-forest"])
    error = refused(state, a.Clue(0, 5, "boat"))
    assert (error.rule, error.message) == (
        "R-EX-01", "there is no target 5: this game has seats 0 to 2")


def test_r_ex_07_the_guard_is_never_named():
    state = three(["the-forest"])
    error = refused(state, a.Clue(0, 1, "guard"))
    assert (error.rule, error.message) == ("R-EX-07", "the Guard can never be named in a clue")


@pytest.mark.parametrize("about", ["corridor", "key", "boat", "moons", "suns", "waves",
                                   "leaves", "wyrms", "knots"])
def test_r_ex_07_a_ex_07_no_clue_ever_touches_the_guard(about):
    hand1 = ["the-excuse", "the-harvest", "the-cave", "ace-knots", "the-author"]
    state = position([["the-origin"], hand1, list(FILLER2)])
    state.apply(a.Clue(0, 1, about))
    assert 0 not in state.clues[-1]["slots"]
    assert state.marks.get("the-excuse") is None


def test_r_ex_08_empty_clues_are_refused_by_default():
    state = three(["the-forest"])  # seat 1 holds boats of waves, leaves, wyrms, knots, moons
    error = refused(state, a.Clue(0, 1, "suns"))
    assert (error.rule, error.message) == (
        "R-EX-08", "Seat 2 holds no suns: a clue must point at least one card")
    error = refused(state, a.Clue(0, 1, "key"))
    assert error.message == "Seat 2 holds no keys: a clue must point at least one card"


def test_r_ex_08_a_ex_08_empty_clues_allowed_by_option():
    state = three(["the-forest"], options={"allow_empty_clues": True})
    events = state.apply(a.Clue(0, 1, "suns"))
    assert events[0].slots == () and state.tokens == 9
    assert all("suns" in state.not_marks[c] for c in FILLER)


# ------------------------------------------------------------------------------ R-EX-09..13


def test_r_ex_09_playing_reveals_the_card():
    state = three(["ace-moons", "the-watchman"])
    events = state.apply(a.Play(0, 1))
    assert events[0] == a.CardRevealed(0, 1, "the-watchman", "key", "play")


def test_r_ex_09_play_needs_a_card_in_that_slot():
    state = three(["ace-moons", "the-watchman"])
    error = refused(state, a.Play(0, 2))
    assert (error.rule, error.message) == (
        "R-EX-09", "there is no card in slot 2: you hold 2 card(s), slots 0 to 1")


def test_r_ex_10_a_key_starts_a_new_route():
    state = three(["the-watchman"])
    events = state.apply(a.Play(0, 0))
    assert a.RouteStarted(1, "the-watchman") in events
    assert state.view(None)["routes"][0]["cards"][0]["card"] == "the-watchman"


def test_r_ex_10_a_key_beyond_the_route_limit_is_a_disaster():
    routes = [["the-harvest", "the-mountain"], ["the-consul"], ["the-island"]]
    state = three(["the-watchman"], routes=routes)
    events = state.apply(a.Play(0, 0))
    disaster = next(e for e in events if isinstance(e, a.Disaster))
    assert disaster == a.Disaster("the-watchman", "3 escape route(s) already in progress",
                                  "R-EX-10", 1, ("the-harvest", "the-mountain"))
    assert state.discard == ["the-watchman", "the-harvest", "the-mountain"]
    assert [r.id for r in state.routes] == [2, 3]


def test_r_ex_11_a_corridor_extends_a_route_whose_end_shares_a_suit():
    state = three(["the-author"], routes=[["the-island"], ["the-watchman"]])
    events = state.apply(a.Play(0, 0))
    assert a.CardPlaced(2, "the-author", 1) in events


def test_r_ex_11_the_anchor_is_the_last_corridor_not_the_key():
    # route: the-watchman (Mo Wy Kn) > the-battle (Wy Kn); the-forest (Mo Le) matches the key
    # but not the last corridor
    state = three(["the-forest"], routes=[["the-watchman", "the-battle"]])
    events = state.apply(a.Play(0, 0))
    disaster = next(e for e in events if isinstance(e, a.Disaster))
    assert (disaster.rule, disaster.reason) == (
        "R-EX-11", "no route in progress ends in a card sharing a suit with it")


def test_r_ex_11_a_ex_03_several_legal_routes_the_player_chooses():
    state = three(["the-author", "ace-suns"], routes=[["the-watchman"], ["the-consul"]])
    events = state.apply(a.Play(0, 0))
    assert events[-1] == a.ChoiceNeeded(0, "place", (1, 2))
    assert state.pending()[0].to_json() == {
        "actor": 0, "kind": "place", "text": "choose the route for the Author: route 1, 2"}
    assert state.legal_actions(0) == [a.PlaceOn(0, 1), a.PlaceOn(0, 2)]
    error = refused(state, a.PlaceOn(0, 7))
    assert (error.rule, error.message) == (
        "R-EX-11", "route 7 cannot take it; choose the route for the Author: route 1, 2")
    error = refused(state, a.Clue(0, 1, "boat"))
    assert error.message == "first choose the route for the Author: route 1, 2"
    events = state.apply(a.PlaceOn(0, 2))
    assert a.CardPlaced(2, "the-author", 1) in events
    assert state.active == 1


def test_r_ex_11_declaring_a_route_needs_the_option():
    state = three(["the-author"], routes=[["the-watchman"]])
    error = refused(state, a.Play(0, 0, route=1))
    assert error.rule == "A-EX-03"


def test_a_ex_03_declared_route_mismatch_is_a_disaster():
    options = {"declare_route_before_reveal": True}
    routes = [["the-watchman"], ["the-island", "the-cave"]]
    state = three(["the-author"], routes=routes, options=options)
    events = state.apply(a.Play(0, 0, route=2))
    disaster = next(e for e in events if isinstance(e, a.Disaster))
    assert (disaster.rule, disaster.reason) == ("A-EX-03", "it does not fit route 2")
    state = three(["the-author"], routes=[["the-watchman"], ["the-island"]], options=options)
    assert a.CardPlaced(1, "the-author", 1) in state.apply(a.Play(0, 0, route=1))
    state = three(["the-author"], routes=[["the-watchman"]], options=options)
    disaster = next(e for e in state.apply(a.Play(0, 0)) if isinstance(e, a.Disaster))
    assert disaster.reason == "a corridor cannot start a new route"
    state = three(["the-author"], routes=[["the-watchman"]], options=options)
    assert refused(state, a.Play(0, 0, route=4)).message == "there is no route 4 in progress"


def test_r_ex_12_the_guard_goes_on_any_route_and_counts_as_a_corridor():
    state = three(["the-excuse"], routes=[["the-island", "the-desert"]])
    events = state.apply(a.Play(0, 0))
    assert a.CardPlaced(1, "the-excuse", 2) in events


def test_r_ex_12_the_guard_is_invisible_for_matching():
    # the-watchman (Mo Wy Kn) > the-excuse: the next card must match the Watchman
    state = three(["the-author"], routes=[["the-watchman", "the-excuse"]])
    assert a.CardPlaced(1, "the-author", 2) in state.apply(a.Play(0, 0))
    state = three(["the-origin"], routes=[["the-watchman", "the-excuse"]])
    assert any(isinstance(e, a.Disaster) for e in state.apply(a.Play(0, 0)))


def test_r_ex_12_a_ex_06_the_guard_with_no_route_is_a_disaster():
    state = three(["the-excuse"])
    disaster = next(e for e in state.apply(a.Play(0, 0)) if isinstance(e, a.Disaster))
    assert disaster == a.Disaster("the-excuse", "there is no route in progress to take the Guard",
                                  "R-EX-12", None, ())


def test_r_ex_13_a_boat_completes_a_route_with_three_corridors():
    route = ["the-watchman", "the-author", "the-excuse", "the-forest"]
    state = three(["ace-suns"], routes=[route])
    events = state.apply(a.Play(0, 0))
    assert a.RouteCompleted(1, "ace-suns", (*route, "ace-suns"), 0) in events
    assert state.escaped[0] == [*route, "ace-suns"]
    assert state.routes == []


def test_r_ex_13_a_ex_05_a_boat_on_a_short_route_is_a_disaster():
    state = three(["ace-suns"], routes=[["the-watchman", "the-author", "the-forest"]])
    disaster = next(e for e in state.apply(a.Play(0, 0)) if isinstance(e, a.Disaster))
    assert (disaster.rule, disaster.reason) == ("R-EX-13", "no route in progress has 3 corridors")
    assert disaster.lost == ("the-watchman", "the-author", "the-forest")


def test_r_ex_13_an_escaped_player_gives_the_route_to_an_unescaped_one():
    done = ["the-harvest", "the-mountain", "the-desert", "the-cave", "the-sea"]
    route = ["the-watchman", "the-author", "the-excuse", "the-forest"]
    state = position([["ace-suns"], list(FILLER), list(FILLER2), ["the-origin"]],
                     routes=[route], escaped=[done, None, None, None])
    events = state.apply(a.Play(0, 0))
    assert events[-1] == a.ChoiceNeeded(0, "give", (1, 2, 3))
    error = refused(state, a.GiveRoute(0, 0))
    assert error.rule == "R-EX-13"
    assert error.message == ("Seat 1 cannot take it (nobody holds two routes); give the "
                             "completed escape route to Seat 2, Seat 3, Seat 4")
    events = state.apply(a.GiveRoute(0, 2))
    assert a.RouteCompleted(1, "ace-suns", (*route, "ace-suns"), 2) in events
    assert state.escaped[2] == [*route, "ace-suns"]


def test_r_ex_13_a_ex_04_boats_need_no_suit_unless_the_option_says_so():
    route = ["the-watchman", "the-author", "the-excuse", "the-forest"]  # ends Mo Le
    state = three(["the-sea"], routes=[list(route)])
    assert any(isinstance(e, a.RouteCompleted) for e in state.apply(a.Play(0, 0)))
    state = three(["the-sea"], routes=[list(route)], options={"boat_must_match": True})
    assert any(isinstance(e, a.Disaster) for e in state.apply(a.Play(0, 0)))


# ------------------------------------------------------------------------------ R-EX-14..18


def test_r_ex_14_the_player_draws_after_a_play():
    state = three(["the-watchman", "ace-moons"], draw=["the-origin"], discard=None)
    events = state.apply(a.Play(0, 0))
    assert a.CardDrawn(0, 0) in events
    assert state.hands[0] == ["ace-moons", "the-origin"]


def test_r_ex_14_the_player_draws_after_a_disaster_too():
    state = three(["the-excuse"], draw=["the-origin", "the-cave"])
    events = state.apply(a.Play(0, 0))
    assert types(events) == ["card_revealed", "disaster", "card_drawn", "narrate", "turn"]


def test_r_ex_15_disaster_loses_the_longest_route_and_the_card():
    # the-market (Le Kn) fits neither the Island (Su Wa Wy) nor the Diplomat (Mo Su)
    routes = [["the-island"], ["the-harvest", "the-mountain", "the-diplomat"]]
    state = three(["the-market"], routes=routes)
    events = state.apply(a.Play(0, 0))
    disaster = next(e for e in events if isinstance(e, a.Disaster))
    assert disaster.route == 2
    assert disaster.lost == ("the-harvest", "the-mountain", "the-diplomat")
    assert state.discard == ["the-market", "the-harvest", "the-mountain", "the-diplomat"]


def test_r_ex_15_a_tie_for_longest_the_player_chooses():
    state = three(["the-desert"], routes=[["the-consul", "the-journey"],
                                         ["the-harvest", "the-forest"]])
    events = state.apply(a.Play(0, 0))
    assert events[-1] == a.ChoiceNeeded(0, "lose", (1, 2))
    error = refused(state, a.LoseRoute(0, 3))
    assert (error.rule, error.message) == (
        "R-EX-15", "route 3 is not one of the longest; disaster: choose which of the longest "
        "routes is lost: route 1, 2")
    events = state.apply(a.LoseRoute(0, 2))
    assert events[0] == a.Disaster("the-desert",
                                   "no route in progress ends in a card sharing a suit with it",
                                   "R-EX-11", 2, ("the-harvest", "the-forest"))
    assert [r.id for r in state.routes] == [1]


def test_r_ex_15_with_no_route_only_the_card_is_lost():
    state = three(["the-desert"])
    state.apply(a.Play(0, 0))
    assert state.discard == ["the-desert"]


def test_r_ex_16_discard_returns_a_token_and_draws():
    state = three(["the-desert", "ace-suns"], tokens=4, draw=["the-cave"])
    events = state.apply(a.Discard(0, 1))
    assert a.Discarded(0, "ace-suns", 5) in events
    assert state.hands[0] == ["the-desert", "the-cave"]
    assert state.discard == ["ace-suns"]


def test_r_ex_16_a_ex_09_tokens_never_exceed_the_total():
    state = three(["the-desert", "ace-suns"])
    state.apply(a.Discard(0, 1))
    assert state.tokens == 10


def test_r_ex_16_a_ex_09_strict_discard_option():
    state = three(["the-desert", "ace-suns"], options={"hanabi_strict_discard": True})
    error = refused(state, a.Discard(0, 1))
    assert (error.rule, error.message) == (
        "R-EX-16", "all tokens are in the cup: discarding is not allowed (hanabi_strict_discard)")
    assert not [x for x in state.legal_actions(0) if isinstance(x, a.Discard)]


def test_r_ex_16_discard_needs_a_card_in_that_slot():
    state = three(["the-desert"])
    error = refused(state, a.Discard(0, 3))
    assert (error.rule, error.message) == (
        "R-EX-16", "there is no card in slot 3: you hold 1 card(s), slots 0 to 0")


def test_r_ex_17_a_ex_10_discarding_the_guard_is_a_disaster():
    state = three(["the-excuse"], routes=[["the-consul", "the-journey"]], tokens=3)
    events = state.apply(a.Discard(0, 0))
    assert a.Discarded(0, "the-excuse", 4) in events
    assert a.Disaster("the-excuse", "the Guard was discarded", "R-EX-17", 1,
                      ("the-consul", "the-journey")) in events
    assert state.discard == ["the-excuse", "the-consul", "the-journey"]


def test_r_ex_18_no_draw_from_an_empty_pile():
    state = three(["the-desert", "ace-suns"], draw=[])
    events = state.apply(a.Discard(0, 1))
    assert "card_drawn" not in types(events)
    assert state.hands[0] == ["the-desert"]


# ------------------------------------------------------------------------------ R-EX-19, 20


def test_r_ex_19_complete_success_when_everyone_has_escaped():
    done1 = ["the-harvest", "the-mountain", "the-desert", "the-cave", "the-sea"]
    done2 = ["the-consul", "the-journey", "the-lunatic", "the-origin", "ace-waves"]
    route = ["the-watchman", "the-author", "the-excuse", "the-forest"]
    state = position([["ace-suns"], ["ace-moons"], ["ace-knots"]], routes=[route],
                     escaped=[None, done1, done2])
    events = state.apply(a.Play(0, 0))
    assert events[-1] == a.GameEnded("complete", (0, 1, 2), "R-EX-19",
                                     "every player has escaped: complete success")
    assert state.outcome().winners == (0, 1, 2)
    assert state.pending() == ()
    error = refused(state, a.Play(1, 0))
    assert (error.rule, error.message) == (
        "R-EX-19", "the game is over: every player has escaped: complete success")


def test_r_ex_20_a_ex_11_empty_hand_but_a_clue_is_possible_play_goes_on():
    state = three(["ace-suns"], draw=[], tokens=3)
    state.hands[1] = []
    state.apply(a.Discard(0, 0))
    assert state.active == 1 and state.outcome() is None
    assert all(isinstance(x, a.Clue) for x in state.legal_actions(1))


def test_r_ex_20_no_card_and_no_clue_ends_the_game_as_a_loss():
    state = three(["ace-suns"], draw=[], tokens=0)
    state.hands[1] = []
    events = state.apply(a.Discard(0, 0))  # the discard returns a token...
    assert state.outcome() is None  # ...so seat 1 can still clue
    state = three(["ace-suns"], draw=[], tokens=0)
    state.hands[1] = []
    events = state.apply(a.Play(0, 0))
    assert events[-1] == a.GameEnded(
        "loss", (), "R-EX-20",
        "Seat 2 must play but holds no card and nobody escaped: the game is lost")


def test_r_ex_20_partial_success_when_someone_escaped():
    done = ["the-harvest", "the-mountain", "the-desert", "the-cave", "the-sea"]
    state = position([["ace-suns"], [], ["the-excuse"]], draw=[], tokens=0,
                     escaped=[None, None, done])
    events = state.apply(a.Play(0, 0))
    assert events[-1] == a.GameEnded(
        "partial", (2,), "R-EX-20",
        "Seat 2 must play but holds no card: partial success (Seat 3 escaped)")


def test_r_ex_20_only_the_guard_left_to_clue_is_no_legal_clue():
    state = position([["ace-suns"], [], ["the-excuse"]], draw=[], tokens=5)
    state.apply(a.Play(0, 0))
    assert state.outcome().result == "loss"


def test_r_ex_20_a_ex_11_end_on_empty_hand_option():
    state = three(["ace-suns"], draw=[], tokens=3, options={"end_on_empty_hand": True})
    state.hands[1] = []
    state.apply(a.Discard(0, 0))
    assert state.outcome().rule == "R-EX-20"


# ------------------------------------------------------------------------------ R-EX-21..25


def test_r_ex_21_bowels_of_the_ship_boats_need_four_corridors():
    route = ["the-watchman", "the-author", "the-excuse", "the-forest"]
    state = three(["ace-suns"], routes=[list(route)], options={"bowels_of_the_ship": True})
    disaster = next(e for e in state.apply(a.Play(0, 0)) if isinstance(e, a.Disaster))
    assert (disaster.rule, disaster.reason) == ("R-EX-21", "no route in progress has 4 corridors")
    state = three(["ace-suns"], routes=[[*route, "the-chance-meeting"]],
                  options={"bowels_of_the_ship": True})
    assert any(isinstance(e, a.RouteCompleted) for e in state.apply(a.Play(0, 0)))


def test_r_ex_23_rat_warren_route_limit_is_players_minus_one():
    state = three(["the-watchman"], routes=[["the-consul", "the-journey"], ["the-island"]],
                  options={"rat_warren": True})
    assert state.route_limit() == 2
    disaster = next(e for e in state.apply(a.Play(0, 0)) if isinstance(e, a.Disaster))
    assert (disaster.rule, disaster.reason) == ("R-EX-23", "2 escape route(s) already in progress")


def test_r_ex_24_every_man_for_himself_completed_routes_count():
    done = ["the-harvest", "the-mountain", "the-desert", "the-cave", "the-sea"]
    options = {"every_man_for_himself": True}
    state = three(["the-watchman"], routes=[["the-consul", "the-journey"], ["the-island"]],
                  escaped=[None, None, done], options=options)
    assert state.route_limit() == 2
    disaster = next(e for e in state.apply(a.Play(0, 0)) if isinstance(e, a.Disaster))
    assert (disaster.rule, disaster.reason) == ("R-EX-24", "2 escape route(s) already in progress")


def test_r_ex_24_a_ex_16_combined_with_rat_warren():
    done = ["the-harvest", "the-mountain", "the-desert", "the-cave", "the-sea"]
    state = three(["the-watchman"], escaped=[None, None, done],
                  options={"every_man_for_himself": True, "rat_warren": True})
    assert state.route_limit() == 1


def test_r_ex_25_narration_prompts_follow_the_play_and_have_no_effect():
    state = three(["the-watchman", "ace-suns", "the-origin"])
    events = state.apply(a.Play(0, 0))
    assert a.Narrate(0, "positive") in events
    quiet = three(["the-watchman", "ace-suns", "the-origin"], options={"narration": False})
    quiet_events = quiet.apply(a.Play(0, 0))
    assert "narrate" not in types(quiet_events)
    loud, silent = state.to_json(), quiet.to_json()
    loud.pop("options"), silent.pop("options")
    assert loud == silent
    state.active = 0
    assert a.Narrate(0, "neutral") in state.apply(a.Discard(0, 0))
    state.active = 0
    assert a.Narrate(0, "negative") in state.apply(a.Play(0, 0))


def test_chance_outcomes_after_the_deal_are_refused():
    state = three(["the-watchman"])
    error = refused(state, ShuffleResult("draw", DECK.ids))
    assert error.rule == "R-EX-02"
