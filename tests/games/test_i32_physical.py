"""Innsmouth 32 with the table's own decks (option ``cards = physical``): the box shuffles
and deals nothing, keeps counts and the cards it has not seen, and asks whoever sees a card
first to tell it (``identify``); refusals name their rule, say why and change nothing. The
snapshot checks, playouts and secrets are in test_i32_physical_checks.py."""

from __future__ import annotations

from typing import Any

from services.games.core import DrawResult
from services.games.innsmouth_32 import actions as a
from services.games.innsmouth_32.physical import UNKNOWN
from tests.games.i32_helpers import GAME, MOVIE, SURVIVORS, refused, roll, texts
from tests.games.i32_physical_helpers import ITEMS, PHYSICAL, edit, set_up, tell, with_face

# ------------------------------------------------------------------ set-up


def test_the_table_shuffles_and_deals_and_each_player_tells_his_survivor() -> None:
    """R-I32-02, R-I32-03, R-I32-06: no shuffle prompt; the box counts the piles and asks
    the drawing player for his survivor, from the 12 it has not seen."""
    state = GAME.new_state(3, PHYSICAL)
    assert state.chance_prompt() is None
    assert state.phase == "identify" and state.current == {
        "seat": 1, "deck": "survivors", "purpose": "start", "drawn": 0}
    assert state.legal_actions(1) == [a.Identify(1, s) for s in sorted(SURVIVORS)]
    assert state.legal_actions(0) == [] and state.legal_actions(2) == []
    view = state.view(None)
    assert (view["survivor_pile"], view["reel_pile"], view["discards"]) == (12, 10,
                                                                            len(MOVIE) - 13)
    assert view["screen"] == [{"card": "", "face_down": True}] * 3
    assert state.unseen == {"movie": sorted(MOVIE), "survivors": sorted(SURVIVORS)}
    events = tell(state, "bugsy-malone")
    assert [(e.text, e.card) for e in events if isinstance(e, a.Shown)] == [
        ("Seat 2 draws Bugsy Malone", "bugsy-malone")]
    assert state.pools[1] == ["bugsy-malone"] and len(state.survivor_pile) == 11
    assert "bugsy-malone" not in state.unseen["survivors"]
    assert state.current == {"seat": 2, "deck": "survivors", "purpose": "start", "drawn": 0}
    assert a.Identify(2, "bugsy-malone") not in state.legal_actions(2)


def test_the_director_tells_the_opening_screen_and_monsters_go_to_throngs() -> None:
    """R-I32-07, R-I32-24: the director tells each card as he flips it; a monster goes to a
    throng and its slot is refilled face down from the table's reel pile, told in turn."""
    state = GAME.new_state(3, PHYSICAL)
    tell(state, "bugsy-malone")
    tell(state, "vera-lucchese")
    assert state.current == {"seat": 0, "deck": "movie", "purpose": "screen", "drawn": 0}
    assert state.legal_actions(0) == [a.Identify(0, c) for c in sorted(MOVIE)]
    events = tell(state, "deep-one-1")
    assert texts(events)[:2] == ["Screen slot 1: Deep One",
                                 "Seat 1 places Deep One in throng 1"]
    assert state.throngs[0][0] == ["deep-one-1"] and len(state.reel_pile) == 9
    assert state.screen[0] == {"card": UNKNOWN, "down": True}
    assert state.current["purpose"] == "screen"  # the refill, flipped in turn
    for card in ITEMS:
        tell(state, card)
    assert [s["card"] for s in state.screen] == list(ITEMS)
    assert state.phase == "turn" and state.current == {"seat": 1}


# ------------------------------------------------------------------ refusals


