"""Innsmouth 32: every ambiguity with a real second reading is an option; each test plays the
default and the other reading (A-I32-09, A-I32-12, A-I32-15, A-I32-16, A-I32-23, A-I32-26,
D-I32-01, D-I32-02, D-I32-03). Bugsy Malone: MUSCLE 7 SPEED 6 BRAINS 5 GUTS 6; Whispers Below
is a shuffling horror giving 1 insanity token; The Reef a plot device giving 1."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from services.games.core import DrawResult, ShuffleResult
from services.games.innsmouth_32 import INFO, I32State, Innsmouth32
from services.games.innsmouth_32 import actions as a
from services.games.innsmouth_32.data import SHIPPED_FILE, load_data
from services.games.kit.packs import shipped_pack_text
from tests.games.conformance import Conformance
from tests.games.i32_helpers import GAME, ITEMS, edit, move, refused, roll, start, texts
from tests.games.test_i32_conformance import CONFORMANCE, forbidden, invariants

NEXT_SCREEN = ("shotgun", "harpoon", "flare-gun")

# A pack where an Esoteric Cultist is worth 1 and Bugsy Malone's BRAINS is 3 (A-I32-12, -16).
TEXT = shipped_pack_text(SHIPPED_FILE)
TEXT = TEXT.replace('id = "esoteric-cultist-1"\nname = "Esoteric Cultist"\nkind = "monster"\n'
                    'value = 3', 'id = "esoteric-cultist-1"\nname = "Esoteric Cultist"\n'
                    'kind = "monster"\nvalue = 1')
TEXT = TEXT.replace('muscle = 7\nspeed = 6\nbrains = 5\nguts = 6', 'muscle = 7\nspeed = 6\n'
                    'brains = 3\nguts = 6')
ODD = Innsmouth32(load_data(TEXT))


def odd_start(change: Any, **options: Any) -> I32State:
    """A game of the odd pack dealt as ``start`` deals, then ``change`` made to its snapshot."""
    state = ODD.new_state(3, options)
    survivors = ODD.data.ids("survivors")
    state.apply(ShuffleResult("survivors", tuple(survivors)))
    movie = ODD.data.ids("movie")
    pile = [c for c in movie if ODD.data.get(c).kind == "monster"
            and c != "esoteric-cultist-1"][:10]
    rest = [c for c in movie if c not in pile and c not in ITEMS]
    state.apply(ShuffleResult("movie", (*pile, *ITEMS, *rest)))
    if state.phase == "choose" and state.current["purpose"] == "cut":
        state.apply(a.Choose(0, "pass"))  # no director's cut (R-I32-70)
    data = copy.deepcopy(state.to_json())
    change(data)
    return ODD.state_from_json(data)


def rest_round(state: I32State) -> None:
    for seat, survivor in ((1, "bugsy-malone"), (2, "lefty-rourke")):
        state.apply(a.Pool(seat))
        state.apply(a.Act(seat, survivor, "rest"))
        if state.phase == "fade":
            state.apply(a.Pass(0))


def test_every_option_fits_the_small_screens() -> None:
    """Labels of at most 15 characters and value words of at most 12 (128x64 OLEDs)."""
    mine = ("cover_attack", "throngs_in_order", "unlocked_attack", "low_head_shot",
            "insanity_again", "insanity_target", "short_search", "open_discards",
            "plot_chooser", "star_chooser", "held_back")
    options = {o.key: o for o in INFO.options}
    for key in mine:
        assert options[key].rule and len(options[key].short) <= 15
        assert all(len(word) <= 12 for _, word in options[key].words)
        assert all(len(options[key].word(v)) <= 12 for v in options[key].choices)


# ------------------------------------------------------------------ A-I32-09


def sheltered(**options: Any) -> I32State:
    """Bugsy is inside Gilman House, whose locks are gone (4 mythos left); a Deep One waits on
    the screen; the director's turn."""
    def change(d: dict[str, Any]) -> None:
        move(d, "gilman-house", "discards")
        d["discards"].remove("gilman-house")
        d["sanctuaries"] = [{"card": "gilman-house", "locks": 0, "mythos": 4,
                             "occupants": ["bugsy-malone"], "items": []}]
        d["survivors"]["bugsy-malone"].update(where="gilman-house", inside=True)
        move(d, "deep-one-2", "screen", 0)
    state = edit(start(3, **options), change)
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "sanctuary_rest"))
    state.apply(a.Pass(0))
    state.apply(a.Pool(2))
    state.apply(a.Act(2, "lefty-rourke", "rest"))
    state.apply(a.Pass(0))
    return state


