"""A seat's own screen in Asylum Escape, drawn from that seat's view only.

Hidden (nobody peeking): the seat's label and what the whole table may know (whose turn it
is, what is being decided). Shown: a Victim sees his room, his hand and his held card; the
Patients player sees his Patients; a refusal shows the engine's reason in plain words.
"""

from __future__ import annotations

from typing import Any

from services.referee.box.render import Canvas, dense_page, fit, result_head, wrap
from services.referee.tables.asylum_escape import words as w

WAITING = {"lay_out": "{who} lays out", "victim_card": "{who}: Victim card",
           "start_rooms": "Victims choose rooms", "choose_room": "Patients choose",
           "patient_move": "the Patients move", "victim_draw": "{who}'s turn",
           "victim_act": "{who}'s turn", "move": "{who} moves", "window": "cards?",
           "adjust": "{who} applies a card", "identify": "{who} draws"}
DOING = {"lay_out": "enter the layout", "victim_card": "keep or mulligan",
         "start_rooms": "choose a room", "choose_room": "choose a room",
         "patient_move": "YOUR TURN", "victim_draw": "YOUR TURN", "victim_act": "YOUR TURN",
         "move": "move now", "window": "play a card?", "adjust": "apply the card",
         "identify": "tell the card"}


def headline(view: dict[str, Any], labels: list[str], waiting: list[int], seat: int) -> str:
    phase = view["phase"]
    if seat in waiting:
        return DOING.get(phase, "your move")
    who = w.short(labels, waiting[0]) if waiting else ""
    return WAITING.get(phase, "").format(who=who)


def hidden(label: str, view: dict[str, Any], labels: list[str], waiting: list[int],
           seat: int) -> Canvas:
    canvas = Canvas()
    canvas.centered(2, label, scale=2)
    line = headline(view, labels, waiting, seat)
    canvas.centered(28, line, scale=2 if line == "YOUR TURN" else 1)
    canvas.centered(53, "hold PEEK to see")
    return canvas


def mine(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    return next((v for v in view["victims"] if v["seat"] == seat), None)


def role_title(view: dict[str, Any], labels: list[str], seat: int) -> str:
    me = w.short(labels, seat)
    if seat == view["patients_seat"]:
        return f"{me} PATIENTS"
    victim = mine(view, seat)
    if victim is None or not victim["name"]:
        return f"{me} Victim"
    return fit(f"{me} {w.strip(victim['name'])}", f"{me} Victim")


def home(view: dict[str, Any], labels: list[str], waiting: list[int], seat: int,
         data: Any) -> Canvas:
    """The shown screen when no menu is open."""
    title = role_title(view, labels, seat)
    status = headline(view, labels, waiting, seat)
    if seat in waiting:
        status = f"OK: {status}"
    step = view["step"]
    if view["phase"] == "adjust" and step.get("seat") == seat:
        lines = wrap(step.get("effect", ""))
        if len(lines) > 5:  # the whole text is in the menu OK opens ("Read the card")
            lines = [*lines[:4], "(more: OK, Read)"]
        return dense_page(title, [*lines, "OK: apply it"])
    if seat == view["patients_seat"]:
        lines = [fit(f"{w.patient_tag(view, p['card'])} {w.name(data, p['room'], 14)} k"
                     f"{''.join(map(str, p['catching_stat']))}",
                     f"{w.patient_tag(view, p['card'])} {w.name(data, p['room'], 17)}")
                 for p in view["patients"] if p["room"]] or ["no Patient yet"]
    else:
        lines = victim_lines(view, seat, data)
    lines = lines[:5]
    return dense_page(title, [*lines, *[""] * (5 - len(lines)), status])


def victim_lines(view: dict[str, Any], seat: int, data: Any) -> list[str]:
    private = view.get("private") or {}
    victim = mine(view, seat) or {}
    if victim and not victim["alive"]:
        return ["you are dead"]
    room = private.get("room", "")
    lines = [f"in {w.name(data, room, 18)}" if room else "no room yet"]
    hand = private.get("hand", [])
    if victim.get("held"):
        lines.append(f"held {w.name(data, victim['held'], 16)}")
    told = [w.name(data, c) for c in hand if c != "?"]
    untold = hand.count("?")  # physical decks: the box learns a card when it is played
    lines += [*told, *([f"{untold} card{'s' if untold > 1 else ''} in hand"] if untold
                       else [])] or ["no cards in hand"]
    return lines


def reveal(view: dict[str, Any], labels: list[str], seat: int, data: Any) -> Canvas:
    """After the game: who won, and this seat's route (everything is public now)."""
    outcome = view["outcome"] or {}
    head = result_head(outcome, seat)
    lines: list[str] = []
    victim = mine(view, seat)
    if victim is not None:
        where = f"{'alive' if victim['alive'] else 'died'} in"
        room = w.name(data, victim.get("room", ""), 21)
        lines += [f"{where} {room}"] if len(where) + len(room) < 21 else [where, room]
        moves = len(victim.get("route", [])) - 1
        lines.append("1 secret move" if moves == 1 else f"{moves} secret moves")
    lines += wrap(str(outcome.get("reason", "")).split(": ", 1)[-1])
    lines = lines[:5]
    return dense_page(f"{w.short(labels, seat)}: {head}",
                      [*lines, *[""] * (5 - len(lines)), "hold OK: new game"])
