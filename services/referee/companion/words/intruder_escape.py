"""Intruder Escape in words: characters, rows, lives and hands from the views.

The public panel (``view(None)``) names every seat's character, lives, row of cards this
round (a cancelled card says so, a Double Scratch that doubled a card too), escape items and
cards in hand, and an identity only once it is shown. The peek (the seat's own view) names
its identity (and the other Intruders it knows), its hand and the cards it chose to keep.
Card names come from the game's data file.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from services.referee.companion.words import (
    Panel,
    count,
    grouped,
    listing,
    name_of,
    over_line,
    panel,
    who,
)

IDENTITY = {"innocent": "Innocent", "intruder": "Intruder"}
DOING = {"characters": "chooses a character", "ready": "looks at their identity card",
         "keep": "chooses the cards to keep", "turn": "plays a card or skips",
         "follow": "plays the card taken or keeps it",
         "reveal": "decides whether to show their identity"}
YOU = {"characters": "Choose your character.", "ready": "Look at your identity card: hold "
       "to peek.", "keep": "Choose the cards you keep.", "turn": "Your turn: play a card or "
       "skip.", "follow": "Play the card you took, or keep it.",
       "reveal": "Show your identity, or keep it secret?"}

PURPOSE = {"first": "for the first player", "tie": "for the tie for most damage",
           "nodamage": "for who loses a life (nobody was damaged)",
           "security-camera": "for the Security Camera", "roulette": "for the Roulette",
           "broken-mirror": "for the Broken Mirror"}


def played(entry: dict[str, Any], data: Any) -> str:
    """A card of a row: "Knife", "Knife (cancelled by Bandage)", "Double Scratch (doubles
    Knife)"."""
    name = str(entry.get("name") or name_of(data, str(entry["card"])))
    if entry.get("nullified_by"):
        return f"{name} (cancelled by {name_of(data, str(entry['nullified_by']))})"
    if entry.get("doubled"):
        return f"{name} (doubles {name_of(data, str(entry['doubled']))})"
    return name


def rolled(roll: dict[str, Any], labels: Sequence[str]) -> str:
    """One face of a roll: "6 (Seat 3)", "2 (no one plays character 2: rolled again)"."""
    face, seat = roll["face"], roll["seat"]
    if seat is None:
        return f"{face} (no one plays character {face}: rolled again)"
    if not roll["accepted"]:
        return f"{face} ({who(labels, seat)} cannot be chosen: rolled again)"
    return f"{face} ({who(labels, seat)})"


def die_line(die: dict[str, Any], labels: Sequence[str]) -> str:
    """The die's latest roll in a sentence, each face with the seat it chose (a face is a
    character's number): "The die for the first player rolled 1 (no one plays character 1:
    rolled again) and 6 (Seat 3)." ("" before it is rolled)."""
    rolls = die.get("rolls") or []
    if not rolls:
        return ""
    faces = listing([rolled(roll, labels) for roll in rolls])
    purpose = PURPOSE.get(str(die.get("purpose")))
    return f"The die {purpose} rolled {faces}." if purpose else f"The die's last roll: {faces}."


def seat_row(seat: dict[str, Any], labels: Sequence[str], data: Any) -> dict[str, Any]:
    facts = [seat["character_name"] or "no character yet"]
    if not seat["alive"]:
        facts.append("dead")
    else:
        facts.append(f"{count(seat['lives_left'], 'life', 'lives')} left")
    facts.append(f"{count(seat['hand_size'], 'card')} in hand")
    if seat["immune"]:
        facts.append("at home (no card can be played on them)")
    if seat["row"]:
        facts.append(f"row: {seat['damage']} damage")
    chips = [IDENTITY[seat["identity"]]] if seat["identity"] else []
    chips += [played(e, data) for e in seat["row"]]
    chips += [f"escape item: {name_of(data, item)}" for item in seat["items"]]
    return {"label": who(labels, seat["seat"]), "text": ", ".join(facts), "chips": chips}


def public(view: dict[str, Any], labels: Sequence[str], data: Any = None) -> Panel:
    over = view["outcome"] is not None
    title = "Intruder Escape: " + ("the end" if over else f"round {view['round']}"
                                   if view["round"] else "setting up")
    rows = []
    waiting = [who(labels, s) for s in view["waiting"]]
    if waiting and not over and view["phase"] in DOING:
        rows.append({"label": "Now", "text": f"{listing(waiting)} {DOING[view['phase']]}",
                     "chips": []})
    rows += [seat_row(s, labels, data) for s in view["seats"]]
    deck = count(view["center_count"], "card")
    top = [f"face up: {name_of(data, view['top_card'])}"] if view["top_card"] else []
    rows.append({"label": "Center deck", "text": deck, "chips": top})
    discard = view["discard"]
    cards = discard.get("cards") or {}
    rows.append({"label": "Discard pile", "text": count(discard["count"], "card"),
                 "chips": [f"{name_of(data, k)} x{n}" if n > 1 else name_of(data, k)
                           for k, n in cards.items()]})
    camera = view["camera"]
    if camera:
        rows.append({"label": "Security Camera",
                     "text": f"showed the hand of {who(labels, camera['seat'])}",
                     "chips": [name_of(data, k) for k in camera["cards"]]})
    lines = [die_line(view["die"], labels)] if view["die"] else []
    outcome = view["outcome"]
    if outcome:
        lines.append(over_line(outcome, labels))
        hands = view.get("hands") or []
        rows += [{"label": f"{who(labels, s)} held", "text": "",
                  "chips": [name_of(data, k) for k in hand]} for s, hand in enumerate(hands)]
    return panel(title, rows, lines)


def status(view: dict[str, Any], labels: Sequence[str], seat: int,
           waiting: Sequence[int] = ()) -> str:
    outcome = view["outcome"]
    if outcome:
        return "Your side won." if seat in outcome["winners"] else "Your side lost."
    phase, mine = view["phase"], view["seats"][seat]
    acting = mine["choosing"] if phase == "keep" else seat in view["waiting"]
    if not mine["alive"] and phase != "reveal":
        return "You are dead."
    if acting and phase in YOU:
        return YOU[phase]
    if phase == "roll":
        return "The die decides."
    if mine["immune"]:
        return "You are at home: no card can be played on you."
    waiting = [who(labels, s) for s in view["waiting"]]
    if waiting and phase in DOING:
        return f"{listing(waiting)} {DOING[phase]}."
    return "Waiting for the others."


def peek(view: dict[str, Any], labels: Sequence[str], seat: int, data: Any = None
         ) -> Panel | None:
    """The seat's identity (and the Intruders it knows), its hand, the cards it keeps."""
    you = view.get("you")
    if not you:
        return None
    rows = []
    if you["identity"]:
        fellows = [who(labels, f) for f in you["fellows"]]
        text = f"with {listing(fellows)}" if fellows else ""
        rows.append({"label": "You are", "text": text,
                     "chips": [IDENTITY[you["identity"]]]})
    rows.append({"label": "Your hand", "text": count(len(you["hand"]), "card"),
                 "chips": grouped(name_of(data, x) for x in you["hand"])})
    choice = you["choice"]
    if choice:
        text = "and use Nobody's Home" if choice.get("home") else ""
        rows.append({"label": "You keep", "text": text,
                     "chips": grouped(name_of(data, x) for x in choice.get("keep") or [])})
    follow = view.get("follow")
    if follow and follow["seat"] == seat and follow["card"]:
        rows.append({"label": "You took", "text": "", "chips": [name_of(data, follow["card"])]})
    return panel(f"{who(labels, seat)}: your secrets", rows)