def test_a_card_that_cannot_be_there_is_refused_naming_it_and_what_is_allowed() -> None:
    """R-I32-06, R-I32-24: an unknown id, a movie card for a survivor, a survivor in play,
    a survivor for a screen card, a card on the screen: refused, nothing changes."""
    state = GAME.new_state(3, PHYSICAL)
    refused(state, a.Identify(1, "joker"), "R-I32-06",
            "'joker' is not a card of the pack: tap or choose one of the 12 cards that can be "
            "there")
    refused(state, a.Identify(1, "tommy-gun"), "R-I32-06",
            "Seat 2 cannot tell the box Tommy Gun as the starting survivor drawn: it is "
            "not a survivor; tap or choose one of the 12 cards")
    refused(state, a.Identify(2, "lefty-rourke"), "R-I32-24",
            "Seat 3 cannot act now: the box is waiting for Seat 2")
    tell(state, "bugsy-malone")
    refused(state, a.Identify(2, "bugsy-malone"), "R-I32-06",
            "cannot tell the box Bugsy Malone as the starting survivor drawn: it is in play; "
            "tap or choose one of the 11 cards")
    tell(state, "vera-lucchese")
    refused(state, a.Identify(0, "lefty-rourke"), "R-I32-24",
            "Seat 1 cannot tell the box Lefty Rourke as the card revealed on the screen: it is "
            "a survivor still in the survivor pile; tap or choose one of the 60 cards")
    tell(state, "fire-axe")
    refused(state, a.Identify(0, "fire-axe"), "R-I32-24",
            "Fire Axe as the card revealed on the screen: it is on the screen")
    refused(state, a.Pass(0), "R-I32-30",
            "pass is not possible now: Seat 1 must tell the box the card: tap its tag or "
            "choose it")


def test_identify_is_refused_with_the_box_decks() -> None:
    """R-I32-03: with the box's decks nobody tells a card (the box shuffles)."""
    state = GAME.new_state(3, {})
    refused(state, a.Identify(1, "bugsy-malone"), "R-I32-02",
            "Seat 2 cannot act now: the box is waiting for shuffle the survivors")


# ------------------------------------------------------------------ draws


def test_draw_survivor_and_act_asks_the_player_for_the_survivor() -> None:
    """R-I32-15: the drawing player tells the survivor; it gets 3 rest spoints and its
    printed mythos, then acts."""
    state = set_up()
    state.apply(a.DrawSurvivor(1))
    assert state.current == {"seat": 1, "deck": "survivors", "purpose": "draw", "drawn": 0}
    assert len(state.legal_actions(1)) == 10
    events = tell(state, "professor-armitage")
    assert "Seat 2 draws Professor Armitage" in texts(events)
    assert state.survivors["professor-armitage"]["rest"] == 3
    assert state.survivors["professor-armitage"]["mythos"] == 2
    assert state.phase == "act" and state.current == {"seat": 1,
                                                       "survivor": "professor-armitage"}


def test_a_search_is_told_card_by_card() -> None:
    """R-I32-13, A-I32-23: the table shuffles the discards; the searching player tells the
    two cards drawn: a discard everyone saw, or a card the box has not seen; items are
    kept, the rest returned."""
    state = edit(set_up(), with_face)
    discards = len(state.discards)
    state.apply(a.Pool(1))
    events = state.apply(a.Act(1, "bugsy-malone", "search"))
    assert "The table shuffles the discards: Bugsy Malone draws 2" in texts(events)
    assert state.current == {"seat": 1, "deck": "discards", "purpose": "search", "drawn": 0}
    could = [x.card for x in state.legal_actions(1)]
    assert {"shotgun", "joe-sargent", "tommy-gun"} <= set(could)
    assert "fire-axe" not in could and "lefty-rourke" not in could  # on screen; in the pile
    assert could == sorted({"joe-sargent", "shotgun", *state.unseen["movie"]})
    tell(state, "joe-sargent")
    assert state.current["drawn"] == 1 and state.discards[0] == "joe-sargent"
    refused(state, a.Identify(1, "joe-sargent"), "R-I32-13",
            "Seat 2 cannot tell the box Joe Sargent as the card drawn from the "
            "discards: it is drawn already; tap or choose one of the")
    events = tell(state, "tommy-gun")
    assert "Bugsy Malone searches 2 discards: keeps Tommy Gun" in texts(events)
    assert state.survivors["bugsy-malone"]["items"] == ["tommy-gun"]
    assert "joe-sargent" in state.discards and len(state.discards) == discards - 1
    assert "tommy-gun" not in state.unseen["movie"]


