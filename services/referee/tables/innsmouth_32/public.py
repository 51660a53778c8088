"""The public screen of Innsmouth 32: pages drawn from the public view only.

Every page has the status line as its title (reel, reel-pile count, Turning Point and final
turn marks; while a fade out runs, its countdown and card: ``RII p14 F2 Crowbar``, or as the
first line when the card's name does not fit the title). Pages:
``screen`` (the 3 slots: face down, empty, or the card with its monster value or kind; whose
input is awaited and the box's note), ``throngs`` (each owner's throngs, card values and
sums), ``survivors`` (by seat with its power spoints: each survivor's stats, insanity marked
``*``, rest, mythos, horror stars, sanctuary and items), ``sanctuaries`` (locks, mythos,
occupants, stored items), ``roll`` (the public events of the last action, every roll
explained) and at the end ``result`` (the outcome, then what was secret). A page too long for
the screen continues on ``<name> 2``, ``<name> 3``... Nothing here reads a seat's private
part; a face-down card has no name in the public view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from services.games.innsmouth_32.data import I32Data
from services.referee.box.render import Canvas, dense_page, fit, wrap
from services.referee.tables.innsmouth_32 import words as w

Page = tuple[str, Callable[[], Canvas]]
ROWS = 6  # lines under the title of a dense page
WIDTH = 21
RESULT_WORDS = {"players": "THE PLAYERS WIN", "director": "THE DIRECTOR WINS"}


def lines_of(text: str, width: int = WIDTH) -> list[str]:
    """``text`` wrapped at spaces; a word longer than a line is split (no line is cut)."""
    found: list[str] = []
    for line in wrap(text, width):
        while len(line) > width:
            found.append(line[:width])
            line = line[width:]
        found.append(line)
    return found


def paginate(blocks: Sequence[Sequence[str]], rows: int,
             keep: bool = False) -> list[list[str]]:
    """Lines in pages of ``rows``; a block never starts on a page's last row (its first
    two lines stay together), a longer one goes on over the next page; with ``keep`` a
    block that fits a page is never split."""
    pages: list[list[str]] = [[]]
    for block in blocks:
        least = len(block) if keep and len(block) <= rows else min(len(block), 2)
        if pages[-1] and rows - len(pages[-1]) < least:
            pages.append([])
        for line in block:
            if len(pages[-1]) == rows:
                pages.append([])
            pages[-1].append(line)
    return pages


def paged(name: str, view: dict[str, Any], data: I32Data,
          blocks: Sequence[Sequence[str]], keep: bool = False) -> list[Page]:
    """Pages named ``name``, ``name 2``...: the status title (and the fade line when the
    fade out does not fit the title), then the blocks."""
    status = w.status(view, data)
    fade = w.fade_line(view, data) if not w.fade_in_status(view, data) else ""
    head = [fade] if fade else []
    chunks = paginate(blocks, ROWS - len(head), keep)
    found: list[Page] = []
    for n, chunk in enumerate(chunks, start=1):
        title = status if len(chunks) == 1 else fit(f"{status} {n}/{len(chunks)}", status)
        lines = [*head, *chunk]
        found.append((name if n == 1 else f"{name} {n}",
                      lambda title=title, lines=lines: dense_page(title, lines)))
    return found


def who(view: dict[str, Any], seat: int) -> str:
    return "Director" if seat == view["director"] else f"Seat {seat + 1}"


def awaited(view: dict[str, Any]) -> str:
    """Whose input the box waits for, in a few words: ``Seat 2: acts``."""
    phase = view["phase"]
    word = w.PHASE_WORDS.get(phase, phase.replace("_", " "))
    step = view["step"]
    if "seat" in step:
        return fit(f"{who(view, step['seat'])}: {word}", f"S{step['seat'] + 1}: {word}")
    if phase in ("roll", "shuffle", "victim"):
        return f"box: {word}"
    return word


def slot_line(n: int, slot: dict[str, Any]) -> str:
    if slot["face_down"]:
        return f"{n} face down"
    if not slot["card"]:
        return f"{n} empty"
    return f"{n} {w.card_text(slot, WIDTH - 2)}"


def screen_lines(view: dict[str, Any], note: str) -> list[list[str]]:
    slots = [slot_line(n, s) for n, s in enumerate(view["screen"], start=1)]
    blocks = [slots, [awaited(view)]]
    if note:
        blocks.append(lines_of(note))
    return blocks


def throng_blocks(view: dict[str, Any]) -> list[list[str]]:
    blocks: list[list[str]] = []
    for seat, throngs in enumerate(view["throngs"]):
        if not any(throngs):
            continue
        owner = f"Director (Seat {seat + 1})" if seat == view["director"] else \
            f"Seat {seat + 1} monsters"
        blocks.append([owner])
        for i, cards in enumerate(throngs, start=1):
            if cards:
                head = f"T{i}={w.throng_sum(cards)} "
                blocks.append(w.pack([w.card_text(c, WIDTH - 2) for c in cards], WIDTH,
                                     head, "  "))
    return blocks or [["no throng yet"]]


def survivor_block(data: I32Data, me: dict[str, Any]) -> list[str]:
    """``S2 Lefty Rourke`` / ``M6 S7* B5 G5 rest 3`` / ``mythos 4, 1 star, in Lighthouse,``
    / `` Tommy Gun, Harpoon`` (its items last)."""
    stats = w.stats_line(me)
    tag = f"S{me['owner'] + 1} "
    lines = [tag + w.shorten(me["name"], WIDTH - len(tag)),
             fit(f"{stats} rest {me['rest']}", f"{stats} r{me['rest']}", stats)]
    about = [f"mythos {me['mythos']}"]
    if me["stars"]:
        about.append(f"{me['stars']} star" + ("s" if me["stars"] > 1 else ""))
    if me["where"]:
        about.append(f"in {w.name(data, me['where'], WIDTH - 4)}")
    for item in me["items"]:
        store = f" ({me['stores'][item]})" if item in me["stores"] else ""
        about.append(w.name(data, item, WIDTH - 1 - len(store)) + store)
    return lines + w.pack(about, WIDTH, "", " ")


def survivor_blocks(view: dict[str, Any], data: I32Data) -> list[list[str]]:
    """Power spoints of every character seat, then each survivor in play by seat."""
    seats = [s for s in range(view["players"]) if s != view["director"]]
    power = [f"S{s + 1} {view['power'][s]}" for s in seats]
    blocks: list[list[str]] = [w.pack(power, WIDTH, "power: ", "  ")]
    for seat in seats:
        blocks += [survivor_block(data, view["survivors"][s]) for s in view["pools"][seat]
                   if s in view["survivors"]]
    if any(me["insane"] for me in view["survivors"].values()):
        blocks.append(["* insane: target 4"])
    return blocks


def sanctuary_blocks(view: dict[str, Any], data: I32Data) -> list[list[str]]:
    blocks: list[list[str]] = []
    for s in view["sanctuaries"]:
        lines = [w.name(data, s["card"], WIDTH), f"locks {s['locks']} mythos {s['mythos']}"]
        lines += w.pack([w.name(data, o, WIDTH - 4) for o in s["occupants"]], WIDTH, "in: ",
                        "  ") or ["in: nobody"]
        lines += w.pack([w.name(data, i, WIDTH - 8) for i in s["items"]], WIDTH, "stored: ",
                        "  ")
        blocks.append(lines)
    for card in view.get("event_cards", []):  # Lost in the Marsh/Snatched holding victims
        held = [w.shorten(me["name"], WIDTH - 2) for me in view["survivors"].values()
                if me["where"] == card]
        blocks.append([f"{w.name(data, card, WIDTH - 8)} (event)",
                       *(w.pack(held, WIDTH, "holds: ", "  ") or ["holds: nobody"])])
    return blocks or [["no sanctuary yet"]]


def roll_blocks(told: Sequence[str]) -> list[list[str]]:
    return [lines_of(text) for text in told if text]


def result_blocks(view: dict[str, Any], data: I32Data) -> list[list[str]]:
    outcome = view["outcome"] or {}
    head = RESULT_WORDS.get(outcome.get("result", ""), "GAME ENDED")
    blocks = [[head], lines_of(str(outcome.get("reason", "")))]
    secrets = view.get("secrets") or {}
    for key, label in (("reel_pile", "Reel pile"), ("survivor_pile", "Survivor pile"),
                       ("familiar", "Familiar faces")):
        cards = secrets.get(key, [])
        if cards:
            blocks.append(w.pack([w.name(data, c, WIDTH - 2) for c in cards], WIDTH,
                                 f"{label}: ", "  "))
    for key, label in (("terrors", "Terrors"), ("secret_cultist", "Secret cultist")):
        found = view.get(key) or []
        cards = [found] if isinstance(found, str) else list(found)
        if cards:
            blocks.append(w.pack([w.name(data, c, WIDTH - 2) for c in cards], WIDTH,
                                 f"{label}: ", "  "))
    if "discards" in secrets:
        blocks.append([f"Discards: {len(secrets['discards'])} cards"])
    return blocks


def pages(view: dict[str, Any], note: str, data: I32Data, told: Sequence[str]) -> list[Page]:
    """Every public page now: screen, throngs, survivors, sanctuaries, then ``roll`` when
    the last action told something and ``result`` at the end."""
    found = [*paged("screen", view, data, screen_lines(view, note), keep=True),
             *paged("throngs", view, data, throng_blocks(view)),
             *paged("survivors", view, data, survivor_blocks(view, data)),
             *paged("sanctuaries", view, data, sanctuary_blocks(view, data))]
    if any(told):
        found += paged("roll", view, data, roll_blocks(told), keep=True)
    if view["outcome"] is not None:
        found += paged("result", view, data, result_blocks(view, data))
    return found
