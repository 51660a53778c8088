"""Innsmouth 32 reels and endgames with exact results (R-I32-32, R-I32-60, R-I32-67..73;
A-I32-01, A-I32-15, A-I32-17, A-I32-18, A-I32-21)."""

from __future__ import annotations

from typing import Any

from services.games.core import DrawResult, ShuffleResult
from services.games.innsmouth_32 import I32State
from services.games.innsmouth_32 import actions as a
from tests.games.i32_helpers import GAME, edit, move, refused, roll, start, texts


def last_card(reel: int = 1) -> I32State:
    """The reel pile is empty and the screen holds only the Fire Axe."""
    def change(d: dict[str, Any]) -> None:
        for card in list(d["reel_pile"]):
            move(d, card, "discards")
        move(d, "boat-hook", "discards")
        move(d, "crowbar", "discards")
        d["reel"] = reel
    return edit(start(3), change)


def test_a_reel_ends_when_the_pile_and_the_screen_are_empty() -> None:
    """R-I32-68, R-I32-69: the take clears the screen; the reel ends after the action, the
    rest of the turn is not played; fade in goes to the next player (Seat 3)."""
    state = last_card()
    state.apply(a.Spotlight(1, "bugsy-malone", "fire-axe"))
    assert state.screen[0] == {"card": "", "down": False}
    events = state.apply(a.Act(1, "bugsy-malone", "rest"))
    assert texts(events)[-2:] == ["Reel 1 is over", "Fade in: Seat 3 starts reel 2"]
    assert state.fade_in == 2
    prompt = state.pending()[0].to_json()
    assert prompt["kind"] == "choose" and prompt["actor"] == 2  # R-I32-67: the horror star
    refused(state, a.Choose(2, "vera-lucchese"), "R-I32-67",
            "Vera Lucchese is not one of the allowed choices: Bugsy Malone, Lefty Rourke")
    events = state.apply(a.Choose(2, "lefty-rourke"))
    assert "Lefty Rourke earns the horror star" in texts(events)
    assert state.survivors["lefty-rourke"]["stars"] == 1
    # end task 4: REEL# (1) insanity token to a random victim, the stat by 1d6
    events = state.apply(DrawResult("victims", "bugsy-malone"))
    events += roll(state, 2)
    assert "Insanity covers Bugsy Malone's SPEED: its target number is 4" in texts(events)
    assert state.stat("bugsy-malone", "speed") == 4
    # end task 6: the discards are shuffled into reel II: 20 cards and 3 on the screen
    order = tuple(state.discards)
    events = state.apply(ShuffleResult("discards", order))
    assert state.reel == 2 and len(state.reel_pile) == 20
    assert state.reel_pile == list(order[:20])
    assert not any(s["down"] for s in state.screen)  # the new screen is revealed
    assert f"Screen slot 1: {GAME.data.get(order[20]).name}" in texts(events)


def test_insanity_rerolls_a_covered_stat_and_lets_players_choose() -> None:
    """R-I32-60, R-I32-61, A-I32-15: 2 on a covered SPEED rolls again; 5: the player picks
    among the uncovered stats; with three covered the fourth is covered without a roll."""
    state = last_card()
    state.survivors["bugsy-malone"]["insane"] = ["speed"]
    state.apply(a.Spotlight(1, "bugsy-malone", "fire-axe"))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    state.apply(a.Choose(2, "lefty-rourke"))
    state.apply(DrawResult("victims", "bugsy-malone"))
    assert texts(roll(state, 2)) == ["1d6 = 2: covered already, roll again"]
    roll(state, 5)
    assert state.pending()[0].to_json()["actor"] == 1
    assert [x.value for x in state.legal_actions(1)] == ["muscle", "brains", "guts"]
    state.apply(a.Choose(1, "guts"))
    assert state.survivors["bugsy-malone"]["insane"] == ["speed", "guts"]
    state = start(3)
    state.survivors["bugsy-malone"]["insane"] = ["speed", "guts", "muscle"]
    assert texts(state.step_insanity("bugsy-malone")) == [
        "Insanity covers Bugsy Malone's BRAINS: its target number is 4"]
    assert texts(state.step_insanity("bugsy-malone")) == ["Bugsy Malone is down on all fours"]


