"""Intruder Escape: the shared conformance playouts for 3 to 6 players (R-IX-01..37), plus the
secrets the string check cannot see: identities (R-IX-02/04, A-IX-21) are checked by structure
and by indistinguishability, hands and the center deck also by indistinguishability."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from services.games.intruder_escape import INFO, IntruderEscape
from tests.games.conformance import Conformance

GAME = IntruderEscape()
DECK = Counter(GAME.data.deck_ids())
ESCAPE = {c.id for c in GAME.data.cards if c.category == "escape_item"}


def forbidden(state: Any, seat: int | None) -> set[str]:
    """Card instance ids a seat may not know: other hands, the center deck, the cards being
    put under the deck. Even a card the table saw (turned face up, dealt face up) is named by
    its kind only: copies look alike, so its instance id is never shown to anyone."""
    if state.phase == "over":
        return set()
    hidden = set(state.center)
    hidden.update(state.bottom_batch)
    for s, hand in enumerate(state.hands):
        if s != seat:
            hidden.update(hand)
    return hidden


def may_see_identity(state: Any, viewer: int | None, seat: int) -> bool:
    """R-IX-02, R-IX-04, R-IX-33, A-IX-21, written apart from the engine's own rule."""
    if state.phase == "over" or state.revealed[seat]:
        return True
    if viewer is None:
        return False
    if viewer == seat:
        return True
    both = state.identity(viewer) == state.identity(seat) == "intruder"
    return state.players >= 4 and both


def invariants(state: Any) -> None:
    if state.phase in ("characters", "identities", "center"):
        return
    places: list[str] = [*state.center, *state.discard, *state.removed, *state.bottom_batch]
    inserted = [step["card"] for step in state.queue if step["kind"] == "insert"]
    places += inserted
    for s in range(state.players):
        places += state.hands[s] + state.items[s]
        places += [p.card for p in state.rows[s] if GAME.data.card(p.card).id not in ESCAPE]
        in_row = [p.card for p in state.rows[s] if GAME.data.card(p.card).id in ESCAPE]
        assert set(in_row) <= set(state.items[s]), f"seat {s}: row item not in front of them"
        assert all(GAME.data.card(c).id in ESCAPE for c in state.items[s])
        assert 0 <= len(state.lives_lost[s]) <= GAME.data.lives
        assert 0 <= state.turns_taken[s] <= GAME.data.max_turns_per_round
        cap = [p for p in state.rows[s] if GAME.data.card(p.card).id not in ESCAPE]
        assert len(cap) <= GAME.data.max_cards_on_player_per_round, f"R-IX-10 seat {s}"
        if not state.alive(s):
            assert not state.hands[s] and not state.items[s], f"R-IX-33 seat {s}"
        # seen dealt (kinds): at most the copies there are; a card without copies was not
        # seen since: still held, or bottomed (R-IX-05) and then face down (waiting to go
        # under the deck, in the deck, or taken from its top unseen into any hand, R-IX-21)
        unseen = {*state.center, *state.bottom_batch, *inserted, *(c for h in state.hands
                                                                  for c in h)}
        for kind, count in Counter(state.known[s]).items():
            assert count <= GAME.data.card(kind).quantity, f"seat {s}: {count} x {kind} seen"
            if GAME.data.card(kind).quantity == 1:
                assert f"{kind}-1" in unseen, f"seat {s}: {kind} seen dealt, then seen again"
    assert Counter(places) == DECK, "cards are not conserved"
    assert (state.phase == "over") == (state.result is not None)
    if state.immune is not None:
        assert state.home_used[state.immune]
    if state.active is not None and state.phase in ("turn", "follow"):
        assert state.alive(state.active) and state.active != state.immune
    assert state.spare_identity is None or state.players == 6
    if state.result is None and state.identity_cards:
        teams = {state.identity(s) for s in state.living()}
        assert teams == {"intruder", "innocent"}, "R-IX-34/35: a team is gone but no winner"


