"""``refbox play``: a game in the terminal, interactive or driven by JSON lines.

refbox play decktet-escape --players 3 [--option rat_warren=true] [--seed 7]
            [--dice auto|manual] [--json] [--journal FILE] [--resume ID] [--deck FILE]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from services.games.core import GameError, OptionValue, Rng
from services.games.registry import PACK_FILES, Registry, default_registry, game_with_data
from services.referee.errors import RefereeError
from services.referee.journal import Journal
from services.referee.live import LiveGame
from services.referee.protocol import Session
from services.referee.tables import text_renderer

HELP = """Type the number of an action, or:
  v [SEAT]   show what a seat may see (no number: the public table)
  u          undo the last move (if nothing hidden or random came after it)
  ru [N]     referee undo: take back N moves, whatever they revealed (asks to confirm)
  t FILE     write the transcript (secrets only once the game is over)
  q          quit (the journal keeps the game if you used --journal)"""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("play", help="referee a game in the terminal or over JSON lines")
    parser.add_argument("game", help="game id (see `refbox games`)")
    parser.add_argument("--players", type=int, help="number of players")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="set a game option (repeatable)",
    )
    parser.add_argument(
        "--seed", type=int, help="seed the box's dice and shuffles (repeatable runs)"
    )
    parser.add_argument(
        "--dice",
        choices=("auto", "manual"),
        default="auto",
        help="auto: the box rolls and shuffles; manual: you supply outcomes",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="read one JSON command per line, answer one JSON line each",
    )
    parser.add_argument(
        "--journal",
        default=":memory:",
        help="SQLite journal file (default: in memory, lost on exit)",
    )
    parser.add_argument("--resume", type=int, metavar="ID", help="resume game ID of --journal")
    parser.add_argument("--deck", help="a corrected card file (TOML) in the format of the "
                        "shipped one: decktet.toml for Escape!, intruder.toml for Intruder "
                        "Escape, innsmouth.toml (board and cards) for Innsmouth Escape")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    try:
        registry = _registry(args)
        rng = _rng(args)
        journal = Journal(args.journal)
    except (GameError, RefereeError) as error:
        return _fail(args, stdout, error)
    try:
        try:
            live = _start(args, registry, journal, rng)
        except (GameError, RefereeError) as error:
            return _fail(args, stdout, error)
        if args.json:
            return _json_loop(Session(live, journal, rng), stdin, stdout)
        return Interactive(live, journal, stdin, stdout).loop()
    finally:
        journal.close()


def _registry(args: argparse.Namespace) -> Registry:
    registry = default_registry()
    if args.deck is None:
        return registry
    if args.game not in PACK_FILES:
        raise RefereeError(f"--deck is for {', '.join(PACK_FILES)}, not {args.game!r}")
    game = game_with_data(args.game, Path(args.deck))
    return Registry(tuple(game if g.info.id == args.game else g for g in registry))


def _rng(args: argparse.Namespace) -> Rng | None:
    if args.dice == "manual":
        return None
    return random.Random(args.seed) if args.seed is not None else random.SystemRandom()


def _start(
    args: argparse.Namespace, registry: Registry, journal: Journal, rng: Rng | None
) -> LiveGame:
    if args.resume is not None:
        return LiveGame.resume(journal, args.resume, registry, rng)
    game = registry.get(args.game)
    if args.players is None:
        info = game.info
        raise RefereeError(
            f"--players is needed: {info.title} is for {info.min_players} to {info.max_players}"
        )
    options: dict[str, OptionValue] = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep:
            raise RefereeError(f"--option {item!r} must look like KEY=VALUE, e.g. tokens=8")
        options[key] = game.info.option(key).parse(value)
    live, _events = LiveGame.new(journal, game, args.players, options, rng=rng)
    return live


def _fail(args: argparse.Namespace, stdout: TextIO, error: GameError | RefereeError) -> int:
    if args.json:
        print(json.dumps({"ok": False, "error": error.to_json()}), file=stdout, flush=True)
    else:
        print(f"refbox play: {error.message} [{error.rule}]", file=sys.stderr)
    return 2


def _json_loop(session: Session, stdin: TextIO, stdout: TextIO) -> int:
    for line in stdin:
        if not line.strip():
            continue
        print(json.dumps(session.handle_line(line), separators=(",", ":")), file=stdout, flush=True)
    return 0


class Interactive:
    """A readable referee in the terminal: hot-seat, each turn shows what the actor may see."""

    def __init__(self, live: LiveGame, journal: Journal, stdin: TextIO, stdout: TextIO) -> None:
        self.session = Session(live, journal, live.rng)
        self.stdin = stdin
        self.stdout = stdout
        self.render = text_renderer(live.game.info.id)

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
        while True:
            state = self.live.state
            prompts = state.pending()
            if not prompts:
                self.say("", *self.render(state.view(None)))
                answer = self.ask("game over: u / ru / t FILE / q > ")
                seat: int | None = None
            elif prompts[0].actor == "chance":
                self.say("", f"chance: {prompts[0].to_json()}")
                answer = self.ask('type the outcome as JSON (e.g. {"faces": [4]}) or box > ')
                seat = None
            else:
                seat = prompts[0].seat  # type: ignore[union-attr]
                self.say("", *self.render(state.view(seat)), f"Seat {seat + 1}: {prompts[0].text}")
                for n, action in enumerate(state.legal_actions(seat), start=1):
                    self.say(f"  {n:3}. {state.describe(action)}")
                answer = self.ask(f"Seat {seat + 1} > ")
            if answer is None or answer == "q":
                return 0
            self.command(answer, seat)

    def command(self, answer: str, seat: int | None) -> None:
        word, _, rest = answer.partition(" ")
        actions: dict[str, Callable[[str], None]] = {
            "h": lambda _r: self.say(HELP),
            "v": self.show_view,
            "u": lambda _r: self.report(self.session.handle({"cmd": "undo"})),
            "ru": self.referee_undo,
            "t": self.write_transcript,
        }
        if word in actions:
            actions[word](rest.strip())
        elif seat is None and self.live.state.pending():
            self.supply_chance(answer)
        elif answer.isdigit() and seat is not None:
            legal = self.live.state.legal_actions(seat)
            index = int(answer) - 1
            if not 0 <= index < len(legal):
                self.say(f"choose a number from 1 to {len(legal)}")
                return
            self.report(
                self.session.handle({"cmd": "act", "seat": seat, "action": legal[index].to_json()})
            )
        else:
            self.say(f"{answer!r} is not a command; type h for help")

    def supply_chance(self, answer: str) -> None:
        if answer == "box":
            for event in self.live.resolve_chance(random.SystemRandom()):
                self.say(f"  * {_event_text(event.to_json())}")
            return
        try:
            outcome = json.loads(answer)
        except json.JSONDecodeError:
            self.say('an outcome is JSON, e.g. {"faces": [3, 5]}, or type box')
            return
        self.report(self.session.handle({"cmd": "chance", "outcome": outcome}))

    def show_view(self, rest: str) -> None:
        seat = None
        if rest:
            if not rest.isdigit() or not 1 <= int(rest) <= self.live.state.players:
                self.say(f"seats are 1 to {self.live.state.players}")
                return
            seat = int(rest) - 1
        self.say(*self.render(self.live.state.view(seat)))

    def referee_undo(self, rest: str) -> None:
        count = int(rest) if rest.isdigit() else 1
        confirm = self.ask(f"referee undo of {count} move(s), whatever they revealed? [y/N] ")
        if confirm == "y":
            self.report(self.session.handle({"cmd": "undo", "referee": True, "count": count}))

    def write_transcript(self, rest: str) -> None:
        if not rest:
            self.say("t needs a file name, e.g. t game.json")
            return
        try:
            Path(rest).write_text(json.dumps(self.live.transcript(), indent=2), encoding="utf-8")
        except OSError as error:
            self.say(f"cannot write {rest}: {error.strerror}")
            return
        self.say(f"transcript written to {rest}")

    def report(self, answer: dict[str, object]) -> None:
        if not answer["ok"]:
            error = answer["error"]
            self.say(f"refused: {error['message']} [{error['rule']}]")  # type: ignore[index]
            return
        for event in answer.get("events", []) or []:  # type: ignore[union-attr]
            self.say(f"  * {_event_text(event)}")
        for undone in answer.get("undone", []) or []:  # type: ignore[union-attr]
            self.say(f"  * undone: {undone['says']}")


def _event_text(event: dict[str, object]) -> str:
    body = ", ".join(f"{k}={v}" for k, v in event.items() if k != "type")
    return f"{event['type']}: {body}"
