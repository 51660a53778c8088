"""Innsmouth 32 at the table: each seat's buttons (and tags) to engine actions, views to
screens.

`ok` opens what the seat has to do now (:mod:`.menus`): a character player's turn (pool,
take+act, draw survivor+act), each survivor's action, the spoints before every roll with the
target that results, negating damage or flailing; the director's take+attack (monster, throng,
target), all-out attack (each throng aimed in turn), placing monsters, fade out, director's
cut, clipping the reel, plot devices and the referee adjustment of a card's printed text.
With nothing to do, `ok` opens the seat's survivors (or throngs); a player whose survivor
holds a horror star finds "Star: extra act" there whenever the extra action fits (R-I32-67).
Hold `ok` goes back one menu; outside a menu `next`/`prev` turn the public screen's pages.

The public screen's pages come from :mod:`.public` with the lines the engine told since the
current seat action began (the roll explanation chain), read from the game's history after
each change (``observe``): after a roll the "roll" page shows, at the end the "result".

Tags: with physical decks (option ``cards = physical``) a seat that must tell the box which
card it drew taps that card; any other tap changes nothing and says why on that seat's screen.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from services.games.core import Action, Event, GameError, SeatPrompt, State
from services.games.innsmouth_32 import actions as a
from services.games.innsmouth_32.anytime import STAR_PHASE
from services.referee.box.flow import MenuFlow, ViewCache
from services.referee.box.menu import Item, Menu
from services.referee.box.render import Canvas, plain
from services.referee.tables.innsmouth_32 import labels as lb
from services.referee.tables.innsmouth_32 import public as pub
from services.referee.tables.innsmouth_32 import screens as draw
from services.referee.tables.innsmouth_32.holdings import info_menu
from services.referee.tables.innsmouth_32.menus import SeatMenus

TOLD = (a.Told, a.Shown)
CARD_TAGS = ("card", "survivor")  # the tags of the table's own decks (movie, survivors)


class I32Flow(MenuFlow):
    def __init__(self) -> None:
        self.stacks: dict[int, list[Menu]] = {}
        self.messages: dict[int, tuple[str, str]] = {}  # seat -> (reason, rule)
        self.starts: dict[int, int] = {}  # seat -> first line of a long message shown
        self.page = "screen"
        self.turned = 0
        self.told: list[str] = []  # the public lines since the current seat action began
        self.rolled = False  # the last change ended with a roll
        self.acted: dict[int, Action] = {}  # seat -> its last chosen action
        self.data: Any = None
        self.views = ViewCache()

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return self.views.get(state, seat)

    @staticmethod
    def waiting(state: State) -> list[int]:
        """The seats asked to act (a horror star's "spend it, or wait" asks nobody)."""
        return [p.seat for p in state.pending() if isinstance(p, SeatPrompt)
                and p.kind != STAR_PHASE]

    @staticmethod
    def asked(state: State) -> list[int]:
        """Every seat with a prompt: a star holder's "or wait" too (R-I32-67)."""
        return [p.seat for p in state.pending() if isinstance(p, SeatPrompt)]

    # ------------------------------------------------------------------ after every change

    def observe(self, steps: Sequence[Any]) -> None:
        """The effective history after a change: the public lines told since the last seat
        action (a chain of rolls and what they did), and whether a roll came last."""
        start = next((i for i in range(len(steps) - 1, -1, -1)
                      if steps[i].kind == "action"), 0)
        self.told = [lb.seats_named(e.text, self.labels) for step in steps[start:]
                     for e in step.events if isinstance(e, TOLD)]
        last = steps[-1] if steps else None
        self.rolled = last is not None and bool(getattr(last.action, "faces", None))

    def reset(self, state: State) -> None:
        self.views.clear()
        self.data = getattr(state, "data", None)
        self.messages.clear()
        self.starts.clear()
        self.stacks.clear()
        self.turned = 0
        self.page = self._default_page(self.view(state, None))

    def _default_page(self, view: dict[str, Any]) -> str:
        if view["outcome"] is not None:
            return "result"
        return "roll" if self.rolled else "screen"

    # ------------------------------------------------------------------ input

    def menus(self, seat: int, state: State) -> SeatMenus:
        view = self.view(state, seat)
        legal = state.legal_actions(seat) if seat in self.asked(state) else []
        reasons: dict[Action, str] = {}

        def why(action: Action) -> str:  # each reason found once (on a copy of the game)
            if action not in reasons:
                reasons[action] = self.why_not(state, action)
            return reasons[action]

        return SeatMenus(seat, view, legal, list(self.labels), state.data,  # type: ignore
                         why,
                         lambda action: self.describe(state, action, seat),
                         self.acted.get(seat))

    def menu_for(self, seat: int, state: State) -> Menu | None:
        """The seat's menu for what it has to do now; with nothing to do, what it holds."""
        menus = self.menus(seat, state)
        if view_over(menus.view):
            return None
        return menus.first() or info_menu(menus)

    def why_not(self, state: State, action: Action) -> str:
        """As :meth:`Flow.why_not`, on a copy of the game that shares its (read-only) data
        pack: copying the pack made each reason cost tens of milliseconds."""
        data = getattr(state, "data", None)
        try:
            copy.deepcopy(state, {id(data): data}).apply(action)
        except GameError as error:
            return plain(self.reason(error)[0])
        return ""

    def describe(self, state: State, action: Action, seat: int) -> str:
        return lb.seats_named(state.describe(action, seat), self.labels)

    def _choose(self, seat: int, item: Item) -> Action | None:
        if isinstance(item.value, Action):
            self.acted[seat] = item.value
        return super()._choose(seat, item)

    def tag(self, seat: int, kind: str, component: str, state: State) -> Action | None:
        view = self.view(state, seat)
        name = lb.name(self.data, component, 40)
        identify = getattr(a, "Identify", None)
        if kind in CARD_TAGS and view["phase"] == "identify" and seat in self.waiting(state) \
                and identify is not None:
            return identify(seat, component)  # type: ignore[no-any-return]
        physical = view["options"].get("cards") == "physical"
        if view["phase"] == "identify" and seat not in self.waiting(state):
            who = ", ".join(lb.who(self.labels, s) for s in self.waiting(state))
            why = f"{who} tells the box the card drawn"
        else:
            why = ("tap a card when the box asks which card you drew" if physical else
                   "the box deals the cards in this game")
        self.messages[seat] = (f"{name} tapped, nothing changes: {why}; use the buttons", "")
        return None

    # ------------------------------------------------------------------ screens

    def announce(self, state: State, events: Sequence[Event]) -> str:
        """The last public line of the change, whole (the public page wraps it; the "roll"
        page shows the whole chain)."""
        lines = [lb.seats_named(e.text, self.labels) for e in events if isinstance(e, TOLD)]
        return lines[-1] if lines else ""

    def _pages(self, state: State, note: str) -> list[pub.Page]:
        return pub.pages(self.view(state, None), note, self.data, list(self.told))

    def seat(self, seat: int, state: State, shown: bool) -> Canvas:
        view = self.view(state, seat)
        labels = list(self.labels)
        waiting = self.waiting(state)
        return self.menu_screen(
            seat, shown, lambda: draw.hidden(self.label(seat), view, labels, waiting, seat),
            lambda: draw.home(view, labels, waiting, seat, self.data))

    def reveal(self, seat: int, state: State) -> Canvas:
        return draw.reveal(self.view(state, seat), list(self.labels), seat, self.data)


def view_over(view: dict[str, Any]) -> bool:
    return view["outcome"] is not None
