"""Innsmouth 32: the Night Clerk's first dibs on mythos items (option ``clerk_dibs``,
R-I32-82, D-I32-52), reusing the gangsters' first dibs (R-I32-16, D-I32-28). EXAMPLE pack:
Seat 2 (index 1) plays Bugsy Malone, Seat 3 (index 2) Lefty Rourke (both gangsters); the
Night Clerk joins Seat 3's pool; the Elder Sign is an item with a 4-mythos store, the Tommy
Gun a first-dibs gun with none."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from services.games.core import ShuffleResult
from services.games.innsmouth_32 import I32State, Innsmouth32
from services.games.innsmouth_32 import actions as a
from services.games.innsmouth_32.data import SHIPPED_FILE, load_data, shipped_pack_text
from tests.games.i32_helpers import GAME, MOVIE, edit, move, refused, texts
from tests.games.i32_modules_helpers import mstart
from tests.games.test_i32_modules_play import PLAY

CLERK = "night-clerk"
ON = {"night_clerk": True, "clerk_dibs": True}


def clerk_joins(d: dict[str, Any], seat: int = 2, **fields: Any) -> None:
    """The Night Clerk, taken earlier as a survivor, is in ``seat``'s pool (a snapshot)."""
    move(d, CLERK, "discards")
    d["discards"].remove(CLERK)
    me = copy.deepcopy(next(iter(d["survivors"].values())))
    me.update(rest=3, mythos=9, items=[], stores={}, insane=[], stars=0, where="",
              inside=False, healed=False)
    me.update(fields)
    d["pools"][seat].append(CLERK)
    d["survivors"][CLERK] = me


def two_monsters(d: dict[str, Any]) -> None:
    move(d, "deep-one-2", "screen", 1)
    move(d, "deep-one-3", "screen", 2)


def revealed(state: I32State) -> I32State:
    """Seat 2's Bugsy takes the Fire Axe and rests: the top reel card is revealed."""
    state.apply(a.Spotlight(1, "bugsy-malone", "fire-axe"))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    return state


def at_dibs(card: str = "elder-sign", **options: Any) -> I32State:
    """``card`` revealed in slot 1 with the Night Clerk in Seat 3's pool; two Deep Ones on
    screen, a third on top of the reel pile."""
    def change(d: dict[str, Any]) -> None:
        clerk_joins(d)
        two_monsters(d)
    return revealed(edit(mstart(3, reel=(card, "deep-one-1"), **{**ON, **options}), change))


def test_the_clerks_player_takes_a_mythos_item_and_the_replacement_is_his_take() -> None:
    """R-I32-82, D-I32-28: Seat 3 is asked (Seat 2 has no Night Clerk); he takes the Elder
    Sign with its full store; the Deep One replacing it is the third monster: the creature
    feature is his, it attacks the Night Clerk."""
    state = at_dibs()
    assert state.phase == "choose" and state.current == {
        "seat": 2, "card": "elder-sign", "purpose": "dibs", "choices": [CLERK, "pass"]}
    events = state.apply(a.Choose(2, CLERK))
    assert texts(events) == ["First dibs!", "The Night Clerk takes Elder Sign",
                             "Screen slot 1: Deep One", "Creature feature!"]
    assert [e.rule for e in events[:2]] == ["R-I32-82", "R-I32-82"]
    me = state.survivors[CLERK]
    assert me["items"] == ["elder-sign"] and me["stores"] == {"elder-sign": 4}
    assert state.screen[0] == {"card": "deep-one-1", "down": False}
    assert state.pending()[0].to_json()["purpose"] == "Deep One attacks The Night Clerk"


def test_a_pass_leaves_the_item_on_the_screen() -> None:
    state = at_dibs("silver-dagger")
    events = state.apply(a.Choose(2, "pass"))
    assert "First dibs!" not in texts(events)
    assert state.screen[0]["card"] == "silver-dagger" and state.survivors[CLERK]["items"] == []
    assert state.phase != "choose" or state.current["purpose"] != "dibs"


def test_refused_a_wrong_seat_and_a_survivor_who_is_not_the_clerk() -> None:
    state = at_dibs()
    refused(state, a.Choose(1, CLERK), "R-I32-82",
            "Seat 2 cannot act now: the box is waiting for")
    refused(state, a.Choose(2, "lefty-rourke"), "R-I32-82",
            "Lefty Rourke is not one of the allowed choices: The Night Clerk")


