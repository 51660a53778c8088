"""``benchmarks.bots``, the front that runs every role's tournaments: it reaches the roles of
issue 26 as well as the opponents, and names what it cannot run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from benchmarks import bots, bots_asylum_victims, bots_innsmouth_escape


def test_every_role_the_box_plays_has_its_benchmark() -> None:
    assert list(bots.ROLES) == ["patients", "victims", "deep-ones", "human", "director",
                                "characters", "partners", "innocents-intruders"]
    assert bots.chosen(None, None) == list(bots.ROLES)
    assert bots.chosen(["innsmouth-escape"], None) == ["deep-ones", "human"]
    assert bots.chosen(["innsmouth-escape", "asylum-escape"], ["human", "victims"]) == [
        "victims", "human"]


def test_a_role_runs_its_own_benchmark_with_its_options(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    out = tmp_path / "rows.json"
    bots.main(["--games", "1", "--players", "2", "--role", "victims", "--role", "human",
               "--json", str(out)])
    report = json.loads(out.read_text(encoding="utf-8"))
    assert list(report) == ["victims", "human"]
    victims = bots_asylum_victims.tournaments(1, 0, [2])
    human = bots_innsmouth_escape.tournaments(1, 0, [2], role="human")
    for key, alone in (("victims", victims), ("human", human)):
        rows = report[key]["rows"]
        assert _outcomes(rows) == json.loads(json.dumps(_outcomes(alone)))
        assert _decisions(rows) == _decisions(alone) != []
    printed = capsys.readouterr().out
    assert "## asylum-escape: the Victims (players 2, 1 games" in printed
    assert "## innsmouth-escape: the Human (players 2, 1 games" in printed


def test_a_game_and_a_role_that_do_not_meet_are_refused_by_name(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        bots.main(["--game", "decktet-escape", "--role", "victims"])
    assert stop.value.code == 2
    assert ("no role of decktet-escape is among victims; the roles are patients "
            "(asylum-escape), victims (asylum-escape)") in capsys.readouterr().err


def _outcomes(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The win and pairing rows: the same games give the same rows."""
    return [row for row in rows if "p99_ms" not in row]


def _decisions(rows: list[dict[str, Any]]) -> list[tuple[str, int]]:
    """How many decisions each level took (their CPU times differ from run to run)."""
    return [(row["level"], row["decisions"]) for row in rows if "p99_ms" in row]
