"""The director's and a monster player's decisions at the easy, normal and hard levels
(R-I32-25, R-I32-30..32, R-I32-66, R-I32-70..71, the modules' choices).

easy plays plainly: it strikes with everything (an all-out attack) as soon as one throng
holds a monster, else takes a random screen monster into a random throng against a random
target, fades out at random now and then and never clips the reel. normal weighs every legal
attack by its odds (:func:`table.blow`: a kill, the spoints it drains, a fumble) and a little
for the throng it builds and for taking a monster while the reel flows (:data:`TAKE`),
focuses on the weakest survivor, fades out the best item on the screen, clips reel IV when no
survivor is in play and makes every choice that hurts the survivors most. hard (outside the
turns that :mod:`.search` plays out) is normal planning its throngs for the attacks to come
(worth about 11: an attack that almost always hits), taking screen monsters whenever the reel
flows (:data:`TAKE_HARD`: a take keeps the monster and brings the movie's end closer, which
tournaments showed to pay more than striking all-out), minding the kills that would leave the
last survivor out of reach (:meth:`Table.spoils`), fading nothing out at a table of 7 or more
players and there killing a player's lone survivor for less and holding back takes in reel IV
(:func:`crowded`); at the director's final turn and in Last One Standing no level builds for
later, and under Turning Point (R-I32-72) a take has no tempo worth. With two players (one
character player) Turning Point holds from the first turn, so no monster comes to the screen
after the opening cards of each reel: hard weighs its throngs' growth about twice as much there
(:data:`PLANNED_DUEL`), each monster kept serving to the end, and in reel IV takes a monster
only when its throngs would then likely sweep the survivors in play (:func:`outlook.race`)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from services.bots.contract import SeatKnowledge
from services.bots.innsmouth_32 import outlook
from services.bots.innsmouth_32.table import Table, blow, p_test
from services.games.core import Action
from services.games.innsmouth_32 import actions as a

KILL = 1.0  # a survivor eliminated
DRAIN = 0.07  # one spoint the survivors spend to live
FUMBLE = 0.15  # a counterstrike risked
SPOILED = 6.0  # a kill that leaves the last survivor out of reach (Table.spoils)
GROWTH = 0.5  # normal: a monster's worth to later attacks, against one attack now
PLANNED = 1.6  # hard: the same, planning the throngs for the attacks to come
PLANNED_DUEL = 3.0  # hard with one character player: Turning Point holds from the start
EAGER = 1  # easy: throngs holding monsters from which it always attacks all-out
LAST_TURNS = (2, 3)  # ``final_turn``: the director's final turn, Last One Standing
STAT_ORDER = ("speed", "muscle", "guts", "brains")  # insanity: what hurts a survivor most
CROWDED = 7  # hard: players from which it fades nothing (tempo: R-I32-66 spends reel cards)
TAKE = 0.5  # normal: a take+attack's worth beyond its attack and growth, while the reel flows
TAKE_HARD = 3.0  # hard: the same (taking ends the movie sooner and keeps its monsters)
LAST_REEL_TAKE = -1.0  # hard, reel IV under Turning Point (7+ players: always): ends sooner
LONE = 1.0  # hard, 7+ players: a kill that leaves a player no survivor and none to draw


def attack_value(table: Table, value: int, shad: bool, target: str,
                 left: dict[str, float] | None = None) -> float:
    """The worth to the director of one attack of ``value`` on ``target`` (a survivor, or
    ``locks:<sanctuary>``); ``left``: how much of each survivor earlier attacks of this turn
    are expected to leave."""
    if not target:
        return 0.0
    if target.startswith("locks:"):
        inside = table.locked(target[6:])
        worth = sum(table.worth(s) for s in inside if s in table.survivors)
        locks = next((int(s["locks"]) for s in table.sanctuaries
                      if s["card"] == target[6:]), 1)
        return p_test(value) * 0.35 * worth / max(1, locks)
    if target not in table.survivors:
        return 0.0
    share = 1.0 if left is None else left.get(target, 1.0)
    hit = blow(value, shad, table.spoints(target), table.speed(target))
    kill = -SPOILED if table.careful and table.spoils(target) else KILL * table.worth(target)
    if table.careful and crowded(table) and table.lone(target):
        kill -= LONE  # thin the pools of several survivors first (see crowded)
    return share * (hit.kill * kill + hit.drain * DRAIN) - hit.fumble * FUMBLE


def potential(table: Table, throngs: Sequence[Sequence[int]]) -> float:
    """How hard the throngs hit in a later all-out attack: each throng's odds to hit."""
    return sum(p_test(sum(t)) + 0.02 * sum(t) for t in throngs if t)