def test_a_survivor_in_an_unlocked_sanctuary() -> None:
    """A-I32-09: by default he can be attacked; unlocked_attack false: never while inside."""
    state = sheltered()
    assert {x.target for x in state.legal_actions(0)} == {"bugsy-malone", "lefty-rourke"}
    state = sheltered(unlocked_attack=False)
    assert {x.target for x in state.legal_actions(0)} == {"lefty-rourke"}
    refused(state, a.TakeAttack(0, "deep-one-2", 0, "bugsy-malone"), "R-I32-30",
            "Seat 1 cannot do that now")


# ------------------------------------------------------------------ A-I32-12


def cultist_attacks(**options: Any) -> I32State:
    """The Esoteric Cultist worth 1 is taken by the director and attacks Bugsy."""
    state = odd_start(lambda d: move(d, "esoteric-cultist-1", "screen", 0), **options)
    rest_round(state)
    state.apply(a.TakeAttack(0, "esoteric-cultist-1", 0, "bugsy-malone"))
    return state


def test_a_head_shot_against_a_target_below_two() -> None:
    """A-I32-12: 1-1 is a head shot even against a target of 1; low_head_shot false: it
    misses (2 > 1)."""
    state = cultist_attacks()
    events = roll(state, 1, 1)
    assert "head shot" in texts(events)[0]
    assert "bugsy-malone" in state.familiar
    state = cultist_attacks(low_head_shot=False)
    events = roll(state, 1, 1)
    assert texts(events) == ["2d6 = 1+1 = 2 > 1: miss (no head shot against a target below 2)",
                             "Screen slot 1: Deep One"]
    assert "bugsy-malone" in state.survivors and state.current == {"seat": 1}


# ------------------------------------------------------------------ A-I32-15, A-I32-16


def insanity_arrives(state: I32State) -> I32State:
    """Bugsy takes the Fire Axe; Whispers Below comes face down and is revealed after his
    turn: a random victim, Bugsy, gets its insanity token."""
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "take", "fire-axe"))
    state.apply(DrawResult("victims", "bugsy-malone"))
    return state


def test_an_insanity_roll_on_a_covered_stat() -> None:
    """A-I32-15: a 1 (MUSCLE) on a covered MUSCLE is rolled again; insanity_again lost: the
    token is lost."""
    covered = {"insane": ["muscle"]}
    state = insanity_arrives(edit(start(3, reel=("whispers-below",)),
                                  lambda d: d["survivors"]["bugsy-malone"].update(covered)))
    assert texts(roll(state, 1)) == ["1d6 = 1: covered already, roll again"]
    assert state.phase == "roll"
    state = insanity_arrives(edit(start(3, reel=("whispers-below",), insanity_again="lost"),
                                  lambda d: d["survivors"]["bugsy-malone"].update(covered)))
    assert texts(roll(state, 1))[0] == "1d6 = 1: MUSCLE is covered already: the token is lost"
    assert state.survivors["bugsy-malone"]["insane"] == ["muscle"]
    assert state.phase != "roll"


