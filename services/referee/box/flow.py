"""What a game plugs into the table: input to actions, views to screens.

The table calls a flow with game seat numbers (0-based) and the live state; the flow reads
the state only through ``view(seat)``, ``pending()``, ``legal_actions(seat)`` and
``describe()`` — so a seat's screen can only show what that seat may know. A flow returns an
action for the table to apply (and journal), or None when only its menus moved.
"""

from __future__ import annotations

import copy
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol

from services.games.core import Action, Event, GameError, State
from services.referee.box.menu import STEP, Item, Menu
from services.referee.box.render import Canvas, plain, refusal_page, scroll, wrap


class Flows(Protocol):
    """The table flows the box can run, handed to it by its composition root
    (:mod:`services.referee.assemble`): the box imports no game's table parts itself."""

    def has(self, game_id: str) -> bool:
        """Whether the box can run the game (the lobby offers only those)."""
        ...

    def make(self, game_id: str) -> Flow:
        """A new flow for a game about to start or resume."""
        ...


class Flow(ABC):
    labels: Sequence[str] = ()  # game seat -> label shown on screens ("Seat 1", "North")
    messages: dict[int, tuple[str, str]]  # seat -> (a refusal's reason, its rule id)
    starts: dict[int, int]  # seat -> the first line of its long message on the screen

    def start(self, labels: Sequence[str]) -> None:
        self.labels = list(labels)

    @abstractmethod
    def reset(self, state: State) -> None:
        """After every committed change (and after a resume): menus back to their start."""

    def observe(self, steps: Sequence[Any]) -> None:
        """Before ``reset``: the game's effective history (each step's action and public
        events), for a flow whose public screen explains a chain of rolls."""
        return None

    @abstractmethod
    def press(self, seat: int, role: str, state: State) -> Action | None:
        """A short press of a seat's button."""

    @abstractmethod
    def hold(self, seat: int, role: str, state: State) -> Action | None:
        """A button held down (hold ok = back)."""

    def tag(self, seat: int, kind: str, component: str, state: State) -> Action | None:
        """A registered tag placed on the seat's reader (kind and id from the registry)."""
        return None

    @abstractmethod
    def refused(self, seat: int, error: GameError) -> None:
        """The seat's action was refused: show why, on that seat's screen only."""

    @abstractmethod
    def announce(self, state: State, events: Sequence[Event]) -> str:
        """One public line about what just happened (events are public)."""

    def reroll(self, events: Sequence[Event]) -> str:
        """Why the dice the players just entered did not count, when the game has the table
        roll again (a face no one plays...): said before the next entry, in the seats' words.
        "" when they counted."""
        return ""

    @abstractmethod
    def public(self, state: State, note: str) -> Canvas: ...

    def public_pages(self, state: State, note: str) -> list[tuple[str, Callable[[], Canvas]]]:
        """Every page the public screen can turn to now (the text-fit tests draw them all)."""
        return [("public", lambda: self.public(state, note))]

    def public_key(self) -> Hashable:
        """What the public screen shows that a seat's press can change without a move
        (the page turned to); the table draws that screen again only when this, the game or
        the table changed. A flow whose public screen depends on nothing of the kind keeps
        None."""
        return None

    @abstractmethod
    def seat(self, seat: int, state: State, shown: bool) -> Canvas:
        """The seat's own screen; secrets only when ``shown`` (peek or deliberate reveal)."""

    @abstractmethod
    def reveal(self, seat: int, state: State) -> Canvas:
        """After the game: everything that was hidden from this seat."""

    def label(self, seat: int) -> str:
        return self.labels[seat] if seat < len(self.labels) else f"Seat {seat + 1}"

    def reason(self, error: GameError) -> tuple[str, str]:
        """A refusal as the seat reads it (the engine's "Seat 2" is game seat 1: the table's
        label for that seat), with the rule id kept for referees."""
        return self.seat_words(error.message), error.rule

    def seat_words(self, text: str) -> str:
        """An engine's text with its "Seat 2" (game seat 1) as the table's label of that
        seat."""
        return re.sub(r"\bSeat (\d+)\b", lambda m: self.label(int(m[1]) - 1), text)

    def why_not(self, state: State, action: Action) -> str:
        """The engine's reason for refusing ``action`` now, in the seat's words ("" if it
        would be allowed), found on a copy of the game: the state itself never changes. A
        menu greys the items it refuses, with this reason."""
        try:
            copy.deepcopy(state).apply(action)
        except GameError as error:
            return plain(self.reason(error)[0])
        return ""

    def read_message(self, seat: int, role: str) -> bool:
        """A press while the seat's screen shows a message: next/prev scroll a long one, any
        other press (or the last page) closes it. False when there is no message."""
        if seat not in self.messages:
            return False
        lines = wrap(plain(self.messages[seat][0]))
        following = scroll(lines, self.starts.get(seat, 0))[1]
        if role in STEP and following:
            self.starts[seat] = following
        else:
            self.messages.pop(seat)
            self.starts.pop(seat, None)
        return True

    def message_page(self, seat: int) -> Canvas:
        return refusal_page(self.messages[seat][0], self.starts.get(seat, 0))


