"""`refbox play GAME --bot SEAT=LEVEL`: the box plays seats, interactive and --json; whole
games with no input; refusals that change nothing; the roles in `refbox games`; a game with
bots killed with SIGKILL resumes from its journal and plays on with the same choices."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from services.bots import levels
from services.bots.contract import LEVELS
from services.games.registry import default_registry
from services.referee.cli import build_parser, main
from services.referee.cli import play as play_cli
from services.referee.cli.botplay import start_with_bots
from services.referee.cli.games_cmd import BOT_LEVELS, BOT_ROLES, SECRET_ROLES
from services.referee.journal import Journal
from services.referee.live import LiveGame
from services.referee.play_bots import BotSeatError, PlayBots, StepRng
from services.referee.protocol import Session

ROOT = Path(__file__).resolve().parents[2]
BOT_GAMES = ("asylum-escape", "innsmouth-escape", "innsmouth-32")


def play(*argv: str, stdin: str) -> tuple[int, str]:
    """Run `refbox play ARGV` in-process with ``stdin``: the exit status and what it printed."""
    args = build_parser().parse_args(["play", *argv])
    out = io.StringIO()
    status = play_cli.run(args, io.StringIO(stdin), out)
    return status, out.getvalue()


def session_of(*argv: str) -> Session:
    args = build_parser().parse_args(["play", *argv])
    return start_with_bots(args, default_registry(), Journal(args.journal))


# ---------------------------------------------------------------- whole games, no input

@pytest.mark.parametrize("game", BOT_GAMES)
def test_all_hard_plays_a_whole_game_with_no_input(game: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "1000")  # each move on one line, to compare with --json
    status, text = play(game, "--players", "3", "--bot", "all=hard", "--seed", "4", stdin="")
    assert status == 0
    assert text.splitlines()[2] == "The box plays every seat: hard."  # after the journal line
    assert text.endswith("game over: u / ru / t FILE / q > \n")
    over = [line for line in text.splitlines() if line.startswith("GAME OVER")]
    assert len(over) == 1
    status, out = play(game, "--players", "3", "--bot", "all=hard", "--seed", "4", "--json",
                       stdin='{"cmd": "outcome"}\n{"cmd": "transcript"}\n')
    assert status == 0
    outcome, transcript = (json.loads(line) for line in out.splitlines())
    assert outcome["ok"] and outcome["outcome"] is not None
    assert transcript["transcript"]["status"] == "finished"
    # every move was the box's, told as the table read it then (a sealed choice as "Seat 1
    # has chosen"); the same seed gives the same game, interactive or --json
    says = [m["says"] for m in outcome["bots"]]
    assert [m["seat"] for m in outcome["bots"]] == [
        m["actor"] for m in transcript["transcript"]["moves"] if m["actor"] != "chance"]
    told = [line.removeprefix("  > ").removesuffix(" (the box, hard)")
            for line in text.splitlines() if line.startswith("  > ")]
    assert told == says
    assert {m["level"] for m in outcome["bots"]} == {"hard"}


# ---------------------------------------------------------------- people and bots

def test_a_person_plays_against_the_box_over_json() -> None:
    session = session_of("asylum-escape", "--option", "patients_seat=1", "--bot",
                         "patients=easy", "--seed", "5", "--json")
    first = session.handle({"cmd": "pending"})
    assert first["bots"] == []  # the Patients have nothing to do before the Victim keeps
    assert first["pending"] == [{"actor": 1, "kind": "victim_card",
                                 "text": "keep your Victim card or take a mulligan"}]
    refused = session.handle({"cmd": "act", "seat": 0, "action": {"type": "end_turn"}})
    assert refused == {"ok": False, "error": {"rule": "BOT", "message": (
        "act: seat 0 is played by the box (easy); it moves by itself when it is asked")},
        "bots": []}
    legal = session.handle({"cmd": "legal", "seat": 1})["actions"]
    answer = session.handle({"cmd": "act", "seat": 1, "action": legal[0]})
    assert answer["ok"] and answer["bots"] == []
    while session.live.state.outcome() is None:
        seat = answer["pending"][0]["actor"]
        assert seat == 1, "only the person's seat is ever asked after the box moved"
        legal = session.handle({"cmd": "legal", "seat": 1})["actions"]
        answer = session.handle({"cmd": "act", "seat": 1, "action": legal[len(legal) // 2]})
        assert answer["ok"]
        own = len(answer["events"]) - sum(len(m["events"]) for m in answer["bots"])
        assert answer["events"][own:] == [e for m in answer["bots"] for e in m["events"]]
        assert all(m["seat"] == 0 and m["level"] == "easy" for m in answer["bots"])
    assert answer["outcome"] == session.live.state.outcome().to_json()  # type: ignore[union-attr]
    moved = [step.action for step in session.live.history if step.kind == "action"]
    assert {a.actor for a in moved} == {0, 1}


def first_box_reply(session: Session) -> tuple[dict[str, Any], dict[str, Any]]:
    """The people play the last legal action until the box moves after one of them: that
    command and its answer."""
    session.handle({"cmd": "pending"})
    for _ in range(100):
        seat = session.live.state.pending()[0].seat  # type: ignore[union-attr]
        legal = session.handle({"cmd": "legal", "seat": seat})["actions"]
        command = {"cmd": "act", "seat": seat, "action": legal[-1]}
        answer = session.handle(command)
        if answer["bots"]:
            return command, answer
    raise AssertionError("the box never moved")


def test_undo_takes_back_the_box_moves_and_the_persons() -> None:
    session = session_of("innsmouth-escape", "--players", "3", "--option", "human_seat=1",
                         "--bot", "3=easy", "--seed", "2", "--json")
    command, answer = first_box_reply(session)
    assert [m["says"] for m in answer["bots"]] == ["Seat 3 places Deep Ones on C2, C3, B4"]
    before = len(session.live.history)
    undone = session.handle({"cmd": "undo"})
    assert undone["undone"] == [
        {"actor": 2, "says": "Seat 3 places Deep Ones on C2, C3, B4"},
        {"actor": 1, "says": "Seat 2 places Deep Ones on F6, F6, F6"}]
    assert undone["bots"] == []  # the person's seat is asked again, the box waits
    assert [p["actor"] for p in undone["pending"]] == [1]
    assert len(session.live.history) == before - 2
    assert session.handle(command)["bots"] == answer["bots"]  # the box chooses the same


def test_undo_refused_for_what_the_box_revealed_changes_nothing() -> None:
    session = session_of("asylum-escape", "--option", "patients_seat=1", "--bot", "1=easy",
                         "--seed", "2", "--json")
    _command, answer = first_box_reply(session)
    assert [m["says"] for m in answer["bots"]] == ["Night Nurse (example) moves: Laundry",
                                                   "Seat 1 destroys Basement"]
    before = [(step.kind, step.action) for step in session.live.history]
    rows_before = len(session.journal.entries(session.live.id))
    assert session.handle({"cmd": "undo"}) == {"ok": False, "error": {
        "rule": "UNDO-HIDDEN", "message": "the box's move 'Night Nurse (example) moves: "
        "Laundry' brought hidden information to light, so your last move cannot be taken "
        "back; only a referee undo can"}, "bots": []}
    assert [(step.kind, step.action) for step in session.live.history] == before
    assert len(session.journal.entries(session.live.id)) == rows_before


def test_interactive_tells_the_box_moves_as_sentences() -> None:
    status, text = play("innsmouth-escape", "--option", "human_seat=1", "--bot",
                        "deep_ones=easy", "--seed", "3", stdin="v 2\nq\n")
    assert status == 0
    lines = text.splitlines()
    assert lines[:3] == ["Innsmouth Escape. Type h for help.",
                         "Nothing is kept when you quit: start with --journal FILE to keep the "
                         "game.",
                         "The box plays the deep ones: easy."]
    assert lines[-2:] == ["Seat 1 > Seat 2 is played by the box (easy): what it knows stays "
                          "in the box until the game is over", "Seat 1 > "]
    assert "  > Seat 2 places Deep Ones on B2, D5, A6 (the box, easy)" in lines


# ---------------------------------------------------------------- refusals

REFUSALS = [
    (["asylum-escape", "--bot", "2=expert"],
     "--bot 2=expert: unknown level 'expert'; the levels are easy, normal, hard, random"),
    (["asylum-escape", "--players", "3", "--bot", "4=easy"],
     "--bot seat 4: with 3 players the seats are 1 to 3"),
    (["asylum-escape", "--players", "3", "--bot", "0=easy"],
     "--bot seat 0: with 3 players the seats are 1 to 3"),
    (["decktet-escape", "--players", "3", "--bot", "5=easy"],
     "--bot seat 5: with 3 players the seats are 1 to 3"),
    (["intruder-escape", "--players", "4", "--bot", "intruder=hard"],
     "--bot intruder: in intruder-escape the roles are dealt in secret, so no one can name "
     "a role's seat before the deal; give seat numbers (1 to 4) or all"),
    (["asylum-escape", "--bot", "2=easy", "--bot", "2=hard"],
     "--bot names Seat 2 twice, with easy and hard; give each seat or role one level"),
    (["innsmouth-32", "--bot", "director=easy", "--bot", "director=normal"],
     "--bot names the director twice, with easy and normal; give each seat or role one level"),
    (["asylum-escape", "--bot", "human=easy"],
     "--bot 'human': asylum-escape has no such seat or role; give a seat number (1 to 2), "
     "all, or a role the box plays: patients"),
    (["innsmouth-32", "--players", "3", "--bot", "patients=easy"],
     "--bot 'patients': innsmouth-32 has no such seat or role; give a seat number (1 to 3), "
     "all, or a role the box plays: director, monster"),
    (["innsmouth-escape", "--bot", "hard"],
     "--bot 'hard' must look like SEAT=LEVEL, e.g. 1=hard, all=normal or deep_ones=easy"),
]


def test_a_game_without_bots_is_refused_by_name() -> None:
    """Every game of the box has bots now: the refusal stays for a game id that has none."""
    with pytest.raises(BotSeatError, match="the box cannot play no-such-game yet; it plays "
                       "asylum-escape, decktet-escape, innsmouth-32"):
        PlayBots.parse(["1=hard"], "no-such-game", 3)


@pytest.mark.parametrize(("argv", "message"), REFUSALS)
def test_a_bad_bot_is_refused_in_words_and_changes_nothing(
        argv: list[str], message: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "j.sqlite")
    assert main(["play", *argv, "--journal", path]) == 2
    assert capsys.readouterr().err == f"refbox play: {message}\n"
    status, out = play(*argv, "--journal", path, "--json", stdin="")
    assert status == 2
    assert json.loads(out) == {"ok": False, "error": {"rule": "BOT", "message": message}}
    with Journal(path) as journal:
        assert journal.games() == []


def test_the_same_level_twice_and_any_case_are_accepted() -> None:
    bots = PlayBots.parse(["2=easy", "02=EASY", " all = hard"], "asylum-escape", 3)
    assert bots.to_json() == {"2": "easy", "all": "hard"}
    assert str(bots) == "Seat 2: easy, every other seat: hard"


# ---------------------------------------------------------------- refbox games

def test_the_roles_table_of_refbox_games_is_the_bots_own() -> None:
    assert BOT_ROLES == {game: levels.roles(game) for game in levels.MODULES}
    assert BOT_LEVELS == LEVELS
    assert SECRET_ROLES == {game for game in levels.MODULES if levels.secret_roles(game)}


def test_refbox_games_lists_the_roles_the_box_plays(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    text = capsys.readouterr().out
    assert ("  The box plays (easy/normal/hard): --bot SEAT=LEVEL, all=LEVEL, or\n"
            "    --bot patients=LEVEL   the Patients, hunting the Victims whose rooms are "
            "secret\n") in text
    assert text.count("The box plays") == 5
    assert ("  The box plays (easy/normal/hard) any seat: --bot SEAT=LEVEL or all=LEVEL; "
            "roles are dealt in secret:\n    an Innocent, hunting") in text
    assert main(["games", "--json"]) == 0
    listed = {g["id"]: g["bot_roles"] for g in json.loads(capsys.readouterr().out)}
    assert listed == {g.info.id: BOT_ROLES.get(g.info.id, {}) for g in default_registry()}


def test_refbox_games_imports_no_bot_and_no_engine() -> None:
    code = ("import sys; from services.referee.cli import main; main(['games']); "
            "print(sorted(m for m in sys.modules if m.startswith(('services.bots', "
            "'services.games.asylum', 'services.games.innsmouth'))), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    assert done.stderr == "[]\n"


# ---------------------------------------------------------------- SIGKILL and resume

KILLED = ("asylum-escape", "--players", "3", "--option", "patients_seat=1", "--bot",
          "patients=normal", "--bot", "3=easy")
PERSON = 1  # seat 2 is the person's


def drive(send: Callable[[dict[str, Any]], dict[str, Any]], moves: int | None = None) -> int:
    """The person's side: the middle legal action each time asked, ``moves`` times (None:
    to the end); how many moves it made."""
    made = 0
    answer = send({"cmd": "pending"})
    while answer["pending"] and (moves is None or made < moves):
        assert [p["actor"] for p in answer["pending"]] == [PERSON]
        legal = send({"cmd": "legal", "seat": PERSON})["actions"]
        answer = send({"cmd": "act", "seat": PERSON, "action": legal[len(legal) // 2]})
        assert answer["ok"], answer
        made += 1
    return made


def rows(journal: Journal, game_id: int) -> list[tuple[str, dict[str, Any]]]:
    return [(e.kind, e.body) for e in journal.entries(game_id)]


def test_a_game_with_bots_killed_mid_game_resumes_and_plays_on_the_same(tmp_path: Path) -> None:
    whole = session_of(*KILLED, "--seed", "11", "--json")
    assert drive(whole.handle) > 8
    expected = rows(whole.journal, whole.live.id)

    path = str(tmp_path / "j.sqlite")
    child = subprocess.Popen(
        [sys.executable, "-m", "services.referee.cli", "play", *KILLED, "--seed", "11",
         "--journal", path, "--json"], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert child.stdin is not None and child.stdout is not None

    def send(command: dict[str, Any]) -> dict[str, Any]:
        print(json.dumps(command), file=child.stdin, flush=True)  # type: ignore[arg-type]
        return dict(json.loads(child.stdout.readline()))  # type: ignore[union-attr]

    assert drive(send, moves=6) == 6
    with Journal(path) as journal:
        acknowledged = len(journal.entries(1))
    legal = send({"cmd": "legal", "seat": PERSON})["actions"]
    print(json.dumps({"cmd": "act", "seat": PERSON, "action": legal[len(legal) // 2]}),
          file=child.stdin, flush=True)
    time.sleep(0.01)  # the box is answering: applying, rolling, its bots choosing
    child.send_signal(signal.SIGKILL)
    child.wait()
    child.stdin.close()
    child.stdout.close()

    with Journal(path) as journal:
        assert journal.integrity_check() == "ok"
        kept = rows(journal, 1)
        assert acknowledged <= len(kept) < len(expected)
        assert kept == expected[:len(kept)]
        assert "seed" in journal.game(1).settings
        resumed = LiveGame.resume(journal, 1, default_registry())
        replayed = whole.live.game.state_from_json(journal.game(1).initial)
        for _kind, body in kept:
            replayed.apply(whole.live.game.parse_action(body))
        assert resumed.state.to_json() == replayed.to_json()

    later = session_of(KILLED[0], "--journal", path, "--resume", "1", "--json")
    drive(later.handle)
    assert rows(later.journal, 1) == expected
    later.journal.close()


def test_the_dice_of_a_game_with_bots_are_drawn_by_step() -> None:
    live, _ = LiveGame.new(Journal(":memory:"), default_registry().get("asylum-escape"), 2)
    dice = StepRng(9)
    dice.follow(live)
    first = [dice.randint(1, 6) for _ in range(5)]
    dice.follow(live)
    assert [dice.randint(1, 6) for _ in range(5)] == first
