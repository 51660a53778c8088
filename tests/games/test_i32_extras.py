"""Innsmouth 32: taking an item from a willing survivor (R-I32-13), power spoints lent to
another player's survivor (R-I32-55), insanity-healing items (R-I32-62), sanctuary storage
(R-I32-65), first dibs and the replacement card (R-I32-16). Seat 2 (index 1) plays Bugsy
Malone (MUSCLE 7, SPEED 6), Seat 3 (index 2) Lefty Rourke; both have 7 power spoints."""

from __future__ import annotations

import copy
from typing import Any

from services.games.core import ShuffleResult
from services.games.innsmouth_32 import I32State
from services.games.innsmouth_32 import actions as a
from tests.games.i32_helpers import edit, move, refused, roll, start, texts


def join(d: dict[str, Any], seat: int, s: str, **fields: Any) -> None:
    """Survivor ``s`` joins ``seat``'s pool in a snapshot."""
    me = copy.deepcopy(next(iter(d["survivors"].values())))
    me.update(rest=0, mythos=0, items=[], stores={}, insane=[], stars=0, where="",
              inside=False, healed=False)
    me.update(fields)
    d["survivor_pile"].remove(s)
    d["pools"][seat].append(s)
    d["survivors"][s] = me


def corner(d: dict[str, Any], card: str = "gilman-house", locks: int = 3, mythos: int = 4,
           *inside: str) -> None:
    """Sanctuary ``card`` in a corner with ``inside`` survivors in it."""
    move(d, card, "discards")
    d["discards"].remove(card)
    d["sanctuaries"].append({"card": card, "locks": locks, "mythos": mythos,
                             "occupants": list(inside), "items": []})
    for s in inside:
        d["survivors"][s].update(where=card, inside=True)


def at_act(change: Any) -> I32State:
    """Seat 2's pool turn: Bugsy Malone's action prompt."""
    state = edit(start(3), change)
    state.apply(a.Pool(1))
    return state


# ---------------------------------------------------------------------- R-I32-13 take from


def test_r_i32_13_take_an_item_from_ones_own_survivor() -> None:
    """R-I32-13: TAKE an item from another survivor of the same player: he is willing."""
    def change(d: dict[str, Any]) -> None:
        join(d, 1, "vera-lucchese")
        move(d, "elder-sign", "items", "vera-lucchese")
        d["survivors"]["vera-lucchese"]["stores"] = {"elder-sign": 3}
    state = at_act(change)
    assert a.Act(1, "bugsy-malone", "take_from", "vera-lucchese", "elder-sign") in \
        state.legal_actions(1)
    events = state.apply(a.Act(1, "bugsy-malone", "take_from", "vera-lucchese", "elder-sign"))
    assert texts(events)[0] == "Bugsy Malone takes Elder Sign from Vera Lucchese"
    assert state.survivors["bugsy-malone"]["items"] == ["elder-sign"]
    assert state.survivors["bugsy-malone"]["stores"] == {"elder-sign": 3}  # R-I32-58
    assert state.survivors["vera-lucchese"]["items"] == []
    assert state.phase == "fade"  # the action is done: the turn goes on


def _lefty_holds_axe(d: dict[str, Any]) -> None:
    move(d, "fire-axe", "items", "lefty-rourke")
    move(d, "shotgun", "screen", 0)


def test_r_i32_13_another_players_survivor_gives_when_he_agrees() -> None:
    state = at_act(_lefty_holds_axe)
    state.apply(a.Act(1, "bugsy-malone", "take_from", "lefty-rourke", "fire-axe"))
    assert state.current == {"seat": 2, "survivor": "bugsy-malone", "card": "fire-axe",
                             "purpose": "give", "choices": ["give", "refuse"]}
    refused(state, a.Choose(2, "maybe"), "R-I32-13",
            "maybe is not one of the allowed choices: give, refuse")
    events = state.apply(a.Choose(2, "give"))
    assert texts(events)[0] == "Bugsy Malone takes Fire Axe from Lefty Rourke"
    assert state.survivors["bugsy-malone"]["items"] == ["fire-axe"]
    assert state.survivors["lefty-rourke"]["items"] == []


def test_r_i32_13_a_refusal_gives_the_taker_his_action_back() -> None:
    state = at_act(_lefty_holds_axe)
    state.apply(a.Act(1, "bugsy-malone", "take_from", "lefty-rourke", "fire-axe"))
    events = state.apply(a.Choose(2, "refuse"))
    assert texts(events) == ["Seat 3 keeps Fire Axe: Bugsy Malone chooses another action"]
    assert state.phase == "act" and state.current == {"seat": 1, "survivor": "bugsy-malone"}
    assert state.survivors["lefty-rourke"]["items"] == ["fire-axe"]


