"""Innsmouth Escape: the shared conformance playouts for 2 to 5 players, plus the plot's secret
checked by indistinguishability: until the reveal, no Deep One seat's view and not the public
view changes when the Human's plot is replaced by another legal plot of the same shape (same
number of face-down cards, same Rest cards)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from services.games.innsmouth_escape import INFO, InnsmouthEscape
from services.games.innsmouth_escape.board import GRID
from services.games.innsmouth_escape.state import card_value
from tests.games.conformance import Conformance

GAME = InnsmouthEscape()
HUMAN_CARDS = {c.id for c in GAME.data.cards if c.deck != "deep_one"}


def forbidden(state: Any, seat: int | None) -> set[str]:
    """Card ids a seat may not know: deck contents, the Human's hand (for the Deep Ones and
    the table), the Deep One hands (for the Human and the table), the face-down plot cards.
    (Which number cards the Human holds is public by deduction, spec 1.8.)"""
    if state.phase == "over":
        return set()
    hidden: set[str] = set()
    for cards in state.decks.values():
        hidden.update(cards)
    if seat is None or seat != state.human:
        hidden.update(c for c in state.hand if c not in state.known)
        if state.plot:
            hidden.update(c for c in state.plot["cards"] if card_value(c))
    if seat is None or seat == state.human:
        for cards in state.do_hands.values():
            hidden.update(cards)
    return hidden


def invariants(state: Any) -> None:
    if not state.pools or state.to_shuffle:
        return
    for colour in state.pools:
        on_board = sum(here.get(colour, 0) for here in state.pawns.values())
        assert on_board + state.pools[colour] == 25, f"R-IE-47 {colour}"
        assert state.pools[colour] >= 0
    for cell, here in state.pawns.items():
        assert GRID.is_cell(cell)
        assert all(1 <= n <= 4 for n in here.values()), f"cap on {cell}: {here}"
    for colour, hand in state.do_hands.items():
        assert len(hand) <= 5 or state.round <= 1, f"R-IE-42 {colour}: {len(hand)}"
    assert len(state.movement_hand) + len(state.movement_discard) + (
        len(state.plot["cards"]) if state.plot else 0) == 9
    assert state.wounds >= 0
    assert (state.phase == "over") == (state.result is not None)
    human_cards = [*state.hand, *state.tableau, *state.used, *([state.weapon] if state.weapon
                                                             else [])]
    human_cards += [c for d, cards in state.decks.items() if d != "deep_one" for c in cards]
    if state.identify:  # physical decks: cards drawn, being told to the box
        human_cards += [c for _deck, cards, _n in state.identify["drawn"] for c in cards]
    assert sorted(human_cards) == sorted(HUMAN_CARDS), "Human cards not conserved"


def same_shape_plot(state: Any, rng: random.Random) -> dict[str, Any] | None:
    """Another legal plot with as many face-down cards and the same Rest cards."""
    plot = state.plot
    numbers = [c for c in plot["cards"] if card_value(c)]
    rests = [c for c in plot["cards"] if not card_value(c)]
    saved_hand = state.movement_hand
    state.movement_hand = saved_hand + plot["cards"]
    saved_cell = state.human_cell
    try:
        options = [p for p in state.legal_plans() if len(p.moves) == len(numbers)]
        if not options:
            return None
        plan = rng.choice(options)
        pool = [c for c in state.number_hand()]
        cards = []
        for value, _d in plan.moves:
            card = next(c for c in pool if card_value(c) == value)
            pool.remove(card)
            cards.append(card)
    finally:
        state.movement_hand = saved_hand
        state.human_cell = saved_cell
    return {"cards": cards + rests, "directions": [d for _v, d in plan.moves],
            "path": list(plan.path), "to": plan.end, "forfeit": False}


class InnsmouthConformance(Conformance):
    def _check_views(self, state: Any, players: int, rng: random.Random | None) -> None:
        super()._check_views(state, players, rng)
        if state.plot is None or state.phase == "over":
            return
        pick = rng or random.Random(self.stats.get("views", 0))
        if pick.random() > 0.1:  # a tenth of the steps with a plot, full playouts too
            return
        other = same_shape_plot(state, pick)
        if other is None:
            return
        snapshot = state.to_json()
        used = set(other["cards"])
        snapshot["movement_hand"] = [c for c in state.movement_hand + state.plot["cards"]
                                     if c not in used]
        snapshot["plot"] = other
        changed = GAME.state_from_json(snapshot)
        for seat in [None, *state.do_seats()]:
            assert json.dumps(changed.view(seat)) == json.dumps(state.view(seat)), (
                f"seat {seat} can tell the plot {state.plot} from {other}")
        self._count("plot_swaps", 1)


def harness() -> InnsmouthConformance:
    return InnsmouthConformance(GAME, forbidden, invariants, max_steps=4000, sample=0.1)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts(players: int) -> None:
    check = harness()
    for seed in range(3):
        check.playout(players, {}, seed=players * 1000 + seed, full=seed == 0)
    assert check.stats["games"] == 3
    assert check.stats["refusals"] > 0 and check.stats["plot_swaps"] > 0


OPTION_VALUES = {o.key: (o.choices or (False, True)) for o in INFO.options
                 if o.kind is not int and o.key != "number_cards"}


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32),
       options=st.fixed_dictionaries({k: st.sampled_from(v) for k, v in OPTION_VALUES.items()}),
       numbers=st.sampled_from(["1,1,2,2,3,3", "1,2,2,2,3,3", "1,1,1,2,2,3"]))
def test_any_options_keep_the_invariants(players: int, seed: int, options: dict,
                                         numbers: str) -> None:
    harness().playout(players, {**options, "number_cards": numbers}, seed=seed)
