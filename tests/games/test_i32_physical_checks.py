"""Innsmouth 32 with the table's own decks (option ``cards = physical``): the snapshot checks
of the option (counts written "?" agreeing with the unseen cards, the identify step), random
playouts with every view, replay and secret checked, and the tags of both decks."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from services.games.innsmouth_32 import actions as a
from services.games.innsmouth_32.physical import UNKNOWN
from services.referee.tables import tag_components
from tests.games.conformance import Conformance
from tests.games.i32_helpers import GAME, MOVIE, SURVIVORS
from tests.games.i32_physical_helpers import PHYSICAL, refused_snapshot, set_up
from tests.games.mutate import mutate, playout_snapshots
from tests.games.test_snapshot_fuzz import exercise

# ------------------------------------------------------------------ snapshots


def test_physical_positions_round_trip_and_inconsistent_ones_are_refused() -> None:
    """The snapshot checks: counts written "?" that agree with the unseen cards; no "?"
    and nothing unseen with the box's decks; the identify step well formed."""
    state = set_up()
    again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()

    def one_more(d: dict[str, Any]) -> None:
        d["discards"].append(UNKNOWN)

    def known_reel_card(d: dict[str, Any]) -> None:
        card = d["unseen"]["movie"].pop(0)
        d["reel_pile"][0] = card

    def both(d: dict[str, Any]) -> None:
        d["unseen"]["movie"].append("fire-axe")
        d["unseen"]["movie"].sort()
        d["discards"].append(UNKNOWN)

    def unsorted(d: dict[str, Any]) -> None:
        d["unseen"]["movie"].reverse()

    def face_up_unknown(d: dict[str, Any]) -> None:
        d["screen"][0] = {"card": UNKNOWN, "down": False}
        d["unseen"]["movie"].append("fire-axe")
        d["unseen"]["movie"].sort()

    def survivor_in_movie(d: dict[str, Any]) -> None:
        d["unseen"]["survivors"].remove("joe-sargent")
        d["survivor_pile"].pop()
        d["unseen"]["movie"] = sorted([*d["unseen"]["movie"], "joe-sargent"])
        d["discards"].append(UNKNOWN)

    def in_box_mode(d: dict[str, Any]) -> None:
        d["options"]["cards"] = "box"

    def pile_short(d: dict[str, Any]) -> None:
        d["survivor_pile"].append(UNKNOWN)

    assert "discards: 58 movie cards the box has not seen, but 57 unseen and 0 survivors " \
        "lost unseen" in refused_snapshot(state, one_more)
    assert "reel_pile: the box never sees the cards of the table's piles" in \
        refused_snapshot(state, known_reel_card)
    assert "unseen: 'fire-axe' is unseen, but in the screen" in refused_snapshot(state, both)
    assert "unseen.movie: must be sorted, each card once" in refused_snapshot(state, unsorted)
    assert "screen[0]: a card the box has not seen lies face down" in \
        refused_snapshot(state, face_up_unknown)
    assert "unseen.movie: 'joe-sargent' is a survivor, not a familiar face" in \
        refused_snapshot(state, survivor_in_movie)
    assert "survivor_pile[0]: '?' is not a survivor ('?' only with the table's own decks)" \
        in refused_snapshot(state, in_box_mode)
    assert "unseen.survivors: fewer unseen survivors than the survivor pile holds" in \
        refused_snapshot(state, pile_short)
    box = GAME.new_state(3, {})

    def unseen_in_box(d: dict[str, Any]) -> None:
        d["unseen"]["movie"] = ["fire-axe"]

    assert "unseen: the box deals its own decks and sees every card" in \
        refused_snapshot(box, unseen_in_box)


