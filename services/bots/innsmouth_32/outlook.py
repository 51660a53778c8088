"""How a position looks to the director's side: what the hard bot's playouts are scored by.

The director wins when no survivor is left at the end (A-I32-01). So a position is worth the
kills its throngs can still make before the movie ends, against the survivors that must still
die: those in play (their strength and spoints) and those still to draw. The kills to come
are the throngs' all-out odds against the survivors in reach, times the director's turns
left, which the cards left to play out measure (R-I32-68: a reel ends when its cards are
gone; the players use up about one card for every two survivor actions).
"""

from __future__ import annotations

from services.bots.innsmouth_32.table import Table, blow

REELS = {1: 10, 2: 20, 3: 15, 4: 10}  # 5.3: the reel piles
SCREEN = 3
PILE = 0.9  # a survivor still to draw, against one in play
FUTURE = 0.8  # the kills to come, against the kills made
WIN = 12.0
SPOILED = 10.0


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
