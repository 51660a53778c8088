"""The hard Innsmouth 32 director's race in reel IV with one character player
(services/bots/innsmouth_32/outlook.py ``sweep`` and ``race``): a take is worth HURRY more
when the director's throngs, with the monster, would likely eliminate every survivor in play
in one all-out attack, HOLD less otherwise; normal, and hard at other tables or before reel
IV, weigh it as before."""

from __future__ import annotations

from typing import Any

import pytest

from services.bots.contract import SeatKnowledge
from services.bots.innsmouth_32 import director, outlook
from services.bots.innsmouth_32.table import Table, blow
from services.games.core import Action
from services.games.innsmouth_32 import actions as acts
from tests.bots.test_innsmouth_32 import director_turns


def duel_take() -> SeatKnowledge:
    """A 2-player director's turn that may take a screen monster."""
    return next(k for k in director_turns(2, 3)
                if any(isinstance(x, acts.TakeAttack) and x.target for x in k.legal))


def seen(knowledge: SeatKnowledge, reel: int, **more: Any) -> dict[str, Any]:
    return {**knowledge.view, "reel": reel, "final_turn": 0, "turning_point": True, **more}


def test_a_sweep_is_the_chance_every_survivor_in_play_dies() -> None:
    knowledge = duel_take()
    table = Table(knowledge.view, knowledge.seat, True)
    survivor = sorted(table.survivors)[0]
    one = Table({**knowledge.view, "survivors": {survivor: table.survivors[survivor]}},
                knowledge.seat, True)
    kill = blow(11, False, one.spoints(survivor), one.speed(survivor)).kill
    assert outlook.sweep(one, [(11, False)]) == pytest.approx(kill)
    assert outlook.sweep(one, [(11, False), (7, True)]) == pytest.approx(
        1 - (1 - kill) * (1 - blow(7, True, one.spoints(survivor), one.speed(survivor)).kill))
    assert outlook.sweep(one, []) == 0.0
    assert outlook.sweep(Table({**knowledge.view, "survivors": {}}, knowledge.seat), []) == 1.0


def test_a_sweep_needs_every_survivor_in_reach() -> None:
    knowledge = duel_take()
    view = knowledge.view
    survivor = sorted(view["survivors"])[0]
    sanctuary = {"card": "first-church", "locks": 2, "mythos": 0, "occupants": [survivor],
                 "stored_items": []}
    hidden = {**view["survivors"], survivor: {**view["survivors"][survivor],
                                              "where": "first-church"}}
    table = Table({**view, "survivors": hidden, "sanctuaries": [sanctuary]}, knowledge.seat)
    assert table.out_of_reach(survivor)
    assert outlook.sweep(table, [(11, False)] * 6) == 0.0


def scores(knowledge: SeatKnowledge, view: dict[str, Any],
           careful: bool) -> list[tuple[float, Action]]:
    return director.turn_scores(Table(view, knowledge.seat, careful), knowledge.seat,
                                knowledge.legal)


def test_hard_with_one_player_races_in_reel_four() -> None:
    """hard, 2 players, reel IV before the final turn: each take gains outlook.race beyond
    reel III's score and LAST_REEL_TAKE (HURRY when ahead, -HOLD when behind); an all-out
    attack is worth the same. normal, and hard at its final turn, are unchanged."""
    knowledge = duel_take()
    table = Table(seen(knowledge, 4), knowledge.seat, True)
    raced = {outlook.race(table, knowledge.seat, x.throng, table.monster_value(x.card),
                          table.is_familiar(x.card))
             for x in knowledge.legal if isinstance(x, acts.TakeAttack)}
    assert raced <= {outlook.HURRY, -outlook.HOLD}
    for (early, action), (late, same) in zip(scores(knowledge, seen(knowledge, 3), True),
                                             scores(knowledge, seen(knowledge, 4), True),
                                             strict=True):
        assert action == same
        if isinstance(action, acts.TakeAttack):
            race = outlook.race(table, knowledge.seat, action.throng,
                                table.monster_value(action.card),
                                table.is_familiar(action.card))
            assert late == pytest.approx(early + director.LAST_REEL_TAKE + race)
        else:
            assert late == pytest.approx(early)
    for (early, action), (late, same) in zip(scores(knowledge, seen(knowledge, 3), False),
                                             scores(knowledge, seen(knowledge, 4), False),
                                             strict=True):
        assert action == same
        assert late == pytest.approx(early)
    final = seen(knowledge, 4, final_turn=2)
    assert scores(knowledge, final, True) == scores(knowledge, {**final, "reel": 3}, True)


def test_the_race_hurries_when_ahead_and_holds_when_behind() -> None:
    """The same take is worth HURRY with the survivors drained (no spoints, slow) and -HOLD
    with one of them behind locks."""
    knowledge = duel_take()
    view = seen(knowledge, 4)
    take = next(x for x in knowledge.legal if isinstance(x, acts.TakeAttack))
    drained = {s: {**v, "rest": 0, "stats": {**v["stats"], "speed": 2}}
               for s, v in view["survivors"].items()}
    power = [0] * len(view["power"])
    throngs = [list(t) for t in view["throngs"]]
    throngs[knowledge.seat] = [[{"card": f"big-{i}", "value": 11}] for i in range(6)]
    ahead = Table({**view, "survivors": drained, "power": power, "throngs": throngs},
                  knowledge.seat, True)
    value = ahead.monster_value(take.card)
    assert outlook.race(ahead, knowledge.seat, take.throng, value, False) == outlook.HURRY
    survivor = sorted(drained)[0]
    locked = {**drained, survivor: {**drained[survivor], "where": "first-church"}}
    sanctuary = {"card": "first-church", "locks": 1, "mythos": 0, "occupants": [survivor],
                 "stored_items": []}
    behind = Table({**view, "survivors": locked, "power": power, "throngs": throngs,
                    "sanctuaries": [sanctuary]}, knowledge.seat, True)
    assert outlook.race(behind, knowledge.seat, take.throng, value, False) == -outlook.HOLD
