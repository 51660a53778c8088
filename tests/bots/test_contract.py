"""The bot contract: a bot sees a seat's knowledge only, chooses a legal action, and the same
game gives the same choices (services/bots/contract.py, play.py)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from services.bots.contract import (
    BotError,
    RandomBot,
    SeatKnowledge,
    bot_rng,
    choose,
    knowledge_of,
)
from services.bots.play import Record, self_play
from services.games.core import Action, EndGame, State
from services.games.registry import default_registry

GAMES = {"decktet-escape": 3, "intruder-escape": 4, "innsmouth-escape": 3,
         "asylum-escape": 3, "innsmouth-32": 3}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_random_bots_play_whole_games_the_same_way_twice(game: str) -> None:
    players = GAMES[game]
    engine = default_registry().get(game)
    first, second = (self_play(engine.new_state(players), dict.fromkeys(range(players),
                                                                         RandomBot()),
                               7, random.Random(3)) for _ in range(2))
    assert first.state.outcome() is not None
    assert [a.to_json() for a in first.actions] == [a.to_json() for a in second.actions]


def test_knowledge_holds_no_state_only_what_the_seat_may_know() -> None:
    engine = default_registry().get("asylum-escape")
    record = Record(engine.new_state(3))
    record.resolve_chance(random.Random(1))
    knowledge = knowledge_of(record.state, 1, record.actions, record.events)
    assert knowledge.view == record.state.view(1)
    assert knowledge.public == record.state.view(None)
    assert list(knowledge.legal) == record.state.legal_actions(1)
    found = [f.name for f in dataclasses.fields(SeatKnowledge)
             if isinstance(getattr(knowledge, f.name), State)]
    assert found == []


class Cheat:
    level = "cheat"

    def choose(self, knowledge: SeatKnowledge, rng: random.Random) -> Action:
        return EndGame("a move no seat is offered")


def test_a_choice_outside_the_legal_actions_is_refused() -> None:
    engine = default_registry().get("decktet-escape")
    record = Record(engine.new_state(3))
    record.resolve_chance(random.Random(1))
    seat = record.state.pending()[0].seat
    knowledge = knowledge_of(record.state, seat, record.actions, record.events)
    with pytest.raises(BotError, match="not one of its legal actions"):
        choose(Cheat(), knowledge, 1)
    assert choose(RandomBot(), knowledge, 1) in knowledge.legal


def test_the_random_source_depends_on_seed_seat_and_step_only() -> None:
    assert bot_rng(5, 1, 9).random() == bot_rng(5, 1, 9).random()
    assert bot_rng(5, 1, 9).random() != bot_rng(5, 2, 9).random()
    assert bot_rng(5, 1, 9).random() != bot_rng(6, 1, 9).random()
