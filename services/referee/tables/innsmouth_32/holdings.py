"""What a seat holds, in menus it opens with OK: a character player's survivors (each
opening its whole card: stats with insanity, rest spoints, mythos, horror stars, items with
their mythos stores, the sanctuary it is in) and the director's (or a monster player's)
throngs (each opening its monsters and their values)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from services.referee.box.menu import Item, Menu
from services.referee.box.render import fit
from services.referee.tables.innsmouth_32 import labels as lb

Menus = Any  # menus.SeatMenus (which imports this module)


def survivors_menu(menus: Menus) -> Menu:
    """A character player's survivors, each opening its whole card."""
    view, seat = menus.view, menus.seat
    pool = view["pools"][seat] if seat < len(view["pools"]) else []
    power = view["power"][seat] if seat < len(view["power"]) else 0
    return Menu(f"Power spoints {power}", [Item(menus.name(s), survivor_card(menus, s))
                                           for s in pool] or [Item("no survivor")])


def survivor_card(menus: Menus, s: str) -> Callable[[], Menu]:
    def build() -> Menu:
        return Menu(menus.name(s, 21), [Item(line) for line in survivor_lines(menus, s)])
    return build


def survivor_lines(menus: Menus, s: str) -> list[str]:
    me = menus.view["survivors"].get(s, {})
    insane = set(me.get("insane", []))
    lines = [f"{lb.stat_word(k)} {v}" + (" insane" if k in insane else "")
             for k, v in me.get("stats", {}).items()]
    lines.append(f"rest {me.get('rest', 0)} mythos {me.get('mythos', 0)}")
    if me.get("stars"):
        lines.append(f"horror stars {me['stars']}")
    stores = me.get("stores", {})
    for item in me.get("items", []):
        store = f" +{stores[item]}" if stores.get(item) else ""
        lines.append(f"{menus.name(item, 19 - len(store))}{store}")
    if me.get("where"):
        lines.append(fit(f"in {menus.name(me['where'], 17)}", "in a sanctuary"))
    return [fit(line, width=20) for line in lines]


def throngs_menu(menus: Menus) -> Menu:
    """The director's (or a monster player's) throngs, each opening its monsters."""
    throngs = menus.view["throngs"][menus.seat]
    return Menu("My throngs", [Item(menus.throng(i), throng_card(menus, i) if t else None)
                               for i, t in enumerate(throngs)])


def throng_card(menus: Menus, number: int) -> Callable[[], Menu]:
    def build() -> Menu:
        throng = menus.view["throngs"][menus.seat][number]
        return Menu(f"Throng {number + 1} = {lb.throng_value(throng)}", [
            Item(fit(f"{lb.shorten(str(m.get('name', '?')), 17)} {m.get('value', 0)}",
                     str(m.get("value", 0)), width=20)) for m in throng])
    return build


def info_menu(menus: Menus) -> Menu | None:
    """What OK opens when the seat has nothing to do: its survivors or its throngs."""
    view = menus.view
    if menus.seat == view["director"] or menus.seat in view.get("monster_players", []):
        return throngs_menu(menus)
    return survivors_menu(menus)

