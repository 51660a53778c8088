"""The documented Intruder Escape game (docs/games/examples/intruder-escape.jsonl) replays.

The transcript is a complete 4-player game over ``refbox play --json`` with every chance
outcome typed in; make_intruder_example.py regenerates it from its seed. Here every command is
sent again and every answer must be the recorded one, every move and chance outcome must apply
(except the two refusals the example shows on purpose), the game must end with the recorded
outcome, and the excerpt in the game guide must be taken from the transcript.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "games" / "examples"
EXAMPLE = EXAMPLES / "intruder-escape.jsonl"
GUIDE = ROOT / "docs" / "games" / "intruder-escape.md"
REFUSALS = ["R-IX-08", "R-IX-12"]  # acting out of turn; healing a player with no damage


def transcript() -> tuple[list[str], list[dict]]:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    assert len(lines) % 2 == 0
    assert all(line.startswith("> ") for line in lines[0::2])
    assert all(line.startswith("< ") for line in lines[1::2])
    return [line[2:] for line in lines[0::2]], [json.loads(line[2:]) for line in lines[1::2]]


def generator():
    spec = importlib.util.spec_from_file_location("make_intruder_example",
                                                  EXAMPLES / "make_intruder_example.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_game_replays_exactly():
    commands, expected = transcript()
    run = subprocess.run(
        [sys.executable, "-m", "services.referee.cli", "play", "intruder-escape", "--players",
         "4", "--dice", "manual", "--json"],
        input="\n".join(commands) + "\n", capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(answers) == len(commands)
    for n, (command, answer, recorded) in enumerate(zip(commands, answers, expected,
                                                        strict=True)):
        assert answer == recorded, f"answer {n + 1} to {command} differs from the transcript"


def test_every_move_applies_and_the_game_ends_as_recorded():
    commands, answers = transcript()
    refused = [a["error"]["rule"] for a in answers if not a["ok"]]
    assert refused == REFUSALS
    moves = [(json.loads(c), a) for c, a in zip(commands, answers, strict=True)
             if json.loads(c)["cmd"] in ("act", "chance")]
    assert len(moves) > 150
    assert sum(1 for _, a in moves if a["ok"]) == len(moves) - len(REFUSALS)
    finished = [n for n, (_, a) in enumerate(moves) if a.get("outcome")]
    assert finished == [len(moves) - 1], "the game ends with the last move, not before"
    outcome = moves[-1][1]["outcome"]
    assert answers[-1] == {"ok": True, "outcome": outcome}
    assert outcome["result"] == "win" and outcome["rule"] in ("R-IX-34", "R-IX-35", "R-IX-36",
                                                              "R-IX-37")
    won = next(e for e in moves[-1][1]["events"] if e["type"] == "game_won")
    winners = [s for s, role in enumerate(won["identities"]) if role == won["team"]]
    assert winners == outcome["winners"]


def test_the_transcript_is_what_the_generator_plays():
    commands, _ = transcript()
    make = generator()
    generated, _, state = make.play(make.SEED)
    assert [json.loads(c) for c in commands] == generated
    assert state.outcome() is not None


def test_the_guide_quotes_the_transcript():
    lines = set(EXAMPLE.read_text(encoding="utf-8").splitlines())
    guide = GUIDE.read_text(encoding="utf-8")
    quoted = [line for line in guide.splitlines() if line.startswith(("> {", "< {"))]
    assert len(quoted) >= 10
    missing = [line for line in quoted if line not in lines]
    assert not missing, f"the guide quotes lines that are not in the transcript: {missing[:2]}"
