"""Innsmouth 32's table flow outside the box: a position set up with the engine's test
helpers, the seats' buttons driven through the flow the way the box's table drives them (an
action is applied; a refusal goes to ``flow.refused``; after a change ``flow.observe`` with
the history, then ``flow.reset``).

Each menu kind produces the exact engine action; greyed items carry the engine's reason;
the commit step shows the target that results; a refused tap changes nothing and says why
on that seat only; the told lines reach the public pages; and whole random games at 3 and 5
players are played through the buttons (tests/box/i32_navigator.py) with every screen and
menu drawn whole.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from services.games.core import (
    IllegalAction,
    RollResult,
    SeatAction,
    SeatPrompt,
)
from services.games.innsmouth_32 import actions as a
from services.referee.tables.innsmouth_32.menus import SeatMenus
from tests.box.i32_box import LABELS, Box
from tests.box.i32_navigator import path_to
from tests.games.i32_helpers import GAME, edit, move, start


def one_seat_turn() -> Box:
    return Box(start(3))  # Seat 2 (Bugsy Malone) starts; Fire Axe, Boat Hook, Crowbar shown


# ---------------------------------------------------------------------- a character player


def test_a_turn_offers_pool_take_act_and_draw_and_take_act_gives_the_exact_action() -> None:
    box = one_seat_turn()
    assert box.labels(1) == ["Pool actions", "Take+act", "Draw survivor+act", "My survivors"]
    box.label(1, "Take+act")
    assert box.labels(1) == ["Fire Axe", "Boat Hook", "Crowbar"]  # Bugsy, the only survivor
    box.label(1, "Boat Hook")
    assert box.applied == [a.Spotlight(1, "bugsy-malone", "boat-hook")]
    assert box.state.phase == "act" and box.state.current["survivor"] == "bugsy-malone"


def test_draw_survivor_is_greyed_with_the_engines_reason_and_ok_only_shows_it() -> None:
    def full(d: dict[str, Any]) -> None:
        for s in d["survivor_pile"][:2]:
            d["survivor_pile"].remove(s)
            d["pools"][1].append(s)
            d["survivors"][s] = dict(d["survivors"]["bugsy-malone"], items=[], stores={})
    box = Box(edit(start(3), full))
    menu = box.menu(1)
    draw = next(i for i in menu.items if i.label == "Draw survivor+act")
    assert draw.why == "Seat 2 cannot draw a survivor: the pool is full: 3 survivors at most"
    before = box.state.to_json()
    menu.cursor = menu.items.index(draw)
    box.press(1, "ok")
    assert "the pool is full" in " ".join(menu.render().texts)
    assert box.state.to_json() == before and box.applied == []


def test_the_home_screen_shows_power_survivors_stats_and_a_covered_stat_reads_4() -> None:
    def insane(d: dict[str, Any]) -> None:
        d["survivors"]["bugsy-malone"]["insane"] = ["speed"]
        d["survivors"]["bugsy-malone"]["rest"] = 3
    box = Box(edit(start(3), insane))
    text = box.screen(1)
    assert "Seat 2 power 7" in text
    assert "Bugsy Malone r3 m0" in text and "MU7 SP4* BR5 GU6" in text
    assert "OK: YOUR TURN" in text
    box.label(1, "My survivors")
    box.label(1, "Bugsy Malone")
    assert box.labels(1)[:4] == ["MUSCLE 7", "SPEED 4 insane", "BRAINS 5", "GUTS 6"]


def attacking() -> Box:
    """Seat 2's Bugsy holds the Fire Axe (MUSCLE) and acts; a Deep One (3) is on screen."""
    def setup(d: dict[str, Any]) -> None:
        move(d, "fire-axe", "items", "bugsy-malone")
        move(d, "deep-one-1", "screen", 0)
        d["survivors"]["bugsy-malone"]["rest"] = 2
    box = Box(edit(start(3), setup))
    box.buttons(1, a.Pool(1))
    assert box.state.phase == "act"
    return box


def test_an_attack_goes_target_then_weapon_with_the_stat_used() -> None:
    box = attacking()
    labels = box.labels(1)
    assert labels[:2] == ["Rest: +2 rest", "Attack"]
    box.label(1, "Attack")
    assert box.labels(1) == ["Deep One 4"]
    box.label(1, "Deep One 4")
    assert box.labels(1) == ["Hands: MUSCLE 7", "Fire Axe MUSCLE 7"]
    box.label(1, "Fire Axe MUSCLE 7")
    assert box.applied[-1] == a.Act(1, "bugsy-malone", "attack", "deep-one-1", "fire-axe",
                                    "muscle")
    assert box.state.phase == "commit"


