"""Intruder Escape at the table: each seat's buttons to engine actions, views to screens.

The box is the deck: it deals, and each seat's screen (when peeked) shows its identity, its
hand and its menus. `ok` opens what the seat has to do now: choose a character, confirm it has
seen its identity (every seat does, so nobody learns anything from who is busy), mark the 3
cards to keep, play a card (card, then target; Snatch: victim, then the card taken) or skip,
play or keep a card taken by Hostage or Snatch, show or hide its identity once dead. Hold `ok`
goes back one menu. Outside a menu, `next`/`prev` turn the pages of the public screen.

"I have seen it" counts only once the seat's screen has shown its identity card (peek):
an OK before that changes nothing, and the hidden screen then says to peek first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from services.games.core import Action, Event, GameError, State
from services.games.intruder_escape import actions as a
from services.referee.box.flow import MenuFlow, ViewCache
from services.referee.box.menu import Item, Menu
from services.referee.box.render import Canvas, fit
from services.referee.tables.intruder_escape import cards as c
from services.referee.tables.intruder_escape import menus
from services.referee.tables.intruder_escape import public as pub
from services.referee.tables.intruder_escape import screens as draw
from services.referee.tables.intruder_escape.cards import short

ROLL_WORDS = {"first": "Start", "security-camera": "Camera", "roulette": "Roulette",
              "broken-mirror": "Mirror", "tie": "Tie", "nodamage": "Unhurt"}


class IntruderFlow(MenuFlow):
    def __init__(self) -> None:
        self.stacks: dict[int, list[Menu]] = {}
        self.messages: dict[int, tuple[str, str]] = {}  # seat -> (engine's reason, rule)
        self.starts: dict[int, int] = {}  # seat -> first line of a long message shown
        self.page = "rows"  # the public page after the last change
        self.turned = 0  # next/prev presses since (any seat's, outside its menus)
        self.before: dict[str, Any] | None = None  # the public view at the last change
        self.roll_for = ""  # what the last die was rolled for
        self.views = ViewCache()
        self.looked: set[int] = set()  # seats whose screen showed their identity card
        self.unseen: set[int] = set()  # seats that pressed OK before it did

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return self.views.get(state, seat)

    # ------------------------------------------------------------------ after every change

    def reset(self, state: State) -> None:
        self.views.clear()
        view = self.view(state, None)
        before, self.before = self.before, view
        self.messages.clear()
        self.starts.clear()
        same_keep = (before is not None and before["phase"] == view["phase"] == "keep"
                     and before["round"] == view["round"])
        if same_keep:  # other seats' choices do not close a seat's half-marked keep menu
            for seat in list(self.stacks):
                if not view["seats"][seat]["choosing"]:
                    self.stacks.pop(seat)
        else:
            self.stacks.clear()
            self.turned = 0
            self.page = self._default_page(before, view)
        self._remember_roll(before, view)
        if view["phase"] != "ready":
            self.looked.clear()
            self.unseen.clear()

    def _default_page(self, before: dict[str, Any] | None, view: dict[str, Any]) -> str:
        if view["outcome"] is not None:
            return "result"
        if view["phase"] == "keep":
            return "damage"  # the last round's assessment first (when there is one)
        if view["camera"] and (before is None or before["camera"] != view["camera"]):
            return "camera"
        if pub.play_over(view):
            return "damage"
        return "rows"

    def _remember_roll(self, before: dict[str, Any] | None, view: dict[str, Any]) -> None:
        die = view["die"]
        if die and die.get("purpose"):
            self.roll_for = die["purpose"]
        elif before is not None and len(view["used_once"]) > len(before["used_once"]):
            self.roll_for = view["used_once"][-1]
        elif before is not None and before["phase"] == "keep" and view["phase"] != "keep":
            self.roll_for = "first"

    # ------------------------------------------------------------------ input

    def open(self, seat: int, state: State) -> Action | None:
        """``ok`` outside a menu: the seat's menu for what it has to do now (if anything)."""
        view = self.view(state, seat)
        if not draw.acting(view, seat):
            return None
        if view["phase"] == "ready":  # "I have seen it" only once the card was shown
            if seat in self.looked:
                return a.Ready(seat)
            self.unseen.add(seat)
            return None
        menu = self.menu_for(seat, state)
        if menu is not None:
            self.stacks.setdefault(seat, []).append(menu)
        return None

    def menu_for(self, seat: int, state: State) -> Menu | None:
        """The first menu of what the seat has to do now."""
        view = self.view(state, seat)
        phase, labels = view["phase"], list(self.labels)
        if not draw.acting(view, seat):
            return None
        if phase == "characters":
            return menus.characters_menu(seat, view, labels)
        if phase == "keep":
            hand = view["you"]["hand"]
            usable = [x for x in hand if c.category(x) != "immunity"]
            return menus.keep_menu(seat, hand, min(c.data().keep, len(usable)))
        if phase in ("turn", "follow"):
            turn = menus.TurnMenus(seat, view, state.legal_actions(seat), labels,
                                   lambda action: self.why_not(state, action))
            return turn.follow() if phase == "follow" else turn.turn()
        if phase == "reveal":
            return menus.reveal_menu(seat)
        return None

    def _choose(self, seat: int, item: Item) -> Action | None:
        value = item.value
        menu = self.stacks[seat][-1]
        if isinstance(value, menus.Toggle) and isinstance(menu, menus.KeepMenu):
            menu.toggle(value.card)
            return None
        if isinstance(value, Action):
            return value
        if callable(value):
            self.stacks[seat].append(value())
        return None

    def refused(self, seat: int, error: GameError) -> None:
        self.messages[seat] = self.reason(error)

    def tag(self, seat: int, kind: str, component: str, state: State) -> Action | None:
        """The box is the deck in this game: a tapped tag changes nothing, and says so."""
        self.messages[seat] = (f"{component} was tapped, but the box deals Intruder Escape: "
                               "choose your cards with the buttons", "")
        return None

    # ------------------------------------------------------------------ screens

    def announce(self, state: State, events: Sequence[Event]) -> str:
        lines = [(RANK.get(type(e), 0), i, self._event_line(e)) for i, e in enumerate(events)]
        lines = [x for x in lines if x[2]]
        return max(lines)[2] if lines else ""

    def reroll(self, events: Sequence[Event]) -> str:
        """A face the rules have the table roll again (A-IX-02: no one plays that character,
        he is dead, at Nobody's Home or not in the tie): the face and why."""
        for event in events:
            if isinstance(event, a.DieRolled) and not event.accepted:
                why = self.seat_words(event.why).removesuffix(": roll again")
                return f"rolled {event.face}: {why}"
        return ""

    def _event_line(self, event: Event) -> str:
        def s(seat: int | None) -> str:
            return short(self.labels, seat) if seat is not None else "-"

        match event:
            case a.CardPlayed(seat=seat, card=card, target=target):
                return f"{s(seat)} {c.name(card)}" + (f">{s(target)}" if target is not None
                                                       else "")
            case a.Skipped(seat=seat, why=why):
                return f"{s(seat)} " + {"skip": "skips", "no cards": "has no cards",
                                        "broken mirror": "loses the turn"}.get(why, why)
            case a.CharacterChosen(seat=seat, character=character):
                return f"{s(seat)}: {c.character_name(character)}"
            case a.IdentitiesDealt():
                return "identities dealt"
            case a.RoundStarted(round=number):
                return f"round {number}: 5 cards"
            case a.HomeUsed(seat=seat):
                return f"{s(seat)}: Nobody's Home!"
            case a.HomeVoid():
                return "Nobody's Home is void"
            case a.FirstPlayer(seat=seat):
                return f"{s(seat)} starts"
            case a.TopExposed(card=card):
                return f"top: {c.name(card)}"
            case a.TookTop(seat=seat, card=card):
                return fit(f"{s(seat)} takes " + (c.name(card) if card else "the top card"),
                           f"{s(seat)} takes {c.code(card) if card else 'it'}")
            case a.Snatched(seat=seat, victim=victim, cards=cards):
                return f"{s(seat)} takes {c.code(cards[0])} from {s(victim)}"
            case a.Held(seat=seat):
                return f"{s(seat)} keeps it"
            case a.HandShown(seat=seat):
                return f"camera: {s(seat)}'s hand"
            case a.TurnLost(seat=seat, lost=lost):
                return f"{s(seat)} loses next turn" if lost else f"{s(seat)}: no turn to lose"
            case a.LifeLost(seat=seat):
                return f"{s(seat)} loses a life"
            case a.LifeRestored(seat=seat):
                return f"{s(seat)} +1 life"
            case a.Died(seat=seat):
                return f"{s(seat)} is dead"
            case a.ItemReturned(card=card, to=to):
                return f"{c.name(card)} back: {to}"
            case a.IdentityRevealed(seat=seat, identity=identity):
                return f"{s(seat)} was {draw.WORD[identity]}"
            case a.GameWon(team=team):
                return f"{pub.TEAM[team]} WIN"
        return ""

    def public(self, state: State, note: str) -> Canvas:
        view = self.view(state, None)
        if note.startswith("rolled ") and view["die"] and view["die"]["rolls"]:
            words = f"{ROLL_WORDS.get(self.roll_for, 'die')}: "
            note = words + pub.die_line(view["die"]["rolls"], list(self.labels),
                                        21 - len(words))
        return self._current(self._pages(state, note))[1]()

    def _pages(self, state: State, note: str) -> list[pub.Page]:
        return pub.pages(self.view(state, None), list(self.labels), note)

    def seat(self, seat: int, state: State, shown: bool) -> Canvas:
        view = self.view(state, seat)
        labels = list(self.labels)
        if not shown:
            first = draw.PEEK_FIRST if seat in self.unseen else ""
            return draw.hidden(self.label(seat), view, labels, seat, first)
        if seat in self.messages:
            return self.message_page(seat)
        stack = self.stacks.get(seat)
        if stack:
            return stack[-1].render()
        if view["phase"] == "ready":  # the identity card is on the seat's screen now
            self.looked.add(seat)
            self.unseen.discard(seat)
        return draw.home(view, labels, seat)

    def reveal(self, seat: int, state: State) -> Canvas:
        return draw.reveal(self.view(state, seat), list(self.labels), seat)


RANK: dict[type, int] = {
    a.GameWon: 9, a.IdentityRevealed: 8, a.Died: 8, a.LifeLost: 7, a.LifeRestored: 6,
    a.HandShown: 6, a.HomeUsed: 5, a.Snatched: 5, a.TurnLost: 5, a.TookTop: 4,
    a.TopExposed: 4, a.CardPlayed: 3, a.FirstPlayer: 3, a.Held: 3, a.Skipped: 2,
    a.ItemReturned: 2, a.CharacterChosen: 1, a.RoundStarted: 1, a.HomeVoid: 1,
}
