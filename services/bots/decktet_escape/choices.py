"""The choices after a reveal: the route a card goes on, who gets a finished route, which
of the longest routes a disaster takes."""

from __future__ import annotations

from services.bots.decktet_escape.mind import Mind
from services.games.core import Action
from services.games.decktet_escape import actions as a
from services.games.decktet_escape.deck import BOAT, CORRIDOR


def choice(mind: Mind) -> Action:
    """A corridor goes where a route still needs corridors (the longest such), a boat on the
    longest finished route; a disaster takes the route whose end fewer live corridors fit;
    a finished route goes to the first seat offered."""
    legal = mind.knowledge.legal
    view = mind.knowledge.view
    first = legal[0]
    if isinstance(first, a.PlaceOn):
        card = mind.card(view["revealed"]["card"])
        routes = {r: n for r, _, n in mind.board.routes}

        def where(x: Action) -> tuple[int, int]:
            n = routes.get(x.route, 0) if isinstance(x, a.PlaceOn) else 0
            if card.group == BOAT:
                return n, 0
            return (1 if n < mind.board.needed else 0), n

        return max(legal, key=where)
    if isinstance(first, a.LoseRoute):
        def kept(x: Action) -> int:
            route = x.route if isinstance(x, a.LoseRoute) else 0
            suits = next((s for r, s, _ in mind.board.routes if r == route), frozenset())
            return sum(1 for c in mind.deck.cards if c.group == CORRIDOR and c.id not in
                       mind.table.gone() and suits & set(c.suits))

        return min(legal, key=kept)
    return first
