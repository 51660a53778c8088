"""The table screen's model: what a TV, tablet or laptop watching the game shows.

Built on the daemon thread after a render, from the public side only, and the same for every
watcher (a watcher has no seat)::

    {"mode", "title",
     "turn": str,                      # whose turn it is, in a sentence
     "note": str,                      # the table's own line (a device, a new code, the dice)
     "panel": Panel,                   # the public state in words (``words.public``)
     "map": Map | None,                # the board with the public pieces (``maps``)
     "dice": {"title", "purpose", "note"} | None,  # the players are entering a roll
     "rolls": {"steps": [...]} | None,  # the latest roll chain explained (``table_rolls``)
     "log": [str, ...], "moves": int}  # the history's last sentences, and how many in all

In a game everything comes from the engine's ``view(None)``, the history as the public table
reads it (``describe(action, None)``), the public events of the rolls, the dice entry the
public screen shows, and whose turn it is as the seats' and the public screens say it (the
flow's ``waiting`` seats, else the game's pending seat prompts). No seat's view is read.
Outside a game (the lobby, a paused game) the panel is the public screen's text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from services.games.core import Flip, SeatPrompt, State, history_sentences
from services.referee.box.render import Canvas, plain
from services.referee.box.seat_models import public_note, public_view, text_of
from services.referee.box.table import Table
from services.referee.box.table_rolls import last_rolls
from services.referee.companion.hub import Model
from services.referee.companion.maps import map_of
from services.referee.companion.words import capital, listing, over_line, who, words_of

LOG_LINES = 40  # the history's last sentences sent (the page shows them newest first)
IN_GAME = ("game", "paused", "over")


def turn_words(game: str, view: dict[str, Any], labels: Sequence[str],
               waiting: Sequence[int]) -> str:
    """Whose turn it is, for someone who has no seat: the end (the engine's reason with the
    table's seat labels), else who the game waits for and what they do (the phrases of the
    seats' pages)."""
    outcome = view.get("outcome")
    if outcome:
        return over_line(outcome, labels)
    names = [who(labels, seat) for seat in waiting]
    phase = str(view.get("phase", ""))
    words: Any = words_of(game)
    if game == "decktet-escape":
        return _decktet_turn(view, labels, words)
    if game == "intruder-escape":
        doing = words.DOING.get(phase)
        if phase == "roll":
            return "The die decides."
        return f"{listing(names)} {doing}." if names and doing else _waiting(names)
    said = words.WAITING.get(phase, "")
    if said and ("{who}" not in said or names):
        return capital(said.format(who=listing(names))) + "."
    return _waiting(names)


def _decktet_turn(view: dict[str, Any], labels: Sequence[str], words: Any) -> str:
    active, choice = view.get("active"), view.get("choice")
    if active is None:
        return ""
    if choice and choice.get("kind") in words.CHOICES:
        return f"{who(labels, active)} {words.CHOICES[choice['kind']]}."
    return f"{who(labels, active)}'s turn: give a clue, play a card or discard one."


def _waiting(names: Sequence[str]) -> str:
    return f"Waiting for {listing(names)}." if names else ""


def game_model(game: str, title: str, state: State, steps: Sequence[Any],
               labels: Sequence[str], *, data: Any = None,
               view: dict[str, Any] | None = None, waiting: Sequence[int] | None = None,
               say: Callable[[str], str] = str) -> Model:
    """The model of a game in progress from its public side: ``view`` (``view(None)``,
    found when not given), the history ``steps`` (each with ``kind``, ``action`` and
    ``events``) and ``waiting`` (the seats the game waits for, from its pending prompts when
    not given). ``say`` turns an engine sentence into the table's words (its seat labels)."""
    view = state.view(None) if view is None else view
    if waiting is None:
        waiting = [p.seat for p in state.pending() if isinstance(p, SeatPrompt)]
    actions = [step.action for step in steps]
    log = [say(line) for line in public_sentences(state, actions, LOG_LINES)]
    return {"mode": "game", "title": title, "turn": turn_words(game, view, labels, waiting),
            "note": "", "panel": words_of(game).public(view, labels, data),
            "map": map_of(game, view, data, labels=labels), "dice": None,
            "rolls": last_rolls(game, state, steps, labels, data, say),
            "log": log, "moves": len(actions)}


def public_sentences(state: State, actions: Sequence[Any], last: int) -> list[str]:
    """The last ``last`` sentences of :func:`history_sentences` for the public table (the
    earlier ones are not described: a long game's log costs no more than a short one's)."""
    start = max(0, len(actions) - last)
    latest = {a.actor: i for i, a in enumerate(actions) if a.actor is not None}
    if start == 0:
        return history_sentences(state, actions, None)
    return [state.describe(action, None, settled=latest.get(action.actor, i) != i)
            for i, action in enumerate(actions) if i >= start]


def dice_model(table: Table) -> dict[str, str] | None:
    """The dice entry the public screen shows while the players enter a roll."""
    entry = table.entry
    if entry is None:
        return None
    flip = isinstance(entry.prompt, Flip)
    return {"title": "Flip a coin" if flip else "Roll your dice",
            "purpose": capital(plain(entry.prompt.purpose)), "note": plain(entry.note)}


def table_model(table: Table, frames: dict[str, Canvas]) -> Model:
    """The table screen's model now; ``frames`` are the table's pictures of this render."""
    live, flow = table.live, table.flow
    view = public_view(table)
    if table.mode not in IN_GAME or live is None or flow is None or view is None:
        screen = text_of(frames.get("public"))
        return {"mode": table.mode, "title": "refbox", "turn": "", "note": "",
                "panel": {**screen, "rows": []}, "map": None, "dice": None, "rolls": None,
                "log": [], "moves": 0}
    game = live.game
    labels = list(flow.labels)
    asked = getattr(flow, "waiting", None)
    waiting = asked(live.state) if callable(asked) else None
    found = game_model(game.info.id, game.info.title, live.state, live.history, labels,
                       data=getattr(game, "data", None), view=view, waiting=waiting,
                       say=flow.seat_words)
    found["mode"] = table.mode
    found["note"] = public_note(table)
    if table.mode == "paused":
        found["turn"] = "The game is paused."
    elif table.mode == "game":
        found["dice"] = dice_model(table)
    return found
