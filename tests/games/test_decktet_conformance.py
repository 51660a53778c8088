"""Escape!: the shared conformance playouts (R-EX-02 hidden hands, R-EX-19/20 the game ends)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.conformance import Conformance
from tests.games.decktet_helpers import GAME, forbidden, invariants

VARIANTS = ("bowels_of_the_ship", "dark_of_the_storm", "rat_warren", "every_man_for_himself")
DECS = ("declare_route_before_reveal", "boat_must_match", "allow_empty_clues",
        "hanabi_strict_discard", "end_on_empty_hand")


def harness() -> Conformance:
    return Conformance(GAME, forbidden, invariants, max_steps=400, sample=0.1)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_playouts_base_game(players: int) -> None:
    """120 playouts per player count; the first 12 check every view at every step."""
    check = harness()
    for seed in range(120):
        check.playout(players, {}, seed=players * 10_000 + seed, full=seed < 12)
    assert check.stats["games"] == 120
    assert check.stats["refusals"] > 0


def test_every_variant_combination_plays_to_the_end() -> None:
    """R-EX-21..24 are combinable: all 16 combinations, 3 to 5 players, 3 games each."""
    check = harness()
    combos = list(itertools.product([False, True], repeat=len(VARIANTS)))
    for n, flags in enumerate(combos):
        options = dict(zip(VARIANTS, flags, strict=True))
        for players in (3, 4, 5):
            for seed in range(3):
                check.playout(players, options, seed=n * 1000 + players * 100 + seed)
    assert check.stats["games"] == 16 * 3 * 3


def test_two_player_unofficial_game() -> None:
    check = harness()
    for seed in range(30):
        check.playout(2, {"allow_two_players": True, "rat_warren": seed % 2 == 0}, seed=seed)
    assert check.stats["games"] == 30


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(3, 5),
    seed=st.integers(0, 2**32),
    variants=st.fixed_dictionaries({k: st.booleans() for k in VARIANTS}),
    decisions=st.fixed_dictionaries({k: st.booleans() for k in DECS}),
    tokens=st.sampled_from([8, 10]),
)
def test_any_options_keep_the_invariants(players, seed, variants, decisions, tokens) -> None:
    options = {**variants, **decisions}
    if not variants["dark_of_the_storm"]:
        options["tokens"] = tokens
    harness().playout(players, options, seed=seed, full=True)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_physical_cards_playouts(players: int) -> None:
    """With the players' own deck the box tracks only the table: 45 cards still add up."""
    check = harness()
    for seed in range(40):
        options = {"cards": "physical", "rat_warren": seed % 3 == 0,
                   "bowels_of_the_ship": seed % 4 == 0}
        check.playout(players, options, seed=seed, full=seed < 5)
    assert check.stats["games"] == 40
