"""The menus a seat's buttons move through, built from its view and its legal actions.

An item's value is an action (handed to the table), or a callable that returns a menu to
open, an action, :data:`POP` (close this menu, back to the one below) or None (stay; the
menu redraws). Maps are :class:`~.mapview.Picker` menus that offer only legal cells: the
Human's plot offers only the cells some legal plot ends on, then the legal ways to get there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from services.games.core import Action
from services.games.innsmouth_escape import actions as a
from services.games.innsmouth_escape.board import GRID
from services.referee.box.menu import Item, Menu, reader
from services.referee.box.render import fit, wrap
from services.referee.tables.innsmouth_escape import words as w
from services.referee.tables.innsmouth_escape.mapview import Picker
from services.referee.tables.innsmouth_escape.screens import window_name

POP = "pop"
CAP = 4
TOKEN_LETTERS = {"captive": "c", "equipment": "e", "encounter": "n"}


def human_marks(view: dict[str, Any]) -> dict[str, str]:
    """What the Human sees on his map: Shoggoths, pawns on a cell (all colours), tokens."""
    marks = {}
    for info in view["board"]:
        total = sum(info["pawns"].values())
        if info["shoggoths"]:
            marks[info["cell"]] = "S"
        elif total:
            marks[info["cell"]] = str(min(total, 9))
        elif info["tokens"]:
            marks[info["cell"]] = TOKEN_LETTERS[next(iter(info["tokens"]))]
    return marks


def colour_marks(view: dict[str, Any], colour: str, delta: Counter[str]) -> dict[str, str]:
    """A Deep One player's map: his pawns (with the moves he is entering), x where only other
    colours stand, S a Shoggoth."""
    marks = {}
    for info in view["board"]:
        cell = info["cell"]
        own = info["pawns"].get(colour, 0) + delta[cell]
        others = sum(n for c, n in info["pawns"].items() if c != colour)
        if own:
            marks[cell] = str(own)
        elif info["shoggoths"]:
            marks[cell] = "S"
        elif others:
            marks[cell] = "x"
    return marks


def describe_cell(view: dict[str, Any], colour: str, delta: Counter[str]) -> Callable[[str],
                                                                                       list[str]]:
    def describe(cell: str) -> list[str]:
        info = w.cell_info(view, cell)
        pawns = dict(info["pawns"])
        if colour:
            pawns[colour] = pawns.get(colour, 0) + delta[cell]
        shoggoths = "".join(w.letter(c) for c in info["shoggoths"])
        lines = [f"{cell} S:{shoggoths}" if shoggoths else cell,
                 w.pawn_text(pawns, "") or "no pawns"]
        if info["tokens"]:
            lines.append(" ".join(f"{TOKEN_LETTERS[d]}{r}" for d, r in info["tokens"].items()))
        return lines

    return describe


def _colours(colours: tuple[str, ...]) -> str:
    """Deep Ones by colour for a menu line: "blue 2 red 1", or "b2 r1" when that is long."""
    return fit(w.colours_line(colours), w.letters_line(colours), width=20)


def _keep_cursor(picker: Menu, items: list[Item]) -> None:
    label = picker.current.label if picker.current else ""
    picker.items = items
    labels = [i.label for i in items]
    picker.cursor = labels.index(label) if label in labels else min(picker.cursor,
                                                                     max(0, len(items) - 1))


class SeatMenus:
    """The menus of one seat at one moment."""

    def __init__(self, seat: int, view: dict[str, Any], legal: list[Action],
                 labels: list[str]) -> None:
        self.seat, self.view, self.legal, self.labels = seat, view, legal, labels
        self.colour = view["colours"][seat] if view["colours"] else ""

    def first(self) -> Menu | None:
        phase = self.view["phase"]
        builder = {"place_pawns": self.place_pawns, "place_human": self.place_human,
                   "plot": self.plot, "spawn_here": self.spawn_here, "combat": self.combat,
                   "kill": self.kill, "window": self.window, "adjust": self.adjust,
                   "do_move": self.move, "do_summon": self.summon, "do_spawn": self.spawn,
                   "identify": self.identify}
        found = builder.get(phase)
        return found() if found else None

    def _of(self, kind: type) -> list[Any]:
        return [x for x in self.legal if isinstance(x, kind)]

    def card_items(self) -> list[Item]:
        """Cards to play now, and cards in play for good that may act again this round."""
        return [*[Item(f"Play {w.name(x.card)}", x) for x in self._of(a.PlayDeepOneCard)],
                *[Item(f"Use {w.name(x.card)}", x) for x in self._of(a.ApplyCard)]]

    def cards_menu(self) -> Menu:
        return Menu("Deep One cards", self.card_items())

    def _hand_items(self) -> list[Item]:
        items = []
        for action in self.legal:
            if isinstance(action, a.Equip):
                items.append(Item(f"Equip {w.name(action.card)}", action))
            elif isinstance(action, a.UseCard):
                items.append(Item(f"Use {w.name(action.card)}", action))
        return items

    # ------------------------------------------------------------------ setup

    def place_pawns(self) -> Picker:
        picks: list[str] = []
        view, colour = self.view, self.colour
        free = [i["cell"] for i in view["board"]
                if not (i["icons"]["spawn"] or i["icons"]["draw"] or i["icons"]["shoggoth"])]

        def pick(cell: str) -> Callable[[], Action | None]:
            def choose() -> Action | None:
                picks.append(cell)
                if len(picks) == 3:
                    return a.PlacePawns(self.seat, tuple(picks))
                return None
            return choose

        def undo() -> None:
            if picks:
                picks.pop()

        def refresh(picker: Picker) -> None:
            delta = Counter(picks)
            items = [Item(c, pick(c)) for c in free
                     if w.cell_pawns(view, c).get(colour, 0) + delta[c] < CAP]
            if picks:
                items.append(Item("Undo", undo))
            _keep_cursor(picker, items)
            picker.marks = colour_marks(view, colour, delta)
            picker.describe = describe_cell(view, colour, delta)
            picker.status = [f"{colour}", f"placed {len(picks)}/3"]

        picker = Picker(f"{w.short(self.labels, self.seat)}: place 3 pawns", [], refresh=refresh)
        refresh(picker)
        return picker

    def place_human(self) -> Picker:
        items = [Item(x.cell, x) for x in self._of(a.PlaceHuman)]
        items.sort(key=lambda i: w.CELLS.index(i.label))
        return Picker("Place the Human", items, marks=human_marks(self.view),
                      describe=describe_cell(self.view, "", Counter()),
                      status=["start on a", "cell with", "no token"])

    # ------------------------------------------------------------------ the Human

    def plot(self) -> Picker:
        view = self.view
        ends = w.destinations(view)
        hand = view["human_private"]["movement_hand"]
        items: list[Item] = [Item(cell, self._ways(cell, found)) for cell, found in ends.items()]
        if self._hand_items():
            items.append(Item("Cards", lambda: Menu("Your cards", self._hand_items())))
        values = " ".join(str(w.card_value(c)) or "R" for c in hand).replace("0", "R")

        def describe(cell: str) -> list[str]:
            found = ends.get(cell, [])
            return [f"to {cell}", f"{len(found)} way" + ("s" if len(found) != 1 else "")]

        return Picker("Plot: where to?", items, marks=human_marks(view), home=view["human_cell"],
                      describe=describe, status=["cards:", *wrap(values, 10)])

    def _ways(self, cell: str, found: list[Any]) -> Callable[[], Menu]:
        hand = self.view["human_private"]["movement_hand"]

        def build() -> Menu:
            items = [Item(w.plan_label(p), a.Plot(self.seat, w.plan_cards(hand, p),
                                                  tuple(d for _v, d in p.moves), cell))
                     for p in found]
            return Menu(f"To {cell}: which way?", items)

        return build

    def identify(self) -> Menu:
        found = self.view.get("identifying") or {}
        items = [Item(w.name(x.card), x) for x in self._of(a.Identify)]
        return Menu(f"Drawn {found.get('deck', '')} card?", items)

    def spawn_here(self) -> Menu:
        items = [Item(_colours(x.colours), x) for x in self._of(a.SpawnHere)]
        return Menu("Spawned pawns: pools", items)

    def combat(self) -> Menu:
        cell = self.view["human_cell"]
        weapon = self.view["weapon"]
        if weapon:
            info = w.data().card(weapon)
            dice, hit = info.weapon_dice, info.weapon_hit_on
        else:
            dice, hit = 1, 5
        items = [Item(f"Fight: {dice}d hit {hit}+", a.Fight(self.seat)), *self._hand_items()]
        return Menu(f"Combat on {cell}", items)

    def kill(self) -> Menu:
        kills = self._of(a.Kill)
        count = len(kills[0].colours) if kills else 0
        return Menu(f"Kill {count} Deep One" + ("s" if count != 1 else ""),
                    [Item(_colours(x.colours), x) for x in kills])

    # ------------------------------------------------------------------ cards and effects

    def window(self) -> Menu:
        """Pass or play: the title names the window (its round and step), so the next one
        never looks like this one asked again."""
        items = [Item("Pass", a.Pass(self.seat)), *self.card_items()]
        return Menu(f"{window_name(self.view)}: card?", items)

    def adjust(self) -> Menu:
        adjusting = self.view["adjusting"] or {}
        card = (adjusting.get("cards") or [""])[0]
        text = " ".join(adjusting.get("effects") or [])
        items = [Item("Read the card", lambda: reader(w.name(card), text)),
                 Item("Done: it is applied", a.Adjust(self.seat, "done")),
                 Item("Wounds +1", a.Adjust(self.seat, "wounds", amount=1))]
        if self.view["wounds"]:
            items.append(Item("Wounds -1", a.Adjust(self.seat, "wounds", amount=-1)))
        for amount in (1, -1):
            items.append(Item(f"Pawns {amount:+} on a cell",
                              self._adjust_colours(amount)))
        items.append(Item("Move pawns", self._colours("Move pawns", self._move_from)))
        items.append(Item("Shoggoth", self._colours("Shoggoth", self._shoggoth_to)))
        return Menu(f"Apply: {w.name(card)}", items)

    def _colours(self, title: str, then: Callable[[str], Callable[[], Menu]]
                 ) -> Callable[[], Menu]:
        def build() -> Menu:
            return Menu(f"{title}: colour", [Item(c, then(c)) for c in self.view["pools"]])
        return build

    def _move_from(self, colour: str) -> Callable[[], Picker]:
        """Move pawns (A-IE-03): a cell with that colour's pawns, then where to (1 pawn)."""
        def build() -> Picker:
            view = self.view
            items = [Item(c, self._move_to(colour, c)) for c in w.CELLS
                     if w.cell_pawns(view, c).get(colour, 0)]
            return Picker(f"Move {colour}: from?", items,
                          marks=colour_marks(view, colour, Counter()),
                          describe=describe_cell(view, colour, Counter()),
                          status=["1 pawn"])
        return build

    def _move_to(self, colour: str, start: str) -> Callable[[], Picker]:
        def build() -> Picker:
            view = self.view
            items = [Item(c, a.Adjust(self.seat, "move_pawns", colour, start, c, 1))
                     for c in w.CELLS
                     if c != start and w.cell_pawns(view, c).get(colour, 0) < CAP]
            return Picker(f"{start} {colour} to?", items, home=start,
                          marks=colour_marks(view, colour, Counter()),
                          describe=describe_cell(view, colour, Counter()),
                          status=["1 pawn"])
        return build

    def _shoggoth_to(self, colour: str) -> Callable[[], Picker]:
        """The Shoggoth (A-IE-03): any cell, or off the board."""
        def build() -> Picker:
            view = self.view
            at = view["shoggoths"].get(colour) or ""
            items = [Item(c, a.Adjust(self.seat, "shoggoth", colour, to=c)) for c in w.CELLS
                     if c != at]
            if at:
                items.append(Item("Off board", a.Adjust(self.seat, "shoggoth", colour,
                                                            to="")))
            return Picker(f"{colour} Shoggoth to?", items, home=at,
                          marks=colour_marks(view, colour, Counter()),
                          describe=describe_cell(view, colour, Counter()),
                          status=[f"now {at or 'off'}"])
        return build

    def _adjust_colours(self, amount: int) -> Callable[[], Menu]:
        def build() -> Menu:
            colours = list(self.view["pools"])
            return Menu(f"Pawns {amount:+}: colour", [Item(c, self._adjust_cells(c, amount))
                                                      for c in colours])
        return build

    def _adjust_cells(self, colour: str, amount: int) -> Callable[[], Picker]:
        def build() -> Picker:
            view = self.view
            items = []
            for cell in w.CELLS:
                here = w.cell_pawns(view, cell).get(colour, 0)
                if 0 <= here + amount <= CAP:
                    items.append(Item(cell, a.Adjust(self.seat, "pawns", colour, cell,
                                                     amount=amount)))
            return Picker(f"{colour} {amount:+}: where?", items,
                          marks=colour_marks(view, colour, Counter()),
                          describe=describe_cell(view, colour, Counter()))
        return build

    # ------------------------------------------------------------------ the Deep One turn

    def move(self) -> Picker:
        view, colour, seat = self.view, self.colour, self.seat
        moves: list[tuple[str, str]] = []
        shoggoth: list[str] = [""]
        cards = self.card_items()

        def delta() -> Counter[str]:
            found: Counter[str] = Counter()
            for start, end in moves:
                found[start] -= 1
                found[end] += 1
            return found

        def destinations(start: str) -> Callable[[], Picker]:
            def build() -> Picker:
                change = delta()
                straight = view["options"].get("do_move_straight_only")
                items = []
                for cell in w.CELLS:
                    steps = GRID.distance(start, cell)
                    if not 1 <= steps <= 2 or (straight and start[0] != cell[0]
                                               and start[1:] != cell[1:]):
                        continue
                    if w.cell_pawns(view, cell).get(colour, 0) + change[cell] >= CAP:
                        continue
                    items.append(Item(cell, add(start, cell)))
                return Picker(f"{start} to?", items, marks=colour_marks(view, colour, change),
                              home=start, describe=describe_cell(view, colour, change),
                              status=["1-2 cells"])
            return build

        def add(start: str, end: str) -> Callable[[], str]:
            def choose() -> str:
                moves.append((start, end))
                return POP
            return choose

        def shoggoth_menu() -> Picker:
            at = view["shoggoths"][colour]
            items = [Item(c, set_shoggoth(c)) for c in w.CELLS
                     if c == at or GRID.distance(at, c) == 1]
            return Picker("Shoggoth to?", items, marks=colour_marks(view, colour, delta()),
                          home=at, describe=describe_cell(view, colour, delta()),
                          status=["1 cell", "or stay"])

        def set_shoggoth(cell: str) -> Callable[[], str]:
            def choose() -> str:
                shoggoth[0] = "" if cell == view["shoggoths"][colour] else cell
                return POP
            return choose

        def undo() -> None:
            if moves:
                moves.pop()

        def done() -> Action:
            return a.MoveDeepOnes(seat, tuple(f"{s}>{e}" for s, e in moves), shoggoth[0])

        def refresh(picker: Picker) -> None:
            change = delta()
            items = [Item(c, destinations(c)) for c in w.CELLS
                     if w.cell_pawns(view, c).get(colour, 0) + change[c] > 0
                     and sum(1 for s, _e in moves if s == c) < w.cell_pawns(view, c).get(
                         colour, 0)]
            items.append(Item(f"Done ({len(moves)})", done))
            if view["shoggoths"].get(colour):
                items.append(Item("Shoggoth", shoggoth_menu))
            if moves:
                items.append(Item("Undo", undo))
            if cards:
                items.append(Item("Cards", self.cards_menu))
            _keep_cursor(picker, items)
            picker.marks = colour_marks(view, colour, change)
            picker.describe = describe_cell(view, colour, change)
            picker.status = [colour, "moving"]
            if shoggoth[0]:
                picker.status.append(f"S to {shoggoth[0]}")

        picker = Picker(f"{w.short(self.labels, seat)}: move from?", [], refresh=refresh,
                        home=view["human_cell"])
        refresh(picker)
        return picker

    def summon(self) -> Menu:
        items = [Item("No summoning", a.Summon(self.seat, ""))]
        items += [Item(f"Summon on {x.cell}", x) for x in self._of(a.Summon) if x.cell]
        if self.card_items():
            items.append(Item("Deep One cards", self.cards_menu))
        return Menu("Summon the Shoggoth?", items)

    def spawn(self) -> Picker:
        view, colour, seat = self.view, self.colour, self.seat
        spawns = self._of(a.Spawn)
        count = len(spawns[0].cells) if spawns else 0
        eligible = {c for x in spawns for c in x.cells}
        picks: list[str] = []
        cards = self.card_items()

        def pick(cell: str) -> Callable[[], Action | None]:
            def choose() -> Action | None:
                picks.append(cell)
                return a.Spawn(seat, tuple(picks)) if len(picks) == count else None
            return choose

        def undo() -> None:
            if picks:
                picks.pop()

        def refresh(picker: Picker) -> None:
            change = Counter(picks)
            items = [Item(c, pick(c)) for c in w.CELLS if c in eligible
                     and w.cell_pawns(view, c).get(colour, 0) + change[c] < CAP]
            if picks:
                items.append(Item("Undo", undo))
            if cards:
                items.append(Item("Cards", self.cards_menu))
            _keep_cursor(picker, items)
            picker.marks = colour_marks(view, colour, change)
            picker.describe = describe_cell(view, colour, change)
            picker.status = [f"{colour}", f"spawn {len(picks)}/{count}"]

        picker = Picker(f"{w.short(self.labels, seat)}: spawn {count}", [], refresh=refresh,
                        home=view["human_cell"])
        refresh(picker)
        return picker
