"""The line protocol of ``refbox play --json``: one JSON command in, one JSON answer out.

Commands (``docs/engine-api.md`` has the full reference)::

    {"cmd": "act", "seat": 0, "action": {"type": "clue", "target": 1, "about": "moons"}}
    {"cmd": "chance", "outcome": {"order": ["the-author", ...]}}
    {"cmd": "pending"}   {"cmd": "view", "seat": 1}   {"cmd": "legal", "seat": 1}
    {"cmd": "snapshot"}  {"cmd": "load", "snapshot": {...}}
    {"cmd": "undo"}      {"cmd": "undo", "referee": true, "count": 2, "reason": "..."}
    {"cmd": "outcome"}   {"cmd": "transcript"}

Every command may carry an ``"id"`` (a whole number or text of at most 64 characters),
echoed in the answer. A refusal or a malformed command answers
``{"ok": false, "error": {"rule": ..., "message": ...}}`` and changes nothing.

This is a hardened boundary (docs/protocol.md): lines are parsed by :mod:`strictjson` (size,
depth and number limits, no NaN), every field is type-checked here before it reaches an
engine, a refusal quotes at most a short prefix of what it refuses, a ``load`` goes through
the game's snapshot validation, and answers are standard JSON. Whatever still goes wrong
inside is answered as an ``INTERNAL`` refusal and the game is rebuilt from its journal.
The protocol holds every seat's secrets: it is a referee's tool, never to be put on a network.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, TextIO

from services.games.core import JSON, GameError, IllegalAction, Rng
from services.games.registry import Registry
from services.referee import strictjson
from services.referee.errors import ProtocolError, RefereeError
from services.referee.journal import Journal
from services.referee.live import LiveGame
from services.referee.play_bots import BotMove, BotSeatError, PlayBots
from services.referee.strictjson import MAX_LINE, cut, short

MAX_ID = 64  # characters of a text "id"
MAX_TEXT = 500  # characters of an undo's reason
MAX_WORD = 40  # characters of a text value in an action or an outcome (a card id...)
MAX_LIST = 200  # items of a list inside an action or a chance outcome

_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    # command: (required fields, optional fields)
    "act": ({"seat", "action"}, set()),
    "chance": ({"outcome"}, set()),
    "pending": (set(), set()),
    "view": (set(), {"seat"}),
    "legal": ({"seat"}, set()),
    "snapshot": (set(), set()),
    "load": ({"snapshot"}, set()),
    "undo": (set(), {"referee", "count", "reason"}),
    "outcome": (set(), set()),
    "transcript": (set(), set()),
}


class Session:
    """Drives one live game from protocol commands."""

    def __init__(self, live: LiveGame, journal: Journal, rng: Rng | None,
                 bots: PlayBots | None = None, seed: int | str = 0,
                 settings: Mapping[str, Any] | None = None) -> None:
        self.journal = journal
        self.rng = rng
        self.bots = bots  # the seats the box plays (refbox play --bot), chosen from seed
        self.seed = seed
        self.settings = dict(settings or {})  # kept with a game started by load
        self.live = live

    @property
    def live(self) -> LiveGame:
        return self._live

    @live.setter
    def live(self, live: LiveGame) -> None:
        """Each live game of the session; dice drawn by step (botseats.StepRng) follow it."""
        self._live = live
        follow = getattr(self.rng, "follow", None)
        if callable(follow):
            follow(live)

    def answer_line(self, line: str) -> str:
        """One command line in, one line of standard JSON out; never raises."""
        answer = self.handle_line(line)
        try:
            return strictjson.dump(answer)
        except (TypeError, ValueError) as error:  # an engine answered something not JSON
            return strictjson.dump(self._internal(error, "an answer"))

    def handle_line(self, line: str) -> JSON:
        try:
            command = strictjson.parse(line)
        except ProtocolError as error:
            return _error(error)
        except Exception as error:  # the safety net: see _internal
            return self._internal(error, "a line")
        return self.handle(command)

    def handle(self, command: object) -> JSON:
        request_id = command.get("id") if isinstance(command, Mapping) else None
        moves: list[BotMove] = []
        try:
            _check_id(request_id)
            moves += self.bots_act()
            answer = self._dispatch(command)
        except (GameError, RefereeError) as error:
            answer = _error(error)
            request_id = request_id if _valid_id(request_id) else None
        except Exception as error:  # the safety net: see _internal
            answer = self._internal(error, _command_name(command))
        if self.bots is not None:
            answer = self._with_bots(answer, moves)
        if request_id is not None:
            answer = {"id": request_id, **answer}
        return answer

    def _internal(self, error: Exception, what: str) -> JSON:
        """A failure no check foresaw (a bug): refuse, and rebuild the game from its journal
        so the refused command changes nothing that was not committed."""
        try:
            self.live = LiveGame.resume(self.journal, self.live.id,
                                        Registry((self.live.game,)), self.rng)
            restored = "the game is as its journal last recorded it"
        except (GameError, RefereeError) as failure:
            restored = f"the game could not be rebuilt from its journal ({failure.message})"
        return _error(RefereeError(
            f"internal error ({type(error).__name__}) while handling {what}; {restored}; "
            "please report it"), rule="INTERNAL")

    # ------------------------------------------------------------------ bot seats

    def bots_act(self) -> list[BotMove]:
        """The box's seats move while they are asked (none without --bot)."""
        if self.bots is None:
            return []
        return self.bots.act(self.live, self.seed)

    def _with_bots(self, answer: JSON, moves: list[BotMove]) -> JSON:
        """``answer`` with the box's moves made before and after its command: their public
        sentences under "bots", their events after the command's, pending and outcome as
        they stand once the box has moved. A bot that fails is told in "bot_error"."""
        try:
            moves += self.bots_act()
        except (GameError, RefereeError) as error:
            answer = {**answer, "bot_error": error.to_json()}
        except Exception as error:  # a bug of a bot: the person's command stands
            answer = {**answer, "bot_error": {"rule": "INTERNAL", "message": (
                f"internal error ({type(error).__name__}) while the box played a seat; "
                "please report it")}}
        answer = {**answer, "bots": [m.to_json() for m in moves]}
        if moves and "events" in answer:
            answer["events"] = [*answer["events"], *(e.to_json() for m in moves
                                                     for e in m.events)]
        if moves and "pending" in answer:
            answer["pending"] = self._pending()
        if moves and "outcome" in answer:
            outcome = self.live.state.outcome()
            answer["outcome"] = outcome.to_json() if outcome else None
        return answer

    # ------------------------------------------------------------------ dispatch

    def _dispatch(self, command: object) -> JSON:
        if not isinstance(command, Mapping):
            raise ProtocolError('a command must be a JSON object such as {"cmd": "pending"}')
        name = command.get("cmd")
        if not isinstance(name, str) or name not in _FIELDS:
            raise ProtocolError(f"unknown command {short(name)}; commands are: "
                                f"{', '.join(_FIELDS)}")
        required, optional = _FIELDS[name]
        fields = set(command) - {"cmd", "id"}
        unknown = sorted(fields - required - optional)
        missing = sorted(required - fields)
        if unknown or missing:
            allowed = ", ".join(sorted(required | optional)) or "none"
            parts = [f"unknown field(s): {', '.join(cut(u) for u in unknown[:5])}"
                     + (f" and {len(unknown) - 5} more" if len(unknown) > 5 else "")
                     ] if unknown else []
            parts += [f"missing field(s): {', '.join(missing)}"] if missing else []
            raise ProtocolError(f"{name}: {'; '.join(parts)} (fields: {allowed})")
        handler: Callable[[Mapping[str, Any]], JSON] = getattr(self, f"_cmd_{name}")
        return handler(command)

    def _cmd_act(self, command: Mapping[str, Any]) -> JSON:
        seat = self._seat(command["seat"], "act")
        body = command["action"]
        if not isinstance(body, Mapping):
            raise ProtocolError('act: "action" must be an object such as {"type": "play", ...}')
        if not isinstance(body.get("type"), str):
            raise ProtocolError(f"act: action.type must be the name of an action such as "
                                f"\"play\", not {short(body.get('type'))}")
        _check_fields(body, "act: action")
        if "seat" in body and body["seat"] != seat:
            raise ProtocolError(
                f"act: the action's seat {short(body['seat'])} differs from seat {seat}")
        level = None if self.bots is None else self.bots.level(self.live.state.view(None), seat)
        if level is not None:
            raise BotSeatError(f"act: seat {seat} is played by the box ({level}); it moves by "
                               "itself when it is asked")
        action = self.live.game.parse_action({**body, "seat": seat})
        if action.actor is None:
            raise ProtocolError('act: chance outcomes go through {"cmd": "chance"}')
        return self._after(self.live.apply(action))

    def _cmd_chance(self, command: Mapping[str, Any]) -> JSON:
        outcome = command["outcome"]
        if not isinstance(outcome, Mapping):
            raise ProtocolError('chance: "outcome" must be an object such as {"faces": [3]}')
        _check_fields(outcome, "chance: outcome")
        if self.rng is not None:
            raise IllegalAction(
                "BOX-CHANCE",
                "the box resolves chance itself here (--dice auto); "
                "use --dice manual to supply outcomes",
            )
        return self._after(self.live.supply_chance(outcome))

    def _cmd_pending(self, command: Mapping[str, Any]) -> JSON:
        return {"ok": True, "pending": self._pending()}

    def _cmd_view(self, command: Mapping[str, Any]) -> JSON:
        raw = command.get("seat")
        seat = None if raw is None else self._seat(raw, "view")
        return {"ok": True, "view": self.live.state.view(seat)}

    def _cmd_legal(self, command: Mapping[str, Any]) -> JSON:
        seat = self._seat(command["seat"], "legal")
        return {"ok": True, "actions": [a.to_json() for a in self.live.state.legal_actions(seat)]}

    def _cmd_snapshot(self, command: Mapping[str, Any]) -> JSON:
        return {"ok": True, "snapshot": self.live.state.to_json()}

    def _cmd_load(self, command: Mapping[str, Any]) -> JSON:
        game = self.live.game
        snapshot = command["snapshot"]
        if not isinstance(snapshot, Mapping):
            raise ProtocolError('load: "snapshot" must be an object, as {"cmd": "snapshot"} '
                                "answers it")
        state = game.state_from_json(snapshot)
        if self.live.state.outcome() is None:
            self.journal.set_status(self.live.id, "abandoned")
        stepped = callable(getattr(self.rng, "follow", None))  # draws once it follows
        self.live, events = LiveGame.from_state(self.journal, game, state,
                                                rng=None if stepped else self.rng,
                                                settings=self.settings)
        if stepped:
            self.live.rng = self.rng
            events += self.live.resolve_chance()
        ended = state.outcome()
        if ended is not None and not events:  # loaded at an end condition: it ended on load
            self.journal.set_status(self.live.id, "finished", ended.to_json())
        return {**self._after(events), "journal_game": self.live.id}

    def _cmd_undo(self, command: Mapping[str, Any]) -> JSON:
        referee = command.get("referee", False)
        if not isinstance(referee, bool):
            raise ProtocolError("undo: 'referee' must be true or false")
        if not referee:
            if "count" in command or "reason" in command:
                raise ProtocolError("undo: 'count' and 'reason' go with a referee undo only")
            steps = [self.live.undo()] if self.bots is None else self.bots.undo(self.live)
        else:
            count = command.get("count", 1)
            reason = command.get("reason", "")
            if isinstance(count, bool) or not isinstance(count, int):
                raise ProtocolError("undo: 'count' must be a whole number")
            if not isinstance(reason, str) or len(reason) > MAX_TEXT:
                raise ProtocolError(f"undo: 'reason' must be text of at most {MAX_TEXT} "
                                    "characters")
            steps = self.live.referee_undo(count, reason)
        # A sentence, not the action: an undone action may be secret (a plot, a keep choice);
        # told as the public table reads it, as the game stood before the undo.
        undone = [{"actor": s.action.actor, "says": s.says} for s in steps if s.kind == "action"]
        return {"ok": True, "undone": undone, "pending": self._pending()}

    def _cmd_outcome(self, command: Mapping[str, Any]) -> JSON:
        outcome = self.live.state.outcome()
        return {"ok": True, "outcome": outcome.to_json() if outcome else None}

    def _cmd_transcript(self, command: Mapping[str, Any]) -> JSON:
        return {"ok": True, "transcript": self.live.transcript()}

    # ------------------------------------------------------------------ helpers

    def _after(self, events: list[Any]) -> JSON:
        outcome = self.live.state.outcome()
        return {
            "ok": True,
            "events": [e.to_json() for e in events],
            "pending": self._pending(),
            "outcome": outcome.to_json() if outcome else None,
        }

    def _pending(self) -> list[JSON]:
        return [p.to_json() for p in self.live.state.pending()]

    def _seat(self, value: object, command: str) -> int:
        players = self.live.state.players
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
            raise ProtocolError(
                f"{command}: seat must be a whole number from 0 to {players - 1}, "
                f"not {short(value)}"
            )
        return value


