"""Innsmouth 32 views as terminal text (``refbox play innsmouth-32`` and the terminal
simulator), lines of at most 80 columns (or the width asked for).

The whole table: the reel and the piles, the fade out, Turning Point and the final turn, whose
input is awaited, the movie screen (a face-down card shows no name), every throng with its
values and sum, the power spoints, every survivor with its stats (``*`` under an insanity
token), rest, mythos, horror stars, place and items, the sanctuaries and the cards holding
victims, then what the reader alone may know (a seat's view adds it: the secret cultist for
the director) and the outcome with what was secret. Card names come from the shipped pack
when it knows the id (a card of your own pack shows its id)."""

from __future__ import annotations

import textwrap
from functools import cache
from typing import Any

from services.games.innsmouth_32.names import reel_name
from services.referee.tables.innsmouth_32 import words as w

WIDTH = 80
CHANCE_WORDS = {"roll": "the box rolls", "shuffle": "the box shuffles",
                "victim": "the box draws"}
STAT_WORDS = {"muscle": "MUSCLE", "speed": "SPEED", "brains": "BRAINS", "guts": "GUTS"}
PUBLIC_KEYS = {"game", "seat", "players", "director", "phase", "step", "example_data", "reel",
               "reel_pile", "survivor_pile", "discards", "victims_deck", "screen", "throngs",
               "pools", "power", "survivors", "sanctuaries", "event_cards", "removed",
               "monster_players", "fade", "fade_in", "turning_point", "final_turn", "options",
               "outcome", "secrets", "hound", "terrors", "secret_cultist", "discard_pile"}


@cache
def _pack() -> Any:
    from services.games.innsmouth_32.data import load_data

    return load_data()


def _card(some_id: str) -> str:
    try:
        return str(_pack().get(some_id).name)
    except KeyError:
        return some_id


def para(text: str, indent: str = "", more: str = "    ", width: int = WIDTH) -> list[str]:
    """``text`` in lines of ``width`` columns, the first after ``indent``, the others after
    ``more`` (a word longer than a line is broken)."""
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=more,
                         break_long_words=True, break_on_hyphens=False) or [indent.rstrip()]


def seat_name(view: dict[str, Any], seat: int) -> str:
    return f"Seat {seat + 1}" + (" (director)" if seat == view["director"] else "")


def card_words(card: dict[str, Any]) -> str:
    if card.get("familiar"):
        return f"{card['name']} (familiar face {card['value']}, SHAD)"
    if card.get("kind") == "terror":
        return f"{card['name']} (terror {card['value']}: only overkill eliminates it)"
    if card.get("kind") == "monster" or "value" in card:
        return f"{card['name']} ({card['value']})"
    return f"{card['name']} ({w.KINDS.get(card['kind'], card['kind'])})"


def head_lines(view: dict[str, Any], width: int = WIDTH) -> list[str]:
    seat = view["seat"]
    reader = "the public table" if seat is None else seat_name(view, seat)
    reel = reel_name(view["reel"])
    lines = para(f"Innsmouth 32 - reel {reel} of IV - phase {view['phase']} - seen by "
                 f"{reader}", width=width)
    if view["example_data"]:
        lines.append("(EXAMPLE cards: made up, not the game's own)")
    lines += para(f"Piles: reel {view['reel_pile']}, survivors {view['survivor_pile']}, "
                  f"discards {view['discards']}, random victims {view['victims_deck']}",
                  width=width)
    fade = view["fade"]
    marks = []
    if fade:
        marks.append(f"fade out: {_card(fade['card'])} goes in {fade['left']} survivor "
                     "turn(s)")
    if view["fade_in"] >= 0:
        marks.append(f"fade in: {seat_name(view, view['fade_in'])}")
    if view["turning_point"]:
        marks.append("TURNING POINT: no more cards come to the screen")
    if view["final_turn"]:
        marks.append(w.FINAL[view["final_turn"]] if view["final_turn"] in w.FINAL
                     else f"final {view['final_turn']}")
    if marks:
        lines += para("; ".join(marks), width=width)
    step = view["step"]
    if "seat" in step or "purpose" in step:
        box = CHANCE_WORDS.get(view["phase"], "the box")
        who = f"{seat_name(view, step['seat'])}: " if "seat" in step else f"{box}: "
        what = step.get("purpose", "") or w.PHASE_WORDS.get(view["phase"], view["phase"])
        lines += para(f"Now: {who}{what.replace('_', ' ')}", width=width)
    return lines


def screen_lines(view: dict[str, Any], width: int = WIDTH) -> list[str]:
    slots = []
    for n, slot in enumerate(view["screen"], start=1):
        text = "face down" if slot["face_down"] else card_words(slot) if slot["card"] \
            else "empty"
        slots.append(f"{n} {text}")
    return para("Screen: " + " | ".join(slots), width=width)


