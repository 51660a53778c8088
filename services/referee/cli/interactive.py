"""The hot-seat referee of ``refbox play`` (without ``--json``).

Each turn shows what the acting seat may see, then what it may do as a numbered list with
labels that tell them apart (see :mod:`choices` and :mod:`offers`: a line ending in "..."
opens a list of its own, ``b`` goes back); a long list is shown a page at a time and can be
narrowed with ``/ WORDS`` (:mod:`listing`). Text follows the terminal's width. Whatever the
person types, a bad input gets one line (after the state, where it is seen) and the session
goes on.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from services.referee.cli.botplay import people_line
from services.referee.cli.choices import event_text, labels, with_rule
from services.referee.cli.listing import Listing, columns, fitted
from services.referee.cli.offers import Choice, turn_choice
from services.referee.cli.play import MEMORY
from services.referee.cli.typed import MAX_INPUT, no_constant, number, outcome_example
from services.referee.live import LiveGame
from services.referee.protocol import Session
from services.referee.tables import text_renderer

HELP = """Type the number of an action, or:
  b          back from a list that a line with "..." opened (its number opens it)
  + / -      next / previous page of a long list of actions
  / WORDS    show only the actions whose label has every word (e.g. / A1 D1); / alone: all
  v [SEAT]   show what a seat may see (no number: the public table)
  u          undo the last move (if nothing hidden or random came after it)
  ru [N]     referee undo: take back N moves, whatever they revealed (asks to confirm)
  t FILE     write the transcript (secrets only once the game is over)
  q          quit (the journal keeps the game if you used --journal)"""


class Interactive:
    """A readable referee in the terminal: hot-seat, each turn shows what the actor may see."""

    def __init__(self, session: Session, stdin: TextIO, stdout: TextIO) -> None:
        live = session.live
        self.session = session
        self.stdin = stdin
        self.stdout = stdout
        self.game_id = live.game.info.id
        self.listing = Listing()
        self._top: tuple[int, object, int, Choice] | None = None

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

    def render(self, view: dict[str, Any]) -> list[str]:
        """A view as lines of the terminal's width (a game's map keeps its own layout)."""
        return text_renderer(self.game_id, columns(self.stdout))(view)

    def loop(self) -> int:
        self.say(f"{self.live.game.info.title}. Type h for help.",
                 *fitted(self.kept(), columns(self.stdout), "", "  "))
        if self.session.bots is not None:
            # not its seed: the dice and the shuffles follow from it
            people = people_line(self.session.bots, self.live)
            self.say(f"The box plays {self.session.bots}.",
                     *(fitted(people, columns(self.stdout), "", "  ") if people else []))
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

    def kept(self) -> str:
        """Where the game is kept: nowhere without --journal (and how to keep it), else the
        journal file, the game's number there and how to resume it."""
        path = self.session.journal.path
        if path == MEMORY:
            return "Nothing is kept when you quit: start with --journal FILE to keep the game."
        return (f"Kept as game {self.live.id} of the journal {path}; to go on later: "
                f"refbox play {self.game_id} --journal {path} --resume {self.live.id}")

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
                     *fitted(text if text.startswith(who) else f"{who}: {text}",
                             columns(self.stdout)))
            self.listing.start(self.choices(seat))
            self.show_choices()

    def choices(self, seat: int) -> Choice:
        """The seat's list of choices, computed once per position."""
        history = self.live.history
        key = (len(history), history[-1] if history else None, seat)  # same steps: same state
        cached = self._top
        if cached is None or cached[0] != key[0] or cached[1] is not key[1] or cached[2] != seat:
            state = self.live.state
            texts = labels(state, seat, state.legal_actions(seat), self.game_id)
            cached = (*key, turn_choice(state, seat, self.game_id, texts))
            self._top = cached
        return cached[3]

    def show_choices(self) -> None:
        self.say(*self.listing.lines(columns(self.stdout)))

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
            "b": self.back,
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
        self.listing.browse(answer)
        self.show_choices()
        return False

    def back(self, _rest: str) -> bool:
        if self.listing.back():
            self.show_choices()
        else:
            self.say("b goes back from a list an action opened; this is the whole list")
        return False

    def act(self, seat: int, choice: int) -> bool:
        picked = self.listing.pick(choice)
        if picked is None:  # a list opened
            self.show_choices()
            return False
        if isinstance(picked, str):
            self.say(picked)
            return False
        action = picked.to_json()
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
            outcome = json.loads(answer, parse_constant=no_constant)
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
        width = columns(self.stdout)

        def line(text: str, indent: str = "", more: str = "    ") -> None:
            self.say(*fitted(text, width, indent, more))

        moves = answer.get("bots") or []
        if not answer["ok"]:
            error = answer["error"]
            line(f"refused: {with_rule(error['message'], error['rule'])}")
        own = len(answer.get("events", []) or []) - sum(len(m["events"]) for m in moves)
        for event in (answer.get("events", []) or [])[:own]:
            line(event_text(event, self.game_id), "  * ", "      ")
        for undone in answer.get("undone", []) or []:
            line(f"undone: {undone['says']}", "  * ", "      ")
        for move in moves:
            line(f"{move['says']} (the box, {move['level']})", "  > ", "      ")
            for event in move["events"]:
                line(event_text(event, self.game_id), "    * ", "        ")
        if "bot_error" in answer:
            error = answer["bot_error"]
            line(f"the box could not move: {with_rule(error['message'], error['rule'])}")
        return bool(answer["ok"] or moves)

