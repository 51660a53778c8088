"""Innsmouth 32 counterstrikes by the normal procedure (R-I32-51, R-I32-46, R-I32-64,
A-I32-10) with exact dice. EXAMPLE pack: Bugsy Malone MUSCLE 7, SPEED 6, GUTS 6; Fire Axe
MUSCLE +3; Tommy Gun MUSCLE +2, whole throng; Pocket Pistol MUSCLE or SPEED +2; Deep One 4,
Marsh Ghoul 6; the Night Clerk BRAINS 7 GUTS 6."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from services.games.innsmouth_32 import I32State
from services.games.innsmouth_32 import actions as a
from tests.games.i32_helpers import edit, move, refused, roll, start, texts
from tests.games.i32_modules_helpers import director_turn, mstart

BUGSY = "bugsy-malone"
CLERK = "night-clerk"


def fumbled(*items: str, throng: tuple[str, ...] = ("deep-one-1", "marsh-ghoul-1"),
            state: I32State | None = None, victim: str = BUGSY,
            more: Callable[[dict[str, Any]], None] | None = None) -> I32State:
    return fumble(*items, throng=throng, state=state, victim=victim, more=more)[0]


def fumble(*items: str, throng: tuple[str, ...] = ("deep-one-1", "marsh-ghoul-1"),
           state: I32State | None = None, victim: str = BUGSY,
           more: Callable[[dict[str, Any]], None] | None = None) -> tuple[I32State, list[str]]:
    """The director's throng 1 (``throng``) attacks ``victim`` holding ``items`` in an
    all-out attack and rolls 6-6: the state and the lines told."""
    def change(d: dict[str, Any]) -> None:
        for item in items:
            move(d, item, "items", victim)
        for card in throng:
            move(d, card, "throng", 0, 0)
        if more:
            more(d)
        director_turn(d)
    state = edit(state or start(3), change)
    state.apply(a.AllOut(0))
    state.apply(a.Aim(0, victim))
    told = texts(roll(state, 6, 6))
    assert told[0] == "2d6 = 6+6 = 12: fumble, the victim counterstrikes"
    return state, told


def counter(target: str, item: str = "", stat: str = "") -> a.Act:
    return a.Act(1, BUGSY, "attack", target, item, stat)


def test_the_victim_chooses_a_monster_of_the_throng_and_its_weapon() -> None:
    """A-I32-10, R-I32-43: any monster of the attacking throng, bare hands or the Fire Axe;
    spoints committed as for any attack; the axe's bonus counts."""
    state = fumbled("fire-axe")
    assert state.phase == "counter" and state.pending()[0].seat == 1
    assert state.legal_actions(1) == [counter("deep-one-1"),
                                      counter("deep-one-1", "fire-axe", "muscle"),
                                      counter("marsh-ghoul-1"),
                                      counter("marsh-ghoul-1", "fire-axe", "muscle")]
    assert state.legal_actions(0) == [] and state.legal_actions(2) == []
    events = state.apply(counter("marsh-ghoul-1", "fire-axe", "muscle"))
    assert texts(events) == ["Bugsy Malone counterstrikes Marsh Ghoul with the Fire Axe "
                             "(MUSCLE 7)"]
    assert state.phase == "commit" and state.current["purpose"] == "the attack roll"
    state.apply(a.Commit(1, 2, 0))
    assert state.power[1] == 5
    assert state.pending()[0].to_json()["purpose"] == "Bugsy Malone attacks Marsh Ghoul"
    assert texts(roll(state, 4, 5)) == ["2d6 = 4+5 = 9 <= MUSCLE 7 + 2 spoints: hit"]
    state.apply(a.Commit(1, 0, 0))
    assert texts(roll(state, 3)) == ["1d6 = 3 + Fire Axe 3 = 6 >= 6: Marsh Ghoul eliminated"]
    assert state.throngs[0][0] == ["deep-one-1"] and state.discards[-1] == "marsh-ghoul-1"
    assert state.phase == "turn" and state.current == {"seat": 1}  # the director's turn ends


def test_an_item_with_two_stats_offers_both() -> None:
    """R-I32-43: the Pocket Pistol's MUSCLE or SPEED; SPEED 6 is the target."""
    state = fumbled("pocket-pistol", throng=("deep-one-1",))
    assert state.legal_actions(1) == [counter("deep-one-1"),
                                      counter("deep-one-1", "pocket-pistol", "muscle"),
                                      counter("deep-one-1", "pocket-pistol", "speed")]
    assert texts(state.apply(counter("deep-one-1", "pocket-pistol", "speed"))) == [
        "Bugsy Malone counterstrikes Deep One with the Pocket Pistol (SPEED 6)"]
    state.apply(a.Commit(1, 0, 0))
    assert texts(roll(state, 3, 4)) == ["2d6 = 3+4 = 7 > SPEED 6: miss"]