def test_reel_four_plays_to_the_directors_final_turn() -> None:
    """R-I32-71, A-I32-01: the players win with a survivor in play after the director's final
    turn."""
    state = last_card(reel=4)
    state.apply(a.Spotlight(1, "bugsy-malone", "fire-axe"))
    events = state.apply(a.Act(1, "bugsy-malone", "rest"))
    assert "Reel IV is over: the director's final turn comes" in texts(events)
    state.apply(a.Pool(2))  # play goes on to the director
    state.apply(a.Act(2, "lefty-rourke", "rest"))
    assert state.outcome() is None and state.pending()[0].to_json()["kind"] == "director"
    events = state.apply(a.Pass(0))
    outcome = state.outcome()
    assert outcome is not None and outcome.result == "players" and outcome.rule == "A-I32-01"
    assert outcome.winners == (1, 2)
    assert state.pending() == ()


def _alone(d: dict[str, Any]) -> None:
    for card in list(d["survivor_pile"]):
        d["survivor_pile"].remove(card)
        d["removed"].append(card)


def test_last_one_standing_then_a_round_of_attacks() -> None:
    """R-I32-73, A-I32-18: one survivor in play and none to draw: its final turn, then the
    director's round, then the end (A-I32-01: it survived, the players win)."""
    state = edit(start(2), _alone)
    events = state.apply(a.Pool(1))
    events += state.apply(a.Act(1, "bugsy-malone", "rest"))
    state.apply(a.Pass(0))  # no fade out
    assert state.final == 3
    state.apply(a.Choose(0, "waive"))  # R-I32-67: the director waives the star rolls
    assert state.pending()[0].to_json()["kind"] == "turn"  # the final turn
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    state.apply(a.Pass(0))
    assert state.pending()[0].to_json()["kind"] == "director"  # the round of attacks
    state.apply(a.Pass(0))
    outcome = state.outcome()
    assert outcome is not None and outcome.result == "players" and outcome.rule == "A-I32-01"


def test_the_director_wins_when_no_survivor_is_left() -> None:
    """A-I32-01: the last survivor falls to the round of attacks: the director wins."""
    def setup(d: dict[str, Any]) -> None:
        _alone(d)
        move(d, "shoggoth-spawn-1", "throng", 0, 0)
    state = edit(start(2), setup)
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    state.apply(a.Pass(0))
    state.apply(a.Choose(0, "roll"))  # R-I32-67: 4 tokens left in reel I, 1d6 <= 1 each
    for face in (2, 3, 4, 5):
        roll(state, face)
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    state.apply(a.Pass(0))
    state.apply(a.AllOut(0))
    state.apply(a.Aim(0, "bugsy-malone"))
    roll(state, 3, 4)
    roll(state, 6)
    state.apply(a.Flail(1, 0, 0))
    roll(state, 6, 5)
    outcome = state.outcome()
    assert outcome is not None and outcome.result == "director"
    assert outcome.reason.endswith("every survivor is lost") or "no survivor" in outcome.reason


