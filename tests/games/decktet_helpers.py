"""Shared helpers for the Escape! tests: building positions, invariants, secrets."""

from __future__ import annotations

from collections import Counter
from typing import Any

from services.games.decktet_escape import DecktetEscape, EscapeState
from services.games.decktet_escape.deck import BOAT, CORRIDOR, GUARD, KEY
from services.games.decktet_escape.state import Route

GAME = DecktetEscape()
DECK = GAME.deck


def position(
    hands: list[list[str]],
    *,
    routes: list[list[str]] | None = None,
    discard: list[str] | None = None,
    escaped: list[list[str] | None] | None = None,
    draw: list[str] | None = None,
    tokens: int | None = None,
    active: int = 0,
    options: dict[str, Any] | None = None,
) -> EscapeState:
    """A mid-game position; every card not placed elsewhere goes to the draw pile."""
    state = GAME.new_state(len(hands), options or {})
    used = [c for h in hands for c in h] + [c for r in routes or [] for c in r]
    used += list(discard or []) + [c for e in escaped or [] if e for c in e]
    if draw is None:
        draw = [c for c in DECK.ids if c not in used]
    used += draw
    unknown = [c for c in used if c not in DECK]
    assert not unknown, f"not Decktet card ids: {unknown}"
    state.phase = "turn"
    state.turn = 1
    state.hands = [list(h) for h in hands]
    state.routes = [Route(i + 1, list(r)) for i, r in enumerate(routes or [])]
    state.next_route = len(state.routes) + 1
    state.discard = list(discard or [])
    state.escaped = list(escaped) if escaped else [None] * len(hands)
    state.draw = list(draw)
    state.tokens = state.token_total if tokens is None else tokens
    state.active = active
    return state


def all_cards(state: EscapeState) -> list[str]:
    cards = [c for h in state.hands for c in h] + state.draw + state.discard
    cards += [c for r in state.routes for c in r.cards]
    cards += [c for e in state.escaped if e for c in e]
    if state.completed is not None:
        cards += state.completed.cards
    if state.phase == "place" and state.revealed:
        cards.append(state.revealed)
    return cards


def invariants(state: Any) -> None:
    if state.phase == "deal":
        return
    if state.physical:
        on_table = all_cards(state)  # hands and draw pile are empty: the box never knows them
        assert max(Counter(on_table).values(), default=1) == 1, "a card seen twice"
        hidden = sum(state.hand_sizes) + state.draw_left
        assert len(on_table) + hidden == 45, "cards lost or invented"
        assert all(0 <= n <= 5 for n in state.hand_sizes) and state.draw_left >= 0
        assert 0 <= state.tokens <= state.token_total
        return
    counts = Counter(all_cards(state))
    assert sorted(counts) == sorted(DECK.ids), "cards lost or invented"
    assert max(counts.values()) == 1, f"cards in two places: {counts.most_common(2)}"
    assert 0 <= state.tokens <= state.token_total
    assert all(len(h) <= 5 for h in state.hands)
    assert len(state.routes) <= max(state.route_limit(), 0) or state.route_limit() < 0
    for route in state.routes:
        assert DECK[route.cards[0]].group == KEY
        anchor = route.cards[0]
        for card in route.cards[1:]:
            group = DECK[card].group
            assert group in (CORRIDOR, GUARD)
            if group == CORRIDOR:
                assert set(DECK[card].suits) & set(DECK[anchor].suits)
                anchor = card
    for cards in state.escaped:
        if cards:
            assert DECK[cards[0]].group == KEY and DECK[cards[-1]].group == BOAT
            assert len(cards) - 2 >= state.corridors_needed


def forbidden(state: Any, seat: int | None) -> set[str]:
    """Card ids a seat may not know while the game runs: its own hand and the draw pile."""
    if state.phase == "over":
        return set()
    hidden = set(state.draw)
    for s, hand in enumerate(state.hands):
        if seat is None or s == seat:
            hidden.update(hand)
    return hidden