def test_the_tommy_gun_may_strike_the_whole_attacking_throng() -> None:
    """R-I32-46: with a whole-throng item the attacking throng as a whole is a target; the
    damage total applies to each of its monsters."""
    state = fumbled("tommy-gun")
    assert counter("throng:0:0", "tommy-gun", "muscle") in state.legal_actions(1)
    assert texts(state.apply(counter("throng:0:0", "tommy-gun", "muscle"))) == [
        "Bugsy Malone counterstrikes Seat 1's throng 1 with the Tommy Gun (MUSCLE 7)"]
    state.apply(a.Commit(1, 0, 0))
    roll(state, 2, 3)
    state.apply(a.Commit(1, 0, 0))
    assert texts(roll(state, 3)) == ["1d6 = 3 + Tommy Gun 2 = 5 >= 4: Deep One eliminated",
                                     "Damage 5 < 6: Marsh Ghoul unharmed"]
    assert state.throngs[0][0] == ["marsh-ghoul-1"]


def test_one_choice_only_asks_nobody() -> None:
    """A lone monster and no item: the counterstrike goes straight to the spoints."""
    state, told = fumble(throng=("deep-one-1",))
    assert told[1:] == ["Bugsy Malone counterstrikes Deep One with bare hands (MUSCLE 7)"]
    assert state.phase == "commit" and state.current["survivor"] == BUGSY
    assert ["s_attack", BUGSY, "deep-one-1", "", "", True] not in state.todo  # under way
    assert state.fight["kind"] == "attack" and state.fight["counter"] is True
    assert state.fight["target"] == "deep-one-1" and state.fight["stat"] == "muscle"


def test_a_wrong_target_or_weapon_is_refused_and_nothing_changes() -> None:
    """A-I32-10: the attacker only; R-I32-43: the weapons a normal attack offers."""
    state = fumbled("fire-axe", more=lambda d: move(d, "shoggoth-spawn-1", "screen", 1))
    refused(state, counter("shoggoth-spawn-1"), "A-I32-10",
            "Seat 2 cannot counterstrike Shoggoth Spawn: Bugsy Malone strikes back at the "
            "attacker only: Deep One, Marsh Ghoul")
    refused(state, counter("throng:0:0", "fire-axe", "muscle"), "A-I32-10",
            "Seat 2 cannot counterstrike Seat 1's throng 1: Bugsy Malone strikes back at the "
            "attacker only")
    refused(state, counter("no-such-card"), "A-I32-10",
            "Seat 2 cannot counterstrike no-such-card: Bugsy Malone strikes back")
    refused(state, counter("deep-one-1", "fire-axe", "speed"), "R-I32-43",
            "Seat 2 cannot counterstrike Deep One that way: Bugsy Malone attacks as in a "
            "normal attack, with bare hands (MUSCLE 7), the Fire Axe (MUSCLE 7)")
    refused(state, counter("deep-one-1", "crowbar", "muscle"), "R-I32-43",
            "cannot counterstrike Deep One that way")
    refused(state, a.Act(1, BUGSY, "rest"), "A-I32-10",
            "Seat 2 cannot do that now: Bugsy Malone counterstrikes, with an attack on Deep "
            "One, Marsh Ghoul")
    refused(state, a.Pass(1), "R-I32-30", "Seat 2 must choose the counterstrike's target "
            "and weapon")
    refused(state, a.Act(2, "lefty-rourke", "attack", "deep-one-1"), "A-I32-10",
            "Seat 3 cannot act now: the box is waiting for Seat 2")


def test_the_choice_survives_a_snapshot() -> None:
    state = fumbled("fire-axe")
    again = edit(state, lambda d: None)
    assert again.phase == "counter" and again.current == state.current
    assert again.legal_actions(1) == state.legal_actions(1)


def _counter_fumbles(chain: bool) -> I32State:
    state = fumbled("fire-axe", state=start(3, counterstrike_chain=chain))
    state.apply(counter("marsh-ghoul-1", "fire-axe", "muscle"))
    state.apply(a.Commit(1, 0, 0))
    assert texts(roll(state, 6, 6)) == ["2d6 = 6+6 = 12: fumble, the victim counterstrikes"]
    return state


