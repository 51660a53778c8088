"""Shared helpers for the Intruder Escape tests: positions built through the real set-up, positions
arranged mid-round, refusals, row builders and the card-conservation invariant.

Seats are 0-based; with ``characters=by_seat`` seat N plays character N+1, whose die face is
N+1 (so ``face(seat) == seat + 1``). Card instance ids are ``<kind>-<n>`` (``baseball-bat-3``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from services.games.core import RollResult, ShuffleResult
from services.games.intruder_escape import IntruderEscape, IntruderState
from services.games.intruder_escape import actions as a
from services.games.intruder_escape.rows import Placed, RowRules, evaluate
from tests.games.refusals import of_type, refused, snapshot, types  # noqa: F401 (shared)

GAME = IntruderEscape()
DATA = GAME.data
DECK: tuple[str, ...] = DATA.deck_ids()
ITEMS = ("keys-1", "car-1", "gasoline-1", "license-1")

# Short names for the card kinds.
BAT, KNIFE, BANDAGE, SYRINGE = "baseball-bat", "knife", "bandage", "syringe"
MED, DS, UTB, BAR = "med-kit", "double-scratch", "under-the-bed", "barricade"
KEYS, CAR, GAS, LICENSE = "keys", "car", "gasoline", "license"
FLASH, HOSTAGE, SNATCH = "flashlight", "hostage", "snatch"
CAMERA, ROULETTE, MIRROR, HOME = "security-camera", "roulette", "broken-mirror", "nobodys-home"

# Cards that do nothing remarkable in a hand (never played by the position tests).
FILLER = ("hostage-1", "hostage-2", "hostage-3", "hostage-4", "flashlight-1", "flashlight-2")


def face(seat: int) -> int:
    """The die face that shows ``seat``'s character (characters=by_seat)."""
    return seat + 1


# ---------------------------------------------------------------------------------- the deck


def ids(*kinds: str) -> list[str]:
    """Instance ids for card kinds, numbering repeated kinds 1, 2, ...: ids(BAT, BAT, KNIFE) is
    ["baseball-bat-1", "baseball-bat-2", "knife-1"]. Full instance ids pass through."""
    seen: Counter[str] = Counter()
    out = []
    for kind in kinds:
        if kind in DECK:
            out.append(kind)
            continue
        seen[kind] += 1
        out.append(f"{kind}-{seen[kind]}")
    assert all(c in DECK for c in out), f"not card ids: {[c for c in out if c not in DECK]}"
    return out


def rest_of_deck(*used: Iterable[str]) -> list[str]:
    taken = {c for group in used for c in group}
    return [c for c in DECK if c not in taken]


def identity_order(identities: Sequence[str], players: int, options: dict[str, Any]) -> list[str]:
    """The identity shuffle that deals ``identities`` (team per seat) and, with 6 players dealt
    from all 7 cards, leaves the remaining card as the spare."""
    count = Counter()
    order = []
    for team in identities:
        count[team] += 1
        order.append(f"{team}-{count[team]}")
    if players == 6 and options.get("intruders_6p", "random") == "random":
        spare = "intruder-3" if count["intruder"] == 2 else "innocent-4"
        order.append(spare)
    return order


def default_identities(players: int) -> list[str]:
    intruders = {3: 1, 4: 2, 5: 2, 6: 2}[players]
    return ["intruder"] * intruders + ["innocent"] * (players - intruders)


def center_for(hands: Sequence[Sequence[str]], top: Sequence[str] = ()) -> list[str]:
    """A center deck order whose round-robin deal gives seat s ``hands[s]`` (5 cards each),
    followed by ``top`` (the top of the deck after the deal), then every other card in deck
    order."""
    assert all(len(h) == 5 for h in hands), "the deal gives 5 cards to each seat"
    dealt = [hands[s][k] for k in range(5) for s in range(len(hands))]
    order = dealt + list(top)
    order += rest_of_deck(order)
    assert sorted(order) == sorted(DECK), "a card twice in the deal"
    return order


# ---------------------------------------------------------------------------------- set-up


