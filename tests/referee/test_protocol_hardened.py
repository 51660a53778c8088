"""The protocol as a hardened boundary (issue 17): every bad line gets one refusal that quotes
at most a short prefix, changes nothing, and the answer is standard JSON."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from services.games.registry import default_registry
from services.referee.journal import Journal
from services.referee.live import LiveGame
from services.referee.protocol import Session, serve
from services.referee.strictjson import MAX_LINE

ROOT = Path(__file__).resolve().parents[2]
REGISTRY = default_registry()
COMMANDS = ("act, chance, pending, view, legal, snapshot, load, undo, outcome, transcript")


@pytest.fixture
def journal():
    with Journal(":memory:") as j:
        yield j


def session(journal, game="decktet-escape", players=3, rng=True, options=None) -> Session:
    box_rng = random.Random(5) if rng else None
    live, _ = LiveGame.new(journal, REGISTRY.get(game), players, options, rng=box_rng)
    return Session(live, journal, box_rng)


def refusal(s: Session, line: str) -> dict:
    """The answer to ``line``, checked to be a refusal in standard JSON that changed nothing."""
    before = s.live.state.to_json()
    text = s.answer_line(line)
    answer = json.loads(text, parse_constant=_not_json)
    assert answer["ok"] is False, answer
    assert s.live.state.to_json() == before
    return answer["error"]


def _not_json(name: str) -> None:
    raise AssertionError(f"{name} is not standard JSON")


# ------------------------------------------------------------------ the lines of issue 17


@pytest.mark.parametrize(("line", "rule", "message"), [
    ('{"cmd":[]}', "PROTOCOL", f"unknown command []; commands are: {COMMANDS}"),
    ('{"cmd":"act","seat":0,"action":{"type":["play"],"slot":2}}', "PROTOCOL",
     'act: action.type must be the name of an action such as "play", not ["play"]'),
    ("[" * 10_000 + "]" * 10_000, "PROTOCOL",
     "arrays and objects are nested deeper than 32 levels (at column 33)"),
    ('{"cmd":"view","seat":' + "7" * 4400 + "}", "PROTOCOL",
     "the number 7777777777777777777777777777777777777777… is too large: whole numbers go from "
     "-2**53 to 2**53"),
    ('{"cmd":"view","seat":NaN}', "PROTOCOL",
     "NaN is not standard JSON; numbers must be whole numbers"),
    ('{"cmd":"view","seat":-Infinity}', "PROTOCOL",
     "-Infinity is not standard JSON; numbers must be whole numbers"),
    ('{"cmd":"view","seat":1e400}', "PROTOCOL",
     "the number 1e400 is not a whole number: commands take whole numbers only"),
    ('{"cmd":"view","seat":1.0}', "PROTOCOL",
     "the number 1.0 is not a whole number: commands take whole numbers only"),
    ('{"cmd":"pending","cmd":"outcome"}', "PROTOCOL",
     "the field 'cmd' appears twice in one object"),
    ('{"cmd":"undo","referee":true,"reason":"\\ud800"}', "PROTOCOL",
     "the text '\\ud800' is not valid Unicode (a lone surrogate)"),
    ('{"cmd":"pending","id":{"a":1}}', "PROTOCOL",
     '"id" must be a whole number or text of at most 64 characters, not {"a": 1}'),
    ('{"cmd":"act","seat":0,"action":{"type":"play","slot":{"n":1}}}', "PROTOCOL",
     'act: action.slot must be a number, true/false, text or a list of those, not {"n": 1}'),
    ('{"cmd":"act","seat":0,"action":{"type":"play","slot":"' + "x" * 5000 + '"}}', "PROTOCOL",
     "act: action.slot is text of 5,000 characters; at most 40"),
    ('{"cmd":"chance","outcome":[3]}', "PROTOCOL",
     'chance: "outcome" must be an object such as {"faces": [3]}'),
    ('{"cmd":"load","snapshot":[]}', "PROTOCOL",
     'load: "snapshot" must be an object, as {"cmd": "snapshot"} answers it'),
])
def test_each_bad_line_gets_one_refusal(journal, line, rule, message):
    assert refusal(session(journal), line) == {"rule": rule, "message": message}


def test_a_long_command_name_is_quoted_short(journal):
    error = refusal(session(journal), json.dumps({"cmd": "x" * 1_000_000}))
    assert error["message"] == f"unknown command {'x' * 40!r}…; commands are: {COMMANDS}"


def test_unknown_fields_are_quoted_short(journal):
    error = refusal(session(journal), json.dumps({"cmd": "pending", "y" * 500: 1}))
    assert error["message"] == f"pending: unknown field(s): {'y' * 40}… (fields: none)"


def test_an_id_is_echoed_only_when_valid(journal):
    s = session(journal)
    assert json.loads(s.answer_line('{"cmd":"nope","id":"r1"}'))["id"] == "r1"
    assert "id" not in json.loads(s.answer_line('{"cmd":"pending","id":[1]}'))


def test_intruder_chance_at_a_moment_that_expects_another_outcome(journal):
    s = session(journal, "intruder-escape", 4, rng=False, options={"characters": "by_seat"})
    assert s.live.state.pending()[0].kind == "shuffle"
    assert refusal(s, '{"cmd":"chance","outcome":{"faces":[3]}}') == {
        "rule": "ACTION-FORMAT",
        "message": "a shuffle outcome takes exactly the fields order; unknown: faces; "
                   "missing: order"}
    fresh = session(journal, "intruder-escape", 4, rng=False)
    assert refusal(fresh, '{"cmd":"chance","outcome":{"faces":[3]}}') == {
        "rule": "BOX-CHANCE", "message": "no chance outcome is expected now"}


def test_serve_refuses_an_overlong_line_and_goes_on(journal):
    s = session(journal)
    stdin = io.StringIO('{"cmd":"pending"}\n' + "x" * (MAX_LINE + 10) + '\n\n{"cmd":"outcome"}\n')
    stdout = io.StringIO()
    assert serve(s, stdin, stdout) == 0
    answers = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert [a["ok"] for a in answers] == [True, False, True]
    assert answers[1]["error"]["message"] == (
        f"the line is longer than {MAX_LINE:,} characters; a command has at most {MAX_LINE:,}")


def test_an_unexpected_failure_is_an_internal_refusal_and_changes_nothing(journal, monkeypatch):
    s = session(journal)
    s.answer_line('{"cmd":"act","seat":0,"action":{"type":"discard","slot":0}}')
    before = s.live.state.to_json()

    def broken(seat: int | None) -> dict:
        s.live.state.tokens = 0  # a half-done change, then a failure nobody foresaw
        raise RuntimeError("boom")

    monkeypatch.setattr(s.live.state, "view", broken)
    error = refusal_without_check(s, '{"cmd":"view","seat":1,"id":4}')
    assert error == {"id": 4, "ok": False, "error": {"rule": "INTERNAL", "message": (
        "internal error (RuntimeError) while handling the command 'view'; the game is as its "
        "journal last recorded it; please report it")}}
    assert s.live.state.to_json() == before
    assert json.loads(s.answer_line('{"cmd":"view","seat":1}'))["ok"] is True


def refusal_without_check(s: Session, line: str) -> dict:
    return json.loads(s.answer_line(line))


# ------------------------------------------------------------------ load runs the validation


def _loaded(s: Session, snapshot: dict) -> dict:
    return json.loads(s.answer_line(json.dumps({"cmd": "load", "snapshot": snapshot})))


@pytest.mark.parametrize(("damage", "message"), [
    (lambda d: d["hands"][1].__setitem__(1, "foo"), "hands[1][1]: unknown card 'foo'"),
    (lambda d: d["hands"][2].__setitem__(0, d["hands"][0][0]),
     "hands[2][0]: card 'the-end' is also at hands[0][0]: each card exists once"),
    (lambda d: d.__setitem__("tokens", 99), "tokens: 99 is out of range: it must be from 0 to 10"),
    (lambda d: d.__setitem__("players", 6), "players: must be a whole number from 1 to 5, not 6"),
    (lambda d: d.__setitem__("players", 2), "options: Escape! is for 3 to 5 players (2 with "
     "the unofficial option allow_two_players), not 2"),
    (lambda d: d["options"].pop("tokens"), "options: missing tokens"),
    (lambda d: d["escaped"].pop(), "escaped: must list 3 items, not 2"),
    (lambda d: d.pop("draw"), "missing field 'draw'"),
    (lambda d: d.__setitem__("active", "1"), "active: must be a whole number, not text '1'"),
])
def test_load_refuses_a_damaged_snapshot_and_the_game_goes_on(journal, damage, message):
    s = session(journal)
    good = s.live.state.to_json()
    damaged = json.loads(json.dumps(good))
    damage(damaged)
    answer = _loaded(s, damaged)
    assert answer == {"ok": False, "error": {"rule": "SNAPSHOT", "message": message}}
    assert s.live.state.to_json() == good
    assert json.loads(s.answer_line('{"cmd":"legal","seat":0}'))["ok"] is True


def test_a_fraction_in_a_snapshot_is_refused_before_the_game_sees_it(journal):
    s = session(journal)
    line = json.dumps({"cmd": "load", "snapshot": {**s.live.state.to_json(), "players": 3.0}})
    assert refusal(s, line) == {"rule": "PROTOCOL", "message":
                                "the number 3.0 is not a whole number: commands take whole "
                                "numbers only"}


def test_refbox_play_json_answers_every_line_of_issue_17():
    """The real command: each line alone gets one refusal, no traceback, exit status 0."""
    lines = ['{"cmd":[]}', '{"cmd":"act","seat":0,"action":{"type":["play"],"slot":2}}',
             "[" * 10_000 + "]" * 10_000, '{"cmd":"view","seat":' + "4" * 4400 + "}",
             '{"cmd":"chance","outcome":{"faces":[3]}}', '{"cmd":"view","seat":NaN}',
             json.dumps({"cmd": "y" * 1_000_000}), '{"cmd":"outcome"}']
    run = subprocess.run(
        [sys.executable, "-m", "services.referee.cli", "play", "intruder-escape", "--players",
         "4", "--dice", "manual", "--option", "characters=by_seat", "--json"],
        input="\n".join(lines) + "\n", capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 0 and run.stderr == ""
    answers = [json.loads(line, parse_constant=_not_json) for line in run.stdout.splitlines()]
    assert [a["ok"] for a in answers] == [False] * 7 + [True]
    assert max(len(line) for line in run.stdout.splitlines()) < 300


def test_a_snapshot_at_an_end_condition_is_loaded_finished(journal):
    """R-EX-20 on load: Seat 1 holds no card and no token is left to clue."""
    s = session(journal)
    snapshot = s.live.state.to_json()
    snapshot["discard"] += snapshot["hands"][0]
    snapshot["hands"][0], snapshot["tokens"] = [], 0
    answer = _loaded(s, snapshot)
    assert answer["ok"] and answer["pending"] == []
    assert answer["outcome"]["rule"] == "R-EX-20"
    assert journal.game(answer["journal_game"]).status == "finished"