def test_no_chained_counterstrike_unless_the_option() -> None:
    """A-I32-10: a counterstrike's fumble ends it; with counterstrike_chain the monster
    struck at strikes back, and a fumble of that gives Bugsy another choice."""
    state = _counter_fumbles(False)
    assert state.phase == "turn" and state.current == {"seat": 1}
    state = _counter_fumbles(True)
    assert state.pending()[0].to_json()["purpose"] == "Marsh Ghoul attacks Bugsy Malone"
    roll(state, 6, 6)
    assert state.phase == "counter" and state.current["targets"] == ["marsh-ghoul-1"]
    assert state.legal_actions(1) == [counter("marsh-ghoul-1"),
                                      counter("marsh-ghoul-1", "fire-axe", "muscle")]


def test_a_monsters_counterstrike_is_unchanged() -> None:
    """R-I32-51: Bugsy's fumble lets the Deep One attack him, no choice."""
    state = fumbled(throng=("deep-one-1",))
    state.apply(a.Commit(1, 0, 0))
    roll(state, 6, 6)
    assert state.phase == "turn"  # no chain: Bugsy's counterstrike fumbled
    state = edit(start(3), lambda d: move(d, "deep-one-1", "throng", 0, 0))
    state.apply(a.Pool(1))
    state.apply(counter("deep-one-1"))
    state.apply(a.Commit(1, 0, 0))
    roll(state, 6, 6)
    assert state.pending()[0].to_json()["purpose"] == "Deep One attacks Bugsy Malone"


def test_the_night_clerk_needs_an_item_to_counterstrike() -> None:
    """R-I32-82: no MUSCLE, no counterstrike with bare hands; with the Flare Gun (SPEED or
    GUTS) only GUTS is his."""
    def clerk() -> I32State:
        state = mstart(3, screen=(CLERK, "fire-axe", "boat-hook"), night_clerk=True)
        state.apply(a.Spotlight(1, CLERK, CLERK))
        state.apply(a.Act(1, CLERK, "rest"))
        return state
    state, told = fumble(throng=("deep-one-1",), state=clerk(), victim=CLERK)
    assert told[1:] == ["The Night Clerk has no weapon to counterstrike with"]
    assert state.phase == "turn"
    state, told = fumble("flare-gun", throng=("deep-one-1",), state=clerk(), victim=CLERK)
    assert told[1:] == ["The Night Clerk counterstrikes Deep One with the Flare Gun (GUTS 6)"]
    assert state.phase == "commit" and state.fight["stat"] == "guts"


def test_a_lock_attacks_fumble_lets_the_survivor_inside_strike_back() -> None:
    """R-I32-64: a fumble on the locks: the survivor inside counterstrikes (and stays
    inside: a counterstrike is no action)."""
    def inside(d: dict[str, Any]) -> None:
        move(d, "gilman-house", "discards")
        d["discards"].remove("gilman-house")
        d["sanctuaries"] = [{"card": "gilman-house", "locks": 3, "mythos": 4,
                             "occupants": [BUGSY], "items": []}]
        d["survivors"][BUGSY].update(where="gilman-house", inside=True)
        move(d, "fire-axe", "items", BUGSY)
        move(d, "deep-one-1", "throng", 0, 0)
        move(d, "marsh-ghoul-1", "throng", 0, 0)
        director_turn(d)
    state = edit(start(3), inside)
    state.apply(a.AllOut(0))
    state.apply(a.Aim(0, "locks:gilman-house"))
    roll(state, 6, 6)
    assert state.phase == "counter" and state.current["survivor"] == BUGSY
    state.apply(counter("deep-one-1", "fire-axe", "muscle"))
    state.apply(a.Commit(1, 0, 0))
    roll(state, 1, 2)
    state.apply(a.Commit(1, 0, 0))
    assert texts(roll(state, 1)) == ["1d6 = 1 + Fire Axe 3 = 4 >= 4: Deep One eliminated"]
    assert state.survivors[BUGSY]["where"] == "gilman-house"
    assert state.sanctuaries[0]["occupants"] == [BUGSY] and state.sanctuaries[0]["locks"] == 3


def test_the_hound_strikes_back_with_speed() -> None:
    """R-I32-81: the Hound has no item and attacks with SPEED 8."""
    hound = "the-hound"
    state = fumbled(state=mstart(3, survivors=(hound,), hound="thirteenth"), victim=hound)
    assert state.legal_actions(1) == [a.Act(1, hound, "attack", "deep-one-1"),
                                      a.Act(1, hound, "attack", "marsh-ghoul-1")]
    assert texts(state.apply(a.Act(1, hound, "attack", "deep-one-1"))) == [
        "The Hound counterstrikes Deep One with its jaws (SPEED 8)"]
    state.apply(a.Commit(1, 0, 0))
    assert texts(roll(state, 4, 4)) == ["2d6 = 4+4 = 8 <= SPEED 8: hit, doubles +4 damage"]
    assert not any(step[0] == "hound_again" for step in state.todo)  # one attack only
