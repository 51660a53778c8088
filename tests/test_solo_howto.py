"""Playing alone with the box, as the guides tell a newcomer (issue 26, "Guides: playing
solo"): every `refbox play ... --bot` command the README and the guides show starts a game,
the terminal tells the person which seats are left to him, and docs/box.md's "Alone, step by
step" starts a game against the box on the simulated board."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from services.games.registry import default_registry
from services.referee.cli import build_parser, main
from services.referee.cli import play as play_cli
from services.referee.cli.botplay import start_with_bots
from services.referee.journal import Journal
from tests.box.conftest import SimTable

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", ROOT / "docs" / "box.md",
        *sorted((ROOT / "docs" / "games").glob("*.md"))]
INLINE = re.compile(r"`(refbox play [^`]*--bot[^`]*)`")
BLOCK = re.compile(r"^(refbox play .*--bot.*)$", re.MULTILINE)
PLACEHOLDER = re.compile(r"\b(GAME|SEAT|LEVEL|FILE|N)\b")  # a form, not a command


def documented() -> list[tuple[str, str]]:
    """(file, command) for each `refbox play` with --bot, inline or on a code line."""
    found: list[tuple[str, str]] = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        commands = [" ".join(m.split()) for m in INLINE.findall(text)]
        commands += [line.split("#", 1)[0].strip() for line in BLOCK.findall(text)]
        found += [(path.name, command) for command in dict.fromkeys(commands)
                  if not PLACEHOLDER.search(command)]
    return found


COMMANDS = documented()


def play(*argv: str, stdin: str = "") -> tuple[int, str]:
    args = build_parser().parse_args(["play", *argv])
    out = io.StringIO()
    status = play_cli.run(args, io.StringIO(stdin), out)
    return status, out.getvalue()


def test_the_guides_show_a_solo_command_for_every_game() -> None:
    games = {shlex.split(command)[2] for _name, command in COMMANDS}
    assert games == {info.id for info in default_registry().infos()}


@pytest.mark.parametrize(("name", "command"), COMMANDS, ids=[c for _n, c in COMMANDS])
def test_each_documented_solo_command_starts_a_game(name: str, command: str,
                                                    tmp_path: Path) -> None:
    argv = shlex.split(command)[1:]
    args = build_parser().parse_args(argv)
    args.journal = str(tmp_path / "game.sqlite")  # a --journal in the docs stays off the tree
    session = start_with_bots(args, default_registry(), Journal(args.journal))
    assert session.bots is not None and session.live.state.outcome() is None, name


def test_the_terminal_says_which_seat_is_yours() -> None:
    status, text = play("innsmouth-escape", "--players", "3", "--option", "human_seat=1",
                        "--bot", "deep_ones=easy", "--seed", "3")
    assert status == 0
    assert text.splitlines()[2:4] == ["The box plays the deep ones: easy.",
                                      "You play Seat 1; the box plays every other seat."]


def test_the_terminal_names_every_seat_left_to_people() -> None:
    status, text = play("intruder-escape", "--players", "4", "--bot", "2=easy", "--seed", "1")
    assert status == 0
    assert text.splitlines()[2:4] == ["The box plays Seat 2: easy.",
                                      "People play Seat 1, Seat 3 and Seat 4, each asked in "
                                      "turn."]


def test_a_game_the_box_plays_alone_names_no_person() -> None:
    status, text = play("decktet-escape", "--bot", "all=easy", "--seed", "1")
    assert status == 0
    lines = text.splitlines()
    assert lines[2] == "The box plays every seat: easy."
    assert not any(line.startswith(("You play", "People play")) for line in lines)


def test_a_seat_option_counted_from_zero_is_refused_with_what_is_allowed(
        capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["play", "asylum-escape", "--players", "3", "--option", "patients_seat=0",
                   "--bot", "1=hard"])
    assert status == 2
    assert capsys.readouterr().err == ("refbox play: option 'patients_seat' cannot be '0': it "
                                       "must be a seat from 1 to 6 or random [R-AE-02]\n")


def test_a_role_that_takes_every_seat_says_so() -> None:
    status, text = play("decktet-escape", "--bot", "partner=easy", "--seed", "1")
    assert status == 0
    assert text.splitlines()[2:4] == ["The box plays the partner: easy.",
                                      "That is every seat: the game plays itself to the end."]


BOX_MD_STEPS = [  # docs/box.md, "Alone, step by step", for Asylum Escape at easy
    "game asylum-escape",
    "hold seat1 next", "press seat1 next", "press seat1 ok",  # the table menu, The box plays...
    "press seat1 ok",  # Patients: easy
    *["press seat1 next"] * 4, "press seat1 ok",  # down to Back to the lobby
    "press seat1 prev", "press seat1 ok",  # the options wrap round to Continue: seats join
    "press seat1 ok", "hold seat1 ok",  # join, then start
    "wait 5",
]


def test_the_step_by_step_of_box_md_starts_a_game_against_the_box(tmp_path: Path) -> None:
    sim = SimTable(tmp_path / "data", seed=7)
    try:
        sim.run(*BOX_MD_STEPS)
        table = sim.box.table
        assert table.live is not None and table.live.game.info.id == "asylum-escape"
        assert table.bots is not None and table.bots.levels == {1: "easy"}  # the Patients
        assert table.live.state.view(None)["patients_seat"] == 1
        assert [(p.seat, p.kind) for p in table.live.state.pending()] == [(0, "victim_card")]
    finally:
        sim.close()