def test_insanity_on_a_stat_below_four() -> None:
    """A-I32-16: BRAINS 3 covered is 4 by default; insanity_target lower keeps 3."""
    def top(d: dict[str, Any]) -> None:
        move(d, "whispers-below", "reel_pile")
    for option, target, words in (("four", 4, "its target number is 4"),
                                  ("lower", 3, "its target number stays 3")):
        state = insanity_arrives(odd_start(top, insanity_target=option))
        events = roll(state, 3)
        assert f"Insanity covers Bugsy Malone's BRAINS: {words}" in texts(events)
        assert state.stat("bugsy-malone", "brains") == target
        assert state.view(None)["survivors"]["bugsy-malone"]["stats"]["brains"] == target


# ------------------------------------------------------------------ A-I32-23


def one_discard(d: dict[str, Any]) -> None:
    for card in d["discards"][1:]:
        move(d, card, "removed")
        d["removed"].append(card)


def test_a_search_with_too_few_discards() -> None:
    """A-I32-23: by default it draws the one card there is; short_search refuse: refused."""
    state = edit(start(3), one_discard)
    state.apply(a.Pool(1))
    assert a.Act(1, "bugsy-malone", "search") in state.legal_actions(1)
    state = edit(start(3, short_search="refuse"), one_discard)
    state.apply(a.Pool(1))
    assert a.Act(1, "bugsy-malone", "search") not in state.legal_actions(1)
    refused(state, a.Act(1, "bugsy-malone", "search"), "A-I32-23",
            "Bugsy Malone cannot search: the discards hold 1 cards, fewer than the 2 a search "
            "draws")


# ------------------------------------------------------------------ A-I32-26


def test_open_discards_show_their_contents() -> None:
    """A-I32-26: hidden by default (a count only); open_discards lists them sorted, a
    survivor-loss card face down and only counted."""
    state = start(3)
    assert "discard_pile" not in state.view(None)
    def lost(d: dict[str, Any]) -> None:
        card = d["survivor_pile"].pop(0)
        d["familiar"].append(card)
        d["discards"].append(card)
    state = edit(start(3, open_discards=True), lost)
    pile = state.view(1)["discard_pile"]
    assert pile["face_down"] == 1
    assert pile["cards"] == sorted(state.discards[:-1])
    assert state.view(None)["discard_pile"] == pile


# ------------------------------------------------------------------ D-I32-01


def test_who_decides_a_plot_device() -> None:
    """D-I32-01: the director by default; plot_chooser active: the seat whose survivor's turn
    revealed it (Seat 2)."""
    for option, seat in (("director", 0), ("active", 1)):
        state = start(3, reel=("the-reef",), plot_chooser=option)
        state.apply(a.Pool(1))
        state.apply(a.Act(1, "bugsy-malone", "take", "fire-axe"))
        assert state.current == {"seat": seat, "card": "the-reef",
                                 "choices": ["resolve", "discard"], "purpose": "plot"}
        events = state.apply(a.Choose(seat, "discard"))
        assert "The Reef is discarded unresolved" in texts(events)


# ------------------------------------------------------------------ D-I32-02, D-I32-03


def star_time(held: int = 2, **options: Any) -> I32State:
    """Reel I is over under Turning Point with ``held`` reel cards held back; the fade-in
    player (Seat 2) is asked for the horror star's survivor."""
    def change(d: dict[str, Any]) -> None:
        for card in d["reel_pile"][held:]:
            move(d, card, "discards")
        for card in ITEMS:
            move(d, card, "discards")
        d["turning_point"] = held > 0
        d["fade_in"] = 1
        d["phase"] = "choose"
        d["current"] = {"seat": 1, "choices": ["bugsy-malone", "lefty-rourke"],
                        "purpose": "star"}
        d["todo"] = [["new_reel"], ["seat_turn", 1]]
    return edit(start(3, **options), change)


def test_who_chooses_the_horror_star() -> None:
    """D-I32-02: the fade-in player by default; star_chooser any: every player with a
    survivor is asked, the first answer counts."""
    state = star_time()
    assert [p.seat for p in state.pending()] == [1]
    refused(state, a.Choose(2, "lefty-rourke"), "R-I32-67", "Seat 3 cannot act now")
    state = star_time(star_chooser="any")
    assert [p.seat for p in state.pending()] == [1, 2]
    events = state.apply(a.Choose(2, "lefty-rourke"))
    assert "Lefty Rourke earns the horror star" in texts(events)
    assert state.survivors["lefty-rourke"]["stars"] == 1


