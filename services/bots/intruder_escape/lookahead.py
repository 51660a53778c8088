"""The ``hard`` level's look-ahead: determinized playouts of the rest of the round.

For a turn's best few plays (by :class:`~.judge.Judge`) and skipping, the same sampled
*worlds* are played out: identities drawn from the belief (:mod:`.belief`), the other hands
dealt from the cards this seat has not seen (cards seen in a hand stay in it), with the hand
sizes the table shows. In each world the remaining turns of the round are played on a light
model of the rows (Bat, Knife, Bandage, Syringe, a Barricade's shield, the four-card limit and
the repeat rule): each other seat plays for its side in that world (an Intruder piles on the
most hurt Innocent and heals a fellow in danger, an Innocent hits the most hurt other seat
and heals himself in danger; in an Innocent's playouts the other Innocents aim as this seat's
belief does, and take this seat for neither side), or, as a player who reads the table less,
any of its cards on anyone; this seat plays by its belief. The round's loser (most damage,
ties and a round without damage shared by the die) is then counted as a friend or a foe *in
that world*, a last life more. A play's worth is that mean plus what the judge says of
everything but the round (items, lives, shields). The budget counts playouts, never time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from services.bots.intruder_escape.belief import Belief
from services.bots.intruder_escape.judge import Judge
from services.bots.intruder_escape.table import INNOCENT, ITEM_KINDS, Table
from services.games.core import Action
from services.games.intruder_escape import actions as a
from services.games.intruder_escape.rows import evaluate

ROUND_CARDS = {"baseball-bat": 1, "knife": 2, "bandage": -1, "syringe": -2}
HITS = ("knife", "baseball-bat")
HEALS = ("syringe", "bandage")
CARELESS = 0.4  # how often another seat plays any of its cards on anyone, in a playout
PLAYOUTS = 240  # the budget: playouts per decision, shared by the candidates
CANDIDATES = 5  # the judge's best plays looked at (and skipping)
WIN = 6.0  # a round's end that ends the game, in lives


@dataclass
class Rows:
    """The light model of this round's rows (see the module's words)."""

    damage: dict[int, int]
    shield: dict[int, bool]
    count: dict[int, int]
    last: dict[int, str]
    cap: int
    hands: dict[int, list[str]] = field(default_factory=dict)

    def copy(self) -> Rows:
        return Rows(dict(self.damage), dict(self.shield), dict(self.count), dict(self.last),
                    self.cap, {s: list(h) for s, h in self.hands.items()})

    def can(self, kind: str, target: int) -> bool:
        if target not in self.damage or self.count[target] >= self.cap:
            return False
        if self.last[target] == kind:
            return False
        return ROUND_CARDS[kind] > 0 or self.damage[target] > 0

    def play(self, seat: int, kind: str, target: int) -> None:
        self.hands[seat].remove(kind)
        self.count[target] += 1
        self.last[target] = kind
        if self.shield[target]:
            self.shield[target] = False
            return
        self.damage[target] = max(0, self.damage[target] + ROUND_CARDS[kind])


def rows_of(table: Table) -> Rows:
    damage, shield, count, last = {}, {}, {}, {}
    for s in table.targetable():
        row = table.row(s)
        steps = evaluate(row, table.data, table.rules).steps
        damage[s] = steps[-1].total if steps else 0
        last[s] = table.kind(row[-1].card) if row else ""
        shield[s] = bool(row) and last[s] == "barricade" and steps[-1].nullified_by is None
        count[s] = int(table.seats[s]["cards_on"])
    return Rows(damage, shield, count, last, table.data.max_cards_on_player_per_round)


class Lookahead:
    def __init__(self, table: Table, judge: Judge, belief: Belief, rng: random.Random,
                 playouts: int = PLAYOUTS,
                 bonus: Callable[[Action], float] | None = None) -> None:
        self.table, self.judge, self.belief, self.rng = table, judge, belief, rng
        self.playouts = playouts
        self.bonus = bonus if bonus is not None else (lambda action: 0.0)
        self.base = rows_of(table)
        self.turns = table.remaining_turns()
        self.lost = {s for s in range(table.players) if table.seats[s]["skip_next"]}
        self.shared = table.identity == INNOCENT  # other Innocents aim by this belief

    def choose(self, options: Sequence[Action], hold: float = 0.0) -> Action:
        """The option worth most over the same sampled worlds (ties: the judge's order),
        ``bonus`` (the disguise) added to the judge's score and to the playouts' mean."""
        judge = self.judge
        bonus = {id(x): self.bonus(x) for x in options}
        ranked = sorted((x for x in options if isinstance(x, a.Play)),
                        key=lambda x: -(judge.score(x) + bonus[id(x)]))[:CANDIDATES]
        other = [x for x in options if not isinstance(x, a.Play)][:1]
        candidates = [*ranked, *other]
        if len(candidates) <= 1:
            return candidates[0] if candidates else options[0]
        worlds = max(1, self.playouts // len(candidates))
        totals = [0.0] * len(candidates)
        for _ in range(worlds):
            world, rows = self.sample()
            seed = self.rng.random()
            for i, action in enumerate(candidates):
                totals[i] += self.playout(action, world, rows.copy(), random.Random(seed))
        values = []
        for i, action in enumerate(candidates):
            extra = judge.extras(action) - (0.5 if isinstance(action, a.Play)
                                            and judge.tell(action) else 0.0) \
                if isinstance(action, a.Play) else hold
            values.append(totals[i] / worlds + extra + bonus[id(action)])
        top = max(range(len(candidates)), key=lambda i: (round(values[i], 9), -i))
        return candidates[top]

    # ------------------------------------------------------------------ worlds

    def sample(self) -> tuple[frozenset[int], Rows]:
        worlds = self.belief.worlds
        world = self.rng.choices([w for w, _ in worlds], [p for _, p in worlds])[0] \
            if worlds else frozenset()
        table = self.table
        pool = table.unseen()
        rows = self.base.copy()
        others = [s for s in table.living() if s != table.seat]
        for s in others:
            for kind in table.seats[s]["known"]:
                if pool[kind] > 0:
                    pool[kind] -= 1
        deck = sorted((+pool).elements())
        self.rng.shuffle(deck)
        for s in others:
            known = list(table.seats[s]["known"])
            size = int(table.seats[s]["hand_size"])
            hand = known[:size] + [deck.pop() for _ in range(max(0, size - len(known)))
                                   if deck]
            rows.hands[s] = [k for k in hand if k in ROUND_CARDS]
        rows.hands[table.seat] = [table.kind(c) for c in table.hand
                                  if table.kind(c) in ROUND_CARDS]
        return world, rows

    # ------------------------------------------------------------------ playouts

    def playout(self, action: Action, world: frozenset[int], rows: Rows,
                rng: random.Random) -> float:
        table, me = self.table, self.table.seat
        if isinstance(action, a.Play):
            kind = table.kind(action.card)
            if kind in rows.hands[me]:
                rows.hands[me].remove(kind)
            target = action.target
            if target is not None and target in rows.damage:
                if kind == "snatch" and action.take is not None:
                    taken = table.kind(action.take)
                    if taken in ROUND_CARDS:
                        rows.damage[target] = table.damage_with(target, "", removed=taken)
                        rows.hands[me].append(taken)
                elif kind in ROUND_CARDS or kind in ("double-scratch", "under-the-bed"):
                    rows.damage[target] = table.damage_with(target, action.card)
                    rows.count[target] += 1
                    rows.last[target] = kind
                elif kind == "barricade":
                    rows.shield[target], rows.count[target] = True, rows.count[target] + 1
                    rows.last[target] = kind
        lost = set(self.lost)
        for seat in self.turns:
            if seat in lost:
                lost.discard(seat)
                continue
            if rows.hands.get(seat):
                self.turn(seat, world, rows, rng)
        return self.outcome(world, rows, self.holder(action))

    def holder(self, action: Action) -> int | None:
        """Who holds the four escape items after ``action``, if anyone."""
        table = self.table
        counts = {s: len(table.items(s)) for s in table.living()}
        if isinstance(action, a.Play) and action.target is not None:
            kind = table.kind(action.card)
            if table.category(kind) == "escape_item":
                counts[action.target] += 1
            elif kind == "snatch" and action.take is not None and \
                    table.category(action.take) == "escape_item":
                counts[action.target] -= 1
                counts[table.seat] += 1
        return next((s for s, c in counts.items() if c >= len(ITEM_KINDS)), None)

    def turn(self, seat: int, world: frozenset[int], rows: Rows, rng: random.Random) -> None:
        hand = rows.hands[seat]
        if seat != self.table.seat and rng.random() < CARELESS:
            kind = rng.choice(hand)
            target = rng.choice(list(rows.damage))
            if rows.can(kind, target):
                rows.play(seat, kind, target)
            return
        top = max(rows.damage.values(), default=0)
        intruder = seat in world
        mates = [s for s in rows.damage if (s in world) == intruder and
                 (s == seat or (intruder and seat != self.table.seat))]
        for kind in HEALS:
            if kind in hand:
                for s in mates:
                    if rows.damage[s] >= top and rows.can(kind, s):
                        rows.play(seat, kind, s)
                        return
        foes = [s for s in rows.damage if s != seat and (
            (s not in world) if intruder else True)]
        if not foes:
            return
        if not intruder and (self.shared or seat == self.table.seat):
            friend = self.judge.friend  # this seat is in no Innocent's foes for its damage
            key = {s: rows.damage[s] - (0.0 if s == self.table.seat else 2.0 * friend[s])
                   for s in foes}
        else:
            key = {s: float(rows.damage[s]) for s in foes}
        best = max(key.values())
        target = rng.choice([s for s in foes if key[s] == best])
        for kind in HITS:
            if kind in hand and rows.can(kind, target):
                rows.play(seat, kind, target)
                return

    def outcome(self, world: frozenset[int], rows: Rows, holder: int | None) -> float:
        """The round's end in ``world``: a friend's life against, a foe's for, and the game
        won or lost when the loser is the last of his side alive (R-IX-34/35) or an Innocent
        holds the four escape items (``holder``, R-IX-36)."""
        table = self.table
        me_intruder = table.seat in world
        if holder is not None and holder not in world:
            return WIN if not me_intruder else -WIN
        if not rows.damage:
            return 0.0
        top = max(rows.damage.values())
        losers = [s for s, d in rows.damage.items() if d == top]
        value = 0.0
        for s in losers:
            friend = 1.0 if (s in world) == me_intruder else -1.0
            side = [x for x in table.living() if (x in world) == (s in world)]
            last = table.lives(s) == 1 and side == [s]
            value -= friend * (WIN if last else self.judge.weight(s))
        return value / len(losers)