def setup(
    players: int = 3,
    options: dict[str, Any] | None = None,
    *,
    identities: Sequence[str] | None = None,
) -> IntruderState:
    """A new game with characters by seat, the identities dealt as given; waits for the center
    deck shuffle."""
    opts = {"characters": "by_seat", **(options or {})}
    state = GAME.new_state(players, opts)
    teams = list(identities) if identities else default_identities(players)
    state.apply(ShuffleResult("identities", tuple(identity_order(teams, players, opts))))
    return state


def start(
    players: int = 3,
    hands: Sequence[Sequence[str]] | None = None,
    *,
    options: dict[str, Any] | None = None,
    identities: Sequence[str] | None = None,
    top: Sequence[str] = (),
    keep: dict[int, Sequence[str]] | None = None,
    home: Iterable[int] = (),
    first: int | None = 0,
    faces: Sequence[int] = (),
) -> IntruderState:
    """A game played through its set-up: identities dealt, the center deck in an order that deals
    ``hands`` (5 cards per seat), every seat Ready, the Keep choices made (``keep[seat]``, by
    default the first 3 cards that are not Nobody's Home; seats in ``home`` use Nobody's Home),
    the bottomed cards put under the deck in the order given, the first-player die rolled
    (``faces`` first, then the face of ``first``). ``first=None`` stops before the roll."""
    state = setup(players, options, identities=identities)
    if hands is None:
        hands = [DECK[5 * s: 5 * s + 5] for s in range(players)]
    state.apply(ShuffleResult("center", tuple(center_for(hands, top))))
    for seat in range(players):
        state.apply(a.Ready(seat))
    assert state.phase == "keep", state.phase
    keep_cards(state, keep, home)
    for f in faces:
        state.apply(RollResult((f,)))
    if first is not None:
        state.apply(RollResult((face(first),)))
    return state


def keep_cards(state: IntruderState, keep: dict[int, Sequence[str]] | None = None,
               home: Iterable[int] = ()) -> None:
    """Every living seat chooses; then the bottom batch goes under the deck in its own order."""
    homes = set(home)
    for seat in state.living():
        if seat in homes:
            state.apply(a.Keep(seat, (), home=True))
            continue
        chosen = (keep or {}).get(seat)
        if chosen is None:
            chosen = [c for c in state.hands[seat] if not c.startswith(HOME)][:3]
        state.apply(a.Keep(seat, tuple(chosen)))
    if state.phase == "bottom":
        state.apply(ShuffleResult("bottom", tuple(state.bottom_batch)))


# ---------------------------------------------------------------------------------- positions


def placed_rows(
    rows: dict[int, Sequence[Any]] | None, seq: int = 0
) -> tuple[dict[int, list[Placed]], int]:
    """Rows from ``{seat: [card or (card, by), ...]}``; ``seq`` counts up in the order given."""
    out: dict[int, list[Placed]] = {}
    for seat, cards in (rows or {}).items():
        out[seat] = []
        for entry in cards:
            card, by = (entry, seat) if isinstance(entry, str) else entry
            out[seat].append(Placed(card, by, seq))
            seq += 1
    return out, seq


