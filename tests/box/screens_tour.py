"""A tour of every screen a game can show: the lobby at every option value, then random
playouts through the table where, at every step, every seat's screens (hidden, shown, every
menu and submenu its buttons can open, the table menu and its answers) and every public page
are drawn. Used by the text-fit tests: each drawn canvas reports what did not fit.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from services.games.core import Action, GameError, Option, SeatPrompt
from services.games.registry import default_registry
from services.referee.box.lobby import SET_BY_THE_TABLE
from services.referee.box.menu import Menu
from services.referee.box.options import table_options
from services.referee.box.render import Canvas
from services.referee.box.table import Seat, Table
from services.referee.journal import Journal
from services.referee.tables import GameFlows
from services.referee.tables.innsmouth_escape.menus import POP

SEATS = [Seat(f"seat{n}", f"Seat {n}") for n in range(1, 7)]
MENU_NODES = 12  # menus opened at most per seat and step (each from its first menu)

Found = Callable[[str, Canvas], None]  # where, canvas


def lobby_tour(game_id: str, found: Found) -> None:
    """The lobby's screens for ``game_id``: every option at every value it can take."""
    with Journal(":memory:") as journal:
        table = Table(default_registry(), journal, SEATS, random.Random(1), flows=GameFlows())
        lobby = table.lobby
        found("lobby games", lobby.public())
        lobby.choose(game_id)
        for index, item in enumerate(list(lobby.menu.items)):
            lobby.menu.cursor = index
            seen: set[str] = set()
            while item.label not in seen:  # ok cycles the values until they repeat
                seen.add(item.label)
                found(f"lobby {item.label}", lobby.public())
                if item.value == "join":
                    break
                lobby.press("seat1", "ok")
                item = lobby.menu.items[index]
        for seat in SEATS:
            found(f"lobby {seat.name}", lobby.seat(seat.name))
        lobby.press("seat1", "prev")
        lobby.press("seat1", "ok")
        for seat in SEATS[:2]:
            lobby.press(seat.name, "ok")
        found("lobby join", lobby.public())
        found("lobby joined", lobby.seat("seat1"))


def menu_tree(first: Callable[[], Menu | None], budget: int) -> Iterator[tuple[str, Menu]]:
    """The menus a seat can open from ``first``, breadth first, up to ``budget`` of them:
    each one reached from a fresh first menu along its path (as a player would reach it); a
    choice that changes a menu in place (a picked cell) is shown in the menu it changed, or
    the one below when it closes the menu; and every greyed item's reason."""
    paths: list[list[int]] = [[]]
    while paths and budget > 0:
        path = paths.pop(0)
        root = first()
        if root is None:
            return
        stack, leaf = [root], False
        for index in path:
            result = stack[-1].items[index].value()
            if isinstance(result, Menu):
                stack.append(result)
                continue
            if result == POP and len(stack) > 1:
                stack.pop()
            refresh = getattr(stack[-1], "refresh", None)
            if callable(refresh):
                refresh(stack[-1])
            leaf = True
        menu = stack[-1]
        budget -= 1
        yield f"{menu.title!r}", menu
        if leaf:
            continue
        for index, item in enumerate(menu.items):
            if item.why:
                menu.cursor = index
                menu.press("ok")
                yield f"{menu.title!r} greyed {item.label!r}", menu
                menu.press("ok")
            elif callable(item.value) and not isinstance(item.value, Action):
                paths.append([*path, index])


def scenarios(game_id: str) -> list[tuple[int, dict[str, Any]]]:
    """(players, lobby values): every player count with the defaults, then every other value
    of every option (and of the box's own options) once, at player counts in turn."""
    game = default_registry().get(game_id)
    info = game.info
    counts = list(range(min(info.min_players, 2 if any(
        o.key == "allow_two_players" for o in info.options) else 9), info.max_players + 1))
    found: list[tuple[int, dict[str, Any]]] = [(n, {}) for n in counts
                                               if _playable(game_id, n, {})]
    variants: list[dict[str, Any]] = []
    for option in [*table_options(info), *info.options]:
        if option.key in SET_BY_THE_TABLE:
            continue
        if option.choices:
            values = list(option.choices)
        elif isinstance(option.default, bool):
            values = [not option.default]
        elif isinstance(option.default, int) and isinstance(option, Option):
            values = [v for v in (option.minimum, option.maximum) if v is not None]
        else:
            values = []
        variants += [{option.key: v} for v in values if v != option.default]
    for i, variant in enumerate(variants):
        players = counts[i % len(counts)]
        for tried in (players, *reversed(counts)):  # a value some counts cannot play
            if _playable(game_id, tried, variant):
                found.append((tried, variant))
                break
    return found