def test_cards_held_back_by_turning_point() -> None:
    """D-I32-03: by default they join the next reel's shuffle; held_back removed: set aside."""
    state = star_time()
    held = list(state.reel_pile)
    state.apply(a.Choose(1, "bugsy-malone"))
    assert state.current["deck"] == "discards" and set(held) <= set(state.current["items"])
    state = star_time(held_back="removed")
    events = state.apply(a.Choose(1, "bugsy-malone"))
    assert "2 held-back reel cards are set aside" in texts(events)
    assert state.removed[-2:] == held and not set(held) & set(state.current["items"])


# ------------------------------------------------------------------ D-I32-05


def full_hands(**options: Any) -> I32State:
    """Bugsy holds the Fire Axe and the Crowbar; the Boat Hook is on the screen."""
    def change(d: dict[str, Any]) -> None:
        move(d, "fire-axe", "items", "bugsy-malone")
        move(d, "crowbar", "items", "bugsy-malone")
        move(d, "shotgun", "screen", 0)
        move(d, "harpoon", "screen", 2)
    return edit(start(3, **options), change)


def test_a_third_item() -> None:
    """D-I32-05, R-I32-11: refused by default; third_item discard: taken, and one held item
    goes to the discards (the summary: "discard any excess cards")."""
    state = full_hands()
    refused(state, a.Spotlight(1, "bugsy-malone", "boat-hook"), "R-I32-14",
            "Seat 2 cannot do that now: it is not one of the allowed choices")
    refused(state, a.Spotlight(1, "bugsy-malone", "boat-hook", "crowbar"), "R-I32-14",
            "Seat 2 cannot do that now: it is not one of the allowed choices")
    state = full_hands(third_item="discard")
    refused(state, a.Spotlight(1, "bugsy-malone", "boat-hook"), "R-I32-11",
            "Bugsy Malone cannot take Boat Hook: its hands are full: name one of its items to "
            "discard (D-I32-05)")
    action = a.Spotlight(1, "bugsy-malone", "boat-hook", "crowbar")
    assert state.describe(action) == "Seat 2: Bugsy Malone takes Boat Hook and acts, " \
        "discarding Crowbar"
    events = state.apply(action)
    assert texts(events)[:2] == ["Bugsy Malone discards Crowbar to make room",
                                 "Bugsy Malone takes Boat Hook"]
    assert state.survivors["bugsy-malone"]["items"] == ["fire-axe", "boat-hook"]
    assert state.discards[-1] == "crowbar"
    state = full_hands(third_item="discard")
    state.apply(a.Pool(1))
    events = state.apply(a.Act(1, "bugsy-malone", "take", "shotgun", "fire-axe"))
    assert texts(events)[:2] == ["Bugsy Malone discards Fire Axe to make room",
                                 "Bugsy Malone takes Shotgun"]
    assert state.survivors["bugsy-malone"]["items"] == ["crowbar", "shotgun"]


# ------------------------------------------------------------------ options of the first draft


@pytest.mark.parametrize(("extra", "pile", "screen"), [(True, 20, NEXT_SCREEN),
                                                       (False, 17, ITEMS)])
def test_the_screen_cards_of_a_new_reel(extra: bool, pile: int, screen: tuple[str, ...]) -> None:
    """A-I32-06: reel II deals its 20 and 3 screen cards more; screen_cards_extra false: the
    screen comes out of the 20."""
    state = star_time(0, screen_cards_extra=extra)
    state.apply(a.Choose(1, "bugsy-malone"))
    items = [c for c in state.current["items"] if c not in (*ITEMS, *NEXT_SCREEN)]
    order = [*ITEMS, *items[:17], *NEXT_SCREEN, *items[17:]]
    state.apply(ShuffleResult("discards", tuple(order)))
    assert len(state.reel_pile) == pile
    assert [s["card"] for s in state.screen] == list(screen)