def values(table: Table, seat: int) -> list[list[int]]:
    return [[int(c.get("value", 0)) for c in t] for t in table.throngs[seat]]


def growth(table: Table, seat: int, throng: int, value: int) -> float:
    """What adding a monster of ``value`` to ``throng`` adds to the throngs' potential."""
    mine = values(table, seat)
    before = potential(table, mine)
    mine[throng] = [*mine[throng], value]
    return potential(table, mine) - before


def best_target(table: Table, value: int, shad: bool, targets: Sequence[str],
                left: dict[str, float] | None = None) -> tuple[str, float]:
    scored = [(attack_value(table, value, shad, t, left), t) for t in targets]
    if not scored:
        return "", 0.0
    score, target = max(scored, key=lambda x: (x[0], x[1]))
    return target, score


def all_out_value(table: Table, seat: int, targets: Sequence[str]) -> float:
    """Every throng in order strikes its best target; a survivor likely dead counts less."""
    left: dict[str, float] = {}
    total = 0.0
    for cards in table.throngs[seat]:
        if not cards:
            continue
        value, shad = table.throng_value(cards), table.throng_shad(cards)
        target, score = best_target(table, value, shad, targets, left)
        total += score
        if target in table.survivors:
            hit = blow(value, shad, table.spoints(target), table.speed(target))
            left[target] = left.get(target, 1.0) * (1 - hit.kill)
    return total


