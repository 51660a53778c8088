"""Escape! at the table: each seat's buttons to engine actions.

A seat's screen, when revealed, shows the other players' cards and its own clue marks
(`next` switches to a detailed list of its own marks). On its turn, `ok` opens the action
menu, built from ``legal_actions`` so it offers only what the rules allow: give a clue
(player, then type or suit), play or discard a card (slot). After a reveal the box asks only
when the rules leave a choice (route, recipient, which route a disaster takes). Hold `ok` to
go back one menu.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from services.games.core import Action, Event, GameError, State
from services.games.decktet_escape import actions as a
from services.referee.box.flow import Flow, ViewCache
from services.referee.box.menu import Item, Menu
from services.referee.box.render import Canvas
from services.referee.tables.decktet_escape import screens as draw

CLUE_ORDER = ("key", "corridor", "boat", "moons", "suns", "waves", "leaves", "wyrms", "knots")


class EscapeFlow(Flow):
    def __init__(self) -> None:
        self.stacks: dict[int, list[Menu]] = {}
        self.pages: dict[int, int] = {}
        self.messages: dict[int, tuple[str, str]] = {}  # seat -> (reason, rule)
        self.starts: dict[int, int] = {}  # seat -> first line of a long message shown
        self.verbs: dict[int, str] = {}  # physical cards: what a tapped card does (play)
        self.views = ViewCache()  # each seat's view computed once per change

    def reset(self, state: State) -> None:
        self.views.clear()
        self.stacks.clear()
        self.pages.clear()
        self.messages.clear()
        self.starts.clear()
        self.verbs.clear()

    # ------------------------------------------------------------------ input

    def press(self, seat: int, role: str, state: State) -> Action | None:
        if self.read_message(seat, role):
            return None  # a press scrolls or clears the message, and does nothing else
        stack = self.stacks.setdefault(seat, [])
        if role == "back":
            return self.hold(seat, "ok", state)
        if stack:
            chosen = stack[-1].press(role)
            return self._choose(seat, chosen, state) if chosen is not None else None
        if role in ("next", "prev", "down", "up"):
            self.pages[seat] = 1 - self.pages.get(seat, 0)
        elif role == "ok" and self._acting(seat, state):
            stack.append(self.action_menu(seat, state))
        return None

    def tag(self, seat: int, kind: str, component: str, state: State) -> Action | None:
        """Physical cards: a card tapped on the seat's reader is played (or discarded)."""
        if kind != "card":
            self.messages[seat] = (f"{component} is not an Escape! card", "")
            return None
        if state.options.get("cards") != "physical":
            self.messages[seat] = (f"{component} was tapped, but the box deals the cards "
                                   "(Cards: dealt): play with the buttons", "")
            return None
        if not self._acting(seat, state) or self.views.get(state, seat)["phase"] != "turn":
            self.messages[seat] = ("it is not your turn to play a card", "")
            return None
        if self.verbs.get(seat) == "discard":
            return a.DiscardCard(seat, component)
        return a.PlayCard(seat, component)

    def hold(self, seat: int, role: str, state: State) -> Action | None:
        if role == "ok":
            self.messages.pop(seat, None)
            self.starts.pop(seat, None)
            stack = self.stacks.get(seat)
            if stack:
                stack.pop()
            if not stack:
                self.verbs.pop(seat, None)
        return None

    def _choose(self, seat: int, item: Item, state: State) -> Action | None:
        value = item.value
        if isinstance(value, Action):
            return value
        if callable(value):
            self.stacks[seat].append(value())
        return None

    def refused(self, seat: int, error: GameError) -> None:
        self.messages[seat] = self.reason(error)

    @staticmethod
    def _acting(seat: int, state: State) -> bool:
        return any(getattr(p, "seat", None) == seat for p in state.pending())

    # ------------------------------------------------------------------ menus

    def action_menu(self, seat: int, state: State) -> Menu:
        """The menu ``ok`` opens on the seat's turn (built from its legal actions)."""
        legal = state.legal_actions(seat)
        view = self.views.get(state, seat)
        phase = view["phase"]
        if phase == "place":
            routes = {r["route"]: r for r in view["routes"]}
            items = [Item(draw.route_line(routes[x.route], 20), x) for x in legal
                     if isinstance(x, a.PlaceOn)]
            return Menu(f"Place {draw.code(view['revealed'])} on", items)
        if phase == "give":
            items = [Item(f"give to {self.label(x.to)}", x) for x in legal
                     if isinstance(x, a.GiveRoute)]
            return Menu("Escape route for", items)
        if phase == "lose":
            routes = {r["route"]: r for r in view["routes"]}
            items = [Item(draw.route_line(routes[x.route], 20), x) for x in legal
                     if isinstance(x, a.LoseRoute)]
            return Menu("DISASTER: lose", items)
        clues = [x for x in legal if isinstance(x, a.Clue)]
        if "unseen" in view:
            return self._physical_menu(seat, clues, legal, state)
        plays = [x for x in legal if isinstance(x, a.Play)]
        discards = [x for x in legal if isinstance(x, a.Discard)]
        items = []
        if clues:
            items.append(Item("Give a clue", lambda: self._targets(clues)))
        if plays:
            items.append(Item("Play a card", lambda: self._slots("Play", plays, view, seat)))
        if discards:
            items.append(Item("Discard a card",
                              lambda: self._slots("Discard", discards, view, seat)))
        return Menu(f"{self.label(seat)}: your move", items, footer="hold OK: back")

    def _physical_menu(self, seat: int, clues: list[a.Clue], legal: list[Action],
                       state: State) -> Menu:
        items = []
        if clues:
            items.append(Item("Give a clue", lambda: self._targets(clues)))
        plays = [x for x in legal if isinstance(x, a.PlayCard)]
        discards = [x for x in legal if isinstance(x, a.DiscardCard)]
        if plays:
            items.append(Item("Play: tap or pick", lambda: self._groups("Play", plays, state)))
        if discards:
            items.append(Item("Discard: tap/pick", lambda: self._discarding(seat, discards,
                                                                              state)))
        return Menu(f"{self.label(seat)}: your move", items, footer="or tap a card to play")

    def _discarding(self, seat: int, discards: list[Action], state: State) -> Menu:
        self.verbs[seat] = "discard"
        return self._groups("Discard", discards, state)

    def _groups(self, verb: str, moves: list[Action], state: State) -> Menu:
        """Pick a card from the ones not seen yet: first its group, then the card."""
        card_of = state.card
        by_group: dict[str, list[Action]] = {}
        for move in moves:
            by_group.setdefault(card_of(move.card).group, []).append(move)  # type: ignore[attr-defined]
        names = {"key": "Keys", "corridor": "Corridors", "boat": "Boats", "guard": "The Guard"}
        items = [Item(f"{names[group]} ({len({m.card for m in found})})",  # type: ignore[attr-defined]
                      self._cards(verb, found, state))
                 for group, found in sorted(by_group.items())]
        return Menu(f"{verb}: which card?", items, footer="or tap the card")

    def _cards(self, verb: str, moves: list[Action], state: State) -> Callable[[], Menu]:
        card_of = state.card

        def build() -> Menu:
            by_card: dict[str, list[Action]] = {}
            for move in moves:
                by_card.setdefault(move.card, []).append(move)  # type: ignore[attr-defined]
            items = []
            for card_id, options in by_card.items():
                card = card_of(card_id)
                code = draw.suits_code(card.suits)
                label = f"{card.name[4:] if card.name.startswith('the ') else card.name} {code}"
                value = options[0] if len(options) == 1 else self._declare(options)
                items.append(Item(label[:20], value))
            return Menu(f"{verb} which card?", items)

        return build

    def _targets(self, clues: list[a.Clue]) -> Menu:
        targets = sorted({c.target for c in clues})
        items = [Item(f"tell {self.label(t)}", self._abouts(clues, t)) for t in targets]
        return Menu("Clue: to whom?", items)

    def _abouts(self, clues: list[a.Clue], target: int) -> Callable[[], Menu]:
        def build() -> Menu:
            chosen = {c.about: c for c in clues if c.target == target}
            items = [Item(about, chosen[about]) for about in CLUE_ORDER if about in chosen]
            return Menu(f"{self.label(target)} holds...", items)

        return build

    def _slots(self, verb: str, moves: Sequence[a.Play | a.Discard], view: dict[str, Any],
               seat: int) -> Menu:
        mine = view["hands"][seat]["slots"]
        by_slot: dict[int, list[a.Play | a.Discard]] = {}
        for move in moves:
            by_slot.setdefault(move.slot, []).append(move)
        items = []
        for slot, options in sorted(by_slot.items()):
            label = f"slot {slot + 1}: {draw.marks(mine[slot])}"
            if len(options) == 1:
                items.append(Item(label, options[0]))
            else:  # declare_route_before_reveal: choose the target route too
                items.append(Item(label, self._declare(options)))
        return Menu(f"{verb} which card?", items)

    @staticmethod
    def _declare(options: Sequence[Action]) -> Callable[[], Menu]:
        def build() -> Menu:
            items = [Item("a new route" if getattr(o, "route", None) is None
                          else f"route {o.route}", o) for o in options]  # type: ignore[union-attr]
            return Menu("Aim it at", items)

        return build

    # ------------------------------------------------------------------ screens

    def announce(self, state: State, events: Sequence[Event]) -> str:
        lines = [self._event_line(state, e) for e in events]
        lines = [line for line in lines if line]
        return lines[-1] if lines else ""

    def _event_line(self, state: State, event: Event) -> str:
        def short(seat: int) -> str:
            return draw.short_label(self.labels, seat)

        def code(card_id: str) -> str:
            return draw.suits_code(state.card(card_id).suits)  # type: ignore[attr-defined]

        if isinstance(event, a.ClueGiven):
            return (f"{short(event.seat)}>{short(event.target)}: {event.about} "
                    f"x{len(event.slots)}")
        if isinstance(event, a.RouteStarted):
            return f"new R{event.route}: {code(event.card)}"
        if isinstance(event, a.CardPlaced):
            return f"{code(event.card)} on R{event.route}"
        if isinstance(event, a.RouteCompleted):
            return f"{short(event.escaped)} ESCAPES!"
        if isinstance(event, a.Disaster):
            if event.route:
                return f"DISASTER {code(event.card)}: R{event.route} lost"
            return f"DISASTER: {code(event.card)} lost"
        if isinstance(event, a.Discarded):
            return f"{short(event.seat)} discards {code(event.card)}"
        if isinstance(event, a.ChoiceNeeded):
            return f"{short(event.seat)} chooses..."
        return ""

    def public(self, state: State, note: str) -> Canvas:
        return draw.public_screen(self.views.get(state, None), list(self.labels), note)

    def seat(self, seat: int, state: State, shown: bool) -> Canvas:
        view = self.views.get(state, seat)
        acting = self._acting(seat, state)
        active = self.label(view["active"])
        if not shown:
            return draw.hidden_seat(self.label(seat), acting, active, "")
        if seat in self.messages:
            return self.message_page(seat)
        stack = self.stacks.get(seat)
        if stack:
            return stack[-1].render()
        if self.pages.get(seat, 0) == 1:
            return draw.my_cards_page(view, seat, f"{self.label(seat)}: my cards")
        title = (f"{self.label(seat)} OK: act" if acting
                 else f"{self.label(seat)}: {active} acts")
        return draw.table_page(view, list(self.labels), seat, title)

    def reveal(self, seat: int, state: State) -> Canvas:
        return draw.reveal_page(self.views.get(state, seat), list(self.labels), seat)