def check_identities(state: Any) -> None:
    for viewer in [None, *range(state.players)]:
        view = state.view(viewer)
        for entry in view["seats"]:
            shown = entry["identity"] is not None
            allowed = may_see_identity(state, viewer, entry["seat"]) and bool(
                state.identity_cards)
            assert shown == allowed, f"viewer {viewer} sees seat {entry['seat']}: {shown}"
        if viewer is not None:
            fellows = view["you"]["fellows"]
            expected = [s for s in range(state.players) if s != viewer and state.players >= 4
                        and state.identity(viewer) == state.identity(s) == "intruder"]
            assert fellows == expected
        text = json.dumps(view)
        if state.phase != "over":
            assert "spare_identity" not in text


def twin_snapshot(state: Any, viewer: int | None, rng: random.Random) -> dict[str, Any]:
    """A snapshot of ``state`` with what ``viewer`` may not know changed (None: the public):
    two hidden identities swapped (an Innocent's view, or 3 players), two hands it has not
    seen swapped, the center deck below a face-up top reshuffled."""
    snapshot: dict[str, Any] = state.to_json()
    others = [s for s in range(state.players) if s != viewer and not state.revealed[s]]
    if state.phase != "over":
        if len(others) >= 2 and snapshot["identity_cards"] and (
                viewer is None or state.players == 3
                or state.identity(viewer) == "innocent"):
            x, y = rng.sample(others, 2)
            cards = snapshot["identity_cards"]
            if state.alive(x) == state.alive(y):  # else a team could have no one alive left
                cards[x], cards[y] = cards[y], cards[x]
        hidden = [s for s in others if not state.known[s] and s != state.active]
        same = [(x, y) for x in hidden for y in hidden
                if x < y and len(state.hands[x]) == len(state.hands[y])]
        if same:
            x, y = rng.choice(same)
            hands = snapshot["hands"]
            hands[x], hands[y] = hands[y], hands[x]
        start = 1 if state.top_exposed else 0
        rest = snapshot["center"][start:]
        rng.shuffle(rest)
        snapshot["center"][start:] = rest
    return snapshot


def indistinguishable(state: Any, viewer: int | None, rng: random.Random) -> None:
    """Change what ``viewer`` may not know; its view must not change."""
    before = json.dumps(state.view(viewer), sort_keys=True)
    other = GAME.state_from_json(twin_snapshot(state, viewer, rng))
    assert json.dumps(other.view(viewer), sort_keys=True) == before, f"viewer {viewer}"


class IntruderConformance(Conformance):
    def _check_views(self, state: Any, players: int, rng: random.Random | None) -> None:
        super()._check_views(state, players, rng)
        if rng is None or rng.random() < 0.05:
            check_identities(state)
            pick = rng or random.Random(len(json.dumps(state.to_json())))
            indistinguishable(state, pick.choice([None, *range(players)]), pick)


def harness() -> IntruderConformance:
    return IntruderConformance(GAME, forbidden, invariants, max_steps=4000, sample=0.1)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_playouts(players: int) -> None:
    """Random playouts per player count; the first checks every view at every step."""
    check = harness()
    for seed in range(6):
        check.playout(players, {}, seed=players * 10_000 + seed, full=seed == 0)
    assert check.stats["games"] == 6
    assert check.stats["refusals"] > 0


def test_six_players_with_fixed_intruder_counts() -> None:
    check = harness()
    for n, choice in enumerate(("2", "3")):
        for seed in range(3):
            state = check.playout(6, {"intruders_6p": choice}, seed=n * 100 + seed)
            assert [state.identity(s) for s in range(6)].count("intruder") == int(choice)


OPTION_VALUES = {o.key: (o.choices or (False, True)) for o in INFO.options
                 if o.key != "intruders_6p"}


@settings(max_examples=20, deadline=None)
@given(players=st.integers(3, 6), seed=st.integers(0, 2**32),
       options=st.fixed_dictionaries({k: st.sampled_from(v) for k, v in OPTION_VALUES.items()}))
def test_any_options_keep_the_invariants(players: int, seed: int, options: dict) -> None:
    harness().playout(players, options, seed=seed)
