"""Innsmouth 32 attacks and damage with exact dice (R-I32-25, R-I32-30, R-I32-41..54,
R-I32-58, R-I32-60, R-I32-66; A-I32-10, A-I32-13, A-I32-14). Bugsy Malone: MUSCLE 7, SPEED 6;
Fire Axe: MUSCLE, +3 damage; Deep One 4, Marsh Ghoul 6, Shoggoth Spawn 8."""

from __future__ import annotations

from typing import Any

from services.games.innsmouth_32 import I32State
from services.games.innsmouth_32 import actions as a
from tests.games.i32_helpers import edit, move, refused, roll, start, texts


def armed(*changes: Any) -> I32State:
    """Seat 2's Bugsy holds the Fire Axe; a Deep One is in the director's throng 1."""
    def change(d: dict[str, Any]) -> None:
        move(d, "fire-axe", "items", "bugsy-malone")
        move(d, "boat-hook", "screen", 0)
        move(d, "deep-one-1", "throng", 0, 0)
        for extra in changes:
            extra(d)
    return edit(start(3), change)


def attack(state: I32State, target: str = "deep-one-1", item: str = "fire-axe") -> None:
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "attack", target, item, "muscle" if item else ""))


def test_an_item_attack_hits_and_its_damage_eliminates() -> None:
    """R-I32-43..45: 2d6 <= MUSCLE 7; 1d6 + the Fire Axe's 3 >= 4: to the discards."""
    state = armed()
    attack(state)
    state.apply(a.Commit(1, 0, 0))
    assert texts(roll(state, 3, 4)) == ["2d6 = 3+4 = 7 <= MUSCLE 7: hit"]
    state.apply(a.Commit(1, 0, 0))
    events = roll(state, 1)
    assert texts(events)[0] == "1d6 = 1 + Fire Axe 3 = 4 >= 4: Deep One eliminated"
    assert state.throngs[0][0] == [] and state.discards[-1] == "deep-one-1"


def test_a_miss_and_no_partial_damage() -> None:
    """R-I32-40, R-I32-45: 8 > 7 misses; 3 damage against a Marsh Ghoul (6) does nothing."""
    state = armed()
    attack(state)
    state.apply(a.Commit(1, 0, 0))
    assert texts(roll(state, 4, 4)) == ["2d6 = 4+4 = 8 > MUSCLE 7: miss"]
    state = armed(lambda d: move(d, "marsh-ghoul-1", "throng", 0, 1))
    attack(state, "marsh-ghoul-1", "")
    state.apply(a.Commit(1, 0, 0))
    roll(state, 1, 2)
    state.apply(a.Commit(1, 0, 0))
    assert texts(roll(state, 3))[0] == "1d6 = 3 < 6: Marsh Ghoul unharmed"
    assert state.throngs[0][1] == ["marsh-ghoul-1"]


def test_doubles_bonus_and_damage_spoints() -> None:
    """R-I32-52, R-I32-56: 3-3 adds 3; 2 spoints add 2: 1 + 3 + 3 + 2 = 9 >= 8."""
    state = armed(lambda d: move(d, "shoggoth-spawn-1", "throng", 0, 1))
    attack(state, "shoggoth-spawn-1")
    state.apply(a.Commit(1, 0, 0))
    assert texts(roll(state, 3, 3)) == ["2d6 = 3+3 = 6 <= MUSCLE 7: hit, doubles +3 damage"]
    state.apply(a.Commit(1, 2, 0))
    assert texts(roll(state, 1))[-1] == (
        "1d6 = 1 + Fire Axe 3 + doubles 3 + 2 spoints = 9 >= 8: Shoggoth Spawn eliminated")
    assert state.power[1] == 5


def test_head_shot_removes_from_play_and_overkill_too() -> None:
    """R-I32-51: 1-1 removes the monster from play; R-I32-54: 10+ damage as well."""
    state = armed()
    attack(state)
    state.apply(a.Commit(1, 0, 0))
    assert texts(roll(state, 1, 1)) == ["2d6 = 1+1 = 2: head shot"]
    assert state.removed == ["deep-one-1"]
    state = armed()
    attack(state)
    state.apply(a.Commit(1, 0, 0))
    roll(state, 2, 3)
    state.apply(a.Commit(1, 1, 0))
    assert texts(roll(state, 6))[-1] == (
        "1d6 = 6 + Fire Axe 3 + 1 spoint = 10 >= 10: overkill, Deep One removed from play")
    assert state.removed == ["deep-one-1"]


def test_the_spoint_cap_is_refused_with_the_state_unchanged() -> None:
    """R-I32-41, A-I32-14: MUSCLE 7 may be raised by 4 at most (to 11)."""
    state = armed(lambda d: d["survivors"]["bugsy-malone"].update(rest=3))
    attack(state)
    refused(state, a.Commit(1, 3, 2), "R-I32-41", "at most 4 spoints")
    refused(state, a.Commit(1, 0, 4), "R-I32-41", "has 7 power and 3 rest spoints")
    state.apply(a.Commit(1, 2, 2))
    assert state.survivors["bugsy-malone"]["rest"] == 1 and state.power[1] == 5
    assert texts(roll(state, 5, 6)) == ["2d6 = 5+6 = 11 <= MUSCLE 7 + 4 spoints: hit"]


