"""The character players' normal and hard levels (issue 26): easy's score table
(:mod:`.people`) with situational weights. A survivor keeps a reserve of spoints to negate
an expected hit (R-I32-49) and spends only the rest; it attacks a monster only when, with
the spoints it may spare, the odds of eliminating it are at least even (R-I32-43..45); it
rests (R-I32-63) when its spoints fall below that reserve; spoints committed to an attack go
first to the damage roll, to reach the monster's value on a 4 or better (R-I32-44: the
monster, the item and the doubles bonus read from the history, :func:`damage_need`), then to
the target number. The last survivor's final turn (Last One Standing, R-I32-73) keeps it out
of the monsters' reach in a sanctuary with locks if it can (R-I32-64), else rests. Horror
stars are kept to re-roll a failed flail, never spent to force a monster's re-roll (R-I32-67:
a hit of a throng is re-rolled into a hit most of the time). ``hard``
chooses that final turn by its exact odds of living through the round of attacks that
follows, negates or flails in that round by the same exact odds, counting the stars kept,
and forces a re-roll in that round only when those odds say so (:mod:`.people_last`), and
commits the survivor's own rest spoints before its player's power. ``hard`` also makes mythos
attacks (R-I32-58: mythos equal to the monster's value, no attack roll, the monster saves on
2d6 at or below its value), scored like an attack by the odds the save fails; normal never
makes one. And a ``hard`` player down to one survivor with none to draw spends its turn on
TAKE+ACT (R-I32-14) when a screen card is worth taking: the card and an action, where a pool
turn gives one action. ``hard`` waits where the game lets it: asked only for a horror star
while another seat acts (an optional prompt), it keeps the star (normal spends it at once),
and it spends one in its Last One Standing final turn only on a rest its exact odds say
beats keeping it (R-I32-67).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

from services.bots.contract import SeatKnowledge, Told
from services.bots.innsmouth_32 import people, people_last
from services.bots.innsmouth_32.beliefs import LOS
from services.bots.innsmouth_32.table import Table, p_test
from services.games.core import Action
from services.games.innsmouth_32 import actions as a

RESERVE = 3  # spoints kept to negate a monster's hit (its damage die averages 3.5)
EVEN = 0.5  # the least odds of eliminating a monster worth an attack
CAP = 11  # a target number is raised to 11 at most (A-I32-14)
HIT = re.compile(r"^2d6 = \S+ = \d+ <= .* (\d+): hit(?:, doubles \+(\d+) damage)?$")
ATTACKS = re.compile(r"^(.+): attack (.+?)(?: with (.+) \(\w+\))?$")
DOUBLES = re.compile(r"doubles \+(\d+) damage")
TAKE_WORTH = 0.4  # hard: the least worth of a screen card taken by TAKE+ACT (people.act_score)


def choose(knowledge: SeatKnowledge, level: str, rng: random.Random) -> Action | None:
    legal = list(knowledge.legal)
    table = Table(knowledge.view, knowledge.seat)
    phase = str(knowledge.view.get("phase", ""))
    plain = [x for x in legal if not isinstance(x, a.StarAction)]
    if not plain and level == "hard" and knowledge.may_wait():
        return None  # asked only for a horror star: keep it for a failed flail (R-I32-67)
    main = int(table.step.get("seat", -1)) == knowledge.seat
    if plain and main and phase == "turn" and level == "hard":
        spot = spotlight(table, knowledge.seat, plain)
        if spot is not None:
            return spot
    if plain and main and phase in ("act", "counter"):
        acts = [x for x in plain if isinstance(x, a.Act)]
        if level == "hard" and phase == "act" and acts and \
                int(table.view.get("final_turn", 0)) == LOS:
            star = next((x for x in legal if isinstance(x, a.StarAction) and
                         x.survivor == acts[0].survivor), None)
            return last_turn(table, acts, star)
        score = hard_score if level == "hard" else act_score
        return max(plain, key=lambda x: (score(table, x), str(x.to_json())))
    if plain and main and phase == "negate" and level == "hard" and \
            int(table.view.get("final_turn", 0)) == LOS and \
            str(table.step.get("survivor", "")) in table.survivors:
        return people_last.negate(table, plain, knowledge.history)
    if plain and phase == "choose" and str(table.step.get("purpose", "")) == "force":
        return force(table, plain, level, knowledge.history)
    if plain and main and phase == "commit":
        commits = [x for x in plain if isinstance(x, a.Commit)]
        if commits:
            return commit(table, commits, level, knowledge.history)
    return people.choose(knowledge, rng)


def spotlight(table: Table, seat: int, plain: Sequence[Action]) -> Action | None:
    """Hard: a player with one survivor and none to draw takes TAKE+ACT (R-I32-14) when a
    screen card is worth taking: the survivor takes it and still acts, two actions where a
    pool turn gives one (and the screen's slot refills, bringing the reel's end closer)."""
    pool = table.view["pools"][seat]
    if len(pool) != 1 or any(isinstance(x, a.DrawSurvivor) for x in plain):
        return None
    spots = [x for x in plain if isinstance(x, a.Spotlight) and not x.drop]  # keeps its items
    if not spots:
        return None
    def worth(x: a.Spotlight) -> float:
        return people.act_score(table, a.Act(seat, x.survivor, "take", x.card))
    best = max(spots, key=lambda x: (worth(x), str(x.to_json())))
    return best if worth(best) >= TAKE_WORTH else None


def last_turn(table: Table, acts: Sequence[a.Act], star: Action | None = None) -> Action:
    """Hard: the last survivor's final turn by its exact odds of living through the round
    that follows (:mod:`.people_last`); ``star``: its horror star's extra action, spent first
    when a rest more beats keeping the star."""
    survivor = acts[0].survivor
    me = table.survivors.get(survivor, {})

    def odds(x: a.Act, extra: int) -> float:
        return kill_odds(table, me, x.stat, x.item, x.target, extra)

    budget = spare(table, survivor)
    if star is not None and people_last.star_first(table, acts, budget, odds):
        return star
    return people_last.best(table, acts, budget, odds)


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
        return attack_worth(kill_odds(table, me, x.stat, x.item, x.target,
                                      spare(table, x.survivor)))
    if int(table.view.get("final_turn", 0)) == LOS:
        return last_stand(table, x, score)
    if x.kind in ("rest", "sanctuary_rest") and table.spoints(x.survivor) < RESERVE:
        return score + 0.3
    return score


def hard_score(table: Table, x: Action) -> float:
    """Hard: normal's score, and a mythos attack (R-I32-58) scored like an attack by its odds
    of banishing the monster (no attack roll, no counterstrike: its save fails)."""
    if isinstance(x, a.Act) and x.kind == "mythos_attack" and not x.item:
        return attack_worth(people_last.banish_odds(table.monster_value(x.target)))
    return act_score(table, x)


def attack_worth(odds: float) -> float:
    """An attack's score from its odds of eliminating the monster: worth making at even odds
    or better, scarcely below."""
    return 1.3 * odds if odds >= EVEN else 0.1 * odds


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


def commit(table: Table, commits: Sequence[a.Commit], level: str,
           history: Sequence[Told] = ()) -> Action:
    """Spend what the survivor may spare: on the damage roll enough to reach the monster's
    value on a 4 or better, on the attack roll what is left (hard: rest before power)."""
    survivor = str(table.step.get("survivor", ""))
    purpose = str(table.step.get("purpose", ""))
    budget = spare(table, survivor)
    want = 0
    if "damage" in purpose:
        want = min(budget, max(0, damage_need(table, survivor, history) - 4))
    elif "attack" in purpose:
        want = min(budget, 2)
    fits = [x for x in commits if x.power + x.rest + x.lent <= want] or list(commits)
    best = max(x.power + x.rest + x.lent for x in fits)
    chosen = [x for x in fits if x.power + x.rest + x.lent == best]
    if level == "hard":
        return min(chosen, key=lambda x: (x.power, x.lent, x.rest))
    return min(chosen, key=lambda x: (x.lent, x.power, x.rest))


def damage_need(table: Table, survivor: str, history: Sequence[Told]) -> int:
    """What the damage die must reach after a hit (R-I32-44, R-I32-45), read from the
    history: the monster the survivor's attack named (the strongest card of that name in
    play), less the item's bonus and the doubles bonus of the hit; 0 when not told."""
    me = table.survivors.get(survivor)
    if me is None:
        return 0
    doubles = 0
    for told in reversed(history):
        for event in told.events:
            found = DOUBLES.search(str(event.get("text", "")))
            if found:
                doubles = max(doubles, int(found.group(1)))
        found = ATTACKS.match(told.sentence)
        if found and found.group(1) == str(me.get("name", "")):
            values = [int(c.get("value", 0)) for c in monsters(table)
                      if c.get("name", table_name(table, str(c.get("card", "")))) ==
                      found.group(2)]
            item = next((table.card(i) for i in me.get("items", ())
                         if getattr(table.card(i), "name", "") == found.group(3)), None)
            bonus = int(getattr(item, "damage", 0) or 0) if found.group(3) else 0
            return max(values, default=0) - bonus - doubles
    return 0