def throng_lines(view: dict[str, Any], width: int = WIDTH) -> list[str]:
    lines: list[str] = []
    for seat, throngs in enumerate(view["throngs"]):
        if not any(throngs):
            continue
        lines.append(f"Throngs of {seat_name(view, seat)}:")
        for i, cards in enumerate(throngs, start=1):
            if cards:
                lines += para(f"throng {i} = {w.throng_sum(cards)}: " + ", ".join(
                    card_words(c) for c in cards), "  ", "      ", width=width)
    return lines or ["Throngs: none yet"]


def survivor_lines(view: dict[str, Any], width: int = WIDTH) -> list[str]:
    seats = [s for s in range(view["players"]) if s != view["director"]]
    lines = para("Power spoints: " + ", ".join(
        f"Seat {s + 1} {view['power'][s]}" for s in seats), width=width)
    if view["monster_players"]:
        lines += para("Monster players: " + ", ".join(f"Seat {s + 1}"
                                                       for s in view["monster_players"]),
                      width=width)
    lines.append("Survivors:" if view["survivors"] else "Survivors: none in play")
    for seat in seats:
        for s in view["pools"][seat]:
            me = view["survivors"].get(s)
            if me is None:
                continue
            stats = " ".join(f"{STAT_WORDS.get(k, k.upper())} {v}"
                             + ("*" if k in me["insane"] else "")
                             for k, v in me["stats"].items())
            parts = [f"rest {me['rest']}", f"mythos {me['mythos']}"]
            if me["stars"]:
                parts.append(f"{me['stars']} horror star(s)")
            if me["where"]:
                parts.append(f"in {_card(me['where'])}")
            items = [_card(i) + (f" (store {me['stores'][i]})" if i in me["stores"] else "")
                     for i in me["items"]]
            parts.append("items: " + (", ".join(items) or "none"))
            faction = f" ({me['faction']})" if me.get("faction") else ""
            lines += para(f"Seat {seat + 1} {me['name']}{faction}: {stats}; "
                          + ", ".join(parts), "  ", "      ", width=width)
    if any(me["insane"] for me in view["survivors"].values()):
        lines.append("  (* under an insanity token: its target number is 4)")
    return lines


def sanctuary_lines(view: dict[str, Any], width: int = WIDTH) -> list[str]:
    lines: list[str] = []
    for s in view["sanctuaries"]:
        inside = ", ".join(_card(o) for o in s["occupants"]) or "nobody"
        stored = ", ".join(_card(i) for i in s["items"])
        lines += para(f"Sanctuary {_card(s['card'])}: {s['locks']} locks, {s['mythos']} "
                      f"mythos, inside: {inside}" + (f", stored: {stored}" if stored else ""),
                      "  ", "      ", width=width)
    for card in view.get("event_cards", []):
        held = [me["name"] for me in view["survivors"].values() if me["where"] == card]
        lines += para(f"Event {_card(card)} holds: {', '.join(held) or 'nobody'}", "  ",
                      "      ", width=width)
    return ["Sanctuaries:", *lines] if lines else ["Sanctuaries: none"]


def extra_lines(view: dict[str, Any], width: int = WIDTH) -> list[str]:
    """What the reader alone may know, the modules' public parts, and the outcome."""
    lines: list[str] = []
    if view.get("secret_cultist"):
        lines += para(f"Secret cultist: {_card(view['secret_cultist'])}", width=width)
    hound = view.get("hound")
    if hound:
        lines += para("Hound rescue: " + ("used" if hound.get("rescue_used") else "ready")
                      + " this reel", width=width)
    pile = view.get("discard_pile")
    if pile:  # A-I32-26 open discards
        down = f" (+{pile['face_down']} face down)" if pile.get("face_down") else ""
        lines += para("Discards: " + (", ".join(_card(c) for c in pile["cards"]) or "none")
                      + down, width=width)
    if view["removed"]:
        lines += para("Removed from play: " + ", ".join(_card(c) for c in view["removed"]),
                      width=width)
    for key in sorted(set(view) - PUBLIC_KEYS):
        lines += para(f"{key.replace('_', ' ')}: {view[key]}", width=width)
    outcome = view["outcome"]
    if outcome:
        lines += para(f"GAME OVER ({outcome['result']}): {outcome['reason']}", width=width)
        secrets = view.get("secrets") or {}
        for key, label in (("reel_pile", "Reel pile was"),
                           ("survivor_pile", "Survivor pile was"),
                           ("familiar", "Familiar faces")):
            if secrets.get(key):
                lines += para(f"{label}: " + ", ".join(_card(c) for c in secrets[key]), width=width)
        if view.get("terrors"):
            lines += para("Terrors: " + ", ".join(_card(c) for c in view["terrors"]), width=width)
    return lines


def render(view: dict[str, Any], width: int = WIDTH) -> list[str]:
    """The table in lines of ``width`` columns (80 unless the terminal is wider)."""
    return [*head_lines(view, width), *screen_lines(view, width), *throng_lines(view, width),
            *survivor_lines(view, width), *sanctuary_lines(view, width),
            *extra_lines(view, width)]
