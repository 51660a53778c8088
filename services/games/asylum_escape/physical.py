"""Option ``cards = physical``: the table plays with its own shuffled decks (spec 4.9, A-AE-01).

The box does not shuffle or deal the six card decks (Victims, Patients, Special Patients,
Camo/Sabo, Movement, Bloodlust); whoever draws a card tells the box which one it is (by
tapping its tag, or picking it from the list of that deck's cards the box has not seen), in
an ``identify`` step: the Victim who draws (his Victim card, a Camo/Sabo or a Movement card,
a card to flee), the Patients player for Patient and Bloodlust cards. For each deck the box
keeps the cards it has not seen (``decks[deck]``, sorted: their order is unknown).

A Camo/Sabo card that is not a Hold card goes into a hand the box does not know: the hand
holds ``"?"`` (its size is public anyway) and the card stays among the unseen ones, so one
Victim's list never tells him what another holds. The box learns such a card when it is
played (any unseen card with the right timing, if the hand is not empty) or forced out by a
``discard`` adjustment (the Victim names the card discarded at random). A Hold card drawn goes
face-up (R-AE-25) and is known. Empty decks are refilled from the face-up discard pile, which
the players shuffle (D-AE-01): the box only takes the pile back among the unseen cards.

A mixin of :class:`~services.games.asylum_escape.state.AsylumState`, before the others.
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from services.games.asylum_escape import actions as a
from services.games.core import Action, Event, IllegalAction

UNKNOWN = "?"  # a Camo/Sabo card in a hand, with physical decks (learned when played)
DRAW_RULES = {"victims": "R-AE-04", "patients": "R-AE-05", "special": "R-AE-19",
              "camo_sabo": "R-AE-20", "movement": "R-AE-21", "bloodlust": "R-AE-16"}
DECK_WORDS = {"victims": "Victim", "patients": "Patient", "special": "Special Patient",
              "camo_sabo": "Camo/Sabo", "movement": "Movement", "bloodlust": "Bloodlust"}


class PhysicalDecks:
    @property
    def physical(self: Any) -> bool:
        return self.options["cards"] == "physical"

    def pile(self: Any, deck: str) -> int:
        """How many cards are face-down in ``deck`` (with physical decks the unseen cards,
        less the Camo/Sabo cards in hands, plus a card just told and not yet taken)."""
        if not self.physical or deck == "locations":
            return len(self.decks[deck])
        hands = sum(v["hand"].count(UNKNOWN) for v in self.victims) if deck == "camo_sabo" \
            else 0
        return len(self.decks[deck]) + len(self.told) - hands

    def top(self: Any, deck: str, seat: int, step: list[Any]) -> str | None:
        """Take the top card of ``deck``: with the box's decks, the next of the shuffled
        order; with physical decks the card ``seat`` told, or None after queueing the
        ``identify`` step and then ``step`` again."""
        if not self.physical:
            return str(self.decks[deck].pop(0))
        if self.told:
            return str(self.told.pop())
        self.push(["identify", seat, deck, "draw"], step)
        return None

    # ------------------------------------------------------------------ shuffles

    def own_shuffle(self: Any, deck: str, cards: list[str]) -> list[Event]:
        """The players shuffle ``cards`` as the deck (the whole deck at set-up, the Victims
        deck with a mulligan card back in it, a discard pile as the new deck)."""
        self.decks[deck] = sorted(cards)
        return [a.DeckShuffled(deck, self.pile(deck))]

    # ------------------------------------------------------------------ identify

    def step_identify(self: Any, seat: int, deck: str, purpose: str) -> list[Event]:
        return self.wait("identify", seat=seat, deck=deck, purpose=purpose)

    def identify_actions(self: Any, seat: int) -> list[Action]:
        return [a.Identify(seat, c) for c in self.decks[self.current["deck"]]
                if not self.identify_refusal(c)]

    def only_hold_left(self: Any) -> bool:
        """Every Camo/Sabo card the box has not seen but a Hold card is in some hand: the
        pile holds Hold cards only (known from public counts)."""
        unseen = sum(1 for c in self.decks["camo_sabo"] if not self.data.get(c).hold)
        return unseen <= sum(v["hand"].count(UNKNOWN) for v in self.victims)

    def identify_refusal(self: Any, card: str) -> str:
        deck, purpose = self.current["deck"], self.current["purpose"]
        words = DECK_WORDS[deck]
        try:
            info = self.data.get(card)
        except KeyError:
            return f"{card!r} is not a card of the pack: tap or choose the {words} card"
        name = getattr(info, "name", card)
        copies = [c for c in self.decks[deck] if self.data.kind(c) == card and c != card]
        if copies:
            return (f"{card!r} names the kind of card, not one copy: identify a copy, e.g. "
                    f"{copies[0]!r}")
        if card not in self.data.deck(deck):
            return f"{name} is not a {words} card: tap or choose the {words} card"
        if card not in self.decks[deck]:
            return f"{name} is face-up or in play already: tap or choose the {words} card"
        if purpose == "discard" and info.hold:
            return f"{name} is a Hold card, not in the hand: choose the card discarded"
        if purpose == "draw" and deck == "camo_sabo" and not info.hold and \
                self.only_hold_left():
            return (f"{name} cannot be in the deck: every other Camo/Sabo card is in a hand, "
                    "so the card drawn is a Hold card")
        return ""

    def identified(self: Any, action: a.Identify) -> list[Event]:
        deck, purpose = self.current["deck"], self.current["purpose"]
        reason = self.identify_refusal(action.card)
        if reason:
            raise IllegalAction(DRAW_RULES[deck] if purpose == "draw" else "A-AE-22", reason)
        self.decks[deck].remove(action.card)
        if purpose == "discard":  # D-AE-16: the card forced out, now face-up
            victim = self.victim(action.seat)
            victim["hand"].remove(UNKNOWN)
            self.discards["camo_sabo"].append(action.card)
            return [a.CardDiscarded(action.seat, action.card), *self.resume()]
        self.told.append(action.card)
        return self.resume()

    # ------------------------------------------------------------------ Camo/Sabo

    def to_hand(self: Any, seat: int, card: str) -> None:
        """A non-Hold Camo/Sabo card into the hand: with physical decks the box forgets it."""
        if not self.physical:
            self.victim(seat)["hand"].append(card)
            return
        self.victim(seat)["hand"].append(UNKNOWN)
        insort(self.decks["camo_sabo"], card)

    def step_camo(self: Any, seat: int) -> list[Event]:
        """Physical decks: a Victim draws one Camo/Sabo card (R-AE-07, an adjustment)."""
        card = self.top("camo_sabo", seat, ["camo", seat])
        if card is None:
            return []
        held, discarded = self.take_camo(seat, card)
        return [a.CardDrawn(seat, "camo_sabo", held, discarded)]

    def unseen_hand(self: Any, seat: int) -> list[str]:
        """Physical decks: the cards the box has not seen that may be in ``seat``'s hand."""
        if UNKNOWN not in self.victim(seat)["hand"]:
            return []
        return [c for c in self.decks["camo_sabo"] if not self.data.get(c).hold]

    def from_hand(self: Any, seat: int, card: str) -> None:
        """Take a played card out of the hand (physical: learned now)."""
        victim = self.victim(seat)
        if victim["held"] == card:
            victim["held"] = ""
        elif self.physical:
            victim["hand"].remove(UNKNOWN)
            self.decks["camo_sabo"].remove(card)
        else:
            victim["hand"].remove(card)
