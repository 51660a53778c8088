"""The menus a seat's buttons move through, built from its view and legal actions.

The turn menu lists every card in hand (grouped by name: "Baseball Bat x2") and then every
player as a target, but only the legal choices can be chosen: a card or a target the rules
refuse now is greyed out, and OK on it shows the engine's own reason (found by trying the
move on a copy of the game, so nothing changes). Where a card has several copies, the menu
picks a copy the rules allow on that target.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from services.games.core import Action
from services.games.intruder_escape import actions as a
from services.referee.box.menu import Item, Menu
from services.referee.tables.intruder_escape import cards as c
from services.referee.tables.intruder_escape.cards import short


@dataclass
class Toggle:
    """A card of the keep menu: ok marks or unmarks it."""

    card: str


@dataclass
class KeepMenu(Menu):
    """The 5 dealt cards: mark the ones to keep, then confirm (or use Nobody's Home)."""

    marked: list[str] = field(default_factory=list)
    seat: int = 0
    wanted: int = 3

    def toggle(self, card: str) -> None:
        if card in self.marked:
            self.marked.remove(card)
        else:
            self.marked.append(card)
        self.refresh()

    def refresh(self) -> None:
        for item in self.items:
            if isinstance(item.value, Toggle):
                mark = "x" if item.value.card in self.marked else " "
                item.label = f"[{mark}] {c.name(item.value.card)}"
            elif isinstance(item.value, a.Keep) and not item.value.home:
                chosen = tuple(i.value.card for i in self.items
                               if isinstance(i.value, Toggle) and i.value.card in self.marked)
                item.value = a.Keep(self.seat, chosen)
                item.label = f"Keep these ({len(chosen)}/{self.wanted})"
                item.why = "" if len(chosen) == self.wanted else (
                    f"Mark {self.wanted} cards to keep first (OK on a card marks it); "
                    f"{len(chosen)} marked now.")


def keep_menu(seat: int, hand: Sequence[str], wanted: int) -> KeepMenu:
    items = [Item("", Toggle(x)) for x in hand if c.category(x) != "immunity"]
    if any(c.category(x) == "immunity" for x in hand):
        items.append(Item("Use Nobody's Home", a.Keep(seat, (), home=True)))
    items.append(Item("", a.Keep(seat, ())))
    menu = KeepMenu(f"Keep {wanted} cards", items, seat=seat, wanted=wanted)
    menu.refresh()
    return menu


def characters_menu(seat: int, view: dict[str, Any], labels: list[str]) -> Menu:
    """Every character; the ones other seats took are greyed (the cursor starts on a free
    one) and say who plays them."""
    taken = {info["character"]: info["seat"] for info in view["seats"] if info["character"]}
    items = []
    for character in c.data().characters:
        owner = taken.get(character.id)
        label = f"{character.name} (die {character.die})"
        why = ""
        if owner is not None:
            label = f"{character.name}: {short(labels, owner)}"
            why = f"{short(labels, owner)} plays {character.name}: choose a free character."
        items.append(Item(label, a.ChooseCharacter(seat, character.id), why=why))
    return Menu("Your character", items)


def reveal_menu(seat: int) -> Menu:
    return Menu("You are dead", [Item("Show my identity", a.Reveal(seat, True)),
                                 Item("Keep it secret", a.Reveal(seat, False))])


class TurnMenus:
    """The turn and follow menus of one seat at one moment."""

    def __init__(self, seat: int, view: dict[str, Any], legal: list[Action],
                 labels: list[str], why: Callable[[Action], str]) -> None:
        self.seat, self.view, self.labels, self.why = seat, view, labels, why
        self.plays = [x for x in legal if isinstance(x, a.Play)]

    def turn(self) -> Menu:
        items = [Item(self._group_label(name, cards), self._card_value(cards),
                      why=self._card_why(cards))
                 for name, cards in c.group(self.view["you"]["hand"])]
        items.append(Item("Skip this turn", a.Skip(self.seat)))
        return Menu(f"{short(self.labels, self.seat)}: play a card", items)

    def follow(self) -> Menu:
        card = self.view["follow"]["card"]
        items = [Item(f"Play {c.name(card)}", self._card_value([card]),
                      why=self._card_why([card])),
                 Item("Keep it", a.Hold(self.seat))]
        return Menu(f"Took: {c.name(card)}", items)

    def _card_why(self, cards: list[str]) -> str:
        """Why no copy of this card can be played now ("" when one can)."""
        if any(p.card in cards for p in self.plays):
            return ""
        first = cards[0]
        if c.category(first) not in c.TARGETED and c.kind(first) != "snatch":
            return self.why(a.Play(self.seat, first))
        seats = len(self.view["seats"])
        others = [(self.seat + n) % seats for n in range(1, seats)] + [self.seat]
        reasons = [self.why(a.Play(self.seat, first, t)) for t in others]
        return f"No player can take {c.name(first)} now. {next(r for r in reasons if r)}"

    @staticmethod
    def _group_label(name: str, cards: list[str]) -> str:
        return f"{name} x{len(cards)}" if len(cards) > 1 else name

    def _card_value(self, cards: list[str]) -> Action | Callable[[], Menu]:
        first = cards[0]
        category = c.category(first)
        if category in c.TARGETED:
            return lambda: self._targets(cards)
        if c.kind(first) == "snatch":
            return lambda: self._victims(cards)
        legal = next((p for p in self.plays if p.card in cards and p.target is None), None)
        return legal or a.Play(self.seat, first)

    def _target_label(self, target: int) -> str:
        info = self.view["seats"][target]
        label = short(self.labels, target)
        if target == self.seat:
            return f"{label} (you)"
        if not info["alive"]:
            return f"{label} (dead)"
        if info["immune"]:
            return f"{label} (at home)"
        return label

    def _targets(self, cards: list[str]) -> Menu:
        items = []
        for target in range(len(self.view["seats"])):
            legal = next((p for p in self.plays if p.card in cards and p.target == target),
                         None)
            play = legal or a.Play(self.seat, cards[0], target)
            items.append(Item(self._target_label(target), play,
                              why="" if legal else self.why(play)))
        return Menu(f"{c.name(cards[0])} on", items)

    def _victims(self, cards: list[str]) -> Menu:
        items: list[Item] = []
        for victim in range(len(self.view["seats"])):
            takes = [p for p in self.plays if p.card in cards and p.target == victim]
            label = self._target_label(victim)
            if takes:
                items.append(Item(label, self._takes(victim, takes)))
            else:  # nothing to take: greyed, with the engine's reason
                play = a.Play(self.seat, cards[0], victim)
                items.append(Item(label, play, why=self.why(play)))
        return Menu("Snatch from", items)

    def _takes(self, victim: int, takes: list[a.Play]) -> Callable[[], Menu]:
        def build() -> Menu:
            seen: dict[str, a.Play] = {}
            for play in takes:
                seen.setdefault(str(play.take), play)
            items = [Item(c.name(take), play) for take, play in seen.items()]
            return Menu(f"Take from {short(self.labels, victim)}", items)

        return build