def test_a_card_only_the_searcher_saw_goes_back_among_the_unseen() -> None:
    """A-I32-26: a returned card the others did not see stays a secret: the box forgets it
    (a "?" again), so no later list tells it apart from the cards not seen."""
    state = set_up()
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "search"))
    tell(state, "deep-one-2")
    tell(state, "whispers-below")
    assert "deep-one-2" in state.unseen["movie"] and "whispers-below" in state.unseen["movie"]
    assert UNKNOWN in state.discards[:2] and state.discards.count(UNKNOWN) == len(
        state.discards)
    assert state.describe(a.Identify(1, "deep-one-2"), 1) == \
        "Seat 2 tells the box: Deep One"
    assert state.describe(a.Identify(1, "deep-one-2"), 2) == "Seat 2 tells the box a card"
    assert state.describe(a.Identify(1, "deep-one-2"), None) == "Seat 2 tells the box a card"


def test_a_short_discard_pile_gives_what_it_has() -> None:
    """A-I32-23: a sanctuary search of 4 with 1 discard draws 1."""
    def one_discard(d: dict[str, Any]) -> None:
        d["removed"] += d["discards"][1:]
        d["discards"] = d["discards"][:1]

    state = edit(set_up(), one_discard)
    state.apply(a.Pool(1))
    events = state.apply(a.Act(1, "bugsy-malone", "search"))
    assert "Bugsy Malone draws 1" in texts(events)[0]
    events = tell(state, "popcorn-1")
    assert "Bugsy Malone searches 1 discards: keeps Popcorn" in texts(events)
    assert state.discards == ["popcorn-1"] and state.phase == "fade"


def test_a_directors_cut_is_told_by_the_director() -> None:
    """R-I32-70: with no monster in his throngs the director draws REEL# discards from the
    table's shuffled discards, tells each, places the monsters."""
    state = GAME.new_state(3, PHYSICAL)
    for card in ("bugsy-malone", "vera-lucchese", *ITEMS):
        tell(state, card)
    assert state.current["purpose"] == "cut"
    events = state.apply(a.Choose(0, "cut"))
    assert "The table shuffles the discards: the director draws 1" in texts(events)
    assert state.current == {"seat": 0, "deck": "discards", "purpose": "cut", "drawn": 0}
    events = tell(state, "night-gaunt-1")
    assert state.phase == "place" and state.current["cards"] == ["night-gaunt-1"]
    state.apply(a.Place(0, "night-gaunt-1", 0))
    assert state.throngs[0][0] == ["night-gaunt-1"] and "night-gaunt-1" not in state.discards
    assert state.discards.count(UNKNOWN) == len(state.discards)


def test_a_monster_players_cut_is_told_by_him() -> None:
    """R-I32-32, R-I32-70: a monster player with no monster and none on screen makes his own
    director's cut; he tells the cards drawn."""
    def monster_player(d: dict[str, Any]) -> None:
        d["pools"][1].append("lefty-rourke")
        d["survivors"]["lefty-rourke"] = dict(d["survivors"]["bugsy-malone"])
        d["pools"][2] = []
        del d["survivors"]["vera-lucchese"]
        d["removed"] += ["vera-lucchese", *[c for c in d["unseen"]["survivors"]
                                           if c != "lefty-rourke"]]
        d["unseen"]["survivors"], d["survivor_pile"] = [], []
        d["monster_players"] = [2]

    state = edit(set_up(), monster_player)
    state.apply(a.Spotlight(1, "bugsy-malone", "fire-axe"))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    tell(state, "harpoon")  # the refill of the Fire Axe's slot
    state.apply(a.Pass(0))  # no fade out
    assert state.phase == "director" and a.MonsterCut(2) in state.legal_actions(2)
    events = state.apply(a.MonsterCut(2))
    assert "The table shuffles the discards: Seat 3 draws 1" in texts(events)
    assert state.current == {"seat": 2, "deck": "discards", "purpose": "cut", "drawn": 0}
    tell(state, "marsh-ghoul-1")
    assert state.phase == "place" and state.current["cards"] == ["marsh-ghoul-1"]
    state.apply(a.Place(2, "marsh-ghoul-1", 0))
    assert state.throngs[2][0] == ["marsh-ghoul-1"]


