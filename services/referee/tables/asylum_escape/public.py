"""The public screen of Asylum Escape: pages drawn from the public view only.

``map`` (the grid as it stands, each room a cell: ``P1`` the first Patient released, ``P12``
two Patients, ``.`` an empty room — a Victim's room never shows), ``patients`` (each
Patient's room and Catching Stat), ``victims`` (cards, alive, hand sizes, held cards), during
set-up the ``layout`` pages (the grid to lay out, column by column), during a catch ``catch``
(who was caught where, the Patient's Catching Stat, the roll), after rooms fell the
``collapse`` pages (the grid before each room fell, that room marked), and at the end the
result and every Victim's whole route on the layout as first laid out. Nothing here reads a
seat's private part.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from services.games.asylum_escape import views
from services.referee.box.render import Canvas, dense, dense_page, fit, wrap
from services.referee.tables.asylum_escape import words as w
from services.referee.tables.asylum_escape.mapview import PANEL_X, TOP, draw_grid

Page = tuple[str, Callable[[], Canvas]]
CELL = 25  # px of a room on the public map (4 characters)
Collapse = tuple[list[list[str]], str, str]  # the grid before, the room that fell, words


def title(view: dict[str, Any]) -> str:
    word = w.PHASE_WORDS.get(view["phase"], view["phase"])
    return f"Turn {view['turn']}: {word}" if view["turn"] else f"Asylum: {word}"


def cell_text(view: dict[str, Any], room: str, tags: dict[str, list[str]]) -> str:
    found = tags.get(room, [])
    if not found:
        return "."
    return fit("P" + "".join(t[1:] for t in found), "P*", width=4)


def map_canvas(view: dict[str, Any], head: str, columns: list[list[str]],
               fell: str = "", cursor: str = "") -> Canvas:
    """The grid on the whole width: a 4-character cell per room; ``fell`` (a room falling)
    drawn inverted as XX, ``cursor`` (where the Patients player points) inverted."""
    canvas = Canvas()
    dense(canvas, 0, head)
    tags = w.room_patients(view)
    for c, column in enumerate(columns):
        for h, room in enumerate(column):
            x, y = c * CELL + 1, 8 + (4 - h) * 9
            text = cell_text(view, room, tags)
            if room in (fell, cursor):
                canvas.box(x - 1, y + 1, x + CELL - 3, y + 9, fill=True)
                canvas.knockout(x + 1, y, "XX" if room == fell else text)
            else:
                canvas.text(x + 1, y, text)
    return canvas


def map_page(view: dict[str, Any], note: str, cursor: str = "") -> Canvas:
    canvas = map_canvas(view, title(view), view["columns"], cursor=cursor)
    if note:
        dense(canvas, 6, note)
    return canvas


def patients_pages(view: dict[str, Any], data: Any) -> list[Page]:
    lines: list[str] = []
    for n, patient in enumerate(view["patients"], start=1):
        room = w.name(data, patient["room"], 17) if patient["room"] else "off the grid"
        lines += [f"P{n} {fit(patient['name'], w.strip(patient['name']), width=17)}",
                  f"  in {room}", f"  kills on {w.stat(patient['catching_stat'])}"]
    if not lines:
        lines = ["no Patient yet"]
    return _chunked("patients", "Patients", lines, 6)


def victims_pages(view: dict[str, Any], labels: list[str]) -> list[Page]:
    lines: list[str] = []
    for victim in view["victims"]:
        who = w.short(labels, victim["seat"])
        card = w.strip(victim["name"]) if victim["name"] else "(dealing)"
        state = "alive" if victim["alive"] else "DEAD"
        cards = f"hand {victim['hand_size']}" + (", 1 held" if victim["held"] else "")
        lines += [f"{who}: {state}", f"  {fit(card, card.split()[-1], width=19)}",
                  f"  {cards}"]
    window = view["final_window"]
    if window:
        lines.append(f"last turns {window[0]}-{window[1]}")
    return _chunked("victims", "Victims", lines, 6)


def _chunked(name: str, head: str, lines: list[str], size: int) -> list[Page]:
    chunks = [lines[i:i + size] for i in range(0, len(lines), size)] or [[]]
    pages: list[Page] = []
    for n, chunk in enumerate(chunks, start=1):
        label = head if len(chunks) == 1 else f"{head} {n}/{len(chunks)}"
        pages.append((name if n == 1 else f"{name} {n}",
                      lambda label=label, chunk=chunk: dense_page(label, chunk)))
    return pages


def layout_pages(view: dict[str, Any], data: Any) -> list[Page]:
    """Set-up: the grid to lay out, one column a page, top room first."""
    pages: list[Page] = []
    for c, column in enumerate(view["columns"]):
        lines = [f"{h + 1} {w.name(data, room, 18)}" for h, room in reversed(
            list(enumerate(column)))]
        side = {0: " (left)", len(view["columns"]) - 1: " (right)"}.get(c, "")
        head = f"Column {c + 1}{side}"
        pages.append((f"layout {c + 1}", lambda head=head, lines=lines: dense_page(
            head, [*lines, "1 = the bottom row"])))
    return pages


def laying_page(view: dict[str, Any], data: Any) -> Canvas:
    laid = view["step"].get("rooms", [])
    n = len(laid)
    lines = [f"{n} of 25 entered", f"next: column {n // 5 + 1},",
             f"  room {n % 5 + 1} from bottom"]
    if laid:
        lines.append(f"last: {w.name(data, laid[-1], 15)}")
    return dense_page("Lay out the grid", [*lines, "", "tap each card's tag"])


def catch_page(view: dict[str, Any], labels: list[str], data: Any, seat: int,
               patient: str, note: str) -> Canvas:
    victim = next(v for v in view["victims"] if v["seat"] == seat)
    info = next((p for p in view["patients"] if p["card"] == patient), None)
    room = victim["revealed"] or victim.get("room", "")
    lines = [f"{w.short(labels, seat)} caught", f"in {w.name(data, room, 18)}"]
    if info is not None:
        lines.append(f"{w.patient_tag(view, patient)} kills on {w.stat(info['catching_stat'])}")
    if view["phase"] in ("window", "kill_roll"):
        lines.append("the die decides...")
    else:
        lines.append(note or "")
        lines.append("killed" if not victim["alive"] else "survives: flees")
    return dense_page("Caught!", lines)


def collapse_pages(view: dict[str, Any], falls: list[Collapse]) -> list[Page]:
    pages: list[Page] = []
    for n, (columns, room, words) in enumerate(falls, start=1):
        head = fit(f"Collapse {n}/{len(falls)}", "Collapse")

        def draw(columns: list[list[str]] = columns, room: str = room, words: str = words,
                 head: str = head) -> Canvas:
            canvas = map_canvas(view, head, columns, fell=room)
            dense(canvas, 6, words)
            return canvas

        pages.append(("collapse" if n == 1 else f"collapse {n}", draw))
    return pages


def result_page(view: dict[str, Any]) -> Canvas:
    outcome = view["outcome"] or {}
    side = ""
    if outcome.get("result") == "win":
        side = "THE PATIENTS WIN" if view["patients_seat"] in outcome.get("winners", []) \
            else "THE VICTIMS WIN"
    reason = str(outcome.get("reason", "")).split(": ", 1)[-1]
    return dense_page(side or "GAME ENDED", [*wrap(reason)[:5], "NEXT: every route"])


def route_page(view: dict[str, Any], labels: list[str], victim: dict[str, Any]) -> Canvas:
    """A Victim's whole route on the layout as first laid out (shown at the end)."""
    canvas = Canvas()
    fate = "alive" if victim["alive"] else "dead"
    canvas.line(0, f"{w.short(labels, victim['seat'])} route, {fate}", invert=True)
    marks = views.route_marks(victim)
    gone = {r: "#" for r in view["destroyed"] if r not in marks}
    draw_grid(canvas, view["layout"], {**gone, **marks}, home=victim.get("room", ""))
    for i, text in enumerate(["S start", "1-9 move", "X died", "# gone",
                              _moves(len(victim["route"]) - 1)]):
        canvas.text(PANEL_X, TOP - 1 + i * 9, text)
    return canvas


def _moves(count: int) -> str:
    return "1 move" if count == 1 else f"{count} moves"


def pages(view: dict[str, Any], labels: list[str], note: str, data: Any,
          extra: list[Page], cursor: str = "") -> list[Page]:
    """Every public page now; ``cursor``: the room under the Patients player's cursor while
    he moves a Patient (public: the Patients move in the open)."""
    found: list[Page] = [("map", lambda: map_page(view, note, cursor))]
    if view["phase"] == "lay_out":
        found.insert(0, ("laying", lambda: laying_page(view, data)))
    elif not view["turn"] and view["columns"]:
        found += layout_pages(view, data)
    found += [*patients_pages(view, data), *victims_pages(view, labels), *extra]
    if view["outcome"] is not None:
        routes: list[Page] = [(f"route {v['seat'] + 1}",
                               lambda v=v: route_page(view, labels, v))
                              for v in view["victims"] if view["layout"]]
        found[:0] = [("result", lambda: result_page(view)), *routes]
    return found
