"""Innsmouth 32's Hound (R-I32-81) and Night Clerk (R-I32-82) with exact results. EXAMPLE
pack: the Hound SPEED 8 GUTS 7; the Night Clerk BRAINS 7 GUTS 6, 9 mythos, monster value 8;
Bugsy Malone SPEED 6; a Deep One is worth 4."""

from __future__ import annotations

from typing import Any

from services.games.core import DrawResult, ShuffleResult
from services.games.innsmouth_32 import actions as a
from tests.games.i32_helpers import GAME, edit, move, refused, roll, texts
from tests.games.i32_modules_helpers import director_turn, mstart

HOUND, CLERK = "the-hound", "night-clerk"


# ------------------------------------------------------------------ the Night Clerk


def clerk_game() -> Any:
    return mstart(3, screen=(CLERK, "fire-axe", "boat-hook"), night_clerk=True)


def test_the_night_clerk_is_taken_as_a_survivor_with_a_spotlight() -> None:
    """He joins the pool with 3 rest spoints and 9 mythos, then acts: no attack without an
    item (no MUSCLE), a mythos attack is fine."""
    state = edit(clerk_game(), lambda d: move(d, "deep-one-1", "throng", 0, 0))
    assert a.Spotlight(1, CLERK, CLERK) in state.legal_actions(1)
    events = state.apply(a.Spotlight(1, CLERK, CLERK))
    assert texts(events) == ["Seat 2 takes The Night Clerk as a survivor: 3 rest spoints "
                             "and 9 mythos"]
    assert state.pools[1] == ["bugsy-malone", CLERK] and state.screen[0]["card"] != CLERK
    assert state.survivors[CLERK]["rest"] == 3 and state.survivors[CLERK]["mythos"] == 9
    acts = state.legal_actions(1)
    assert a.Act(1, CLERK, "mythos_attack", "deep-one-1") in acts
    assert not [x for x in acts if x.kind == "attack"]
    refused(state, a.Act(1, CLERK, "attack", "deep-one-1"), "R-I32-13",
            "Seat 2 cannot do that now")
    assert state.view(None)["survivors"][CLERK]["stats"] == {"brains": 7, "guts": 6}


def test_the_night_clerk_flails_with_brains_and_ignores_insanity() -> None:
    """A hit on him: he flails against BRAINS 7 (7 escapes); insanity does not touch him."""
    def change(d: dict[str, Any]) -> None:
        move(d, "deep-one-1", "throng", 0, 0)
        director_turn(d)
    state = clerk_game()
    state.apply(a.Spotlight(1, CLERK, CLERK))
    state.apply(a.Act(1, CLERK, "rest"))
    state = edit(state, change)
    state.apply(a.AllOut(0))
    state.apply(a.Aim(0, CLERK))
    roll(state, 1, 2)
    roll(state, 2)
    assert state.phase == "negate" and state.current["survivor"] == CLERK
    state.apply(a.Flail(1, 0, 0))
    events = roll(state, 3, 4)
    assert texts(events)[-1].endswith("escapes") and CLERK in state.survivors
    assert state.stat(CLERK, "speed") == 7
    assert texts(state.step_insanity(CLERK)) == ["The Night Clerk is immune to insanity"]
    assert state.survivors[CLERK]["insane"] == []


def test_the_night_clerk_is_a_monster_worth_8_for_the_director() -> None:
    """On screen he is a monster: TAKE+ATTACK puts him in a throng (target 8); eliminated as
    a survivor he is a familiar face worth 8."""
    state = edit(clerk_game(), director_turn)
    assert a.TakeAttack(0, CLERK, 0, "bugsy-malone") in state.legal_actions(0)
    assert state.view(None)["screen"][0]["value"] == 8
    state.apply(a.TakeAttack(0, CLERK, 0, "bugsy-malone"))
    assert state.throngs[0][0] == [CLERK] and state.fight["target"] == 8
    state = clerk_game()
    state.apply(a.Spotlight(1, CLERK, CLERK))
    state.eliminate(CLERK, False, -1)
    assert CLERK in state.familiar and state.value(CLERK) == 8 and state.is_monster(CLERK)


