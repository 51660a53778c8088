"""No traceback from any command: every subcommand of `refbox`, run in-process through
``services.referee.cli.main`` with random flags, values and typed input, either finishes or
exits through ``SystemExit`` (argparse), never with another exception.

Commands that would block are given only inputs that end: ``run`` only with a board or a log
level that is refused at once, ``sim`` only with a short script, ``doctor`` only on boards
that are simulated or unknown. Damaged files (binary boards, scripts or packs, a file where a
folder belongs, a damaged journal or tag registry) are another test's business: every path
given here is a missing file or one this test wrote correctly.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from services.referee.cli import main

GAMES = ["decktet-escape", "intruder-escape", "innsmouth-escape"]
ODD = ["", " ", "²", "٣", "-1", "0", "1e3", "nan", "inf", "99999999999999999999", "x" * 300,
       "--", "-", "=", "a=b", "\x00", "é", "1" * 5000]

text = st.one_of(st.sampled_from(ODD), st.text(max_size=12))
number = st.one_of(st.integers(-3, 12).map(str), st.sampled_from(ODD))
junk_flags = st.lists(st.sampled_from(["--json", "--bogus", "-x", "--help", "²", "--seed",
                                       "--players", "extra"]), max_size=2)
seeded = settings(max_examples=40, deadline=None,
                  suppress_health_check=[HealthCheck.function_scoped_fixture])


@contextlib.contextmanager
def console(stdin: str) -> Iterator[tuple[io.StringIO, io.StringIO]]:
    """Typed input in, everything printed captured."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            yield out, err
    finally:
        sys.stdin = saved


def no_traceback(argv: list[str], stdin: str = "") -> None:
    """``main(argv)`` ends with an exit status (or argparse's SystemExit), whatever it got."""
    with console(stdin) as (out, err):
        try:
            status = main(argv)
        except SystemExit as done:
            status = done.code if isinstance(done.code, int) else 2
    said = out.getvalue() + err.getvalue()
    assert isinstance(status, int), argv
    assert "Traceback" not in said, argv
    if status not in (0, 130):
        assert said.strip(), f"{argv}: failed without a word"


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data folder for commands that default to the box's one."""
    monkeypatch.setenv("REFBOX_DATA", str(tmp_path / "box"))
    monkeypatch.chdir(tmp_path)  # `t FILE` in play writes here
    return tmp_path


@seeded
@given(flags=junk_flags)
def test_games(flags: list[str]) -> None:
    no_traceback(["games", *flags])


def typed_lines() -> st.SearchStrategy[str]:
    words = st.sampled_from(["1", "2", "+", "-", "/ a1", "/ seat", "/", "v", "v 2", "v 9",
                             "u", "ru", "ru 2", "ru x", "h", "box", '{"faces": [3]}', "[1]",
                             '{"order": []}', "t", "y", "n"])
    return st.lists(st.one_of(words, text), max_size=12).map(
        lambda lines: "\n".join(line.replace("\n", " ") for line in lines) + "\nq\n")


@seeded
@given(game=st.one_of(st.sampled_from(GAMES), text), players=st.one_of(st.none(), number),
       options=st.lists(st.one_of(st.sampled_from(["tokens=8", "tokens=99", "rat_warren=true",
                                                   "speed=3", "tokens"]), text), max_size=2),
       seed=st.one_of(st.none(), number), dice=st.sampled_from([None, "auto", "manual", "some"]),
       resume=st.one_of(st.none(), number), flags=junk_flags, typed=typed_lines())
def test_play_interactive(data: Path, game: str, players: str | None, options: list[str],
                          seed: str | None, dice: str | None, resume: str | None,
                          flags: list[str], typed: str) -> None:
    argv = ["play", game]
    argv += ["--players", players] if players is not None else []
    for option in options:
        argv += ["--option", option]
    argv += ["--seed", seed] if seed is not None else []
    argv += ["--dice", dice] if dice is not None else []
    argv += ["--journal", str(data / "j.sqlite"), "--resume", resume] if resume else []
    no_traceback(argv + [f for f in flags if f != "--json"], typed)


