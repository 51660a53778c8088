"""Intruder Escape views as terminal text (``refbox play`` and the terminal simulator)."""

from __future__ import annotations

from typing import Any

from services.referee.tables.intruder_escape import cards as c

WORD = {"innocent": "Innocent", "intruder": "Intruder"}


def _row(row: list[dict[str, Any]]) -> str:
    parts = []
    for entry in row:
        text = entry["name"]
        if entry["nullified_by"]:
            text += f" (nullified by {c.name(entry['nullified_by'])})"
        elif entry["doubled"]:
            text += f" (doubles {c.name(entry['doubled'])})"
        parts.append(text)
    return ", ".join(parts)


def seat_lines(view: dict[str, Any], info: dict[str, Any]) -> list[str]:
    seat = info["seat"]
    marks = []
    if seat == view["active"]:
        marks.append("to play")
    if not info["alive"]:
        marks.append("dead")
    if info["immune"]:
        marks.append("at Nobody's Home")
    if info["identity"]:
        marks.append(WORD[info["identity"]])
    items = ", ".join(c.name(x) for x in info["items"]) or "none"
    head = (f"  Seat {seat + 1} ({c.character_name(info['character'])}): "
            f"{_count(info['lives_left'], 'life', 'lives')}, "
            f"{_count(info['hand_size'], 'card', 'cards')} in hand, items: {items}")
    lines = [head + (f"  [{', '.join(marks)}]" if marks else "")]
    if info["row"]:
        lines.append(f"    row: {_row(info['row'])}  = {info['damage']} damage")
    if info["known"]:
        lines.append(f"    shown: {', '.join(c.name(x) for x in info['known'])}")
    return lines


def render(view: dict[str, Any]) -> list[str]:
    seat = view["seat"]
    who = "the public table" if seat is None else f"Seat {seat + 1}"
    lines = [f"Intruder Escape - round {view['round']}, lap {min(view['lap'] + 1, 3)} - "
             f"phase {view['phase']} - seen by {who}"]
    for info in view["seats"]:
        lines += seat_lines(view, info)
    top = f", face up: {c.name(view['top_card'])}" if view["top_card"] else ""
    lines.append(f"Center deck {view['center_count']}{top}; discard pile "
                 f"{view['discard']['count']}")
    if view["camera"]:
        shown = ", ".join(c.name(x) for x in view["camera"]["cards"]) or "no cards"
        lines.append(f"Security Camera: Seat {view['camera']['seat'] + 1} holds {shown}")
    record = view["assessment"]
    if record:
        damage = ", ".join(f"Seat {int(s) + 1}: {r['damage']}" for s, r in record["rows"].items())
        loser = "" if record["loser"] is None else f"; Seat {record['loser'] + 1} lost a life"
        lines.append(f"Round {record['round']} assessed: {damage} ({record['cause']}){loser}")
    if view["follow"]:
        card = view["follow"]["card"]
        lines.append(f"Seat {view['follow']['seat'] + 1} took "
                     f"{c.name(card) if card else 'a card'}: play it now or keep it")
    you = view.get("you")
    if you is not None and you["identity"]:
        fellows = ", ".join(f"Seat {f + 1}" for f in you["fellows"])
        lines.append(f"You are {WORD[you['identity']]}"
                     + (f" (the other Intruders: {fellows})" if fellows else ""))
        lines.append("Your hand: " + (", ".join(c.name(x) for x in you["hand"]) or "empty"))
    if view["outcome"]:
        lines.append(f"GAME OVER: {view['outcome']['reason']}")
    return lines


def _count(n: int, one: str, many: str) -> str:
    """``1 card``, ``2 cards``, ``0 cards``."""
    return f"{n} {one if n == 1 else many}"
