"""The levels' decisions on a turn, and the choices after a reveal (route, recipient, loss).

Clues are weighed by how the receiver will read them (:func:`.reading.meaning`); a clue the
convention would misread (a play clue whose focus cannot be placed, a Guard signal when the
chop is not the Guard) is never given.
"""

from __future__ import annotations

import random

from services.bots.decktet_escape.mind import Mind
from services.bots.decktet_escape.reading import GUARD_SIGNAL, PLAY, SAVE, chop_of, meaning
from services.bots.decktet_escape.table import words
from services.games.core import Action
from services.games.decktet_escape import actions as a
from services.games.decktet_escape.deck import BOAT, GUARD, KEY

RISK_SURE = 0.95  # normal and hard play a card that is placeable this often whatever the risk
RISK_CHEAP = 0.75  # ... or this often when a disaster would cost at most two cards
SAVE_VALUE = 2.2  # a chop the table cannot lose, about to be discarded


def turn(mind: Mind, rng: random.Random) -> Action:
    """The seat's move on its turn: a clue, a play or a discard (one of the legal ones)."""
    legal = mind.knowledge.legal
    seat = mind.table.seat
    hand = range(len(mind.table.own.cards))
    sure = [s for s in hand if mind.share(s, "play") == 1.0 and mind.share(s, "useful") > 0]
    if mind.level != "easy":
        signalled = [s for s in hand if mind.slots(seat)[s].meaning == GUARD_SIGNAL
                     and mind.share(s, "useful") == 1.0]
        sure += [s for s in signalled if s not in sure]
    if sure:
        return play(mind, max(sure, key=lambda s: (_rank(mind, s), -s)))
    clues = [x for x in legal if isinstance(x, a.Clue)]
    if clues:
        best = easy_clue(mind, clues) if mind.level == "easy" else best_clue(mind, clues)
        if best is not None:
            return best
    if mind.level != "easy":
        risky = [s for s in hand if mind.share(s, "useful") > 0]
        for s in sorted(risky, key=lambda s: -mind.share(s, "play")):
            p = mind.share(s, "play")
            if p >= RISK_SURE or (p >= RISK_CHEAP and mind.board.longest() <= 2):
                return play(mind, s)
    discard = discard_slot(mind)
    if discard is not None:
        move = a.Discard(seat, discard)
        full = mind.table.tokens >= mind.table.token_total
        if move in legal and not (full and clues):
            return move
    if clues:
        stall = best_clue(mind, clues, stall=True) if mind.level != "easy" else None
        return stall or clues[0]
    if discard is not None and a.Discard(seat, discard) in legal:
        return a.Discard(seat, discard)
    plays = list(hand)
    if plays:
        return play(mind, max(plays, key=lambda s: (mind.share(s, "play"), -s)))
    return rng.choice(legal)


def _rank(mind: Mind, slot: int) -> float:
    found = mind.own(slot)
    return sum(mind.play_value(c) for c in found) / len(found)


def play(mind: Mind, slot: int) -> Action:
    """Play ``slot``; with ``declare_route_before_reveal``, aimed where it most likely fits."""
    seat = mind.table.seat
    legal = [x for x in mind.knowledge.legal if isinstance(x, a.Play) and x.slot == slot]
    if len(legal) == 1:
        return legal[0]
    found = [mind.card(c) for c in mind.own(slot)]

    def fits(action: a.Play) -> int:
        if action.route is None:
            return sum(1 for c in found if c.group == KEY)
        return sum(1 for c in found if c.group != KEY and action.route in mind.board.fits(c))

    return max(legal, key=fits) if legal else a.Play(seat, slot)


# ------------------------------------------------------------------ clues


def easy_clue(mind: Mind, clues: list[a.Clue]) -> a.Clue | None:
    """A clue after which a partner knows, from its marks alone, that a card can be placed
    (the nearest partner first)."""
    table = mind.table
    for clue in sorted(clues, key=lambda x: (x.target - table.seat) % table.players):
        hand = table.hands[clue.target]
        for i, card in enumerate(hand.cards):
            if card is None or clue.about not in words(mind.card(card)):
                continue
            if not mind.board.useful(mind.card(card)):
                continue
            after = table.candidates(hand.marks[i] | {clue.about}, hand.nots[i], mind.deck.ids)
            known_before = table.candidates(hand.marks[i], hand.nots[i], mind.deck.ids)
            if all(mind.board.playable(mind.card(c)) for c in after) and not all(
                    mind.board.playable(mind.card(c)) for c in known_before):
                return clue
    return None


def best_clue(mind: Mind, clues: list[a.Clue], stall: bool = False) -> a.Clue | None:
    """The clue the convention values most (None: none worth a token). ``stall``: any
    clue that is read harmlessly (when discarding gains nothing)."""
    table = mind.table
    scored: list[tuple[float, int, a.Clue]] = []
    pending = pending_plays(mind)
    for n, clue in enumerate(clues):
        value = clue_value(mind, clue, pending)
        if value is None:
            continue
        distance = (clue.target - table.seat) % table.players
        value -= 0.05 * distance
        if value > 0 or stall:
            scored.append((value, -n, clue))
    return max(scored)[2] if scored else None


