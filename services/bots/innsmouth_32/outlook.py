"""How a position looks to the director's side: what the hard bot's playouts are scored by.

The director wins when no survivor is left at the end (A-I32-01). So a position is worth the
kills its throngs can still make before the movie ends, against the survivors that must still
die: those in play (their strength and spoints) and those still to draw. The kills to come
are the throngs' all-out odds against the survivors in reach, times the director's turns
left, which the cards left to play out measure (R-I32-68: a reel ends when its cards are
gone; the players use up about one card for every two survivor actions).

With one character player, reel IV is a race (:func:`race`): the movie ends when its screen
is empty (Turning Point holds the reel pile, R-I32-72), then comes the director's final turn
(R-I32-71), and the director wins only if no survivor is left in play after it (A-I32-01).
"""

from __future__ import annotations

from collections.abc import Sequence

from services.bots.innsmouth_32.table import Table, blow

REELS = {1: 10, 2: 20, 3: 15, 4: 10}  # 5.3: the reel piles
SCREEN = 3
PILE = 0.9  # a survivor still to draw, against one in play
FUTURE = 0.8  # the kills to come, against the kills made
WIN = 12.0
SPOILED = 10.0
AHEAD = 0.5  # the race: the odds of a clean sweep from which the director hurries the end
HURRY = 10.0  # the race: a take's worth when ahead (it keeps a monster and ends sooner)
HOLD = 5.0  # the race: a take's cost when behind (the reel goes on while it is on screen)


def cards_left(table: Table) -> int:
    """The cards of this reel still to play out, and those of the reels to come (Turning
    Point: only their screens, R-I32-72)."""
    view = table.view
    now = int(view["reel_pile"]) + sum(1 for s in table.screen
                                       if s.get("card") or s.get("face_down"))
    later = sum(SCREEN if view["turning_point"] else REELS[r] + SCREEN
                for r in range(table.reel + 1, 5))
    return now + later


def turns_left(table: Table) -> float:
    """The director's turns still to come, roughly: each round the survivors use up about
    half a card each and the director one."""
    view = table.view
    if int(view.get("final_turn", 0)) >= 1:
        return 1.0
    per_round = 1.0 + 0.5 * max(1, len(table.survivors))
    return 1.0 + cards_left(table) / per_round


def kill_rate(table: Table, seats: set[int]) -> float:
    """The kills one all-out attack of ``seats``' throngs may expect against the survivors in
    reach (on average over them)."""
    reach = [s for s in table.survivors if not any(
        s in x["occupants"] and x["locks"] for x in table.sanctuaries)]
    if not reach:
        return 0.0
    rate = 0.0
    for seat in seats:
        for cards in table.throngs[seat]:
            if not cards:
                continue
            value, shad = table.throng_value(cards), table.throng_shad(cards)
            rate += sum(blow(value, shad, table.spoints(s), table.speed(s)).kill
                        for s in reach) / len(reach)
    return rate


def value(table: Table) -> float:
    """The position for the director's side (the outcome, once there is one)."""
    outcome = table.view.get("outcome")
    if outcome:
        return WIN if table.director in outcome["winners"] else -WIN
    alive = list(table.survivors)
    if len(alive) == 1 and not int(table.view["survivor_pile"]) and \
            table.out_of_reach(alive[0]):
        return -SPOILED  # Last One Standing out of reach: the players all but won
    need = sum(table.worth(s) for s in table.survivors) + PILE * int(
        table.view["survivor_pile"])
    side = {table.director, *table.monster_players}
    future = kill_rate(table, side) * turns_left(table)
    return FUTURE * min(future, need) - need


def sweep(table: Table, throngs: Sequence[tuple[int, bool]]) -> float:
    """The chance one all-out attack of ``throngs`` (value, SHAD) eliminates every survivor
    in play: each throng, strongest first, strikes the survivor most likely still alive (an
    estimate: each attack meets the survivor's full spoints); none when one is out of
    reach."""
    alive = dict.fromkeys(table.survivors, 1.0)
    if any(table.out_of_reach(s) for s in alive):
        return 0.0
    for value, shad in sorted(throngs, reverse=True):
        if not alive:
            break
        s = max(alive, key=lambda k: (alive[k], k))
        alive[s] *= 1 - blow(value, shad, table.spoints(s), table.speed(s)).kill
    odds = 1.0
    for left in alive.values():
        odds *= 1 - left
    return odds


def race(table: Table, seat: int, throng: int, value: int, familiar: bool) -> float:
    """What a take of a monster (``value``, a familiar face or not) into ``throng`` is worth in
    reel IV with one character player, beyond its attack and growth: with the monster, would
    the director's final all-out attack likely sweep the survivors now in play? Then it
    hurries the end (:data:`HURRY`: each take empties the screen towards the final turn);
    otherwise it holds back (:data:`HOLD`: the monster stays on the screen, the reel goes on
    and its all-out attacks thin and drain the survivors first). Against random-legal
    players at 2 players it won 969 of 1,600 games against 936 without it
    (docs/games/innsmouth-32.md)."""
    throngs = [(sum(int(c.get("value", 0)) for c in t), table.throng_shad(list(t)))
               for t in table.throngs[seat]]
    old, shad = throngs[throng]
    throngs[throng] = (old + value, shad or familiar)
    odds = sweep(table, [t for t in throngs if t[0]])
    return HURRY if odds >= AHEAD else -HOLD