def test_r_i32_13_refusals_two_items_power_plays_and_the_area_option() -> None:
    """R-I32-11: the taker's 2-item limit holds; only items (not power plays) are taken;
    option take_from_area = same: only from the same area of play."""
    def full(d: dict[str, Any]) -> None:
        _lefty_holds_axe(d)
        move(d, "harpoon", "items", "bugsy-malone")
        move(d, "crowbar", "items", "bugsy-malone")
    state = at_act(full)
    refused(state, a.Act(1, "bugsy-malone", "take_from", "lefty-rourke", "fire-axe"),
            "R-I32-11", "Bugsy Malone holds 2 items already")

    def book(d: dict[str, Any]) -> None:
        move(d, "necronomicon", "items", "lefty-rourke")
    state = at_act(book)
    refused(state, a.Act(1, "bugsy-malone", "take_from", "lefty-rourke", "necronomicon"),
            "R-I32-13", "only an item is taken from another survivor, not a power play")

    def apart(d: dict[str, Any]) -> None:
        _lefty_holds_axe(d)
        corner(d, "gilman-house", 3, 4, "lefty-rourke")
    state = edit(start(3, take_from_area="same"), apart)
    state.apply(a.Pool(1))
    refused(state, a.Act(1, "bugsy-malone", "take_from", "lefty-rourke", "fire-axe"),
            "R-I32-13", "Lefty Rourke is not in Bugsy Malone's area of play")
    state = edit(start(3), apart)  # default: any survivor in play
    state.apply(a.Pool(1))
    assert a.Act(1, "bugsy-malone", "take_from", "lefty-rourke", "fire-axe") in \
        state.legal_actions(1)


# ---------------------------------------------------------------------- R-I32-55 lending


def _armed(d: dict[str, Any]) -> None:
    move(d, "fire-axe", "items", "bugsy-malone")
    move(d, "shotgun", "screen", 0)
    move(d, "deep-one-1", "throng", 0, 0)


def test_r_i32_55_another_player_lends_power_spoints_that_are_used_or_returned() -> None:
    state = at_act(_armed)
    state.apply(a.Act(1, "bugsy-malone", "attack", "deep-one-1", "fire-axe", "muscle"))
    prompts = [p.to_json() for p in state.pending()]
    assert [(p["actor"], p["kind"]) for p in prompts] == [(1, "commit"), (2, "lend")]
    assert prompts[1]["text"] == "lend power spoints to Bugsy Malone (Seat 2), or wait"
    assert prompts[1]["optional"] is True and "optional" not in prompts[0]  # it may pass
    events = state.apply(a.Lend(2, 3))
    assert texts(events) == ["Seat 3 lends 3 power spoints to Bugsy Malone"]
    assert state.power[2] == 4 and state.current["lent"] == [0, 0, 3]
    assert state.view(None)["step"]["lent"] == [0, 0, 3]
    refused(state, a.Commit(1, 0, 0, 4), "R-I32-55", "3 lent spoints wait for Seat 2, not 4")
    refused(state, a.Lend(2, 5), "R-I32-55",
            "Seat 3 has 4 power spoints: it may lend 1 to 4, not 5")
    refused(state, a.Lend(0, 1), "R-I32-41", "Seat 1 cannot act now")
    refused(state, a.Commit(2, 1, 0), "R-I32-55",
            "Seat 3 may only lend power spoints now: Seat 2 spends them")
    events = state.apply(a.Commit(1, 1, 0, 2))
    assert texts(events) == ["Seat 2 commits 3 spoints to the attack roll"]
    assert state.power == [0, 6, 5]  # 1 of Seat 3's 3 came back
    assert state.fight["spent"] == 3
    assert roll(state, 5, 5)[0].text.startswith("2d6 = 5+5 = 10 <= ")  # MUSCLE 7 + 3