def serve(session: Session, stdin: TextIO, stdout: TextIO) -> int:
    """The line loop of ``refbox play --json``: every non-blank line gets one answer line."""
    for line in _lines(stdin):
        if line is None:
            answer = strictjson.dump(_error(ProtocolError(
                f"the line is longer than {MAX_LINE:,} characters; a command has at most "
                f"{MAX_LINE:,}")))
        elif not line.strip():
            continue
        else:
            answer = session.answer_line(line)
        print(answer, file=stdout, flush=True)
    return 0


def _lines(stdin: TextIO) -> Iterator[str | None]:
    """The lines of ``stdin``, read at most MAX_LINE + 1 characters at a time; a longer
    line is read to its end, thrown away and given as None."""
    while True:
        line = stdin.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith("\n"):
            while line and not line.endswith("\n"):
                line = stdin.readline(MAX_LINE + 1)
            yield None
        else:
            yield line


def _valid_id(value: object) -> bool:
    if isinstance(value, str):
        return len(value) <= MAX_ID
    return isinstance(value, int) and not isinstance(value, bool)


def _check_id(value: object) -> None:
    if value is not None and not _valid_id(value):
        raise ProtocolError(f'"id" must be a whole number or text of at most {MAX_ID} '
                            f"characters, not {short(value)}")


def _command_name(command: object) -> str:
    name = command.get("cmd") if isinstance(command, Mapping) else None
    return f"the command {short(name)}" if isinstance(name, str) else "a command"


def _check_fields(body: Mapping[str, Any], where: str) -> None:
    """The values of an action or a chance outcome: numbers, true/false, null, short text,
    or a short list of those. Anything else is refused here, naming the field."""
    for key, value in body.items():
        items = value if isinstance(value, list) else [value]
        if isinstance(value, list) and len(value) > MAX_LIST:
            raise ProtocolError(f"{where}.{cut(key)} lists {len(value)} items; at most "
                                f"{MAX_LIST}")
        for item in items:
            if isinstance(item, str) and len(item) > MAX_WORD:
                raise ProtocolError(f"{where}.{cut(key)} is text of {len(item):,} characters; "
                                    f"at most {MAX_WORD}")
            if isinstance(item, list | Mapping):
                raise ProtocolError(f"{where}.{cut(key)} must be a number, true/false, text or "
                                    f"a list of those, not {short(value)}")


def _error(error: GameError | RefereeError, rule: str | None = None) -> JSON:
    body = error.to_json()
    return {"ok": False, "error": {**body, "rule": rule} if rule else body}
