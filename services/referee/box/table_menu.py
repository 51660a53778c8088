"""The table menu: hold `next` on a seat (in a game, or in the lobby when something adds an
item: a phone seat to free) for undo, referee undo, pause and ending the game, each asked
again before it is done.

A mixin of :class:`~services.referee.box.table.Table`: it reads and changes the table's
``system`` (a seat's open table menu), ``notes`` and ``mode`` and calls its ``_game``,
``_after_change``, ``pause`` and ``_label``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from services.games.core import EndGame, IllegalAction
from services.referee.box.menu import Item, Menu
from services.referee.box.render import wrap
from services.referee.errors import RefereeError

if TYPE_CHECKING:
    from services.referee.box.flow import Flow
    from services.referee.live import LiveGame

SHORT = {  # the undo refusals, in words that fit a 21x5 screen
    "UNDO-HIDDEN": "That move showed hidden information: only a referee undo can take it back.",
    "UNDO-CHANCE": "Chance came after it: only a referee undo can take it back.",
    "UNDO-EMPTY": "There is nothing to undo.",
}
QUESTIONS = {  # the table menu's confirmations: a title, and what it does in a few words
    "undo": ("Undo the last move?", ""),
    "referee": ("Referee undo?", "Takes back the last move, whatever it showed."),
    "end": ("End the game now?", ""),
}


class TableMenu:
    system: dict[str, Menu]  # seat name -> its open table menu
    notes: dict[str, str]  # seat name -> a message from the table menu, until a press
    mode: str
    table_items: Callable[[], list[Item]]  # items others add (a phone seat to free)

    def _game(self) -> tuple[LiveGame, Flow]:
        raise NotImplementedError

    def _after_change(self) -> None:
        raise NotImplementedError

    def pause(self) -> None:
        raise NotImplementedError

    def _label(self, name: str) -> str:
        raise NotImplementedError

    def _system_menu(self) -> Menu:
        """The table menu; an undo the rules would refuse is greyed, and OK on it says why
        (before anyone is asked to confirm it)."""
        live, _flow = self._game()
        refusal = live.undo_refusal()
        undo = Item("Undo last move", "undo")
        if refusal is not None:
            undo = Item("Undo: not allowed", "undo", why=SHORT.get(refusal.rule,
                                                                   refusal.message))
        moves = any(step.kind == "action" for step in live.history)
        items = [Item("Back to the game", "back"), undo,
                 Item("Referee undo", "referee", why="" if moves else SHORT["UNDO-EMPTY"]),
                 Item("Pause", "pause"), *self.table_items(), Item("End the game", "end")]
        return Menu("Table menu", items, footer="OK choose")

    def _lobby_menu(self) -> Menu:
        """The table menu before a game: only what ``table_items`` adds (a phone seat to
        free)."""
        return Menu("Table menu", [Item("Back to the lobby", "back"), *self._lobby_items()],
                    footer="OK choose")

    def _lobby_items(self) -> list[Item]:
        return self.table_items()

    def _system_press(self, seat: str, role: str) -> None:
        if role == "back":  # the back button does what hold ok does: leave the table menu
            self.system.pop(seat)
            return
        chosen = self.system[seat].press(role)
        if chosen is not None:
            self._system_choose(seat, chosen.value)

    def _system_choose(self, seat: str, choice: Any) -> None:
        if callable(choice):  # an item from table_items
            follow = choice(seat)
            if follow is None:
                self.system.pop(seat, None)
            else:
                self.system[seat] = follow
        elif choice == "back":
            self.system.pop(seat)
        elif choice in ("undo", "referee", "end"):
            title, text = QUESTIONS[choice]
            self.system[seat] = Menu(title, [Item("No", "back"), Item("Yes", f"do-{choice}")],
                                     lines=wrap(text) if text else [])
        elif choice == "pause":
            self.system.pop(seat)
            self.pause()
        elif choice.startswith("do-"):
            self.system.pop(seat)
            self._confirmed(seat, choice[3:])

    def _confirmed(self, seat: str, what: str) -> None:
        live, _flow = self._game()
        try:
            if what == "undo":
                live.undo()
            elif what == "referee":
                live.referee_undo(1, reason=f"{self._label(seat)} at the table")
            else:
                live.apply(EndGame(f"ended by {self._label(seat)}"))
        except (RefereeError, IllegalAction) as error:
            self.notes[seat] = SHORT.get(error.rule, error.message)
            return
        self._after_change()
        if what != "end" and live.state.outcome() is None:
            self.mode = "game"
