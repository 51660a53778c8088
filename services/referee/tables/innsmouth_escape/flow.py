"""Innsmouth Escape at the table: each seat's buttons (and tags) to engine actions, views to
screens.

`ok` opens what the seat has to do now. Maps (:mod:`.mapview`) offer only legal cells: the
Deep One players place their pawns, move them (source, then destination, repeated, then
"Done"), move their Shoggoth and spawn with a cursor over the map; the Human places his pawn
and plots on his own screen only: the map offers the cells a legal plot ends on, `ok` lists
the legal ways there ("3E 2S R"), `ok` commits it. Hold `ok` goes back one menu. Outside a
menu, `next`/`prev` turn the pages of the public screen.

Tags: during his plot the Human taps his three movement cards in the order they take effect
and two location tokens (a column letter, a row number); the box plays the legal plot that
matches (asking for the directions only when several do). Any other tap changes nothing and
says why, on the tapping seat's screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from services.games.core import Action, Event, SeatPrompt, State
from services.games.innsmouth_escape import actions as a
from services.referee.box.flow import MenuFlow, ViewCache
from services.referee.box.menu import Item, Menu
from services.referee.box.render import Canvas, fit
from services.referee.tables.innsmouth_escape import menus
from services.referee.tables.innsmouth_escape import public as pub
from services.referee.tables.innsmouth_escape import screens as draw
from services.referee.tables.innsmouth_escape import words as w
from services.referee.tables.innsmouth_escape.mapview import Picker

FIGHTING = ("combat", "kill")
COLUMNS, ROWS = "ABCDEF", "123456"


class InnsmouthFlow(MenuFlow):
    def __init__(self) -> None:
        self.stacks: dict[int, list[Menu]] = {}
        self.messages: dict[int, tuple[str, str]] = {}  # seat -> (reason, rule)
        self.starts: dict[int, int] = {}  # seat -> first line of a long message shown
        self.page = "map"
        self.turned = 0
        self.before: dict[str, Any] | None = None
        self.tapped: dict[str, Any] = {}  # the Human's tags for his plot
        self.views = ViewCache()

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return self.views.get(state, seat)

    @staticmethod
    def waiting(state: State) -> list[int]:
        return [p.seat for p in state.pending() if isinstance(p, SeatPrompt)]

    # ------------------------------------------------------------------ after every change

    def reset(self, state: State) -> None:
        self.views.clear()
        view = self.view(state, None)
        before, self.before = self.before, view
        self.messages.clear()
        self.starts.clear()
        waiting = self.waiting(state)
        same_step = (before is not None and before["phase"] == view["phase"]
                     and before["round"] == view["round"] and view["phase"].startswith("do_"))
        if same_step:  # another player's input does not close a seat's half-entered move
            for seat in list(self.stacks):
                if seat not in waiting:
                    self.stacks.pop(seat)
        else:
            self.stacks.clear()
            self.turned = 0
        if view["phase"] != "plot":
            self.tapped = {}
        if not same_step:
            self.page = self._default_page(before, view)

    def _default_page(self, before: dict[str, Any] | None, view: dict[str, Any]) -> str:
        if view["outcome"] is not None:
            return "route"
        fought = before is not None and (before["phase"] in FIGHTING or before["phase"] in (
            "attack", "do_attack"))
        if fought and view["phase"] not in FIGHTING and pub.combat_pages(view):
            return "combat"
        return "map"

    # ------------------------------------------------------------------ input

    def hold(self, seat: int, role: str, state: State) -> Action | None:
        if role == "ok":
            if self.back(seat):
                self._refresh(seat)
            elif seat == (self.before or {}).get("human"):
                self.tapped = {}
        return None

    def menu_for(self, seat: int, state: State) -> Menu | None:
        """The first menu of what the seat has to do now (None: nothing to do)."""
        if seat not in self.waiting(state):
            return None
        view = self.view(state, seat)
        return menus.SeatMenus(seat, view, state.legal_actions(seat), list(self.labels)).first()

    def _choose(self, seat: int, item: Item) -> Action | None:
        value = item.value
        if isinstance(value, Action):
            return value
        if not callable(value):
            return None
        result = value()
        stack = self.stacks[seat]
        if isinstance(result, Menu):
            stack.append(result)
        elif isinstance(result, Action):
            return result
        elif result == menus.POP:
            stack.pop()
            self._refresh(seat)
        else:
            self._refresh(seat)
        return None

    def _refresh(self, seat: int) -> None:
        stack = self.stacks.get(seat)
        if stack and isinstance(stack[-1], Picker) and stack[-1].refresh is not None:
            stack[-1].refresh(stack[-1])

    # ------------------------------------------------------------------ tags

    def tag(self, seat: int, kind: str, component: str, state: State) -> Action | None:
        view = self.view(state, seat)
        plotting = view["phase"] == "plot" and seat in self.waiting(state)
        if kind == "card" and seat in self.waiting(state):  # your own decks: the card itself
            if view["phase"] == "identify":
                return a.Identify(seat, component)
            if seat != view["human"]:
                return a.PlayDeepOneCard(seat, component)
        if not plotting:
            why = ("the Human is plotting: only his movement cards and location tokens count"
                   if view["phase"] == "plot" else
                   "tags are for the Human's plot and your own cards: use the buttons now")
            self.messages[seat] = (f"{component} tapped, nothing changes: {why}", "")
            return None
        hand = view["human_private"]["movement_hand"]
        tapped = self.tapped.setdefault("cards", [])
        if kind == "movement":
            if component not in hand:
                self.messages[seat] = (f"{component} is not in your hand: play one of "
                                       f"{', '.join(hand)}", "R-IE-11")
            elif component in tapped or len(tapped) == 3:
                self.messages[seat] = (f"{component}: 3 different cards, then 2 location "
                                       "tokens (hold OK to start again)", "R-IE-10")
            else:
                tapped.append(component)
        elif kind == "location":
            token = component.upper()
            self.tapped["column" if token in COLUMNS else "row"] = token
        else:
            self.messages[seat] = (f"{component} is not a movement card or a location token: "
                                   "play your cards with the buttons", "")
            return None
        return self._tapped_plot(seat, view)

    def _tapped_plot(self, seat: int, view: dict[str, Any]) -> Action | None:
        cards = self.tapped.get("cards", [])
        column, row = self.tapped.get("column"), self.tapped.get("row")
        if len(cards) < 3 or not column or not row:
            return None
        to = f"{column}{row}"
        values = tuple(w.card_value(c) for c in cards if w.card_value(c))
        rests = 3 - len(values)
        found = [p for p in w.legal_plans(view) if p.end == to and p.rests == rests
                 and tuple(v for v, _d in p.moves) == values]
        self.tapped = {}
        if not found:
            self.messages[seat] = (f"no legal path with these cards ends on {to}: tap your "
                                   "cards and tokens again", "R-IE-19")
            return None

        def plot(plan: Any) -> a.Plot:
            return a.Plot(seat, tuple(cards), tuple(d for _v, d in plan.moves), to)

        if len(found) == 1:
            return plot(found[0])
        items = [Item(w.plan_label(p), plot(p)) for p in found]
        self.stacks[seat] = [Menu(f"To {to}: which way?", items)]
        return None

    # ------------------------------------------------------------------ screens

    def announce(self, state: State, events: Sequence[Event]) -> str:
        lines = [(RANK.get(type(e), 0), i, self._event_line(e)) for i, e in enumerate(events)]
        lines = [x for x in lines if x[2]]
        return max(lines)[2] if lines else ""

    def _colour_seat(self, colour: str) -> str:
        colours = (self.before or {}).get("colours") or []
        return w.short(self.labels, colours.index(colour)) if colour in colours else colour

    def _event_line(self, event: Event) -> str:
        match event:
            case a.HumanChosen(seat=seat):
                return f"{w.short(self.labels, seat)} is the Human"
            case a.PawnsPlaced(colour=colour, cells=cells):
                return f"{colour}: {' '.join(cells)}"
            case a.HumanPlaced(cell=cell):
                return f"the Human starts {cell}"
            case a.Plotted(face_down=down, rests=rests):
                return f"Human plot: {down} down" + (f" {rests}R" if rests else "")
            case a.Revealed(path=path, forfeit=forfeit):
                return "move forfeited" if forfeit else f"Human: {w.corners(path)}"
            case a.CardsDrawn(deck=deck, tableau=tableau, to_hand=to_hand):
                return f"draws {len(tableau) + to_hand} {deck}"
            case a.Spawned(colour=colour, cells=cells, lost=lost):
                return f"{colour} +{len(cells)}" if colour else f"{lost} pawns lost"
            case a.Equipped(card=card):
                return f"equips {w.name(card)}"
            case a.CardUsed(card=card):
                return fit(f"Human plays {w.name(card)}", f"plays {w.name(card)}")
            case a.Killed(colours=colours):
                return fit(f"kills {w.colours_line(colours)}", f"kills {w.letters_line(colours)}")
            case a.Casualties(wounds=wounds):
                return f"combat over: W{wounds}"
            case a.DeepOnesMoved(colour=colour, pawns=pawns):
                return f"{colour} moved {len(pawns)}"
            case a.DeepOneCardsDrawn(colour=colour, count=count):
                return f"{colour} draws {count}"
            case a.Summoned(colour=colour, cell=cell):
                return f"{colour} Shoggoth on {cell}"
            case a.DeepOneCardPlayed(colour=colour, card=card):
                return f"{colour}: {w.name(card)}"
            case a.Adjusted(kind="move_pawns", amount=amount, colour=colour, cell=cell, to=to):
                return f"{colour} {amount} {cell}>{to}"
            case a.Adjusted(kind="shoggoth", colour=colour, to=to):
                return f"{colour} Shoggoth {to or 'off'}"
            case a.Adjusted(kind=kind, amount=amount, colour=colour, cell=cell):
                return f"adjust {kind} {amount:+} {colour} {cell}".strip()
            case a.RoundStarted(round=number):
                return f"round {number}"
            case a.GameWon(side=side):
                return "THE HUMAN ESCAPES" if side == "human" else "THE DEEP ONES WIN"
        return ""

    def _pages(self, state: State, note: str) -> list[pub.Page]:
        return pub.pages(self.view(state, None), list(self.labels), note)

    def seat(self, seat: int, state: State, shown: bool) -> Canvas:
        view = self.view(state, seat)
        labels = list(self.labels)
        waiting = self.waiting(state)
        return self.menu_screen(
            seat, shown, lambda: draw.hidden(self.label(seat), view, labels, waiting, seat),
            lambda: self._home(seat, view, labels, waiting))

    def _home(self, seat: int, view: dict[str, Any], labels: list[str],
              waiting: list[int]) -> Canvas:
        canvas = draw.home(view, labels, waiting, seat)
        if self.tapped and seat == view["human"]:
            cards = " ".join(str(w.card_value(c) or "R") for c in self.tapped.get("cards", []))
            where = f"{self.tapped.get('column', '?')}{self.tapped.get('row', '?')}"
            canvas = draw.dense_page(draw.role_title(view, labels, seat),
                                     ["tags:", f"cards {cards}", f"to {where}", "",
                                      "hold OK: start again"])
        return canvas

    def reveal(self, seat: int, state: State) -> Canvas:
        return draw.reveal(self.view(state, seat), list(self.labels), seat)


RANK: dict[type, int] = {
    a.GameWon: 9, a.Casualties: 7, a.Killed: 6, a.Revealed: 6, a.Summoned: 5,
    a.DeepOneCardPlayed: 5, a.CardsDrawn: 5, a.Plotted: 5, a.Spawned: 4, a.Equipped: 4,
    a.CardUsed: 4, a.HumanPlaced: 4, a.PawnsPlaced: 4, a.HumanChosen: 4, a.Adjusted: 3,
    a.DeepOnesMoved: 3, a.DeepOneCardsDrawn: 2, a.RoundStarted: 1,
}