@seeded
@given(verb=st.sampled_from(["list", "export", "recover", "bogus"]), game_id=number,
       journal=st.sampled_from(["made", "missing", "none"]), flags=junk_flags)
def test_journal(data: Path, verb: str, game_id: str, journal: str, flags: list[str]) -> None:
    path = data / "journal.sqlite"
    if not path.exists():
        no_traceback(["play", "decktet-escape", "--journal", str(path), "--json"],
                     '{"cmd": "act", "seat": 0, "action": {"type": "discard", "slot": 0}}\n')
    argv = ["journal", verb] + ([game_id] if verb in ("export", "recover") else [])
    if journal != "none":
        argv += ["--journal", str(path if journal == "made" else data / "missing.sqlite")]
    no_traceback(argv + flags)


@seeded
@given(game=st.one_of(st.sampled_from(GAMES), text),
       kind=st.one_of(st.sampled_from(["card", "movement", "location", "character"]), text),
       where=st.sampled_from(["data", "tags", "default"]),
       board=st.sampled_from(["sim", "nope", "hw/none.toml"]),
       reader=st.one_of(st.none(), st.sampled_from(["seat2", "seat9 reader", "table"]), text),
       listing=st.sampled_from([None, "ids", "missing"]), list_ids=st.booleans(),
       typed=st.lists(st.one_of(st.sampled_from(["0a00000001", "5E00000001", "0A:00:00:00:02",
                                                 "zz", "the-watchmn"]), text), max_size=5))
def test_enroll(data: Path, game: str, kind: str, where: str, board: str, reader: str | None,
                listing: str | None, list_ids: bool, typed: list[str]) -> None:
    argv = ["enroll", "--game", game, "--kind", kind, "--board", board]
    argv += {"data": ["--data", str(data / "d")], "tags": ["--tags", str(data / "t.toml")],
             "default": []}[where]
    argv += ["--reader", reader] if reader is not None else []
    if listing == "ids":
        (data / "list.txt").write_text("knife-1,Knife\nace-moons\n# note\n", "utf-8")
    argv += ["--from-list", str(data / "list.txt")] if listing == "ids" else []
    argv += ["--from-list", str(data / "absent.txt")] if listing == "missing" else []
    argv += ["--list-ids"] if list_ids else []
    no_traceback(argv, "\n".join(t.replace("\n", " ") for t in typed) + "\n")


@seeded
@given(board=st.sampled_from(["sim", "nope", "hw/none.toml", "../sim"]),
       timeout=st.one_of(st.none(), number), yes=st.booleans(), flags=junk_flags)
def test_doctor(board: str, timeout: str | None, yes: bool, flags: list[str]) -> None:
    argv = ["doctor", "--board", board] + (["--timeout", timeout] if timeout else [])
    no_traceback(argv + (["--yes"] if yes else []) + [f for f in flags if f != "--help"])


@seeded
@given(board=st.sampled_from(["nope", "hw/none.toml", "missing.toml"]),
       level=st.one_of(st.none(), st.sampled_from(["LOUD", "10", "debug", "Info", "²", ""])),
       flags=st.lists(st.sampled_from(["--bogus", "extra"]), max_size=1))
def test_run_refuses_at_once(data: Path, board: str, level: str | None,
                             flags: list[str]) -> None:
    argv = ["run", "--board", board, "--data", str(data / "box")]
    no_traceback(argv + (["--log-level", level] if level is not None else []) + flags)


