"""Innsmouth 32: the faction games (R-I32-83, option ``faction_game``) with the Hound
(R-I32-81, option ``hound``; D-I32-50, option ``faction_hound``) and with the table's own
decks (option ``cards = physical``, D-I32-51)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from services.games.core import Action, DrawResult, OptionValue, ShuffleResult
from services.games.innsmouth_32 import I32State
from services.games.innsmouth_32 import actions as a
from tests.games.conformance import Conformance
from tests.games.i32_helpers import GAME, ITEMS, MOVIE, edit, refused
from tests.games.i32_physical_helpers import refused_snapshot, tell
from tests.games.i32_twins import ChanceTwins, play, reads
from tests.games.test_i32_conformance import forbidden, invariants

HOUND = GAME.data.hound.id
GANGSTERS = ("bugsy-malone", "lefty-rourke", "vera-lucchese")
LOCALS = ("old-zadok", "martha-gilman", "joe-sargent")
FOUR: dict[str, OptionValue] = {"faction_game": "four"}
THREE: dict[str, OptionValue] = {"faction_game": "three", "survivor_loss": True}
ALL4 = ("gangsters", "scholars", "students", "locals")


def begin(players: int, options: dict[str, OptionValue], setup: Sequence[Action] = (),
          sides: Sequence[str] = ALL4[:4], starts: dict[int, str] | None = None) -> I32State:
    """Answer the module set-up with ``setup``; each character player (seats 1, 2, ...) takes
    the faction given and starts with ``starts[seat]`` (else the first card offered); every
    shuffle keeps the order offered; the movie deck is dealt as ``i32_helpers.start`` does
    (told card by card with the table's own decks)."""
    state = GAME.new_state(players, options)
    for action in setup:
        state.apply(action)
    if state.phase == "shuffle" and state.current["deck"] == "survivors":
        state.apply(ShuffleResult("survivors", tuple(state.current["items"])))
    for seat, side in enumerate(sides, start=1):
        state.apply(a.Choose(seat, side))
        state.apply(a.Choose(seat, (starts or {}).get(seat, state.current["choices"][0])))
        if state.phase == "shuffle" and state.current["deck"] == "own":
            state.apply(ShuffleResult("own", tuple(state.current["items"])))
    if state.physical:
        for card in ITEMS:
            tell(state, card)
    else:
        pile = [c for c in MOVIE if c not in ITEMS and GAME.data.get(c).kind == "monster"][:10]
        rest = [c for c in MOVIE if c not in pile and c not in ITEMS]
        state.apply(ShuffleResult("movie", (*pile, *ITEMS, *rest)))
    if state.phase == "choose" and state.current["purpose"] == "cut":
        state.apply(a.Choose(state.director, "pass"))
    return state


def empty_own_pile(seat: int) -> Any:
    def change(data: dict[str, Any]) -> None:
        data["removed"] += data["sides"]["piles"][seat]
        data["sides"]["piles"][seat] = []
    return change


# ------------------------------------------------------------------ the Hound's faction


def test_a_hound_that_replaces_a_survivor_takes_its_place_in_the_faction() -> None:
    """D-I32-50: the Hound replacing Vera Lucchese is one of the gangsters' 3 cards."""
    state = GAME.new_state(5, {**FOUR, "hound": "replace"})
    state.apply(a.Choose(0, "vera-lucchese"))
    assert state.phase == "choose" and state.current["purpose"] == "faction"  # no common pile
    events = state.apply(a.Choose(1, "gangsters"))
    assert [e.text for e in events] == [
        "Seat 2 plays the gangsters, the Hound in Vera Lucchese's place"]
    assert state.current == {"seat": 1, "purpose": "faction_start",
                             "choices": ["bugsy-malone", "lefty-rourke", HOUND]}
    state.apply(a.Choose(1, HOUND))
    assert state.pools[1] == [HOUND] and state.survivors[HOUND]["rest"] == 0
    assert state.current["deck"] == "own" and state.current["items"] == list(GANGSTERS[:2])
    state.apply(ShuffleResult("own", ("lefty-rourke", "bugsy-malone")))
    assert state.sides["piles"][1] == ["lefty-rourke", "bugsy-malone"]
    events = state.apply(a.Choose(2, "scholars"))
    assert [e.text for e in events] == ["Seat 3 plays the scholars"]


def test_a_hound_in_the_own_pile_is_drawn_like_its_other_cards() -> None:
    state = begin(5, {**FOUR, "hound": "replace"}, [a.Choose(0, "bugsy-malone")],
                  starts={1: "lefty-rourke"})
    assert state.pools[1] == ["lefty-rourke"]
    assert state.sides["piles"][1] == [HOUND, "vera-lucchese"]  # the shuffle's order
    assert state.survivor_pile == [] and state.view(None)["own_piles"] == [0, 2, 2, 2, 2]
    events = state.apply(a.DrawSurvivor(1))
    assert [e.text for e in events][:1] == ["Seat 2 draws The Hound"]
    assert state.pools[1] == ["lefty-rourke", HOUND] and state.survivors[HOUND]["rest"] == 3
    assert state.phase == "act" and state.current["survivor"] == HOUND


def test_with_faction_hound_common_a_replacing_hound_is_in_the_common_pile() -> None:
    """D-I32-50, ``faction_hound = common``: the gangsters keep 2 cards; the Hound waits in
    the common survivor pile for a player whose own pile is empty."""
    options = {**FOUR, "hound": "replace", "faction_hound": "common"}
    state = GAME.new_state(5, options)
    state.apply(a.Choose(0, "vera-lucchese"))
    assert state.phase == "shuffle" and state.current["items"] == [HOUND]
    state = begin(5, options, [a.Choose(0, "vera-lucchese")])
    assert state.pools[1] == ["bugsy-malone"] and state.sides["piles"][1] == ["lefty-rourke"]
    assert state.survivor_pile == [HOUND]
    state.apply(a.DrawSurvivor(1))
    assert state.pools[1] == ["bugsy-malone", "lefty-rourke"] and state.survivor_pile == [HOUND]
    state = edit(begin(5, options, [a.Choose(0, "vera-lucchese")]), empty_own_pile(2))
    state = edit(state, empty_own_pile(1))
    state.apply(a.DrawSurvivor(1))
    assert state.pools[1] == ["bugsy-malone", HOUND] and state.survivor_pile == []


def test_a_hound_replacing_a_local_with_three_players_is_in_the_common_pile() -> None:
    """``three``: the Locals are the common pile, so the Hound in a Local's place is too."""
    state = GAME.new_state(4, {**THREE, "hound": "replace_random"})
    assert state.phase == "pick" and state.current["items"] == list(GAME.data.ids("survivors"))
    state.apply(DrawResult("victims", "joe-sargent"))
    assert state.phase == "shuffle" and state.current["items"] == [
        "old-zadok", "martha-gilman", HOUND]
    state = begin(4, {**THREE, "hound": "replace_random"},
                  [DrawResult("victims", "joe-sargent")], ALL4[:3])
    assert state.survivor_pile == ["old-zadok", "martha-gilman", HOUND]
    assert state.sides["piles"][1] == list(GANGSTERS[1:])
    assert state.view(None)["hound"] == {"rescue_used": False, "companion": "",
                                         "replaced": "joe-sargent"}


def test_a_thirteenth_hound_is_the_common_pile_of_the_four_player_game() -> None:
    state = GAME.new_state(5, {**FOUR, "hound": "thirteenth"})
    assert state.phase == "shuffle" and state.current["items"] == [HOUND]
    state = edit(begin(5, {**FOUR, "hound": "thirteenth"}), empty_own_pile(3))
    assert state.survivor_pile == [HOUND]
    events = state.apply(a.DrawSurvivor(1))
    assert [e.text for e in events][:1] == ["Seat 2 draws Lefty Rourke"]  # his own pile first
    state = edit(begin(5, {**FOUR, "hound": "thirteenth"}), empty_own_pile(1))
    state.apply(a.DrawSurvivor(1))
    assert state.pools[1] == ["bugsy-malone", HOUND] and state.survivor_pile == []
    assert state.survivors[HOUND]["rest"] == 3


def test_a_thirteenth_hound_joins_the_locals_with_three_players() -> None:
    state = GAME.new_state(4, {**THREE, "hound": "thirteenth"})
    assert state.phase == "shuffle" and state.current["items"] == [*LOCALS, HOUND]


@pytest.mark.parametrize(("start", "pool"), [
    ("lefty-rourke", ["lefty-rourke", HOUND]),
    ("bugsy-malone", ["bugsy-malone"]),
])
def test_a_companion_hound_comes_with_its_survivor_from_the_faction(start: str,
                                                                    pool: list[str]) -> None:
    """``companion``: chosen to start with, or drawn later from the own pile."""
    options = {**FOUR, "hound": "companion"}
    state = begin(5, options, [DrawResult("victims", "lefty-rourke")],
                  starts={1: start})
    assert state.pools[1] == pool
    if start == "bugsy-malone":
        assert state.sides["piles"][1] == ["lefty-rourke", "vera-lucchese"]
        events = state.apply(a.DrawSurvivor(1))
        assert [e.text for e in events][:2] == ["Seat 2 draws Lefty Rourke",
                                                "The Hound comes with Lefty Rourke"]
        assert state.pools[1] == ["bugsy-malone", "lefty-rourke", HOUND]


def test_faction_hound_changes_nothing_without_a_replacing_hound() -> None:
    for hound in ("thirteenth", "companion"):
        one = GAME.new_state(5, {**FOUR, "hound": hound})
        other = GAME.new_state(5, {**FOUR, "hound": hound, "faction_hound": "common"})
        assert one.current == other.current and one.todo == other.todo


# ------------------------------------------------------------------ the table's own decks


def test_with_the_table_decks_the_own_pile_is_shuffled_by_the_table() -> None:
    """D-I32-51: no order is asked; the box keeps the pile's cards sorted."""
    state = GAME.new_state(5, {**FOUR, "cards": "physical"})
    assert state.phase == "choose" and state.current["purpose"] == "faction"
    state.apply(a.Choose(1, "gangsters"))
    events = state.apply(a.Choose(1, "vera-lucchese"))
    assert [e.text for e in events][:2] == [
        "Seat 2 draws Vera Lucchese", "Seat 2 shuffles his own survivor pile of 2 cards "
        "face down"]
    assert state.sides["piles"][1] == ["bugsy-malone", "lefty-rourke"]
    assert state.phase == "choose" and state.current["seat"] == 2


def test_the_player_tells_the_box_the_card_drawn_from_his_own_pile() -> None:
    state = begin(5, {**FOUR, "cards": "physical"}, starts={1: "lefty-rourke"})
    assert state.sides["piles"][1] == ["bugsy-malone", "vera-lucchese"]
    assert state.apply(a.DrawSurvivor(1)) == []
    assert state.phase == "identify" and state.current == {
        "seat": 1, "deck": "survivors", "purpose": "own_pile", "drawn": 0}
    assert state.legal_actions(1) == [a.Identify(1, "bugsy-malone"),
                                      a.Identify(1, "vera-lucchese")]
    refused(state, a.Identify(1, "the-doctor"), "R-I32-83",
            "Seat 2 cannot tell the box The Doctor as the survivor drawn from his own pile: it "
            "is not in his own pile; tap or choose one of the 2 cards of his own survivor pile")
    refused(state, a.Identify(1, "no-such-card"), "R-I32-83",
            "'no-such-card' is not a card of the pack: tap or choose one of the 2 cards")
    refused(state, a.Identify(2, "vera-lucchese"), "R-I32-24", "Seat 3 cannot act now")
    assert state.describe(a.Identify(1, "vera-lucchese"), 0) == "Seat 2 tells the box a card"
    events = tell(state, "vera-lucchese")
    assert [e.text for e in events][:1] == ["Seat 2 draws Vera Lucchese"]
    assert state.pools[1] == ["lefty-rourke", "vera-lucchese"]
    assert state.sides["piles"][1] == ["bugsy-malone"]
    assert state.survivors["vera-lucchese"]["rest"] == 3 and state.phase == "act"


def test_the_hound_in_an_own_pile_of_the_table_is_told_too() -> None:
    options = {**FOUR, "cards": "physical", "hound": "replace"}
    state = begin(5, options, [a.Choose(0, "lefty-rourke")])
    assert state.pools[1] == ["bugsy-malone"]
    assert state.sides["piles"][1] == [HOUND, "vera-lucchese"]
    state.apply(a.DrawSurvivor(1))
    assert state.legal_actions(1) == [a.Identify(1, HOUND), a.Identify(1, "vera-lucchese")]
    tell(state, HOUND)
    assert state.pools[1] == ["bugsy-malone", HOUND] and state.current["survivor"] == HOUND


def test_the_common_pile_of_the_table_is_told_from_its_unseen_cards() -> None:
    """``three`` with a 13th Hound: the Locals and the Hound are the table's common pile."""
    options = {**THREE, "cards": "physical", "hound": "thirteenth"}
    state = edit(begin(4, options, sides=ALL4[:3]), empty_own_pile(1))
    assert state.survivor_pile == ["?"] * 4
    assert state.unseen["survivors"] == sorted([*LOCALS, HOUND])
    state.apply(a.DrawSurvivor(1))
    assert state.current["purpose"] == "draw"
    assert [x.card for x in state.legal_actions(1)] == sorted([*LOCALS, HOUND])
    tell(state, HOUND)
    assert state.pools[1] == ["bugsy-malone", HOUND] and state.survivor_pile == ["?"] * 3


def test_a_snapshot_with_an_own_pile_in_an_order_is_refused_with_the_table_decks() -> None:
    state = begin(5, {**FOUR, "cards": "physical"})
    words = refused_snapshot(state, lambda d: d["sides"]["piles"][1].reverse())
    assert words == "sides: piles[1]: sorted: the table shuffles its own pile (D-I32-51)"
    words = refused_snapshot(state, lambda d: d.update(phase="shuffle", current={
        "deck": "own", "items": ["lefty-rourke", "vera-lucchese"], "rule": "R-I32-83",
        "then": "1"}))
    assert "shuffle" in words


# ------------------------------------------------------------------ who may know what


def test_the_own_pile_order_reads_the_same_until_its_card_is_drawn() -> None:
    """With the box's decks a player's own pile (the Hound in it) is shuffled by the box:
    its order swapped, every reader reads the same until a card of it is drawn."""
    compared = 0
    for seed in range(4):
        options = {**FOUR, "hound": "replace", "faction_play": True}
        actions = play(5, options, seed)
        state = GAME.new_state(5, options)
        index = -1
        for i, action in enumerate(actions):
            if isinstance(action, ShuffleResult) and action.deck == "own" and \
                    HOUND in action.order:
                index, seat = i, int(state.current["then"])
                break
            state.apply(action)
        if index < 0:
            continue
        real = actions[index]
        assert isinstance(real, ShuffleResult)
        twin = GAME.state_from_json(state.to_json())
        history = [*actions[:index], ShuffleResult("own", tuple(reversed(real.order)))]
        state.apply(real)
        twin.apply(history[-1])
        for action in actions[index + 1:]:
            if len(state.own_pile(seat)) < 2:
                break
            for reader in (None, *range(5)):
                assert reads(state, reader, (), False) == reads(twin, reader, (), False)
            compared += 1
            state.apply(action)
            twin.apply(action)
        assert state.own_pile(seat) != twin.own_pile(seat) or not state.own_pile(seat)
    assert compared > 20


def test_the_table_decks_never_give_the_box_an_own_pile_order() -> None:
    """D-I32-51: with the table's own decks no shuffle of an own pile is asked, the box
    offers the pile's cards sorted when one is drawn and tells the others only that a card
    was told."""
    options = {**FOUR, "cards": "physical", "hound": "replace", "survivor_loss": True}
    told = 0
    for seed in range(3):
        state = GAME.new_state(5, options)
        for action in play(5, options, seed):
            assert not (isinstance(action, ShuffleResult) and action.deck == "own")
            if state.phase == "identify" and state.current["purpose"] == "own_pile":
                seat = state.current["seat"]
                assert [x.card for x in state.legal_actions(seat)] == sorted(
                    state.own_pile(seat))
                assert all(state.describe(action, r) == f"Seat {seat + 1} tells the box a card"
                           for r in range(5) if r != seat)
                told += 1
            state.apply(action)
    assert told >= 3


def test_a_card_only_the_drawing_seat_saw_reads_the_same_in_a_table_faction_game() -> None:
    """The guarantees of the table's own decks (tests/games/test_i32_leaks.py) hold in a
    faction game with the Hound."""
    check = ChanceTwins()
    for n, (players, options) in enumerate((
            (5, {**FOUR, "cards": "physical", "hound": "thirteenth"}),
            (4, {**THREE, "cards": "physical", "hound": "replace_random"}))):
        check.check(players, options, play(players, options, 30 + n), 20, n)
    assert check.stats["identify"] + check.stats["identify_none"] >= 5, check.stats


# ------------------------------------------------------------------ random games


def hidden(state: Any, seat: int | None) -> set[str]:
    """The conformance secrets plus every player's own pile (but the Hound's companion and
    the survivor it replaces, whose names are public)."""
    found = forbidden(state, seat)
    if state.phase != "over":
        found |= set(state.faction_zone()) - {state.mods["companion"], state.mods["replaced"]}
    return found


PLAYOUTS = Conformance(GAME, hidden, invariants, max_steps=3000, sample=0.05)
HOUNDS = ("off", "replace", "replace_random", "thirteenth", "companion")


GAMES = ((5, FOUR), (4, THREE))


@pytest.mark.parametrize(("players", "game", "hound", "cards"), [
    # every Hound with the table's own decks, the two faction games in turn (the faction
    # tests above set up each Hound in each game by hand)
    *[(*GAMES[n % 2], hound, "physical") for n, hound in enumerate(HOUNDS)],
    # the box's decks without the Hound: tests/games/test_i32_faction_games.py; with it, the
    # two Hounds in the faction piles
    *[(*GAMES[n % 2], hound, "box") for n, hound in enumerate(("replace", "thirteenth"))],
])
def test_random_playouts(players: int, game: dict[str, OptionValue], hound: str,
                         cards: str) -> None:
    """The faction games with every Hound and the table's own decks (and each Hound with
    the box's decks once), to the end; the other faction options at random (seeded)."""
    seed = HOUNDS.index(hound) * 2 + (cards == "physical") + players * 10
    rng = random.Random(seed)
    options = {**game, "hound": hound, "cards": cards, "director_seat": rng.randrange(players),
               "faction_hound": rng.choice(("place", "common")),
               "faction_play": rng.random() < 0.5, "hound_returns": rng.random() < 0.5,
               "survivor_loss": game["faction_game"] == "three" or rng.random() < 0.5}
    PLAYOUTS.playout(players, options, seed)
