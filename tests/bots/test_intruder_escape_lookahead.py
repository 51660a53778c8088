"""The ``hard`` look-ahead's playouts (services/bots/intruder_escape/lookahead.py): in an
Innocent's playouts another Innocent aims by that Innocent's belief, as ``normal`` does (a
seat believed an Intruder before the most hurt one), never at the deciding seat for its
damage alone; an Intruder's playouts keep the plain model (the most hurt seat)."""

from __future__ import annotations

import random

import pytest

from services.bots.contract import knowledge_of
from services.bots.intruder_escape import lookahead
from services.bots.intruder_escape.belief import belief_of
from services.bots.intruder_escape.judge import Judge
from services.bots.intruder_escape.lookahead import Lookahead, Rows
from services.bots.intruder_escape.table import Table
from tests.games.intruder_helpers import BANDAGE, DATA, FILLER, SYRINGE, ids, position

IDENTITIES = ["innocent", "innocent", "intruder", "innocent"]


def playout_turn(seat: int, friend: dict[int, float], damage: dict[int, int]) -> dict[int, int]:
    """Seat 1 (an Innocent) holding a Knife takes its turn in a playout of ``seat``'s."""
    hands = [list(FILLER[:2]), list(FILLER[2:4]), list(FILLER[4:6]), ids(BANDAGE, SYRINGE)]
    state = position(hands, active=seat, identities=IDENTITIES)
    knowledge = knowledge_of(state, seat, [], [])
    table = Table.of(knowledge.view, DATA)
    judge = Judge(table, friend)
    look = Lookahead(table, judge, belief_of(knowledge, table), random.Random(0), 24)
    rows = Rows(dict(damage), dict.fromkeys(damage, False), dict.fromkeys(damage, 0),
                dict.fromkeys(damage, ""), 4, {1: ["knife"]})
    look.turn(1, frozenset({2}), rows, random.Random(0))
    return rows.damage


@pytest.fixture(autouse=True)
def careful(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lookahead, "CARELESS", 0.0)


def test_another_innocent_hits_the_seat_this_innocent_believes_an_intruder() -> None:
    friend = {0: 1.0, 1: 0.2, 2: -1.0, 3: 0.8}
    after = playout_turn(0, friend, {0: 3, 1: 0, 2: 2, 3: 0})
    assert after == {0: 3, 1: 0, 2: 4, 3: 0}


def test_an_intruders_playouts_keep_the_most_hurt_target() -> None:
    friend = {0: -1.0, 1: -1.0, 2: 1.0, 3: -1.0}
    after = playout_turn(2, friend, {0: 3, 1: 0, 2: 2, 3: 0})
    assert after == {0: 5, 1: 0, 2: 2, 3: 0}
