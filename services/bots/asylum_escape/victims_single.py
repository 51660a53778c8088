"""hard, one Victim (2 players): choices by :class:`~.victims_duel.Duel`'s look-ahead.

The start room and every move go to the room most likely to live through the next Patient
turn (normal's danger of the room breaking ties); the draw compares a Movement card (each
value by the cards not seen, a Stumble caught by the nearest Patient and known) with a
Camo/Sabo card (a save, a move card to play, or nothing of use) and a move card kept in hand.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from services.bots.asylum_escape.hunt import kill_chance
from services.bots.asylum_escape.victims_cards import camo_cards, move_cards
from services.bots.asylum_escape.victims_duel import KNOWN, Duel
from services.bots.asylum_escape.victims_route import Danger, card_value, shown_steps
from services.bots.contract import SeatKnowledge
from services.games.asylum_escape import actions as a
from services.games.asylum_escape.data import AsylumData
from services.games.core import Action

MARGIN = 0.005  # a Movement card must be this much better than a Camo/Sabo card


def single_choice(knowledge: SeatKnowledge, data: AsylumData, rng: random.Random
                  ) -> Action | None:
    """hard's action when it is the only Victim, or None (normal's rules decide)."""
    view, legal = knowledge.view, knowledge.legal
    if len(view["victims"]) != 1:
        return None
    phase = view["phase"]
    duel = Duel(knowledge, data)
    danger = Danger(knowledge, data)
    if phase == "start_rooms":
        rooms = [x for x in legal if isinstance(x, a.StartRoom)]
        return rooms[pick(danger, duel.scores(0), [x.room for x in rooms], rng)]
    here = view.get("private", {}).get("room", "")
    if here not in danger.grid:
        return None
    moves = [x for x in legal if isinstance(x, a.Move)]
    if moves:
        ends = [x.path[-1] if x.path else here for x in moves]
        return moves[pick(danger, duel.scores(shown_steps(knowledge, data)), ends, rng)]
    hand = list(view.get("private", {}).get("hand", []))
    runs = [x for x in legal if isinstance(x, a.PlayCard) and card_value(data, x.card)]
    if phase == "victim_draw":
        return draw_choice(knowledge, data, duel, danger, here, hand)
    if phase == "victim_act" and runs and a.EndTurn(knowledge.seat) in legal:
        run = max(runs, key=lambda x: card_value(data, x.card))
        stay = duel.scores(0)[here]
        if best_end(duel, danger, here, card_value(data, run.card)) > stay:
            return run
        return a.EndTurn(knowledge.seat)
    return None


def pick(danger: Danger, scores: Mapping[str, float], rooms: Sequence[str],
         rng: random.Random) -> int:
    """The index of the room most likely to live (normal's danger, then the farthest from
    the Patients, breaking ties; a random one of equals)."""
    def key(room: str) -> tuple[float, float, int]:
        if room in danger.rooms or room not in danger.grid:
            return (-1.0, 0.0, 0)
        return (round(scores.get(room, 0.0), 6), -round(danger.reach(room), 6),
                danger.nearest(room))
    keys = [key(r) for r in rooms]
    top = max(keys)
    return rng.choice([i for i, k in enumerate(keys) if k == top])


def best_end(duel: Duel, danger: Danger, here: str, steps: int, saves: int = 0) -> float:
    """The best chance to live after a move of up to ``steps`` rooms from ``here``."""
    scores = duel.scores(steps, saves)
    return max((scores.get(r, 0.0) for r in danger.within(here, steps)
                if r not in danger.rooms), default=0.0)


def draw_choice(knowledge: SeatKnowledge, data: AsylumData, duel: Duel, danger: Danger,
                here: str, hand: Sequence[str]) -> Action:
    seat = knowledge.seat
    reach = max((card_value(data, c) for c in hand), default=0)
    stay = duel.scores(0)[here]
    base = max(stay, best_end(duel, danger, here, reach)) if reach else stay
    camo = 0.0
    for use, chance in camo_cards(knowledge.view, data).items():
        if use == "save":
            camo += chance * max(base, duel.scores(0, 1)[here])
        elif use.startswith("move"):
            camo += chance * max(base, best_end(duel, danger, here, int(use[4:])))
        else:
            camo += chance * base
    bonus = my_bonus(knowledge, data)
    move = 0.0
    for value, chance in move_cards(knowledge.view, data).items():
        if value == 0:
            move += chance * stumble_value(duel, danger, here)
        else:
            move += chance * max(base if reach else 0.0,
                                 best_end(duel, danger, here, max(0, value + bonus)))
    movement = a.DrawCard(seat, "movement")
    camo_sabo = a.DrawCard(seat, "camo_sabo")
    if camo_sabo in knowledge.legal:
        if movement in knowledge.legal and move > camo + MARGIN:
            return movement
        return camo_sabo
    if movement in knowledge.legal and move > base + MARGIN:
        return movement
    return a.SkipDraw(seat)


def stumble_value(duel: Duel, danger: Danger, here: str) -> float:
    """A Stumble: caught by the nearest Patient (a save cancels one roll), then known."""
    if not danger.patients:
        return 0.0
    dist = danger.grid.distances(here)
    near = min(danger.patients, key=lambda p: dist.get(p[1], 99))
    kill = kill_chance(duel.data, near[0], duel.knowledge.options)
    live = 1.0 if duel.saves else 1.0 - kill
    return live * (1.0 - KNOWN)


def my_bonus(knowledge: SeatKnowledge, data: AsylumData) -> int:
    mine = next((v["card"] for v in knowledge.view["victims"]
                 if v["seat"] == knowledge.seat), "")
    try:
        return int(data.get(mine).move_bonus) if mine else 0
    except (KeyError, AttributeError):
        return 0
