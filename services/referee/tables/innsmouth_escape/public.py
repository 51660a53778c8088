"""The public screen of Innsmouth Escape: pages drawn from the public view only.

``map`` (every cell as up to 3 characters: pawns ``b2`` for one colour or ``5*`` for several,
``S`` a Shoggoth, a token letter ``c`` ``e`` ``n`` on a cell still holding one; the Human's
last known cell in inverse), ``human`` (wounds, VP, weapon, cards, movement values left, the
plot's public part: how many cards lie face down and the Rest cards), ``pawns`` (each Deep
One player: colour, pool, Shoggoth, cells) and, after a combat, ``combat`` and ``attacks``: the
Human's dice and hits and the Deep Ones killed, then each colour's dice and wounds, the
Shoggoths, the casualties and the wounds in all, read from the engine's combat record (so they
are the same after a restart). Nothing here reads the Human's private part.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from services.referee.box.render import Canvas, dense, dense_page, fit, wrap
from services.referee.tables.innsmouth_escape import words as w
from services.referee.tables.innsmouth_escape.mapview import PANEL_X, TOP, draw_map

Page = tuple[str, Callable[[], Canvas]]
TOKEN_LETTERS = {"captive": "c", "equipment": "e", "encounter": "n"}
STEP_WORDS = {"place_pawns": "setup", "place_human": "setup", "plot": "plot",
              "spawn_here": "spawn", "window": "cards", "combat": "combat", "kill": "combat",
              "attack": "combat", "do_attack": "combat", "do_move": "move",
              "do_summon": "summon", "do_spawn": "spawn", "adjust": "effect",
              "reshuffle": "draw", "over": "over", "human": "setup", "shuffle": "setup",
              "identify": "search"}


def title(view: dict[str, Any]) -> str:
    threshold = view["wounds_to_kill"] or 0
    return (f"R{view['round']} {STEP_WORDS.get(view['phase'], view['phase'])} "
            f"W{view['wounds']}/{threshold} V{view['vp']}")


def cell_text(info: dict[str, Any]) -> str:
    pawns = {c: n for c, n in info["pawns"].items() if n}
    text = ""
    if len(pawns) == 1:
        colour, n = next(iter(pawns.items()))
        text = f"{w.letter(colour)}{n}"
    elif pawns:
        text = f"{min(sum(pawns.values()), 9)}*"
    if info["shoggoths"]:
        text += "S"
    if not text and info["tokens"]:
        text = "".join(TOKEN_LETTERS[d] for d in info["tokens"])
    return text[:3] or "."


def map_page(view: dict[str, Any]) -> Canvas:
    canvas = Canvas()
    dense(canvas, 0, title(view))
    human = view["human_cell"]
    for index, info in enumerate(view["board"]):
        column, row = index % 6, index // 6
        x, y = column * 21 + 2, 9 + row * 9
        text = cell_text(info)
        if info["cell"] == human:
            canvas.box(x - 1, y, x + 19, y + 8, fill=True)
            canvas.knockout(x + 1, y - 1, text)
        else:
            canvas.text(x + 1, y - 1, text)
    return canvas


def human_lines(view: dict[str, Any], labels: list[str]) -> list[str]:
    human = view["human"]
    lines = [f"Human {w.short(labels, human)}: {view['human_cell'] or '-'} "
             f"W{view['wounds']}/{view['wounds_to_kill']}"]
    weapon = view["weapon"]
    lines.append(f"weapon: {w.name(weapon)}" if weapon else "weapon: club 1d 5+")
    lines.append(f"VP {view['vp']} front {len(view['tableau'])} hand {view['hand_size']}")
    left = view["movement"]["remaining_values"]
    if left is not None:
        lines.append("unplayed " + " ".join(map(str, left)))
    plot = view["plot"]
    reveal = view["last_reveal"]
    if plot is not None:
        rests = len(plot["rests"])
        lines.append(f"plot: {plot['face_down']} down" + (f" +{rests} Rest" if rests else ""))
    elif reveal:
        lines.append("moved " + w.corners(reveal["path"]))
    return lines


def human_page(view: dict[str, Any], labels: list[str], note: str) -> Canvas:
    lines = human_lines(view, labels)
    if note:
        lines = [*lines, *[""] * (5 - len(lines)), note]
    return dense_page(title(view), lines)


def pawns_pages(view: dict[str, Any], labels: list[str]) -> list[Page]:
    """One page per Deep One player: pool, Shoggoth, cards in hand, then every cell with his
    pawns ("D3:2" two pawns on D3)."""
    return [("pawns", _pawns_page(view, labels, seat, colour))
            for seat, colour in enumerate(view["colours"]) if colour]


def _pawns_page(view: dict[str, Any], labels: list[str], seat: int,
                colour: str) -> Callable[[], Canvas]:
    def draw() -> Canvas:
        cells = [(i["cell"], i["pawns"][colour]) for i in view["board"]
                 if i["pawns"].get(colour)]
        at = view["shoggoths"].get(colour) or "-"
        cards = view["deep_one_hand_sizes"].get(colour, 0)
        lines = [f"pool {view['pools'][colour]} hand {cards} S:{at}",
                 *wrap(" ".join(f"{c}{'' if n == 1 else ':' + str(n)}" for c, n in cells)
                       or "no pawn on the board")]
        return dense_page(f"{w.short(labels, seat)} Deep Ones {colour}", lines)
    return draw


def combat_pages(view: dict[str, Any]) -> list[Page]:
    """The combat of this round on the Human's cell, from the engine's record (``combat`` in
    the view), once the Human has rolled: the same after a restart as before it."""
    combat = view["combat"]
    if not combat or not combat["faces"] or combat.get("round") != view["round"] or \
            combat.get("cell") != view["human_cell"]:
        return []
    return [("combat", lambda: attack_page(view)), ("attacks", lambda: defence_page(view))]


def attack_page(view: dict[str, Any]) -> Canvas:
    combat = view["combat"]
    faces = combat["faces"]
    hit_on = combat["hit_on"]
    hits = sum(1 for f in faces if f >= hit_on)
    lines = [f"Human {len(faces)}d hit {hit_on}+:", "  " + " ".join(map(str, faces)),
             f"{hits} hit" + ("s" if hits != 1 else "")]
    if view["phase"] == "kill":
        lines.append("the Human chooses...")
    else:
        killed = combat["killed"]
        lines.append(fit(f"killed: {w.colours_line(killed)}", f"killed: {w.letters_line(killed)}")
                     if killed else "killed: none")
    return dense_page(f"Combat on {combat['cell']}", lines)


def defence_page(view: dict[str, Any]) -> Canvas:
    combat = view["combat"]
    lines = [f"{e['colour']}: {' '.join(map(str, e['faces']))} ={e['wounds']}W"
             for e in combat["log"]]
    if not combat.get("over"):
        lines.append("the Deep Ones roll...")
    else:
        if combat["shoggoths"]:
            lines.append(f"Shoggoth {''.join(w.letter(c) for c in combat['shoggoths'])}: "
                         f"{combat['shoggoth_wounds']}W")
        dead = [c for c, n in combat["casualties"] for _ in range(n)]
        lines.append(fit(f"dead: {w.colours_line(dead)}", f"dead: {w.letters_line(dead)}")
                     if dead else "dead: none")
    return dense_page(f"Attack {combat['cell']}: W{view['wounds']}/{view['wounds_to_kill']}",
                      lines)


def over_page(view: dict[str, Any], labels: list[str]) -> Canvas:
    outcome = view["outcome"] or {}
    head = {"ESCAPED": "THE HUMAN ESCAPES", "KILLED": "THE DEEP ONES WIN"}.get(
        _head(view), "GAME ENDED")
    lines = [f"Human {w.short(labels, view['human'])} on {view['human_cell']}",
             f"wounds {view['wounds']}/{view['wounds_to_kill']}, VP {view['vp']}"]
    lines += wrap(str(outcome.get("reason", "")).split(": ", 1)[-1])
    return dense_page(head, lines)


def _head(view: dict[str, Any]) -> str:
    outcome = view["outcome"] or {}
    if outcome.get("result") != "win":
        return "ENDED"
    return "ESCAPED" if view["human"] in outcome.get("winners", []) else "KILLED"


def route_marks(view: dict[str, Any]) -> dict[str, str]:
    """The Human's whole route for the map: S the start, the round of each move (last digit;
    the last visit wins), * the last plot nobody saw revealed."""
    route = view["route"]
    marks: dict[str, str] = {}
    for n, path in enumerate(route):
        unrevealed = view["plot"] is not None and n == len(route) - 1 and n > 0
        for cell in path if n == 0 else path[1:]:
            marks[cell] = "S" if n == 0 else "*" if unrevealed else str(n % 10)
    return marks


def route_page(view: dict[str, Any]) -> Canvas:
    """At the end: the Human's hidden route on the map (R-IE-22, shown whole at last)."""
    canvas = Canvas()
    canvas.line(0, f"{_head(view)}: route", invert=True)
    draw_map(canvas, route_marks(view), home=view["human_cell"])
    for i, text in enumerate(["S start", "1-9 round", "* unseen",
                              f"VP {view['vp']}", f"wounds {view['wounds']}"]):
        canvas.text(PANEL_X, TOP - 1 + i * 9, text)
    return canvas


def pages(view: dict[str, Any], labels: list[str], note: str) -> list[Page]:
    found: list[Page] = [("map", lambda: map_page(view)),
                         ("human", lambda: human_page(view, labels, note)),
                         *pawns_pages(view, labels)]
    found += combat_pages(view)
    if view["outcome"] is not None:
        found[:0] = [("route", lambda: route_page(view)),
                     ("result", lambda: over_page(view, labels))]
    return found