def test_the_commit_step_shows_the_target_and_greys_what_the_rules_refuse() -> None:
    box = attacking()
    box.buttons(1, a.Act(1, "bugsy-malone", "attack", "deep-one-1", "fire-axe", "muscle"))
    menu = box.menu(1)  # power first: 7 power, a target of 7 rises to 11 with 4 at most
    assert menu.lines[-1] == "have 7 power"
    assert [i.label for i in menu.items][:3] == ["MUSCLE 7", "MUSCLE 7 +1 = 8",
                                                "MUSCLE 7 +2 = 9"]
    five = menu.items[5]
    assert five.label == "MUSCLE 7 +5 = 11"
    assert five.why == "at most 4 spoints: a target number is raised to 11 at most"
    box.label(1, "MUSCLE 7 +1 = 8")
    assert box.labels(1) == ["MUSCLE 7 +1 = 8", "MUSCLE 7 +2 = 9", "MUSCLE 7 +3 = 10"]
    box.label(1, "MUSCLE 7 +3 = 10")
    assert box.applied[-1] == a.Commit(1, 1, 2)
    assert box.state.phase == "roll"


def test_damage_is_negated_with_exact_spoints_or_flailed_against_speed() -> None:
    def setup(d: dict[str, Any]) -> None:
        move(d, "deep-one-1", "throng", 0, 0)
        d["survivors"]["bugsy-malone"]["rest"] = 1
    box = Box(edit(start(3), setup))
    box.buttons(1, a.Pool(1))
    box.buttons(1, a.Act(1, "bugsy-malone", "rest"))
    while box.state.phase != "director":
        box.buttons(box.state.current["seat"], box.state.legal_actions(
            box.state.current["seat"])[0])
    box.buttons(0, a.AllOut(0))
    assert box.state.phase == "aim"
    assert box.menu(0).title == "Aim throng 1" and box.menu(0).lines == ["T1 =4 Deep One"]
    box.label(0, "Bugsy Malone")
    box.chance(RollResult((1, 2)))  # 3 <= 4: success
    box.chance(RollResult((4,)))  # 4 damage
    assert box.state.phase == "negate"
    menu = box.menu(1)
    assert menu.lines == ["4 damage to B. Malone"]
    assert [i.label for i in menu.items] == ["Negate: 4 spoints", "Flail: SPEED 6"]
    box.label(1, "Negate: 4 spoints")
    assert box.labels(1) == ["1 power 3 rest", "2 power 2 rest", "3 power 1 rest",
                             "4 power 0 rest"]  # 3 rest: 1, and 2 from resting
    box.label(1, "4 power 0 rest")
    assert box.applied[-1] == a.Negate(1, 4, 0)


# ---------------------------------------------------------------------- the director


def directors_turn() -> Box:
    def setup(d: dict[str, Any]) -> None:
        move(d, "deep-one-1", "screen", 0)
        move(d, "marsh-ghoul-1", "throng", 0, 1)
        d["todo"] = [["seat_turn", 0]]
        d["current"] = {"seat": 1}
    state = edit(start(3), setup)
    state.phase = "running"
    state.current = None
    state.run()
    assert state.phase == "director"
    return Box(state)


def test_take_attack_goes_monster_throng_target() -> None:
    box = directors_turn()
    assert box.labels(0) == ["Take+attack", "All-out attack", "My throngs"]
    box.label(0, "Take+attack")
    assert box.labels(0) == ["Deep One 4"]
    box.label(0, "Deep One 4")
    labels = box.labels(0)
    assert labels[:2] == ["T1 empty", "T2 =6 Marsh Ghoul"]
    box.label(0, "T2 =6 Marsh Ghoul")
    assert box.labels(0) == ["Bugsy Malone", "Lefty Rourke"]
    box.label(0, "Lefty Rourke")
    assert box.applied == [a.TakeAttack(0, "deep-one-1", 1, "lefty-rourke")]


def test_between_his_turns_the_director_sees_his_throngs() -> None:
    box = directors_turn()
    text = box.screen(0)
    assert "Seat 1 DIRECTOR" in text and "T2 =6 Marsh Ghoul" in text
    assert "OK: YOUR TURN" in text
    assert "Seat 1 attacks" in " ".join(box.flow.seat(1, box.state, False).texts)


def test_fade_out_and_the_choices_read_as_words() -> None:
    box = one_seat_turn()
    box.buttons(1, a.Pool(1))
    box.buttons(1, a.Act(1, "bugsy-malone", "rest"))
    assert box.state.phase == "fade"
    assert box.labels(0) == ["No fade out", "Fire Axe", "Boat Hook", "Crowbar"]
    box.label(0, "Crowbar")
    assert box.applied[-1] == a.FadeOut(0, "crowbar")


