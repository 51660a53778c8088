"""The terminal's Intruder Escape seat line counts in words: "1 card", "1 life"."""

from __future__ import annotations

from services.games.intruder_escape import IntruderEscape
from services.referee.tables.intruder_escape.text import seat_lines


def test_one_card_and_one_life_are_said_in_the_singular() -> None:
    state = IntruderEscape().new_state(3, {})
    view = state.view(0)
    info = dict(view["seats"][1], hand_size=1, lives_left=1, items=[])
    head = seat_lines(view, info)[0]
    assert "1 life, 1 card in hand, items: none" in head, head
    info = dict(info, hand_size=2, lives_left=3)
    assert "3 lives, 2 cards in hand, items: none" in seat_lines(view, info)[0]
