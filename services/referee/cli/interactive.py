"""The hot-seat referee of ``refbox play`` (without ``--json``).

Each turn shows what the acting seat may see, then its legal actions as a numbered list with
labels that tell them apart (see :mod:`choices`); a long list is shown a page at a time and
can be narrowed with ``/ WORDS``. Whatever the person types, a bad input gets one line (after
the state, where it is seen) and the session goes on.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TextIO

from services.referee.cli.choices import event_text, labels, matching, with_rule
from services.referee.live import LiveGame
from services.referee.protocol import Session
from services.referee.tables import text_renderer

PAGE = 20  # actions per page of a long list
LONG = 30  # a list of up to this many actions is shown whole
MAX_INPUT = 1000  # characters: a typed chance outcome longer than this is refused unread
_NUMBER = re.compile(r"[0-9]{1,9}")  # ASCII digits only: '²' or '٣' are not numbers here

HELP = """Type the number of an action, or:
  + / -      next / previous page of a long list of actions
  / WORDS    show only the actions whose label has every word (e.g. / A1 D1); / alone: all
  v [SEAT]   show what a seat may see (no number: the public table)
  u          undo the last move (if nothing hidden or random came after it)
  ru [N]     referee undo: take back N moves, whatever they revealed (asks to confirm)
  t FILE     write the transcript (secrets only once the game is over)
  q          quit (the journal keeps the game if you used --journal)"""


OUTCOMES = {  # a chance outcome of each kind of chance prompt, as typed
    "roll": '{"faces": [FACES]}',
    "flip": '{"heads": true}',
    "shuffle": '{"order": [every id of the DECK pile, top first]}',
    "draw": '{"card": an id of the DECK pile}',
}


def outcome_example(prompt: Mapping[str, Any]) -> str:
    """What a chance prompt (its JSON form) takes, as typed: a roll's faces, a pile's ids."""
    faces = ", ".join(str(1 + i % 6) for i in range(2, 2 + int(prompt.get("count", 1))))
    return OUTCOMES.get(str(prompt.get("kind")), OUTCOMES["roll"]).replace(
        "FACES", faces).replace("DECK", str(prompt.get("deck", "")))


def number(text: str) -> int | None:
    """A whole number typed with ASCII digits (at most 9), else None."""
    return int(text) if _NUMBER.fullmatch(text) else None


class Interactive:
    """A readable referee in the terminal: hot-seat, each turn shows what the actor may see."""

    def __init__(self, session: Session, stdin: TextIO, stdout: TextIO) -> None:
        live = session.live
        self.session = session
        self.stdin = stdin
        self.stdout = stdout
        self.render = text_renderer(live.game.info.id)
        self.game_id = live.game.info.id
        self.query = ""
        self.page = 0
        self._labels: tuple[int, object, int, list[str]] | None = None

    @property
    def live(self) -> LiveGame:
        return self.session.live

    def say(self, *lines: str) -> None:
        for line in lines:
            print(line, file=self.stdout)
        self.stdout.flush()

    def ask(self, prompt: str) -> str | None:
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        return None if line == "" else line.strip()

    def loop(self) -> int:
        self.say(f"{self.live.game.info.title}: journal game {self.live.id}. Type h for help.")
        if self.session.bots is not None:
            # not its seed: the dice and the shuffles follow from it
            self.say(f"The box plays {self.session.bots}.")
            self.report(self.box_moves())
        redraw = True
        while True:
            seat, prompt = self.turn()
            if redraw:
                self.show_turn(seat)
            answer = self.ask(prompt)
            if answer is None:  # end of input: the shell's prompt starts on a line of its own
                self.say("")
                return 0
            if answer == "q":
                return 0
            redraw = self.command(answer, seat) if answer else False

    def turn(self) -> tuple[int | None, str]:
        """Who acts now (None: nobody, or chance) and the prompt to show."""
        prompts = self.live.state.pending()
        if not prompts:
            return None, "game over: u / ru / t FILE / q > "
        if prompts[0].actor == "chance":
            return None, f"type the outcome as JSON (e.g. {self.outcome_example()}) or box > "
        seat: int = prompts[0].seat  # type: ignore[union-attr]
        return seat, f"Seat {seat + 1} > "

    def show_turn(self, seat: int | None) -> None:
        state = self.live.state
        prompts = state.pending()
        if not prompts:
            self.say("", *self.render(state.view(None)))
        elif seat is None:
            form = {k: v for k, v in prompts[0].to_json().items() if k not in ("actor", "kind")}
            kind = prompts[0].to_json().get("kind", "outcome")
            self.say("", f"chance: {event_text({'type': kind, **form}, self.game_id)}")
        else:
            text = prompts[0].text
            who = f"Seat {seat + 1}"
            self.say("", *self.render(state.view(seat)),
                     text if text.startswith(who) else f"{who}: {text}")
            self.query, self.page = "", 0
            self.show_choices(seat)

    def choices(self, seat: int) -> list[str]:
        """The labels of the seat's legal actions, computed once per position."""
        history = self.live.history
        key = (len(history), history[-1] if history else None, seat)  # same steps: same state
        cached = self._labels
        if cached is None or cached[0] != key[0] or cached[1] is not key[1] or cached[2] != seat:
            state = self.live.state
            cached = (*key, labels(state, seat, state.legal_actions(seat), self.game_id))
            self._labels = cached
        return cached[3]

    def show_choices(self, seat: int) -> None:
        texts = self.choices(seat)
        shown = matching(texts, self.query) if self.query else list(range(len(texts)))
        if not shown:
            self.say(f"no action has the words {self.query!r}; type / alone to see all")
            return
        size = PAGE if len(shown) > LONG else LONG
        pages = (len(shown) + size - 1) // size
        self.page = min(self.page, pages - 1)
        start = self.page * size
        width = len(str(len(texts)))
        self.say(*(f"  {i + 1:>{width}}. {texts[i]}" for i in shown[start:start + size]))
        if pages > 1:
            which = f"with {self.query!r}" if self.query else "in all"
            self.say(f"  ({len(shown)} actions {which}; page {self.page + 1} of {pages}: "
                     "+ next, - previous, / WORDS to narrow)")

    def command(self, answer: str, seat: int | None) -> bool:
        """Carry out one typed line; True if the game moved (the table is shown again)."""
        word, _, rest = answer.partition(" ")
        actions: dict[str, Callable[[str], bool]] = {
            "h": self.help,
            "help": self.help,
            "v": self.show_view,
            "u": lambda _r: self.report(self.session.handle({"cmd": "undo"})),
            "ru": self.referee_undo,
            "t": self.write_transcript,
        }
        if word in actions:
            return actions[word](rest.strip())
        if seat is None and self.live.state.pending():
            return self.supply_chance(answer)
        if answer in ("+", "-") or answer.startswith("/"):
            return self.browse(answer, seat)
        choice = number(answer)
        if choice is not None and seat is not None:
            return self.act(seat, choice)
        self.say(f"{answer[:40]!r} is not a command; type h for help")
        return False

    def help(self, _rest: str) -> bool:
        self.say(HELP)
        return False

    def browse(self, answer: str, seat: int | None) -> bool:
        if seat is None:
            self.say("there is no list of actions now")
            return False
        if answer.startswith("/"):
            self.query, self.page = answer[1:].strip(), 0
        else:
            self.page = max(0, self.page + (1 if answer == "+" else -1))
        self.show_choices(seat)
        return False

    def act(self, seat: int, choice: int) -> bool:
        legal = self.live.state.legal_actions(seat)
        if not 1 <= choice <= len(legal):
            self.say(f"choose a number from 1 to {len(legal)}")
            return False
        action = legal[choice - 1].to_json()
        return self.report(self.session.handle({"cmd": "act", "seat": seat, "action": action}))

    def supply_chance(self, answer: str) -> bool:
        if answer == "box":
            for event in self.live.resolve_chance(random.SystemRandom()):
                self.say(f"  * {event_text(event.to_json(), self.game_id)}")
            self.report(self.box_moves())
            return True
        example = f"an outcome is JSON, e.g. {self.outcome_example()}, or type box"
        if len(answer) > MAX_INPUT:
            self.say(f"that is {len(answer)} characters; {example}")
            return False
        try:
            outcome = json.loads(answer, parse_constant=_no_constant)
        except ValueError:
            self.say(example)
            return False
        if not isinstance(outcome, dict):
            self.say(example)
            return False
        return self.report(self.session.handle({"cmd": "chance", "outcome": outcome}))

    def outcome_example(self) -> str:
        prompts = self.live.state.pending()
        return outcome_example(prompts[0].to_json() if prompts else {})

    def show_view(self, rest: str) -> bool:
        seat = None
        if rest:
            players = self.live.state.players
            chosen = number(rest)
            if chosen is None or not 1 <= chosen <= players:
                self.say(f"seats are 1 to {players}")
                return False
            seat = chosen - 1
            bots = self.session.bots
            level = None if bots is None else bots.level(self.live.state.view(None), seat)
            if level is not None and self.live.state.outcome() is None:
                self.say(f"Seat {chosen} is played by the box ({level}): what it knows stays "
                         "in the box until the game is over")
                return False
        self.say(*self.render(self.live.state.view(seat)))
        return False

    def referee_undo(self, rest: str) -> bool:
        count = number(rest) if rest else 1
        if count is None or count < 1:
            self.say("ru takes a number of moves, e.g. ru 2")
            return False
        moves = sum(1 for step in self.live.history if step.kind == "action")
        if count > moves:  # said before asking, not after a "y"
            self.say("there is no move to take back" if moves == 0 else
                     f"only {moves} move(s) can be taken back, not {count}")
            return False
        confirm = self.ask(f"referee undo of {count} move(s), whatever they revealed? [y/N] ")
        if confirm != "y":
            return False
        return self.report(self.session.handle({"cmd": "undo", "referee": True, "count": count}))

    def write_transcript(self, rest: str) -> bool:
        if not rest:
            self.say("t needs a file name, e.g. t game.json")
            return False
        try:
            Path(rest).write_text(json.dumps(self.live.transcript(), indent=2), encoding="utf-8")
        except (OSError, ValueError) as error:  # ValueError: a NUL in the name
            reason = error.strerror if isinstance(error, OSError) else str(error)
            self.say(f"cannot write {rest}: {reason}")
            return False
        self.say(f"transcript written to {rest}")
        return False

    def box_moves(self) -> dict[str, Any]:
        """The box's seats move while asked, as an answer of the session (for report)."""
        return self.session.handle({"cmd": "pending"})

    def report(self, answer: dict[str, Any]) -> bool:
        """Print what an answer of the session says (the box's moves after the command's
        own): True if it changed the game."""
        moves = answer.get("bots") or []
        if not answer["ok"]:
            error = answer["error"]
            self.say(f"refused: {with_rule(error['message'], error['rule'])}")
        own = len(answer.get("events", []) or []) - sum(len(m["events"]) for m in moves)
        for event in (answer.get("events", []) or [])[:own]:
            self.say(f"  * {event_text(event, self.game_id)}")
        for undone in answer.get("undone", []) or []:
            self.say(f"  * undone: {undone['says']}")
        for move in moves:
            self.say(f"  > {move['says']} (the box, {move['level']})")
            self.say(*(f"    * {event_text(e, self.game_id)}" for e in move["events"]))
        if "bot_error" in answer:
            error = answer["bot_error"]
            self.say(f"the box could not move: {with_rule(error['message'], error['rule'])}")
        return bool(answer["ok"] or moves)


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number here")