@pytest.mark.parametrize(("option", "left"), [("one", 2), ("damage_total", 0)])
def test_a_lock_attack(option: str, left: int) -> None:
    """A-I32-08, R-I32-64: a hit on the locks removes 1 lock, or as many as the damage."""
    def inside(d: dict[str, Any]) -> None:
        move(d, "gilman-house", "discards")
        d["discards"].remove("gilman-house")
        d["sanctuaries"] = [{"card": "gilman-house", "locks": 3, "mythos": 4,
                             "occupants": ["bugsy-malone"], "items": []}]
        d["survivors"]["bugsy-malone"].update(where="gilman-house", inside=True)
        move(d, "deep-one-2", "screen", 0)
    state = edit(start(3, lock_damage=option), inside)
    for seat, survivor, kind in ((1, "bugsy-malone", "sanctuary_rest"),
                                 (2, "lefty-rourke", "rest")):
        state.apply(a.Pool(seat))
        state.apply(a.Act(seat, survivor, kind))
        state.apply(a.Pass(0))
    state.apply(a.TakeAttack(0, "deep-one-2", 0, "locks:gilman-house"))
    roll(state, 1, 2)
    events = roll(state, 3)
    assert f"Gilman House has {left} locks left" in texts(events)[0]
    assert state.sanctuaries[0]["locks"] == left


@pytest.mark.parametrize(("slots", "words"), [
    (4, "Marsh Refinery becomes a sanctuary with 2 locks and 6 mythos"),
    (1, "No corner is free: Marsh Refinery is discarded")])
def test_a_sanctuary_with_no_free_corner(slots: int, words: str) -> None:
    """A-I32-20, R-I32-23: 4 corners by default; with them full a sanctuary is discarded."""
    def one(d: dict[str, Any]) -> None:
        move(d, "gilman-house", "discards")
        d["discards"].remove("gilman-house")
        d["sanctuaries"] = [{"card": "gilman-house", "locks": 3, "mythos": 4,
                             "occupants": [], "items": []}]
    state = edit(start(3, reel=("marsh-refinery",), sanctuary_slots=slots), one)
    state.apply(a.Pool(1))
    events = state.apply(a.Act(1, "bugsy-malone", "take", "fire-axe"))
    assert words in texts(events)
    assert len(state.sanctuaries) == min(slots, 2)


# ------------------------------------------------------------------ whole games


EVERY_READING = {"cover_attack": True, "throngs_in_order": True, "unlocked_attack": False,
                 "low_head_shot": False, "insanity_again": "lost", "insanity_target": "lower",
                 "short_search": "refuse", "plot_chooser": "active", "star_chooser": "any",
                 "held_back": "removed", "third_item": "discard"}


def open_forbidden(state: Any, seat: int | None) -> set[str]:
    """A-I32-26 open: the discards may be read, except a survivor-loss card face down."""
    face_down = {c for c in state.discards if c in state.familiar and c not in state.seen}
    return forbidden(state, seat) - (set(state.discards) - face_down)


@pytest.mark.parametrize(("players", "seed"), [(2, 2), (4, 104), (6, 6), (9, 109)])
def test_playouts_with_every_other_reading(players: int, seed: int) -> None:
    """Whole games with every option of this module on its other value: the snapshot checks,
    the views (no face-down cover card shown) and the replays hold. One game per seat count,
    from the two series of seeds (``players`` and ``100 + players``) in turn."""
    CONFORMANCE.playout(players, EVERY_READING, seed)


def test_playouts_with_open_discards() -> None:
    """A-I32-26: the views list the discards and still hide the survivor-loss card."""
    check = Conformance(GAME, open_forbidden, invariants, max_steps=3000, sample=0.1)
    for players in (3, 5):
        check.playout(players, {"open_discards": True, "survivor_loss": True}, players)
