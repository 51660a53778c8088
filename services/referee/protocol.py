"""The line protocol of ``refbox play --json``: one JSON command in, one JSON answer out.

Commands (``docs/engine-api.md`` has the full reference)::

    {"cmd": "act", "seat": 0, "action": {"type": "clue", "target": 1, "about": "moons"}}
    {"cmd": "chance", "outcome": {"order": ["the-author", ...]}}
    {"cmd": "pending"}   {"cmd": "view", "seat": 1}   {"cmd": "legal", "seat": 1}
    {"cmd": "snapshot"}  {"cmd": "load", "snapshot": {...}}
    {"cmd": "undo"}      {"cmd": "undo", "referee": true, "count": 2, "reason": "..."}
    {"cmd": "outcome"}   {"cmd": "transcript"}

Every command may carry an ``"id"``, echoed in the answer. A refusal or a malformed command
answers ``{"ok": false, "error": {"rule": ..., "message": ...}}`` and changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from services.games.core import JSON, GameError, IllegalAction, Rng
from services.referee.errors import ProtocolError, RefereeError
from services.referee.journal import Journal
from services.referee.live import LiveGame

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

    def __init__(self, live: LiveGame, journal: Journal, rng: Rng | None) -> None:
        self.live = live
        self.journal = journal
        self.rng = rng

    def handle_line(self, line: str) -> JSON:
        try:
            command = json.loads(line)
        except json.JSONDecodeError as error:
            return _error(ProtocolError(f"not valid JSON ({error.msg} at column {error.colno})"))
        return self.handle(command)

    def handle(self, command: object) -> JSON:
        request_id = command.get("id") if isinstance(command, Mapping) else None
        try:
            answer = self._dispatch(command)
        except (GameError, RefereeError) as error:
            answer = _error(error)
        if request_id is not None:
            answer = {"id": request_id, **answer}
        return answer

    # ------------------------------------------------------------------ dispatch

    def _dispatch(self, command: object) -> JSON:
        if not isinstance(command, Mapping):
            raise ProtocolError('a command must be a JSON object such as {"cmd": "pending"}')
        name = command.get("cmd")
        if name not in _FIELDS:
            raise ProtocolError(f"unknown command {name!r}; commands are: {', '.join(_FIELDS)}")
        required, optional = _FIELDS[name]
        fields = set(command) - {"cmd", "id"}
        unknown = sorted(fields - required - optional)
        missing = sorted(required - fields)
        if unknown or missing:
            allowed = ", ".join(sorted(required | optional)) or "none"
            parts = [f"unknown field(s): {', '.join(unknown)}"] if unknown else []
            parts += [f"missing field(s): {', '.join(missing)}"] if missing else []
            raise ProtocolError(f"{name}: {'; '.join(parts)} (fields: {allowed})")
        handler: Callable[[Mapping[str, Any]], JSON] = getattr(self, f"_cmd_{name}")
        return handler(command)

    def _cmd_act(self, command: Mapping[str, Any]) -> JSON:
        seat = self._seat(command["seat"], "act")
        body = command["action"]
        if not isinstance(body, Mapping):
            raise ProtocolError('act: "action" must be an object such as {"type": "play", ...}')
        if "seat" in body and body["seat"] != seat:
            raise ProtocolError(f"act: the action's seat {body['seat']} differs from seat {seat}")
        action = self.live.game.parse_action({**body, "seat": seat})
        if action.actor is None:
            raise ProtocolError('act: chance outcomes go through {"cmd": "chance"}')
        return self._after(self.live.apply(action))

    def _cmd_chance(self, command: Mapping[str, Any]) -> JSON:
        if self.rng is not None:
            raise IllegalAction(
                "BOX-CHANCE",
                "the box resolves chance itself here (--dice auto); "
                "use --dice manual to supply outcomes",
            )
        return self._after(self.live.supply_chance(command["outcome"]))

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
        state = game.state_from_json(command["snapshot"])
        if self.live.state.outcome() is None:
            self.journal.set_status(self.live.id, "abandoned")
        self.live, events = LiveGame.from_state(self.journal, game, state, rng=self.rng)
        return {**self._after(events), "journal_game": self.live.id}

    def _cmd_undo(self, command: Mapping[str, Any]) -> JSON:
        referee = command.get("referee", False)
        if not isinstance(referee, bool):
            raise ProtocolError("undo: 'referee' must be true or false")
        if not referee:
            if "count" in command or "reason" in command:
                raise ProtocolError("undo: 'count' and 'reason' go with a referee undo only")
            steps = [self.live.undo()]
        else:
            count = command.get("count", 1)
            reason = command.get("reason", "")
            if isinstance(count, bool) or not isinstance(count, int):
                raise ProtocolError("undo: 'count' must be a whole number")
            if not isinstance(reason, str):
                raise ProtocolError("undo: 'reason' must be text")
            steps = self.live.referee_undo(count, reason)
        # A sentence, not the action: an undone action may be secret (a plot, a keep choice).
        undone = [{"actor": s.action.actor, "says": self.live.state.describe(s.action)}
                  for s in steps if s.kind == "action"]
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
                f"{command}: seat must be a whole number from 0 to {players - 1}, not {value!r}"
            )
        return value


def _error(error: GameError | RefereeError) -> JSON:
    return {"ok": False, "error": error.to_json()}
