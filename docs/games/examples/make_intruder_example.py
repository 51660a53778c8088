"""Regenerate docs/games/examples/intruder-escape.jsonl: a complete Intruder Escape game over the
protocol.

Four players, default options, ``--dice manual``: every chance outcome (the identity deal, the
shuffles, each roll of the die, where a dead player's escape item goes back) is typed in, so
the transcript replays exactly. The seats play seeded random legal moves (``legal_actions``,
then ``random.Random(SEED).choice``) and the same generator draws the chance outcomes, so the
game is a pure function of ``SEED``. A few commands are added to show the protocol: the
pending prompt, an Intruder's private view before round 1, the legal moves of the first turn,
a seat acting out of turn (refused, R-IX-08), a healing card on an undamaged player (refused,
R-IX-12, when the first player holds one) and the final outcome.

The game is played through ``refbox play --json`` and each command and answer is written as
one ``>`` / ``<`` line pair. tests/games/test_intruder_example.py replays it.

    .venv/bin/python docs/games/examples/make_intruder_example.py            # SEED
    .venv/bin/python docs/games/examples/make_intruder_example.py --search 3000

``--search N`` tries seeds 0..N-1 and prints the best (most card effects seen, then the
shortest game); put it in SEED to use it.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from services.games.core import (
    ChanceAction,
    DrawResult,
    RollResult,
    ShuffleResult,
)
from services.games.intruder_escape import actions as a
from services.games.intruder_escape.state import IntruderState
from services.games.registry import default_registry

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
GAME = default_registry().get("intruder-escape")
PLAYERS = 4
SEED = 984
COMMAND = ["play", "intruder-escape", "--players", str(PLAYERS), "--dice", "manual", "--json"]

# Things worth seeing in the example (the seed search counts them).
FEATURES = ("home_used", "home_void", "took_top", "snatched", "top_exposed", "hand_shown",
            "turn_lost", "life_restored", "identity_revealed", "item_returned", "rerolled",
            "nullified", "doubled", "tie", "roulette", "heal_refused")


def outcome_json(result: ChanceAction) -> dict[str, Any]:
    if isinstance(result, ShuffleResult):
        return {"order": list(result.order)}
    if isinstance(result, RollResult):
        return {"faces": list(result.faces)}
    if isinstance(result, DrawResult):
        return {"card": result.card}
    raise TypeError(result)


def act(action: a.Action) -> dict[str, Any]:
    body = action.to_json()
    seat = body.pop("seat")
    return {"cmd": "act", "seat": seat, "action": body}


def heal_refusal(state: IntruderState) -> dict[str, Any] | None:
    """A healing card on a player with no damage this round, if the active seat holds one."""
    seat = state.active
    for card in state.hands[seat]:
        if state.data.card(card).category != "heal":
            continue
        for target in state.targetable():
            if not state.rows[target]:
                return act(a.Play(seat, card, target))
    return None


def play(seed: int) -> tuple[list[dict[str, Any]], set[str], IntruderState]:
    """The command list of the game of ``seed``, the features it shows, and its last state."""
    rng = random.Random(seed)
    state: IntruderState = GAME.new_state(PLAYERS)
    commands: list[dict[str, Any]] = [{"cmd": "pending"}]
    seen: set[str] = set()
    shown_view = shown_turn = False
    while state.outcome() is None:
        prompt = state.pending()[0]
        if prompt.actor == "chance":
            result = prompt.resolve(rng)
            events = state.apply(result)
            commands.append({"cmd": "chance", "outcome": outcome_json(result)})
        else:
            if state.phase == "ready" and not shown_view:
                intruder = next(s for s in range(PLAYERS) if state.identity(s) == "intruder")
                commands.append({"cmd": "view", "seat": intruder})
                shown_view = True
            if state.phase == "turn" and not shown_turn:
                seat = state.active
                other = (seat + 1) % PLAYERS
                commands += [{"cmd": "legal", "seat": seat},
                             {"cmd": "act", "seat": other, "action": {"type": "skip"}}]
                refusal = heal_refusal(state)
                if refusal is not None:
                    commands.append(refusal)
                    seen.add("heal_refused")
                shown_turn = True
            action = rng.choice(state.legal_actions(prompt.seat))
            events = state.apply(action)
            commands.append(act(action))
        for event in events:
            seen.add(event.type)
            if event.type == "die_rolled" and not event.accepted:
                seen.add("rerolled")
            if event.type == "life_lost" and event.cause in ("tie", "roulette"):
                seen.add(event.cause)
        if state.assessment:
            for row in state.assessment["rows"].values():
                for step in row["steps"]:
                    if step["nullified_by"]:
                        seen.add("nullified")
                    if step["doubled"]:
                        seen.add("doubled")
    commands.append({"cmd": "outcome"})
    return commands, seen & set(FEATURES), state


def search(count: int) -> None:
    best: tuple[int, int, int] | None = None
    for seed in range(count):
        commands, seen, _ = play(seed)
        key = (-len(seen), len(commands), seed)
        if best is None or key < best:
            best = key
            print(f"seed {seed}: {len(seen)} features, {len(commands)} commands "
                  f"({', '.join(sorted(seen))})")
    assert best is not None
    print(f"best seed: {best[2]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--search", type=int, metavar="N", help="try seeds 0..N-1")
    args = parser.parse_args()
    if args.search:
        search(args.search)
        return
    commands, seen, state = play(SEED)
    text = "".join(json.dumps(c) + "\n" for c in commands)
    run = subprocess.run([sys.executable, "-m", "services.referee.cli", *COMMAND],
                         input=text, capture_output=True, text=True, check=True, cwd=ROOT)
    lines = []
    for command, answer in zip(commands, run.stdout.splitlines(), strict=True):
        lines += ["> " + json.dumps(command), "< " + answer]
    (HERE / "intruder-escape.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    moves = sum(1 for c in commands if c["cmd"] in ("act", "chance"))
    print(f"{len(commands)} commands ({moves} moves and chance outcomes), {state.round} rounds, "
          f"{state.outcome().reason}; shows {', '.join(sorted(seen))}")


if __name__ == "__main__":
    main()
