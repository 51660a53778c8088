"""The invariants of an Intruder Escape snapshot, checked before a state is built from it.

Every field has its type and range; per-seat lists have one entry per seat; card ids are
instances of the data's cards (``knife-2``), except the kinds (``knife``) the table saw go
into a hand (``known``) and the hand Security Camera showed (an instance id is read as its
kind there, and a missing ``follow_seen`` as the old rule, the taken card being known);
characters and identity cards are the data's;
each action card is in exactly one place (center deck, discard pile, removed, the batch put
under the deck, a hand, a row, a seat's escape items, or waiting to go back into the deck);
the phase agrees with what it needs (the die, the active seat, the card to follow, the
queue). A position where a team has no living member is ended when it is loaded
(:func:`settle`, R-IX-34/35), as it would have been in play.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from services.games.intruder_escape.cards import ESCAPE_ITEM, IntruderData
from services.games.kit.snapshot import (
    at,
    boolean,
    each,
    fail,
    ident,
    ids,
    integer,
    maybe,
    obj,
    once,
    outcome,
    seat,
    seq,
    text,
)

if TYPE_CHECKING:
    from services.games.intruder_escape.state import IntruderState

PHASES = ("characters", "identities", "center", "ready", "keep", "bottom", "refill", "roll",
          "turn", "follow", "insert", "reveal", "over")
SETUP = ("characters", "identities", "center")
PURPOSES = ("first", "tie", "nodamage", "security-camera", "roulette", "broken-mirror")
FIELDS = ("game", "format", "players", "options", "pack", "pack_version", "phase",
          "characters", "identity_cards", "spare_identity", "ready", "lives_lost", "center",
          "top_exposed", "discard", "removed", "hands", "known", "items", "turns_taken",
          "skip_next", "immune", "home_used", "medkit_used", "used_once", "choices",
          "bottom_batch", "round", "first", "lap", "pos", "active", "follow", "die", "queue",
          "after", "revealed", "camera", "seq", "assessment", "rolls", "rows", "result")


class _Reader:
    """The shared context of one check: the data, the player count, the known ids."""

    def __init__(self, data: IntruderData, players: int) -> None:
        self.data = data
        self.players = players
        self.cards = frozenset(data.deck_ids())
        self.kinds = frozenset(c.id for c in data.cards)
        intruders, innocents = data.identity_cards
        self.identities = frozenset([*(f"intruder-{i}" for i in range(1, intruders + 1)),
                                     *(f"innocent-{i}" for i in range(1, innocents + 1))])
        self.characters = frozenset(c.id for c in data.characters)

    def seat(self, value: object, path: str) -> int:
        return seat(value, path, self.players)

    def per_seat(self, value: object, path: str, check: Any) -> list[Any]:
        return each(value, path, check, self.players)

    def card_list(self, value: object, path: str) -> list[str]:
        return ids(value, path, self.cards)

    def kind(self, value: object, path: str) -> str:
        return ident(value, path, self.kinds, "card kind")

    def kinds_of(self, value: object, path: str) -> list[str]:
        """Card kinds; an instance id (a snapshot of an older version) stands for its kind."""
        return ids(value, path, self.kinds | self.cards, "card kind")


def check(data: Mapping[str, Any], cards: IntruderData) -> None:
    """Raise SnapshotError naming the first field that breaks an invariant."""
    obj(data, "", FIELDS, ("follow_seen",))
    r = _Reader(cards, data["players"])
    n = r.players
    text(data["pack"], "pack")
    integer(data["pack_version"], "pack_version")
    phase = text(data["phase"], "phase", PHASES)
    characters = r.per_seat(data["characters"], "characters", lambda v, p: maybe(
        v, p, lambda w, q: ident(w, q, r.characters, "character")))
    named = [c for c in characters if c is not None]
    if len(set(named)) != len(named):
        raise fail("characters", "two seats have the same character")
    identities = ids(data["identity_cards"], "identity_cards", r.identities, "identity card")
    if identities and len(identities) != n:
        raise fail("identity_cards", f"must list {n} identity cards once they are dealt")
    spare = maybe(data["spare_identity"], "spare_identity",
                  lambda v, p: ident(v, p, r.identities, "identity card"))
    once([("identity_cards", identities), ("spare_identity", [spare] if spare else [])],
         what="identity card")
    r.per_seat(data["ready"], "ready", boolean)
    round_ = integer(data["round"], "round", 0)
    lives_lost = r.per_seat(data["lives_lost"], "lives_lost", lambda v, p: each(
        seq(v, p, most=cards.lives), p, lambda w, q: integer(w, q, 0, round_)))
    center = r.card_list(data["center"], "center")
    boolean(data["top_exposed"], "top_exposed")
    discard = r.card_list(data["discard"], "discard")
    removed = r.card_list(data["removed"], "removed")
    hands = r.per_seat(data["hands"], "hands", r.card_list)
    r.per_seat(data["known"], "known", r.kinds_of)
    items = r.per_seat(data["items"], "items", r.card_list)
    r.per_seat(data["turns_taken"], "turns_taken", lambda v, p: integer(v, p, 0))
    for name in ("skip_next", "home_used", "medkit_used", "revealed"):
        r.per_seat(data[name], name, boolean)
    maybe(data["immune"], "immune", r.seat)
    each(data["used_once"], "used_once", r.kind)
    r.per_seat(data["choices"], "choices", lambda v, p: maybe(v, p, lambda w, q: _choice(
        w, q, r)))
    bottom = r.card_list(data["bottom_batch"], "bottom_batch")
    r.seat(data["first"], "first")
    lap = integer(data["lap"], "lap", 0, cards.max_turns_per_round)
    if lap == cards.max_turns_per_round and (phase in ("turn", "follow")
                                             or data["after"] == "next_turn"):
        raise fail("lap", f"{lap}: every turn of the round is played, yet a turn is to come")
    integer(data["pos"], "pos", -1, n - 1)
    active = maybe(data["active"], "active", r.seat)
    follow = maybe(data["follow"], "follow", lambda v, p: ident(v, p, r.cards))
    if "follow_seen" in data:
        boolean(data["follow_seen"], "follow_seen")
    die = maybe(data["die"], "die", lambda v, p: _die(v, p, r))
    queue = each(data["queue"], "queue", lambda v, p: _queued(v, p, r))
    maybe(data["after"], "after", lambda v, p: text(v, p, ("next_turn", "round_end")))
    maybe(data["camera"], "camera", lambda v, p: _camera(v, p, r))
    integer(data["seq"], "seq", 0)
    maybe(data["assessment"], "assessment", lambda v, p: _assessment(v, p, r))
    each(data["rolls"], "rolls", lambda v, p: _roll(v, p, r))
    rows = r.per_seat(data["rows"], "rows", lambda v, p: each(v, p, lambda w, q: _placed(
        w, q, r)))
    outcome(data["result"], "result", n)

    for s, lost in enumerate(lives_lost):
        if len(lost) >= cards.lives and (hands[s] or items[s]):
            raise fail(f"hands[{s}]", f"Seat {s + 1} is dead and holds no cards or items")
    for s, group in enumerate(items):
        for i, card in enumerate(group):
            if cards.card(card).category != ESCAPE_ITEM:
                raise fail(f"items[{s}][{i}]", f"{card!r} is not an escape item")
        loose = [c for c in rows[s] if cards.card(c).category == ESCAPE_ITEM and c not in group]
        if loose:
            raise fail(f"rows[{s}]", f"the escape item {loose[0]!r} in this row is not among "
                                     f"items[{s}]")
    held = {c for group in items for c in group}
    in_rows = [[c for c in row if c not in held] for row in rows]
    once([("center", center), ("discard", discard), ("removed", removed),
          ("bottom_batch", bottom),
          *((f"hands[{s}]", h) for s, h in enumerate(hands)),
          *((f"items[{s}]", i) for s, i in enumerate(items)),
          *((f"rows[{s}]", row) for s, row in enumerate(in_rows)),
          ("queue", [q["card"] for q in queue if q["kind"] == "insert"])],
         r.cards if phase not in SETUP else None)
    if phase in SETUP and any(len(z) for z in (discard, removed, bottom, *hands, *items)):
        raise fail("phase", f"{phase!r} comes before the deal, but cards are out")
    _check_phase(phase, data, characters, identities, active, follow, die, queue, hands,
                 lives_lost, cards.lives)


def _check_phase(phase: str, data: Mapping[str, Any], characters: list[Any],
                 identities: list[str], active: int | None, follow: str | None,
                 die: object, queue: list[Mapping[str, Any]], hands: list[list[str]],
                 lives_lost: list[list[int]], lives: int) -> None:
    """What each phase needs is there."""
    if (phase == "over") != (data["result"] is not None):
        raise fail("result", "is set exactly when the phase is 'over'")
    if phase != "keep" and any(c is not None for c in data["choices"]):
        raise fail("choices", f"keep choices wait only in phase 'keep', not in {phase!r}")
    if phase != "bottom" and data["bottom_batch"]:
        raise fail("bottom_batch", "cards wait to go under the deck only in phase 'bottom', "
                   f"not in {phase!r}")
    if any(data["ready"]) and not identities:
        raise fail("ready", "a seat is ready once it has seen its identity, but none is dealt")
    if phase == "characters" and None not in characters:
        raise fail("characters", "phase 'characters' waits for a seat without a character")
    if phase not in ("characters", "over") and None in characters:
        raise fail("characters", f"every seat has a character in phase {phase!r}")
    if phase not in ("characters", "identities", "over") and not identities:
        raise fail("identity_cards", f"the identities are dealt before phase {phase!r}")
    if phase == "roll" and die is None:
        raise fail("die", "phase 'roll' needs the die's purpose")
    dead = [s for s, lost in enumerate(lives_lost) if len(lost) >= lives]
    if die is not None and any(s in dead for s in die["eligible"]):
        raise fail("die.eligible", "the die chooses among living seats only")
    if phase in ("turn", "follow"):
        if active is None or len(lives_lost[active]) >= lives:
            raise fail("active", f"phase {phase!r} needs a living active seat")
        if phase == "follow" and (follow is None or follow not in hands[active]):
            raise fail("follow", "phase 'follow' needs the taken card, in the active hand")
    if phase in ("insert", "reveal") and (not queue or queue[0]["kind"] != phase):
        raise fail("queue", f"phase {phase!r} needs a waiting {phase} first in the queue")


def _choice(value: object, path: str, r: _Reader) -> None:
    data = obj(value, path, ("keep", "home"))
    r.card_list(data["keep"], at(path, "keep"))
    boolean(data["home"], at(path, "home"))


def _die(value: object, path: str, r: _Reader) -> Mapping[str, Any]:
    data = obj(value, path, ("purpose", "eligible", "by"))
    text(data["purpose"], at(path, "purpose"), PURPOSES)
    each(data["eligible"], at(path, "eligible"), r.seat)
    maybe(data["by"], at(path, "by"), r.seat)
    return data


def _queued(value: object, path: str, r: _Reader) -> Mapping[str, Any]:
    data = obj(value, path)
    kind = text(data.get("kind"), at(path, "kind"), ("insert", "reveal"))
    if kind == "insert":
        obj(data, path, ("kind", "card"))
        ident(data["card"], at(path, "card"), r.cards)
    else:
        obj(data, path, ("kind", "seat"))
        r.seat(data["seat"], at(path, "seat"))
    return data


def _camera(value: object, path: str, r: _Reader) -> None:
    data = obj(value, path, ("seat", "cards", "round"))
    r.seat(data["seat"], at(path, "seat"))
    r.kinds_of(data["cards"], at(path, "cards"))
    integer(data["round"], at(path, "round"), 0)


def _assessment(value: object, path: str, r: _Reader) -> None:
    data = obj(value, path, ("round", "rows", "restored", "loser", "cause", "rule"),
               ("tied", "rolls"))
    integer(data["round"], at(path, "round"), 0)
    rows = obj(data["rows"], at(path, "rows"))
    for key, row in rows.items():
        where = at(at(path, "rows"), str(key)[:20])
        r.seat(int(key) if isinstance(key, str) and key.isdigit() else key, where)
        row = obj(row, where, ("damage", "steps"))
        integer(row["damage"], at(where, "damage"))
        each(row["steps"], at(where, "steps"), lambda v, p: _step(v, p, r))
    each(data["restored"], at(path, "restored"), lambda v, p: [
        r.seat(obj(v, p, ("seat", "by"))["seat"], at(p, "seat")), r.seat(v["by"], at(p, "by"))])
    maybe(data["loser"], at(path, "loser"), r.seat)
    text(data["cause"], at(path, "cause"))
    text(data["rule"], at(path, "rule"))
    if "tied" in data:
        each(data["tied"], at(path, "tied"), r.seat)
    if "rolls" in data:
        each(data["rolls"], at(path, "rolls"), lambda v, p: _roll(v, p, r))


def _step(value: object, path: str, r: _Reader) -> None:
    data = obj(value, path, ("card", "nullified_by", "change", "total", "doubled",
                             "restores_life"))
    r.kind(data["card"], at(path, "card"))
    maybe(data["nullified_by"], at(path, "nullified_by"), r.kind)
    integer(data["change"], at(path, "change"))
    integer(data["total"], at(path, "total"))
    maybe(data["doubled"], at(path, "doubled"), r.kind)
    boolean(data["restores_life"], at(path, "restores_life"))


def _roll(value: object, path: str, r: _Reader) -> None:
    data = obj(value, path, ("face", "seat", "accepted"))
    integer(data["face"], at(path, "face"), 1, 6)
    maybe(data["seat"], at(path, "seat"), r.seat)
    boolean(data["accepted"], at(path, "accepted"))


def _placed(value: object, path: str, r: _Reader) -> str:
    data = obj(value, path, ("card", "by", "seq"))
    r.seat(data["by"], at(path, "by"))
    integer(data["seq"], at(path, "seq"), 0)
    return ident(data["card"], at(path, "card"), r.cards)


def settle(state: IntruderState) -> None:
    """End a loaded position where a team has no living member (R-IX-34/35)."""
    if state.result is None and state.identity_cards and state.phase not in SETUP:
        state._check_teams()
