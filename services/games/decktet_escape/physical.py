"""Escape! with the players' own deck (option ``cards=physical``).

The players shuffle and deal real cards and hold them facing outward, as the rulebook says;
the box never knows a hand. A card is identified only when it is played or discarded (its
tag is read, or it is picked from the list of cards not seen yet), and the box checks every
rule that depends on what is on the table: placement and routes (R-EX-10..13), disasters
(R-EX-15, 17), tokens (R-EX-06, 16), hand sizes and draws (R-EX-14, 18) and the end
(R-EX-19, 20). What it cannot check is written on the players' honour: that a clue points
at the right cards (R-EX-06..08; the box only refuses a clue to an empty hand) and that the
card tapped was really in that player's hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from services.games.core import Action, Event, IllegalAction
from services.games.decktet_escape import actions as a
from services.games.decktet_escape.deck import SUITS

if TYPE_CHECKING:
    from services.games.decktet_escape.state import EscapeState

HAND_SIZE = 5
CLUE_WORDS = ("key", "corridor", "boat", *SUITS)


def setup(state: EscapeState) -> None:
    """The players deal their own cards: five each, the rest is the draw pile."""
    state.hand_sizes = [HAND_SIZE] * state.players
    state.draw_left = len(state.deck.cards) - HAND_SIZE * state.players
    state.tokens = state.token_total
    state.escaped = [None] * state.players
    state.active = int(state.options["first_player"])
    state.phase = "turn"
    state.turn = 1


def seen(state: EscapeState) -> set[str]:
    """Every card that has been on the table: the rest is in hands or the draw pile."""
    cards = set(state.discard)
    cards.update(c for r in state.routes for c in r.cards)
    cards.update(c for e in state.escaped if e for c in e)
    if state.completed is not None:
        cards.update(state.completed.cards)
    if state.revealed:
        cards.add(state.revealed)
    return cards


def unseen(state: EscapeState) -> list[str]:
    known = seen(state)
    return [c for c in state.deck.ids if c not in known]


def legal(state: EscapeState, seat: int) -> list[Action]:
    found: list[Action] = []
    if state.tokens >= 1:
        found += [a.Clue(seat, t, about) for t in range(state.players)
                  if t != seat and state.hand_sizes[t] > 0 for about in CLUE_WORDS]
    if state.hand_sizes[seat] > 0:
        cards = unseen(state)
        targets: list[int | None] = [None]
        if state.options["declare_route_before_reveal"]:
            targets += [r.id for r in state.routes]
        found += [a.PlayCard(seat, c, r) for c in cards for r in targets]
        if not (state.options["hanabi_strict_discard"] and state.tokens >= state.token_total):
            found += [a.DiscardCard(seat, c) for c in cards]
    return found


def turn(state: EscapeState, action: Action, events: list[Event]) -> None:
    if isinstance(action, a.Clue):
        state._check_clue(action)
        if state.hand_sizes[action.target] == 0:
            raise IllegalAction(
                "R-EX-08", f"Seat {action.target + 1} holds no card: a clue must point at "
                "least one card")
        state.tokens -= 1
        state.clues.append({"seat": action.seat, "target": action.target,
                            "about": action.about, "slots": []})
        events.append(a.ClueGiven(action.seat, action.target, action.about, (), state.tokens))
        state._next_turn(events)
    elif isinstance(action, a.PlayCard | a.DiscardCard):
        card = _check_card(state, action)
        if isinstance(action, a.PlayCard):
            state._check_declared(action.route)
        elif state.options["hanabi_strict_discard"] and state.tokens >= state.token_total:
            state._refuse_strict_discard()
        state.hand_sizes[action.seat] -= 1
        by = "play" if isinstance(action, a.PlayCard) else "discard"
        events.append(a.CardRevealed(action.seat, None, card, state.card(card).group, by))
        if isinstance(action, a.PlayCard):
            state._played(card, action.route, events)
        else:
            state._discarded(action.seat, card, events)
    elif isinstance(action, a.Play | a.Discard):
        raise IllegalAction(
            "R-EX-09", "with physical cards, name the card you play or discard "
            "(play_card / discard_card with its id): the box does not know your slots")
    else:
        raise IllegalAction("R-EX-05", "on your turn you give a clue, play a card or discard "
                            "a card")


def _check_card(state: EscapeState, action: a.PlayCard | a.DiscardCard) -> str:
    card = action.card
    if card not in state.deck:
        raise IllegalAction("R-EX-01", f"{card!r} is not a card of the extended Decktet")
    if card in seen(state):
        raise IllegalAction(
            "R-EX-01", f"{state.card(card).name} is already on the table or discarded: each "
            "card exists once, so it cannot be in your hand")
    if state.hand_sizes[action.seat] == 0:
        raise IllegalAction("R-EX-20", "you hold no card")
    return card


def draw(state: EscapeState, events: list[Event]) -> None:
    if state.draw_left > 0:
        state.draw_left -= 1
        state.hand_sizes[state.active] += 1
        events.append(a.CardDrawn(state.active, state.draw_left))
