"""Snapshot checks of option ``cards = physical`` (:mod:`physical`): the unseen cards, the
``"?"`` cards of the piles agreeing with them, and the ``identify`` step. In the box's own
decks there is no ``"?"`` and nothing unseen."""

from __future__ import annotations

from typing import Any

from services.games.core import SnapshotError
from services.games.innsmouth_32.physical import DECKS, PURPOSES, UNKNOWN


def _fail(field: str, message: str) -> SnapshotError:
    return SnapshotError(f"{field}: {message}"[:300])


def check_unseen(state: Any) -> None:
    """The shape of ``unseen``: the movie deck's and the survivor pile's cards the box has not
    seen, each sorted and once, of the right deck; none in the box's own decks."""
    unseen = state.unseen
    if not isinstance(unseen, dict) or set(unseen) != {"movie", "survivors"}:
        raise _fail("unseen", "must be an object with the lists movie and survivors")
    movie = set(state.deck_ids("movie"))
    people = set(state.deck_ids("survivors")) | set(state.data.ids("survivors"))
    if state.options.get("hound", "off") != "off":  # a companion or returning Hound too
        people.add(state.data.hound.id)
    for deck, allowed in (("movie", movie | people), ("survivors", people)):
        cards = unseen[deck]
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise _fail(f"unseen.{deck}", "must be a list of card ids")
        if cards != sorted(set(cards)):
            raise _fail(f"unseen.{deck}", "must be sorted, each card once")
        wrong = [c for c in cards if c not in allowed]
        if wrong:
            raise _fail(f"unseen.{deck}", f"{wrong[0][:40]!r} is not a card of this deck")
    if not state.physical and (unseen["movie"] or unseen["survivors"]):
        raise _fail("unseen", "the box deals its own decks and sees every card")
    both = set(unseen["movie"]) & set(unseen["survivors"])
    if both:
        raise _fail("unseen", f"{sorted(both)[0]!r} is in both decks")
    faces = [c for c in unseen["movie"] if c in people and c not in state.familiar
             and c != state.data.hound.id]  # the Hound is never a familiar face (R-I32-81)
    if faces:
        raise _fail("unseen.movie", f"{faces[0]!r} is a survivor, not a familiar face")
    if set(unseen["survivors"]) & set(state.familiar):
        raise _fail("unseen.survivors", "a familiar face is not in the survivor pile")


def check_physical(state: Any, where: dict[str, str]) -> None:
    """After every known card is placed once (``where``): an unseen card is in no known place;
    the survivor pile and the reel pile are all ``"?"``; a ``"?"`` screen card is face down
    (a face-down card may be known: a card uncovered, D-I32-09); the ``"?"`` of the movie
    deck are as many as its unseen cards and the survivors lost unseen; the ``identify`` step
    asks the right seat for a card that can be there, and the step that takes the card comes
    next."""
    unseen = [*state.unseen["movie"], *state.unseen["survivors"]]
    known = [c for c in unseen if c in where]
    if known:
        raise _fail("unseen", f"{known[0]!r} is unseen, but in the {where[known[0]]}")
    if not state.physical:
        if state.phase == "identify" or any(s[0] == "identify" for s in state.todo):
            raise _fail("phase", "a card is told only with the table's own decks")
        return
    if state.phase == "shuffle":
        raise _fail("phase", "the table shuffles its own decks: the box asks no order")
    for name in ("survivor_pile", "reel_pile"):
        if any(c != UNKNOWN for c in getattr(state, name)):
            raise _fail(name, "the box never sees the cards of the table's piles")
    for i, slot in enumerate(state.screen):
        if slot["card"] == UNKNOWN and not slot["down"]:
            raise _fail(f"screen[{i}]", "a card the box has not seen lies face down")
    lost = len(state.unseen["survivors"]) - len(state.survivor_pile)
    if lost < 0:
        raise _fail("unseen.survivors", "fewer unseen survivors than the survivor pile holds")
    hidden = sum(1 for c in [*state.reel_pile, *state.discards, *state.removed,
                             *(s["card"] for s in state.screen)] if c == UNKNOWN)
    if hidden != len(state.unseen["movie"]) + lost:
        raise _fail("discards", f"{hidden} movie cards the box has not seen, but "
                    f"{len(state.unseen['movie'])} unseen and {lost} survivors lost unseen")
    if state.phase == "identify":
        _check_identify(state)


def _check_identify(state: Any) -> None:
    cur = state.current
    purpose = cur["purpose"]
    if purpose not in PURPOSES or PURPOSES[purpose][0] != cur["deck"] or \
            cur["deck"] not in DECKS:
        raise _fail("current.purpose", f"{str(purpose)[:40]!r} is not a card told from the "
                    f"{str(cur['deck'])[:20]}")
    takers = PURPOSES[purpose][3]
    if not state.todo or state.todo[0][0] not in takers:
        raise _fail("todo", f"the card told is taken by a step {' or '.join(takers)} next")
    if cur["drawn"] and cur["deck"] != "discards":
        raise _fail("current.drawn", "only discards are drawn several at a time")
    if not state.could_be(cur["deck"], cur["drawn"]):
        raise _fail("current", f"no card can come out of the {cur['deck']}")
    chars = cur["deck"] == "survivors" or purpose == "search"
    if chars and cur["seat"] == state.director:
        raise _fail("current.seat", "a character player draws this card")
    if not chars and cur["seat"] != state.director and cur["seat"] not in \
            state.monster_players:
        raise _fail("current.seat", "the director tells this card")