# ------------------------------------------------------------------ the Hound


def test_the_hound_as_a_thirteenth_survivor_is_never_a_random_victim() -> None:
    state = GAME.new_state(3, {"hound": "thirteenth"})
    prompt = state.chance_prompt()
    assert prompt is not None and len(prompt.items) == 13 and HOUND in prompt.items
    assert HOUND not in state.victims


def test_the_hound_replaces_the_directors_choice() -> None:
    state = GAME.new_state(3, {"hound": "replace"})
    assert state.current["purpose"] == "hound"
    events = state.apply(a.Choose(0, "old-zadok"))
    assert texts(events) == ["The Hound replaces Old Zadok: that survivor and its victims "
                             "card are out of the game"]
    prompt = state.chance_prompt()
    assert prompt is not None and HOUND in prompt.items and "old-zadok" not in prompt.items
    assert "old-zadok" not in state.victims


def test_the_hound_comes_with_a_random_victims_survivor() -> None:
    state = GAME.new_state(3, {"hound": "companion"})
    prompt = state.chance_prompt()
    assert prompt is not None and prompt.to_json()["deck"] == "victims"
    events = state.apply(DrawResult("victims", "lefty-rourke"))
    assert texts(events) == ["The Hound will come with Lefty Rourke"]
    state.apply(ShuffleResult("survivors", tuple(state.deck_ids("survivors"))))
    state.apply(ShuffleResult("movie", tuple(state.deck_ids("movie"))))
    assert state.pools[2][:2] == ["lefty-rourke", HOUND]


def hound_game(*extra: Any) -> Any:
    def change(d: dict[str, Any]) -> None:
        move(d, "deep-one-1", "throng", 0, 0)
        move(d, "deep-one-2", "throng", 0, 1)
        for more in extra:
            more(d)
    return edit(mstart(3, survivors=(HOUND,), hound="thirteenth"), change)


def test_the_hound_attacks_twice_with_speed_and_holds_no_item() -> None:
    """SPEED 8: 7 hits, 4 damage eliminates the first Deep One; then the second attack."""
    state = hound_game()
    state.apply(a.Pool(1))
    kinds = {x.kind for x in state.legal_actions(1)}
    assert kinds == {"rest", "attack", "move"} - ({"move"} if not state.sanctuaries else set())
    refused(state, a.Act(1, HOUND, "take", "fire-axe"), "R-I32-13",
            "Seat 2 cannot do that now")
    state.apply(a.Act(1, HOUND, "attack", "deep-one-1"))
    state.apply(a.Commit(1, 0, 0))
    assert texts(roll(state, 3, 4))[0].startswith("2d6 = 3+4 = 7 <= SPEED 8")
    state.apply(a.Commit(1, 0, 0))
    roll(state, 4)
    assert state.throngs[0][0] == []
    assert state.current["purpose"] == "hound_attack"
    assert state.current["choices"] == ["deep-one-2", "pass"]
    refused(state, a.Choose(1, "deep-one-1"), "R-I32-81",
            "Deep One is not one of the allowed choices: Deep One, pass")
    state.apply(a.Choose(1, "deep-one-2"))
    assert state.fight["survivor"] == HOUND and state.fight["target"] == "deep-one-2"


def test_the_hound_rescues_once_per_reel_and_is_removed_when_eliminated() -> None:
    """Bugsy (Seat 3) is hit in the pool: the Hound (Seat 2) takes the attack; no spoints,
    it flails and fails: removed from play, not a familiar face. A later hit on Bugsy that
    reel is not rescued."""
    def change(d: dict[str, Any]) -> None:
        d["power"] = [0, 0, 0]
        director_turn(d)
    state = hound_game(change)
    state.apply(a.AllOut(0))
    state.apply(a.Aim(0, "bugsy-malone"))
    roll(state, 1, 2)
    assert state.current == {"seat": 1, "survivor": HOUND, "choices": ["rescue", "pass"],
                             "purpose": "rescue"}
    events = state.apply(a.Choose(1, "rescue"))
    assert texts(events)[0] == "The Hound rescues Bugsy Malone: it takes the attack"
    assert state.fight["victim"] == HOUND and state.mods["rescued"]
    roll(state, 2)  # 2 damage, no spoints: the Hound flails
    events = roll(state, 6, 5)
    assert "The Hound is eliminated: removed from play" in texts(events)
    assert HOUND in state.removed and HOUND not in state.familiar
    assert state.pools[1] == []


