"""Names and short words for Innsmouth 32's screens (21 columns).

A pack's names are used whole when they fit; a long one is shortened the way a player would
write it down: without a leading "The", then first words as initials ("Professor Armitage" ->
"P. Armitage"), at the very last its first letters and a dot. The EXAMPLE pack's
" (example)" is left off when a name would not fit otherwise. The public screen's status line
(reel, reel-pile count, fade out, Turning Point and final-turn marks) is written here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from services.games.innsmouth_32.names import reel_name
from services.referee.box.render import fit

SUFFIX = " (example)"
STATS = {"muscle": "M", "speed": "S", "brains": "B", "guts": "G"}
KINDS = {"monster": "monster", "item": "item", "power_play": "power play",
         "popcorn": "popcorn", "shuffling_horror": "horror", "plot_device": "plot",
         "snatched": "snatched", "sanctuary": "sanctuary", "terror": "terror"}
PHASE_WORDS = {"turn": "takes a turn", "act": "acts", "commit": "spoints",
               "negate": "negate/flail", "director": "attack", "aim": "aims",
               "place": "places", "fade": "fade out?", "choose": "chooses",
               "adjust": "card effect", "roll": "dice", "shuffle": "shuffle",
               "victim": "random victim", "over": "the end", "running": "",
               "counter": "strikes back"}
FINAL = {1: "final turn next", 2: "FINAL TURN", 3: "LAST ONE STANDING"}
FINAL_SHORT = {1: "FT next", 2: "FINAL", 3: "LOS"}


def shorten(full: str, width: int = 20) -> str:
    """``full`` in ``width`` columns, shortened as a person would (never cut mid-word
    silently: the last resort ends with a dot)."""
    full = full.removesuffix(SUFFIX) if len(full) > width else full
    if len(full) <= width:
        return full
    words = full.split()
    if len(words) > 1 and words[0].lower() == "the":
        words = words[1:]
    for i in range(len(words) - 1):
        text = " ".join(words)
        if len(text) <= width:
            return text
        words[i] = f"{words[i][0]}."
    text = " ".join(words)
    if len(text) <= width:
        return text
    return text[:max(width - 1, 1)] + "."


def name(data: Any, some_id: str, width: int = 20) -> str:
    """A card's or survivor's name in ``width`` columns (an unknown id: the id itself)."""
    if not some_id:
        return "-"
    try:
        full = str(data.get(some_id).name)
    except (KeyError, AttributeError):
        return shorten(some_id, width)
    return shorten(full, width)


def marks(view: dict[str, Any]) -> str:
    """`` TP`` (Turning Point), `` FT next`` / `` FINAL`` (reel IV's final director turn),
    `` LOS`` (Last One Standing)."""
    found = ["TP" if view["turning_point"] else "", FINAL_SHORT.get(view["final_turn"], "")]
    return "".join(f" {m}" for m in found if m)


def fade_in_status(view: dict[str, Any], data: Any = None, width: int = 21) -> str:
    """The short status with the fade out, ``RII p5 F2 Shotgun``, when the card's name fits
    it in at least 7 columns (or whole); else ""."""
    fade = view.get("fade")
    if not fade:
        return ""
    reel = reel_name(view["reel"])
    head = f"R{reel} p{view['reel_pile']}{marks(view)} F{fade['left']} "
    card = name(data, fade["card"], width - len(head))
    full = name(data, fade["card"], 99)
    if len(head) + len(card) > width or (card != full and len(card) < 7):
        return ""
    return head + card


def status(view: dict[str, Any], data: Any = None, width: int = 21) -> str:
    """The status line: reel, reel-pile count, Turning Point, final turn, e.g.
    ``Reel III pile 15 TP``; with a fade out ``RIII p15 F3 Tommy Gun`` (when it fits)."""
    with_fade = fade_in_status(view, data, width)
    if with_fade:
        return with_fade
    reel = reel_name(view["reel"])
    tail = marks(view)
    return fit(f"Reel {reel} pile {view['reel_pile']}{tail}",
               f"R{reel} pile {view['reel_pile']}{tail}",
               f"R{reel} p{view['reel_pile']}{tail}", width=width)


def fade_line(view: dict[str, Any], data: Any, width: int = 21) -> str:
    """The fade-out countdown and its card (R-I32-66), or "" when none runs."""
    fade = view.get("fade")
    if not fade:
        return ""
    left = fade["left"]
    full = name(data, fade["card"], 99)
    short = f"Fade {left}: "
    return fit(f"Fade out {left}: {full}", f"{short}{full}",
               f"{short}{name(data, fade['card'], width - len(short))}", width=width)


def card_tag(card: dict[str, Any]) -> str:
    """What a face-up card is, in a word: a monster's value, a familiar face's value and
    SHAD, an item's or event's kind."""
    if card.get("familiar"):
        return f"{card['value']} face"
    if card.get("kind") == "monster":
        return str(card["value"])
    if "value" in card:  # a terror (R-I32-80), the Night Clerk as a monster (R-I32-82)
        return f"{card['value']} {KINDS.get(card.get('kind', ''), card.get('kind', ''))}"
    return KINDS.get(card.get("kind", ""), card.get("kind", ""))


def card_text(card: dict[str, Any], width: int = 21) -> str:
    """``Deep One 4``, ``Bugsy Malone 7 face``, ``Fire Axe item`` in ``width`` columns."""
    tag = card_tag(card)
    if card.get("kind") == "terror" and len(card["name"]) + len(tag) + 1 > width:
        tag = f"{card['value']} (T)"  # a terror: only overkill eliminates it (R-I32-80)
    room = width - len(tag) - 1
    return f"{shorten(card['name'], room)} {tag}"


def stats_line(survivor: dict[str, Any]) -> str:
    """``M7 S4* B5 G6``: each active stat's target number, ``*`` under an insanity token."""
    return " ".join(f"{STATS.get(k, k[:1].upper())}{v}" + ("*" if k in survivor["insane"]
                                                           else "")
                    for k, v in survivor["stats"].items())


def throng_sum(cards: Sequence[dict[str, Any]]) -> int:
    return sum(int(c.get("value", 0)) for c in cards)


def pack(units: Iterable[str], width: int = 21, head: str = "", indent: str = " ") -> list[str]:
    """``units`` (each kept whole) joined by ", " in lines of ``width``: the first line
    starts with ``head`` (alone when the first unit does not fit after it), the others with
    ``indent``. Each unit must fit ``width`` after ``indent``."""
    lines: list[str] = []
    current, fresh = head, True  # fresh: no unit on this line yet
    for unit in units:
        joined = f"{current}{unit}" if fresh else f"{current}, {unit}"
        if fresh and len(joined) > width and current.strip():
            lines.append(current.rstrip())  # the head alone: the unit starts a line
            current, joined = indent, f"{indent}{unit}"
        if fresh or len(joined) <= width:
            current, fresh = joined, False
            continue
        lines.append(current)
        current = f"{indent}{unit}"
    if not fresh:
        lines.append(current)
    return lines
