"""Intruder Escape's flow outside a whole game: a tapped tag is answered, not ignored."""

from __future__ import annotations

from services.games.intruder_escape import IntruderEscape
from services.referee.tables.intruder_escape.flow import IntruderFlow


def test_a_tapped_card_tag_changes_nothing_and_says_why() -> None:
    state = IntruderEscape().new_state(3, {"characters": "by_seat"})
    flow = IntruderFlow()
    flow.start(["Seat 1", "Seat 2", "Seat 3"])
    flow.reset(state)
    before = state.to_json()
    assert flow.tag(0, "card", "knife-2", state) is None
    assert state.to_json() == before
    text = " ".join(flow.seat(0, state, shown=True).texts)
    assert "knife-2 was tapped" in text and "box deals" in text
    assert "was tapped" not in " ".join(flow.seat(1, state, shown=True).texts)
