"""A seat's live addresses on the phone server (registered on the same microdot app):

* ``GET /api/model``: ``{"version", "model", "public"}`` for the seat the cookie holds;
* ``GET /api/events``: the same, pushed (server-sent events) on every new version, until
  the seat is freed (``freed``) or a newer page of the seat opens (``replaced``);
* ``POST /api/input``: a press or a tap (JSON, :func:`guard.parse_input`), rate-limited
  per client.

Streams count against the server's ``max_streams`` and ``streams_per_seat`` (a seat's
newest page wins: its oldest stream ends).
"""

from __future__ import annotations

import functools
import itertools
from typing import Any

from microdot import Request
from microdot.sse import SSE, sse_response

from services.referee.companion.guard import Limits, parse_input
from services.referee.companion.hub import CompanionError, Hub, PhoneInput
from services.referee.companion.routes import COOKIE, Routes, answers, mime
from services.referee.companion.streams import Feed, Stream, pump, replace_oldest


class SeatRoutes:
    def __init__(self, routes: Routes, hub: Hub, limits: Limits) -> None:
        self._routes = routes
        self._hub = hub
        self._limits = limits
        self._opened = itertools.count()
        app = routes.app
        app.route("/api/model")(answers(self._model))
        app.route("/api/events")(answers(self._events))
        app.route("/api/input", methods=["POST"])(answers(self._input))

    async def _model(self, request: Request) -> dict[str, Any]:
        return self._snapshot(self._routes.authorise(request))[1]

    async def _events(self, request: Request) -> Any:
        if request.method != "GET":
            raise CompanionError(405, "open the event stream with GET")
        seat = self._routes.authorise(request)
        token = request.cookies[COOKIE]
        streams = self._routes.streams
        if len(streams) >= self._limits.max_streams:
            raise CompanionError(429, "too many live screens are open; close one")
        mine = [s for s in streams if s.seat == seat]
        if len(mine) >= self._limits.streams_per_seat:
            replace_oldest(streams, mine)  # all are this seat's own
        return sse_response(request, self._feed, seat, token)

    async def _feed(self, request: Request, sse: SSE, seat: str, token: str) -> None:
        """Send the seat's model now and on every new version, until the seat is freed,
        the phone stops reading, or the server stops."""
        feed = Feed(functools.partial(self._freed, token),
                    functools.partial(self._snapshot, seat),
                    "this seat is open on a newer page")
        await pump(sse, Stream(seat, next(self._opened)), self._routes.streams, feed,
                   lambda: self._routes.closing, self._limits.heartbeat_seconds)

    def _freed(self, token: str) -> tuple[str, str] | None:
        try:
            self._hub.seat_of(token)
        except CompanionError as error:
            return "freed", error.message
        return None

    async def _input(self, request: Request) -> dict[str, Any]:
        self._routes.limit(request)
        seat = self._routes.authorise(request)
        if mime(request) != "application/json":
            raise CompanionError(415, "send the input as JSON (Content-Type: application/json)")
        version, kind, value = parse_input(request.body)
        self._hub.submit(PhoneInput(seat, version, kind, value, at=self._limits.clock()))
        return {"ok": True}

    def _snapshot(self, seat: str) -> tuple[tuple[int, int], dict[str, Any]]:
        version, model = self._hub.model(seat)
        public_version, public = self._hub.public()
        return (version, public_version), {"version": version, "model": model,
                                           "public": public}
