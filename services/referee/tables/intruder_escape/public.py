"""The public screen of Intruder Escape: pages drawn from the public view only.

During play: ``rows`` (every seat's row this round: nullified cards struck through and in
lower case, a Double Scratch that doubled a card as ``x2``, the running damage), ``table``
(turn order with the active seat marked ``>``, lives ``L3``, damage ``d2``, cards in hand
``h3``, escape items as letters ``KCGL``), ``camera`` (the hand Security Camera showed) and
``deck`` (center deck, a card turned face up, the discard pile). After a round: ``damage``
and ``result``, the assessment step by step. Any seat's next/prev (outside its menus) turns
the page; after every move the screen goes back to the page that shows what changed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from services.referee.box.render import Canvas, dense, dense_page, line_y, pitch, wrap
from services.referee.tables.intruder_escape import cards as c
from services.referee.tables.intruder_escape.cards import short

Page = tuple[str, Callable[[], Canvas]]
IDENTITY = {"innocent": "Innocent", "intruder": "INTRUDER"}
TEAM = {"innocent": "INNOCENTS", "intruder": "INTRUDERS"}
TOTAL_X = 109  # where a row's "=3" starts


def pages(view: dict[str, Any], labels: list[str], note: str) -> list[Page]:
    phase = view["phase"]
    seats = view["seats"]

    def s(seat: int) -> str:
        return short(labels, seat)

    if view["outcome"] is not None:
        found = over_pages(view, labels)
        return found + assessment_pages(view, labels, current=True)
    if phase == "characters":
        return [("characters", lambda: characters_page(view, labels, note))]
    if phase == "ready":
        lines = [f"{s(x['seat'])} {'seen' if x['ready'] else 'looking...'}" for x in seats]
        return [("ready", lambda: _with_note("Identities: PEEK, OK", lines, note))]
    if phase == "keep":
        lines = [f"{s(x['seat'])} " + ("dead" if not x["alive"] else
                                      "choosing..." if x["choosing"] else "done")
                 for x in seats]
        keep = ("keep", lambda: _with_note(f"R{view['round']}: keep 3 cards", lines, note))
        table = ("table", lambda: table_page(view, labels, ""))
        return [*assessment_pages(view, labels, current=False), keep, table]
    found = [("rows", lambda: rows_page(view, labels, note)),
             ("table", lambda: table_page(view, labels, note))]
    if play_over(view):  # the round's assessment, then a death's reveal
        return [*assessment_pages(view, labels, current=True), *found]
    if view["camera"]:
        found.append(("camera", lambda: camera_page(view, labels)))
    found.append(("deck", lambda: deck_page(view)))
    return found


def play_over(view: dict[str, Any]) -> bool:
    record = view["assessment"]
    return bool(record) and record["round"] == view["round"]


def _with_note(title: str, lines: list[str], note: str) -> Canvas:
    """The note on the last line, when there is room for it."""
    if note and len(lines) < 6:
        lines = [*lines, *[""] * (4 - len(lines)), note]
    return dense_page(title, lines)


def title(view: dict[str, Any], labels: list[str]) -> str:
    actor = view["active"] if view["active"] is not None else (view["waiting"] or [None])[0]
    lap = min(view["lap"] + 1, 3)
    head = f"R{view['round']} lap{lap}"
    if actor is None:
        return head
    verb = {"follow": "takes", "reveal": "dead"}.get(view["phase"], "plays")
    return f"{head} {short(labels, actor)} {verb}"


def rows_page(view: dict[str, Any], labels: list[str], note: str) -> Canvas:
    canvas = Canvas()
    seats = view["seats"]
    last = max(5, len(seats) + 1) if note and len(seats) < 6 else len(seats)
    step = pitch(last)
    dense(canvas, 0, title(view, labels), step)
    for i, seat in enumerate(view["order"]):
        info = seats[seat]
        y = line_y(i + 1, step)
        marker = ">" if seat == view["active"] else " "
        x = canvas.text(1, y, f"{marker}{short(labels, seat)}")
        if not info["alive"]:
            canvas.text(x + 6, y, "dead")
        elif info["immune"]:
            canvas.text(x + 6, y, "at home")
        else:
            c.row_text(canvas, x + 6, y, info["row"], (TOTAL_X - x - 6) // 6)
            canvas.text(TOTAL_X, y, f"={info['damage']}")
    if last > len(seats):
        dense(canvas, last, note, step)
    return canvas


def seat_line(view: dict[str, Any], labels: list[str], seat: int) -> str:
    info = view["seats"][seat]
    marker = ">" if seat == view["active"] else " "
    head = f"{marker}{short(labels, seat)}"
    if not info["alive"]:
        shown = IDENTITY.get(info["identity"] or "", "")
        return f"{head} dead {shown}".rstrip()
    items = "".join(c.ITEM_LETTERS.get(c.kind(x), "?") for x in info["items"])
    parts = [head, f"L{info['lives_left']}"]
    parts.append("home" if info["immune"] else f"d{info['damage']}")
    parts += [f"h{info['hand_size']}", items]
    if info["skip_next"]:
        parts.append("-turn")
    line = " ".join(p for p in parts if p)
    return line if len(line) <= 21 else line.replace("-turn", "-T")


def table_page(view: dict[str, Any], labels: list[str], note: str) -> Canvas:
    lines = [seat_line(view, labels, seat) for seat in view["order"]]
    return _with_note(title(view, labels), lines, note)


def camera_page(view: dict[str, Any], labels: list[str]) -> Canvas:
    shown = view["camera"]
    cards = c.grouped_names(shown["cards"]) or ["(no cards)"]
    return dense_page(f"Camera: {short(labels, shown['seat'])}'s hand", cards)


def deck_page(view: dict[str, Any]) -> Canvas:
    lines = [f"center deck: {view['center_count']}"]
    if view["top_card"]:
        lines.append(f"top: {c.name(view['top_card'])}")
    discard = view["discard"]
    lines.append(f"discard pile: {discard['count']}")
    counts = discard.get("cards") or {}
    lines += wrap(" ".join(f"{c.CODES.get(k, k)}{n}" for k, n in counts.items()))
    return dense_page("Cards", lines)


def characters_page(view: dict[str, Any], labels: list[str], note: str) -> Canvas:
    waiting = view["waiting"]
    lines = []
    for info in view["seats"]:
        seat = info["seat"]
        if info["character"]:
            chosen = c.character_name(info["character"])
        else:
            chosen = "choosing..." if seat in waiting else "-"
        marker = ">" if seat in waiting else " "
        lines.append(f"{marker}{short(labels, seat)} {chosen}")
    return _with_note("Characters", lines, note)


def assessment_pages(view: dict[str, Any], labels: list[str], *, current: bool) -> list[Page]:
    """The last round's assessment: each row's total, then Med Kits, dice and the life lost."""
    record = view["assessment"]
    if not record or (current and record["round"] != view["round"]) or (
            not current and record["round"] != view["round"] - 1):
        return []
    return [("damage", lambda: damage_page(view, labels, record)),
            ("result", lambda: result_page(view, labels, record))]


def damage_page(view: dict[str, Any], labels: list[str], record: dict[str, Any]) -> Canvas:
    canvas = Canvas()
    loser = record["loser"]
    head = f": {short(labels, loser)} -1 life" if loser is not None else " damage"
    rows = record["rows"]
    step = pitch(len(rows))
    dense(canvas, 0, f"Round {record['round']}{head}", step)
    top = max((r["damage"] for r in rows.values()), default=0)
    line = 1
    for seat in view["order"]:
        row = rows.get(str(seat))
        if row is None or line > 6:
            continue
        y = line_y(line, step)
        marker = "*" if top and row["damage"] == top else " "
        x = canvas.text(1, y, f"{marker}{short(labels, seat)}")
        c.row_text(canvas, x + 6, y, row["steps"], (TOTAL_X - x - 6) // 6)
        canvas.text(TOTAL_X, y, f"={row['damage']}")
        line += 1
    return canvas


def result_page(view: dict[str, Any], labels: list[str], record: dict[str, Any]) -> Canvas:
    def s(seat: int) -> str:
        return short(labels, seat)

    lines = [f"{s(r['seat'])} +1 life: Med Kit" for r in record["restored"]]
    cause, loser = record["cause"], record["loser"]
    if cause == "most damage" and loser is not None:
        lines.append(f"most damage: {s(loser)}")
    elif cause == "tie":
        lines.append("tie: " + " ".join(s(x) for x in record.get("tied", [])))
    elif cause == "no damage":
        lines.append("nobody was damaged")
    if record.get("rolls"):
        lines.append(die_line(record["rolls"], labels))
    if loser is not None:
        info = view["seats"][loser]
        lines.append(f"{s(loser)} loses a life")
        lines.append(f"{s(loser)} is dead" if not info["alive"]
                     else f"{s(loser)}: {info['lives_left']} lives left")
    elif cause in ("tie", "no damage"):
        lines.append("the die decides...")
    return dense_page(f"Round {record['round']}: result", lines)


def die_line(rolls: Sequence[dict[str, Any]], labels: list[str], room: int = 21) -> str:
    """"die 5 2 6: S3" (the faces rolled, the last one chose S3); the first faces give way
    to ".." when the line would not fit in ``room`` columns."""
    last = rolls[-1] if rolls else None
    chosen = f": {short(labels, last['seat'])}" if last and last["accepted"] else ""
    faces = [str(r["face"]) for r in rolls]
    dropped = False
    while len(faces) > 1 and len(f"die {'..' if dropped else ''}{' '.join(faces)}{chosen}") > room:
        faces, dropped = faces[1:], True
    return f"die {'..' if dropped else ''}{' '.join(faces)}{chosen}"


def over_pages(view: dict[str, Any], labels: list[str]) -> list[Page]:
    """Who won and every identity, with why the game ended below them when it fits, else on
    a page of its own ("why")."""
    room = (5 if len(view["seats"]) < 4 else 6) - len(view["seats"])
    reason = wrap(short_reason(view, labels))
    if len(reason) <= room:
        return [("result", lambda: over_page(view, labels, reason))]
    return [("result", lambda: over_page(view, labels, [])),
            ("why", lambda: dense_page("Why the game ended", reason))]


def over_page(view: dict[str, Any], labels: list[str], reason: list[str]) -> Canvas:
    outcome = view["outcome"]
    winners = outcome["winners"]
    team = next((view["seats"][w]["identity"] for w in winners), None)
    head = f"{TEAM[team]} WIN" if team in TEAM else "GAME ENDED"
    lines = []
    for info in view["seats"]:
        seat = info["seat"]
        mark = "*" if seat in winners else " "
        state = f"L{info['lives_left']}" if info["alive"] else "dead"
        lines.append(f"{mark}{short(labels, seat)} {IDENTITY.get(info['identity'] or '', '?')} "
                     f"{state}")
    if reason:
        room = (5 if len(lines) < 4 else 6) - len(lines)
        lines += [*[""] * (room - len(reason)), *reason]
    return dense_page(head, lines)


def short_reason(view: dict[str, Any], labels: list[str]) -> str:
    """Why the game ended, in words that fit under the identities."""
    outcome = view["outcome"]
    holder = next((x["seat"] for x in view["seats"] if len(x["items"]) == 4), None)
    if outcome["rule"] in ("R-IX-36", "R-IX-37") and holder is not None:
        also = " and every Innocent lost 2 lives" if outcome["rule"] == "R-IX-37" else ""
        return f"{short(labels, holder)} holds all 4 items{also}"
    return str(outcome["reason"]).split(": ", 1)[-1]
