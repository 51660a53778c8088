"""The table as one seat knows it: routes, what each card can still be, what is needed.

Built from a :class:`~services.bots.contract.SeatKnowledge` only: the seat's view (the other
hands, the clue marks on every card, routes, discards, tokens) and the deck's composition
(public: the 45 cards of the extended Decktet). :mod:`.reading` adds what the history says
(which clue touched which card first, and what the convention made of it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from services.games.decktet_escape.deck import BOAT, CORRIDOR, GUARD, KEY, Card, Deck


def words(card: Card) -> tuple[str, ...]:
    """Every clue that touches ``card`` (the Guard: none, R-EX-07)."""
    return () if card.group == GUARD else (card.group, *card.suits)


@dataclass(frozen=True)
class Board:
    """What decides whether a card can be placed: the routes in progress (anchor suits and
    corridors, Guard included), the route limit, the corridors a boat needs."""

    routes: tuple[tuple[int, frozenset[str], int], ...]  # (route id, anchor suits, corridors)
    limit: int
    needed: int
    boat_must_match: bool = False

    def fits(self, card: Card) -> list[int]:
        """The routes ``card`` can go on (a key: [0] when a new route may start)."""
        if card.group == KEY:
            return [0] if len(self.routes) < self.limit else []
        if card.group == GUARD:
            return [r for r, _, _ in self.routes]
        if card.group == CORRIDOR:
            return [r for r, suits, _ in self.routes if suits & set(card.suits)]
        return [r for r, suits, n in self.routes if n >= self.needed
                and (not self.boat_must_match or bool(suits & set(card.suits)))]

    def playable(self, card: Card) -> bool:
        return bool(self.fits(card))

    def useful(self, card: Card) -> bool:
        """Playable and worth it: a corridor or the Guard onto a route still short of
        corridors, a boat, a key."""
        if card.group in (CORRIDOR, GUARD):
            short = {r for r, _, n in self.routes if n < self.needed}
            return bool(short & set(self.fits(card)))
        return self.playable(card)

    def longest(self) -> int:
        """Cards of the longest route in progress (what a disaster costs), 0 if none."""
        return max((n + 1 for _, _, n in self.routes), default=0)


def board_of(routes: Iterable[tuple[int, Sequence[str]]], deck: Deck, limit: int,
             needed: int, boat_must_match: bool = False) -> Board:
    """A board from routes given as (id, card ids, key first)."""
    rows = []
    for rid, cards in routes:
        anchor = next(c for c in reversed(cards) if deck[c].group != GUARD)
        rows.append((rid, frozenset(deck[anchor].suits), len(cards) - 1))
    return Board(tuple(rows), limit, needed, boat_must_match)


@dataclass
class Hand:
    """A hand as this seat sees it: the cards (None where hidden: its own) and their marks."""

    seat: int
    cards: list[str | None]
    marks: list[frozenset[str]]
    nots: list[frozenset[str]]


@dataclass
class Table:
    """The seat's picture of the game now."""

    seat: int
    players: int
    deck: Deck
    board: Board
    hands: list[Hand]
    tokens: int
    token_total: int
    seen: set[str]  # every card this seat sees: routes, discards, escaped, other hands
    escaped: int
    options: Mapping[str, Any]
    unseen_pool: list[str] = field(default_factory=list)
    _live: dict[str, int] = field(default_factory=dict)
    _gone: set[str] | None = None
    _needs: dict[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, view: Mapping[str, Any], deck: Deck) -> Table:
        routes = [(int(r["route"]), [c["card"] for c in r["cards"]]) for r in view["routes"]]
        options = view["options"]
        board = board_of(routes, deck, int(view["route_limit"]), int(view["corridors_needed"]),
                         bool(options.get("boat_must_match", False)))
        seen = {c["card"] for c in view["discard"]}
        seen.update(c for _, cards in routes for c in cards)
        seen.update(c["card"] for e in view["escaped"] if e for c in e)
        if view.get("revealed"):
            seen.add(view["revealed"]["card"])
        hands = []
        for h in view["hands"]:
            cards = [s.get("card") for s in h["slots"]]
            seen.update(c for c in cards if c)
            hands.append(Hand(int(h["seat"]), cards, [frozenset(s["marks"]) for s in h["slots"]],
                              [frozenset(s["not"]) for s in h["slots"]]))
        table = cls(int(view["seat"]), int(view["players"]), deck, board, hands,
                    int(view["tokens"]), int(view["token_total"]), seen,
                    sum(1 for e in view["escaped"] if e), options)
        table.unseen_pool = [c for c in deck.ids if c not in seen]
        return table

    @property
    def own(self) -> Hand:
        return self.hands[self.seat]

    # ------------------------------------------------------------------ what a card can be

    def candidates(self, marks: frozenset[str], nots: frozenset[str],
                   pool: Iterable[str] | None = None) -> list[str]:
        """The cards of ``pool`` (default: every card this seat does not see) that every
        clue in ``marks`` touched and none in ``nots`` did."""
        found = []
        for c in self.unseen_pool if pool is None else pool:
            w = words(self.deck[c])
            if marks <= set(w) and not nots & set(w):
                found.append(c)
        return found

    # ------------------------------------------------------------------ what is needed

    def needs(self) -> dict[str, int]:
        """Cards of each group still needed for everyone to escape (the Guard counts as a
        corridor)."""
        if self._needs:
            return self._needs
        to_escape = self.players - self.escaped
        in_progress = len(self.board.routes)
        keys = max(0, to_escape - in_progress)
        short = sum(max(0, self.board.needed - n) for _, _, n in self.board.routes)
        self._needs = {KEY: keys, BOAT: to_escape, CORRIDOR: short + keys * self.board.needed}
        return self._needs

    def left(self, pool: Iterable[str]) -> dict[str, int]:
        """Cards of each group among ``pool`` (the Guard counted with the corridors)."""
        count = {KEY: 0, BOAT: 0, CORRIDOR: 0}
        for c in pool:
            group = self.deck[c].group
            count[CORRIDOR if group == GUARD else group] += 1
        return count

    def critical(self, card: str) -> bool:
        """Losing ``card`` leaves its group short (or barely enough) of what is needed."""
        group = self.deck[card].group
        group = CORRIDOR if group == GUARD else group
        margin = 1 if group == CORRIDOR else 0
        return self.live()[group] <= self.needs()[group] + margin

    def scarcity(self, card: str) -> float:
        """The share of its group's cards still in play that the table needs (0 to 1)."""
        group = self.deck[card].group
        group = CORRIDOR if group == GUARD else group
        return min(1.0, self.needs()[group] / max(1, self.live()[group]))

    def live(self) -> dict[str, int]:
        """Cards of each group still in hands or the draw pile."""
        if not self._live:
            self._live = self.left(c for c in self.deck.ids if c not in self.gone())
        return self._live

    def gone(self) -> set[str]:
        """Cards out of play: discarded, on routes, escaped."""
        if self._gone is None:
            in_hands = {c for h in self.hands for c in h.cards if c}
            self._gone = {c for c in self.seen if c not in in_hands}
        return self._gone