class MenuFlow(Flow):
    """A flow whose seats work through stacks of menus on their own screens: ``ok`` outside a
    menu opens the seat's menu for what it has to do now, next/prev there turn the public
    screen's pages, ``back`` is a held ``ok``, and a press while a refusal shows only reads
    it."""

    stacks: dict[int, list[Menu]]
    turned: int  # pages turned from ``page``, the public page the last change asked for
    page: str

    @abstractmethod
    def _pages(self, state: State, note: str) -> list[tuple[str, Callable[[], Canvas]]]:
        """The public screen's pages now, by name, the first one shown unless ``page``."""

    def public(self, state: State, note: str) -> Canvas:
        return self._current(self._pages(state, note))[1]()

    def public_key(self) -> Hashable:
        return (self.turned, self.page)

    def public_pages(self, state: State, note: str) -> list[tuple[str, Callable[[], Canvas]]]:
        return self._pages(state, note)

    def page_name(self, state: State) -> str:
        """The public page shown now ("map", "rows", "catch"...)."""
        return self._current(self._pages(state, ""))[0]

    def _current(self, found: list[tuple[str, Callable[[], Canvas]]]
                 ) -> tuple[str, Callable[[], Canvas]]:
        names = [name for name, _ in found]
        start = names.index(self.page) if self.page in names else 0
        return found[(start + self.turned) % len(found)]

    @abstractmethod
    def menu_for(self, seat: int, state: State) -> Menu | None:
        """The first menu of what the seat has to do now (None: nothing)."""

    def hold(self, seat: int, role: str, state: State) -> Action | None:
        """Hold ok = back (:meth:`back`); other holds mean nothing here."""
        if role == "ok":
            self.back(seat)
        return None

    def back(self, seat: int) -> bool:
        """Back: the seat's refusal closes and its open menu goes back one level; True when
        a menu was closed."""
        self.messages.pop(seat, None)
        self.starts.pop(seat, None)
        stack = self.stacks.get(seat)
        if not stack:
            return False
        stack.pop()
        return True

    def _choose(self, seat: int, item: Item) -> Action | None:
        """The chosen item: an action to apply, or None after opening or changing a menu. An
        item's value is an action, or a callable giving the next menu (pushed) or an
        action."""
        value = item.value
        if isinstance(value, Action):
            return value
        if not callable(value):
            return None
        result = value()
        if isinstance(result, Menu):
            self.stacks[seat].append(result)
            return None
        return result if isinstance(result, Action) else None

    def menu_screen(self, seat: int, shown: bool, hidden: Callable[[], Canvas],
                    home: Callable[[], Canvas]) -> Canvas:
        """A seat's screen: ``hidden`` while it is not shown; else the refusal it has to read,
        its open menu, or ``home``."""
        if not shown:
            return hidden()
        if seat in self.messages:
            return self.message_page(seat)
        stack = self.stacks.get(seat)
        if stack:
            return stack[-1].render()
        return home()

    def refused(self, seat: int, error: GameError) -> None:
        """The engine refused the seat's action: its reason on that seat's screen, and the
        seat's menus closed (the position may have changed under them)."""
        self.messages[seat] = self.reason(error)
        self.stacks.pop(seat, None)

    def open(self, seat: int, state: State) -> Action | None:
        """``ok`` outside a menu: the seat's menu for what it has to do now, if anything."""
        menu = self.menu_for(seat, state)
        if menu is not None:
            self.stacks.setdefault(seat, []).append(menu)
        return None

    def press(self, seat: int, role: str, state: State) -> Action | None:
        if self.read_message(seat, role):
            return None  # a press scrolls or clears the refusal, and does nothing else
        if role == "back":
            return self.hold(seat, "ok", state)
        stack = self.stacks.setdefault(seat, [])
        if stack:
            chosen = stack[-1].press(role)
            return self._choose(seat, chosen) if chosen is not None else None
        if role in STEP:  # outside a menu: turn the public screen's pages
            self.turned += STEP[role]
        elif role == "ok":
            return self.open(seat, state)
        return None


class ViewCache:
    """``state.view(seat)`` computed once per change: every redraw of every screen reads the
    views, and the table redraws far more often than the game changes. ``clear()`` after each
    change (``Flow.reset``)."""

    LIMIT = 64  # views kept at most (seats x states seen since the last clear)

    def __init__(self) -> None:
        self._views: dict[tuple[int, int | None], tuple[State, dict[str, Any]]] = {}

    def get(self, state: State, seat: int | None) -> dict[str, Any]:
        key = (id(state), seat)
        found = self._views.get(key)
        if found is None or found[0] is not state:  # the state ref keeps its id alive
            if len(self._views) > self.LIMIT:
                self._views.clear()
            found = self._views[key] = (state, state.view(seat))
        return found[1]

    def clear(self) -> None:
        self._views.clear()

