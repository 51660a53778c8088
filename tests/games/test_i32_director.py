"""Innsmouth 32: the director's side with exact results and refusals: COVER+ATTACK (R-I32-30,
option cover_attack), the advanced throngs 4-6 (R-I32-31, option throngs_in_order, A-I32-05 at
set-up) and a monster player under Turning Point with his own director's cut (R-I32-32,
R-I32-70). Bugsy Malone SPEED 6; a Deep One is worth 4."""

from __future__ import annotations

import json
from typing import Any

from services.games.core import ShuffleResult
from services.games.innsmouth_32 import I32State
from services.games.innsmouth_32 import actions as a
from tests.games.i32_helpers import GAME, edit, move, refused, roll, start, texts


def to_director(state: I32State) -> None:
    """Seats 2 and 3 rest; no fade out; the director's turn comes."""
    for seat, survivor in ((1, "bugsy-malone"), (2, "lefty-rourke")):
        state.apply(a.Pool(seat))
        state.apply(a.Act(seat, survivor, "rest"))
        if state.phase == "fade":
            state.apply(a.Pass(0))
    assert state.phase == "director" and state.current == {"seat": 0}


def covering(reel: tuple[str, ...], *changes: Any, **options: Any) -> I32State:
    """The director holds a Deep One in throng 1; ``reel`` is on top of the reel pile."""
    def change(d: dict[str, Any]) -> None:
        move(d, "deep-one-1", "throng", 0, 0)
        for extra in changes:
            extra(d)
    state = edit(start(3, reel=reel, **{"cover_attack": True, **options}), change)
    to_director(state)
    return state


# ------------------------------------------------------------------ COVER+ATTACK (R-I32-30)


def test_cover_attack_blocks_the_card_attacks_then_reveals() -> None:
    """R-I32-30: the top reel card goes face down on the Fire Axe, throng 1 attacks, then the
    cover is revealed; the Shotgun stays until taken (R-I32-20); the Fire Axe is back then
    (D-I32-09)."""
    state = covering(("shotgun",))
    events = state.apply(a.Cover(0, 0, 0, "bugsy-malone"))
    assert texts(events) == ["Seat 1 covers Fire Axe with a face-down card from the reel pile"]
    assert state.screen[0] == {"card": "shotgun", "down": True}
    assert state.covers == [{"slot": 0, "card": "fire-axe"}]
    assert state.view(None)["screen"][0] == {
        "card": "", "face_down": True,
        "covered": {"card": "fire-axe", "name": "Fire Axe", "kind": "item"}}
    assert state.pending()[0].to_json()["purpose"] == "Deep One attacks Bugsy Malone"
    events = roll(state, 5, 6)
    assert "miss" in texts(events)[0]  # the attack's words are fights.py's
    assert texts(events)[1:] == ["Screen slot 1: Shotgun"]
    assert state.screen[0] == {"card": "shotgun", "down": False}
    assert state.phase == "turn" and state.current == {"seat": 1}
    # the covered card cannot be taken while the cover lies on it
    assert a.Spotlight(1, "bugsy-malone", "fire-axe") not in state.legal_actions(1)
    refused(state, a.Spotlight(1, "bugsy-malone", "fire-axe"), "R-I32-14", "Seat 2")
    state.apply(a.Spotlight(1, "bugsy-malone", "shotgun"))
    assert state.survivors["bugsy-malone"]["items"] == ["shotgun"] and state.covers == []
    # the Fire Axe takes the replacement's place: face down until the turn's reveal
    assert state.screen[0] == {"card": "fire-axe", "down": True}
    events = state.apply(a.Act(1, "bugsy-malone", "rest"))
    assert "Screen slot 1: Fire Axe" in texts(events)
    assert state.screen[0] == {"card": "fire-axe", "down": False}


def test_the_cover_card_is_secret_until_revealed() -> None:
    """Spec 5.8: nobody sees the cover card face down: no view, sentence or event names it."""
    state = covering(("shotgun",))
    action = a.Cover(0, 0, 0, "bugsy-malone")
    events = state.apply(action)
    for seat in (None, 0, 1, 2):
        assert "shotgun" not in json.dumps(state.view(seat))
        assert "Shotgun" not in state.describe(action, seat, settled=True)
    assert state.describe(action, None) == "Seat 1 covers Fire Axe and attacks Bugsy Malone " \
        "with throng 1"
    assert not any("Shotgun" in t or "shotgun" in t for t in texts(events))