def clue_value(mind: Mind, clue: a.Clue, pending: list[str]) -> float | None:
    """What ``clue`` is worth as the receiver will read it (None: it would be misread): the
    cards it lets the receiver place (the focus of a play clue; any card whose marks then
    show it can be placed), a chop saved, the Guard signalled."""
    table = mind.table
    hand = table.hands[clue.target]
    cards = hand.cards
    touched = [i for i, c in enumerate(cards) if c and clue.about in words(mind.card(c))]
    slots = mind.slots(clue.target)
    what, focus = meaning(slots, touched)
    if focus is None or cards[focus] is None:
        return None
    card = cards[focus]
    new = [i for i in touched if not slots[i].clued]
    # a card newly touched is kept from the discard: worth it for a scarce one
    value = sum(0.4 * table.scarcity(c) - 0.1 for i in new
                if i != focus and (c := cards[i]) and not mind.board.useful(mind.card(c)))
    if what == GUARD_SIGNAL:
        if mind.card(card).group != GUARD:
            return None
        return value + (2.5 if mind.board.useful(mind.card(card)) else 1.0)
    if what == PLAY and not fits_with(mind, card, pending):
        return None
    if what == SAVE and table.critical(card) and chop_soon(mind, clue.target):
        value += SAVE_VALUE
    pool = receiver_pool(mind, clue.target)
    promised = list(pending)
    for i, c in enumerate(cards):
        if c is None or slots[i].meaning == PLAY or not fits_with(mind, c, promised):
            continue
        marks, nots = hand.marks[i], hand.nots[i]
        if i in touched:
            after = (marks | {clue.about}, nots)
        else:
            after = (marks, nots | {clue.about})
        if (what == PLAY and i == focus) or (
                known(mind, *after, pool) and not known(mind, marks, nots, pool)):
            value += mind.play_value(c)
            promised.append(c)
    return value


def receiver_pool(mind: Mind, target: int) -> list[str]:
    """What a card of ``target`` can be for ``target`` as far as this seat can tell: every
    card but those both see (hard), or the whole deck (the other levels read marks only)."""
    if mind.level != "hard":
        return list(mind.deck.ids)
    theirs = {c for c in mind.table.hands[target].cards if c}
    hidden = [c for c in mind.table.seen if c in theirs]
    return [*mind.table.unseen_pool, *hidden]


def known(mind: Mind, marks: frozenset[str], nots: frozenset[str], pool: list[str]) -> bool:
    """A card with these marks can surely be placed usefully now."""
    found = mind.table.candidates(marks, nots, pool)
    return bool(found) and all(mind.board.useful(mind.card(c)) for c in found)


def pending_plays(mind: Mind) -> list[str]:
    """Cards partners were told to play (or know they can) and have not played yet."""
    found = []
    for hand in mind.table.hands:
        if hand.seat == mind.table.seat:
            continue
        for i, card in enumerate(hand.cards):
            slot = mind.slots(hand.seat)[i]
            if card and slot.meaning == PLAY and mind.board.playable(mind.card(card)):
                found.append(card)
    return found


def fits_with(mind: Mind, card_id: str, pending: list[str]) -> bool:
    """``card_id`` can be placed usefully even after the plays already promised."""
    card = mind.card(card_id)
    if card_id in pending or not mind.board.useful(card):
        return False
    groups = [mind.card(c).group for c in pending]
    if card.group == KEY:
        return len(mind.board.routes) + groups.count(KEY) < mind.board.limit
    if card.group == BOAT:
        ready = sum(1 for _, _, n in mind.board.routes if n >= mind.board.needed)
        return groups.count(BOAT) < ready
    return True


def chop_soon(mind: Mind, seat: int) -> bool:
    """The partner at ``seat`` may discard its chop before this seat's next turn: it has no
    card it was told to play."""
    return not any(s.meaning == PLAY for s in mind.slots(seat))


# ------------------------------------------------------------------ discards


def discard_slot(mind: Mind) -> int | None:
    """The card to let go: the chop (easy, normal); hard the card the table misses least,
    the chop first among equals. Never a card told to play or to keep when another will do."""
    seat = mind.table.seat
    slots = mind.slots(seat)
    cards = range(len(mind.table.own.cards))
    if not cards:
        return None
    chop = chop_of(slots)
    if mind.level != "hard":
        if chop is not None:
            return chop
        free = [s for s in cards if slots[s].meaning not in (PLAY, SAVE, GUARD_SIGNAL)]
        return free[0] if free else 0

    def cost(s: int) -> tuple[float, int]:
        found = mind.own(s)
        value = sum(mind.keep_value(c) for c in found) / len(found)
        if slots[s].meaning in (PLAY, SAVE, GUARD_SIGNAL):
            value += 3.0
        elif slots[s].clued:
            value += 0.5
        return value, 0 if s == chop else 1

    return min(cards, key=cost)