def test_a_fumble_gives_the_monster_a_counterstrike() -> None:
    """R-I32-51, A-I32-10: 6-6 fails and the Deep One attacks Bugsy at once."""
    state = armed()
    attack(state)
    state.apply(a.Commit(1, 0, 0))
    assert texts(roll(state, 6, 6)) == ["2d6 = 6+6 = 12: fumble, the victim counterstrikes"]
    assert state.pending()[0].to_json()["purpose"] == "Deep One attacks Bugsy Malone"
    assert texts(roll(state, 5, 6)) == ["2d6 = 5+6 = 11 > Deep One 4: miss"]


def _director_attacks(state: I32State, faces: tuple[int, int], damage: int) -> list[Any]:
    """Play Seat 2 and Seat 3 resting, then the director takes the Deep One on screen slot 1
    into throng 2 and attacks Bugsy."""
    for seat, survivor in ((1, "bugsy-malone"), (2, "lefty-rourke")):
        state.apply(a.Pool(seat))
        state.apply(a.Act(seat, survivor, "rest"))
        state.apply(a.Pass(0))  # no fade out
    state.apply(a.TakeAttack(0, "deep-one-2", 1, "bugsy-malone"))
    roll(state, *faces)
    return roll(state, damage)


def _monster_on_screen(d: dict[str, Any]) -> None:
    move(d, "deep-one-2", "screen", 0)


def test_the_director_takes_and_attacks_and_spoints_negate() -> None:
    """R-I32-30, R-I32-47..49: 2-2 = 4 <= 4 hits with +2; 3 + 2 = 5 damage; 5 spoints negate."""
    state = edit(start(3), _monster_on_screen)
    events = _director_attacks(state, (2, 2), 3)
    assert state.throngs[0][1] == ["deep-one-2"]
    assert texts(events) == ["1d6 = 3 + doubles 2 = 5: 5 damage to Bugsy Malone"]
    assert state.pending()[0].to_json()["kind"] == "negate"
    refused(state, a.Negate(1, 4, 0), "R-I32-49", "costs exactly 5 spoints")
    events = state.apply(a.Negate(1, 3, 2))
    assert "Bugsy Malone negates the damage with 5 spoints" in texts(events)
    assert "bugsy-malone" in state.survivors and state.power[1] == 4


def test_a_failed_flail_makes_a_familiar_face() -> None:
    """R-I32-49, R-I32-50: SPEED 6 + 1 = 7; 4+4 fails: the survivor is a monster worth its
    MUSCLE, its victims card is gone."""
    state = edit(start(3), _monster_on_screen)
    _director_attacks(state, (1, 2), 3)
    state.apply(a.Flail(1, 1, 0))
    events = roll(state, 4, 4)
    assert texts(events)[:2] == ["Flail 2d6 = 4+4 = 8 > SPEED 6 + 1 spoint: Bugsy Malone fails",
                                 "Bugsy Malone is eliminated and becomes a familiar face"]
    assert "bugsy-malone" in state.familiar and "bugsy-malone" in state.discards
    assert "bugsy-malone" not in state.victims and state.value("bugsy-malone") == 7


def test_overkill_removes_a_survivor_for_good() -> None:
    """R-I32-54, A-I32-13: 5-5 hits a throng of 8+4 with +5; 6 + 5 = 11 not negated."""
    def two(d: dict[str, Any]) -> None:
        _monster_on_screen(d)
        move(d, "shoggoth-spawn-1", "throng", 0, 1)
    state = edit(start(3), two)
    _director_attacks(state, (5, 5), 6)
    state.apply(a.Flail(1, 0, 0))
    told = texts(roll(state, 6, 5))
    assert told[:2] == ["Flail 2d6 = 6+5 = 11 > SPEED 6: Bugsy Malone fails",
                        "Bugsy Malone is lost to overkill: removed from play"]
    assert "bugsy-malone" in state.removed and "bugsy-malone" not in state.familiar


def test_a_head_shot_on_a_survivor_is_placed_by_the_director() -> None:
    """R-I32-51: the survivor is at once taken and placed as a familiar face."""
    state = edit(start(3), _monster_on_screen)
    for seat, survivor in ((1, "bugsy-malone"), (2, "lefty-rourke")):
        state.apply(a.Pool(seat))
        state.apply(a.Act(seat, survivor, "rest"))
        state.apply(a.Pass(0))
    state.apply(a.TakeAttack(0, "deep-one-2", 1, "bugsy-malone"))
    roll(state, 1, 1)
    assert state.pending()[0].to_json()["kind"] == "place"
    state.apply(a.Place(0, "bugsy-malone", 2))
    assert state.throngs[0][2] == ["bugsy-malone"] and "bugsy-malone" not in state.discards


