"""Regenerate docs/games/examples/decktet-escape.jsonl: a complete Escape! game over the protocol.

The table plays a sensible (not optimal) game: give a clue about a card that can be placed,
play cards that were clued, discard otherwise. The deck order is searched for a short game
that ends in complete success, then the game is played through `refbox play --json` and each
command and answer is written as one `>` / `<` line pair. tests/referee/test_cli.py replays it.

    .venv/bin/python docs/games/examples/make_decktet_example.py
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from services.games.decktet_escape import actions as a
from services.games.decktet_escape.state import EscapeState
from services.games.registry import default_registry

HERE = Path(__file__).resolve().parent
GAME = default_registry().get("decktet-escape")
PLAYERS = 3


def productive(state: EscapeState, card: str) -> bool:
    group = state.card(card).group
    if group == "key":
        unescaped = sum(1 for e in state.escaped if e is None)
        return len(state.routes) < min(state.route_limit(), unescaped)
    if group == "guard":
        return False
    return any(state.fits(card, r) for r in state.routes)


def choose(state: EscapeState) -> a.Action:
    if state.phase != "turn":
        return state.legal_actions(state.active)[0]
    seat = state.active
    hand = state.hands[seat]
    for slot, card in enumerate(hand):
        if state.marks.get(card) and productive(state, card):
            return a.Play(seat, slot)
    if state.tokens:
        for offset in range(1, PLAYERS):
            target = (seat + offset) % PLAYERS
            for card in state.hands[target]:
                if productive(state, card) and not state.marks.get(card):
                    return a.Clue(seat, target, state.card(card).group)
    for slot, card in enumerate(hand):
        if productive(state, card):
            return a.Play(seat, slot)
    unmarked = [s for s, c in enumerate(hand) if state.card(c).group != "guard"]
    return a.Discard(seat, (unmarked or [0])[0])


def play_out(order: list[str]) -> list[a.Action] | None:
    state = GAME.new_state(PLAYERS)
    state.apply(GAME.parse_action({"type": "shuffle", "deck": "draw", "order": order}))
    moves = []
    while state.outcome() is None and len(moves) < 80:
        action = choose(state)
        state.apply(action)
        moves.append(action)
    if state.outcome() is None or state.outcome().result != "complete":
        return None
    return moves


def main() -> None:
    best = None
    for seed in range(3000):
        order = list(GAME.deck.ids)
        random.Random(seed).shuffle(order)
        moves = play_out(order)
        if moves and (best is None or len(moves) < len(best[1])):
            best = (order, moves)
    assert best is not None
    order, moves = best
    commands = [
        {"cmd": "pending"},
        {"cmd": "chance", "outcome": {"order": order}},
        {"cmd": "view", "seat": 0},
        {"cmd": "legal", "seat": 1},
        {"cmd": "act", "seat": 1, "action": {"type": "discard", "slot": 0}},
    ]
    for action in moves:
        body = action.to_json()
        seat = body.pop("seat")
        commands.append({"cmd": "act", "seat": seat, "action": body})
        if len(commands) == 9:
            commands.append({"cmd": "undo"})
    commands.append({"cmd": "outcome"})
    text = "".join(json.dumps(c) + "\n" for c in commands)
    run = subprocess.run(
        [sys.executable, "-m", "services.referee.cli", "play", "decktet-escape", "--players",
         str(PLAYERS), "--dice", "manual", "--json"],
        input=text, capture_output=True, text=True, check=True,
    )
    lines = []
    for command, answer in zip(commands, run.stdout.splitlines(), strict=True):
        lines += ["> " + json.dumps(command), "< " + answer]
    (HERE / "decktet-escape.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(moves)} moves written")


if __name__ == "__main__":
    main()