def test_a_survivor_lost_unseen_stays_unseen_until_it_comes_to_light() -> None:
    """R-I32-69 task 5: the box does not learn the card; the survivor pile and the unseen
    survivors no longer agree by one; a reel card may now be a survivor: it comes to light
    as a familiar face (a monster of its MUSCLE)."""
    state = set_up(survivor_loss=True)
    before = list(state.unseen["survivors"])
    events = state.step_survivor_loss()
    assert texts(events) == ["Survivor loss: the top survivor goes to the discards unseen as "
                             "a familiar face"]
    assert state.unseen["survivors"] == before and len(state.survivor_pile) == 9
    assert state.lost_unseen() == 1 and state.discards[-1] == UNKNOWN
    state = GAME.state_from_json(state.to_json())
    state.apply(a.Spotlight(1, "bugsy-malone", "fire-axe"))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    assert state.current["purpose"] == "screen"
    could = [x.card for x in state.legal_actions(0)]
    assert "lefty-rourke" in could and "the-doctor" in could
    events = tell(state, "lefty-rourke")
    assert "Screen slot 1: Lefty Rourke" in texts(events)
    assert "lefty-rourke" in state.familiar and state.is_monster("lefty-rourke")
    assert state.value("lefty-rourke") == 6 and state.lost_unseen() == 0
    assert "lefty-rourke" not in state.victims
    assert state.could_be("movie") == state.unseen["movie"]  # no survivor is lost unseen now


def test_a_search_that_finds_the_lost_survivor_keeps_its_secret() -> None:
    """R-I32-69 task 5, A-I32-26: a search may draw the survivor lost unseen; it is returned
    and, only the searcher having seen it, is again a survivor lost unseen."""
    state = set_up(survivor_loss=True)
    state.step_survivor_loss()
    state = GAME.state_from_json(state.to_json())
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "search"))
    assert "the-doctor" in [x.card for x in state.legal_actions(1)]
    tell(state, "the-doctor")
    assert "the-doctor" in state.familiar and state.lost_unseen() == 0
    state = GAME.state_from_json(state.to_json())  # a position between two cards told
    tell(state, "harpoon")
    assert "the-doctor" not in state.familiar and "the-doctor" in state.unseen["survivors"]
    assert state.lost_unseen() == 1 and state.survivors["bugsy-malone"]["items"] == ["harpoon"]


def test_the_next_reel_takes_every_discard_back_among_the_unseen() -> None:
    """R-I32-69 task 6: the table shuffles the discards and deals: the box counts the reel
    pile and the screen, and every discard (a familiar face too) is unseen again."""
    def last_card(d: dict[str, Any]) -> None:
        with_face(d)
        hidden = d["reel_pile"]
        d["reel_pile"] = []
        d["discards"] += hidden
        for i in (1, 2):
            d["discards"].append(d["screen"][i]["card"])
            d["screen"][i] = {"card": "", "down": False}

    state = edit(set_up(), last_card)
    state.apply(a.Spotlight(1, "bugsy-malone", "fire-axe"))
    events = state.apply(a.Act(1, "bugsy-malone", "rest"))
    assert "Reel 1 is over" in texts(events)
    state.apply(a.Choose(2, "vera-lucchese"))  # the horror star
    events = state.apply(DrawResult("victims", "bugsy-malone"))
    events += roll(state, 2)
    assert state.reel == 2 and len(state.reel_pile) == 20
    assert "The table shuffles the discards and deals reel 2: 20 cards, the screen cards " \
        "face down, the rest to the discards" in texts(events)
    assert "joe-sargent" in state.unseen["movie"] and "shotgun" in state.unseen["movie"]
    assert "joe-sargent" in state.familiar and "joe-sargent" not in state.discards
    assert state.current == {"seat": 0, "deck": "movie", "purpose": "screen", "drawn": 0}
    events = tell(state, "joe-sargent")
    assert state.screen[0] == {"card": "joe-sargent", "down": False}
    assert state.discards.count(UNKNOWN) == len(state.discards)
