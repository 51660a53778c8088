"""Escape!'s public screen in words a player reads: tokens, the deck and who has escaped."""

from __future__ import annotations

from typing import Any

from services.referee.tables.decktet_escape.screens import public_screen

LABELS = [f"Seat {n}" for n in range(1, 7)]


def view(escaped: list[int | None], routes: int = 2) -> dict[str, Any]:
    route = {"route": 1, "cards": [{"suits": ["moons", "wyrms", "knots"]},
                                   {"suits": ["moons", "knots"]}], "corridors": 1}
    return {"outcome": None, "active": 1, "turn": 12, "escaped": escaped, "tokens": 7,
            "token_total": 10, "draw_count": 12, "route_limit": 3,
            "routes": [dict(route, route=n + 1) for n in range(routes)]}


def test_the_status_line_names_tokens_and_deck() -> None:
    canvas = public_screen(view([None] * 4), LABELS, "S2 plays MK")
    assert canvas.texts == ["Escape! T12 S2 to act", "tokens 7/10 deck 12", "R1 MYK>MK [1]",
                            "R2 MYK>MK [1]", "S2 plays MK"]
    assert canvas.overflow == []


def test_escaped_seats_get_a_line_of_their_own() -> None:
    canvas = public_screen(view([None, 2, None, 5], routes=4), LABELS, "S2 plays MK")
    assert canvas.texts == ["Escape! T12 S2 to act", "tokens 7/10 deck 12", "R1 MYK>MK [1]",
                            "+3 more routes", "escaped: S2 S4", "S2 plays MK"]
    assert canvas.overflow == []


def test_many_escaped_seats_are_counted_when_their_names_do_not_fit() -> None:
    labels = ["Ann", "Bartholomew", "Cordelia", "Dimitri", "Eve", "Fitzgerald"]
    canvas = public_screen(view([1, 2, 3, 4, 5, None], routes=1), labels, "")
    assert canvas.texts[0] == "Bartholomew to act"
    assert canvas.texts[-1] == "escaped: 5 players"
    assert canvas.overflow == []
