"""The table screen's addresses on the phone server (registered on the same microdot app).

* ``GET /table``: a form asking for the table screen's code (``?code=`` sends the browser
  on to ``/T/<code>``);
* ``GET /T/<code>``: the table screen (``/table/table.js`` and ``/table/table.css``), the
  address the public screen's QR code carries; a wrong code is refused with plain words;
* ``GET /T/<code>/model``: ``{"version", "model"}``; ``GET /T/<code>/events``: the same,
  pushed (server-sent events) on every new version.

A watcher has no seat and sends no input: every other method on these addresses is refused
(405, in words). Codes are checked by the hub's :class:`~.table_feed.TableFeed` (wrong ones
slowed per client). A table screen's event stream counts against the server's
``max_streams`` like a seat's (it is kept among the app's streams, so stopping the server
ends it) and has its own small cap, :data:`MAX_SCREENS`: a device opening one more replaces
its own oldest (a reloaded page); past the cap, another device is refused (429).
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import string
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from microdot import Request, Response
from microdot.sse import SSE, sse_response

from services.referee.companion import table_page
from services.referee.companion.guard import Limits, client_of
from services.referee.companion.hub import CompanionError
from services.referee.companion.routes import HTML, MAX_QUEUED, Handler, Routes
from services.referee.companion.table_feed import TABLE, TableFeed

MAX_SCREENS = 4  # table screens streaming at once (a TV, a tablet, a laptop and one more)
STATIC = {"table.js": "application/javascript; charset=utf-8",
          "table.css": "text/css; charset=utf-8"}
METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"]  # all answered: only GET is served
NO_INPUT = ("the table screen only shows the game: it takes no input (players use their "
            "seat's buttons or phone)")
CODE_CHARS = frozenset(string.ascii_letters)


@dataclass(eq=False)
class _Watch:
    """A table screen's event stream, kept among the app's streams (as a seat's is)."""

    client: str
    opened: int
    seat: str = TABLE
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    replaced: bool = False


class TableRoutes:
    def __init__(self, routes: Routes, feed: TableFeed, limits: Limits) -> None:
        self._routes = routes
        self._feed = feed
        self._limits = limits
        self._opened = itertools.count()
        folder = Path(__file__).with_name("static")
        self._static = {name: (folder / name).read_bytes() for name in STATIC}
        app = routes.app
        app.route("/table", methods=METHODS)(_answers(self._ask))
        app.route("/T/<code>", methods=METHODS)(_answers(self._page))
        app.route("/T/<code>/model", methods=METHODS)(_answers(self._model))
        app.route("/T/<code>/events", methods=METHODS)(_answers(self._events))
        app.route("/table/<name>", methods=METHODS)(_answers(self._file))

    async def _ask(self, request: Request) -> Response:
        _only_get(request)
        given = request.args.get("code", "") if request.args else ""
        code = "".join(c for c in str(given) if c in CODE_CHARS)[:8].upper()
        if code:
            return Response.redirect(f"/T/{code}", 303)
        return Response(table_page.code_page(), 200, HTML)

    async def _page(self, request: Request, code: str) -> Response:
        _only_get(request)
        try:
            self._feed.check(code, client_of(request.client_addr))
        except CompanionError as error:
            headers = {"Retry-After": str(error.retry_after)} if error.status == 429 else {}
            return Response(table_page.code_page(error.message), error.status,
                            {**HTML, **headers})
        return Response(table_page.screen_page(), 200, HTML)

    async def _model(self, request: Request, code: str) -> dict[str, Any]:
        _only_get(request)
        self._feed.check(code, client_of(request.client_addr))
        version, model = self._feed.model()
        return {"version": version, "model": model}

    async def _events(self, request: Request, code: str) -> Any:
        _only_get(request)
        client = client_of(request.client_addr)
        self._feed.check(code, client)
        streams = self._routes.streams
        if len(streams) >= self._limits.max_streams:
            raise CompanionError(429, "too many live screens are open; close one")
        screens = sorted((s for s in streams if isinstance(s, _Watch)), key=lambda s: s.opened)
        if len(screens) >= MAX_SCREENS:
            own = [s for s in screens if s.client == client]
            if not own:
                raise CompanionError(429, f"too many table screens are open (at most "
                                     f"{MAX_SCREENS}): close one and try again")
            own[0].replaced = True  # this device's own older page (a reload)
            streams.discard(own[0])  # type: ignore[arg-type]
            own[0].wake.set()
        return sse_response(request, self._feed_stream, code, client)

    async def _feed_stream(self, request: Request, sse: SSE, code: str, client: str) -> None:
        """Send the model now and on every new version, until the code changes, the screen
        stops reading, a newer page of the same device replaces it, or the server stops."""
        watch = _Watch(client, next(self._opened))
        streams = self._routes.streams
        streams.add(watch)  # type: ignore[arg-type]
        try:
            sent = None
            while not self._routes.closing:
                if watch.replaced:
                    await sse.send({"error": "this table screen is open on a newer page"},
                                   event="replaced")
                    return
                if not self._feed.valid(code):
                    await sse.send({"error": "the table screen's code has changed: type the "
                                    "new one from the box's public screen"}, event="code")
                    return
                version, model = self._feed.model()
                if version != sent:
                    await sse.send({"version": version, "model": model}, event="model",
                                   retry=2 if sent is None else None)
                    sent = version
                if len(sse.queue) > MAX_QUEUED:
                    return
                try:
                    await asyncio.wait_for(watch.wake.wait(), self._limits.heartbeat_seconds)
                except TimeoutError:
                    await sse.send("still here", comment=True)
                watch.wake.clear()
        finally:
            streams.discard(watch)  # type: ignore[arg-type]

    async def _file(self, request: Request, name: str) -> Response:
        _only_get(request)
        if name not in self._static:
            raise CompanionError(404, "there is nothing at this address")
        return Response(self._static[name], 200, {"Content-Type": STATIC[name]})


def _answers(handler: Handler) -> Handler:
    """A route whose CompanionError becomes its JSON refusal (405s say what is allowed)."""

    @functools.wraps(handler)
    async def run(request: Request, **args: Any) -> Any:
        try:
            return await handler(request, **args)
        except CompanionError as error:
            headers = {"Allow": "GET"} if error.status == 405 else {}
            if error.status == 429:
                headers["Retry-After"] = str(error.retry_after)
            return Response({"error": error.message}, error.status, headers)

    return run


def _only_get(request: Request) -> None:
    if request.method not in ("GET", "HEAD"):
        raise CompanionError(405, NO_INPUT)
