"""Escape! (Decktet Escape) in words: routes, clues, hands and marks from the views.

A card is its full name and its suits ("the Battle: Wyrms, Knots"); a clue mark on a seat's
own card reads "is a corridor", "not Suns". In Escape! a seat never sees its own cards but
sees everyone else's: those are the seat's secret (its peek), never on the public panel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from services.games.decktet_escape.deck import plural
from services.referee.companion.words import (
    Panel,
    Row,
    count,
    listing,
    panel,
    row,
    seat_words,
    sentence,
    who,
)

GROUPS = ("key", "corridor", "boat")
CHOICES = {"place": "chooses the route for the card revealed",
           "give": "chooses who escapes on the finished route",
           "lose": "chooses the route the Guard takes"}


def suit(name: str) -> str:
    return name.capitalize()


def card(found: dict[str, Any]) -> str:
    """"the Battle (corridor): Wyrms, Knots"; the Guard, which has no suit: "the Excuse
    (the Guard)"."""
    suits = ", ".join(suit(s) for s in found["suits"])
    if not suits:
        return f"{found['name']} (the Guard)"
    return f"{found['name']} ({found['group']}): {suits}"


def mark(about: str) -> str:
    """A clue word as a mark on a card: "a corridor", "Moons"."""
    return f"a {about}" if about in GROUPS else suit(about)


def marks(slot: dict[str, Any]) -> list[str]:
    """What a seat knows of one of its hidden cards, as chips: "is a key", "not Suns"."""
    known = [f"is {mark(m)}" for m in slot["marks"]]
    known += [f"not {mark(m)}" for m in slot["not"]]
    return known or ["no clue yet"]


def slot_marks(slot: dict[str, Any]) -> str:
    """One of a seat's own cards as a chip: "slot 2: is a key, not Suns"."""
    return f"slot {slot['slot'] + 1}: {', '.join(marks(slot))}"


def clue(found: dict[str, Any], labels: Sequence[str]) -> str:
    slots = [str(s + 1) for s in found["slots"]]
    which = (f"slot {slots[0]}" if len(slots) == 1 else f"slots {listing(slots)}"
             ) if slots else "no card"
    return (f"{who(labels, found['seat'])} told {who(labels, found['target'])} about "
            f"{plural(found['about'])}: {which}")


def route(found: dict[str, Any], needed: int) -> Row:
    corridors = count(found["corridors"], "corridor")
    return row(f"Route {found['route']}", f"{corridors} of the {needed} a boat needs",
               [card(c) for c in found["cards"]])


def outcome_line(view: dict[str, Any], labels: Sequence[str]) -> str:
    outcome = view["outcome"]
    if not outcome:
        return ""
    reason = sentence(seat_words(outcome["reason"], labels))
    return f"The game is over ({outcome['result']}): {reason}"


def public(view: dict[str, Any], labels: Sequence[str], data: Any = None) -> Panel:
    over = view["outcome"] is not None
    title = "Escape! The end" if over else f"Escape! Turn {view['turn']}"
    escaped = [who(labels, s) for s, e in enumerate(view["escaped"]) if e is not None]
    rows = [] if over else [row("To act", who(labels, view["active"]))]
    rows += [row("Clue tokens", f"{view['tokens']} of {view['token_total']} left"),
             row("Draw pile", count(view["draw_count"], "card")),
             row("Escaped", listing(escaped, "nobody" if over else "nobody yet"))]
    limit = max(view["route_limit"], 0)
    if not view["routes"]:
        rows.append(row("Routes", f"none yet (at most {limit} at a time)"))
    rows += [route(r, view["corridors_needed"]) for r in view["routes"]]
    if view["revealed"]:
        rows.append(row("Revealed", "the card just drawn", [card(view["revealed"])]))
    if view["discard"]:
        rows.append(row("Discarded", count(len(view["discard"]), "card"),
                        [card(c) for c in view["discard"]]))
    if over:
        rows += [row(who(labels, h["seat"]), "held", [card(s) for s in h["slots"]])
                 for h in view["hands"] if not h["hidden"]]
    lines = [outcome_line(view, labels)]
    if view["clues"] and not over:
        lines.append(f"Last clue: {clue(view['clues'][-1], labels)}.")
    return panel(title, rows, lines)


def status(view: dict[str, Any], labels: Sequence[str], seat: int,
           waiting: Sequence[int] = ()) -> str:
    outcome = view["outcome"]
    if outcome:
        escaped = view["escaped"][seat] is not None
        return "You escaped." if escaped else "You did not escape."
    active = view["active"]
    choice = view["choice"]
    if choice and choice["kind"] in CHOICES:
        doing = CHOICES[choice["kind"]]
        return f"You {doing}." if active == seat else f"{who(labels, active)} {doing}."
    if active == seat:
        return "Your turn: give a clue, play a card or discard one."
    return f"{who(labels, active)} is to act."


def peek(view: dict[str, Any], labels: Sequence[str], seat: int, data: Any = None
         ) -> Panel | None:
    """The other seats' cards (the seat's view shows them) and what this seat knows of its
    own (clue marks, public, but read here beside its cards)."""
    if view["outcome"] is not None:
        return None
    physical = "unseen" in view
    rows = []
    for hand in view["hands"]:
        if hand["seat"] == seat:
            continue
        if physical or hand["hidden"]:
            rows.append(row(who(labels, hand["seat"]), count(hand["size"], "card")))
        else:
            rows.append(row(who(labels, hand["seat"]), count(hand["size"], "card"),
                            [card(s) for s in hand["slots"]]))
    mine = view["hands"][seat] if seat < len(view["hands"]) else None
    lines = []
    if mine is not None and physical:
        lines.append(f"You hold {count(mine['size'], 'card')}: tap one on your reader to "
                     "play it.")
    elif mine is not None:
        rows.append(row("Your cards", f"{count(len(mine['slots']), 'card')}: what the "
                                      "clues told you", [slot_marks(s) for s in mine["slots"]]))
    return panel(f"{who(labels, seat)}: the other hands", rows, lines)
