"""The `refbox` command: games, play --json (the documented transcript), interactive play."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from services.games.registry import default_registry

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "games" / "examples" / "decktet-escape.jsonl"


def refbox(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "services.referee.cli", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_the_documented_transcript_replays_exactly():
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    commands = [line[2:] for line in lines if line.startswith("> ")]
    expected = [json.loads(line[2:]) for line in lines if line.startswith("< ")]
    run = refbox("play", "decktet-escape", "--players", "3", "--dice", "manual", "--json",
                 stdin="\n".join(commands) + "\n")
    assert run.returncode == 0, run.stderr
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    assert answers == expected
    assert answers[-1]["outcome"]["result"] == "complete"


def test_the_transcript_is_embedded_in_the_game_guide():
    guide = (ROOT / "docs" / "games" / "decktet-escape.md").read_text(encoding="utf-8")
    assert EXAMPLE.read_text(encoding="utf-8").strip() in guide


def test_games_lists_player_counts_and_options():
    run = refbox("games")
    assert run.returncode == 0
    assert "decktet-escape: Escape! (for the Decktet) (3-5 players)" in run.stdout
    assert "--option rat_warren=false" in run.stdout
    data = json.loads(refbox("games", "--json").stdout)
    tokens = next(o for o in data[0]["options"] if o["key"] == "tokens")
    assert tokens == {"key": "tokens", "default": 10, "seat": False,
                      "allowed": "a whole number from 1 to 20",
                      "rule": "A-EX-01", "help": "clue tokens in the cup (rules body: 10; "
                      "header: 8)"}
    first = next(o for o in data[0]["options"] if o["key"] == "first_player")
    assert (first["default"], first["seat"], first["allowed"]) == (0, True, "a seat from 1 to 5")
    assert "--option first_player=1 " in run.stdout  # seats are 1-based where a person types
    assert "--option human_seat=random " in run.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "6"], "Escape! is for 3 to 5 players (2 with the unofficial option "
                         "allow_two_players), not 6"),
    (["--players", "3", "--option", "tokens=many"],
     "option 'tokens' cannot be 'many': it must be a whole number from 1 to 20"),
    (["--players", "3", "--option", "speed=3"],
     "decktet-escape has no option 'speed'; options are: cards, tokens, first_player, "
     "bowels_of_the_ship, dark_of_the_storm, rat_warren, every_man_for_himself, "
     "declare_route_before_reveal, boat_must_match, allow_empty_clues, hanabi_strict_discard, "
     "end_on_empty_hand, allow_two_players, narration"),
    (["--players", "3", "--option", "tokens"],
     "--option 'tokens' must look like KEY=VALUE, e.g. tokens=10"),
])
def test_setup_errors_are_clear(args, message):
    run = refbox("play", "decktet-escape", *args, "--json")
    assert run.returncode == 2
    assert json.loads(run.stdout)["error"]["message"] == message


def test_an_unknown_game():
    run = refbox("play", "chess", "--players", "2")
    assert run.returncode == 2
    games = ", ".join(g.info.id for g in default_registry())
    assert games.startswith("decktet-escape, intruder-escape, innsmouth-escape")
    assert run.stderr.strip() == f"refbox play: unknown game 'chess'; games are: {games}"


def test_a_corrected_deck_file_is_validated(tmp_path):
    deck = tmp_path / "deck.toml"
    text = (ROOT / "services" / "games" / "data" / "decktet.toml").read_text()
    deck.write_text(text.replace('suits = ["moons", "wyrms", "knots"]',
                                 'suits = ["moons", "wyrms", "stars"]'))
    run = refbox("play", "decktet-escape", "--players", "3", "--deck", str(deck), "--json")
    assert json.loads(run.stdout)["error"] == {
        "rule": "DATA", "message": f"{deck}: cards[36].suits: unknown suit 'stars'; suits are "
        "moons, suns, waves, leaves, wyrms, knots"}
    deck.write_text(text)
    run = refbox("play", "decktet-escape", "--players", "3", "--deck", str(deck), "--json",
                 stdin='{"cmd": "outcome"}\n')
    assert json.loads(run.stdout) == {"ok": True, "outcome": None}


def test_the_journal_keeps_a_game_to_resume(tmp_path):
    path = str(tmp_path / "j.sqlite")
    first = refbox("play", "decktet-escape", "--players", "3", "--seed", "3", "--journal", path,
                   "--json", stdin='{"cmd": "act", "seat": 0, "action": {"type": "discard", '
                   '"slot": 0}}\n{"cmd": "snapshot"}\n')
    snapshot = json.loads(first.stdout.splitlines()[-1])["snapshot"]
    again = refbox("play", "decktet-escape", "--journal", path, "--resume", "1", "--json",
                   stdin='{"cmd": "snapshot"}\n')
    assert json.loads(again.stdout)["snapshot"] == snapshot


def test_interactive_play_in_the_terminal():
    run = refbox("play", "decktet-escape", "--players", "3", "--seed", "1",
                 stdin="h\nv 2\n999\nu\n1\nq\n")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "Escape! - turn 1 - Seat 1 to act - seen by Seat 1" in out
    assert "Seat 1 (you: hidden from you):" in out
    assert "v [SEAT]   show what a seat may see" in out
    assert "choose a number from 1 to" in out
    assert "refused: there is nothing to undo\n" in out
    assert "* clue given: Seat 1, target: Seat 2" in out


def test_journal_lists_games_and_exports_transcripts(tmp_path):
    path = str(tmp_path / "j.sqlite")
    refbox("play", "decktet-escape", "--players", "4", "--seed", "2", "--journal", path,
           "--json", stdin='{"cmd": "act", "seat": 0, "action": {"type": "discard", "slot": 1}}\n')
    listing = refbox("journal", "list", "--journal", path)
    assert listing.returncode == 0
    assert listing.stdout.startswith("   1  decktet-escape   4 players  running       2 rows")
    assert json.loads(refbox("journal", "list", "--journal", path, "--json").stdout)[0][
        "status"] == "running"
    out = tmp_path / "t.json"
    assert refbox("journal", "export", "1", "--journal", path, "--out", str(out)).returncode == 0
    transcript = json.loads(out.read_text())
    assert transcript["secrets_included"] is False
    assert [m["says"] for m in transcript["moves"]] == [
        "the box shuffles the 45 cards and deals", "Seat 1 discards the card in slot 2"]
    missing = refbox("journal", "export", "9", "--journal", path)
    assert missing.returncode == 2
    assert missing.stderr == f"refbox journal: {path}: there is no game 9 in this journal\n"
    nofile = refbox("journal", "list", "--journal", str(tmp_path / "none.sqlite"))
    assert nofile.stderr == (f"refbox journal: {tmp_path / 'none.sqlite'}: there is no journal "
                             "file here\n")
