"""Innsmouth Escape rules R-IE-01..45, 47, 48 (spec section 1.7) and the ambiguity
resolutions A-IE-04..22 that the engine implements, one or more tests each, from games started
through their real set-up (``start``: the Human fixed by ``human_seat``, every shuffle in a
known order) and positions rearranged through the state's public fields (``position``).
R-IE-46 (Deep One cards) is not tested here.

Refusals check the rule id, the message and that the snapshot is unchanged (``refused``). The
path rules R-IE-13..19 are checked exhaustively in test_innsmouth_paths.py; here they are
checked through the engine's ``Plot`` action. The board is the shipped EXAMPLE (see
innsmouth_helpers for its map).
"""

from __future__ import annotations

import json

import pytest

from services.games.core import (
    Draw,
    DrawResult,
    EndGame,
    OptionError,
    Roll,
    RollResult,
    SeatPrompt,
    Shuffle,
    ShuffleResult,
)
from services.games.innsmouth_escape import actions as a
from tests.games.innsmouth_helpers import (
    BLUE,
    DATA,
    GAME,
    GREEN,
    PARK,
    RED,
    THREE_RESTS,
    YELLOW,
    arrange,
    arrive,
    chance,
    check_pawns,
    do_turn,
    fight,
    new,
    of_type,
    order,
    pass_windows,
    plot,
    position,
    refused,
    rest,
    seats,
    setup,
    shuffle_all,
    start,
    types,
)

EIGHT_VP = ["captive-01", "captive-02", "captive-03"]  # 3 + 3 + 2
SEVEN_VP = ["captive-01", "captive-02", "captive-09"]  # 3 + 3 + 1
NUMBERS = ["move-1-1", "move-1-2", "move-2-1", "move-2-2", "move-3-1", "move-3-2"]
ALL_MOVEMENT = [*NUMBERS, *THREE_RESTS]


