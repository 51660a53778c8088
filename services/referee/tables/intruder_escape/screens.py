"""A seat's own screen in Intruder Escape, drawn from that seat's view only.

Hidden (nobody peeking): the seat's label and what the whole table may know (whose turn, who
is still choosing). Shown: the title bar names the seat's identity ("S1 Innocent", or
"S1 INTRUDER +S3" with the other Intruders at 4+ players); below it the hand, the cards to
keep, the identity card, or a refusal with the engine's reason. Identity words appear only
next to this seat's own label, so a screen can be checked word by word.
"""

from __future__ import annotations

from typing import Any

from services.referee.box.render import Canvas, dense_page, result_head
from services.referee.tables.intruder_escape import cards as c
from services.referee.tables.intruder_escape.cards import short

WORD = {"innocent": "Innocent", "intruder": "INTRUDER"}


def identity_title(view: dict[str, Any], labels: list[str], seat: int) -> str:
    you = view["you"]
    label = short(labels, seat)
    if not you["identity"]:
        return label
    fellows = " ".join(short(labels, f) for f in you["fellows"])
    return f"{label} {WORD[you['identity']]}" + (f" +{fellows}" if fellows else "")


def acting(view: dict[str, Any], seat: int) -> bool:
    if view["phase"] == "keep":
        info = view["seats"][seat]
        return bool(info["choosing"])
    return seat in view["waiting"]


def headline(view: dict[str, Any], labels: list[str], seat: int) -> str:
    """One line anyone may see: what this seat (or the table) is waiting for."""
    phase, info = view["phase"], view["seats"][seat]
    waiting = [short(labels, s) for s in view["waiting"]]
    mine = acting(view, seat)
    if phase == "characters":
        return "choose a character" if mine else f"{waiting[0]} chooses" if waiting else ""
    if phase == "ready":
        return "look at your identity" if mine else "waiting for others"
    if not info["alive"] and phase != "reveal":
        return "you are dead"
    if phase == "keep":
        return "choose your cards" if mine else "waiting for others"
    if phase in ("turn", "follow"):
        if mine:
            return "YOUR TURN"
        if info["immune"]:
            return "you are at home"
        return f"{waiting[0]} plays" if waiting else ""
    if phase == "reveal":
        return "show your identity?" if mine else f"{waiting[0]} decides" if waiting else ""
    if phase == "roll":
        return "the die decides"
    return ""


PEEK_FIRST = "PEEK first, then OK"  # OK pressed before the identity card was shown


def hidden(label: str, view: dict[str, Any], labels: list[str], seat: int,
           first: str = "") -> Canvas:
    """What anybody may see; ``first`` instead of the headline: what the seat must do
    before its last press can count."""
    canvas = Canvas()
    canvas.centered(2, label, scale=2)
    line = first or headline(view, labels, seat)
    big = line == "YOUR TURN"
    canvas.centered(28, line, scale=2 if big else 1)
    canvas.centered(53, "hold PEEK to see")
    return canvas


def home(view: dict[str, Any], labels: list[str], seat: int) -> Canvas:
    """The shown screen when no menu is open."""
    phase = view["phase"]
    if phase == "ready":
        return identity_page(view, labels, seat)
    title = identity_title(view, labels, seat)
    you, info = view["you"], view["seats"][seat]
    mine = acting(view, seat)
    if phase == "characters":
        chosen = info["character"]
        lines = [f"you play {c.character_name(chosen)}" if chosen else "no character yet",
                 "", "OK: pick a character" if mine else headline(view, labels, seat)]
        return dense_page(title, lines)
    if phase == "keep" and info["alive"]:
        if mine:
            return dense_page(title, [*[c.name(x) for x in you["hand"]][:5], "OK: choose cards"])
        choice = you["choice"] or {}
        kept = ["Nobody's Home: used"] if choice.get("home") else \
            [c.name(x) for x in choice.get("keep", [])]
        return _with_status(title, ["you keep:", *kept], "waiting for others")
    if not info["alive"]:
        if mine:
            return _with_status(title, ["you are dead"], "OK: show or hide it")
        shown = "shown" if info["revealed"] else "secret"
        return _with_status(title, ["you are dead", f"your identity: {shown}"],
                            headline(view, labels, seat) if phase != "keep" else "")
    hand = c.grouped_names(you["hand"]) or ["(no cards)"]
    follow = view["follow"]
    if phase == "follow" and mine and follow and follow["card"]:
        status = "OK: play or keep it"
    elif mine:
        status = "YOUR TURN: OK to play"
    else:
        status = headline(view, labels, seat)
    return _with_status(title, hand, status)


def _with_status(title: str, lines: list[str], status: str) -> Canvas:
    """Up to 5 lines, and a status line at the bottom."""
    lines = lines[:5]
    return dense_page(title, [*lines, *[""] * (4 - len(lines)), status])


def identity_page(view: dict[str, Any], labels: list[str], seat: int) -> Canvas:
    """The identity card (and, for an Intruder at 4+ players, the others: the wake-up)."""
    you = view["you"]
    canvas = Canvas()
    canvas.line(0, f"{short(labels, seat)}: your identity", invert=True)
    canvas.centered(16, WORD.get(you["identity"] or "", "?").upper(), scale=2)
    if you["fellows"]:
        canvas.centered(40, "with " + " ".join(short(labels, f) for f in you["fellows"]))
    ready = view["seats"][seat]["ready"]
    canvas.line(5, "seen: waiting..." if ready else "OK: I have seen it")
    return canvas


def reveal(view: dict[str, Any], labels: list[str], seat: int) -> Canvas:
    """After the game: whether this seat won, and every identity."""
    head = result_head(view["outcome"], seat)
    lines = []
    for info in view["seats"]:
        you = " (you)" if info["seat"] == seat else ""
        word = WORD.get(info["identity"] or "", "?")
        lines.append(f"{short(labels, info['seat'])} {word}{you}")
    if len(lines) < 6:
        lines += [*[""] * (4 - len(lines)), "hold OK: new game"]
    return dense_page(f"{short(labels, seat)}: {head}", lines)