def test_a_plot_device_is_read_then_resolved_or_discarded() -> None:
    def setup(d: dict[str, Any]) -> None:
        move(d, "old-map", "screen", 0)
        d["screen"][0]["down"] = True
        d["todo"] = [["reveal", "bugsy-malone"], *d["todo"]]
    state = edit(start(3), setup)
    state.phase, state.current = "running", None
    state.run()
    box = Box(state)
    assert state.phase == "choose"
    assert box.labels(0) == ["Read the card", "Resolve it", "Discard it"]
    assert box.menu(0).title == "Plot device" and box.menu(0).lines == ["Old Map"]
    box.label(0, "Discard it")
    assert box.applied == [a.Choose(0, "discard")]


# ---------------------------------------------------------------------- refusals and tags


def test_a_refused_action_is_explained_on_that_seat_only_and_changes_nothing() -> None:
    box = one_seat_turn()
    before = box.state.to_json()
    box.flow.refused(1, IllegalAction("R-I32-15", "Seat 2 cannot draw a survivor: the "
                                  "survivor pile is empty (A-I32-22)"))
    assert "Not allowed" in box.screen(1) and "A-I32-22" not in box.screen(1)
    assert "Not allowed" not in box.screen(2)
    box.press(1, "ok")  # reads (closes) the message, nothing else
    assert box.state.to_json() == before and "Not allowed" not in box.screen(1)


def test_a_tag_tapped_when_no_card_is_asked_changes_nothing_and_says_why() -> None:
    box = one_seat_turn()
    before = box.state.to_json()
    assert box.flow.tag(2, "card", "fire-axe", box.state) is None
    assert box.state.to_json() == before
    assert "Fire Axe tapped, | nothing changes" in box.screen(2)
    assert "tapped" not in box.screen(1)


def test_identify_by_tag_and_by_list() -> None:
    identify = getattr(a, "Identify", None)
    if identify is None or "cards" not in {o.key for o in GAME.info.options}:
        pytest.skip("physical decks (helper E4) are not in the engine yet")
    state = GAME.new_state(3, {"cards": "physical"})
    box = Box(state)
    for _ in range(50):
        if state.phase == "identify" or state.outcome() is not None:
            break
        prompt = state.pending()[0]
        if isinstance(prompt, SeatPrompt):
            box.buttons(prompt.seat, state.legal_actions(prompt.seat)[0])
        else:
            box.chance(prompt.resolve(random.Random(1)))
    if state.phase != "identify":
        pytest.skip("no card to identify in this opening")
    seat = state.pending()[0].seat
    first = state.legal_actions(seat)[0]
    assert path_to(box.flow.menu_for(seat, state), first) is not None  # by list
    kind = "survivor" if first.card in GAME.data.ids("survivors") else "card"
    assert box.flow.tag(seat, kind, first.card, state) == first  # by tag


# ---------------------------------------------------------------------- the public pages


def test_the_roll_chain_since_the_seat_action_reaches_the_public_pages() -> None:
    box = attacking()
    box.buttons(1, a.Act(1, "bugsy-malone", "attack", "deep-one-1", "fire-axe", "muscle"))
    box.buttons(1, a.Commit(1, 1, 0))
    box.chance(RollResult((2, 3)))
    assert box.flow.page == "roll"
    assert box.flow.told[0] == "Seat 2 commits 1 spoints to the attack roll"
    assert any("5" in line for line in box.flow.told[1:])
    assert box.flow.announce(box.state, box.history[-1].events)


def test_only_the_directors_screen_names_the_secret_cultist() -> None:
    state = GAME.new_state(3, {"secret_cultist": True})
    box = Box(state)
    rng = random.Random(2)
    assert state.phase == "choose" and state.current["purpose"] == "cultist"
    assert box.menu(0).title == "Secret cultist?"
    cultist = state.legal_actions(0)[0].value
    box.buttons(0, a.Choose(0, cultist))
    while not state.pending() or not isinstance(state.pending()[0], SeatPrompt):
        box.chance(state.pending()[0].resolve(rng))
    name = GAME.data.get(cultist).name
    assert f"cultist: {name}" in box.screen(0)
    for seat in (1, 2):
        assert "cultist:" not in box.screen(seat)
        assert "cultist:" not in " ".join(box.flow.seat(seat, state, False).texts)
    for _name, page in box.flow.public_pages(state, ""):
        assert "cultist:" not in " ".join(page().texts)


