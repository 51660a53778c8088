"""The lobby offers the games the table UI can run: an engine without its table flow yet is
playable in the terminal but not offered on the box."""

from __future__ import annotations

import random

import pytest

from services.games.core import OptionError
from services.games.registry import default_registry
from services.referee import tables
from services.referee.box.table import Seat, Table
from services.referee.journal import Journal
from services.referee.tables import GameFlows


def test_every_game_with_a_table_flow_is_offered() -> None:
    with Journal(":memory:") as journal:
        table = Table(default_registry(), journal, [Seat("seat1", "Seat 1")], random.Random(1),
                      flows=GameFlows())
        labels = [item.label for item in table.lobby.menu.items]
        assert labels == ["Escape! (Decktet)", "Intruder Escape", "Innsmouth Escape",
                          "Asylum Escape", "Innsmouth 32"]


def test_a_game_without_a_table_flow_is_not_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "FLOWS", ("decktet-escape", "intruder-escape"))
    with Journal(":memory:") as journal:
        table = Table(default_registry(), journal, [Seat("seat1", "Seat 1")], random.Random(1),
                      flows=GameFlows())
        labels = [item.label for item in table.lobby.menu.items]
        assert labels == ["Escape! (Decktet)", "Intruder Escape"]
        with pytest.raises(OptionError) as caught:
            table.lobby.choose("innsmouth-escape")
        assert caught.value.message == ("unknown game 'innsmouth-escape'; games are: "
                                        "decktet-escape, intruder-escape")
