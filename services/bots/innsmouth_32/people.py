"""The character players' seats at the easy level (the people's side; normal and hard build
on it in :mod:`.people_normal`): legal and never suicidal. Each survivor rests, takes a useful
item, or attacks a monster it has a fair chance to eliminate; damage is negated when the
spoints allow it, else the survivor flails with every spoint it may commit (R-I32-49); lending
and sharing give all at once (R-I32-55, R-I32-83); a horror star is spent at once, forcing the
first monster that hits to re-roll (R-I32-67; normal and hard keep theirs for a failed flail).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from services.bots.contract import SeatKnowledge
from services.bots.innsmouth_32.table import Table, p_test
from services.games.core import Action
from services.games.innsmouth_32 import actions as a

YES = ("reroll", "give", "rescue")  # a re-roll, an item given, the Hound's rescue
INSANITY_ORDER = ("brains", "guts", "muscle", "speed")  # the player's choice: least harm first


def choose(knowledge: SeatKnowledge, rng: random.Random) -> Action:
    legal = list(knowledge.legal)
    table = Table(knowledge.view, knowledge.seat)
    phase = str(knowledge.view.get("phase", ""))
    main = int(table.step.get("seat", -1)) == knowledge.seat
    plain = [x for x in legal if not isinstance(x, a.StarAction)]
    if not plain:
        return legal[0]  # asked only for a horror star: the first holder spends one
    lends = [x for x in plain if isinstance(x, a.Lend | a.Share)]
    if lends and (not main or len(lends) == len(plain)):
        return generous(lends)
    if phase == "turn":
        return turn(table, knowledge.seat, plain)
    if phase in ("act", "counter"):
        return act(table, plain)
    if phase == "commit":
        commits = [x for x in plain if isinstance(x, a.Commit)]
        if commits:
            return min(commits, key=lambda x: (x.power + x.rest + x.lent, x.lent, x.power))
    if phase == "negate":
        return negate(plain)
    if phase == "choose":
        return choice(table, plain)
    return rng.choice(plain)


def generous(lends: Sequence[Action]) -> Action:
    """All the power spoints at once (what the survivor's player does not use goes back to
    the lender, R-I32-55), else all the first faction ally's rest spoints that fit (R-I32-83):
    one move, so the seat is not asked again for each spoint."""
    power = [x for x in lends if isinstance(x, a.Lend)]
    if power:
        return max(power, key=lambda x: x.power)
    shares = [x for x in lends if isinstance(x, a.Share)]
    first = min(x.ally for x in shares)
    return max((x for x in shares if x.ally == first), key=lambda x: x.rest)


def turn(table: Table, seat: int, plain: Sequence[Action]) -> Action:
    pool = table.view["pools"][seat]
    draws = [x for x in plain if isinstance(x, a.DrawSurvivor)]
    if draws and len(pool) < 2:
        return draws[0]
    pools = [x for x in plain if isinstance(x, a.Pool)]
    return pools[0] if pools else plain[0]


def act_score(table: Table, x: Action) -> float:
    if not isinstance(x, a.Act):
        return -1.0
    me = table.survivors.get(x.survivor, {})
    kind = x.kind
    if kind == "gambit":
        return 1.0
    if kind in ("heal", "heal_item"):
        return 0.7
    if kind == "take":
        info = table.card(x.target)
        if info is None:
            return 0.2
        bonus = 0.1 * getattr(info, "damage", 0) + 0.05 * getattr(info, "mythos", 0)
        return (0.45 if info.kind == "popcorn" else 0.4) + bonus
    if kind == "attack" and not x.target.startswith("throng:"):
        stats = me.get("stats", {})
        base = int(stats.get(x.stat or "muscle", 0))
        info = table.card(x.item) if x.item else None
        bonus = int(getattr(info, "damage", 0) or 0)
        need = table.monster_value(x.target) - bonus
        hurt = sum(1 for d in range(1, 7) if d >= need) / 6
        return 1.2 * p_test(base) * hurt
    if kind == "rest":
        return 0.45 if int(me.get("rest", 7)) < 6 else 0.05
    if kind == "sanctuary_rest":
        return 0.6 if int(me.get("rest", 7)) < 5 else 0.1
    if kind == "move":
        locks = next((int(s["locks"]) for s in table.sanctuaries if s["card"] == x.target), 0)
        return 0.5 if locks else 0.0
    if kind in ("investigate", "mythos"):
        return 0.25
    if kind == "search":
        return 0.15
    return 0.0  # store, retrieve (free: the prompt comes back), take_from, mythos attacks


def act(table: Table, plain: Sequence[Action]) -> Action:
    return max(plain, key=lambda x: (act_score(table, x), str(x.to_json())))


def negate(plain: Sequence[Action]) -> Action:
    negates = [x for x in plain if isinstance(x, a.Negate)]
    if negates:
        return min(negates, key=lambda x: (x.lent, x.power))
    flails = [x for x in plain if isinstance(x, a.Flail)]
    if flails:
        return max(flails, key=lambda x: (x.power + x.rest + x.lent, x.rest, -x.lent))
    return plain[0]


def choice(table: Table, plain: Sequence[Action]) -> Action:
    chooses = [x for x in plain if isinstance(x, a.Choose)]
    if not chooses:
        return plain[0]
    values = {x.value: x for x in chooses}
    purpose = str(table.step.get("purpose", ""))
    for word in YES:
        if word in values:
            return values[word]
    if purpose == "plot":
        card = table.card(str(table.step.get("card", "")))
        keep = "resolve" if getattr(card, "effect", "") == "mythos" else "discard"
        return values.get(keep, chooses[0])
    if purpose == "insanity":
        for stat in INSANITY_ORDER:
            if stat in values:
                return values[stat]
    named = [x for x in chooses if x.value not in ("pass", "accept", "refuse")]
    return named[0] if named else chooses[0]
