"""Menus built from any list of engine actions: one level per field in which the actions
differ, each labelled with the engine's names (cards, survivors, throngs, stats).

Innsmouth 32's engine keeps gaining actions (lends, gambits, cover attacks, terrors...): a
dedicated menu covers the known ones, and whatever legal action no dedicated menu reaches is
listed here, by type and field, so that every legal action can be chosen with the buttons.
A leaf that stands alone is labelled with the engine's own sentence (``describe``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from services.games.core import Action
from services.referee.box.menu import Item, Menu
from services.referee.box.render import wrap
from services.referee.tables.innsmouth_32 import labels as lb

Label = Callable[[str, Any], str]  # (field, value) -> a label
MAX_DEPTH = 8  # menu levels searched for the actions a menu reaches

TYPE_WORDS = {"pool": "Pool actions", "spotlight": "Take+act", "draw_survivor":
              "Draw survivor+act", "act": "Act", "commit": "Commit spoints",
              "negate": "Negate", "flail": "Flail", "take_attack": "Take+attack",
              "all_out": "All-out attack", "aim": "Aim", "place": "Place", "fade_out":
              "Fade out", "choose": "Choose", "pass": "Pass", "adjust": "Adjust",
              "identify": "Identify a card", "cover_attack": "Cover+attack",
              "monster_cut": "Monster's cut", "star_action": "Star: extra act",
              "lend": "Lend power"}


def fields_of(action: Action) -> list[str]:
    return [f.name for f in dataclasses.fields(action)  # type: ignore[arg-type]
            if f.name != "seat"] if dataclasses.is_dataclass(action) else []


def type_word(kind: str) -> str:
    return TYPE_WORDS.get(kind, lb.kind_word(kind))


def reachable(menu: Menu, depth: int = 0) -> list[Action]:
    """Every action a menu leads to (its items and the menus they open)."""
    found: list[Action] = []
    for item in menu.items:
        if isinstance(item.value, Action):
            if not item.why:
                found.append(item.value)
        elif callable(item.value) and depth < MAX_DEPTH:
            opened = item.value()
            if isinstance(opened, Menu):
                found += reachable(opened, depth + 1)
            elif isinstance(opened, Action):
                found.append(opened)
    return found


def key(value: Any) -> Any:
    """A field's value as a dict key (a list becomes its repr)."""
    try:
        hash(value)
    except TypeError:
        return repr(value)
    return value


class Levels:
    """Builds menus over actions, labelling field values with ``label``; leaves alone in
    their group read ``describe(action)``."""

    def __init__(self, label: Label, describe: Callable[[Action], str]) -> None:
        self.label = label
        self.describe = describe

    def item(self, label: str, actions: Sequence[Action], title: str = "",
             lines: Sequence[str] = ()) -> Item:
        """An item choosing the single action, or opening the levels of several."""
        if len(actions) == 1:
            return Item(label, actions[0])
        return Item(label, lambda: self.menu(title or label, actions, lines))

    def menu(self, title: str, actions: Sequence[Action], lines: Sequence[str] = ()) -> Menu:
        return Menu(lb.shorten(title, 21), self.items(actions), lines=list(lines))

    def items(self, actions: Sequence[Action]) -> list[Item]:
        kinds = list(dict.fromkeys(x.type for x in actions))
        if len(kinds) > 1:
            found = []
            for kind in kinds:
                group = [x for x in actions if x.type == kind]
                if len(group) == 1 and kind not in TYPE_WORDS:
                    found.append(Item(type_word(kind), self.confirm(group[0])))
                else:
                    found.append(self.item(type_word(kind), group))
            return found
        names = fields_of(actions[0]) if actions else []
        field = next((f for f in names if len({key(getattr(x, f)) for x in actions}) > 1),
                     "")
        if not field:
            return [Item(type_word(x.type), self.confirm(x)) for x in actions[:1]]
        groups: dict[Any, list[Action]] = {}
        for x in actions:
            groups.setdefault(key(getattr(x, field)), []).append(x)
        return [self.item(self.label(field, getattr(group[0], field)), group)
                for group in groups.values()]

    def confirm(self, action: Action) -> Callable[[], Menu]:
        """An action known only by its sentence: the sentence, then "Do it"."""
        def build() -> Menu:
            return Menu(lb.shorten(type_word(action.type), 21), [Item("Do it", action)],
                        lines=wrap(self.describe(action)))
        return build
