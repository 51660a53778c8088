"""The invariants of an Escape! snapshot, checked before a state is built from it.

Every field has its type and range; every card id is one of the deck's; with dealt cards
each of the 45 cards is in exactly one place (draw pile, a hand, the discard pile, a route,
an escaped route, the completed route or the card being placed), with physical cards every
card on the table is there once and the hidden ones add up to 45; the phase, the active
seat and the pending choice agree. A position that already meets an end condition
(everyone escaped, R-EX-19; the active seat holds no card and cannot clue, R-EX-20) is ended
when it is loaded (:func:`settle`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from services.games.core import DataError
from services.games.decktet_escape.deck import BOAT, CORRIDOR, GUARD, KEY, SUITS, Deck
from services.games.kit.snapshot import (
    at,
    each,
    fail,
    field,
    ident,
    ids,
    integer,
    maybe,
    obj,
    once,
    outcome,
    seat,
    text,
)

if TYPE_CHECKING:
    from services.games.decktet_escape.state import EscapeState

HAND_SIZE = 5
PHASES = ("deal", "turn", "place", "give", "lose", "over")
CLUE_WORDS = (KEY, CORRIDOR, BOAT, *SUITS)
FIELDS = ("game", "format", "deck", "players", "options", "phase", "draw", "hands",
          "hand_sizes", "draw_left", "marks", "not_marks", "discard", "tokens", "routes",
          "escaped", "active", "revealed", "choices", "completed", "disaster", "clues",
          "next_route", "turn", "outcome")


def deck(data: Mapping[str, Any]) -> Deck:
    """The snapshot's own deck (a corrected pack), validated like a deck file."""
    value = obj(field(data, "deck"), "deck", ("pack", "version", "cards"))
    try:
        return Deck.from_json(value, "deck")
    except DataError as error:
        raise fail("", error.message) from None


def check(data: Mapping[str, Any], deck: Deck) -> None:
    """Raise SnapshotError naming the first field that breaks an invariant."""
    obj(data, "", FIELDS)
    players: int = data["players"]
    options: Mapping[str, Any] = data["options"]
    physical = options["cards"] == "physical"
    phase = text(data["phase"], "phase", PHASES)
    if physical and phase == "deal":
        raise fail("phase", "with physical cards the table deals its own cards: there is no "
                   "'deal' phase")
    dealt = phase != "deal"
    cards = deck.ids
    total = 6 if options["dark_of_the_storm"] else options["tokens"]
    corridors = 4 if options["bowels_of_the_ship"] else 3

    draw = ids(data["draw"], "draw", cards)
    hands = each(data["hands"], "hands", lambda v, p: ids(v, p, cards, most=HAND_SIZE),
                 players if dealt and not physical else 0)
    sizes = each(data["hand_sizes"], "hand_sizes", lambda v, p: integer(v, p, 0, HAND_SIZE),
                 players if dealt and physical else 0)
    draw_left = integer(data["draw_left"], "draw_left", 0, len(cards))
    for name in ("marks", "not_marks"):
        marks = obj(data[name], name)
        for card, words in marks.items():
            ident(card, at(name, "key"), cards)
            ids(words, at(name, card), CLUE_WORDS, "clue word")
    discard = ids(data["discard"], "discard", cards)
    integer(data["tokens"], "tokens", 0, total if dealt else 0)
    routes = each(data["routes"], "routes", lambda v, p: _route(v, p, deck, corridors, False))
    escaped = each(data["escaped"], "escaped",
                   lambda v, p: maybe(v, p, lambda w, q: _route_cards(w, q, deck, corridors,
                                                                      True)),
                   players if dealt else 0)
    active = seat(data["active"], "active", players)
    revealed = maybe(data["revealed"], "revealed", lambda v, p: ident(v, p, cards))
    choices = each(data["choices"], "choices", lambda v, p: integer(v, p, 0))
    completed = maybe(data["completed"], "completed",
                      lambda v, p: _route(v, p, deck, corridors, True))
    disaster = maybe(data["disaster"], "disaster", lambda v, p: each(
        v, p, lambda w, q: text(w, q), 2))
    each(data["clues"], "clues", lambda v, p: _clue(v, p, players))
    next_route = integer(data["next_route"], "next_route", 1)
    integer(data["turn"], "turn", 0)
    outcome(data["outcome"], "outcome", players)

    if phase in ("place", "give", "lose"):
        held = sizes[active] if physical else len(hands[active])
        if held >= HAND_SIZE:
            raise fail(f"{'hand_sizes' if physical else 'hands'}[{active}]",
                       f"the active seat has just played a card: at most {HAND_SIZE - 1} in hand")
    route_ids = [r[0] for r in routes]
    if len(set(route_ids)) != len(route_ids):
        raise fail("routes", "two routes have the same id")
    if any(r >= next_route for r in route_ids):
        raise fail("next_route", f"{next_route} must be above every route id")
    if (phase == "over") != (data["outcome"] is not None):
        raise fail("outcome", "is set exactly when the phase is 'over'")
    if not dealt and (draw or discard or routes or revealed or draw_left or data["marks"]):
        raise fail("phase", "'deal' comes before any card is dealt, but cards are out")
    _check_choice(phase, choices, route_ids, routes, escaped, revealed, completed, disaster,
                  players)
    zones: list[tuple[str, list[str]]] = [
        ("draw", draw), ("discard", discard),
        *((f"hands[{s}]", h) for s, h in enumerate(hands)),
        *((f"routes[{i}].cards", r[1]) for i, r in enumerate(routes)),
        *((f"escaped[{s}]", e) for s, e in enumerate(escaped) if e is not None)]
    if completed is not None:
        zones.append(("completed.cards", completed[1]))
    if phase == "place" and revealed is not None:
        zones.append(("revealed", [revealed]))
    if physical:
        once(zones)
        if draw or hands:
            raise fail("draw", "physical cards: the box never knows the draw pile or a hand")
        on_table = sum(len(z) for _, z in zones)
        if dealt and on_table + sum(sizes) + draw_left != len(cards):
            raise fail("hand_sizes", f"{on_table} cards on the table, {sum(sizes)} in hands and "
                                     f"{draw_left} to draw make {on_table + sum(sizes) + draw_left}"
                                     f", not the {len(cards)} of the deck")
    elif dealt:
        once(zones, cards)


