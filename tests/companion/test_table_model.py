"""The table screen's model in each of the five games (issue 25): whose turn it is, the last
roll explained step by step, and the history's sentences, exactly, for seeded positions;
the log is the public history's tail, and a long game's log costs no more than its tail."""

from __future__ import annotations

import random
from typing import Any

import pytest

from services.games.core import State, history_sentences
from services.referee.box.table_rolls import last_chain
from services.referee.box.table_screen import LOG_LINES, game_model, public_sentences, turn_words
from services.referee.companion.maps import map_of
from services.referee.companion.words import words_of
from services.referee.live import Step
from tests.companion.test_words_leaks import GAMES


def playout(game: str, seed: int, moves: int) -> tuple[State, list[Step], list[str]]:
    """A seeded random game of ``moves`` steps (chance resolved by the same source)."""
    engine, players, options = GAMES[game]
    rng = random.Random(seed)
    state = engine.new_state(players, options)
    steps: list[Step] = []
    for _ in range(moves):
        if state.outcome() is not None:
            break
        prompt = state.chance_prompt()
        if prompt is not None:
            action, kind = prompt.resolve(rng), "chance"
        else:
            seats = sorted({p.seat for p in state.pending() if p.actor == "seat"})  # type: ignore[union-attr]
            action, kind = rng.choice(state.legal_actions(rng.choice(seats))), "action"
        steps.append(Step(kind, action, tuple(state.apply(action))))
    return state, steps, [f"Seat {n + 1}" for n in range(players)]


def model(game: str, moves: int) -> dict[str, Any]:
    state, steps, labels = playout(game, 1, moves)
    engine = GAMES[game][0]
    return game_model(game, engine.info.title, state, steps, labels,
                      data=getattr(engine, "data", None))


def roll_steps(found: dict[str, Any]) -> list[tuple[str, list[str]]]:
    return [(step["said"], step["lines"]) for step in found["rolls"]["steps"]]


def test_escape_says_whose_turn_it_is_and_has_no_rolls() -> None:
    found = model("decktet-escape", 30)
    assert found["turn"] == "Seat 3's turn: give a clue, play a card or discard one."
    assert found["rolls"] is None and found["map"] is None and found["moves"] == 30
    assert found["log"][-3:] == ["Seat 3 plays the card in slot 2",
                                 "Seat 1 tells Seat 3 about moons",
                                 "Seat 2 discards the card in slot 5"]


def test_intruder_escape_explains_each_roll_for_the_first_player() -> None:
    found = model("intruder-escape", 30)
    assert found["turn"] == "Seat 2 plays a card or skips."
    assert roll_steps(found) == [
        ("Seat 1 keeps 3 cards.", []),
        ("The box shuffles the bottom pile.", []),
        ("The die shows 1.", ["The die for first player shows 1: no one plays character 1, "
                              "so the die is rolled again."]),
        ("The die shows 4.", ["The die for first player shows 4: no one plays character 4, "
                              "so the die is rolled again."]),
        ("The die shows 6.", ["The die for first player shows 6: Seat 3.",
                              "Seat 3 plays first."])]
    assert found["log"][-3:] == ["Seat 3 plays Knife on Seat 4",
                                 "Seat 4 plays Double Scratch on Seat 2", "Seat 1 skips"]


def test_innsmouth_escape_explains_the_fight_roll_by_roll() -> None:
    found = model("innsmouth-escape", 60)
    assert found["turn"] == "The Deep One players may play a card."
    assert roll_steps(found) == [
        ("The Human fights.", []),
        ("The dice show 5.", ["The Human's attack: the dice show 5; each die of 5 or more "
                              "hits: 1 hit.", "The Human kills blue Deep Ones."]),
        ("The dice show 4, 1, 2.", ["The blue Deep Ones' attack: the dice show 4, 1 and 2: "
                                    "1 wound.",
                                    "Deep One pawns lost: 3 blue; the Human has 5 wounds."])]
    assert found["log"][-3:] == ["Seat 2 moves 1 Deep Ones", "Seat 3 spawns on B3",
                                 "Seat 2 passes"]
    assert found["map"]["title"] == "The board" and found["map"]["secret"] is False


def test_asylum_escape_explains_the_patients_coin() -> None:
    found = model("asylum-escape", 28)
    assert found["turn"] == "Seat 2 takes their turn."
    assert roll_steps(found) == [
        ("Seat 3 ends their turn.", []),
        ("The coin shows tails.", ["The coin for The Twins shows tails: it moves up to "
                                   "2 rooms."])]
    assert found["log"][-3:] == ["The Twins (example) moves: Infirmary > Kitchen",
                                 "Seat 1 makes Seat 2 reveal their room", "Seat 3 passes"]
    assert found["map"]["title"] == "The asylum"


def test_innsmouth_32_explains_the_attack_with_the_engines_public_lines() -> None:
    found = model("innsmouth-32", 30)
    assert found["turn"] == "Seat 2 and Seat 3 may negate or flail."
    assert roll_steps(found) == [
        ("Seat 1 aims at Vera Lucchese.", []),
        ("The dice show 4+1.", ["2d6 = 4+1 = 5 <= Dagon's Herald 9: hit."]),
        ("The dice show 4.", ["1d6 = 4: 4 damage to Vera Lucchese."])]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_model_is_the_public_view_in_words_and_the_public_history(game: str) -> None:
    state, steps, labels = playout(game, 2, 70)
    engine = GAMES[game][0]
    data = getattr(engine, "data", None)
    found = game_model(game, engine.info.title, state, steps, labels, data=data,
                       say=lambda line: line.replace("Seat 1", "Seat 7"))
    view = state.view(None)
    assert found["panel"] == words_of(game).public(view, labels, data)
    assert found["map"] == map_of(game, view, data, labels=labels)
    told = history_sentences(state, [step.action for step in steps], None)
    assert found["log"] == [line.replace("Seat 1", "Seat 7") for line in told[-LOG_LINES:]]
    assert found["moves"] == len(steps) > LOG_LINES


def test_a_long_games_log_describes_only_its_tail() -> None:
    state, steps, _labels = playout("decktet-escape", 3, 60)
    actions = [step.action for step in steps]
    described: list[Any] = []
    original = state.describe

    def counting(action: Any, seat: int | None = None, *, settled: bool = False) -> str:
        described.append(action)
        return original(action, seat, settled=settled)

    state.describe = counting  # type: ignore[method-assign]
    tail = public_sentences(state, actions, 10)
    assert len(described) == 10 and described == actions[-10:]
    state.describe = original  # type: ignore[method-assign]
    assert tail == history_sentences(state, actions, None)[-10:]


def test_the_roll_chain_runs_from_the_seat_action_before_the_last_roll_to_the_next() -> None:
    _state, steps, _labels = playout("intruder-escape", 1, 30)
    start, end = last_chain(steps) or (0, 0)
    assert steps[start].kind == "action" and end < len(steps)
    assert steps[end].kind == "action"
    assert all(step.kind == "chance" for step in steps[start + 1:end])
    assert last_chain(steps[:start]) is None  # no roll before the first one


def test_the_end_is_told_with_the_tables_seat_labels() -> None:
    view = {"outcome": {"reason": "Seat 3, an Innocent, holds all four escape items",
                        "winners": [2, 3]}}
    labels = ["Seat 1", "Seat 2", "Seat 7", "Seat 8"]
    said = turn_words("intruder-escape", view, labels, [])
    assert said == ("The game is over: Seat 7, an Innocent, holds all four escape items. "
                    "Winners: Seat 7 and Seat 8.")
