"""The table's side of the box as a player: placing its seats at the start, applying its
moves on the loop thread.

A mixin of :class:`~services.referee.box.table.Table` (like :mod:`.table_menu`): it reads and
changes the table's ``bots``, ``box_labels``, ``live``, ``mode``, ``entry``, ``status`` and
``epoch``, and calls its ``_game``, ``_label``, ``_show_rolls`` and ``_after_change``. The
box's settings are journaled with the game (``bots``: game seat -> level, ``bot_seed``,
``bot_pause``), so a resumed game has the same seats, the same seed and the same pause.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from services.games.core import GameError, OptionValue, Rng
from services.referee.box.botlobby import BoxRefused, box_labels, place
from services.referee.box.botseats import BotSeats, Thinker
from services.referee.box.dice import ANIMATION
from services.referee.errors import RefereeError

if TYPE_CHECKING:
    from services.referee.box.dice import DiceEntry, Rolling
    from services.referee.box.flow import Flow
    from services.referee.box.lobby import Lobby, Start
    from services.referee.box.menu import Item
    from services.referee.journal import Journal
    from services.referee.live import LiveGame

log = logging.getLogger(__name__)
CANNOT_MOVE = "The box could not move: see the log"
SEED_RANGE = 2**53  # a whole number JSON keeps exactly


class BoxSeats:
    bots: BotSeats | None
    box_labels: dict[str, str]
    thinker: Thinker
    journal: Journal
    lobby: Lobby
    live: LiveGame | None
    players: list[str]
    mode: str
    entry: DiceEntry | None
    rolling: Rolling | None
    status: str
    epoch: int
    now: float
    rng: Rng
    table_items: Callable[[], list[Item]]

    def _game(self) -> tuple[LiveGame, Flow]:
        raise NotImplementedError

    def _label(self, name: str) -> str:
        raise NotImplementedError

    def _show_rolls(self, before: int) -> None:
        raise NotImplementedError

    def _after_change(self) -> None:
        raise NotImplementedError

    def _lobby_items(self) -> list[Item]:
        """The lobby's table menu: the box's seats (games it plays), the phones' items."""
        return [*self.lobby.box_items(), *self.table_items()]

    def _place_box(self, start: Start) -> tuple[list[str], dict[str, OptionValue],
                                                 dict[str, Any]] | None:
        """The game's seats and options with the box's seats placed, and the settings to
        journal for them; None (the reason in the lobby's note) when they cannot be."""
        box = start.box
        if box is None:
            return start.seats, start.options, {}
        try:
            placed = place(start.game.info, start.seats, start.options, box, self.rng)
        except BoxRefused as error:
            self.lobby.note = error.message
            return None
        self.box_labels = box_labels(placed.seats)
        mine = {"bots": {str(seat): level for seat, level in placed.levels.items()},
                "bot_seed": self.rng.randint(0, SEED_RANGE), "bot_pause": box.pause}
        return placed.seats, placed.options, mine

    def _bot_seats(self, live: LiveGame) -> BotSeats | None:
        """The box's seats of a game started or resumed, from its journaled settings."""
        settings = self.journal.game(live.id).settings
        levels = settings.get("bots")
        if not isinstance(levels, dict) or not levels:
            return None
        return BotSeats(live.game.info.id, {int(k): str(v) for k, v in levels.items()},
                        settings.get("bot_seed", 0), float(settings.get("bot_pause", 0.0)),
                        self.thinker)

    def tick(self, now: float) -> bool:
        """The loop's look at the box's seats: apply a decision that is ready (and begin the
        next one); True when the screens changed."""
        bots, live = self.bots, self.live
        if bots is None or live is None:
            return False
        self.now = now
        found = bots.due(live, now, self._ready())
        if found is None:
            return False
        self.epoch += 1
        if isinstance(found, Exception):
            self.status = CANNOT_MOVE
            return True
        _live, flow = self._game()
        before = len(live.history)
        try:
            live.apply(found.action)
        except (GameError, RefereeError) as error:
            log.error("the box's move for seat %d was refused: %s", found.seat + 1,
                      getattr(error, "message", error))
            self.status = CANNOT_MOVE
            return True
        self._show_rolls(before)
        rolled = self.rolling.started + ANIMATION if self.rolling is not None else now
        bots.tell(live.state.describe(found.action, None),
                  self._label(self.players[found.seat]), list(flow.labels), max(now, rolled))
        self._after_change()
        bots.due(live, now, self._ready())  # it may think on during the pause
        return True

    def _ready(self) -> bool:
        """The box's seats may move: the game goes on and no dice wait for the players."""
        return self.mode == "game" and self.entry is None