def test_turning_point_stops_the_refills() -> None:
    """R-I32-72, R-I32-32: a monster player holding a monster and the director (2) at least
    the players still in (1): no more screen refills."""
    def setup(d: dict[str, Any]) -> None:
        for card in list(d["survivor_pile"]):
            d["survivor_pile"].remove(card)
            d["removed"].append(card)
        d["removed"].remove("vera-lucchese")
        d["pools"][1].append("vera-lucchese")
        d["survivors"]["vera-lucchese"] = dict(d["survivors"]["bugsy-malone"])
        d["removed"].append("lefty-rourke")
        d["pools"][2] = []
        del d["survivors"]["lefty-rourke"]
        d["monster_players"] = [2]
        move(d, "deep-one-1", "throng", 2, 0)
    state = edit(start(3), setup)
    state.apply(a.Spotlight(1, "bugsy-malone", "fire-axe"))
    state.apply(a.Act(1, "bugsy-malone", "rest"))
    assert state.screen[0] == {"card": "deep-one-2", "down": False}  # still refilled
    events = state.apply(a.Pass(0))
    assert "Turning Point: no more cards come to the screen" in texts(events)
    assert state.turning_point
    # the monster player's turn (R-I32-32): his take leaves the slot empty
    assert state.pending()[0].to_json() == {"actor": 2, "kind": "director",
                                            "text": "take+attack or all-out attack"}
    refused(state, a.TakeAttack(2, "deep-one-2", 3, "bugsy-malone"), "R-I32-30",
            "not one of the allowed")  # a monster player has 3 throngs
    state.apply(a.TakeAttack(2, "deep-one-2", 1, "bugsy-malone"))
    assert state.screen[0] == {"card": "", "down": False}
    assert state.throngs[2][1] == ["deep-one-2"]


def test_the_directors_cut_places_the_monsters_drawn() -> None:
    """R-I32-70: no monster in his throngs: the director draws REEL# (1) discards."""
    state = GAME.new_state(3, {})
    state.apply(ShuffleResult("survivors", GAME.data.ids("survivors")))
    order = [c for c in GAME.data.ids("movie") if c not in ("fire-axe", "boat-hook",
                                                           "crowbar")]
    state.apply(ShuffleResult("movie", (*order[:10], "fire-axe", "boat-hook", "crowbar",
                                        *order[10:])))
    assert state.current == {"seat": 0, "choices": ["cut", "pass"], "purpose": "cut"}
    state.apply(a.Choose(0, "cut"))
    rest = [c for c in state.discards if c != "marsh-ghoul-3"]
    events = state.apply(ShuffleResult("discards", ("marsh-ghoul-3", *rest)))
    assert "Director's cut: 1 discards drawn, 1 monsters among them" in texts(events)
    events = state.apply(a.Place(0, "marsh-ghoul-3", 0))
    assert texts(events)[0] == "Marsh Ghoul joins throng 1"
    assert state.throngs[0][0] == ["marsh-ghoul-3"]


def test_clipping_reel_four_makes_the_directors_turn_final() -> None:
    """R-I32-71, A-I32-19: reel pile empty, a slot empty: the director clips reel IV and the
    game ends after his turn."""
    def change(d: dict[str, Any]) -> None:
        for card in list(d["reel_pile"]):
            move(d, card, "discards")
        move(d, "crowbar", "discards")
        d["reel"] = 4
    state = edit(start(3), change)
    for seat, survivor in ((1, "bugsy-malone"), (2, "lefty-rourke")):
        state.apply(a.Pool(seat))
        state.apply(a.Act(seat, survivor, "rest"))
        state.apply(a.Pass(0))  # no fade out
    state.apply(a.Pass(0))  # the director cannot attack
    assert state.current == {"seat": 0, "choices": ["clip", "play_on"], "purpose": "clip"}
    events = state.apply(a.Choose(0, "clip"))
    assert "The director clips reel 4" in texts(events)
    outcome = state.outcome()
    assert outcome is not None and outcome.result == "players"
    assert not any(s["card"] for s in state.screen)


def test_turning_point_can_end_with_its_reel() -> None:
    """A-I32-17: by default it holds every later reel; with the option off it ends."""
    for persists in (True, False):
        state = last_card()
        state = edit(state, lambda d, p=persists: (
            d.update(turning_point=True), d["options"].update(turning_point_persists=p)))
        state.apply(a.Spotlight(1, "bugsy-malone", "fire-axe"))
        state.apply(a.Act(1, "bugsy-malone", "rest"))
        state.apply(a.Choose(2, "lefty-rourke"))
        state.apply(DrawResult("victims", "bugsy-malone"))
        roll(state, 1)
        state.apply(ShuffleResult("discards", tuple(state.discards)))
        assert state.reel == 2 and state.turning_point is persists
        assert len(state.reel_pile) == 20
