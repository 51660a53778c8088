"""Whole 4-seat games of Innsmouth 32 (the director and 3 character players) played by the
scripted players of ``tests/games/i32_players.py`` to every outcome of A-I32-01: the players
win after the director's final turn of reel IV (R-I32-71) or when the Last One Standing
survives its round (R-I32-73); the director wins when no survivor is left, or (option
``victory = half_players``) when too few players still have survivors. A fifth game plays
with COVER+ATTACK and the secret cultist (R-I32-30, R-I32-84).

The same games run on the simulated box (tests/box/test_i32_e2e.py). When the engine changes
the legal actions, re-find the seeds (``python -m tests.games.i32_players``) and regenerate
the box goldens.
"""

from __future__ import annotations

import pytest

from services.games.innsmouth_32 import actions as a
from tests.games.i32_helpers import GAME
from tests.games.i32_players import GAMES, PLAYERS, Players, play


@pytest.mark.parametrize("name", list(GAMES))
def test_a_whole_game_reaches_its_outcome(name: str) -> None:
    game = GAMES[name]
    played = game.play()
    outcome = played.outcome
    assert outcome is not None, f"{name}: no outcome after {played.steps} actions"
    assert (outcome.result, outcome.winners, outcome.reason, outcome.rule) == (
        game.result, game.winners, game.reason, "A-I32-01")
    told = [e for e in played.events if isinstance(e, a.Told)]
    assert told[-1].rule == game.rule
    assert told[-1].text == f"The movie is over: {game.reason}"
    assert played.steps < 1500
    state = played.state
    assert state.phase == "over" and state.pending() == ()
    assert GAME.state_from_json(state.to_json()).to_json() == state.to_json()


def test_the_final_turn_game_plays_all_four_reels_with_survivors_alive() -> None:
    """R-I32-71: reel IV ended and the director's final turn ran; every player still has a
    survivor, so ``half_players`` would give the same result."""
    state = GAMES["final_turn"].play().state
    assert state.reel == 4 and state.final == 2 and state.in_play()
    assert all(state.pools[s] for s in PLAYERS)


def test_the_last_one_standing_is_the_only_survivor_and_nobody_can_draw() -> None:
    """A-I32-18: exactly one survivor in play and the survivor pile empty; the other players
    attacked it as monster players (R-I32-73)."""
    state = GAMES["last_one"].play().state
    assert len(state.in_play()) == 1 and not state.survivor_pile
    owner = state.owner(state.in_play()[0])
    assert sorted(state.monster_players) == [s for s in PLAYERS if s != owner]


def test_no_survivor_left_is_a_director_win() -> None:
    state = GAMES["no_survivor"].play().state
    assert not state.in_play() and not state.survivor_pile


def test_half_players_needs_half_of_the_players_with_a_survivor() -> None:
    """A-I32-01 (victory = half_players): survivors are in play after the final turn, but
    fewer than half of the 3 character players still have one; with the default rule the
    same game goes to the players."""
    game = GAMES["half_players"]
    state = game.play().state
    assert state.in_play() and state.reel == 4
    assert 2 * sum(1 for s in PLAYERS if state.pools[s]) < len(PLAYERS)
    default = play(game.seed, Players(game.players.survivors, game.players.director)).outcome
    assert default is not None and default.result == "players"
    assert default.winners == (2,)  # D-I32-53: seats 2 and 4 are monster players


def test_the_modules_game_covers_cards_and_keeps_a_secret_cultist() -> None:
    """R-I32-30: the director covered screen cards; R-I32-84: a cultist was chosen."""
    played = GAMES["modules"].play()
    assert any(isinstance(x, a.Cover) for x in played.actions)
    assert played.state.mods["cultist"]