def test_an_event_cover_resolves_and_frees_the_card() -> None:
    """R-I32-30, R-I32-21: a shuffling horror as the cover is resolved and discarded; the
    Boat Hook below is in play again."""
    state = covering(("blackout",))
    state.apply(a.Cover(0, 1, 0, "bugsy-malone"))
    events = roll(state, 6, 5)
    assert texts(events)[1:] == ["Screen slot 2: Blackout", "Blackout is resolved",
                                 "Screen slot 2: Boat Hook"]
    assert state.screen[1] == {"card": "boat-hook", "down": False} and state.covers == []
    assert state.discards[-1] == "blackout"


def test_a_monster_cover_makes_a_creature_feature() -> None:
    """R-I32-30, R-I32-25: the revealed cover is the third monster: the director takes one;
    the card it leaves is the covered one, not a new reel card."""
    def two(d: dict[str, Any]) -> None:
        move(d, "deep-one-2", "screen", 1)
        move(d, "deep-one-3", "screen", 2)
    state = covering(("deep-one-4",), two)
    state.apply(a.Cover(0, 0, 0, "lefty-rourke"))
    pile = list(state.reel_pile)
    events = roll(state, 6, 5)
    assert texts(events)[1:] == ["Screen slot 1: Deep One", "Creature feature!"]
    assert state.current == {"seat": 0, "cards": ["deep-one-4", "deep-one-2", "deep-one-3"],
                             "purpose": "creature"}
    state.apply(a.Place(0, "deep-one-4", 1))
    assert state.throngs[0][1] == ["deep-one-4"]
    assert state.screen[0] == {"card": "fire-axe", "down": False}
    assert state.reel_pile == pile and state.covers == []


def test_a_monster_coming_back_from_under_its_cover_can_make_a_creature_feature() -> None:
    """D-I32-09, R-I32-25: the covered Deep One comes back face down when Bugsy takes the
    cover; revealed after his turn it is the third monster: a creature feature on Bugsy."""
    def three(d: dict[str, Any]) -> None:
        move(d, "deep-one-2", "screen", 0)
        move(d, "deep-one-3", "screen", 1)
        move(d, "deep-one-4", "screen", 2)
    state = covering(("shotgun",), three)
    state.apply(a.Cover(0, 0, 0, "lefty-rourke"))
    roll(state, 6, 5)
    state.apply(a.Spotlight(1, "bugsy-malone", "shotgun"))
    assert state.screen[0] == {"card": "deep-one-2", "down": True}
    events = state.apply(a.Act(1, "bugsy-malone", "rest"))
    assert texts(events)[-2:] == ["Screen slot 1: Deep One", "Creature feature!"]
    assert state.pending()[0].to_json()["purpose"] == "Deep One attacks Bugsy Malone"


def test_a_covered_card_cannot_be_attacked_and_its_fade_out_is_lifted() -> None:
    """R-I32-30, R-I32-43, R-I32-66: a covered monster is out of reach of survivors' attacks; a
    covered card marked for fade out loses its mark (decision D-I32-08)."""
    def marked(d: dict[str, Any]) -> None:
        d["fade"] = {"card": "fire-axe", "left": 2}
    state = covering(("shotgun",), lambda d: move(d, "deep-one-2", "screen", 1))
    state.apply(a.Cover(0, 1, 0, "bugsy-malone"))
    assert state.covers == [{"slot": 1, "card": "deep-one-2"}]
    assert "deep-one-2" not in state.monster_targets()
    state = edit(covering(("shotgun",)), marked)
    events = state.apply(a.Cover(0, 0, 0, "bugsy-malone"))
    assert texts(events) == ["Seat 1 covers Fire Axe with a face-down card from the reel pile",
                             "The fade out of Fire Axe is lifted: the card is covered"]
    assert state.fade is None


def test_cover_attack_refusals() -> None:
    """R-I32-30: off by default; a face-down slot cannot be covered; the attack needs a throng
    with a monster."""
    state = edit(start(3), lambda d: move(d, "deep-one-1", "throng", 0, 0))
    to_director(state)
    refused(state, a.Cover(0, 0, 0, "bugsy-malone"), "R-I32-30",
            "Seat 1 cannot cover+attack that way: cover+attack is an advanced rule that is off "
            "in this game")
    state = edit(covering(()), lambda d: d["screen"][2].update(down=True))
    refused(state, a.Cover(0, 2, 0, "bugsy-malone"), "R-I32-30",
            "Seat 1 cannot cover+attack that way: screen slot 3 cannot be covered (slots "
            "allowed: 1, 2)")
    refused(state, a.Cover(0, 0, 3, "bugsy-malone"), "R-I32-30",
            "Seat 1 cannot cover+attack that way: choose one of your throngs that holds a "
            "monster and a survivor or locks it can attack")


