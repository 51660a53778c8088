"""Innsmouth 32: the shared conformance playouts for 1 to 8 character players (2 to 9 seats)
with every option, and the hidden information of spec 5.8 checked by indistinguishability:
swapping the order of the reel pile, the survivor pile and the discards, and a face-down
screen card with a card of the reel pile, changes no view, no legal list and no prompt."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from services.games.innsmouth_32 import Innsmouth32
from services.games.innsmouth_32.snapshot import check_snapshot
from tests.games.conformance import Conformance
from tests.games.i32_twins import random_options

GAME = Innsmouth32()
OPTIONS = ({}, {"reveal_per_player_turn": True, "lock_damage": "damage_total",
                "counterstrike_chain": True, "survivor_loss": True, "victory": "half_players",
                "screen_cards_extra": False, "setup_rest_points": 3, "sanctuary_slots": 1,
                "clip_any_turn": True, "turning_point_persists": False},
           {"cards": "physical", "survivor_loss": True})  # the table's own decks


def forbidden(state: Any, seat: int | None) -> set[str]:
    """Ids nobody may read: the reel and survivor piles, face-down screen cards and the
    discards never shown (A-I32-26; the survivor-loss card among them)."""
    if state.phase == "over":
        return set()
    hidden = set(state.reel_pile) | set(state.survivor_pile)
    hidden |= {s["card"] for s in state.screen if s["down"]}
    hidden |= set(state.discards) - set(state.seen)
    if state.options["open_discards"]:  # A-I32-26: listed, but a lost survivor face down
        hidden -= {c for c in state.discards if c not in state.familiar or c in state.seen}
    public = {state.mods["companion"], state.mods["replaced"]}  # the Hound's (R-I32-81)
    if seat == state.director or (state.mods["cultist"] and state.cultist_known()):
        # the director knows the secret cultist (R-I32-84); once it is known to all, its name
        # in the view tells nothing about where its card lies (say face down on the screen)
        public.add(state.mods["cultist"])
    return hidden - public


def invariants(state: Any) -> None:
    check_snapshot(state)  # every card once, ids known, places agree, counters in range
    for pool in state.pools:
        assert len(pool) <= 3
    for me in state.survivors.values():
        assert 0 <= me["rest"] <= 7 and len(me["items"]) <= 2
    for seat in range(state.players):  # a terror is not counted (R-I32-80)
        assert all(state.throng_size(seat, i) <= 3 for i in range(6))
    if state.reel_pile and not state.turning_point and state.phase != "shuffle":
        assert all(s["card"] for s in state.screen)  # R-I32-24, A-I32-07


CONFORMANCE = Conformance(GAME, forbidden, invariants, max_steps=3000, sample=0.06)
LIGHT = Conformance(GAME, forbidden, invariants, max_steps=3000, sample=0.05)


@pytest.mark.parametrize("players", range(2, 10))
@pytest.mark.parametrize("options", OPTIONS)
def test_random_playouts(players: int, options: dict[str, Any]) -> None:
    CONFORMANCE.playout(players, options, players)


# One seeded random combination per seat count; the seeds are picked so that together the
# games play every value of every choice, both values of every switch and both ends of every
# number (test_the_option_combinations_play_every_value), with one game per seat count.
COMBINATIONS = {2: 5025, 3: 5033, 4: 5041, 5: 5050, 6: 5069, 7: 5070, 8: 5082, 9: 5090}


@pytest.mark.parametrize("players", range(2, 10))
def test_random_option_combinations(players: int) -> None:
    """Every option of INFO.options at a random value (seeded), one game per seat count."""
    seed = COMBINATIONS[players]
    LIGHT.playout(players, random_options(random.Random(seed), players), seed)


def test_the_option_combinations_play_every_value() -> None:
    """The faction games have their own seat counts (tests/games/test_i32_faction_games.py);
    the director's seat is any seat."""
    wanted: set[tuple[str, Any]] = set()
    for option in GAME.info.options:
        if option.key in ("faction_game", "director_seat"):
            continue
        if option.choices:
            wanted |= {(option.key, v) for v in option.choices}
        elif isinstance(option.default, bool):
            wanted |= {(option.key, True), (option.key, False)}
        elif isinstance(option.default, int):
            wanted |= {(option.key, option.minimum), (option.key, option.maximum)}
    played = {(key, value) for players, seed in COMBINATIONS.items()
              for key, value in random_options(random.Random(seed), players).items()}
    assert sorted(wanted - played, key=str) == [], "pick other seeds in COMBINATIONS"


def test_a_full_playout_checks_every_view_and_replay() -> None:
    CONFORMANCE.playout(4, {}, 7, full=True)


def twin(state: Any, rng: random.Random) -> Any:
    """The same position with every hidden order changed and a face-down card swapped."""
    data = copy.deepcopy(state.to_json())
    for name in ("reel_pile", "survivor_pile", "discards"):
        rng.shuffle(data[name])
    down = [i for i, s in enumerate(data["screen"]) if s["down"]]
    if down and data["reel_pile"]:
        i = rng.choice(down)
        data["screen"][i]["card"], data["reel_pile"][0] = (data["reel_pile"][0],
                                                           data["screen"][i]["card"])
    if data["phase"] == "shuffle":
        return None  # the prompt names the pile being shuffled
    return GAME.state_from_json(data)


@pytest.mark.parametrize("players", [2, 5, 9])
def test_hidden_orders_and_face_down_cards_cannot_be_told_apart(players: int) -> None:
    rng = random.Random(players)
    state = GAME.new_state(players, {"survivor_loss": True})
    checked = 0
    for _ in range(3000):
        if state.outcome() is not None:
            break
        other = twin(state, rng) if rng.random() < 0.3 else None
        if other is not None:
            for seat in (None, *range(players)):
                assert json.dumps(state.view(seat)) == json.dumps(other.view(seat))
                if seat is not None:
                    assert state.legal_actions(seat) == other.legal_actions(seat)
            assert state.pending() == other.pending()
            checked += 1
        chance = state.chance_prompt()
        if chance is not None:
            state.apply(chance.resolve(rng))
        else:
            seat = state.pending()[0].seat
            state.apply(rng.choice(state.legal_actions(seat)))
    assert state.outcome() is not None and checked > 15