def script_lines() -> st.SearchStrategy[list[str]]:
    seat = st.sampled_from(["seat1", "seat2", "seat6", "seat9", "table"])
    button = st.sampled_from(["ok", "next", "prev", "back", "peek", "boom"])
    line = st.one_of(
        st.tuples(st.sampled_from(["press", "hold", "double", "down", "up"]), seat, button)
        .map(" ".join),
        st.tuples(st.just("tag"), seat, st.sampled_from(["the-watchman", "the-watchmn",
                                                         "5E00000001", "0A00000001"]))
        .map(" ".join),
        st.sampled_from(["wait 0.5", "wait 2", "wait -1", "wait x", "game decktet-escape",
                         "game chess", "# a comment", ""]),
    )
    return st.lists(line, max_size=6)


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.one_of(st.none(), st.sampled_from([*GAMES, "chess"])), lines=script_lines(),
       seed=st.one_of(st.none(), number))
def test_sim_with_a_script_that_ends(data: Path, game: str | None, lines: list[str],
                                     seed: str | None) -> None:
    script = data / "play.txt"
    script.write_text("\n".join(lines) + "\n", "utf-8")
    argv = ["sim"] + ([game] if game else []) + ["--script", str(script)]
    no_traceback(argv + (["--seed", seed] if seed is not None else []))


@settings(max_examples=10, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(board=st.sampled_from(["sim", "two-seat", "nope", "hw/none.toml"]),
       out=st.one_of(st.none(), st.sampled_from(["box.png", "box.txt", "no/such/dir/x.png",
                                                 ".png", "x.PNG"]), text),
       as_text=st.booleans())
def test_wiring(data: Path, board: str, out: str | None, as_text: bool) -> None:
    argv = ["wiring", "--board", board] + (["--out", out] if out is not None else [])
    no_traceback(argv + (["--text"] if as_text else []))


FUZZED = {"games", "play", "journal", "enroll", "doctor", "run", "sim", "wiring"}


def test_every_command_is_fuzzed_here() -> None:
    from services.referee.cli import build_parser

    commands = next(a for a in build_parser()._actions
                    if isinstance(a, argparse._SubParsersAction)).choices
    assert set(commands) == FUZZED


@pytest.mark.parametrize(("argv", "message"), [
    (["run", "--log-level", "LOUD"], "argument --log-level: invalid choice: 'LOUD'"),
    (["run", "--log-level", "10"], "argument --log-level: invalid choice: '10'"),
])
def test_run_log_level_is_checked_by_the_parser(argv: list[str], message: str) -> None:
    with console("") as (_out, err), pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2
    assert message in err.getvalue() and "Traceback" not in err.getvalue()


def test_output_to_a_closed_pipe_ends_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # `refbox games | head -1`: the reader is gone
    pipe = os.fdopen(write_end, "w", buffering=1)
    err = io.StringIO()
    monkeypatch.setattr("sys.stdout", pipe)
    monkeypatch.setattr("sys.stderr", err)
    try:
        assert main(["games"]) == 141
        print("more", file=pipe)  # the interpreter's last flush cannot fail either
    finally:
        pipe.close()
    assert err.getvalue() == ""


@pytest.mark.parametrize(("error", "line"), [
    ("referee", "refbox games: the journal is busy\n"),
    ("game", "refbox games: Escape! is for 3 to 5 players\n"),
    ("hardware", "refbox games: board profile (x.toml): seats: none\n"),
    ("os", "refbox games: cannot use /nowhere: No such file or directory\n"),
])
def test_main_turns_every_refbox_error_into_one_line(
    monkeypatch: pytest.MonkeyPatch, error: str, line: str
) -> None:
    from firmware_py.errors import ProfileError
    from services.games.core import OptionError
    from services.referee.cli import games_cmd
    from services.referee.errors import RefereeError

    raised = {
        "referee": RefereeError("the journal is busy"),
        "game": OptionError("A-EX-02", "Escape! is for 3 to 5 players"),
        "hardware": ProfileError("x.toml", "seats", "none"),
        "os": FileNotFoundError(2, "No such file or directory", "/nowhere"),
    }[error]

    def failing(_args: object) -> int:
        raise raised

    monkeypatch.setattr(games_cmd, "run", failing)
    with console("") as (out, err):
        assert main(["games"]) == 2
    assert (out.getvalue(), err.getvalue()) == ("", line)
