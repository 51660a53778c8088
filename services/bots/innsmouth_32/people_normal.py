"""The character players' normal and hard levels (issue 26): easy's score table
(:mod:`.people`) with situational weights. A survivor keeps a reserve of spoints to negate
an expected hit (R-I32-49) and spends only the rest; it attacks a monster only when, with
the spoints it may spare, the odds of eliminating it are at least even (R-I32-43..45); it
rests (R-I32-63) when its spoints fall below that reserve; spoints
committed to an attack go first to the damage roll, to reach the monster's value
(R-I32-44), then to the target number. The last survivor's final turn (Last One Standing,
R-I32-73) keeps it out of the monsters' reach in a sanctuary with locks if it can (R-I32-64),
else rests. ``hard`` chooses that final turn by its exact odds of living through the round
of attacks that follows (:mod:`.people_last`) and commits the survivor's own rest spoints
before its player's power.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from services.bots.contract import SeatKnowledge
from services.bots.innsmouth_32 import people, people_last
from services.bots.innsmouth_32.table import Table, p_test
from services.games.core import Action
from services.games.innsmouth_32 import actions as a

RESERVE = 3  # spoints kept to negate a monster's hit (its damage die averages 3.5)
EVEN = 0.5  # the least odds of eliminating a monster worth an attack
CAP = 11  # a target number is raised to 11 at most (A-I32-14)
LOS = 3  # the view's ``final_turn`` while Last One Standing runs (R-I32-73)


def choose(knowledge: SeatKnowledge, level: str, rng: random.Random) -> Action:
    legal = list(knowledge.legal)
    table = Table(knowledge.view, knowledge.seat)
    phase = str(knowledge.view.get("phase", ""))
    plain = [x for x in legal if not isinstance(x, a.StarAction)]
    main = int(table.step.get("seat", -1)) == knowledge.seat
    if plain and main and phase in ("act", "counter"):
        acts = [x for x in plain if isinstance(x, a.Act)]
        if level == "hard" and phase == "act" and acts and \
                int(table.view.get("final_turn", 0)) == LOS:
            return last_turn(table, acts)
        return max(plain, key=lambda x: (act_score(table, x), str(x.to_json())))
    if plain and main and phase == "commit":
        commits = [x for x in plain if isinstance(x, a.Commit)]
        if commits:
            return commit(table, commits, level)
    return people.choose(knowledge, rng)


def last_turn(table: Table, acts: Sequence[a.Act]) -> Action:
    """Hard: the last survivor's final turn by its exact odds of living through the round
    that follows (:mod:`.people_last`)."""
    survivor = acts[0].survivor
    me = table.survivors.get(survivor, {})

    def odds(x: a.Act, extra: int) -> float:
        return kill_odds(table, me, x.stat, x.item, x.target, extra)

    return people_last.best(table, acts, spare(table, survivor), odds)


def spare(table: Table, survivor: str) -> int:
    """The spoints a survivor may spend and still negate an average hit."""
    if survivor not in table.survivors:
        return 0
    return max(0, table.spoints(survivor) - RESERVE)


def kill_odds(table: Table, me: Mapping[str, Any], stat: str, item: str, target: str,
              extra: int) -> float:
    """The odds that an attack with ``extra`` spoints (to damage first, then to the target
    number) eliminates ``target``."""
    base = int(me.get("stats", {}).get(stat or "muscle", 0))
    info = table.card(item) if item else None
    bonus = int(getattr(info, "damage", 0) or 0)
    need = table.monster_value(target) - bonus
    to_damage = min(extra, max(0, need - 4))
    hurt = sum(1 for d in range(1, 7) if d + to_damage >= need) / 6
    aim = min(CAP, base + extra - to_damage)
    return p_test(aim) * hurt


def act_score(table: Table, x: Action) -> float:
    if not isinstance(x, a.Act):
        return -1.0
    score = people.act_score(table, x)
    me = table.survivors.get(x.survivor, {})
    if x.kind == "attack" and not x.target.startswith(("throng:", "locks:")):
        odds = kill_odds(table, me, x.stat, x.item, x.target, spare(table, x.survivor))
        return 1.3 * odds if odds >= EVEN else 0.1 * odds
    if int(table.view.get("final_turn", 0)) == LOS:
        return last_stand(table, x, score)
    if x.kind in ("rest", "sanctuary_rest") and table.spoints(x.survivor) < RESERVE:
        return score + 0.3
    return score


def last_stand(table: Table, x: a.Act, score: float) -> float:
    """The last survivor's final turn (R-I32-73): out of the monsters' reach if it can be
    (stay in, or move into, a sanctuary with locks, R-I32-64), else the most rest spoints."""
    if x.kind in ("sanctuary_rest", "investigate", "search") and \
            table.out_of_reach(x.survivor):
        return 3.0 if x.kind == "sanctuary_rest" else 2.5
    if x.kind == "move" and score > 0:
        return 2.8
    if x.kind in ("rest", "sanctuary_rest"):
        return 2.0
    return score


def commit(table: Table, commits: Sequence[a.Commit], level: str) -> Action:
    """Spend what the survivor may spare: on the damage roll enough to reach the monster's
    value on a 4 or better, on the attack roll what is left (hard: rest before power)."""
    survivor = str(table.step.get("survivor", ""))
    purpose = str(table.step.get("purpose", ""))
    fight: Mapping[str, Any] = table.view.get("fight") or {}
    budget = spare(table, survivor)
    want = 0
    if "damage" in purpose and fight:
        item = table.card(str(fight.get("item", ""))) if fight.get("item") else None
        bonus = int(getattr(item, "damage", 0) or 0) + int(fight.get("bonus", 0))
        need = table.monster_value(str(fight.get("target", ""))) - bonus
        want = min(budget, max(0, need - 4))
    elif "attack" in purpose:
        want = min(budget, 2)
    fits = [x for x in commits if x.power + x.rest + x.lent <= want] or list(commits)
    best = max(x.power + x.rest + x.lent for x in fits)
    chosen = [x for x in fits if x.power + x.rest + x.lent == best]
    if level == "hard":
        return min(chosen, key=lambda x: (x.power, x.lent, x.rest))
    return min(chosen, key=lambda x: (x.lent, x.power, x.rest))