def test_another_player_lends_power_and_the_commit_step_offers_it() -> None:
    box = attacking()
    box.buttons(1, a.Act(1, "bugsy-malone", "attack", "deep-one-1", "fire-axe", "muscle"))
    if not hasattr(a, "Lend"):
        pytest.skip("lending (helper E1) is not in the engine yet")
    lender = box.menu(2)
    assert lender.title == "Lend power?" and lender.lines == ["to Bugsy Malone"]
    assert "lend power?" in " ".join(box.flow.seat(2, box.state, False).texts)
    box.label(2, "Lend 2 power")
    assert box.applied[-1] == a.Lend(2, 2)
    box.label(1, "MUSCLE 7")  # no power of his own
    assert box.menu(1).title == "Commit: rest?"
    box.label(1, "MUSCLE 7")  # no rest
    assert box.menu(1).title == "Commit: lent?"
    assert box.labels(1) == ["MUSCLE 7", "MUSCLE 7 +1 = 8", "MUSCLE 7 +2 = 9"]
    box.label(1, "MUSCLE 7 +2 = 9")
    assert box.applied[-1] == a.Commit(1, 0, 0, 2)


def test_the_referee_adjustment_reads_the_card_and_adjusts_a_survivor() -> None:
    def setup(d: dict[str, Any]) -> None:
        move(d, "fog-bank", "discards")
        d["todo"] = [["adjust", "fog-bank"], *d["todo"]]
    state = edit(start(3), setup)
    state.phase, state.current = "running", None
    state.run()
    assert state.phase == "adjust"
    box = Box(state)
    assert box.labels(0) == ["Read the card", "Done: it is applied", "Rest spoints", "Mythos",
                             "Horror stars", "Power spoints", "Insanity MUSCLE",
                             "Insanity SPEED", "Insanity BRAINS", "Insanity GUTS"]
    box.label(0, "Read the card")
    assert "sanctuary" in " ".join(box.labels(0))  # the card's manual effect, to read
    box.press(0, "back")
    box.label(0, "Power spoints")
    box.label(0, "Lefty Rourke")
    assert box.labels(0) == ["-1", "+1"]  # his player has 7: either way
    box.label(0, "-1")
    box.label(0, "Rest spoints")
    box.label(0, "Lefty Rourke")  # 0 rest spoints: only +1, applied at once
    assert box.applied == [a.Adjust(0, "power", "lefty-rourke", -1),
                           a.Adjust(0, "rest", "lefty-rourke", 1)]
    assert box.state.power[2] == 6 and box.state.survivors["lefty-rourke"]["rest"] == 1
    assert box.state.phase == "adjust"  # more adjustments, then done


@dataclass(frozen=True)
class Beckon(SeatAction):
    """An action the menus have never heard of."""

    type: ClassVar[str] = "beckon"
    survivor: str
    throng: int


def test_an_action_no_menu_knows_is_listed_under_more_choices_by_field() -> None:
    box = directors_turn()
    state = box.state
    view = state.view(0)
    legal = [*state.legal_actions(0), Beckon(0, "bugsy-malone", 0),
             Beckon(0, "bugsy-malone", 2), Beckon(0, "lefty-rourke", 0)]
    menus = SeatMenus(0, view, legal, LABELS[:3], state.data, lambda _x: "",
                      lambda x: f"Seat 1 beckons {x.survivor} to throng {x.throng + 1}")
    menu = menus.first()
    assert menu is not None and menu.items[-1].label == "More choices"
    more = menu.items[-1].value()
    assert [i.label for i in more.items] == ["Bugsy Malone", "Lefty Rourke"]
    assert more.items[1].value == Beckon(0, "lefty-rourke", 0)  # alone: chosen at once
    bugsy = more.items[0].value()
    assert [i.label for i in bugsy.items] == ["T1 empty", "T3 empty"]
    assert path_to(menu, Beckon(0, "bugsy-malone", 2)) is not None
    alone = SeatMenus(0, view, [*state.legal_actions(0), Beckon(0, "lefty-rourke", 0)],
                      LABELS[:3], state.data, lambda _x: "",
                      lambda x: f"Seat 1 beckons {x.survivor} to throng {x.throng + 1}")
    found = alone.first()
    assert found is not None and found.items[-1].label == "More choices"
    confirm = found.items[-1].value().items[0].value()  # known only by its sentence
    assert confirm.title == "Beckon" and confirm.lines == ["Seat 1 beckons",
                                                           "lefty-rourke to", "throng 1"]
    assert confirm.items[0].label == "Do it"
