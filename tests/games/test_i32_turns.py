"""Innsmouth 32 set-up and character turns with exact results and refusals (R-I32-02..08,
R-I32-10..15, R-I32-24, R-I32-63, A-I32-03, A-I32-22). Stats of the EXAMPLE pack: Bugsy
Malone MUSCLE 7 SPEED 6 BRAINS 5 GUTS 6; Lefty Rourke 6/7/5/5; Professor Armitage 4/5/8/7 with
2 printed mythos; a Deep One is worth 4."""

from __future__ import annotations

import random
from typing import Any

import pytest

from services.games.core import DrawResult, OptionError, ShuffleResult
from services.games.innsmouth_32 import actions as a
from tests.games.i32_helpers import GAME, edit, move, refused, roll, start, texts


def test_setup_deals_the_piles_and_power_points() -> None:
    """R-I32-02, R-I32-03, R-I32-05, R-I32-06, R-I32-08."""
    state = start(3)
    assert state.pools == [[], ["bugsy-malone"], ["lefty-rourke"]]
    assert len(state.survivor_pile) == 10 and len(state.reel_pile) == 10
    assert len(state.discards) == len(GAME.data.movie) - 13
    assert [s["card"] for s in state.screen] == ["fire-axe", "boat-hook", "crowbar"]
    assert not any(s["down"] for s in state.screen)
    assert state.power == [0, 7, 7]
    assert state.survivors["bugsy-malone"]["rest"] == 0  # A-I32-04 default
    assert state.pending()[0].to_json() == {
        "actor": 1, "kind": "turn", "text": "choose pool actions, take+act or draw survivor+act"}


@pytest.mark.parametrize(("players", "each"), [(2, 7), (4, 7), (5, 6), (6, 6), (7, 5), (8, 5),
                                               (9, 4)])
def test_power_points_by_number_of_character_players(players: int, each: int) -> None:
    """R-I32-05: 2-3: 7, 4-5: 6, 6-7: 5, 8+: 4 (the director excluded)."""
    state = start(players)
    assert state.power[0] == 0 and set(state.power[1:]) == {each}


def test_start_rest_and_printed_mythos() -> None:
    """A-I32-04: printed mythos always; rest spoints by the option."""
    state = start(2, survivors=["professor-armitage", *[s for s in GAME.data.ids("survivors")
                                                        if s != "professor-armitage"]],
                  setup_rest_points=3)
    assert state.survivors["professor-armitage"]["mythos"] == 2
    assert state.survivors["professor-armitage"]["rest"] == 3


def test_opening_monsters_go_to_their_own_throngs() -> None:
    """R-I32-07, A-I32-05: each opening monster in its own throng, replaced from the reel."""
    state = start(3, reel=("crowbar", "deep-one-2"), screen=("deep-one-1", "fire-axe",
                                                             "boat-hook"))
    assert state.throngs[0][:2] == [["deep-one-1"], []]
    assert state.screen[0] == {"card": "crowbar", "down": False}
    assert state.reel_pile[0] == "deep-one-2"


def test_pool_rest_and_its_cap() -> None:
    """R-I32-10, R-I32-13: REST +2 rest spoints, never above 7 (R-I32-55)."""
    state = start(3)
    events = state.apply(a.Pool(1))
    assert texts(events) == ["Seat 2 takes pool actions"]
    assert state.pending()[0].text == "choose Bugsy Malone's action"
    events = state.apply(a.Act(1, "bugsy-malone", "rest"))
    assert "Bugsy Malone rests: 2 rest spoints" in texts(events)
    state = edit(start(3), lambda d: d["survivors"]["bugsy-malone"].update(rest=6))
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    assert state.survivors["bugsy-malone"]["rest"] == 7


def test_draw_survivor_gets_three_rest_and_mythos_then_acts() -> None:
    """R-I32-15: 3 rest spoints and the printed mythos, then one pool action."""
    order = ["bugsy-malone", "lefty-rourke", "professor-armitage",
             *[s for s in GAME.data.ids("survivors")
               if s not in ("bugsy-malone", "lefty-rourke", "professor-armitage")]]
    state = start(3, survivors=order)
    events = state.apply(a.DrawSurvivor(1))
    assert "Seat 2 draws Professor Armitage" in texts(events)
    assert state.pools[1] == ["bugsy-malone", "professor-armitage"]
    assert state.survivors["professor-armitage"]["rest"] == 3
    assert state.survivors["professor-armitage"]["mythos"] == 2
    assert state.pending()[0].text == "choose Professor Armitage's action"


def test_draw_survivor_is_refused_with_a_full_pool() -> None:
    """A-I32-22: DRAW SURVIVOR with 3 survivors is illegal."""
    state = start(3)
    for _ in range(2):
        state.apply(a.DrawSurvivor(1))
        state.apply(a.Act(1, state.pools[1][-1], "rest"))
        while state.phase != "turn" or state.current["seat"] != 1:
            _advance_others(state)
    refused(state, a.DrawSurvivor(1), "R-I32-15", "the pool is full: 3 survivors at most")


