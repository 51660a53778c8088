"""What one decision knows: the table, the history's meanings, what each own card can be.

``level`` decides how much is read: ``easy`` reads the clue marks on its cards (against the
whole deck); ``normal`` and ``hard`` add the convention's meanings (:mod:`.reading`) and
strike out every card they see elsewhere (the information set of each own card).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from services.bots.contract import SeatKnowledge
from services.bots.decktet_escape.reading import GUARD_SIGNAL, PLAY, Reading, Slot, read
from services.bots.decktet_escape.table import Board, Table
from services.games.decktet_escape.deck import BOAT, GUARD, KEY, Card, Deck


@dataclass
class Mind:
    level: str
    knowledge: SeatKnowledge
    deck: Deck
    table: Table
    reading: Reading
    own_cards: Sequence[str] | None = None  # the benchmark's ceiling only (it sees its hand)
    _own: dict[int, list[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, knowledge: SeatKnowledge, level: str, deck: Deck,
           own_cards: Sequence[str] | None = None) -> Mind:
        table = Table.of(knowledge.view, deck)
        reading = read(knowledge.history, knowledge.players, deck, knowledge.options)
        if len(reading.hands) != knowledge.players or any(
                len(reading.hands[h.seat]) != len(h.cards) for h in table.hands):
            reading = Reading([[Slot() for _ in h.cards] for h in table.hands])
        return cls(level, knowledge, deck, table, reading, own_cards)

    @property
    def board(self) -> Board:
        return self.table.board

    def card(self, card_id: str) -> Card:
        return self.deck[card_id]

    def pool(self) -> list[str]:
        """The cards a hidden card of this seat may be before its marks are read."""
        return list(self.table.unseen_pool) if self.level != "easy" else list(self.deck.ids)

    def slots(self, seat: int) -> list[Slot]:
        return self.reading.hands[seat]

    # ------------------------------------------------------------------ own cards

    def own(self, slot: int) -> list[str]:
        """What the card in ``slot`` of this seat's hand can be (never empty)."""
        if slot in self._own:
            return self._own[slot]
        if self.own_cards is not None:
            found = [self.own_cards[slot]]
        else:
            hand = self.table.own
            found = self.table.candidates(hand.marks[slot], hand.nots[slot], self.pool())
            if self.level != "easy":
                found = self.convention(self.slots(self.table.seat)[slot], found)
            if not found:  # the marks alone (a partner who broke the convention)
                found = self.table.candidates(hand.marks[slot], hand.nots[slot],
                                              self.deck.ids) or list(self.deck.ids)
        self._own[slot] = found
        return found

    def convention(self, slot: Slot, found: list[str]) -> list[str]:
        """Narrow what a card can be by what its clue meant (if that leaves anything)."""
        if slot.meaning == PLAY and slot.board is not None:
            board = slot.board
            narrowed = [c for c in found if board.playable(self.card(c))]
        elif slot.meaning == GUARD_SIGNAL:
            narrowed = [c for c in found if self.card(c).group == GUARD]
        else:
            return found
        return narrowed or found

    def share(self, slot: int, test: str) -> float:
        """The share of what ``slot`` can be that is playable (``test`` "play") or useful."""
        found = self.own(slot)
        check = self.board.playable if test == "play" else self.board.useful
        return sum(1 for c in found if check(self.card(c))) / len(found)

    def keep_value(self, card_id: str) -> float:
        """How much the table loses when ``card_id`` is discarded."""
        card = self.card(card_id)
        if card.group == GUARD:  # discarding it is a disaster (R-EX-17)
            return 5.0 + self.board.longest()
        if self.table.critical(card_id):
            return 6.0
        return 3.0 * self.table.scarcity(card_id)

    def play_value(self, card_id: str) -> float:
        """How much placing ``card_id`` now helps (0: it cannot be placed, or is wasted)."""
        card = self.card(card_id)
        if not self.board.useful(card):
            return 0.0
        if card.group == BOAT:
            return 3.0
        if card.group == KEY:
            return 1.5 if self.table.needs()[KEY] else 0.3
        short = [n for r, _, n in self.board.routes if n < self.board.needed
                 and r in self.board.fits(card)]
        return 2.0 + 0.1 * max(short, default=0)