def test_no_cover_without_a_reel_card() -> None:
    """R-I32-30, R-I32-72: the cover is drawn from the reel pile: none left, no cover."""
    def empty(d: dict[str, Any]) -> None:
        for card in list(d["reel_pile"]):
            move(d, card, "discards")
    state = covering((), empty)
    assert not any(isinstance(x, a.Cover) for x in state.legal_actions(0))
    refused(state, a.Cover(0, 0, 0, "bugsy-malone"), "R-I32-30",
            "no card can be drawn from the reel pile")


def test_clipping_discards_the_covered_cards() -> None:
    """R-I32-71: clipping the reel clears the cover and the card below."""
    def reel4(d: dict[str, Any]) -> None:
        d["reel"] = 4
        for card in list(d["reel_pile"])[1:]:
            move(d, card, "discards")
        move(d, "crowbar", "discards")
    state = covering(("shotgun",), reel4)
    state.apply(a.Cover(0, 0, 0, "bugsy-malone"))
    roll(state, 6, 5)
    assert state.current == {"seat": 0, "choices": ["clip", "play_on"], "purpose": "clip"}
    state.apply(a.Choose(0, "clip"))
    assert state.covers == [] and "fire-axe" in state.discards and "shotgun" in state.discards


# ------------------------------------------------------------------ throngs 4-6 (R-I32-31)


def in_throngs(*counts: int) -> Any:
    monsters = [c for c in GAME.data.ids("movie") if GAME.data.get(c).kind == "monster"
                and c != "deep-one-6"]

    def change(d: dict[str, Any]) -> None:
        cards = iter(monsters)
        for i, count in enumerate(counts):
            for _ in range(count):
                move(d, next(cards), "throng", 0, i)
        move(d, "deep-one-6", "screen", 0)
    return change


def test_throng_four_waits_for_throngs_one_to_three() -> None:
    """R-I32-31 (advanced): throng 4 only when throngs 1-3 are full; a started one may always
    be refilled; off, any throng."""
    state = edit(start(3, throngs_in_order=True), in_throngs(1, 1, 1))
    to_director(state)
    refused(state, a.TakeAttack(0, "deep-one-6", 3, "bugsy-malone"), "R-I32-31",
            "Seat 1 cannot start throng 4 yet: throngs 1 to 3 must each hold 3 monsters first")
    assert a.TakeAttack(0, "deep-one-6", 2, "bugsy-malone") in state.legal_actions(0)
    state = edit(start(3, throngs_in_order=True), in_throngs(3, 3, 3))
    to_director(state)
    assert a.TakeAttack(0, "deep-one-6", 3, "bugsy-malone") in state.legal_actions(0)
    refused(state, a.TakeAttack(0, "deep-one-6", 4, "bugsy-malone"), "R-I32-31",
            "Seat 1 cannot start throng 5 yet: throngs 1 to 4 must each hold 3 monsters first")
    state = edit(start(3, throngs_in_order=True), in_throngs(3, 2, 3, 1))
    to_director(state)
    assert {x.throng for x in state.legal_actions(0) if isinstance(x, a.TakeAttack)} == {1, 3}
    state = edit(start(3), in_throngs(1, 1, 1))
    to_director(state)
    assert {x.throng for x in state.legal_actions(0) if isinstance(x, a.TakeAttack)} == {
        0, 1, 2, 3, 4, 5}


def test_opening_monsters_with_throngs_in_order() -> None:
    """A-I32-05: one opening monster per throng; with throngs_in_order the fourth goes to
    throng 1 (throngs 1-3 first, 3 each), without it to throng 4."""
    screen = ("deep-one-1", "deep-one-2", "deep-one-3")
    reel = ("deep-one-4", "crowbar", "boat-hook", "fire-axe")
    plain = start(3, reel=reel, screen=screen)
    assert plain.throngs[0] == [["deep-one-1"], ["deep-one-4"], ["deep-one-2"],
                                ["deep-one-3"], [], []]
    ordered = start(3, reel=reel, screen=screen, throngs_in_order=True)
    assert ordered.throngs[0] == [["deep-one-1", "deep-one-3"], ["deep-one-4"],
                                  ["deep-one-2"], [], [], []]
    assert [s["card"] for s in ordered.screen] == ["crowbar", "boat-hook", "fire-axe"]


