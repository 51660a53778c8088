"""Innsmouth 32's faction games with the Hound and with the table's own decks on the box
(R-I32-83, R-I32-81, D-I32-50, D-I32-51): started through the lobby, and whole random games
through the buttons with every screen and menu drawn whole."""

from __future__ import annotations

from typing import Any

import pytest

from services.games.innsmouth_32 import actions as a
from tests.box.i32_navigator import play_whole_game
from tests.box.innsmouth_navigator import option_presses
from tests.box.navigator import lobby_lines
from tests.box.test_i32_flow_games import random_game

GAME = "innsmouth-32"


@pytest.mark.parametrize(("players", "seed", "options"), [
    (5, 21, {"faction_game": "four", "hound": "replace", "cards": "physical"}),
])
def test_whole_faction_games_with_the_hound_through_the_buttons(
        players: int, seed: int, options: dict[str, Any]) -> None:
    box, cut = random_game(players, seed, options)
    assert box.state.outcome() is not None
    assert cut == []
    assert any(isinstance(x, a.Identify) for x in box.applied)


def test_a_faction_game_with_the_hound_starts_from_the_lobby(sim_table: Any) -> None:
    """Factions (4 players) and Hound (replaces one) set in the lobby, five seats join: the
    director picks the survivor the Hound replaces, each player his faction and survivor."""
    presses = [*option_presses("faction_game", GAME), *option_presses("hound", GAME)]
    sim_table.run(f"game {GAME}", *lobby_lines(5, presses))
    live = sim_table.box.table.live
    assert live is not None and live.state.info.id == GAME
    state = live.state
    assert state.options["faction_game"] == "four" and state.options["hound"] == "replace"
    assert state.phase == "choose" and state.current["purpose"] == "hound"
    play_whole_game(sim_table.runner, seed=3, limit=12)
    state = live.state
    assert all(state.sides["factions"][1:]), (state.phase, state.current)
    hound = state.data.hound.id
    assert hound in [*state.in_play(), *state.faction_zone(), *state.survivor_pile]
    assert hound in state.members(state.side_of(hound)) or state.side_of(hound) == ""
