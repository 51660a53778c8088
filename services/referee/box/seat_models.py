"""A phone seat's model: what its page shows, built on the daemon thread after a render.

A model is built only from what that seat's own screen could show: the picture the table
drew for the seat (its OLED now, as text), what a held peek would show on it (the flow's
``seat(index, state, shown=True)``: the seat's own secrets, sent only to that seat's phone),
the seat's open menu (the table menu, the game's menu, or the lobby's, which any seat
drives), the refusal or notice the seat has to read, and the public screen. Nothing is read
from another seat's screen or from the game state itself.

Text only and whole (a phone has room for a line longer than the OLED's 21 columns)::

    {"seat", "label", "mode", "screen": {"title", "lines"}, "peek": {...} | None,
     "menu": {"title", "lines", "cursor", "items": [{"label", "why"}]} | None,
     "notice", "can": [...], "public": {"title", "lines"},
     "map": {...} | None, "peek_map": {...} | None}

``map`` is the board as the seat's view shows it (games with a board, see ``maps``);
``peek_map`` the same map with the seat's own secrets on it (the Human's plotted route, a
Victim's room), shown only while the peek is held, like ``peek``.
"""

from __future__ import annotations

from typing import Any

from services.referee.box.menu import Menu
from services.referee.box.render import Canvas, plain
from services.referee.box.table import Seat, Table
from services.referee.companion.hub import Model
from services.referee.companion.maps import Map, has_map, map_of

ALL_INPUTS = ["ok", "next", "prev", "back", "peek", "table"]  # "table": hold next


def text_of(canvas: Canvas | None) -> dict[str, Any]:
    """A screen as text: its first string (the title bar) and the rest, in drawing order."""
    texts = list(canvas.texts) if canvas is not None else []
    return {"title": texts[0] if texts else "", "lines": texts[1:]}


def menu_of(menu: Menu | None) -> dict[str, Any] | None:
    if menu is None:
        return None
    return {"title": menu.title, "lines": list(menu.lines), "cursor": menu.cursor,
            "items": [{"label": item.label, "why": plain(item.why)} for item in menu.items]}


def open_menu(table: Table, seat: str) -> Menu | None:
    """The menu ``seat``'s ok would choose from now: the lobby's (before the join step: any
    seat drives it), the seat's table menu, or the game's open menu for the seat."""
    if table.mode == "lobby":
        if seat in table.system:  # the lobby's table menu (a phone seat to free)
            return table.system[seat]
        return table.lobby.menu if table.lobby.step != "join" else None
    if table.mode != "game" or seat not in table.players:
        return None
    if seat in table.system:
        return table.system[seat]
    if table.entry is not None or table.flow is None:
        return None  # the players' dice entry: next/prev/ok on the public screen
    stacks: dict[int, list[Menu]] = getattr(table.flow, "stacks", {})
    stack = stacks.get(table.players.index(seat))
    return stack[-1] if stack else None


def notice(table: Table, seat: str) -> str:
    """What the seat has to read before anything else: a table-menu message, the game's
    refusal of its move, an unavailable item's reason, or why the lobby cannot start."""
    if seat in table.notes:
        return plain(table.notes[seat])
    if table.mode in ("game", "over") and seat in table.players and table.flow is not None:
        messages = getattr(table.flow, "messages", {})
        found = messages.get(table.players.index(seat))
        if found:
            return plain(found[0])
    menu = open_menu(table, seat)
    if menu is not None and menu.notice:
        return plain(menu.notice)
    if table.mode == "lobby":
        return plain(table.lobby.note)
    return ""


def inputs(table: Table, seat: str) -> list[str]:
    """The inputs that mean something for the seat now ("back" is a held ok)."""
    mode, playing = table.mode, seat in table.players
    if mode == "offer":
        return ["ok", "back"]
    if mode == "lobby":
        if seat in table.system:
            return ["ok", "next", "prev", "back"]
        step = table.lobby.step
        found = ["ok", "back"] if step == "join" else ["ok", "next", "prev", "back"]
        return [*found, "table"] if table.table_items() else found
    if mode == "paused":
        return ["back"]
    if mode == "over":
        return ["next", "prev", "back"] if playing else ["back"]
    return list(ALL_INPUTS) if playing else []


def peek(table: Table, seat: str) -> dict[str, Any] | None:
    """What the seat's screen shows while its peek is held (only during a game)."""
    canvas = table.peek_screen(seat)
    return text_of(canvas) if canvas is not None else None


def maps(table: Table, seat: str) -> tuple[Map | None, Map | None]:
    """The seat's map and its secret map, from the engine's view for this seat only (the
    secret one only during a game, as the peek)."""
    if table.mode not in ("game", "paused", "over") or seat not in table.players:
        return None, None
    if table.live is None or table.flow is None:
        return None, None
    game = table.live.game
    if not has_map(game.info.id):
        return None, None
    index, state = table.players.index(seat), table.live.state
    cached = getattr(table.flow, "view", None)  # the flow's views, computed once per change
    view = cached(state, index) if callable(cached) else state.view(index)
    data = getattr(game, "data", None)  # the game's board and cards, never its state
    labels = list(table.flow.labels)
    shown = map_of(game.info.id, view, data, labels=labels)
    secret = None
    if table.mode == "game":
        secret = map_of(game.info.id, view, data, secret=True, labels=labels)
    return shown, secret


def seat_model(table: Table, seat: Seat, frames: dict[str, Canvas]) -> Model:
    """The phone seat's model now; ``frames`` are the table's pictures of this render."""
    shown, secret = maps(table, seat.name)
    return {"seat": seat.name, "label": seat.label, "mode": table.mode,
            "screen": text_of(frames.get(seat.name)), "peek": peek(table, seat.name),
            "menu": menu_of(open_menu(table, seat.name)), "notice": notice(table, seat.name),
            "can": inputs(table, seat.name), "public": text_of(frames.get("public")),
            "map": shown, "peek_map": secret}


def public_model(table: Table, frames: dict[str, Canvas]) -> Model:
    """The public screen for every phone (and the join page)."""
    return {"mode": table.mode, **text_of(frames.get("public"))}