def position(
    hands: Sequence[Sequence[str]],
    *,
    active: int = 0,
    first: int = 0,
    lap: int = 0,
    round: int = 1,
    rows: dict[int, Sequence[Any]] | None = None,
    items: dict[int, Sequence[str]] | None = None,
    lives_lost: dict[int, list[int]] | None = None,
    center: Sequence[str] | None = None,
    discard: Sequence[str] = (),
    removed: Sequence[str] = (),
    identities: Sequence[str] | None = None,
    immune: int | None = None,
    options: dict[str, Any] | None = None,
    **fields: Any,
) -> IntruderState:
    """A mid-round position in the ``turn`` phase, arranged through the state's public fields:
    ``active`` is on turn number ``lap + 1``; ``rows`` are this round's cards on each seat (an
    escape item in a row is also added to that seat's items); ``items`` are escape items held
    from earlier rounds; ``center`` is the top of the center deck, every card not placed
    elsewhere follows it in deck order. Other fields (``medkit_used``, ``home_used``, ...) are
    set as given."""
    players = len(hands)
    opts = {"characters": "by_seat", **(options or {})}
    state = GAME.new_state(players, opts)
    teams = list(identities) if identities else default_identities(players)
    dealt = identity_order(teams, players, opts)
    state.identity_cards = dealt[:players]
    state.spare_identity = dealt[players] if len(dealt) > players else None
    state.ready = [True] * players
    placed, seq = placed_rows(rows)
    state.rows = [placed.get(s, []) for s in range(players)]
    state.seq = seq
    state.items = [list((items or {}).get(s, ())) for s in range(players)]
    for s, row in enumerate(state.rows):
        for p in row:
            if p.card in ITEMS and p.card not in state.items[s]:
                state.items[s].append(p.card)
    state.hands = [list(h) for h in hands]
    state.lives_lost = [list((lives_lost or {}).get(s, [])) for s in range(players)]
    state.discard = list(discard)
    state.removed = list(removed)
    on_table = [c for h in hands for c in h] + state.discard + state.removed
    on_table += [p.card for row in state.rows for p in row]
    on_table += [c for held in state.items for c in held]
    top = list(center or ())
    state.center = top + rest_of_deck(on_table, top)
    state.round = round
    state.first = first
    state.lap = lap
    state.pos = (active - first) % players
    state.immune = immune
    state.phase = "turn"
    state.active = active
    order = state.order()
    state.turns_taken = [
        0 if s == immune or not state.alive(s) else lap + int(order.index(s) <= state.pos)
        for s in range(players)
    ]
    for key, value in fields.items():
        assert hasattr(state, key), f"no state field {key!r}"
        setattr(state, key, value)
    check_cards(state)
    return state


def scripted(
    plays: Sequence[tuple[Any, ...]],
    players: int = 3,
    *,
    first: int = 0,
    hold: bool = True,
    **kw: Any,
) -> IntruderState:
    """A position at the start of round play (lap 0) where play ``i`` will be made on turn ``i``
    by the seat whose turn it is (``first`` then clockwise): that seat holds the cards it will
    play (``plays`` are ``(card, target)`` or ``(card, target, take)``) and, with ``hold``, one
    filler card (``FILLER[seat]``) so that play does not end by itself when the script is done
    (``skip_to_end`` ends it). Run with ``run(state, plays)``."""
    hands: list[list[str]] = [[FILLER[s]] if hold else [] for s in range(players)]
    for i, play in enumerate(plays):
        hands[(first + i) % players].append(play[0])
    extra = kw.pop("hands", None)
    if extra:
        for s, cards in extra.items():
            hands[s] += cards
    return position(hands, active=first, first=first, **kw)


def run(state: IntruderState, plays: Sequence[tuple[Any, ...]]) -> list[Any]:
    """Each play by the active seat, in order; returns every event."""
    events: list[Any] = []
    for play in plays:
        assert state.phase == "turn", (state.phase, play)
        card, target, *rest = play
        events += state.apply(a.Play(state.active, card, target, *rest))
    return events


def skip_to_end(state: IntruderState) -> list[Any]:
    """Every remaining turn skipped, until play ends (the assessment)."""
    events: list[Any] = []
    while state.phase == "turn" and state.active is not None:
        events += state.apply(a.Skip(state.active))
    return events


def evaluate_cards(cards: Sequence[str], **options: bool):
    """rows.evaluate over a row of instance ids (each played by seat 0, in this order)."""
    return evaluate([Placed(c, 0, i) for i, c in enumerate(cards)], DATA, RowRules(**options))


# ---------------------------------------------------------------------------------- invariants


def all_cards(state: IntruderState) -> list[str]:
    """Every action card wherever it is; an escape item in a row is counted once (held)."""
    held = [c for group in state.items for c in group]
    cards = list(state.center) + list(state.discard) + list(state.removed)
    cards += list(state.bottom_batch) + held
    cards += [c for h in state.hands for c in h]
    cards += [p.card for row in state.rows for p in row if p.card not in held]
    cards += [step["card"] for step in state.queue if step["kind"] == "insert"]
    return cards


def check_cards(state: IntruderState) -> None:
    counts = Counter(all_cards(state))
    assert max(counts.values()) == 1, f"cards in two places: {counts.most_common(3)}"
    assert sorted(counts) == sorted(DECK), "cards lost or invented"
