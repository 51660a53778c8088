"""Escape! views as terminal text (the interactive ``refbox play`` and the terminal sim)."""

from __future__ import annotations

from typing import Any

SUIT_SHORT = {
    "moons": "Mo",
    "suns": "Su",
    "waves": "Wa",
    "leaves": "Le",
    "wyrms": "Wy",
    "knots": "Kn",
}


def card_text(card: dict[str, Any]) -> str:
    suits = " ".join(SUIT_SHORT[s] for s in card["suits"]) or "no suit"
    return f"{card['name']} [{card['group']}: {suits}]"


def render(view: dict[str, Any]) -> list[str]:
    seat = view["seat"]
    who = "the public table" if seat is None else f"Seat {seat + 1}"
    lines = [
        f"Escape! - turn {view['turn']} - Seat {view['active'] + 1} to act - seen by {who}",
        f"tokens {view['tokens']}/{view['token_total']}   draw pile {view['draw_count']}"
        f"   routes {len(view['routes'])}/{max(view['route_limit'], 0)}"
        f"   boats need {view['corridors_needed']} corridors",
    ]
    lines.append("Routes:" if view["routes"] else "Routes: none in progress")
    for route in view["routes"]:
        cards = " > ".join(card_text(c) for c in route["cards"])
        lines.append(f"  route {route['route']} ({route['corridors']} corridors): {cards}")
    escaped = [f"Seat {s + 1}" for s, e in enumerate(view["escaped"]) if e is not None]
    lines.append("Escaped: " + (", ".join(escaped) if escaped else "nobody yet"))
    if view["discard"]:
        lines.append("Discard: " + ", ".join(c["name"] for c in view["discard"]))
    lines.append("Hands:")
    for hand in view["hands"]:
        mine = " (you: hidden from you)" if hand["seat"] == seat and hand["hidden"] else ""
        lines.append(f"  Seat {hand['seat'] + 1}{mine}:")
        for slot in hand["slots"]:
            what = "???" if hand["hidden"] else card_text(slot)
            notes = []
            if slot["marks"]:
                notes.append("is " + ", ".join(slot["marks"]))
            if slot["not"]:
                notes.append("not " + ", ".join(slot["not"]))
            extra = f"   ({'; '.join(notes)})" if notes else ""
            lines.append(f"    slot {slot['slot'] + 1}: {what}{extra}")
    if view["revealed"]:
        lines.append("Revealed: " + card_text(view["revealed"]))
    if view["outcome"]:
        lines.append(f"GAME OVER ({view['outcome']['result']}): {view['outcome']['reason']}")
    return lines
