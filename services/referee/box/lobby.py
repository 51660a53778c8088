"""Before a game: choose the game and its options on the public screen, seats join with OK.

Any seat's next/prev/ok drive the public menus. In the join step each seat presses OK to
join (again to leave); a joined seat holds OK to start, and that seat plays first where the
game has a ``first_player`` option (Escape!: "the table picks the first player", R-EX-04).

A game's engine is imported when the game is chosen. So that choosing is quick, the game the
cursor rests on in the game menu has its engine imported ahead on a daemon thread
(:meth:`Registry.preload`, docs/performance.md "Start-up"): ``preload_after`` seconds after
the lobby is first drawn (the game highlighted from the start) or after a press moved the
cursor. Passing over games imports nothing, nor does a lobby that is never shown (the one
behind a resumed game). Only the import runs there: the game is still made by the registry on
the loop's thread when it is chosen, waiting at most for the rest of a running import; a
failed import is logged, and choosing the game reports the error as before.

In a game the box can play (:mod:`.botlobby`), the table menu (hold `next`) offers "The box
plays...": seats the box plays, at a level, added after the people's when the game starts.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import Any

from services.games.core import Game, Option, OptionValue
from services.games.registry import Registry
from services.referee.box.botlobby import BoxChoice, BoxPage, plays
from services.referee.box.menu import STEP, Item, Menu
from services.referee.box.options import TableOption, table_options
from services.referee.box.render import Canvas, dense_page, plain, title_and_lines, wrap

log = logging.getLogger(__name__)

SET_BY_THE_TABLE = ("first_player",)
PRELOAD_AFTER = 0.4  # s the cursor rests on a game before its engine is imported ahead


@dataclass
class Start:
    """What the lobby hands the table when a game starts."""

    game: Game
    seats: list[str]  # profile seat names, in table order; game seat i = seats[i]
    options: dict[str, OptionValue]
    settings: dict[str, Any]  # the table's own options (e.g. dealt or physical cards)
    box: BoxChoice | None = None  # the seats the box plays (appended by the table)


@dataclass
class Lobby:
    registry: Registry
    seat_names: list[str]  # every seat of the board, clockwise
    labels: dict[str, str]
    step: str = "game"
    game: Game | None = None
    values: dict[str, Any] = field(default_factory=dict)
    joined: list[str] = field(default_factory=list)
    menu: Menu = field(init=False)
    note: str = ""
    preload_after: float | None = PRELOAD_AFTER  # None: import nothing ahead
    _preload: threading.Timer | None = field(default=None, init=False, repr=False,
                                              compare=False)
    _shown: bool = field(default=False, init=False, repr=False, compare=False)
    box: BoxChoice = field(default_factory=BoxChoice)
    box_page: BoxPage | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.menu = self._game_menu()

    # ------------------------------------------------------------------ menus

    def _game_menu(self) -> Menu:
        items = [Item(info.screen_title, info) for info in self.registry.infos()]
        return Menu("Choose a game", items, footer="NEXT move  OK choose")

    def _settings(self) -> list[TableOption | Option]:
        game = self.game
        if game is None:
            return []
        shown = [o for o in game.info.options if o.key not in SET_BY_THE_TABLE]
        return [*table_options(game.info), *shown]

    def _options_menu(self, cursor: int = 0) -> Menu:
        items = [Item(f"{o.short}: {o.word(self.values[o.key])}", o) for o in self._settings()]
        items.append(Item("Continue: seats join", "join"))
        title = self.game.info.screen_title if self.game else "Options"
        return Menu(title, items, cursor=cursor, footer="OK set  hold OK back")

    def choose(self, game_id: str) -> None:
        """Go straight to a game's options (``refbox sim GAME``, scripts)."""
        game = self.registry.get(game_id)
        self.step, self.joined = "game", []
        self.menu = self._game_menu()
        self.menu.cursor = [item.value for item in self.menu.items].index(game.info)
        self._ok("")

    # ------------------------------------------------------------------ input

    def press(self, seat: str, role: str) -> Start | None:
        self.note = ""
        if role in STEP:
            self.menu.move(STEP[role])
            if self.step == "game":
                self._highlighted()
        elif role == "ok":
            return self._ok(seat)
        elif role == "back":
            self.back()
        return None

    def hold(self, seat: str, role: str) -> Start | None:
        if role != "ok":
            return None
        if self.step == "join" and seat in self.joined:
            return self._start(seat)
        self.back()
        return None

    def back(self) -> None:
        if self.step == "join":
            self.step, self.joined = "options", []
            self.menu = self._options_menu()
        elif self.step == "options":
            self.step, self.game = "game", None
            self.menu = self._game_menu()
            self._highlighted()

    def _ok(self, seat: str) -> Start | None:
        if self.step == "game":
            item = self.menu.current
            if item is not None:
                self._cancel_preload()
                self.game = self.registry.get(item.value.id)  # its engine loads now
                self.values = {o.key: o.default for o in self._settings()}
                self.box = BoxChoice()
                self.box_page = BoxPage(self.game.info, self.box) if plays(self.game.info) \
                    else None
                self.step = "options"
                self.menu = self._options_menu()
            return None
        if self.step == "options":
            item = self.menu.current
            if item is None:
                return None
            if item.value == "join":
                self.step, self.joined = "join", []
            else:
                self.values[item.value.key] = _next_value(item.value, self.values[item.value.key])
                self.menu = self._options_menu(self.menu.cursor)
            return None
        if seat in self.joined:
            self.joined.remove(seat)
        else:
            self.joined.append(seat)
        return None

    def _start(self, starter: str) -> Start | None:
        game = self.game
        if game is None:
            return None
        box = self.box if self.box_page is not None and self.box.count else None
        count = len(self.joined) + (box.count if box else 0)
        low, high = game.info.min_players, game.info.max_players
        if self.values.get("allow_two_players"):
            low = min(low, 2)
        if not low <= count <= high:
            mine = f" ({box.count} the box's)" if box else ""
            self.note = f"{low}-{high} players, not {count}{mine}"
            return None
        seats = [s for s in self.seat_names if s in self.joined]  # clockwise order
        options = {k: v for k, v in self.values.items()
                   if any(o.key == k for o in game.info.options)}
        if any(o.key == "first_player" for o in game.info.options):
            options["first_player"] = seats.index(starter)
        settings = {k: v for k, v in self.values.items() if k not in options}
        return Start(game, seats, options, settings, box)

    def box_items(self) -> list[Item]:
        """The table menu's "The box plays..." (games the box can play, before the start)."""
        page = self.box_page
        return [page.item()] if page is not None and self.step != "game" else []

    # ------------------------------------------------------------------ engines ahead

    def _highlighted(self) -> None:
        """The cursor moved to a game: import its engine once it rests there."""
        self._cancel_preload()
        item = self.menu.current
        if self.preload_after is None or item is None:
            return
        timer = threading.Timer(self.preload_after, self._import_ahead, (item.value.id,))
        timer.name = f"preload {item.value.id}"
        timer.daemon = True  # never keeps the daemon from exiting
        timer.start()
        self._preload = timer

    def _cancel_preload(self) -> None:
        """Forget a preload that has not started (one importing already finishes)."""
        if self._preload is not None:
            self._preload.cancel()
            self._preload = None

    def _import_ahead(self, game_id: str) -> None:
        """On the preload thread: the import only; a failure is logged, and choosing the
        game imports again and reports it as it always did."""
        try:
            self.registry.preload(game_id)
        except Exception:
            log.warning("importing %s ahead failed; choosing it will say why", game_id,
                        exc_info=True)

    # ------------------------------------------------------------------ screens

    def public(self) -> Canvas:
        if not self._shown:  # on screen from now on: the highlighted game may be chosen
            self._shown = True
            if self.step == "game":
                self._highlighted()
        if self.note:  # until the next press
            return dense_page("Cannot start", wrap(plain(self.note)))
        if self.step != "join":
            return self.menu.render()
        game = self.game
        title = game.info.screen_title if game else ""
        box = self.box.summary(game.info) if game and self.box_page is not None else ""
        more = f" +{self.box.count} box" if box else ""
        lines = [f"{len(self.joined)} joined{more} ({game.info.min_players}-"
                 f"{game.info.max_players})" if game else "",
                 "Press OK on your seat", "to join or leave.",
                 "Starter: hold OK", *([box] if box else [])]
        return title_and_lines(title, lines)

    def seat(self, seat: str) -> Canvas:
        label = self.labels.get(seat, seat)
        canvas = Canvas()
        canvas.centered(2, label, scale=2)
        if self.step != "join":
            canvas.centered(34, "choosing a game...")
        elif seat in self.joined:
            canvas.centered(28, "JOINED", scale=2)
            canvas.centered(53, "hold OK: start")
        else:
            canvas.centered(34, "press OK to join")
        return canvas


def _next_value(option: TableOption | Option, value: Any) -> Any:
    if option.choices:
        choices = list(option.choices)
        return choices[(choices.index(value) + 1) % len(choices)]
    if isinstance(value, bool):
        return not value
    if isinstance(value, int) and isinstance(option, Option):
        low = option.minimum if option.minimum is not None else 0
        high = option.maximum if option.maximum is not None else value + 1
        return low if value >= high else value + 1
    return value