def table_name(table: Table, card: str) -> str:
    return str(getattr(table.card(card), "name", card))


def monsters(table: Table) -> list[Mapping[str, Any]]:
    """Every monster in play with its value: the screen's and the throngs'."""
    found = [s for s in table.screen if s.get("card") and "value" in s]
    return found + [c for seat in table.throngs for t in seat for c in t]


def force(table: Table, plain: Sequence[Action], level: str,
          history: Sequence[Told]) -> Action:
    """A monster hit a survivor: keep the horror star to re-roll a failed flail (R-I32-67)
    rather than force the monster to re-roll; hard forces it in Last One Standing's round when
    its exact odds say so (:func:`.people_last.force`)."""
    target, bonus = last_hit(history)
    chooses = [x for x in plain if isinstance(x, a.Choose)]
    keep = next((x for x in chooses if x.value == "pass"), plain[0])
    if level == "hard" and int(table.view.get("final_turn", 0)) == LOS and \
            people_last.force(table, history, target, bonus):
        return next((x for x in chooses if x.value != "pass"), keep)
    return keep


def last_hit(history: Sequence[Told]) -> tuple[int, int]:
    """The target number and the doubles bonus of the latest monster hit in the history
    (the last hit told, with its own doubles: an all-out attack tells several); (11, 0) when
    none is told."""
    for told in reversed(history):
        texts = [str(e.get("text", "")) for e in told.events]
        found = next((hit for t in reversed(texts) if (hit := HIT.match(t))), None)
        if found:
            return min(CAP, int(found.group(1))), int(found.group(2) or 0)
    return CAP, 0