DICE = random.Random(0)


def _advance_others(state: Any) -> None:
    """One step of the others: chance by a seeded die, a turn of pool rests, the director
    passing (no attack is possible in these positions) or declining the fade out."""
    prompt = state.pending()[0]
    if prompt.actor == "chance":
        state.apply(prompt.resolve(DICE))
    elif prompt.kind == "turn":
        state.apply(a.Pool(prompt.seat))
    elif prompt.kind == "act":
        state.apply(a.Act(prompt.seat, state.current["survivor"], "rest"))
    else:
        state.apply(a.Pass(prompt.seat))


def test_pool_survivors_act_in_placement_order() -> None:
    """R-I32-12: right to left, the order they were placed."""
    state = edit(start(3), lambda d: (d["pools"][1].append("vera-lucchese"),
                                      d["survivor_pile"].remove("vera-lucchese"),
                                      d["survivors"].update({"vera-lucchese": dict(
                                          d["survivors"]["bugsy-malone"])})))
    state.apply(a.Pool(1))
    assert state.current["survivor"] == "bugsy-malone"
    refused(state, a.Act(1, "vera-lucchese", "rest"), "R-I32-13", "not one of the allowed")
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    assert state.phase == "fade"  # R-I32-66: the director may fade out after each survivor
    state.apply(a.Pass(0))
    assert state.current["survivor"] == "vera-lucchese"


def test_spotlight_take_refills_face_down_and_reveals_after_the_turn() -> None:
    """R-I32-14, R-I32-24, A-I32-03: the refill is face down until the survivor's turn ends."""
    state = start(3)
    top = state.reel_pile[0]
    state.apply(a.Spotlight(1, "bugsy-malone", "fire-axe"))
    assert state.survivors["bugsy-malone"]["items"] == ["fire-axe"]
    assert state.screen[0] == {"card": top, "down": True}
    assert state.view(None)["screen"][0] == {"card": "", "face_down": True}
    events = state.apply(a.Act(1, "bugsy-malone", "rest"))
    assert state.screen[0] == {"card": top, "down": False}
    assert "Screen slot 1: Deep One" in texts(events)


def test_take_respects_two_items_but_not_popcorn() -> None:
    """R-I32-11: at most 2 item or power play cards; popcorn is eaten."""
    def two(d: dict) -> None:
        move(d, "shotgun", "items", "bugsy-malone")
        move(d, "harpoon", "items", "bugsy-malone")
        move(d, "popcorn-1", "screen", 2)
    state = edit(start(3), two)
    state.apply(a.Pool(1))
    takes = [x.target for x in state.legal_actions(1) if x.kind == "take"]
    assert takes == ["popcorn-1"]
    refused(state, a.Act(1, "bugsy-malone", "take", "fire-axe"), "R-I32-13",
            "not one of the allowed")
    events = state.apply(a.Act(1, "bugsy-malone", "take", "popcorn-1"))
    assert "Bugsy Malone eats Popcorn: 1 rest spoints" in texts(events)


def test_mythos_brains_test_with_spoints() -> None:
    """R-I32-13, R-I32-41: BRAINS 5 + 2 spoints = 7; 3+4 passes: REEL# (1) mythos."""
    state = start(3)
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "mythos"))
    assert state.pending()[0].text == "commit spoints before the BRAINS test"
    refused(state, a.Commit(1, 7, 0), "R-I32-41", "at most 6 spoints")
    state.apply(a.Commit(1, 2, 0))
    events = roll(state, 3, 4)
    assert texts(events)[:2] == ["2d6 = 3+4 = 7 <= BRAINS 5 + 2 spoints: success",
                                 "Bugsy Malone gains 1 mythos"]
    assert state.survivors["bugsy-malone"]["mythos"] == 1 and state.power[1] == 5


def test_search_keeps_items_and_returns_the_rest() -> None:
    """R-I32-13: shuffle the discards, draw 2, keep items, power plays and popcorn."""
    state = start(3)
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "search"))
    order = ["shotgun", "deep-one-hybrid-5", *[c for c in state.discards
                                                if c not in ("shotgun", "deep-one-hybrid-5")]]
    events = state.apply(ShuffleResult("discards", tuple(order)))
    assert "Bugsy Malone searches 2 discards: keeps Shotgun" in texts(events)
    assert state.survivors["bugsy-malone"]["items"] == ["shotgun"]
    assert "deep-one-hybrid-5" in state.discards and "shotgun" not in state.discards