def test_no_dibs_when_the_clerk_is_not_in_play_or_cannot_hold_it() -> None:
    """The Night Clerk not in a pool, inside a sanctuary, or with 2 items: nobody is asked;
    a Choose is refused for what the box waits for now (the director's fade-out offer)."""
    def in_corner(d: dict[str, Any]) -> None:
        clerk_joins(d, where="gilman-house", inside=True)
        move(d, "gilman-house", "discards")
        d["discards"].remove("gilman-house")
        d["sanctuaries"].append({"card": "gilman-house", "locks": 3, "mythos": 4,
                                 "occupants": [CLERK], "items": []})

    def full(d: dict[str, Any]) -> None:
        clerk_joins(d)
        for item in ("crowbar", "harpoon"):
            move(d, item, "items", CLERK)
    for change in (lambda d: None, in_corner, full):
        state = revealed(edit(mstart(3, reel=("elder-sign",), **ON), change))
        assert state.screen[0]["card"] == "elder-sign"
        assert state.phase == "fade", state.current
        refused(state, a.Choose(2, CLERK), "R-I32-66",
                "Seat 3 cannot act now: the box is waiting for Seat 1")


def test_no_dibs_with_the_option_off_and_the_option_alone_does_nothing() -> None:
    """clerk_dibs off (default): no prompt. clerk_dibs without night_clerk is accepted and
    ignored, like hound_returns without the Hound."""
    state = revealed(edit(mstart(3, reel=("elder-sign",), night_clerk=True), clerk_joins))
    assert state.options["clerk_dibs"] is False and state.phase == "fade"
    refused(state, a.Choose(2, CLERK), "R-I32-66",
            "Seat 3 cannot act now: the box is waiting for Seat 1")
    alone = GAME.new_state(3, {"clerk_dibs": True})
    assert alone.options["clerk_dibs"] is True and not alone.clerk_dibs_on()


def test_a_gun_without_a_store_is_still_the_gangsters_only() -> None:
    state = at_dibs("tommy-gun")
    assert state.current["seat"] == 1 and state.current["choices"] == ["bugsy-malone", "pass"]
    state.apply(a.Choose(1, "pass"))
    assert state.current["choices"] == ["lefty-rourke", "pass"]
    refused(state, a.Choose(2, CLERK), "R-I32-16",
            "The Night Clerk is not one of the allowed choices: Lefty Rourke")


def test_a_snapshot_mid_prompt_round_trips_and_plays_on_alike() -> None:
    state = at_dibs()
    again = GAME.state_from_json(copy.deepcopy(state.to_json()))
    assert again.to_json() == state.to_json()
    assert texts(again.apply(a.Choose(2, CLERK))) == texts(state.apply(a.Choose(2, CLERK)))
    assert again.to_json() == state.to_json()


# ------------------------------------------------------------ a gun with a mythos store


def both_game() -> Innsmouth32:
    """The EXAMPLE pack with a 3-mythos store on the Tommy Gun (a first-dibs gun)."""
    text = shipped_pack_text(SHIPPED_FILE).replace(
        'first_dibs = true\nwhole_throng = true', 'first_dibs = true\nwhole_throng = true\n'
        'mythos = 3', 1)
    return Innsmouth32(load_data(text))


def test_a_gun_with_a_store_asks_each_player_once_with_gangsters_and_clerk() -> None:
    """D-I32-52: clockwise from the director's left, one prompt per player listing his
    gangsters and the Night Clerk; Seat 3 gives it to the Night Clerk."""
    game = both_game()
    state = game.new_state(3, ON)
    state.apply(ShuffleResult("survivors", game.data.ids("survivors")))
    filler = [c for c in MOVIE if c != "tommy-gun" and game.data.get(c).kind == "monster"]
    top = ["tommy-gun", *filler][:10]
    screen = ("fire-axe", "boat-hook", "crowbar")
    rest = [c for c in state.deck_ids("movie") if c not in top and c not in screen]
    state.apply(ShuffleResult("movie", (*top, *screen, *rest)))
    if state.phase == "choose":
        state.apply(a.Choose(0, "pass"))
    data = copy.deepcopy(state.to_json())
    clerk_joins(data)
    state = revealed(game.state_from_json(data))
    assert state.current["seat"] == 1 and state.current["choices"] == ["bugsy-malone", "pass"]
    state.apply(a.Choose(1, "pass"))
    assert state.current["choices"] == ["lefty-rourke", CLERK, "pass"]
    events = state.apply(a.Choose(2, CLERK))
    assert texts(events)[:2] == ["First dibs!", "The Night Clerk takes Tommy Gun"]
    assert events[0].rule == "R-I32-82"
    assert state.survivors[CLERK]["stores"] == {"tommy-gun": 3}


# ------------------------------------------------------------ random playouts


@pytest.mark.parametrize(("players", "seed"), [(3, 2), (5, 3)])
def test_random_playouts_where_the_clerk_takes_a_mythos_item(players: int, seed: int) -> None:
    """The shared conformance checks (snapshots, views, refusals, replays) over whole games
    in which the Night Clerk's player takes a mythos item by first dibs."""
    PLAY.playout(players, ON, seed)
    state = GAME.new_state(players, ON)
    taken: list[str] = []
    for action in PLAY.history:
        if isinstance(action, a.Choose) and state.phase == "choose" and \
                state.current["purpose"] == "dibs" and action.value == CLERK:
            taken.append(state.current["card"])
        state.apply(action)
    assert taken and all(GAME.data.get(c).mythos for c in taken)