def test_the_identify_step_is_checked() -> None:
    state = GAME.new_state(3, PHYSICAL)
    assert state.phase == "identify"

    def by_the_director(d: dict[str, Any]) -> None:
        d["current"]["seat"] = 0

    def wrong_deck(d: dict[str, Any]) -> None:
        d["current"]["deck"] = "movie"

    def nothing_takes_it(d: dict[str, Any]) -> None:
        d["todo"].insert(0, ["power"])

    def box(d: dict[str, Any]) -> None:
        d["options"]["cards"] = "box"

    assert "current.seat: a character player draws this card" in \
        refused_snapshot(state, by_the_director)
    assert "current.purpose: 'start' is not a card told from the movie" in \
        refused_snapshot(state, wrong_deck)
    assert "todo: the card told is taken by a step draw_start next" in \
        refused_snapshot(state, nothing_takes_it)
    assert "current.deck: 'survivors' is not a deck the table draws from (only with the " \
        "table's own decks)" in refused_snapshot(state, box)


# ------------------------------------------------------------------ playouts and secrets


def forbidden(state: Any, seat: int | None) -> set[str]:
    """With the table's decks the box cannot tell what it has not seen; and no view names
    a card whose place it does not know (every unseen card)."""
    if state.phase == "over":
        return set()
    return {UNKNOWN, *state.unseen["movie"], *state.unseen["survivors"]}


def invariants(state: Any) -> None:
    from services.games.innsmouth_32.snapshot import check_snapshot

    check_snapshot(state)
    assert not state.told
    assert all(c == UNKNOWN for c in [*state.reel_pile, *state.survivor_pile])


PLAYOUTS = Conformance(GAME, forbidden, invariants, max_steps=3000, sample=0.1)


@pytest.mark.parametrize(("players", "seed"), [(2, 102), (4, 4), (6, 106), (9, 9)])
def test_random_playouts_with_the_tables_decks(players: int, seed: int) -> None:
    """One game per seat count, from the two series of seeds (``players`` and
    ``100 + players``) in turn."""
    options = {**PHYSICAL, "survivor_loss": players > 3, "reveal_per_player_turn": players == 6}
    PLAYOUTS.playout(players, options, seed)


def test_a_full_playout_with_the_tables_decks_checks_every_view_and_replay() -> None:
    PLAYOUTS.playout(5, {**PHYSICAL, "survivor_loss": True}, 11, full=True)


def test_the_views_tell_no_more_than_with_the_box_decks() -> None:
    """Spec 5.8: the same keys, the piles counted, the face-down cards shown face down."""
    state = set_up()
    box = GAME.new_state(3, {})
    assert set(state.view(None)) == set(box.view(None))
    view = json.dumps(state.view(1))
    assert '"?"' not in view
    state.apply(a.Pool(1))
    state.apply(a.Act(1, "bugsy-malone", "search"))
    assert state.view(2)["step"] == {"seat": 1, "purpose": "search", "deck": "discards"}


# ------------------------------------------------------------------ tags


def test_every_card_of_both_decks_can_carry_a_tag() -> None:
    """refbox enroll: each movie card (and terror, the Night Clerk) is a card, each
    survivor (and the Hound) a survivor, labelled with its name."""
    found = tag_components("innsmouth-32")
    cards = {cid: label for kind, cid, label in found if kind == "card"}
    people = {cid: label for kind, cid, label in found if kind == "survivor"}
    assert set(MOVIE) <= set(cards) and set(SURVIVORS) <= set(people)
    assert cards["tommy-gun"] == GAME.data.get("tommy-gun").name
    assert people["bugsy-malone"] == "Bugsy Malone"
    assert len({cid for _, cid, _ in found}) == len(found)


def test_damaged_physical_snapshots_are_refused_or_play_on() -> None:
    """The shared snapshot fuzz (tests/games/test_snapshot_fuzz.py) on positions with the
    table's decks: a damaged snapshot is refused with a SnapshotError, or plays on."""
    rng = random.Random("innsmouth-32 physical")
    seen: Counter[str] = Counter()
    for players in (2, 5):
        options = {**PHYSICAL, "survivor_loss": True}
        for snapshot in playout_snapshots(GAME, players, rng.randrange(10**6), 8, 600,
                                          options):
            assert exercise(GAME, snapshot, rng) == "loaded"
            for _ in range(20):
                seen[exercise(GAME, mutate(snapshot, rng, rng.choice((1, 1, 2, 3))), rng)] += 1
    assert seen["refused"] > 100 and seen["loaded"] > 10, seen