def one_step(direction: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A plot of one 1-card and two Rests in ``direction``."""
    return ("move-1-1", "rest-1", "rest-2"), (direction,)


# ======================================================================== setup R-IE-01..07


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_r_ie_01_two_to_five_players(players):
    state = GAME.new_state(players)
    prompt = chance(state)
    assert isinstance(prompt, Draw)
    assert (prompt.deck, prompt.rule) == ("seats", "R-IE-01")
    assert prompt.items == tuple(str(s) for s in range(players))


@pytest.mark.parametrize("players", [1, 6])
def test_r_ie_01_other_player_counts_are_refused(players):
    with pytest.raises(OptionError) as info:
        GAME.new_state(players)
    assert info.value.rule == "R-IE-01"
    assert info.value.message == f"Innsmouth Escape is for 2 to 5 players, not {players}"


def test_r_ie_01_human_seat_must_be_a_seat():
    with pytest.raises(OptionError) as info:
        GAME.new_state(3, {"human_seat": 3})
    assert info.value.rule == "R-IE-01"
    assert info.value.message == ("human_seat: Seat 4 is not at a table of 3 players (Seat 1 "
                                  "to Seat 3, or random)")


def test_r_ie_01_the_human_is_drawn_at_random_then_colours_from_his_left():
    state = GAME.new_state(5)
    refused(state, a.PlacePawns(0, ("A1", "A1", "A1")), "R-IE-01",
            "Seat 1 cannot act now: the box is waiting for choose the Human player")
    refused(state, DrawResult("seats", "5"), "R-IE-01", "'5' is not in the seats pile")
    refused(state, ShuffleResult("deep_one", DATA.deck("deep_one")), "R-IE-04",
            "the box is not waiting for a shuffle")
    events = state.apply(DrawResult("seats", "2"))
    assert events == [a.HumanChosen(2)]
    assert state.human == 2
    assert state.do_seats() == [3, 4, 0, 1]
    assert state.colours == [RED, YELLOW, "", BLUE, GREEN]
    assert state.view(None)["colours"] == [RED, YELLOW, "", BLUE, GREEN]


def test_r_ie_01_human_seat_option_fixes_the_human():
    state = GAME.new_state(3, {"human_seat": 1})
    assert state.human == 1 and state.phase == "shuffle"
    assert state.colours == [GREEN, "", BLUE]
    assert isinstance(chance(state), Shuffle)


def test_r_ie_02_the_human_holds_nine_movement_cards():
    state = start(3, 1)
    assert state.movement_hand == ALL_MOVEMENT
    assert state.movement_discard == []
    assert state.view(1)["human_private"]["movement_hand"] == ALL_MOVEMENT
    public = state.view(None)["movement"]
    assert public == {"hand_size": 9, "discard": [], "remaining_values": [1, 1, 2, 2, 3, 3]}


def test_r_ie_02_a_ie_01_number_card_values_are_an_option():
    state = new(2, 0, {"number_cards": "3, 3, 3, 2, 1, 1"})
    assert state.options["number_cards"] == "3,3,3,2,1,1"
    assert state.movement_hand == ["move-3-1", "move-3-2", "move-3-3", "move-2-1", "move-1-1",
                                   "move-1-2", *THREE_RESTS]
    with pytest.raises(OptionError) as info:
        new(2, 0, {"number_cards": "1,2,4,1,1,1"})
    assert info.value.rule == "A-IE-01"
    assert "must be 6 values from 1 to 3" in info.value.message


def test_r_ie_03_each_deep_one_player_has_25_pawns_and_a_shoggoth_unused_colours_removed():
    state = setup(3, 1)
    assert state.pools == {BLUE: 25, GREEN: 25}
    assert state.shoggoths == {BLUE: "", GREEN: ""}
    assert state.in_game_colours() == [BLUE, GREEN]
    view = state.view(None)
    assert RED not in json.dumps(view["pools"]) and YELLOW not in json.dumps(view["shoggoths"])
    refused(state, a.Spawn(0, ("A1",)), "R-IE-06", "Seat 1 cannot act now")


def test_r_ie_04_four_shuffles_then_three_cards_each_from_the_humans_left():
    state = new(3, 1)
    prompt = chance(state)
    assert (prompt.deck, prompt.rule, prompt.items) == (
        "deep_one", "R-IE-04", DATA.deck("deep_one"))
    refused(state, ShuffleResult("captive", DATA.deck("captive")), "R-IE-04",
            "the box is waiting for the shuffle of the deep_one pile")
    refused(state, ShuffleResult("deep_one", DATA.deck("deep_one")[1:]), "R-IE-04",
            "the shuffled order must list each of the 46 cards of the deep_one pile exactly "
            "once (missing: deep-one-01)")
    deep = tuple(reversed(DATA.deck("deep_one")))
    events = state.apply(ShuffleResult("deep_one", deep))
    assert events == [a.DeckShuffled("deep_one", 46)]
    # seat 2 (blue) is on the Human's left: it is dealt first, one card at a time
    assert state.do_hands == {BLUE: [deep[0], deep[2], deep[4]],
                              GREEN: [deep[1], deep[3], deep[5]]}
    assert state.decks["deep_one"] == list(deep[6:])
    captives = order("captive", ["captive-14", "captive-02"])
    state.apply(ShuffleResult("captive", captives))
    assert [chance(state).deck] == ["equipment"]
    shuffle_all(state, {"equipment": ["equipment-09"], "encounter": ["encounter-11"]})
    assert state.decks["captive"] == list(captives)
    assert state.decks["equipment"][0] == "equipment-09"
    assert state.decks["encounter"][0] == "encounter-11"
    assert state.phase == "place_pawns"
    # hands: counts are public, the cards only for the Deep One players
    assert state.view(None)["deep_one_hand_sizes"] == {BLUE: 3, GREEN: 3}
    assert "deep_one_hands" not in state.view(None)
    assert "deep_one_hands" not in state.view(1)
    assert state.view(0)["deep_one_hands"] == state.do_hands == state.view(2)["deep_one_hands"]
    assert deep[6] not in json.dumps(state.view(0))


def test_r_ie_05_a_token_of_the_icons_rank_on_every_human_icon():
    state = setup(2)
    expected = {c.id: c.human_icons for c in DATA.cells if c.has_human_icon}
    assert state.tokens == expected
    assert len(expected) == 10  # D4 has two icons
    assert state.tokens["D4"] == {"equipment": 2, "encounter": 1}
    assert state.tokens["F2"] == {"captive": 2}
    board = {c["cell"]: c for c in state.view(None)["board"]}
    assert board["D4"]["tokens"] == {"equipment": 2, "encounter": 1}
    assert board["A1"]["tokens"] == {}


def test_r_ie_06_three_pawns_each_from_the_humans_left():
    state = setup(4, 2)
    assert seats(state) == [3]
    refused(state, a.PlacePawns(0, ("A1", "A1", "A1")), "R-IE-06",
            "Seat 1 cannot act now: the box is waiting for Seat 4")
    refused(state, a.PlacePawns(3, ("A1", "A1")), "R-IE-06",
            "place exactly 3 Deep Ones, not 2")
    refused(state, a.PlacePawns(3, ("A1", "A1", "A1", "A1")), "R-IE-06",
            "place exactly 3 Deep Ones, not 4")
    refused(state, a.PlacePawns(3, ("A1", "Z9", "A1")), "R-IE-06",
            "'Z9' is not a cell of the board (A1 to F6)")
    for cell, icon in (("B1", "spawn"), ("C1", "draw"), ("A2", "shoggoth")):
        assert getattr(DATA.cell(cell), icon)
        refused(state, a.PlacePawns(3, ("A1", cell, "A1")), "R-IE-06",
                f"{cell} has a Deep One icon: no Deep One may start there")
    legal = state.legal_actions(3)
    assert a.PlacePawns(3, ("C4", "C4", "C4")) in legal
    assert not [x for x in legal if any(DATA.cell(c).has_deep_one_icon for c in x.cells)]
    assert state.legal_actions(0) == []
    assert state.apply(a.PlacePawns(3, ("C4", "C4", "D4"))) == [
        a.PawnsPlaced(BLUE, ("C4", "C4", "D4"))]
    assert seats(state) == [0]
    # a Human icon is no obstacle, and colours may share a cell without limit
    state.apply(a.PlacePawns(0, ("C4", "C4", "C4")))
    state.apply(a.PlacePawns(1, ("C4", "D4", "F1")))
    assert state.pawns["C4"] == {BLUE: 2, GREEN: 3, RED: 1}
    assert state.pools == {BLUE: 22, GREEN: 22, RED: 22}
    assert state.phase == "place_human"
    check_pawns(state)


def test_r_ie_06_never_more_than_four_of_a_colour_on_a_cell():
    # unreachable with 3 pawns from an empty board: checked on an arranged board
    state = setup(2)
    arrange(state, pawns={"C4": {BLUE: 2}}, park=False)
    refused(state, a.PlacePawns(1, ("C4", "C4", "C4")), "R-IE-06",
            "C4 would hold more than 4 blue Deep Ones")
    assert a.PlacePawns(1, ("C4", "C4", "C4")) not in state.legal_actions(1)
    assert a.PlacePawns(1, ("B3", "C4", "C4")) in state.legal_actions(1)
    state.apply(a.PlacePawns(1, ("C4", "C4", "B3")))
    assert state.pawns["C4"] == {BLUE: 4}


def test_r_ie_07_the_human_starts_on_a_cell_without_a_human_icon():
    state = setup(2)
    state.apply(a.PlacePawns(1, ("C4", "C4", "C4")))
    assert seats(state) == [0]
    refused(state, a.PlaceHuman(0, "D4"), "R-IE-07",
            "D4 has a Human icon: the Human starts on a cell without one")
    refused(state, a.PlaceHuman(0, "G7"), "R-IE-07", "'G7' is not a cell of the board")
    refused(state, a.PlacePawns(1, ("A1", "A1", "A1")), "R-IE-07",
            "Seat 2 cannot act now: the box is waiting for Seat 1")
    legal = {x.cell for x in state.legal_actions(0)}
    assert legal == {c.id for c in DATA.cells if not c.has_human_icon}
    assert len(legal) == 26 and "C4" in legal and "B1" in legal
    # A-IE-09 (default): a cell with Deep Ones is allowed
    events = state.apply(a.PlaceHuman(0, "C4"))
    assert events == [a.HumanPlaced("C4"), a.RoundStarted(1)]
    assert state.human_cell == "C4"


def test_r_ie_07_a_ie_09_option_forbids_a_start_on_deep_ones():
    state = setup(2, options={"forbid_human_start_on_do": True})
    state.apply(a.PlacePawns(1, ("C4", "C4", "B3")))
    refused(state, a.PlaceHuman(0, "C4"), "A-IE-09",
            "C4 holds Deep Ones (option forbid_human_start_on_do)")
    refused(state, a.PlaceHuman(0, "D4"), "R-IE-07", "D4 has a Human icon")
    legal = {x.cell for x in state.legal_actions(0)}
    assert "C4" not in legal and "B3" not in legal and "C2" in legal
    state.apply(a.PlaceHuman(0, "C2"))
    assert state.phase == "plot"


def test_r_ie_25_round_one_starts_with_the_plot():
    state = start(2, human_cell="C4", placements={BLUE: ("C4", "C4", "C4")})
    # Deep Ones on the Human's cell: no reveal, no draw, no combat in round 1
    assert state.phase == "plot" and state.round == 1
    assert state.pending() == (SeatPrompt(0, "plot", "plot your secret movement"),)
    assert state.last_reveal is None and state.combat is None
    assert state.tokens == {c.id: c.human_icons for c in DATA.cells if c.has_human_icon}
    assert state.wounds == 0 and state.hand == [] and state.tableau == []
    # round 2 begins with the reveal (H1)
    events = rest(state, moves={BLUE: ("C4>C2",)})
    assert types(events)[:4] == ["plotted", "deep_ones_moved", "deep_one_cards_drawn",
                                 "round_started"]
    assert of_type(events, a.RoundStarted) == [a.RoundStarted(2)]
    assert types(events)[4] == "revealed"


# ======================================================================== the plot R-IE-10..20


def test_r_ie_10_exactly_three_different_cards():
    state = start(2, human_cell="D2")
    refused(state, a.Plot(0, ("move-1-1", "move-2-1"), ("W", "S")), "R-IE-10",
            "play exactly 3 movement cards, not 2")
    refused(state, a.Plot(0, ("move-1-1", "rest-1", "rest-2", "rest-3"), ("W",)), "R-IE-10",
            "play exactly 3 movement cards, not 4")
    refused(state, a.Plot(0, ("rest-1", "rest-1", "rest-2"), ()), "R-IE-10",
            "rest-1 is named twice: play 3 different movement cards")
    legal = [x for x in state.legal_actions(0) if isinstance(x, a.Plot)]
    assert legal and all(len(x.cards) == 3 for x in legal)
    assert a.Plot(0, THREE_RESTS, ()) in legal
    assert {sum(1 for c in x.cards if c.startswith("move")) for x in legal} == {0, 1, 2, 3}


def test_r_ie_11_only_cards_in_hand():
    state = start(2, human_cell="D2")
    refused(state, a.Plot(0, ("move-4-1", "rest-1", "rest-2"), ("W",)), "R-IE-11",
            "move-4-1: not a movement card")
    arrive(state, *one_step("W"))
    assert state.human_cell == "C2" and state.phase == "plot"
    assert state.movement_discard == ["move-1-1"]
    refused(state, a.Plot(0, ("move-1-1", "rest-1", "rest-2"), ("E",)), "R-IE-11",
            "move-1-1: in the discard until every number card is played; in hand: "
            "move-1-2, move-2-1")
    legal = [x for x in state.legal_actions(0) if isinstance(x, a.Plot)]
    assert not [x for x in legal if "move-1-1" in x.cards]
    assert [x for x in legal if "move-1-2" in x.cards]


def test_r_ie_12_rests_face_up_number_cards_face_down_in_order():
    state = start(3, human_cell="D2")
    events = plot(state, ("move-2-1", "rest-2", "move-1-1"), ("S", "W"))
    assert events[0] == a.Plotted(2, 1)
    assert state.view(None)["plot"] == {"face_down": 2, "rests": ["rest"]}
    private = state.view(0)["human_private"]["plot"]
    assert private["cards"] == ["move-2-1", "rest-2", "move-1-1"]
    assert private["directions"] == ["S", "W"]
    assert private["path"] == ["D2", "D3", "D4", "C4"]
    assert private["to"] == "C4"


def test_r_ie_13_a_card_moves_exactly_its_value_on_the_board():
    # rulebook: two rows from the south edge a 3 cannot go south
    state = start(2, human_cell="C4")
    refused(state, a.Plot(0, ("move-3-1", "rest-1", "rest-2"), ("S",)), "R-IE-13",
            "card 1 (3 south) leaves the board after C6: a card moves its full value")
    refused(state, a.Plot(0, ("move-2-1", "move-3-1", "rest-1"), ("S", "W")), "R-IE-13",
            "card 2 (3 west) leaves the board after A6")
    refused(state, a.Plot(0, ("move-1-1", "rest-1", "rest-2"), ()), "R-IE-13",
            "give one direction per number card: 1 number card, 0 directions")
    refused(state, a.Plot(0, ("move-1-1", "rest-1", "rest-2"), ("S", "E")), "R-IE-13",
            "1 number card, 2 directions")
    refused(state, a.Plot(0, ("move-1-1", "rest-1", "rest-2"), ("NE",)), "R-IE-13",
            "'NE' is not a direction: use N, S, E or W")
    plot(state, ("move-2-1", "rest-1", "rest-2"), ("S",))
    assert state.plot["path"] == ["C4", "C5", "C6"]


def test_r_ie_14_cards_one_after_another_same_or_other_direction():
    state = position(2, human_cell="A1", pawns={})
    events = arrive(state, ("move-3-1", "move-2-1", "rest-1"), ("E", "E"))
    (revealed,) = of_type(events, a.Revealed)
    assert revealed.path == ("A1", "B1", "C1", "D1", "E1", "F1")
    assert state.human_cell == "F1"
    state = position(2, human_cell="A1", pawns={})
    plot(state, ("move-3-1", "move-2-1", "move-1-1"), ("S", "E", "N"))
    assert state.plot["path"] == ["A1", "A2", "A3", "A4", "B4", "C4", "C3"]


def test_r_ie_15_no_back_tracking_the_start_counts():
    state = start(2, human_cell="C4")
    refused(state, a.Plot(0, ("move-1-1", "move-1-2", "rest-1"), ("E", "W")), "R-IE-15",
            "card 2 (1 west) comes back to C4: the path may not touch a cell twice")
    refused(state, a.Plot(0, ("move-3-1", "move-2-1", "rest-1"), ("N", "S")), "R-IE-15",
            "card 2 (2 south) comes back to C2")
    refused(state, a.Plot(0, ("move-1-1", "move-1-2", "move-2-1"), ("N", "E", "W")),
            "R-IE-15", "card 3 (2 west) comes back to C3")
    plot(state, ("move-1-1", "move-1-2", "move-2-1"), ("N", "E", "S"))
    assert state.plot["path"] == ["C4", "C3", "D3", "D4", "D5"]


def test_r_ie_16_a_ie_07_no_shoggoth_on_the_path_at_plot_time():
    state = position(2, human_cell="C4", pawns={}, shoggoths={BLUE: "C3"})
    refused(state, a.Plot(0, ("move-1-1", "rest-1", "rest-2"), ("N",)), "R-IE-16",
            "card 1 (1 north) goes through C3, where a Shoggoth is")
    refused(state, a.Plot(0, ("move-3-1", "rest-1", "rest-2"), ("N",)), "R-IE-16",
            "card 1 (3 north) goes through C3")
    legal = [x for x in state.legal_actions(0) if isinstance(x, a.Plot)]
    assert legal and a.Plot(0, ("move-1-1", "rest-1", "rest-2"), ("N",)) not in legal
    # a Shoggoth that moves onto the path after the plot changes nothing (A-IE-07)
    plot(state, ("move-1-1", "move-2-1", "rest-1"), ("E", "N"))
    assert state.plot["path"] == ["C4", "D4", "D3", "D2"]
    events = do_turn(state, shoggoths={BLUE: "D3"})
    assert state.shoggoths[BLUE] == "D3"
    assert of_type(events, a.Revealed)[0].path == ("C4", "D4", "D3", "D2")
    assert state.human_cell == "D2" and state.phase == "plot"
    # one that moves onto the destination joins the combat (R-IE-36)
    state = position(2, human_cell="C4", pawns={}, shoggoths={BLUE: "D5"})
    plot(state, ("move-1-1", "rest-1", "rest-2"), ("E",))  # D4: free when plotted
    do_turn(state, shoggoths={BLUE: "D4"})
    assert state.human_cell == "D4" and state.phase == "combat"
    events = fight(state, (6,))
    assert of_type(events, a.ShoggothsAttacked) == [a.ShoggothsAttacked((BLUE,), 3)]


def test_r_ie_16_a_shoggoth_on_the_start_cell_does_not_block():
    state = position(2, human_cell="C4", pawns={}, shoggoths={BLUE: "C4"})
    plot(state, ("move-1-1", "rest-1", "rest-2"), ("N",))
    assert state.plot["path"] == ["C4", "C3"]


def test_r_ie_17_location_tokens_name_the_final_cell():
    state = start(2, human_cell="C4")
    refused(state, a.Plot(0, ("move-1-1", "rest-1", "rest-2"), ("N",), "Z9"), "R-IE-17",
            "'Z9' is not a cell (A1 to F6)")
    plot(state, ("move-1-1", "rest-1", "rest-2"), ("N",), "C3")
    assert state.plot["to"] == "C3" and not state.plot["forfeit"]
    state = start(2, human_cell="C4")
    plot(state, ("move-1-1", "rest-1", "rest-2"), ("N",))  # no tokens given: the path's end
    assert state.plot["to"] == "C3"


def test_r_ie_18_three_rests_are_the_only_way_to_stay():
    state = start(2, human_cell="C4")
    plans = state.legal_plans()
    staying = [p for p in plans if p.end == "C4"]
    assert [(p.moves, p.rests) for p in staying] == [((), 3)]
    assert all(p.end != "C4" for p in plans if p.moves)
    events = rest(state)
    (revealed,) = of_type(events, a.Revealed)
    assert revealed.path == ("C4",) and revealed.to == "C4"
    assert state.human_cell == "C4"


def test_r_ie_19_strict_mode_refuses_tokens_off_the_path():
    state = start(2, human_cell="C4")
    assert state.options["plot_mode"] == "strict"
    refused(state, a.Plot(0, ("move-1-1", "rest-1", "rest-2"), ("N",), "C2"), "R-IE-19",
            "these cards end on C3, not on C2: choose tokens for the end of the path, "
            "or another path")
    refused(state, a.Plot(0, THREE_RESTS, (), "C3"), "R-IE-19",
            "these cards end on C4, not on C3")
    legal = [x for x in state.legal_actions(0) if isinstance(x, a.Plot)]
    assert all(x.to == "" for x in legal)  # the box takes the end of the path


def test_r_ie_20_a_ie_06_physical_tokens_mismatch_forfeits_the_move():
    state = position(2, human_cell="D2", options={"plot_mode": "physical_tokens"},
                     pawns={}, wounds=2)
    events = plot(state, ("move-1-1", "rest-1", "rest-2"), ("W",), "E2")
    assert events[0] == a.Plotted(1, 2)
    assert state.plot["forfeit"] is True and state.plot["to"] == "E2"
    assert state.view(None)["plot"] == {"face_down": 1, "rests": ["rest", "rest"]}
    events = do_turn(state)
    (revealed,) = of_type(events, a.Revealed)
    assert revealed.forfeit is True and revealed.to == "E2" and revealed.healed == 2
    assert revealed.path == ("D2", "C2")
    assert state.human_cell == "D2"  # no move
    assert state.movement_discard == ["move-1-1"]  # cards still played
    assert state.wounds == 0  # Rests still heal
    assert {"rest-1", "rest-2", "rest-3"} <= set(state.movement_hand)
    # matching tokens move as usual; a token that is no cell is still refused
    refused(state, a.Plot(0, ("move-1-2", "rest-1", "rest-2"), ("W",), "X0"), "R-IE-17",
            "'X0' is not a cell")
    arrive(state, ("move-1-2", "rest-1", "rest-2"), ("W",), "C2")
    assert state.human_cell == "C2"


def test_a_ie_08_three_rests_on_a_shoggoth_by_default():
    state = position(2, human_cell="D2", pawns={}, shoggoths={BLUE: "D2"})
    plot(state, THREE_RESTS)
    assert state.plot["path"] == ["D2"]


def test_a_ie_08_option_forbids_resting_by_a_shoggoth_unless_nothing_else_is_legal():
    options = {"forbid_rest_on_shoggoth": True}
    state = position(2, human_cell="D2", options=options, pawns={}, shoggoths={BLUE: "D2"})
    refused(state, a.Plot(0, THREE_RESTS, ()), "A-IE-08",
            "a Shoggoth is on D2: move away (option forbid_rest_on_shoggoth)")
    assert a.Plot(0, THREE_RESTS, ()) not in state.legal_actions(0)
    # cornered: Shoggoths on A1, B1 and A2; three Rests are the only legal plot
    state = position(4, human_cell="A1", options=options, pawns={},
                     shoggoths={BLUE: "A1", GREEN: "B1", RED: "A2"})
    assert [x for x in state.legal_actions(0) if isinstance(x, a.Plot)] == [
        a.Plot(0, THREE_RESTS, ())]
    plot(state, THREE_RESTS)
    assert state.phase == "do_move"


# ======================================================================== reveal R-IE-21..24


def test_r_ie_21_r_ie_22_the_pawn_goes_to_the_tokens_and_the_path_is_published():
    state = position(3, human_cell="D2", pawns={})
    plot(state, ("move-1-1", "move-2-1", "rest-1"), ("W", "S"))
    assert state.view(None)["human_cell"] == "D2"
    events = do_turn(state)
    (revealed,) = of_type(events, a.Revealed)
    assert revealed == a.Revealed(("move-1", "move-2", "rest"), ("W", "S"),
                                  ("D2", "C2", "C3", "C4"), "C4", False, 0)
    assert state.human_cell == "C4"
    public = state.view(None)
    assert public["human_cell"] == "C4"
    assert public["last_reveal"]["path"] == ["D2", "C2", "C3", "C4"]
    assert public["last_reveal"]["directions"] == ["W", "S"]
    assert public["plot"] is None


def test_r_ie_23_each_rest_heals_one_wound_and_returns_to_hand():
    state = position(2, human_cell="D2", pawns={}, wounds=3)
    events = arrive(state, ("move-1-1", "rest-3", "rest-1"), ("W",))
    assert of_type(events, a.Revealed)[0].healed == 2
    assert state.wounds == 1
    assert sorted(c for c in state.movement_hand if c.startswith("rest")) == list(THREE_RESTS)
    events = rest(state)
    assert of_type(events, a.Revealed)[0].healed == 1  # never below 0
    assert state.wounds == 0
    assert len(state.movement_hand) == 8


def test_r_ie_24_numbers_to_the_discard_and_recycled_when_only_rests_remain():
    state = start(2, human_cell="C4")
    events = arrive(state, ("move-1-1", "move-1-2", "move-2-1"), ("N", "N", "E"))
    assert state.human_cell == "E2"
    assert state.movement_discard == ["move-1-1", "move-1-2", "move-2-1"]
    assert not of_type(events, a.MovementRecycled)
    view = state.view(None)["movement"]
    assert view == {"hand_size": 6, "discard": ["move-1", "move-1", "move-2"],
                    "remaining_values": [2, 3, 3]}
    refused(state, a.Plot(0, ("move-1-2", "rest-1", "rest-2"), ("N",)), "R-IE-11",
            "move-1-2: in the discard")
    events = arrive(state, ("move-3-1", "move-3-2", "move-2-2"), ("S", "W", "N"))
    assert state.human_cell == "B3"
    (revealed,) = of_type(events, a.Revealed)
    assert revealed.path == ("E2", "E3", "E4", "E5", "D5", "C5", "B5", "B4", "B3")
    assert of_type(events, a.MovementRecycled) == [a.MovementRecycled()]
    assert types(events).index("movement_recycled") == types(events).index("revealed") + 1
    assert sorted(state.movement_hand) == sorted(ALL_MOVEMENT)
    assert state.movement_discard == []


def test_r_ie_24_no_recycle_while_a_number_card_is_in_hand():
    state = start(2, human_cell="C4")
    arrive(state, ("move-1-1", "move-1-2", "move-2-1"), ("N", "N", "E"))
    events = arrive(state, ("move-3-1", "move-3-2", "rest-1"), ("S", "W"))
    assert not of_type(events, a.MovementRecycled)
    assert state.number_hand() == ["move-2-2"]
    events = arrive(state, ("move-2-2", "rest-1", "rest-2"), ("N",))
    assert of_type(events, a.MovementRecycled)
    assert len(state.movement_hand) == 9


# ======================================================================== escape R-IE-26


@pytest.mark.parametrize(("start_cell", "step", "end"), [("B3", "W", "A3"), ("E5", "S", "E6")])
def test_r_ie_26_r_ie_48_escape_on_column_a_or_row_6_with_8_vp(start_cell, step, end):
    state = position(2, human_cell=start_cell, pawns={end: {BLUE: 2}}, tableau=list(EIGHT_VP))
    assert state.vp() == 8
    tokens = dict(state.tokens)
    events = arrive(state, *one_step(step))
    assert state.human_cell == end
    assert types(events)[-3:] == ["round_started", "revealed", "game_won"]
    assert events[-1] == a.GameWon(
        "human", f"the Human begins his turn on {end} with 8 victory points", "R-IE-26")
    assert state.outcome().to_json() == {
        "result": "win", "winners": [0],
        "reason": f"The Human escapes: the Human begins his turn on {end} with 8 victory points",
        "rule": "R-IE-26"}
    assert state.phase == "over" and state.pending() == ()
    # R-IE-48: immediately, without searching or fighting
    assert state.tokens == tokens and state.combat is None and state.wounds == 0
    refused(state, a.Plot(0, THREE_RESTS, ()), "R-IE-26", "the game is over")
    refused(state, EndGame("late"), "R-IE-26", "the game is over")


def test_r_ie_26_seven_vp_is_not_enough():
    state = position(2, human_cell="B3", pawns={}, tableau=list(SEVEN_VP))
    events = arrive(state, *one_step("W"))
    assert not of_type(events, a.GameWon)
    assert state.human_cell == "A3" and "A3" not in state.tokens  # searched instead
    assert state.phase == "plot"


def test_r_ie_26_eight_vp_away_from_the_edges_is_not_an_escape():
    state = position(2, human_cell="C4", pawns={}, tableau=list(EIGHT_VP))
    arrive(state, *one_step("N"))
    assert state.human_cell == "C3" and state.outcome() is None


def test_r_ie_26_a_ie_05_default_checks_the_revealed_cell():
    state = position(2, human_cell="A4", pawns={}, tableau=list(EIGHT_VP))
    arrive(state, ("move-2-1", "rest-1", "rest-2"), ("E",))  # leaves the edge before the check
    assert state.human_cell == "C4" and state.outcome() is None


def test_r_ie_26_a_ie_05_option_checks_the_pawn_shown_before_the_reveal():
    options = {"escape_check": "before_reveal"}
    state = position(2, human_cell="A4", options=options, pawns={}, tableau=list(EIGHT_VP))
    events = arrive(state, ("move-2-1", "rest-1", "rest-2"), ("E",))
    assert not of_type(events, a.Revealed)
    assert events[-1] == a.GameWon(
        "human", "the Human begins his turn on A4 with 8 victory points", "R-IE-26")
    assert state.human_cell == "A4" and state.phase == "over"
    # arriving on the edge wins only at the start of the next turn
    state = position(2, human_cell="C4", options=options, pawns={}, tableau=list(EIGHT_VP))
    events = arrive(state, ("move-2-1", "rest-1", "rest-2"), ("S",))
    assert state.human_cell == "C6" and state.outcome() is None
    events = rest(state)
    assert of_type(events, a.GameWon) and not of_type(events, a.Revealed)


# ======================================================================== draw cards R-IE-27..31


def test_r_ie_27_draw_the_tokens_rank_from_each_deck_then_the_token_is_gone():
    orders = {"equipment": ["equipment-04", "equipment-01"], "encounter": ["encounter-01"]}
    state = position(2, human_cell="D2", orders=orders, pawns={})
    events = arrive(state, ("move-2-1", "rest-1", "rest-2"), ("S",))
    assert state.human_cell == "D4"
    assert of_type(events, a.CardsDrawn) == [
        a.CardsDrawn("equipment", 2, (), 2), a.CardsDrawn("encounter", 1, ("encounter-01",), 0)]
    assert "D4" not in state.tokens
    assert state.hand == ["equipment-04", "equipment-01"]
    assert state.tableau == ["encounter-01"]
    assert len(state.decks["equipment"]) == 12 and len(state.decks["encounter"]) == 10
    assert state.decks["equipment"][0] == "equipment-02"
    assert state.phase == "plot"
    board = {c["cell"]: c for c in state.view(None)["board"]}
    assert board["D4"]["tokens"] == {}
    # the token is gone: coming back draws nothing
    arrive(state, ("move-1-1", "rest-1", "rest-2"), ("N",))
    events = arrive(state, ("move-1-2", "rest-1", "rest-2"), ("S",))
    assert state.human_cell == "D4" and not of_type(events, a.CardsDrawn)


def test_r_ie_27_r_ie_29_several_tokens_drawn_first_then_spawns_together():
    orders = {"equipment": ["equipment-08", "equipment-13"], "encounter": ["encounter-03"]}
    state = position(2, human_cell="D2", orders=orders, pawns={})
    events = arrive(state, ("move-2-1", "rest-1", "rest-2"), ("S",))
    assert types(events)[-3:] == ["cards_drawn", "cards_drawn", "spawned"]
    assert events[-1] == a.Spawned(BLUE, ("D4", "D4", "D4"))
    assert state.pawns["D4"] == {BLUE: 3}
    assert state.phase == "combat"
    check_pawns(state)


def test_r_ie_28_captives_place_in_front_and_spawn_cards_to_the_tableau_others_to_hand():
    orders = {"captive": ["captive-05", "captive-13"]}
    state = position(2, human_cell="C4", orders=orders, pawns={})
    events = arrive(state, *one_step("N"))  # C3: Captive 2
    assert of_type(events, a.CardsDrawn) == [
        a.CardsDrawn("captive", 2, ("captive-05", "captive-13"), 0)]
    assert state.tableau == ["captive-05", "captive-13"]  # captive-13: no VP, no spawn icon
    assert state.hand == []
    orders = {"equipment": ["equipment-06", "equipment-14"], "encounter": ["encounter-10"]}
    state = position(2, human_cell="D2", orders=orders, pawns={})
    events = arrive(state, ("move-2-1", "rest-1", "rest-2"), ("S",))  # D4: Equip 2 + Enc 1
    assert of_type(events, a.CardsDrawn) == [
        a.CardsDrawn("equipment", 2, ("equipment-06",), 1),
        a.CardsDrawn("encounter", 1, (), 1)]
    assert state.tableau == ["equipment-06"]  # "place in front of you"
    assert state.hand == ["equipment-14", "encounter-10"]
    # the hand is secret (A-IE-16): its size is public
    for viewer in (None, 1):
        view = state.view(viewer)
        assert view["hand_size"] == 2 and "equipment-14" not in json.dumps(view)
    assert state.view(0)["human_private"]["hand"] == ["equipment-14", "encounter-10"]


def test_r_ie_28_a_spawn_icon_card_goes_in_front():
    orders = {"equipment": ["equipment-08", "equipment-14"], "encounter": ["encounter-02"]}
    state = position(2, human_cell="D2", orders=orders, pawns={})
    events = arrive(state, ("move-2-1", "rest-1", "rest-2"), ("S",))
    assert of_type(events, a.CardsDrawn) == [
        a.CardsDrawn("equipment", 2, ("equipment-08",), 1),
        a.CardsDrawn("encounter", 1, ("encounter-02",), 0)]
    assert state.tableau == ["equipment-08", "encounter-02"]
    assert state.hand == ["equipment-14"]
    assert state.pawns["D4"] == {BLUE: 3}  # 1 + 2 spawn icons


def test_r_ie_31_vp_is_the_sum_on_the_tableau():
    orders = {"captive": ["captive-01", "captive-09"]}
    state = position(2, human_cell="C4", orders=orders, pawns={},
                     tableau=["equipment-06"], hand=["equipment-14"])
    assert state.vp() == 1
    arrive(state, *one_step("N"))
    assert state.tableau == ["equipment-06", "captive-01", "captive-09"]
    assert state.vp() == 1 + 3 + 1
    assert state.view(None)["vp"] == 5 and state.view(1)["tableau"] == state.tableau


def test_r_ie_29_a_ie_20_the_human_chooses_the_pools_of_the_pawns_his_cards_spawn():
    orders = {"captive": ["captive-08", "captive-05"]}  # 2 spawn icons
    state = position(3, human_cell="C4", orders=orders, pawns={"C3": {GREEN: 3}})
    events = arrive(state, *one_step("N"))
    assert types(events)[-1] == "cards_drawn"
    assert state.phase == "spawn_here"
    assert state.pending() == (SeatPrompt(0, "spawn_here",
                                          "choose the pools of the pawns your cards spawn"),)
    assert state.legal_actions(0) == [a.SpawnHere(0, (BLUE, BLUE)),
                                      a.SpawnHere(0, (BLUE, GREEN))]
    refused(state, a.SpawnHere(0, ("purple", BLUE)), "R-IE-29",
            "'purple' is not a colour in the game: blue, green")
    refused(state, a.SpawnHere(0, (BLUE,)), "A-IE-15",
            "place 2 pawns (as many as the caps and pools allow), not 1")
    refused(state, a.SpawnHere(0, (GREEN, GREEN)), "R-IE-29",
            "only 1 more green pawns fit on C3 (4 per colour, pool 22)")
    refused(state, a.Fight(0), "R-IE-32", "there is no combat now")
    refused(state, a.Equip(0, "equipment-01"), "R-IE-30", "cards are played on your turn")
    refused(state, a.SpawnHere(1, (BLUE, GREEN)), "R-IE-29", "Seat 2 cannot act now")
    events = state.apply(a.SpawnHere(0, (GREEN, BLUE)))
    assert of_type(events, a.Spawned) == [a.Spawned(GREEN, ("C3",)), a.Spawned(BLUE, ("C3",))]
    pass_windows(state)
    assert state.pawns["C3"] == {GREEN: 4, BLUE: 1}
    assert state.pools == {BLUE: 23, GREEN: 21}  # blue has a parked pawn
    assert state.phase == "combat"
    check_pawns(state)


def test_r_ie_29_one_colour_needs_no_choice():
    orders = {"captive": ["captive-08", "captive-07"]}  # 2 + 1 spawn icons
    state = position(2, human_cell="C4", orders=orders, pawns={})
    events = arrive(state, *one_step("N"))
    assert events[-1] == a.Spawned(BLUE, ("C3", "C3", "C3"))
    assert state.phase == "combat"


def test_a_ie_15_card_spawns_stop_at_the_cap():
    orders = {"captive": ["captive-01", "captive-08"]}  # 2 + 2 spawn icons
    state = position(2, human_cell="C4", orders=orders, pawns={"C3": {BLUE: 3}})
    events = arrive(state, *one_step("N"))
    assert of_type(events, a.Spawned) == [a.Spawned(BLUE, ("C3",)), a.Spawned("", (), 3)]
    assert state.pawns["C3"] == {BLUE: 4}
    check_pawns(state)


def test_a_ie_15_card_spawns_stop_at_the_pool():
    orders = {"captive": ["captive-01", "captive-08"]}
    full = {cell: {BLUE: 4} for cell in ("A1", "D2", "E2", "B3", "A4", "F4")}
    state = position(2, human_cell="C4", orders=orders, pawns=full)
    assert state.pools[BLUE] == 1
    events = arrive(state, *one_step("N"))
    assert of_type(events, a.Spawned) == [a.Spawned(BLUE, ("C3",)), a.Spawned("", (), 3)]
    assert state.pools[BLUE] == 0
    check_pawns(state)


def test_a_ie_15_when_every_place_fills_there_is_no_choice():
    orders = {"captive": ["captive-01", "captive-08"]}  # 4 spawn icons
    state = position(3, human_cell="C4", orders=orders,
                     pawns={"C3": {BLUE: 3, GREEN: 3}})
    events = arrive(state, *one_step("N"))
    assert of_type(events, a.Spawned) == [
        a.Spawned(BLUE, ("C3",)), a.Spawned(GREEN, ("C3",)), a.Spawned("", (), 2)]
    assert state.pawns["C3"] == {BLUE: 4, GREEN: 4}


# ======================================================================== equip and heal R-IE-30


def test_r_ie_30_one_weapon_equipped_a_swap_returns_the_old_one_to_hand():
    hand = ["equipment-01", "equipment-03", "equipment-04", "equipment-14"]
    state = position(2, human_cell="C4", pawns={}, hand=list(hand))
    legal = state.legal_actions(0)
    assert a.Equip(0, "equipment-01") in legal and a.Equip(0, "equipment-03") in legal
    assert a.UseCard(0, "equipment-04") in legal
    assert a.Equip(0, "equipment-04") not in legal and a.UseCard(0, "equipment-14") not in legal
    assert state.apply(a.Equip(0, "equipment-01")) == [a.Equipped("equipment-01", "")]
    assert state.weapon == "equipment-01"
    assert state.hand == ["equipment-03", "equipment-04", "equipment-14"]
    assert state.apply(a.Equip(0, "equipment-03")) == [
        a.Equipped("equipment-03", "equipment-01")]
    assert state.weapon == "equipment-03"
    assert state.hand == ["equipment-04", "equipment-14", "equipment-01"]
    refused(state, a.Equip(0, "equipment-04"), "R-IE-30", "Example Equipment 4 is not a weapon")
    refused(state, a.Equip(0, "equipment-03"), "R-IE-30", "'equipment-03' is not in your hand")
    refused(state, a.Equip(0, "equipment-02"), "R-IE-30", "'equipment-02' is not in your hand")
    public = state.view(None)
    assert public["weapon"] == "equipment-03" and public["hand_size"] == 3
    # only on the Human's turn
    plot(state, THREE_RESTS)
    refused(state, a.Equip(0, "equipment-01"), "R-IE-40",
            "Seat 1 cannot act now: the box is waiting for Seat 2")


def test_r_ie_30_equip_during_the_combat_before_the_roll():
    state = position(2, human_cell="D2", pawns={"C2": {BLUE: 2}}, hand=["equipment-03"])
    arrive(state, *one_step("W"))
    assert state.phase == "combat"
    assert a.Equip(0, "equipment-03") in state.legal_actions(0)
    state.apply(a.Equip(0, "equipment-03"))
    state.apply(a.Fight(0))
    assert chance(state) == Roll("the Human's attack", "R-IE-33", count=3, sides=6)


def test_a_ie_03_heal_cards_remove_wounds_never_below_zero():
    hand = ["equipment-04", "encounter-04", "encounter-05", "equipment-14"]
    state = position(2, human_cell="C4", pawns={}, hand=list(hand), wounds=3)
    assert state.apply(a.UseCard(0, "equipment-04")) == [a.CardUsed("equipment-04", 2, "")]
    assert state.wounds == 1 and "equipment-04" not in state.hand
    assert state.used == ["equipment-04"]
    assert state.apply(a.UseCard(0, "encounter-04")) == [a.CardUsed("encounter-04", 1, "")]
    assert state.wounds == 0
    refused(state, a.UseCard(0, "encounter-05"), "R-IE-30",
            "Example Encounter 5 is a weapon: equip it")
    refused(state, a.UseCard(0, "equipment-14"), "A-IE-03",
            "Example Equipment 14 has no effect the box can play; keep it in hand")
    refused(state, a.UseCard(0, "equipment-04"), "R-IE-30", "'equipment-04' is not in your hand")


# ======================================================================== combat R-IE-32..38


def test_r_ie_32_combat_when_deep_ones_share_the_humans_cell():
    state = position(2, human_cell="D2", pawns={"C2": {BLUE: 2}})
    refused(state, a.Fight(0), "R-IE-32", "there is no combat now")
    arrive(state, *one_step("W"))
    assert state.phase == "combat"
    assert state.pending() == (SeatPrompt(0, "combat", "equip, heal, then fight"),)
    assert a.Fight(0) in state.legal_actions(0)
    # no plot before the combat is over
    refused(state, a.Plot(0, THREE_RESTS, ()), "R-IE-10",
            "the plot (H4) comes after the draw and the combat: not now (phase combat)")
    refused(state, a.PlaceHuman(0, "A1"), "R-IE-07", "the Human places his pawn at setup only")
    state = position(2, human_cell="D2", pawns={"E2": {BLUE: 2}})
    arrive(state, *one_step("W"))
    assert state.phase == "plot" and state.combat is None


def test_r_ie_32_deep_ones_that_arrive_by_moving_fight_too():
    state = position(2, human_cell="D2", pawns={"C4": {BLUE: 2}})
    arrive(state, *one_step("W"), moves={BLUE: ("C4>C2", "C4>C3")})
    assert state.pawns.get("C2") == {BLUE: 1}
    assert state.phase == "combat"


def test_r_ie_32_a_ie_04_a_shoggoth_alone_fights():
    state = position(2, human_cell="D2", pawns={}, shoggoths={BLUE: "B2"})
    arrive(state, *one_step("W"), shoggoths={BLUE: "C2"})
    assert state.phase == "combat"
    events = fight(state, (6,))
    assert events[:1] == [a.AttackRolled((6,), 5, 1)]
    assert not of_type(events, a.Killed)  # R-IE-34: nothing the Human can hurt
    assert of_type(events, a.ShoggothsAttacked) == [a.ShoggothsAttacked((BLUE,), 3)]
    assert state.wounds == 3 and state.shoggoths[BLUE] == "C2"
    assert state.phase == "plot"


def test_a_ie_04_option_a_shoggoth_alone_does_not_fight():
    state = position(2, human_cell="D2", options={"shoggoth_alone_triggers_combat": False},
                     pawns={}, shoggoths={BLUE: "B2"})
    arrive(state, *one_step("W"), shoggoths={BLUE: "C2"})
    assert state.human_cell == "C2" and state.phase == "plot" and state.wounds == 0


@pytest.mark.parametrize(("faces", "hits"), [((4,), 0), ((1,), 0), ((5,), 1), ((6,), 1)])
def test_r_ie_33_the_club_one_die_hits_on_5_or_6(faces, hits):
    state = position(2, human_cell="D2", pawns={"C2": {BLUE: 2}})
    arrive(state, *one_step("W"))
    state.apply(a.Fight(0))
    assert chance(state) == Roll("the Human's attack", "R-IE-33", count=1, sides=6)
    refused(state, RollResult((5, 5)), "R-IE-33",
            "the Human's attack: expected 1 faces from 1 to 6, got [5, 5]")
    refused(state, RollResult((7,)), "R-IE-33", "expected 1 faces from 1 to 6, got [7]")
    events = state.apply(RollResult(faces))
    assert events[0] == a.AttackRolled(faces, 5, hits)
    assert of_type(events, a.Killed) == ([a.Killed((BLUE,))] if hits else [])
    assert chance(state) == Roll("the blue Deep Ones' attack", "R-IE-35", count=2 - hits)


@pytest.mark.parametrize(("weapon", "faces", "hits"), [
    ("equipment-01", (5, 4), 1),
    ("equipment-02", (4,), 1),
    ("equipment-03", (6, 5, 1), 2),
    ("encounter-05", (3,), 1),
    ("encounter-05", (2,), 0),
])
def test_r_ie_33_a_weapon_sets_the_dice_and_the_hit_number(weapon, faces, hits):
    state = position(2, human_cell="D2", pawns={"C2": {BLUE: 4}}, weapon=weapon)
    arrive(state, *one_step("W"))
    state.apply(a.Fight(0))
    info = DATA.card(weapon)
    assert chance(state).count == info.weapon_dice
    events = state.apply(RollResult(faces))
    assert events[0] == a.AttackRolled(faces, info.weapon_hit_on, hits)
    assert state.pawns["C2"] == {BLUE: 4 - hits}


def test_a_ie_20_the_human_chooses_the_deep_ones_killed_when_colours_differ():
    state = position(3, human_cell="D2", pawns={"C2": {BLUE: 1, GREEN: 2}},
                     weapon="equipment-01")
    arrive(state, *one_step("W"))
    events = fight(state, (5, 6))
    assert events == [a.AttackRolled((5, 6), 5, 2)]
    assert state.phase == "kill"
    assert state.pending() == (SeatPrompt(0, "kill", "choose the Deep Ones killed"),)
    assert state.legal_actions(0) == [a.Kill(0, (BLUE, GREEN)), a.Kill(0, (GREEN, GREEN))]
    refused(state, a.Kill(0, (BLUE,)), "A-IE-20", "choose 2 Deep Ones to kill, not 1")
    refused(state, a.Kill(0, (BLUE, BLUE)), "R-IE-33", "there are only 1 blue Deep Ones on C2")
    refused(state, RollResult((6,)), "R-IE-33", "the box is not waiting for dice (phase kill)")
    events = state.apply(a.Kill(0, (GREEN, GREEN)))
    assert events == [a.Killed((GREEN, GREEN))]
    assert state.pawns["C2"] == {BLUE: 1}
    assert chance(state).purpose == "the blue Deep Ones' attack"  # green has nobody left
    events = state.apply(RollResult((2,)))
    assert of_type(events, a.Casualties) == [a.Casualties(((BLUE, 1),), 0)]
    assert state.pools == {BLUE: 25, GREEN: 25}
    check_pawns(state)


def test_a_ie_20_no_choice_when_every_pawn_dies_or_one_colour():
    state = position(3, human_cell="D2", pawns={"C2": {BLUE: 1, GREEN: 1}},
                     weapon="equipment-01")
    arrive(state, *one_step("W"))
    events = fight(state, (5, 6))
    assert of_type(events, a.Killed) == [a.Killed((BLUE, GREEN))]
    assert of_type(events, a.Casualties) == [a.Casualties((), 0)]  # nobody left to attack
    assert state.phase == "plot"
    state = position(3, human_cell="D2", pawns={"C2": {GREEN: 3}}, weapon="equipment-01")
    arrive(state, *one_step("W"))
    events = fight(state, (5, 6))
    assert of_type(events, a.Killed) == [a.Killed((GREEN, GREEN))]
    assert state.phase == "do_attack"


def test_r_ie_34_r_ie_37_shoggoths_are_not_hurt_nor_removed():
    state = position(2, human_cell="D2", pawns={"C2": {BLUE: 2}}, shoggoths={BLUE: "B2"},
                     weapon="equipment-03")
    arrive(state, *one_step("W"), shoggoths={BLUE: "C2"})
    events = fight(state, (6, 6, 6))
    assert of_type(events, a.Killed) == [a.Killed((BLUE, BLUE))]
    assert of_type(events, a.ShoggothsAttacked) == [a.ShoggothsAttacked((BLUE,), 3)]
    assert state.shoggoths[BLUE] == "C2" and state.wounds == 3


def test_r_ie_35_rulebook_example_seat_order_from_the_humans_left():
    # four players; one blue and three green Deep Ones; the Human already has 2 wounds
    state = position(4, 2, human_cell="D2", pawns={"C2": {BLUE: 1, GREEN: 3}})
    assert [state.colours[s] for s in (3, 0, 1)] == [BLUE, GREEN, RED]
    arrive(state, *one_step("W"))
    arrange(state, wounds=2)
    events = fight(state, (3,))
    assert events == [a.AttackRolled((3,), 5, 0)]
    assert chance(state) == Roll("the blue Deep Ones' attack", "R-IE-35", count=1, sides=6)
    events = state.apply(RollResult((6,)))
    assert events == [a.DeepOnesAttacked(BLUE, (6,), 2)]
    assert chance(state) == Roll("the green Deep Ones' attack", "R-IE-35", count=3, sides=6)
    refused(state, RollResult((3, 4)), "R-IE-35",
            "the green Deep Ones' attack: expected 3 faces from 1 to 6, got [3, 4]")
    refused(state, a.Fight(2), "R-IE-35", "Seat 3 cannot act now")
    events = state.apply(RollResult((3, 4, 5)))
    # red has no pawn there and does not roll
    assert events == [a.DeepOnesAttacked(GREEN, (3, 4, 5), 2),
                      a.Casualties(((BLUE, 1), (GREEN, 3)), 6)]
    assert state.wounds == 6 and state.threshold() == 12
    assert state.phase == "plot" and state.outcome() is None
    assert state.pawns.get("C2") is None
    assert state.pools[BLUE] == 25 - 0 and state.pools[GREEN] == 25  # back to the pools
    check_pawns(state)


@pytest.mark.parametrize(("faces", "wounds"), [
    ((1, 2, 3, 3), 0), ((4, 5, 1, 2), 2), ((6, 1, 1, 1), 2), ((6, 6, 5, 4), 6)])
def test_r_ie_35_six_is_two_wounds_four_or_five_one(faces, wounds):
    state = position(2, human_cell="D2", pawns={"C2": {BLUE: 4}})
    arrive(state, *one_step("W"))
    events = fight(state, (1,), faces)
    assert a.DeepOnesAttacked(BLUE, faces, wounds) in events
    assert state.wounds == wounds


def test_r_ie_36_each_shoggoth_three_wounds_after_the_deep_one_rolls():
    state = position(3, human_cell="D2", pawns={"C2": {GREEN: 1}},
                     shoggoths={BLUE: "B2", GREEN: "C1"})
    arrive(state, *one_step("W"), shoggoths={BLUE: "C2", GREEN: "C2"})
    events = fight(state, (1,), (4,))
    assert types(events) == ["attack_rolled", "deep_ones_attacked", "shoggoths_attacked",
                             "casualties"]
    assert events[2] == a.ShoggothsAttacked((BLUE, GREEN), 6)
    assert events[3] == a.Casualties(((GREEN, 1),), 7)
    assert state.wounds == 7
    assert state.shoggoths == {BLUE: "C2", GREEN: "C2"}


def test_r_ie_37_casualties_go_back_to_their_owners_pools():
    state = position(3, human_cell="D2", pawns={"C2": {BLUE: 2, GREEN: 4}, "E5": {GREEN: 1}})
    assert state.pools == {BLUE: 23, GREEN: 20}
    arrive(state, *one_step("W"))
    events = fight(state, (1,), (1, 1), (1, 1, 1, 1))
    assert of_type(events, a.Casualties) == [a.Casualties(((BLUE, 2), (GREEN, 4)), 0)]
    assert state.pools == {BLUE: 25, GREEN: 24}
    assert state.pawns == {"E5": {GREEN: 1}}
    check_pawns(state)


@pytest.mark.parametrize(("players", "threshold"), [(2, 8), (3, 10), (4, 12), (5, 14)])
def test_r_ie_38_r_ie_48_the_human_dies_at_the_threshold_and_the_game_ends(players, threshold):
    state = position(players, human_cell="D2", pawns={"C2": {BLUE: 1}})
    assert state.view(None)["wounds_to_kill"] == threshold
    arrive(state, *one_step("W"))
    arrange(state, wounds=threshold - 2)
    events = fight(state, (1,), (6,))
    reason = f"the Human has {threshold} wounds ({threshold} kill him)"
    assert events[-1] == a.GameWon("deep_ones", reason, "R-IE-38")
    assert state.outcome().to_json() == {
        "result": "win", "winners": state.do_seats(),
        "reason": f"The Deep Ones win: {reason}", "rule": "R-IE-38"}
    assert state.phase == "over" and state.pending() == ()
    # R-IE-48: nothing more happens
    refused(state, a.Plot(0, THREE_RESTS, ()), "R-IE-38", "the game is over")
    refused(state, RollResult((6,)), "R-IE-38", "the game is over")


@pytest.mark.parametrize(("players", "threshold"), [(2, 8), (5, 14)])
def test_r_ie_38_one_wound_short_the_human_lives(players, threshold):
    state = position(players, human_cell="D2", pawns={"C2": {BLUE: 1}})
    arrive(state, *one_step("W"))
    arrange(state, wounds=threshold - 3)
    fight(state, (1,), (6,))
    assert state.wounds == threshold - 1
    assert state.phase == "plot" and state.outcome() is None


def test_r_ie_38_a_shoggoth_kills_too():
    state = position(2, human_cell="D2", pawns={}, shoggoths={BLUE: "B2"})
    arrive(state, *one_step("W"), shoggoths={BLUE: "C2"})
    arrange(state, wounds=5)
    events = fight(state, (1,))
    assert events[-1].type == "game_won" and state.outcome().rule == "R-IE-38"


# ======================================================================== Deep One move R-IE-39..41


def do_move_position(**kw):
    """3 players (Human seat 0, blue seat 1, green seat 2); the Human rested in round 1."""
    pawns = kw.pop("pawns", {"C2": {BLUE: 2}, "E5": {GREEN: 1}})
    state = position(3, human_cell="A4", pawns=pawns, **kw)
    plot(state, THREE_RESTS)
    assert state.phase == "do_move"
    return state


def test_r_ie_40_every_deep_one_player_moves_then_the_step_closes():
    state = do_move_position()
    assert seats(state) == [1, 2]
    assert state.apply(a.MoveDeepOnes(1, ("C2>C4",))) == []
    assert state.pawns["C2"] == {BLUE: 2}  # A-IE-21: applied together when all have moved
    assert seats(state) == [2]
    refused(state, a.MoveDeepOnes(1, ()), "R-IE-40",
            "Seat 2 cannot act now: the box is waiting for Seat 3")
    refused(state, a.Summon(2, ""), "R-IE-40", "this is not the summoning step")
    refused(state, a.Spawn(2, ()), "R-IE-40", "this is not the spawn step")
    refused(state, a.Plot(0, THREE_RESTS, ()), "R-IE-40", "Seat 1 cannot act now")
    refused(state, a.PlacePawns(2, ("E5", "E5", "E5")), "R-IE-06",
            "the Deep Ones place their pawns at setup only")
    events = state.apply(a.MoveDeepOnes(2, ("E5>E4",)))
    assert events[:2] == [a.DeepOnesMoved(BLUE, ("C2>C4",), ""),
                          a.DeepOnesMoved(GREEN, ("E5>E4",), "")]
    assert state.pawns == {"C2": {BLUE: 1}, "C4": {BLUE: 1}, "E4": {GREEN: 1}}
    check_pawns(state)


def test_r_ie_40_the_four_steps_in_order_then_back_to_the_human():
    state = position(2, human_cell="A4", pawns={"A2": {BLUE: 3}, "B1": {BLUE: 1},
                                                "D3": {BLUE: 1}})
    events = plot(state, THREE_RESTS)
    assert state.phase == "do_move"
    events += state.apply(a.MoveDeepOnes(1, ("B1>C1",)))  # onto a Draw cell
    assert state.phase == "do_summon"
    events += state.apply(a.Summon(1, "A2"))
    assert state.phase == "do_spawn" and state.spawn_count(BLUE) == 1  # D3 only: B1 was left
    events += state.apply(a.Spawn(1, ("D3",)))
    assert types(events)[:7] == ["plotted", "deep_ones_moved", "deep_one_cards_drawn",
                                 "summoned", "spawned", "round_started", "revealed"]
    assert of_type(events, a.DeepOneCardsDrawn) == [a.DeepOneCardsDrawn(BLUE, 1, 1)]
    pass_windows(state)
    assert state.round == 2 and state.phase == "plot" and seats(state) == [0]


def test_r_ie_41_a_pawn_moves_one_or_two_cells_turning_allowed():
    state = do_move_position()
    refused(state, a.MoveDeepOnes(1, ("C2>C5",)), "R-IE-41",
            "C2>C5: a Deep One moves 1 or 2 cells, not 3")
    refused(state, a.MoveDeepOnes(1, ("C2>C2",)), "R-IE-41",
            "C2>C2: a Deep One moves 1 or 2 cells, not 0")
    refused(state, a.MoveDeepOnes(1, ("C2-C3",)), "R-IE-41",
            "'C2-C3' is not a move: write it FROM>TO, e.g. C3>C5")
    refused(state, a.MoveDeepOnes(1, ("C2>C7",)), "R-IE-41", "'C2>C7' is not a move")
    refused(state, a.MoveDeepOnes(1, ("C2>C3", "C2>C4", "C2>D2")), "R-IE-41",
            "blue has only 2 pawns on C2")
    state.apply(a.MoveDeepOnes(1, ("C2>D3", "C2>B2")))  # L-shaped and straight
    state.apply(a.MoveDeepOnes(2, ()))
    assert state.pawns["D3"] == {BLUE: 1} and state.pawns["B2"] == {BLUE: 1}


def test_r_ie_41_players_move_only_their_own_colour():
    state = do_move_position()
    refused(state, a.MoveDeepOnes(1, ("E5>E4",)), "R-IE-41", "blue has only 0 pawns on E5")
    refused(state, a.MoveDeepOnes(2, ("C2>C3",)), "R-IE-41", "green has only 0 pawns on C2")
    moves = [x for x in state.legal_actions(1) if isinstance(x, a.MoveDeepOnes)]
    assert moves[0] == a.MoveDeepOnes(1, ())
    assert all(m.pawns[0].startswith("C2>") for m in moves[1:])


def test_r_ie_41_into_the_humans_cell_other_colours_and_shoggoths():
    state = do_move_position(pawns={"C4": {BLUE: 2}, "B3": {GREEN: 1}},
                             shoggoths={GREEN: "B4"})
    state.apply(a.MoveDeepOnes(1, ("C4>B4", "C4>A4")))
    state.apply(a.MoveDeepOnes(2, ("B3>B4",)))
    assert state.pawns["B4"] == {BLUE: 1, GREEN: 1}
    assert state.pawns["A4"] == {BLUE: 1}  # the Human's cell


def test_a_ie_10_option_straight_moves_only():
    state = do_move_position(options={"do_move_straight_only": True})
    refused(state, a.MoveDeepOnes(1, ("C2>D3",)), "A-IE-10",
            "C2>D3: only straight moves (option do_move_straight_only)")
    assert a.MoveDeepOnes(1, ("C2>D3",)) not in state.legal_actions(1)
    state.apply(a.MoveDeepOnes(1, ("C2>C4", "C2>E2")))


def test_r_ie_41_a_ie_10_at_most_four_of_a_colour_at_the_end_of_the_move():
    state = do_move_position(pawns={"C2": {BLUE: 4}, "D2": {BLUE: 1}, "E5": {GREEN: 1}})
    refused(state, a.MoveDeepOnes(1, ("D2>C2",)), "R-IE-41",
            "C2 would hold 5 blue Deep Ones: at most 4 of a colour on a cell")
    refused(state, a.MoveDeepOnes(1, ("D2>C3", "C2>C3", "C2>C3", "C2>C3", "C2>C3")),
            "R-IE-41", "C3 would hold 5 blue Deep Ones")
    # passing through a full cell and swapping in and out is fine: only the end counts
    state.apply(a.MoveDeepOnes(1, ("C2>C3", "D2>C2", "C2>B2")))
    state.apply(a.MoveDeepOnes(2, ("E5>C5",)))
    assert state.pawns["C2"] == {BLUE: 3}
    # other colours do not count toward blue's cap
    state = do_move_position(pawns={"C2": {BLUE: 4}, "C3": {GREEN: 4}})
    state.apply(a.MoveDeepOnes(1, ("C2>C3", "C2>C3", "C2>C3", "C2>C3")))
    state.apply(a.MoveDeepOnes(2, ()))
    assert state.pawns["C3"] == {GREEN: 4, BLUE: 4}


def test_r_ie_41_r_ie_39_the_shoggoth_moves_one_cell_and_stays_on_the_board():
    state = do_move_position(shoggoths={BLUE: "C3"})
    refused(state, a.MoveDeepOnes(1, (), "C5"), "R-IE-41",
            "the blue Shoggoth moves at most 1 cell from C3, not to C5")
    refused(state, a.MoveDeepOnes(1, (), "D4"), "R-IE-41",
            "the blue Shoggoth moves at most 1 cell from C3, not to D4")
    refused(state, a.MoveDeepOnes(1, (), "Q1"), "R-IE-41", "not to Q1")
    refused(state, a.MoveDeepOnes(2, (), "E4"), "R-IE-41", "the green Shoggoth is not on the board")
    legal = [x.shoggoth for x in state.legal_actions(1) if x.shoggoth and not x.pawns]
    assert sorted(legal) == ["B3", "C2", "C4", "D3"]
    state.apply(a.MoveDeepOnes(1, ("C2>C4",), "C4"))
    state.apply(a.MoveDeepOnes(2, ()))
    assert state.shoggoths[BLUE] == "C4"
    # R-IE-39: no move takes a Shoggoth off the board ("" = it stays)
    do_turn(state, spawns={})
    plot(state, THREE_RESTS)
    state.apply(a.MoveDeepOnes(1, (), ""))
    state.apply(a.MoveDeepOnes(2, ()))
    assert state.shoggoths[BLUE] == "C4"


# ======================================================================== draw R-IE-42, A-IE-19


def draw_position(hand: int, *cells: str, **kw):
    state = position(2, human_cell="A4", pawns={c: {BLUE: 1} for c in cells}, **kw)
    state.do_hands[BLUE] = list(DATA.deck("deep_one")[:hand])
    state.decks["deep_one"] = list(DATA.deck("deep_one")[10:])
    return state


@pytest.mark.parametrize(("hand", "drawn"), [(0, 3), (2, 3), (3, 2), (4, 1), (5, 0)])
def test_r_ie_42_a_ie_11_one_card_per_draw_cell_up_to_five(hand, drawn):
    state = draw_position(hand, "C1", "F3", "B5", "C2")
    events = rest(state)
    assert of_type(events, a.DeepOneCardsDrawn) == [a.DeepOneCardsDrawn(BLUE, drawn, 3)]
    assert state.do_hands[BLUE] == [*DATA.deck("deep_one")[:hand],
                                    *DATA.deck("deep_one")[10:10 + drawn]]
    assert state.view(None)["deep_one_hand_sizes"] == {BLUE: hand + drawn}


def test_r_ie_42_several_pawns_on_one_draw_cell_count_once_after_moving():
    state = draw_position(0, "C2")
    state.pawns["C2"] = {BLUE: 3}
    state.pools[BLUE] = 22
    events = arrive(state, THREE_RESTS, moves={BLUE: ("C2>C1", "C2>C1", "C2>D1")})
    assert of_type(events, a.DeepOneCardsDrawn) == [a.DeepOneCardsDrawn(BLUE, 1, 1)]


def test_r_ie_42_other_colours_do_not_count():
    state = position(3, human_cell="A4", pawns={"C1": {GREEN: 1}, "C2": {BLUE: 1}})
    events = rest(state)
    assert of_type(events, a.DeepOneCardsDrawn) == [
        a.DeepOneCardsDrawn(BLUE, 0, 0), a.DeepOneCardsDrawn(GREEN, 1, 1)]


def test_a_ie_19_the_empty_deep_one_deck_takes_the_shuffled_discard():
    state = draw_position(1, "C1", "F3", "B5")
    state.decks["deep_one"] = ["deep-one-10"]
    state.do_discard = ["deep-one-20", "deep-one-21"]
    plot(state, THREE_RESTS)
    state.apply(a.MoveDeepOnes(1, ()))
    assert state.phase == "reshuffle"
    assert state.do_hands[BLUE] == ["deep-one-01", "deep-one-10"]
    prompt = chance(state)
    assert (prompt.deck, prompt.rule, prompt.items) == (
        "deep_one", "A-IE-19", ("deep-one-20", "deep-one-21"))
    refused(state, ShuffleResult("deep_one", ("deep-one-20",)), "A-IE-19",
            "the shuffled order must list each of the 2 cards of the deep_one pile exactly once")
    refused(state, a.MoveDeepOnes(1, ()), "A-IE-19",
            "Seat 2 cannot act now: the box is waiting for shuffle the Deep One discard pile")
    events = state.apply(ShuffleResult("deep_one", ("deep-one-21", "deep-one-20")))
    assert events[:2] == [a.DeckShuffled("deep_one", 2), a.DeepOneCardsDrawn(BLUE, 3, 3)]
    assert state.do_hands[BLUE] == ["deep-one-01", "deep-one-10", "deep-one-21", "deep-one-20"]
    assert state.decks["deep_one"] == [] and state.do_discard == []


def test_a_ie_19_option_no_reshuffle():
    state = draw_position(1, "C1", "F3", "B5", options={"do_deck_reshuffle": False})
    state.decks["deep_one"] = ["deep-one-10"]
    state.do_discard = ["deep-one-20", "deep-one-21"]
    events = rest(state)
    assert of_type(events, a.DeepOneCardsDrawn) == [a.DeepOneCardsDrawn(BLUE, 1, 3)]
    assert state.do_discard == ["deep-one-20", "deep-one-21"]


def test_a_ie_19_nothing_to_draw_from():
    state = draw_position(1, "C1", "F3")
    state.decks["deep_one"] = []
    events = rest(state)
    assert of_type(events, a.DeepOneCardsDrawn) == [a.DeepOneCardsDrawn(BLUE, 0, 2)]


# ======================================================================== summon R-IE-43, A-IE-12


def test_r_ie_43_three_pawns_on_a_shoggoth_icon_summon_the_shoggoth():
    state = position(2, human_cell="A4", pawns={"A2": {BLUE: 4}})
    plot(state, THREE_RESTS)
    state.apply(a.MoveDeepOnes(1, ()))
    assert state.phase == "do_summon"
    assert state.pending() == (SeatPrompt(1, "do_summon", "summon"),)
    assert state.legal_actions(1) == [a.Summon(1, ""), a.Summon(1, "A2")]
    refused(state, a.Summon(1, "C6"), "R-IE-43",
            "blue cannot summon on C6: a Shoggoth icon cell with 3 of your pawns, and your "
            "Shoggoth not yet on the board")
    refused(state, a.Summon(1, "C2"), "R-IE-43", "blue cannot summon on C2")
    events = state.apply(a.Summon(1, "A2"))
    assert events[0] == a.Summoned(BLUE, "A2")
    assert state.shoggoths[BLUE] == "A2"
    assert state.pawns["A2"] == {BLUE: 1}  # exactly 3 sacrificed
    assert state.pools[BLUE] == 24
    check_pawns(state)


def test_r_ie_43_summoning_is_optional():
    state = position(2, human_cell="A4", pawns={"A2": {BLUE: 3}})
    rest(state)
    assert state.shoggoths[BLUE] == "" and state.pawns["A2"] == {BLUE: 3}


def test_r_ie_43_two_pawns_or_a_plain_cell_do_not_summon():
    state = position(2, human_cell="A4", pawns={"A2": {BLUE: 2}, "C2": {BLUE: 3}})
    events = rest(state)
    assert "summoned" not in types(events)
    assert state.round == 2


def test_r_ie_43_a_ie_12_not_while_the_shoggoth_is_on_the_board():
    state = position(2, human_cell="A4", pawns={"C6": {BLUE: 3}}, shoggoths={BLUE: "E3"})
    plot(state, THREE_RESTS)
    state.apply(a.MoveDeepOnes(1, ()))
    assert state.phase != "do_summon"
    assert state.summon_cells(BLUE) == []


def test_r_ie_43_r_ie_40_summons_are_applied_together():
    state = position(3, human_cell="A4", pawns={"A2": {BLUE: 3}, "C6": {GREEN: 3}})
    plot(state, THREE_RESTS)
    state.apply(a.MoveDeepOnes(1, ()))
    state.apply(a.MoveDeepOnes(2, ()))
    assert seats(state) == [1, 2]
    assert state.apply(a.Summon(2, "C6")) == []
    assert state.shoggoths[GREEN] == ""
    refused(state, a.Summon(2, ""), "R-IE-40", "Seat 3 cannot act now")
    events = state.apply(a.Summon(1, "A2"))
    assert set(of_type(events, a.Summoned)) == {a.Summoned(GREEN, "C6"), a.Summoned(BLUE, "A2")}
    assert state.shoggoths == {BLUE: "A2", GREEN: "C6"}


# ======================================================================== spawn R-IE-44, R-IE-45


def spawn_position(players=2, **kw):
    """The Human rested; the Deep Ones moved nothing; the spawn step waits."""
    state = position(players, human_cell="A4", **kw)
    plot(state, THREE_RESTS)
    for seat in state.do_seats():
        state.apply(a.MoveDeepOnes(seat, ()))
    while state.phase == "do_summon":
        state.apply(a.Summon(seats(state)[0], ""))
    return state


def test_r_ie_44_one_pawn_per_spawn_cell_occupied_on_cells_with_deep_ones():
    state = spawn_position(pawns={"B1": {BLUE: 1}, "D3": {BLUE: 2}, "C2": {BLUE: 3}})
    assert state.phase == "do_spawn"
    assert state.pending() == (SeatPrompt(1, "do_spawn", "spawn"),)
    assert state.spawn_count(BLUE) == 2
    refused(state, a.Spawn(1, ("C2",)), "R-IE-44", "blue spawns 2 Deep Ones this turn, not 1")
    refused(state, a.Spawn(1, ("C2", "C4")), "R-IE-44",
            "'C4' has no Deep One: spawn on a cell that already holds one")
    refused(state, a.Spawn(1, ("C2", "C2")), "R-IE-44",
            "C2 would hold more than 4 blue Deep Ones")
    assert a.Spawn(1, ("B1", "B1")) in state.legal_actions(1)
    events = state.apply(a.Spawn(1, ("C2", "B1")))
    assert events[0] == a.Spawned(BLUE, ("C2", "B1"))
    assert state.pawns["C2"] == {BLUE: 4} and state.pawns["B1"] == {BLUE: 2}
    assert state.round == 2  # R-IE-40: the round ends, back to the Human
    check_pawns(state)


def test_r_ie_44_any_colour_makes_a_cell_eligible_and_splitting_is_free():
    state = spawn_position(3, pawns={"B1": {BLUE: 1}, "E1": {BLUE: 1}, "A5": {BLUE: 1},
                                     "C2": {GREEN: 4}})
    assert state.spawn_count(BLUE) == 3 and state.spawn_count(GREEN) == 0
    assert seats(state) == [1]
    state.apply(a.Spawn(1, ("C2", "C2", "E1")))
    assert state.pawns["C2"] == {GREEN: 4, BLUE: 2}


def test_r_ie_44_eligibility_is_taken_when_the_spawn_step_starts():
    state = position(2, human_cell="A4", pawns={"A2": {BLUE: 3}, "B1": {BLUE: 1}})
    plot(state, THREE_RESTS)
    state.apply(a.MoveDeepOnes(1, ()))
    state.apply(a.Summon(1, "A2"))  # A2 is empty again
    assert state.phase == "do_spawn" and state.spawn_count(BLUE) == 1
    refused(state, a.Spawn(1, ("A2",)), "R-IE-44", "'A2' has no Deep One")
    state.apply(a.Spawn(1, ("B1",)))
    assert state.pawns["B1"] == {BLUE: 2}


def test_r_ie_44_r_ie_47_the_pool_limits_the_spawn():
    full = {cell: {BLUE: 4} for cell in ("B1", "D3", "A1", "D2", "E2")}
    full.update({"C2": {BLUE: 3}, "B3": {BLUE: 1}})
    state = spawn_position(pawns=full)
    assert state.pools[BLUE] == 1 and state.spawn_count(BLUE) == 1  # 2 spawn cells
    refused(state, a.Spawn(1, ("B3", "B3")), "R-IE-44", "blue spawns 1 Deep One this turn")
    state.apply(a.Spawn(1, ("C2",)))
    assert state.pools[BLUE] == 0
    check_pawns(state)
    full["C2"] = {BLUE: 4}
    state = spawn_position(pawns=full)  # pool 0: nothing to spawn, no prompt
    assert state.pools[BLUE] == 0
    assert state.round == 2
    check_pawns(state)


def test_r_ie_44_no_room_under_the_cap_means_fewer_pawns():
    # blue's only pawns: 4 on the spawn cell D3; the one pawn it may spawn has no legal cell
    state = position(2, human_cell="A4", pawns={"D3": {BLUE: 4}})
    rest(state)
    assert state.round == 2 and state.phase == "plot"
    assert state.pawns == {"D3": {BLUE: 4}}
    # one cell with room: one pawn
    state = position(2, human_cell="A4", pawns={"D3": {BLUE: 4}, "B1": {BLUE: 3}})
    plot(state, THREE_RESTS)
    state.apply(a.MoveDeepOnes(1, ()))
    assert state.spawn_count(BLUE) == 1
    assert state.legal_actions(1) == [a.Spawn(1, ("B1",))]


def test_r_ie_45_a_player_without_pawns_spawns_one_where_deep_ones_are():
    state = spawn_position(3, pawns={"C2": {GREEN: 1}}, park=False)
    assert state.spawn_count(BLUE) == 1 and state.spawn_count(GREEN) == 0
    assert seats(state) == [1]
    refused(state, a.Spawn(1, ("C3",)), "R-IE-44", "'C3' has no Deep One")
    refused(state, a.Spawn(1, ()), "R-IE-44", "blue spawns 1 Deep One this turn, not 0")
    state.apply(a.Spawn(1, ("C2",)))
    assert state.pawns["C2"] == {GREEN: 1, BLUE: 1}
    check_pawns(state)


def test_r_ie_45_a_ie_14_with_no_deep_one_on_the_board_any_cell_without_a_deep_one_icon():
    state = spawn_position(2, pawns={}, park=False)
    assert state.pawns == {} and state.spawn_count(BLUE) == 1
    refused(state, a.Spawn(1, ("B1",)), "R-IE-44", "'B1' has no Deep One")
    legal = {x.cells for x in state.legal_actions(1)}
    assert legal == {(c.id,) for c in DATA.cells if not c.has_deep_one_icon}
    state.apply(a.Spawn(1, ("A4",)))  # even the Human's cell
    assert state.pawns == {"A4": {BLUE: 1}}
    do_turn(state)
    assert state.round == 2 and state.phase == "combat"  # the Human stayed on A4


def test_a_ie_13_spawns_are_simultaneous_by_default():
    state = spawn_position(3, pawns={}, park=False)
    assert seats(state) == [1, 2]
    state.apply(a.Spawn(2, ("C2",)))
    state.apply(a.Spawn(1, ("D2",)))
    assert state.pawns == {"C2": {GREEN: 1}, "D2": {BLUE: 1}}


def test_a_ie_13_option_spawns_in_seat_order_on_earlier_spawns():
    state = spawn_position(3, pawns={}, park=False,
                           options={"spawn_sequential_in_seat_order": True})
    assert seats(state) == [1]
    state.apply(a.Spawn(1, ("D2",)))
    assert seats(state) == [2]
    refused(state, a.Spawn(2, ("C2",)), "R-IE-44", "'C2' has no Deep One")
    state.apply(a.Spawn(2, ("D2",)))
    assert state.pawns == {"D2": {BLUE: 1, GREEN: 1}}


# ======================================================================== round and game end


def test_end_of_round_back_to_the_human():
    state = position(3, human_cell="D2", pawns={"B1": {BLUE: 1}, "C4": {GREEN: 1}})
    events = arrive(state, *one_step("W"), moves={GREEN: ("C4>C2",)}, spawns={BLUE: ("B1",)})
    assert types(events)[:7] == ["plotted", "deep_ones_moved", "deep_ones_moved",
                                 "deep_one_cards_drawn", "deep_one_cards_drawn", "spawned",
                                 "round_started"]
    assert state.round == 2 and state.phase == "combat"
    assert state.pending() == (SeatPrompt(0, "combat", "equip, heal, then fight"),)
    fight(state, (5,))
    assert state.phase == "plot" and seats(state) == [0]


def test_r_ie_47_pools_and_board_always_make_25():
    state = position(3, human_cell="D2",
                     pawns={"A2": {BLUE: 3}, "D3": {BLUE: 1}, "C2": {GREEN: 4},
                            "E5": {GREEN: 1}})
    arrive(state, *one_step("W"), summons={BLUE: "A2"}, spawns={BLUE: ("D3",)})
    check_pawns(state)
    assert state.pools == {BLUE: 23, GREEN: 20}
    fight(state, (6,), (1, 1, 1))
    check_pawns(state)
    assert state.pools == {BLUE: 23, GREEN: 24}
    for _ in range(2):
        rest(state, spawns={BLUE: ("D3",)})
        check_pawns(state)
    assert state.pools[BLUE] == 21 and state.pawns["D3"] == {BLUE: 4}
    assert max(state.pools.values()) <= 25


def test_r_ie_48_end_game_abandons_and_shows_everything():
    state = position(3, human_cell="C4", pawns={}, hand=["equipment-01"])
    plot(state, ("move-1-1", "rest-1", "rest-2"), ("N",))
    events = state.apply(EndGame("the table stopped"))
    assert events == []
    assert state.outcome().to_json() == {"result": "abandoned", "winners": [],
                                         "reason": "the table stopped", "rule": "BOX-END"}
    assert state.pending() == ()
    public = state.view(None)
    assert public["human_private"]["plot"]["path"] == ["C4", "C3"]
    assert public["human_private"]["hand"] == ["equipment-01"]
    assert public["deep_one_hands"] == state.do_hands
    refused(state, a.MoveDeepOnes(1, ()), "BOX-END", "the game is over")


# ======================================================================== hidden information


def test_the_plot_is_secret_until_the_reveal():
    state = position(3, human_cell="C4", pawns={"F4": {BLUE: 1}, "E5": {GREEN: 1}},
                     hand=["equipment-02"])
    events = plot(state, ("move-2-1", "rest-3", "move-1-1"), ("N", "E"))
    assert events == [a.Plotted(2, 1)]
    assert state.describe(a.Plot(0, ("move-2-1", "rest-3", "move-1-1"), ("N", "E"))) == (
        "The Human plots his movement")
    human = state.view(0)
    assert human["human_private"]["plot"]["path"] == ["C4", "C3", "C2", "D2"]
    assert human["human_private"]["plot"]["to"] == "D2"
    assert human["human_private"]["hand"] == ["equipment-02"]
    for viewer in (None, 1, 2):
        view = state.view(viewer)
        assert "human_private" not in view
        assert view["plot"] == {"face_down": 2, "rests": ["rest"]}
        assert view["human_cell"] == "C4"
        assert view["last_reveal"] is None
        text = json.dumps(view)
        assert "move-" not in text and '"path"' not in text and '"to"' not in text
        assert '"directions"' not in text and "equipment-02" not in text
        assert view["hand_size"] == 1 and view["movement"]["hand_size"] == 6
    # still secret while the Deep Ones act
    events = state.apply(a.MoveDeepOnes(1, ("F4>F5",)))
    events += state.apply(a.MoveDeepOnes(2, ()))
    for event in events:
        assert "move-" not in json.dumps(event.to_json())
    assert "move-" not in json.dumps(state.view(1))
    # the reveal publishes everything
    events = do_turn(state, spawns={BLUE: ("F5",)})
    assert of_type(events, a.Revealed)[0].path == ("C4", "C3", "C2", "D2")
    public = state.view(None)
    assert public["human_cell"] == "D2" and public["last_reveal"]["to"] == "D2"
    assert public["movement"]["discard"] == ["move-2", "move-1"]


def test_deep_one_hands_are_hidden_from_the_human():
    state = start(3, 1)
    assert "deep_one_hands" not in state.view(1)
    assert "deep_one_hands" not in state.view(None)
    for seat in (0, 2):
        assert state.view(seat)["deep_one_hands"] == {BLUE: state.do_hands[BLUE],
                                                      GREEN: state.do_hands[GREEN]}
    text = json.dumps(state.view(1))
    assert not [c for c in state.do_hands[BLUE] if f'"{c}"' in text]


def test_parked_pawns_helper_is_sane():
    state = position(4, pawns={"C2": {BLUE: 1}})
    assert state.pawns == {"C2": {BLUE: 1}, PARK[GREEN]: {GREEN: 1}, PARK[RED]: {RED: 1}}
    arrange(state, pawns={}, park=False)
    assert state.pawns == {} and state.pools == {BLUE: 25, GREEN: 25, RED: 25}