def test_insanity_may_cover_any_of_the_hounds_four_stats() -> None:
    """1 on the insanity die covers the Hound's MUSCLE (it has none active)."""
    state = hound_game()
    events = state.step_insanity_rolled(HOUND, [1])
    assert texts(events) == ["Insanity covers The Hound's MUSCLE: its target number is 4"]
    assert state.survivors[HOUND]["insane"] == ["muscle"]
    state = edit(state, lambda d: None)  # the snapshot accepts it
    assert state.survivors[HOUND]["insane"] == ["muscle"]


def test_a_rescue_is_offered_once_per_reel() -> None:
    """R-I32-81: with this reel's rescue used, a hit on Bugsy goes to Bugsy; a new reel
    gives the rescue back."""
    def change(d: dict[str, Any]) -> None:
        d["power"] = [0, 0, 0]
        d["mods"]["rescued"] = True
        director_turn(d)
    state = hound_game(change)
    state.apply(a.AllOut(0))
    state.apply(a.Aim(0, "bugsy-malone"))
    roll(state, 1, 2)
    assert state.phase == "roll" and state.fight["victim"] == "bugsy-malone"
    state = hound_game(lambda d: d["mods"].update(rescued=True))
    state.step_new_reel()
    assert state.mods["rescued"] is False


def test_a_returning_hound_is_taken_back_or_faded_out() -> None:
    """hound_returns: eliminated, the Hound goes to the discards; back on the screen a
    spotlight takes it as a survivor (3 rest spoints), or the director fades it out."""
    state = edit(
        mstart(3, survivors=(HOUND,), hound="thirteenth", hound_returns=True),
        lambda d: move(d, "deep-one-1", "throng", 0, 0))
    events = state.eliminate(HOUND, False, -1)
    assert texts(events) == ["The Hound is eliminated: to the discards, it may come back"]
    assert state.discards[-1] == HOUND and HOUND not in state.familiar
    state = edit(state, lambda d: (d["discards"].remove(HOUND), d["screen"].__setitem__(
        0, {"card": HOUND, "down": False}), d["discards"].append("fire-axe"),
        d.update(phase="turn", current={"seat": 2}, todo=[["next_seat", 2]])))
    assert state.view(None)["screen"][0] == {"card": HOUND, "face_down": False,
                                             "name": "The Hound", "kind": "survivor"}
    assert HOUND in state.fade_cards()
    assert a.Spotlight(2, HOUND, HOUND) in state.legal_actions(2)
    events = state.apply(a.Spotlight(2, HOUND, HOUND))
    assert texts(events) == ["Seat 3 takes The Hound as a survivor: 3 rest spoints"]
    assert state.pools[2] == ["bugsy-malone", HOUND] and state.survivors[HOUND]["rest"] == 3


def test_the_survivor_loss_takes_the_hound_unseen_but_not_as_a_familiar_face() -> None:
    """R-I32-69 task 5: the same words as for any survivor; the Hound lies in the discards,
    not a familiar face (it has no MUSCLE to be one)."""
    state = mstart(3, survivors=("bugsy-malone", "lefty-rourke", HOUND), hound="thirteenth")
    assert state.survivor_pile[0] == HOUND
    events = state.step_survivor_loss()
    assert texts(events) == ["Survivor loss: the top survivor goes to the discards unseen "
                             "as a familiar face"]
    assert state.discards[-1] == HOUND and HOUND not in state.familiar