def turn_scores(table: Table, seat: int, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    """normal: every legal action of a director's (or monster player's) turn, scored."""
    targets = sorted({x.target for x in legal if isinstance(x, a.TakeAttack) and x.target}
                     | {x.target for x in legal if isinstance(x, a.Cover) and x.target})
    if not targets:
        targets = sorted(table.survivors)
    scored: list[tuple[float, Action]] = []
    weight = (PLANNED_DUEL if table.players == 2 else PLANNED) if table.careful else GROWTH
    take = TAKE_HARD if table.careful else TAKE
    final = int(table.view.get("final_turn", 0))
    held = bool(table.view["turning_point"])
    if final in LAST_TURNS:
        weight = 0.0  # no later attack to build for
    if final in LAST_TURNS or held:
        take = 0.0  # Turning Point holds the reel: a take only shortens the director's reel
    if table.careful and table.reel == 4 and not final and (held or crowded(table)):
        take = LAST_REEL_TAKE  # it brings the final turn on before the survivors thin
    race = table.careful and table.players == 2 and table.reel == 4 and not final
    for x in legal:
        if isinstance(x, a.TakeAttack):
            card_value = table.monster_value(x.card)
            cards = table.throng(seat, x.throng)
            value = table.throng_value(cards) + card_value
            shad = table.throng_shad(cards) or table.is_familiar(x.card)
            score = attack_value(table, value, shad, x.target) + \
                weight * growth(table, seat, x.throng, card_value) + take
            if race:
                score += outlook.race(table, seat, x.throng, card_value,
                                      table.is_familiar(x.card))
        elif isinstance(x, a.AllOut):
            score = all_out_value(table, seat, targets)
        elif isinstance(x, a.Cover):
            cards = table.throng(seat, x.throng) if x.throng >= 0 else []
            score = attack_value(table, table.throng_value(cards), table.throng_shad(cards),
                                 x.target) + 0.5 * deny(table, table.screen[x.slot].get(
                                     "card", ""))
        elif isinstance(x, a.MonsterCut):
            score = 0.5
        else:
            score = 0.0
        scored.append((score, x))
    return scored


def deny(table: Table, card: str) -> float:
    """How much the survivors would gain from a screen card (an item, a power play)."""
    info = table.card(card) if card else None
    if info is None:
        return 0.0
    kind = getattr(info, "kind", "")
    if kind == "item":
        return 0.1 + 0.06 * info.damage + 0.05 * info.mythos + (0.1 if info.heals_insanity
                                                                 else 0.0) \
            + (0.1 if info.whole_throng else 0.0)
    if kind == "power_play":
        return 0.08 + 0.05 * info.mythos
    if kind == "survivor" or card in table.data.ids("survivors"):
        return 0.3
    return 0.02


# ------------------------------------------------------------------ each prompt


def choose(knowledge: SeatKnowledge, level: str, rng: random.Random) -> Action:
    """The director's or a monster player's choice at ``level`` (hard: normal's, minding
    the kills that would leave the last survivor out of reach)."""
    legal = knowledge.legal
    table = Table(knowledge.view, knowledge.seat, careful=level == "hard")
    phase = str(knowledge.view.get("phase", ""))
    seat = knowledge.seat
    done = [x for x in legal if isinstance(x, a.Adjust) and x.kind == "done"]
    if done:
        return done[0]  # A-I32-02: the bot applies no printed text it cannot read
    if phase == "director":
        if level == "easy":
            return easy_turn(table, seat, legal, rng)
        return max(turn_scores(table, seat, legal), key=lambda x: (x[0], rank(x[1])))[1]
    if phase == "aim":
        targets = [x for x in legal if isinstance(x, a.Aim)]
        if targets and level != "easy":
            cards = table.throng(seat, int(table.step.get("throng", 0)))
            value, shad = table.throng_value(cards), table.throng_shad(cards)
            return max(targets, key=lambda x: (attack_value(table, value, shad, x.target),
                                               x.target))
        if targets:
            return rng.choice(targets)
    if phase == "place":
        places = [x for x in legal if isinstance(x, a.Place)]
        if places:
            return place(table, seat, places, level)
    if phase == "fade":
        return fade(table, legal, level, rng)
    if phase == "choose":
        return choice(table, knowledge, level, rng)
    return rng.choice(legal)


def rank(action: Action) -> str:
    return str(sorted(action.to_json().items()))


def easy_turn(table: Table, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    """A plain turn: strike with everything as soon as two throngs hold monsters (an all-out
    attack), else a random screen monster into a random throng against a random target."""
    takes = [x for x in legal if isinstance(x, a.TakeAttack)]
    allout = [x for x in legal if isinstance(x, a.AllOut)]
    if allout and (not takes or sum(1 for t in table.throngs[seat] if t) >= EAGER):
        return allout[0]
    if takes:
        card = rng.choice(sorted({x.card for x in takes}))
        return rng.choice([x for x in takes if x.card == card])
    cuts = [x for x in legal if isinstance(x, a.MonsterCut)]
    return cuts[0] if cuts else rng.choice(list(legal))


def place(table: Table, seat: int, places: Sequence[a.Place], level: str) -> Action:
    if level == "easy":
        return min(places, key=lambda x: (len(table.throng(seat, x.throng)), x.throng))
    return max(places, key=lambda x: (growth(table, seat, x.throng,
                                              table.monster_value(x.card)), -x.throng))


def fade(table: Table, legal: Sequence[Action], level: str, rng: random.Random) -> Action:
    fades = [x for x in legal if isinstance(x, a.FadeOut)]
    passes = [x for x in legal if isinstance(x, a.Pass)]
    if not fades:
        return passes[0] if passes else rng.choice(list(legal))
    if level == "easy":
        return rng.choice(fades) if rng.random() < 0.3 or not passes else passes[0]
    if table.careful and passes and crowded(table):
        return passes[0]  # each fade spends a reel card: the movie would end too soon
    return max(fades, key=lambda x: (deny(table, x.card), x.card))


def crowded(table: Table) -> bool:
    """A big table: many survivors for one director's turn a round, so its turns, not the
    survivors' items, are what it lacks (each fade out discards and replaces a reel card,
    bringing the movie's end closer). There hard also kills a lone survivor (:meth:`Table.lone`)
    for :data:`LONE` less, thinning the pools of several survivors first: its player would
    become a monster player (R-I32-32), taking screen monsters for throngs of his own and
    counting towards Turning Point (R-I32-72). At 9 players this won 466 of games 0-599
    against 445 (docs/games/innsmouth-32.md). In reel IV, before the final turn, a take there
    is worth :data:`LAST_REEL_TAKE` even while the reel flows: each take empties the screen
    towards the reel's end, which brings the final turn on (R-I32-71) while many survivors
    are left; an all-out attack spends no card (at 9 players 1,291 of games 0-1599 against
    1,256)."""
    return table.players >= CROWDED


def choice(table: Table, knowledge: SeatKnowledge, level: str, rng: random.Random) -> Action:
    chooses = [x for x in knowledge.legal if isinstance(x, a.Choose)]
    if not chooses:
        return rng.choice(list(knowledge.legal))
    values_ = {x.value: x for x in chooses}
    purpose = str(table.step.get("purpose", ""))
    plain = {"cut": "cut", "los_star": "roll", "clip": "play_on"}
    if purpose == "clip" and level != "easy" and not table.survivors and "clip" in values_:
        return values_["clip"]  # R-I32-71: the movie ends now, with no survivor in play
    if purpose in plain and plain[purpose] in values_:
        return values_[plain[purpose]]
    if purpose == "plot":
        card = table.card(str(table.step.get("card", "")))
        effect = getattr(card, "effect", "")
        keep = "resolve" if effect in ("attack", "insanity") or level == "easy" else "discard"
        return values_.get(keep, chooses[0])
    if level == "easy":
        return rng.choice(chooses)
    if purpose == "insanity":
        survivor = str(table.step.get("survivor", ""))
        stats = table.survivors.get(survivor, {}).get("stats", {})
        return max(chooses, key=lambda x: (int(stats.get(x.value, 0)) - 4,
                                           -STAT_ORDER.index(x.value)
                                           if x.value in STAT_ORDER else -9))
    if purpose in ("terror", "cultist", "hound"):
        return max(chooses, key=lambda x: (strength(table, x.value), x.value))
    if purpose == "terror_place":
        return max(chooses, key=lambda x: (terror_spot(table, knowledge.seat, x.value),
                                           x.value))
    return chooses[0]


def strength(table: Table, card: str) -> float:
    """A terror's value; a survivor's strength (the secret cultist becomes a familiar face
    worth its MUSCLE; the Hound replaces the best survivor)."""
    info = table.card(card)
    if info is None:
        return 0.0
    stats = getattr(info, "stats", None)
    if isinstance(stats, dict):
        return float(stats.get("muscle", 0)) + 0.1 * sum(stats.values())
    return float(getattr(info, "value", 0))


def terror_spot(table: Table, seat: int, spot: str) -> float:
    """``throng:<seat>:<index>``: a terror placed there (its own value joins the throng)."""
    parts = spot.split(":")
    if len(parts) != 3 or not parts[1].isdigit() or not parts[2].isdigit():
        return 0.0
    owner, index = int(parts[1]), int(parts[2])
    value = int(table.step.get("value", 0)) or 10
    card = table.card(str(table.step.get("card", "")))
    value = int(getattr(card, "value", value) or value)
    mine = values(table, owner)
    before = potential(table, mine)
    mine[index] = [*mine[index], value]
    bonus = 0.05 if owner == seat else 0.0
    return potential(table, mine) - before + bonus