def _playable(game_id: str, players: int, values: dict[str, Any]) -> bool:
    game = default_registry().get(game_id)
    options = {k: v for k, v in values.items() if any(o.key == k for o in game.info.options)}
    low = 2 if values.get("allow_two_players") else game.info.min_players
    if not low <= players <= game.info.max_players:
        return False
    try:
        game.new_state(players, options)
    except GameError:
        return False
    return True


class Tour:
    """One game at one player count and options, played at random through the table."""

    def __init__(self, game_id: str, players: int, values: dict[str, Any], seed: int,
                 found: Found, menus: float = 1.0) -> None:
        self.rng = random.Random(seed)
        self.menus = menus  # the share of steps whose menu trees are drawn
        self.found = found
        self.journal = Journal(":memory:")
        self.table = Table(default_registry(), self.journal, SEATS[:players],
                           random.Random(seed), flows=GameFlows())
        lobby = self.table.lobby
        lobby.choose(game_id)
        lobby.values.update(values)
        lobby.step = "join"
        lobby.joined = [s.name for s in SEATS[:players]]
        start = lobby.hold("seat1", "ok")
        assert start is not None, lobby.note
        self.table._start(start)
        assert self.table.mode == "game", self.table.lobby.note

    def close(self) -> None:
        self.journal.close()

    def play(self, steps: int) -> int:
        """Random moves (with every screen drawn before each); returns the steps played."""
        table = self.table
        for step in range(steps):
            self.draw_all(step)
            live = table.live
            if live is None or table.mode != "game":
                return step
            if table.entry is not None:
                table._enter_dice("ok")
                continue
            seats = [p.seat for p in live.state.pending() if isinstance(p, SeatPrompt)]
            if not seats:
                return step
            seat = self.rng.choice(seats)
            action = self.rng.choice(live.state.legal_actions(seat))
            table._act(table.players[seat], action)
            if self.rng.random() < 0.03:
                self.table_menu(table.players[seat])
        return steps

    def draw(self, where: str, canvas: Canvas) -> None:
        self.found(where, canvas)

    def draw_all(self, step: int) -> None:
        table = self.table
        now = 1000.0 + step
        for name, canvas in table.screens(now).items():
            self.draw(f"step {step} {name}", canvas)
        live, flow = table.live, table.flow
        if live is None or flow is None:
            return
        state = live.state
        last = live.history[-1] if live.history else None
        note = flow.announce(state, last.events) if last else ""
        self.draw(f"step {step} public note {note!r}", flow.public(state, note))
        for name, page in flow.public_pages(state, note):
            self.draw(f"step {step} public {name}", page())
        for index, _name in enumerate(table.players):
            self.draw(f"step {step} seat {index + 1} hidden", flow.seat(index, state, False))
            self.draw(f"step {step} seat {index + 1} shown", flow.seat(index, state, True))
            if table.mode == "over":
                self.draw(f"step {step} seat {index + 1} reveal", flow.reveal(index, state))
                continue
            pages = getattr(flow, "pages", None)  # Escape!: a seat's second page
            if isinstance(pages, dict):
                pages[index] = 1
                self.draw(f"step {step} seat {index + 1} page 2", flow.seat(index, state, True))
                pages.pop(index, None)
            if self.rng.random() < self.menus:
                for where, menu in menu_tree(lambda seat=index: self.first_menu(seat),
                                             MENU_NODES):
                    self.draw(f"step {step} seat {index + 1} menu {where}", menu.render())
        flow.reset(state)

    def first_menu(self, index: int) -> Menu | None:
        table = self.table
        flow: Any = table.flow
        state = table.live.state  # type: ignore[union-attr]
        if hasattr(flow, "menu_for"):
            return flow.menu_for(index, state)
        if any(getattr(p, "seat", None) == index for p in state.pending()):
            return flow.action_menu(index, state)
        return None

    def table_menu(self, seat: str) -> None:
        """The table menu, and what OK on each entry shows (a question, or why not)."""
        table = self.table
        player = next(s for s in SEATS if s.name == seat)
        for index, item in enumerate(table._system_menu().items):
            if item.value in ("back", "pause"):
                continue
            table.system[seat] = table._system_menu()
            table.system[seat].cursor = index
            self.draw(f"table menu {seat}", table._seat(player, 0.0))
            table._system_press(seat, "ok")
            self.draw(f"table menu {seat} {item.value}", table._seat(player, 0.0))
            table.system.pop(seat, None)