# ------------------------------------------------------------------ monster players (R-I32-32)


def monster_player(*changes: Any) -> I32State:
    """4 seats; Seat 4 has lost his last survivor with the pile empty: a monster player with
    no monster yet; Seats 2 and 3 have rested, his turn has come."""
    def change(d: dict[str, Any]) -> None:
        lost = d["pools"][3][0]
        d["pools"][3] = []
        del d["survivors"][lost]
        d["removed"] += [lost, *d["survivor_pile"]]
        d["survivor_pile"] = []
        d["monster_players"] = [3]
        for extra in changes:
            extra(d)
    state = edit(start(4), change)
    for seat, survivor in ((1, "bugsy-malone"), (2, "lefty-rourke")):
        state.apply(a.Pool(seat))
        state.apply(a.Act(seat, survivor, "rest"))
        if state.phase == "fade":
            state.apply(a.Pass(0))
    return state


def test_a_monster_player_counts_for_turning_point_once_he_holds_a_monster() -> None:
    """R-I32-32, R-I32-72, R-I32-70: with no monster he does not count (1 < 2); with no screen
    monster he makes a director's cut at his seat (A-I32-27: his turn comes at his own place,
    after Seat 3); holding it, 2 >= 2: Turning Point."""
    state = monster_player()
    assert not state.turning_point
    assert state.phase == "director" and state.current == {"seat": 3}
    assert state.legal_actions(3) == [a.Pass(3), a.MonsterCut(3)]
    events = state.apply(a.MonsterCut(3))
    assert texts(events) == ["Seat 4 makes a director's cut"]
    monster = next(c for c in state.discards if state.is_monster(c))
    order = [monster, *[c for c in state.discards if c != monster]]
    events = state.apply(ShuffleResult("discards", tuple(order)))
    assert texts(events)[-1] == "Seat 4's director's cut: 1 discards drawn, 1 monsters among " \
        "them"
    assert state.current == {"seat": 3, "cards": [monster], "purpose": "cut"}
    events = state.apply(a.Place(3, monster, 0))
    assert state.throngs[3][0] == [monster]
    assert "Turning Point: no more cards come to the screen" in texts(events)
    assert state.turning_point


def test_a_monster_players_cut_refusals() -> None:
    """R-I32-32: not with a monster on the screen to take; never the director's own."""
    state = monster_player(lambda d: move(d, "deep-one-2", "screen", 0))
    refused(state, a.MonsterCut(3), "R-I32-32", "Seat 4 cannot make a director's cut: he has "
            "a monster, or one is on the screen to take, or no discards")
    state = edit(start(3), lambda d: move(d, "deep-one-1", "throng", 0, 0))
    to_director(state)
    refused(state, a.MonsterCut(0), "R-I32-32", "Seat 1 cannot make a director's cut: only a "
            "monster player makes his own director's cut")


def test_last_one_standing_comes_before_the_reel_end() -> None:
    """A-I32-25, R-I32-73, R-I32-68: the director's take empties the screen and the reel pile
    is empty; his attack leaves Bugsy alone with no survivor to draw: Last One Standing comes
    first (Turning Point and the reel end wait)."""
    def last(d: dict[str, Any]) -> None:
        for card in list(d["reel_pile"]):
            move(d, card, "discards")
        for card in ("fire-axe", "boat-hook", "crowbar"):
            move(d, card, "discards")
        move(d, "deep-one-2", "screen", 0)
        d["removed"] += d["survivor_pile"]
        d["survivor_pile"] = []
    state = edit(start(3), last)
    for seat, survivor in ((1, "bugsy-malone"), (2, "lefty-rourke")):
        state.apply(a.Pool(seat))
        state.apply(a.Act(seat, survivor, "rest"))
    state.apply(a.TakeAttack(0, "deep-one-2", 0, "lefty-rourke"))
    roll(state, 1, 2)
    roll(state, 3)
    state.apply(a.Flail(2, 0, 0))
    events = roll(state, 6, 6)
    assert "Last One Standing: Bugsy Malone takes a final turn, then withstands one round of " \
        "attacks" in texts(events)
    assert not any(t.startswith("Reel 1 is over") for t in texts(events))
    assert state.reel == 1 and not state.turning_point
    assert ["los_turn", 1] in state.todo and ["end_tasks"] not in state.todo
