"""What an Innsmouth 32 bot reads off a seat's view, and the odds of the dice.

:class:`Table` wraps ``view(seat)`` (never the state): the survivors in play with their stats
and spoints, the throngs with their values, the screen, the sanctuaries. The card texts come
from the game's data pack (printed, public cards). The odds are exact sums over the 36 faces
of 2d6 (R-I32-40, R-I32-47..53).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from services.games.innsmouth_32.data import I32Data, load_data

FACES = tuple((x, y) for x in range(1, 7) for y in range(1, 7))
TARGET_CAP = 11  # A-I32-14
OVERKILL = 10  # R-I32-54


@cache
def pack() -> I32Data:
    """The shipped data pack: the printed cards every seat may read."""
    return load_data()


@cache
def p_test(target: int) -> float:
    """P(2d6 <= target), 12 always failing (R-I32-40)."""
    return sum(1 for x, y in FACES if x + y <= target and x + y != 12) / 36


@cache
def damage_odds(shad: bool) -> tuple[tuple[int, float], ...]:
    """The damage die of a monster hit: 1d6, or SHAD (R-I32-53)."""
    if not shad:
        return tuple((d, 1 / 6) for d in range(1, 7))
    found: dict[int, float] = {}
    for x, y in FACES:
        d = x + y if x == y else max(x, y)
        found[d] = found.get(d, 0.0) + 1 / 36
    return tuple(sorted(found.items()))


@dataclass(frozen=True)
class Blow:
    """What one monster attack on a survivor does, on average (R-I32-47..54)."""

    kill: float  # the survivor is eliminated
    drain: float  # spoints it spends to live
    fumble: float  # the victim strikes back (A-I32-10)


@cache
def blow(target: int, shad: bool, spoints: int, speed: int) -> Blow:
    """An attack of ``target`` on a survivor whose side can spend ``spoints`` and flails
    against ``speed``: it negates when it can (R-I32-49), else flails with what it has."""
    kill = drain = 0.0
    dice = damage_odds(shad)
    flail_spent = min(spoints, max(0, TARGET_CAP - speed))
    escape = p_test(min(TARGET_CAP, speed + flail_spent))
    for x, y in FACES:
        if x == y == 1:
            kill += 1 / 36  # head shot (R-I32-51)
            continue
        if (x == y == 6) or x + y > target:
            continue
        bonus = x if x == y else 0
        for d, p in dice:
            damage = d + bonus
            if damage <= spoints:
                drain += p * damage / 36
            else:
                kill += p * (1 - escape) / 36
                drain += p * flail_spent * escape / 36
    return Blow(kill, drain, 1 / 36)


class Table:
    """A seat's view, read."""

    def __init__(self, view: Mapping[str, Any], seat: int, careful: bool = False) -> None:
        self.view = view
        self.seat = seat
        self.careful = careful  # the hard level: mind the kills that spoil (spoils)
        self.data = pack()
        self.director = int(view["director"])
        self.players = int(view["players"])
        self.reel = int(view["reel"])
        self.options: Mapping[str, Any] = view.get("options", {})
        self.survivors: Mapping[str, Any] = view["survivors"]
        self.power: list[int] = list(view["power"])
        self.monster_players: list[int] = list(view["monster_players"])
        self.throngs: list[list[list[Mapping[str, Any]]]] = view["throngs"]
        self.screen: list[Mapping[str, Any]] = view["screen"]
        self.sanctuaries: list[Mapping[str, Any]] = view["sanctuaries"]
        self.step: Mapping[str, Any] = view.get("step", {})

    # ------------------------------------------------------------------ cards

    def card(self, card: str) -> Any:
        """The printed card (None for an id the pack does not hold)."""
        try:
            return self.data.get(card)
        except (KeyError, ValueError):
            return None

    def throng(self, seat: int, index: int) -> list[Mapping[str, Any]]:
        return list(self.throngs[seat][index])

    def throng_value(self, cards: list[Mapping[str, Any]]) -> int:
        return sum(int(c.get("value", 0)) for c in cards)

    def throng_shad(self, cards: list[Mapping[str, Any]]) -> bool:
        return any(c.get("familiar") for c in cards)

    def screen_card(self, card: str) -> Mapping[str, Any] | None:
        return next((s for s in self.screen if s.get("card") == card), None)

    def monster_value(self, card: str) -> int:
        shown = self.screen_card(card)
        if shown is not None and "value" in shown:
            return int(shown["value"])
        for throngs in self.throngs:
            for t in throngs:
                for c in t:
                    if c.get("card") == card:
                        return int(c.get("value", 0))
        info = self.card(card)
        return int(getattr(info, "value", 0) or 0)

    def is_familiar(self, card: str) -> bool:
        shown = self.screen_card(card)
        return bool(shown and shown.get("familiar"))

    # ------------------------------------------------------------------ survivors

    def owner(self, survivor: str) -> int:
        return int(self.survivors[survivor]["owner"])

    def speed(self, survivor: str) -> int:
        stats = self.survivors[survivor]["stats"]
        return int(stats.get("speed", stats.get("brains", 4)))  # R-I32-82: the Night Clerk

    def spoints(self, survivor: str) -> int:
        """What the survivor's side may spend on it: its rest, its player's power and the
        power the other character players could lend (R-I32-55)."""
        me = self.survivors[survivor]
        owner = self.owner(survivor)
        others = sum(p for s, p in enumerate(self.power)
                     if s not in (owner, self.director) and s not in self.monster_players)
        return int(me["rest"]) + self.power[owner] + others // 2

    def worth(self, survivor: str) -> float:
        """How much a survivor matters to its side: its stats, spoints, items and stars."""
        me = self.survivors[survivor]
        stats = me["stats"]
        score = 1.0 + 0.04 * sum(int(v) for v in stats.values()) / max(1, len(stats)) * 4
        score += 0.05 * int(me["rest"]) + 0.25 * int(me["stars"]) + 0.03 * int(me["mythos"])
        score += 0.15 * len(me["items"])
        return score

    def locked(self, sanctuary: str) -> list[str]:
        found = next((s for s in self.sanctuaries if s["card"] == sanctuary), None)
        return list(found["occupants"]) if found else []

    def alive(self) -> list[str]:
        return list(self.survivors)

    def out_of_reach(self, survivor: str) -> bool:
        """No monster may attack it now: inside a sanctuary with locks, or on an event card
        whose victims cannot be attacked (A-I32-09, A-I32-24)."""
        where = str(self.survivors[survivor]["where"])
        if not where:
            return False
        if where in self.view["event_cards"]:
            return not getattr(self.card(where), "attackable", False)
        return any(s["card"] == where and s["locks"] for s in self.sanctuaries)

    def lone(self, victim: str) -> bool:
        """``victim`` is the only survivor of its player's pool and none is left to draw:
        killing it makes that player a monster player (R-I32-32)."""
        owner = self.owner(victim)
        return int(self.view["survivor_pile"]) == 0 and len(self.view["pools"][owner]) == 1

    def spoils(self, victim: str) -> bool:
        """Killing ``victim`` would start Last One Standing (R-I32-73) with the last survivor
        out of the monsters' reach: its round would end with the players winning."""
        others = [s for s in self.survivors if s != victim]
        return int(self.view["survivor_pile"]) == 0 and len(others) == 1 and \
            self.out_of_reach(others[0])
