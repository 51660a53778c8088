"""Snapshot validation (issue 10, item 7): a damaged snapshot is refused with a SnapshotError
that names the field; a loaded position at an end condition ends on load."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from services.games.core import SnapshotError
from services.games.registry import default_registry
from tests.games.mutate import step

REGISTRY = default_registry()


def position(game_id: str, players: int, phase: str, options: dict | None = None) -> dict:
    """A snapshot of a seeded random game the first time it reaches ``phase``."""
    game = REGISTRY.get(game_id)
    state = game.new_state(players, options)
    rng = random.Random(1)
    while state.phase != phase:
        step(state, rng)
    return state.to_json()


DECKTET = position("decktet-escape", 3, "turn")
INTRUDER = position("intruder-escape", 4, "keep", {"characters": "by_seat"})
INNSMOUTH = position("innsmouth-escape", 3, "plot")


def damaged(snapshot: dict, change: Callable[[dict], Any]) -> dict:
    data = copy.deepcopy(snapshot)
    change(data)
    return data


def refused(game_id: str, data: dict) -> str:
    with pytest.raises(SnapshotError) as caught:
        REGISTRY.get(game_id).state_from_json(data)
    return caught.value.message


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["hands"][1].__setitem__(1, "foo"), "hands[1][1]: unknown card 'foo'"),
    (lambda d: d["hands"][2].__setitem__(0, d["hands"][0][0]),
     "hands[2][0]: card 'ace-waves' is also at hands[0][0]: each card exists once"),
    (lambda d: d.__setitem__("tokens", 99), "tokens: 99 is out of range: it must be from 0 to 10"),
    (lambda d: d.__setitem__("players", 3.0),
     "players: must be a whole number from 1 to 5, not 3.0"),
    (lambda d: d["options"].pop("tokens"), "options: missing tokens"),
    (lambda d: d["options"].__setitem__("tokens", "10"),
     "options: option 'tokens' cannot be '10': it must be a whole number from 1 to 20"),
    (lambda d: d["escaped"].pop(), "escaped: must list 3 items, not 2"),
    (lambda d: d.__setitem__("active", 1.0), "active: must be a whole number, not a fraction 1.0"),
    (lambda d: d.pop("deck"), "missing field 'deck'"),
    (lambda d: d.__setitem__("phase", "place"),
     "hands[0]: the active seat has just played a card: at most 4 in hand"),
    (lambda d: [d.__setitem__("phase", "place"), d["discard"].append(d["hands"][0].pop())],
     "choices: phase 'place' needs the choices the active seat has"),
    (lambda d: d["draw"].pop(), "card 'the-sea' missing: every card must be somewhere "
                                "exactly once"),
])
def test_decktet_refuses_a_damaged_snapshot(change, message):
    assert refused("decktet-escape", damaged(DECKTET, change)) == message


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["hands"][2].__setitem__(1, "foo"), "hands[2][1]: unknown card 'foo'"),
    (lambda d: d["characters"].__setitem__(1, "character-9"),
     "characters[1]: unknown character 'character-9'"),
    (lambda d: d["characters"].__setitem__(1, 2.0),
     "characters[1]: must be a character id, not a fraction 2.0"),
    (lambda d: d["lives_lost"].pop(), "lives_lost: must list 4 items, not 3"),
    (lambda d: d["center"].append(d["hands"][0][0]),
     "hands[0][0]: card 'snatch-2' is also at center[18]: each card exists once"),
    (lambda d: d.__setitem__("players", 3), "characters: must list 3 items, not 4"),
    (lambda d: d.__setitem__("phase", "follow"),
     "active: phase 'follow' needs a living active seat"),
])
def test_intruder_refuses_a_damaged_snapshot(change, message):
    assert refused("intruder-escape", damaged(INTRUDER, change)) == message


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["pawns"].__setitem__("Z9", {"blue": 1}), "pawns: unknown cell 'Z9'"),
    (lambda d: d["pools"].__setitem__("blue", 99),
     "pools.blue: 99 is out of range: it must be from 0 to 25"),
    (lambda d: d["pools"].__setitem__("blue", 21),
     "pools.blue: 21 in the pool and 3 on the board make 24, not 25"),
    (lambda d: d.__setitem__("colours", ["", "green", "blue"]),
     "colours: must be ['', 'blue', 'green']: the Deep One colours in seat order from the "
     "Human's left"),
    (lambda d: d["do_hands"]["blue"].__setitem__(0, "deep-one-99"),
     "do_hands.blue[0]: unknown card 'deep-one-99'"),
    (lambda d: d["movement_hand"].pop(),
     "movement card 'rest-3' missing: every movement card must be somewhere exactly once"),
    (lambda d: d.__setitem__("human_cell", "A9"), "human_cell: unknown cell 'A9'"),
])
def test_innsmouth_refuses_a_damaged_snapshot(change, message):
    assert refused("innsmouth-escape", damaged(INNSMOUTH, change)) == message


def test_decktet_a_position_at_its_end_ends_on_load():
    """R-EX-20: the active seat holds no card and no token is left to clue."""
    def empty_hand(d: dict) -> None:
        d["discard"] += d["hands"][0]
        d["hands"][0] = []
        d["tokens"] = 0

    state = REGISTRY.get("decktet-escape").state_from_json(damaged(DECKTET, empty_hand))
    assert state.outcome() is not None and state.outcome().to_json() == {
        "result": "loss", "winners": [], "rule": "R-EX-20",
        "reason": "Seat 1 must play but holds no card and nobody escaped: the game is lost"}
    assert state.pending() == ()


def test_intruder_a_position_at_its_end_ends_on_load():
    """R-IX-35: both Intruders are dead: the Innocents have won."""
    intruders = [s for s, c in enumerate(INTRUDER["identity_cards"]) if c.startswith("intruder")]

    def intruders_dead(d: dict) -> None:
        for seat in intruders:
            d["lives_lost"][seat] = [1, 1, 1]
            d["discard"] += d["hands"][seat]
            d["hands"][seat] = []

    state = REGISTRY.get("intruder-escape").state_from_json(damaged(INTRUDER, intruders_dead))
    assert state.outcome().to_json() == {
        "result": "win", "winners": [s for s in range(4) if s not in intruders],
        "rule": "R-IX-35",
        "reason": "Innocents win: every Intruder is dead"}
    assert state.pending() == ()


def test_innsmouth_a_position_at_its_end_ends_on_load():
    """R-IE-38: with 3 players, 10 wounds kill the Human."""
    state = REGISTRY.get("innsmouth-escape").state_from_json(
        damaged(INNSMOUTH, lambda d: d.__setitem__("wounds", 10)))
    assert state.outcome().to_json() == {
        "result": "win", "winners": [1, 2], "rule": "R-IE-38",
        "reason": "The Deep Ones win: the Human has 10 wounds (10 kill him)"}
    again = REGISTRY.get("innsmouth-escape").state_from_json(state.to_json())
    assert again.to_json() == state.to_json()


def test_a_state_that_passes_the_checks_but_cannot_be_shown_is_refused():
    """The last net in Game.load_snapshot: a seat that must act has no legal action (the
    Human must choose 5 Deep Ones to kill on a cell that holds none)."""
    def kill_nobody(d: dict) -> None:
        d["phase"] = "kill"
        d["combat"] = {"faces": [6, 6, 6, 6, 6], "hits": 5, "queue": [], "log": [], "round": 1,
                       "cell": d["human_cell"], "hit_on": 5, "killed": [], "shoggoths": [],
                       "shoggoth_wounds": 0, "casualties": [], "over": False}

    assert refused("innsmouth-escape", damaged(INNSMOUTH, kill_nobody)) == (
        "Seat 1 must act but has no legal action")
