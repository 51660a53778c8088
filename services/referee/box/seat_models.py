"""A phone seat's model: what its page shows, built on the daemon thread after a render.

A model is built only from what that seat may know: in a game, the engine's ``view(seat)``
for this seat and ``view(None)`` turned into words (``services.referee.companion.words``: the
seat's own secrets only in ``peek``, which the page shows only while the seat's peek is held;
the public panel from the public view), the seat's open menu (the table menu, the game's
menu, or the lobby's, which any seat drives), the refusal or notice the seat has to read,
and the table's public note. Nothing is read from another seat's view, another seat's screen
or the game state itself. Outside a game (the lobby, a paused game) the seat's and the public
screens are sent as their text: they are the box's own words, not a game's abbreviations.

Text only and whole (a phone has room for a line longer than the OLED's 21 columns)::

    {"seat", "label", "mode",
     "status": str,                      # in a game: the seat's situation in a sentence
     "screen": {"title", "lines"} | None,  # the OLED's text: outside a game, no menu open,
                                         # or the dice entry on the public screen
     "peek": Panel | None,               # the seat's secrets in words (a game, held peek)
     "menu": {"title", "lines", "cursor", "items": [{"label", "why"}]} | None,
     "notice", "can": [...], "public": Panel,
     "map": {...} | None, "peek_map": {...} | None}

A ``Panel`` is ``{"title", "lines": [sentence, ...], "rows": [{"label", "text", "chips"}]}``
(``words``); outside a game the public panel is the public screen's text, with no rows. A
menu's ``lines`` are its text above the items (an address, a code), not the items again: the
page shows the items once, as buttons, and no screen text while a menu is open.

``map`` is the board as the seat's view shows it (games with a board, see ``maps``);
``peek_map`` the same map with the seat's own secrets on it (the Human's plotted route, a
Victim's room), shown only while the peek is held, like ``peek``.
"""

from __future__ import annotations

from typing import Any

from services.games.core import SeatPrompt
from services.referee.box.flow import ViewCache
from services.referee.box.menu import Menu
from services.referee.box.render import Canvas, plain
from services.referee.box.table import Seat, Table
from services.referee.companion.hub import Model
from services.referee.companion.maps import Map, has_map, map_of
from services.referee.companion.words import words_of

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


def views(table: Table, seat: str) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The engine's view for ``seat`` and the public view, during a game the seat plays
    (None otherwise); the flow's cached views when it keeps them."""
    if table.mode not in ("game", "paused", "over") or seat not in table.players:
        return None
    if table.live is None or table.flow is None:
        return None
    state, flow = table.live.state, table.flow
    cache = getattr(flow, "views", None)
    if isinstance(cache, ViewCache):
        return cache.get(state, table.players.index(seat)), cache.get(state, None)
    return state.view(table.players.index(seat)), state.view(None)


def public_view(table: Table) -> dict[str, Any] | None:
    if table.mode not in ("game", "paused", "over") or table.live is None or table.flow is None:
        return None
    cache = getattr(table.flow, "views", None)
    state = table.live.state
    return cache.get(state, None) if isinstance(cache, ViewCache) else state.view(None)


def public_note(table: Table) -> str:
    """The table's own line on the public screen in a game: a device problem, a table-menu
    message (a freed phone seat, a new join code) until the next move, the dice rolled."""
    live = table.live
    if live is None:
        return ""
    words, mark = table.public_note
    if table.status or (words and mark == table._game_mark()):
        return plain(table.status or words)
    last = live.history[-1] if live.history else None
    faces = getattr(last.action, "faces", None) if last else None
    return f"Rolled {', '.join(map(str, faces))}." if faces else ""


def public_panel(table: Table, frames: dict[str, Canvas]) -> dict[str, Any]:
    """The public state in words in a game (from the public view); else the public screen's
    text."""
    view = public_view(table)
    if view is None or table.live is None or table.flow is None:
        return {**text_of(frames.get("public")), "rows": []}
    game = table.live.game
    found = words_of(game.info.id).public(view, list(table.flow.labels),
                                          getattr(game, "data", None))
    note = public_note(table)
    return {**found, "lines": [note, *found["lines"]]} if note else found


def game_words(table: Table, seat: str) -> tuple[str, dict[str, Any] | None]:
    """The seat's status sentence and its peek in words (the peek only during a game)."""
    found = views(table, seat)
    if found is None or table.live is None or table.flow is None:
        if table.mode in ("game", "paused", "over") and seat not in table.players:
            return "You are not playing in this game.", None
        return "", None
    if table.mode == "paused":
        return "The game is paused.", None
    mine, public = found
    game = table.live.game
    words = words_of(game.info.id)
    labels, index = list(table.flow.labels), table.players.index(seat)
    # Whose turn it is is public (the seats' screens say it): the game's pending prompts.
    waiting = [p.seat for p in table.live.state.pending() if isinstance(p, SeatPrompt)]
    said = words.status(public, labels, index, waiting)
    if table.mode == "over":  # as the seat's screen says at the end
        return f"{said} Hold OK (back) for a new game.", None
    return said, words.peek(mine, labels, index, getattr(game, "data", None))


def screen(table: Table, seat: str, frames: dict[str, Canvas], menu: Menu | None
           ) -> dict[str, Any] | None:
    """The OLED's text, where it is the box's own words: outside a game when no menu is open
    (the menu is on the page once, as buttons); in a game, the dice entry or the roll on the
    public screen."""
    if table.mode in ("game", "over") and seat in table.players:
        rolling = table.entry is not None or table.rolling is not None
        return text_of(frames.get("public")) if table.mode == "game" and rolling else None
    return None if menu is not None else text_of(frames.get(seat))


def maps(table: Table, seat: str) -> tuple[Map | None, Map | None]:
    """The seat's map and its secret map, from the engine's view for this seat only (the
    secret one only during a game, as the peek)."""
    found = views(table, seat)
    if found is None or table.live is None or table.flow is None:
        return None, None
    game = table.live.game
    if not has_map(game.info.id):
        return None, None
    view = found[0]
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
    menu = open_menu(table, seat.name)
    status, peeked = game_words(table, seat.name)
    return {"seat": seat.name, "label": seat.label, "mode": table.mode, "status": status,
            "screen": screen(table, seat.name, frames, menu), "peek": peeked,
            "menu": menu_of(menu), "notice": notice(table, seat.name),
            "can": inputs(table, seat.name), "public": public_panel(table, frames),
            "map": shown, "peek_map": secret}


def public_model(table: Table, frames: dict[str, Canvas]) -> Model:
    """The public panel for every phone."""
    return {"mode": table.mode, **public_panel(table, frames)}