def _route(value: object, path: str, deck: Deck, corridors: int,
           complete: bool) -> tuple[int, list[str]]:
    data = obj(value, path, ("id", "cards"))
    route_id = integer(data["id"], at(path, "id"), 1)
    return route_id, _route_cards(data["cards"], at(path, "cards"), deck, corridors, complete)


def _route_cards(value: object, path: str, deck: Deck, corridors: int,
                 complete: bool) -> list[str]:
    """A route: a key, then corridors each sharing a suit with the card before (the Guard may
    sit anywhere after the key), and when ``complete`` a boat after enough corridors."""
    cards = ids(value, path, deck.ids)
    if not cards or deck[cards[0]].group != KEY:
        raise fail(at(path, 0), "a route starts with a key")
    body = cards[1:-1] if complete else cards[1:]
    anchor = deck[cards[0]]
    for i, card_id in enumerate(body, start=1):
        card = deck[card_id]
        if card.group == GUARD:
            continue
        if card.group != CORRIDOR or not set(card.suits) & set(anchor.suits):
            raise fail(at(path, i), f"{card_id!r} cannot follow {anchor.id!r} on a route")
        anchor = card
    if complete:
        if len(cards) < 2 or deck[cards[-1]].group != BOAT:
            raise fail(at(path, len(cards) - 1), "a completed route ends with a boat")
        if len(cards) - 2 < corridors:
            raise fail(path, f"a completed route has at least {corridors} corridors")
    return cards


def _clue(value: object, path: str, players: int) -> None:
    data = obj(value, path, ("seat", "target", "about", "slots"))
    seat(data["seat"], at(path, "seat"), players)
    seat(data["target"], at(path, "target"), players)
    text(data["about"], at(path, "about"), CLUE_WORDS)
    each(data["slots"], at(path, "slots"), lambda v, p: integer(v, p, 0, HAND_SIZE - 1))


def _check_choice(phase: str, choices: list[int], route_ids: list[int],
                  routes: list[tuple[int, list[str]]], escaped: list[list[str] | None],
                  revealed: str | None, completed: object, disaster: object,
                  players: int) -> None:
    """The pending choice of place / give / lose matches the table; no choice otherwise."""
    if phase not in ("place", "give", "lose"):
        if choices:
            raise fail("choices", f"there is no choice to make in phase {phase!r}")
        if completed is not None:
            raise fail("completed", "a completed route waits only in phase 'give'")
        return
    if not choices:
        raise fail("choices", f"phase {phase!r} needs the choices the active seat has")
    if phase == "give":
        unescaped = [s for s in range(players) if escaped[s] is None]
        bad = [c for c in choices if c not in unescaped]
        if bad or completed is None:
            raise fail("choices", "a completed route goes to a seat that has not escaped")
        return
    bad = [c for c in choices if c not in route_ids]
    if bad:
        raise fail("choices", f"route {bad[0]} is not in progress")
    if phase == "place" and revealed is None:
        raise fail("revealed", "phase 'place' needs the card being placed")
    if phase == "lose":
        longest = max(len(r[1]) for r in routes)
        if disaster is None or any(len(r[1]) != longest for r in routes if r[0] in choices):
            raise fail("choices", "a disaster chooses among the longest routes")


def settle(state: EscapeState) -> None:
    """End a loaded position that already meets an end condition, as play would have."""
    if state.result is not None or state.phase != "turn":
        return
    if all(e is not None for e in state.escaped):
        state._end("complete", tuple(range(state.players)), "R-EX-19",
                   "every player has escaped: complete success", [])
        return
    state._end_if_stuck([])
