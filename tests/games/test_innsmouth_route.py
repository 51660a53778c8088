"""Innsmouth Escape: at the end the Human's whole hidden route is shown (view) and drawn as a
text picture in the transcript, the last unrevealed plot included."""

from __future__ import annotations

import random

from services.games.core import EndGame
from services.games.innsmouth_escape import actions as a
from services.referee.journal import Journal
from services.referee.live import LiveGame
from tests.games.innsmouth_helpers import BLUE, GAME, PARK, arrive, plot, start


def test_the_route_is_public_as_revealed_and_whole_at_the_end() -> None:
    state = start(2, human_cell="C4")
    arrive(state, ["move-1-1", "rest-1", "rest-2"], ["E"])
    assert state.human_cell == "D4"
    assert state.view(1)["route"] == [["C4"], ["C4", "D4"]]
    plot(state, ["move-2-1", "rest-1", "rest-2"], ["S"])
    assert state.view(1)["route"] == [["C4"], ["C4", "D4"]]  # the plot stays secret
    state.apply(EndGame("test"))
    assert state.view(1)["route"] == [["C4"], ["C4", "D4"], ["D4", "D5", "D6"]]
    assert state.pictures()["human_route"] == [
        "      A  B  C  D  E  F",
        "   1  .  .  .  .  .  .",
        "   2  .  .  .  .  .  .",
        "   3  .  .  .  .  .  .",
        "   4  .  .  S  1  .  .",
        "   5  .  .  .  *  .  .",
        "   6  .  .  .  *  .  .",
        "S: start; N: the move plotted in round N; *: the last plot, never revealed",
    ]


def test_the_transcript_of_a_finished_game_carries_the_picture() -> None:
    with Journal(":memory:") as journal:
        live, _ = LiveGame.new(journal, GAME, 2, {"human_seat": 0}, rng=random.Random(3))
        live.resolve_chance()
        live.apply(a.PlacePawns(1, (PARK[BLUE],) * 3))
        live.apply(a.PlaceHuman(0, "C4"))
        live.apply(a.Plot(0, ("move-1-1", "rest-1", "rest-2"), ("W",)))
        assert "pictures" not in live.transcript()  # secrets only once it is over
        live.apply(EndGame("test"))
        picture = live.transcript()["pictures"]["human_route"]
        assert picture[4] == "   4  .  *  S  .  .  ."