def test_a_mythos_attack_and_the_save() -> None:
    """R-I32-58: spend the value from the item's store first; the Elder Sign's penalty 2 makes
    the Deep One's save 2d6 <= 2: 3+4 banishes it."""
    def ready(d: dict[str, Any]) -> None:
        move(d, "elder-sign", "items", "bugsy-malone")
        d["survivors"]["bugsy-malone"]["stores"] = {"elder-sign": 3}
        d["survivors"]["bugsy-malone"]["mythos"] = 1
        move(d, "deep-one-1", "throng", 0, 0)
    state = edit(start(3), ready)
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "mythos_attack", "deep-one-1", "elder-sign"))
    me = state.survivors["bugsy-malone"]
    assert me["stores"] == {"elder-sign": 0} and me["mythos"] == 0
    assert texts(roll(state, 3, 4)) == ["Save 2d6 = 3+4 = 7 > Deep One 4 - penalty 2: banished"]
    assert state.discards[-1] == "deep-one-1"


def test_a_creature_feature_caused_by_a_survivor() -> None:
    """R-I32-25: the replacement makes 3 monsters: each attacks the survivor whose turn it was."""
    def screen(d: dict[str, Any]) -> None:
        move(d, "deep-one-2", "screen", 1)
        move(d, "deep-one-3", "screen", 2)
        move(d, "deep-one-4", "reel_pile")
    state = edit(start(3), screen)
    state.apply(a.Spotlight(1, "bugsy-malone", "fire-axe"))
    events = state.apply(a.Act(1, "bugsy-malone", "rest"))
    assert texts(events)[-1] == "Creature feature!"
    assert state.pending()[0].to_json()["purpose"] == "Deep One attacks Bugsy Malone"


def test_fade_out_counts_three_survivor_turns() -> None:
    """R-I32-66: the marked card is discarded after the next three survivor turns."""
    state = start(3)
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    state.apply(a.FadeOut(0, "crowbar"))
    assert state.view(None)["fade"] == {"card": "crowbar", "left": 3}
    state.apply(a.Pool(2))
    state.apply(a.Act(2, "lefty-rourke", "rest"))
    assert state.fade == {"card": "crowbar", "left": 2}
    state.apply(a.Pass(0))  # the director's turn: no attack possible
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    state.apply(a.Pool(2))
    events = state.apply(a.Act(2, "lefty-rourke", "rest"))
    assert "Crowbar fades out" in texts(events)
    assert "crowbar" in state.discards and state.fade is None


def test_a_tommy_gun_hits_every_monster_of_a_throng() -> None:
    """R-I32-46: the damage total applies to each monster of the throng."""
    def gun(d: dict[str, Any]) -> None:
        move(d, "tommy-gun", "items", "bugsy-malone")
        move(d, "deep-one-1", "throng", 0, 0)
        move(d, "marsh-ghoul-1", "throng", 0, 0)
    state = edit(start(3), gun)
    state.apply(a.Pool(1))
    assert a.Act(1, "bugsy-malone", "attack", "throng:0:0", "tommy-gun", "muscle") in \
        state.legal_actions(1)
    state.apply(a.Act(1, "bugsy-malone", "attack", "throng:0:0", "tommy-gun", "muscle"))
    state.apply(a.Commit(1, 0, 0))
    roll(state, 2, 3)
    state.apply(a.Commit(1, 0, 0))
    assert texts(roll(state, 3)) == ["1d6 = 3 + Tommy Gun 2 = 5 >= 4: Deep One eliminated",
                                     "Damage 5 < 6: Marsh Ghoul unharmed"]
    assert state.throngs[0][0] == ["marsh-ghoul-1"]


def test_a_horror_star_re_rolls_a_failed_attack() -> None:
    """R-I32-67: one use, a failed action roll is rolled again; declined, the miss stands."""
    state = armed(lambda d: d["survivors"]["bugsy-malone"].update(stars=1))
    attack(state)
    state.apply(a.Commit(1, 0, 0))
    roll(state, 5, 4)
    assert state.current == {"seat": 1, "survivor": "bugsy-malone", "purpose": "reroll",
                             "choices": ["reroll", "accept"]}
    events = state.apply(a.Choose(1, "reroll"))
    assert texts(events) == ["Bugsy Malone spends a horror star to re-roll"]
    assert state.survivors["bugsy-malone"]["stars"] == 0
    assert texts(roll(state, 2, 4)) == ["2d6 = 2+4 = 6 <= MUSCLE 7: hit"]
    state = armed(lambda d: d["survivors"]["bugsy-malone"].update(stars=1))
    attack(state)
    state.apply(a.Commit(1, 0, 0))
    roll(state, 5, 4)
    state.apply(a.Choose(1, "accept"))
    assert state.survivors["bugsy-malone"]["stars"] == 1 and state.phase == "fade"


def test_no_re_roll_for_a_fumble() -> None:
    state = armed(lambda d: d["survivors"]["bugsy-malone"].update(stars=1))
    attack(state)
    state.apply(a.Commit(1, 0, 0))
    roll(state, 6, 6)
    assert state.phase == "roll"  # the counterstrike, no offer
