"""Innsmouth 32: the faction games (R-I32-83, option faction_game): each player a faction,
one survivor in play and two in his own pile; with 3 players the Locals are the common pile."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

import pytest

from services.games.core import OptionError, ShuffleResult
from services.games.innsmouth_32 import I32State, Innsmouth32
from services.games.innsmouth_32.actions import Choose, DrawSurvivor
from services.games.innsmouth_32.data import load_data
from tests.games.conformance import Conformance
from tests.games.i32_helpers import GAME, ITEMS, MOVIE, edit, refused
from tests.games.test_i32_conformance import forbidden, invariants

GANGSTERS = ("bugsy-malone", "lefty-rourke", "vera-lucchese")
FOUR = {"faction_game": "four"}
THREE = {"faction_game": "three", "survivor_loss": True}


def members(side: str) -> list[str]:
    return [s.id for s in GAME.data.survivors if s.faction == side]


def begin(players: int, options: dict[str, Any], sides: Sequence[str]) -> I32State:
    """Each character player (seats 1, 2, ...) takes the faction given, starts with its first
    survivor and keeps the other two in their printed order; the movie is dealt as usual."""
    state = GAME.new_state(players, options)
    if state.phase == "shuffle" and state.current["deck"] == "survivors":
        pile = state.current["items"]  # the Locals with 3 players
        state.apply(ShuffleResult("survivors", tuple(pile)))
    for seat, side in enumerate(sides, start=1):
        first, *rest = members(side)
        state.apply(Choose(seat, side))
        state.apply(Choose(seat, first))
        state.apply(ShuffleResult("own", tuple(rest)))
    screen = list(ITEMS)
    pile = [c for c in MOVIE if c not in screen and GAME.data.get(c).kind == "monster"][:10]
    rest = [c for c in MOVIE if c not in pile and c not in screen]
    state.apply(ShuffleResult("movie", (*pile, *screen, *rest)))
    if state.phase == "choose" and state.current["purpose"] == "cut":
        state.apply(Choose(state.director, "pass"))
    return state


def test_four_players_choose_factions_and_keep_two_survivors_each() -> None:
    state = begin(5, FOUR, ("gangsters", "scholars", "students", "locals"))
    assert state.survivor_pile == []  # every survivor of the pack is in a faction
    assert state.pools[1:] == [[members(f)[0]] for f in ("gangsters", "scholars",
                                                              "students", "locals")]
    assert state.sides["piles"][1] == list(GANGSTERS[1:])
    assert state.sides["factions"] == ["", "gangsters", "scholars", "students", "locals"]
    view = state.view(2)
    assert view["own_piles"] == [0, 2, 2, 2, 2]
    assert view["factions"][1] == "gangsters"
    text = json.dumps(view)
    assert all(f'"{s}"' not in text for p in state.sides["piles"] for s in p)
    assert state.phase == "turn" and state.current["seat"] == 1


def test_the_faction_prompt_offers_the_free_factions_and_refuses_a_taken_one() -> None:
    state = GAME.new_state(5, FOUR)
    state.apply(Choose(1, "gangsters"))
    state.apply(Choose(1, GANGSTERS[0]))
    state.apply(ShuffleResult("own", GANGSTERS[1:]))
    assert state.phase == "choose" and state.current == {
        "seat": 2, "choices": ["scholars", "students", "locals"], "purpose": "faction"}
    refused(state, Choose(2, "gangsters"), "R-I32-83",
            "Seat 3 cannot play gangsters: the gangsters are taken; the factions free are "
            "scholars, students, locals")
    refused(state, Choose(1, "scholars"), "R-I32-83", "Seat 2 cannot act now")
    assert state.describe(Choose(2, "scholars")) == "Seat 3 plays the scholars"


def test_the_starting_survivor_must_be_of_the_chosen_faction() -> None:
    state = GAME.new_state(5, FOUR)
    state.apply(Choose(1, "gangsters"))
    scholar = members("scholars")[0]
    refused(state, Choose(1, scholar), "R-I32-83",
            f"Seat 2 cannot start with {GAME.data.get(scholar).name}: his faction's "
            "survivors are")


def test_three_players_pick_among_three_factions_and_the_locals_are_the_common_pile() -> None:
    state = GAME.new_state(4, THREE)
    assert state.phase == "shuffle" and sorted(state.current["items"]) == sorted(
        members("locals"))
    state.apply(ShuffleResult("survivors", tuple(members("locals"))))
    assert state.current["choices"] == ["gangsters", "scholars", "students"]
    refused(state, Choose(1, "locals"), "R-I32-83",
            "Seat 2 cannot play locals: 'locals' is not a faction played here")
    state = begin(4, THREE, ("gangsters", "scholars", "students"))
    assert state.survivor_pile == members("locals")
    assert state.view(None)["own_piles"] == [0, 2, 2, 2]


def test_draw_survivor_takes_the_top_of_the_own_pile() -> None:
    state = begin(5, FOUR, ("gangsters", "scholars", "students", "locals"))
    state.apply(DrawSurvivor(1))
    assert state.pools[1] == list(GANGSTERS[:2])
    assert state.sides["piles"][1] == [GANGSTERS[2]]
    assert state.survivors[GANGSTERS[1]]["rest"] == 3
    assert state.view(None)["own_piles"][1] == 1


def test_an_empty_own_pile_draws_from_the_locals_with_three_players() -> None:
    state = begin(4, THREE, ("gangsters", "scholars", "students"))

    def empty(data: dict[str, Any]) -> None:
        data["removed"] += data["sides"]["piles"][1]
        data["sides"]["piles"][1] = []

    state = edit(state, empty)
    top = state.survivor_pile[0]
    state.apply(DrawSurvivor(1))
    assert state.pools[1] == [GANGSTERS[0], top]


def test_with_four_an_empty_own_pile_cannot_draw() -> None:
    state = begin(5, FOUR, ("gangsters", "scholars", "students", "locals"))

    def empty(data: dict[str, Any]) -> None:
        data["removed"] += data["sides"]["piles"][1]
        data["sides"]["piles"][1] = []

    state = edit(state, empty)
    refused(state, DrawSurvivor(1), "R-I32-15",
            "Seat 2 cannot draw a survivor: the survivor pile is empty")


def test_a_player_with_no_survivor_and_an_own_pile_is_no_monster_player() -> None:
    state = begin(5, FOUR, ("gangsters", "scholars", "students", "locals"))

    def lose(data: dict[str, Any], keep: bool) -> None:
        data["pools"][2] = []
        gone = data["survivors"].pop(members("scholars")[0])
        assert gone is not None
        data["removed"].append(members("scholars")[0])
        if not keep:
            data["removed"] += data["sides"]["piles"][2]
            data["sides"]["piles"][2] = []

    for keep, monster in ((True, False), (False, True)):
        other = edit(state, lambda d, k=keep: lose(d, k))
        events = other.step_seat_turn(2)
        assert events == [] and (2 in other.monster_players) is monster
        assert other.phase == ("director" if monster else "turn")


@pytest.mark.parametrize(("players", "options", "words"), [
    (4, FOUR, "Factions: 4 players is for exactly 4 character players besides the "
              "director, not 3"),
    (5, THREE, "Factions: 3 + Locals is for exactly 3 character players besides the "
               "director, not 4"),
    (4, {"faction_game": "three"}, "Factions: 3 + Locals needs Survivor loss on, as the "
                                   "summary says: set Survivor loss: on"),
])
def test_refused_option_combinations(players: int, options: dict[str, Any],
                                     words: str) -> None:
    with pytest.raises(OptionError) as caught:
        GAME.new_state(players, options)
    assert caught.value.rule == "R-I32-83" and words in str(caught.value)


def test_the_pack_needs_three_survivors_per_played_faction() -> None:
    data = load_data()
    short = dataclasses.replace(data, survivors=tuple(
        s for s in data.survivors if s.id != GANGSTERS[2]))
    with pytest.raises(OptionError) as caught:
        Innsmouth32(short).new_state(5, FOUR)
    assert (caught.value.rule, caught.value.message) == (
        "R-I32-83", "Factions: 4 players needs 3 survivors of the gangsters; the pack has 2")


def hidden(state: Any, seat: int | None) -> set[str]:
    """The conformance secrets plus every player's own survivor pile."""
    found = forbidden(state, seat)
    if state.phase != "over":
        found |= set(state.faction_zone())
    return found


PLAYOUTS = Conformance(GAME, hidden, invariants, max_steps=3000, sample=0.1)


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize(("players", "options"), [(5, FOUR), (4, THREE),
                                                  (5, {**FOUR, "director_seat": 2,
                                                       "faction_play": True})])
def test_random_playouts(players: int, options: dict[str, Any], seed: int) -> None:
    PLAYOUTS.playout(players, options, seed)
