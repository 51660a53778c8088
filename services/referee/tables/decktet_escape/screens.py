"""Escape! on 128x64 screens, drawn from views only.

Cards are written as their suits' letters, which is all Escape! uses: M moons, S suns,
W waves, L leaves, Y wyrms, K knots; ``G`` is the Guard. Three letters make a key, two a
corridor, one a boat. A clue mark on your own card reads ``M`` (is moons), ``c`` (is a
corridor), ``k`` key, ``b`` boat; ``?`` means no clue yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from services.referee.box.render import Canvas, fit

LETTER = {"moons": "M", "suns": "S", "waves": "W", "leaves": "L", "wyrms": "Y", "knots": "K"}
TYPE_LETTER = {"key": "k", "corridor": "c", "boat": "b"}


def suits_code(suits: Sequence[str]) -> str:
    """A card as its suit letters: "MYK" for a key of moons, wyrms and knots; G the Guard."""
    return "".join(LETTER[s] for s in suits) or "G"


def code(card: dict[str, Any]) -> str:
    """A visible card (as a view shows it) as its suit letters."""
    return suits_code(card["suits"])


def marks(slot: dict[str, Any]) -> str:
    """What a seat knows of one of its own cards: its clue marks, or ?."""
    known = "".join(TYPE_LETTER.get(m, LETTER.get(m, "")) for m in slot["marks"])
    return known or "?"


def not_marks(slot: dict[str, Any]) -> str:
    return "".join(TYPE_LETTER.get(m, LETTER.get(m, "")) for m in slot["not"])


def route_line(route: dict[str, Any], width: int = 21) -> str:
    """"R1 SLK>MS>SY [2]": the route's cards in order and its corridors; its first and last
    cards ("SLK..WL") when the whole route does not fit ``width`` columns."""
    cards = route["cards"]
    head, tail = f"R{route['route']} ", f" [{route['corridors']}]"
    body = ">".join(code(c) for c in cards)
    if len(head) + len(body) + len(tail) > width:
        body = f"{code(cards[0])}..{code(cards[-1])}"
    return f"{head}{body}{tail}"


def public_screen(view: dict[str, Any], labels: list[str], note: str) -> Canvas:
    canvas = Canvas()
    outcome = view["outcome"]
    if outcome:
        canvas.line(0, "Escape! GAME OVER", invert=True)
        canvas.centered(14, outcome["result"].upper(), scale=2)
        winners = ",".join(str(w + 1) for w in outcome["winners"]) or "none"
        canvas.line(4, f"escaped: {winners}")
        canvas.line(5, note)
        return canvas
    active = view["active"]
    who = short_label(labels, active)
    canvas.line(0, fit(f"Escape! T{view['turn']} {who} to act", f"T{view['turn']} {who} to act",
                       f"{who} to act"), invert=True)
    escaped = [short_label(labels, s) for s, e in enumerate(view["escaped"]) if e is not None]
    canvas.line(1, f"tokens {view['tokens']}/{view['token_total']} deck {view['draw_count']}")
    routes = view["routes"]
    rows = 4 - bool(note) - bool(escaped)
    shown = routes if len(routes) <= rows else routes[:rows - 1]
    for i, route in enumerate(shown):
        canvas.line(2 + i, route_line(route))
    if not routes:
        canvas.line(2, f"no route yet (max {max(view['route_limit'], 0)})")
    elif len(routes) > rows:
        canvas.line(1 + rows, f"+{len(routes) - len(shown)} more routes")
    if escaped:
        canvas.line(2 + rows, fit_words("escaped:", escaped))
    if note:
        canvas.line(5, note)
    return canvas


def fit_words(head: str, names: list[str], width: int = 21) -> str:
    """"escaped: S1 S3 S4", or "escaped: 4 players" when the names do not fit."""
    line = " ".join([head, *names])
    return line if len(line) <= width else f"{head} {len(names)} players"


def hidden_seat(label: str, your_turn: bool, active_label: str, message: str) -> Canvas:
    """What a private screen shows when it is not revealed: nothing anyone may not see."""
    canvas = Canvas()
    canvas.centered(2, label, scale=2)
    canvas.centered(28, "YOUR TURN" if your_turn else f"{active_label} to act",
                    scale=2 if your_turn else 1)
    canvas.centered(53, message or "hold PEEK to see")
    return canvas


def table_page(view: dict[str, Any], labels: list[str], seat: int, title: str) -> Canvas:
    """Revealed: the other players' cards, and what this seat knows of its own."""
    canvas = Canvas()
    canvas.line(0, title, invert=True)
    row = 1
    for hand in view["hands"]:
        if hand["seat"] == seat or row > 4:
            continue
        if "unseen" in view:  # physical cards: the box knows only how many
            cards = f"{hand['size']} card(s)"
        else:
            cards = " ".join(code(s) for s in hand["slots"]) or "(no card)"
        canvas.line(row, f"{short_label(labels, hand['seat'])} {cards}")
        row += 1
    mine = view["hands"][seat]
    if "unseen" in view:
        canvas.line(5, f"Me: {mine['size']} cards, tap one")
    elif mine["slots"]:
        canvas.line(5, "Me " + "|".join(marks(s) for s in mine["slots"]))
    else:
        canvas.line(5, "Me (no card)")
    return canvas


def my_cards_page(view: dict[str, Any], seat: int, title: str) -> Canvas:
    canvas = Canvas()
    canvas.line(0, title, invert=True)
    for i, slot in enumerate(view["hands"][seat]["slots"][:5]):
        negative = not_marks(slot)
        canvas.line(1 + i, f"{i + 1} is {marks(slot)}" + (f" not {negative}" if negative else ""))
    if not view["hands"][seat]["slots"]:
        canvas.line(1, "you hold no card")
    return canvas


def reveal_page(view: dict[str, Any], labels: list[str], seat: int) -> Canvas:
    canvas = Canvas()
    outcome = view["outcome"] or {}
    canvas.line(0, f"{short_label(labels, seat)}: {outcome.get('result', 'ended')}", invert=True)
    hand = view["hands"][seat]["slots"]
    canvas.line(1, "You held:")
    canvas.line(2, " ".join(code(s) for s in hand) if hand else "(no card)")
    escaped = view["escaped"][seat]
    canvas.line(3, "You ESCAPED" if escaped else "You did not escape")
    canvas.line(5, "hold OK: new game")
    return canvas


def short_label(labels: Sequence[str], seat: int) -> str:
    """"Seat 3" as "S3" (labels a player chose stay as they are)."""
    label = labels[seat] if seat < len(labels) else f"Seat {seat + 1}"
    return label.replace("Seat ", "S")