def test_sanctuary_move_then_sanctuary_actions_and_locks() -> None:
    """R-I32-63, R-I32-64: MOVE is the whole turn; next turn a sanctuary action; while locks
    remain the survivor cannot be attacked, only the locks."""
    def corner(d: dict) -> None:
        move(d, "gilman-house", "discards")
        d["discards"].remove("gilman-house")
        d["sanctuaries"].append({"card": "gilman-house", "locks": 3, "mythos": 4,
                                 "occupants": [], "items": []})
    state = edit(start(3), corner)
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "move", "gilman-house"))
    assert state.survivors["bugsy-malone"]["where"] == "gilman-house"
    assert "bugsy-malone" not in state.survivor_targets()
    assert "locks:gilman-house" in state.survivor_targets()
    while state.phase != "turn" or state.current["seat"] != 1:
        _advance_others(state)
    state.apply(a.Pool(1))
    kinds = {x.kind for x in state.legal_actions(1)}
    assert {"sanctuary_rest", "investigate", "sanctuary_search"} <= kinds
    state.apply(a.Act(1, "bugsy-malone", "investigate"))
    events = roll(state, 6)
    assert "1d6 = 6: Bugsy Malone takes 4 mythos" in texts(events)
    assert state.survivors["bugsy-malone"]["mythos"] == 4
    assert state.sanctuary("gilman-house")["mythos"] == 0


def test_random_victim_draws_only_survivors_in_play() -> None:
    """R-I32-33: a victims card not in play is redrawn: only those in play can come."""
    state = start(3, reel=("the-tide-rises",))
    state.apply(a.Spotlight(1, "bugsy-malone", "fire-axe"))
    state.apply(a.Act(1, "bugsy-malone", "rest"))  # the event is revealed
    prompt = state.pending()[0]
    assert prompt.to_json()["kind"] == "draw" and prompt.to_json()["size"] == 2
    refused(state, DrawResult("victims", "vera-lucchese"), "R-I32-33", "not in the victims")


def test_gangster_first_dibs() -> None:
    """R-I32-16: the Tommy Gun appears: the gangster's player may take it at once, outside
    his turn; the replacement comes face down."""
    state = start(3, reel=("tommy-gun", "deep-one-1"))
    state.apply(a.Spotlight(1, "bugsy-malone", "fire-axe"))
    state.apply(a.Act(1, "bugsy-malone", "rest"))  # the Tommy Gun is revealed
    assert state.current == {"seat": 1, "card": "tommy-gun", "purpose": "dibs",
                             "choices": ["bugsy-malone", "pass"]}
    events = state.apply(a.Choose(1, "bugsy-malone"))
    assert texts(events)[:2] == ["First dibs!", "Bugsy Malone takes Tommy Gun"]
    assert state.survivors["bugsy-malone"]["items"] == ["fire-axe", "tommy-gun"]
    assert state.screen[0]["card"] == "deep-one-1"


def test_first_dibs_declined_leaves_the_gun_on_screen() -> None:
    state = start(3, reel=("tommy-gun",))
    state.apply(a.Spotlight(1, "bugsy-malone", "fire-axe"))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    refused(state, a.Choose(1, "lefty-rourke"), "R-I32-16",
            "Lefty Rourke is not one of the allowed choices: Bugsy Malone, pass")
    state.apply(a.Choose(1, "pass"))
    assert state.current["seat"] == 2  # Lefty Rourke is a gangster too
    state.apply(a.Choose(2, "pass"))
    assert state.screen[0] == {"card": "tommy-gun", "down": False}
    assert state.phase == "fade"  # the turn goes on


def test_the_doctor_heals_once_per_reel_in_the_same_area() -> None:
    """R-I32-62: one insanity token off a survivor in the same area, once per reel."""
    order = ["the-doctor", *[s for s in GAME.data.ids("survivors") if s != "the-doctor"]]
    state = start(3, survivors=order)
    def mad(d: dict[str, Any]) -> None:
        d["survivors"]["bugsy-malone"]["insane"] = ["speed", "guts"]
    state = edit(state, mad)
    state.apply(a.Pool(1))
    heals = [x for x in state.legal_actions(1) if x.kind == "heal"]
    assert heals == [a.Act(1, "the-doctor", "heal", "bugsy-malone", "", "speed"),
                     a.Act(1, "the-doctor", "heal", "bugsy-malone", "", "guts")]
    events = state.apply(heals[1])
    assert "The Doctor heals Bugsy Malone's GUTS" in texts(events)
    assert state.survivors["bugsy-malone"]["insane"] == ["speed"]
    assert state.survivors["the-doctor"]["healed"]
    state.apply(a.Pass(0))
    state.apply(a.Pool(2))
    state.apply(a.Act(2, "bugsy-malone", "rest"))
    state.apply(a.Pass(0))
    state.apply(a.Pass(0))
    state.apply(a.Pool(1))
    assert not [x for x in state.legal_actions(1) if x.kind == "heal"]


def test_player_counts_and_the_directors_seat() -> None:
    """R-I32-01, R-I32-08: 2 to 9 seats; play starts on the director's left."""
    with pytest.raises(OptionError) as caught:
        GAME.new_state(10)
    assert caught.value.rule == "R-I32-01" and "2 to 9 players" in caught.value.message
    with pytest.raises(OptionError) as caught:
        GAME.new_state(3, {"director_seat": 3})
    assert "director_seat 3 is not a seat: seats are 0 to 2" in caught.value.message
    state = start(3, director_seat=2)
    assert state.pools == [["bugsy-malone"], ["lefty-rourke"], []]
    assert state.current == {"seat": 0}
