"""The hard character players' look-ahead for Last One Standing (R-I32-73, issue 26): the
last survivor's final turn is followed by one round of attacks, every throng of the director
and of the monster players striking once. The final turn is chosen by the exact odds of
living through that round, from the public view only:

- each throng hits when 2d6 <= the sum of its values (R-I32-40, R-I32-47), 1-1 always kills
  (head shot, R-I32-51), 6-6 always misses; doubles add to the damage (R-I32-52);
- the survivor negates a hit when its spoints cover the damage, else flails with the spoints
  that raise its SPEED up to 11 (R-I32-49, A-I32-14);
- inside a sanctuary with locks it cannot be attacked (R-I32-64): each hit takes a lock
  (A-I32-08) until none is left;
- a horror star kept re-rolls a failed flail once (R-I32-67); forcing a monster's re-roll
  instead is worth it only when the odds of the round say so (:func:`force`), and so is
  spending it on an extra action, a rest, in the final turn (:func:`star_first`);
- an attack of the survivor eliminates a throng's monster at the odds the caller gives
  (:func:`.people_normal.kill_odds`); a mythos attack at the odds the monster fails its save
  (:func:`banish_odds`, R-I32-58), spending no spoints.

The work is a fixed table (throngs x spoints x locks x 36 faces x the damage die), no time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache

from services.bots.contract import Told
from services.bots.innsmouth_32.table import FACES, TARGET_CAP, Table, damage_odds, p_test
from services.games.core import Action
from services.games.innsmouth_32 import actions as a

REST_CAP = 7  # rest spoints on a survivor (R-I32-13)
Kill = Callable[[a.Act, int], float]  # an attack's odds of eliminating its monster


@cache
def survive(attacks: tuple[tuple[int, bool], ...], spoints: int, speed: int,
            locks: int = 0, stars: int = 0) -> float:
    """The odds of living through ``attacks`` (each a throng's target number and whether it
    rolls SHAD) with ``spoints`` to spend, behind ``locks`` locks, with ``stars`` horror
    stars kept to re-roll a failed flail (R-I32-67)."""
    if not attacks:
        return 1.0
    (target, shad), rest = attacks[0], attacks[1:]
    if locks:
        hit = p_test(target)
        return hit * survive(rest, spoints, speed, locks - 1, stars) + \
            (1 - hit) * survive(rest, spoints, speed, locks, stars)
    total = 0.0
    for x, y in FACES:
        if x == y == 1:
            continue  # head shot: eliminated
        if (x == y == 6) or x + y > target:
            total += survive(rest, spoints, speed, 0, stars) / 36
            continue
        total += struck(rest, x if x == y else 0, shad, spoints, speed, stars) / 36
    return total


@cache
def struck(rest: tuple[tuple[int, bool], ...], bonus: int, shad: bool, spoints: int,
           speed: int, stars: int) -> float:
    """The odds of living through a hit (``bonus``: its doubles) and then ``rest``: negate
    when the spoints cover the damage, else flail, re-rolled once with a star."""
    flail = min(spoints, max(0, TARGET_CAP - speed))
    escape = p_test(min(TARGET_CAP, speed + flail))
    total = 0.0
    for d, p in damage_odds(shad):
        if d + bonus <= spoints:
            total += p * survive(rest, spoints - d - bonus, speed, 0, stars)
            continue
        total += p * escape * survive(rest, spoints - flail, speed, 0, stars)
        if stars:
            total += p * (1 - escape) * escape * survive(rest, spoints - flail, speed, 0,
                                                         stars - 1)
    return total


def attackers(table: Table) -> list[list[int | bool]]:
    """Every throng that strikes in the round: [target number, SHAD] each."""
    found: list[list[int | bool]] = []
    for seat in [table.director, *table.monster_players]:
        for cards in table.throngs[seat]:
            if cards:
                found.append([min(11, table.throng_value(list(cards))),
                              table.throng_shad(list(cards))])
    return found


def thinned(table: Table, card: str) -> tuple[tuple[int, bool], ...]:
    """The round's attacks once ``card`` (a throng's monster) is eliminated."""
    found: list[tuple[int, bool]] = []
    for seat in [table.director, *table.monster_players]:
        for cards in table.throngs[seat]:
            left = [c for c in cards if c.get("card") != card]
            if left:
                found.append((min(11, table.throng_value(left)), table.throng_shad(left)))
    return tuple(sorted(found, reverse=True))


def locks_of(table: Table, sanctuary: str) -> int:
    return next((int(s["locks"]) for s in table.sanctuaries if s["card"] == sanctuary), 0)


def odds(table: Table, x: a.Act, spare: int, kill_odds: Kill) -> float:
    """The odds that the last survivor lives through the round after ``x``; ``spare``: the
    spoints an attack commits, ``kill_odds``: its odds of eliminating the monster."""
    me = table.survivors[x.survivor]
    spoints = table.spoints(x.survivor)
    rest = int(me["rest"])
    speed = table.speed(x.survivor)
    now = tuple(sorted(((int(t), bool(s)) for t, s in attackers(table)), reverse=True))
    where = str(me.get("where", ""))
    stars = int(me.get("stars", 0))
    if x.kind == "rest":
        return survive(now, spoints + min(2, REST_CAP - rest), speed, 0, stars)
    if x.kind == "sanctuary_rest":
        return survive(now, spoints + min(3, REST_CAP - rest), speed, locks_of(table, where),
                       stars)
    if x.kind in ("investigate", "search"):
        return survive(now, spoints, speed, locks_of(table, where), stars)
    if x.kind == "move":
        return survive(now, spoints, speed, locks_of(table, x.target), stars)
    throngs = table.screen_card(x.target) is None
    if x.kind == "mythos_attack" and not x.item and throngs:
        kill, left = banish_odds(table.monster_value(x.target)), spoints
    elif x.kind == "attack" and not x.target.startswith(("throng:", "locks:")) and throngs:
        kill, left = kill_odds(x, spare), spoints - spare
    else:
        return survive(now, spoints, speed, 0, stars)
    return kill * survive(thinned(table, x.target), left, speed, 0, stars) + \
        (1 - kill) * survive(now, left, speed, 0, stars)


def banish_odds(value: int) -> float:
    """The odds a monster of ``value`` fails its save against a mythos attack (R-I32-58: 1-1
    immune, 6-6 removed, else banished above its value)."""
    won = sum(1 for x, y in FACES if not x == y == 1 and (x == y == 6 or x + y > value))
    return won / 36


def best(table: Table, acts: Sequence[a.Act], spare: int, kill_odds: Kill) -> a.Act:
    """The final turn with the best odds (ties: the first in the legal order)."""
    return max(acts, key=lambda x: (odds(table, x, spare, kill_odds), -acts.index(x)))


def rested(table: Table, survivor: str) -> Table:
    """The table once ``survivor`` has spent a horror star on an extra action and rested
    (R-I32-67, R-I32-63): 2 rest spoints more (7 at most), a star less."""
    view = dict(table.view)
    me = dict(view["survivors"][survivor])
    me.update(rest=min(REST_CAP, int(me["rest"]) + 2), stars=int(me.get("stars", 0)) - 1)
    view["survivors"] = {**view["survivors"], survivor: me}
    return Table(view, table.seat, table.careful)


def star_first(table: Table, acts: Sequence[a.Act], spare: int, kill_odds: Kill) -> bool:
    """The last survivor's final turn: spend a horror star first on an extra action (a rest)
    when that gives better odds of living through the round than keeping it for a failed
    flail (R-I32-67)."""
    survivor = acts[0].survivor
    if not int(table.survivors[survivor].get("stars", 0)):
        return False
    keep = odds(table, best(table, acts, spare, kill_odds), spare, kill_odds)
    after = rested(table, survivor)
    return odds(after, best(after, acts, spare, kill_odds), spare, kill_odds) > keep


AIMS = re.compile(r"^Seat (\d+) aims at ")
ALL_OUT = re.compile(r"^Seat (\d+) makes an all-out attack")
ONE = re.compile(r"^Seat (\d+) (takes .+ into throng \d+ and attacks|covers)")


def later_attacks(table: Table, history: Sequence[Told]) -> tuple[tuple[int, bool], ...]:
    """The attacks still to come in the Last One Standing round after the one being
    negated, read from the history: the rest of an all-out attack (throng by throng, R-I32-30),
    then every throng of the attackers after this one (clockwise from the survivor, R-I32-73)."""
    survivor = next(iter(table.survivors), "")
    if not survivor:
        return ()
    attacker, aimed = -1, 0
    for told in reversed(history):
        found = AIMS.match(told.sentence)
        if found:
            attacker, aimed = int(found.group(1)) - 1, aimed + 1
            continue
        found = ALL_OUT.match(told.sentence) or ONE.match(told.sentence)
        if found:
            if ONE.match(told.sentence):
                attacker, aimed = int(found.group(1)) - 1, len(table.throngs[0]) + 6
            break
    owner = table.owner(survivor)
    order = [(owner + i) % table.players for i in range(1, table.players + 1)]
    order = [s for s in order if s == table.director or s in table.monster_players or
             (not table.view["pools"][s] and s != owner)]
    found_attacks: list[tuple[int, bool]] = []
    if attacker in order:
        left = [list(t) for t in table.throngs[attacker] if t][aimed:]
        found_attacks += [(min(11, table.throng_value(t)), table.throng_shad(t)) for t in left]
        order = order[order.index(attacker) + 1:]
    for seat in order:
        found_attacks += [(min(11, table.throng_value(list(t))), table.throng_shad(list(t)))
                          for t in table.throngs[seat] if t]
    return tuple(sorted(found_attacks, reverse=True))


def negate(table: Table, plain: Sequence[Action], history: Sequence[Told]) -> Action:
    """The last survivor hit in its round of attacks: negate or flail, and with which
    spoints, by the exact odds of living through this hit and the attacks still to come
    (:func:`later_attacks`), with the spoints left on it and its player's board."""
    survivor = str(table.step.get("survivor", ""))
    me = table.survivors[survivor]
    speed = table.speed(survivor)
    rest, power = int(me["rest"]), table.power[table.owner(survivor)]
    stars = int(me.get("stars", 0))
    later = later_attacks(table, history)

    def odds(x: Action) -> float:
        if not isinstance(x, a.Negate | a.Flail):
            return -1.0
        left = max(0, rest - x.rest) + max(0, power - x.power)
        if isinstance(x, a.Negate):
            return survive(later, left, speed, 0, stars)
        now = p_test(min(TARGET_CAP, speed + x.power + x.rest + x.lent))
        again = (1 - now) * now * survive(later, left, speed, 0, stars - 1) if stars else 0.0
        return now * survive(later, left, speed, 0, stars) + again

    return max(plain, key=lambda x: (odds(x), -getattr(x, "lent", 0), -getattr(x, "power", 0),
                                     str(x.to_json())))


def force(table: Table, history: Sequence[Told], target: int, bonus: int) -> bool:
    """Last One Standing: a monster hit the last survivor (``target``: its target number,
    ``bonus``: its doubles): force a re-roll with a horror star (R-I32-67) when that gives
    better odds of living through this attack and the ones still to come than keeping the
    star for a failed flail."""
    survivor = next(iter(table.survivors), "")
    if not survivor:
        return False
    me = table.survivors[survivor]
    stars = int(me.get("stars", 0))
    if not stars:
        return False
    spoints = int(me["rest"]) + table.power[table.owner(survivor)]
    speed = table.speed(survivor)
    later = later_attacks(table, history)
    keep = struck(later, bonus, False, spoints, speed, stars)
    again = survive(((target, False), *later), spoints, speed, 0, stars - 1)
    return again > keep