def test_r_i32_55_lent_spoints_negate_damage_for_a_player_with_none() -> None:
    """R-I32-49, R-I32-55: Bugsy's player has no spoints left; Seat 3 lends the 3 that negate
    the damage."""
    def broke(d: dict[str, Any]) -> None:
        move(d, "deep-one-1", "throng", 0, 0)
        d["power"][1] = 0
    state = edit(start(3), broke)
    for seat, s in ((1, "bugsy-malone"), (2, "lefty-rourke")):
        state.apply(a.Pool(seat))
        state.apply(a.Act(seat, s, "rest"))
        state.apply(a.Pass(0))
    state.apply(a.AllOut(0))
    state.apply(a.Aim(0, "bugsy-malone"))
    roll(state, 3, 1)
    roll(state, 1)  # 1 damage: Bugsy has 2 rest spoints
    roll_state = state
    assert roll_state.phase == "negate"
    state.apply(a.Lend(2, 1))
    refused(state, a.Negate(1, 0, 2, 1), "R-I32-49",
            "negating 1 damage costs exactly 1 spoints")
    events = state.apply(a.Negate(1, 0, 0, 1))
    assert texts(events)[0] == "Bugsy Malone negates the damage with 1 spoints"
    assert state.power[2] == 6 and state.survivors["bugsy-malone"]["rest"] == 2


# ---------------------------------------------------------------------- R-I32-62 items heal


def _salts(d: dict[str, Any]) -> None:
    move(d, "smelling-salts", "items", "bugsy-malone")
    d["survivors"]["lefty-rourke"]["insane"] = ["guts"]


def test_r_i32_62_an_item_heals_insanity_in_the_same_area_and_is_used_up() -> None:
    state = at_act(_salts)
    act = a.Act(1, "bugsy-malone", "heal_item", "lefty-rourke", "smelling-salts", "guts")
    assert act in state.legal_actions(1)
    events = state.apply(act)
    assert texts(events)[:2] == ["Bugsy Malone heals Lefty Rourke's GUTS with Smelling Salts",
                                 "Smelling Salts is used up"]
    assert state.survivors["lefty-rourke"]["insane"] == []
    assert state.survivors["bugsy-malone"]["items"] == []
    assert state.discards[-1] == "smelling-salts"
    state = edit(start(3, heal_item_kept=True), _salts)
    state.apply(a.Pool(1))
    state.apply(act)
    assert state.survivors["bugsy-malone"]["items"] == ["smelling-salts"]


def test_r_i32_62_not_across_areas_of_play() -> None:
    def apart(d: dict[str, Any]) -> None:
        _salts(d)
        corner(d, "gilman-house", 3, 4, "lefty-rourke")
    state = at_act(apart)
    refused(state, a.Act(1, "bugsy-malone", "heal_item", "lefty-rourke", "smelling-salts",
                         "guts"), "R-I32-62",
            "Lefty Rourke is not in Bugsy Malone's area of play (the pool, the same sanctuary "
            "or the same event)")
    refused(state, a.Act(1, "bugsy-malone", "heal_item", "bugsy-malone", "smelling-salts",
                         "guts"), "R-I32-62", "Bugsy Malone has no insanity token on GUTS")


# ---------------------------------------------------------------------- R-I32-65 storage


def _inside(d: dict[str, Any]) -> None:
    move(d, "fire-axe", "items", "bugsy-malone")
    move(d, "shotgun", "screen", 0)
    corner(d, "gilman-house", 3, 4, "bugsy-malone")


def test_r_i32_65_store_and_take_back_are_free_actions() -> None:
    state = at_act(_inside)
    events = state.apply(a.Act(1, "bugsy-malone", "store", item="fire-axe"))
    assert texts(events) == ["Bugsy Malone stores Fire Axe in Gilman House"]
    assert state.sanctuary("gilman-house")["items"] == ["fire-axe"]
    assert state.phase == "act" and state.current["survivor"] == "bugsy-malone"  # free
    assert state.survivors["bugsy-malone"]["where"] == "gilman-house"
    events = state.apply(a.Act(1, "bugsy-malone", "retrieve", item="fire-axe"))
    assert texts(events) == ["Bugsy Malone takes back Fire Axe in Gilman House"]
    assert state.survivors["bugsy-malone"]["items"] == ["fire-axe"]
    state.apply(a.Act(1, "bugsy-malone", "store", item="fire-axe"))
    state.apply(a.Act(1, "bugsy-malone", "sanctuary_rest"))
    assert state.survivors["bugsy-malone"]["rest"] == 3


def test_r_i32_65_only_occupants_store_and_stored_items_go_with_the_sanctuary() -> None:
    def outside(d: dict[str, Any]) -> None:
        move(d, "fire-axe", "items", "bugsy-malone")
        move(d, "shotgun", "screen", 0)
        corner(d, "gilman-house", 3, 4)
    state = at_act(outside)
    refused(state, a.Act(1, "bugsy-malone", "store", item="fire-axe"), "R-I32-65",
            "Bugsy Malone is not inside a sanctuary: only its occupants store or take items")

    def last_token(d: dict[str, Any]) -> None:
        _inside(d)
        d["sanctuaries"][0].update(locks=0, mythos=1)
    state = at_act(last_token)
    state.apply(a.Act(1, "bugsy-malone", "store", item="fire-axe"))
    state.apply(a.Act(1, "bugsy-malone", "investigate"))
    events = roll(state, 5)
    assert "Gilman House is gone" in texts(events)
    assert "fire-axe" in state.discards and state.sanctuaries == []


def test_r_i32_65_a_sanctuary_search_stores_what_the_survivor_cannot_hold() -> None:
    def full(d: dict[str, Any]) -> None:
        _inside(d)
        move(d, "harpoon", "items", "bugsy-malone")
        move(d, "elder-sign", "discards")
    state = at_act(full)
    state.apply(a.Act(1, "bugsy-malone", "sanctuary_search"))
    order = ["elder-sign", *[c for c in state.discards if c != "elder-sign"]]
    events = state.apply(ShuffleResult("discards", tuple(order)))
    assert any(t.startswith("Bugsy Malone searches 4 discards: keeps Elder Sign (stored)")
               for t in texts(events))
    sanctuary = state.sanctuary("gilman-house")
    assert sanctuary["items"] == ["elder-sign"] and sanctuary["stores"] == {"elder-sign": 4}


# ---------------------------------------------------------------------- R-I32-16 dibs


def test_r_i32_16_the_gangster_is_subject_to_the_replacement_card() -> None:
    """R-I32-16, R-I32-25: Lefty takes the Tommy Gun by first dibs; its replacement is the
    third monster on screen: the creature feature is his - each monster attacks him."""
    def screen(d: dict[str, Any]) -> None:
        move(d, "deep-one-2", "screen", 1)
        move(d, "deep-one-3", "screen", 2)
    state = edit(start(3, reel=("tommy-gun", "deep-one-1")), screen)
    state.apply(a.Spotlight(1, "bugsy-malone", "fire-axe"))
    state.apply(a.Act(1, "bugsy-malone", "rest"))  # the Tommy Gun is revealed
    state.apply(a.Choose(1, "pass"))
    events = state.apply(a.Choose(2, "lefty-rourke"))
    assert texts(events)[-1] == "Creature feature!"
    assert state.pending()[0].to_json()["purpose"] == "Deep One attacks Lefty Rourke"


def test_the_new_actions_read_as_sentences() -> None:
    state = start(3)
    assert state.describe(a.Act(1, "bugsy-malone", "take_from", "lefty-rourke", "fire-axe")) \
        == "Bugsy Malone: take Fire Axe from Lefty Rourke"
    assert state.describe(a.Act(1, "bugsy-malone", "heal_item", "lefty-rourke",
                                "smelling-salts", "guts")) == \
        "Bugsy Malone: heal Lefty Rourke's GUTS with Smelling Salts"
    assert state.describe(a.Act(1, "bugsy-malone", "store", item="fire-axe")) == \
        "Bugsy Malone: store Fire Axe in the sanctuary"
    assert state.describe(a.Act(2, "lefty-rourke", "gambit", "snatched")) == \
        "Lefty Rourke: gambit on Snatched"
    assert state.describe(a.Lend(2, 3)) == "Seat 3 lends 3 power spoints"
    assert state.describe(a.Commit(1, 1, 0, 2)) == \
        "Seat 2 commits 1 power, 0 rest and 2 lent spoints"
    assert state.describe(a.StarAction(1, "bugsy-malone")) == \
        "Seat 2: Bugsy Malone spends a horror star for an extra action"


def test_r_i32_13_a_taker_in_a_sanctuary_leaves_it_only_when_given_the_item() -> None:
    """R-I32-63: TAKE is no sanctuary action: the taker returns to the pool, but a refusal
    changes nothing."""
    def inside(d: dict[str, Any]) -> None:
        _lefty_holds_axe(d)
        corner(d, "gilman-house", 3, 4, "bugsy-malone")
    state = at_act(inside)
    state.apply(a.Act(1, "bugsy-malone", "take_from", "lefty-rourke", "fire-axe"))
    state.apply(a.Choose(2, "refuse"))
    assert state.survivors["bugsy-malone"]["where"] == "gilman-house"
    state.apply(a.Act(1, "bugsy-malone", "take_from", "lefty-rourke", "fire-axe"))
    events = state.apply(a.Choose(2, "give"))
    assert texts(events)[:2] == ["Bugsy Malone returns to the pool",
                                 "Bugsy Malone takes Fire Axe from Lefty Rourke"]
    assert state.survivors["bugsy-malone"]["where"] == ""
