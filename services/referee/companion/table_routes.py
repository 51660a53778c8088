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

import functools
import itertools
import string
from pathlib import Path
from typing import Any

from microdot import Request, Response
from microdot.sse import SSE, sse_response

from services.referee.companion import table_page
from services.referee.companion.guard import Limits, client_of
from services.referee.companion.hub import CompanionError
from services.referee.companion.routes import HTML, Handler, Routes
from services.referee.companion.streams import Feed, Stream, pump, replace_oldest
from services.referee.companion.table_feed import TABLE, TableFeed

MAX_SCREENS = 4  # table screens streaming at once (a TV, a tablet, a laptop and one more)
STATIC = {"table.js": "application/javascript; charset=utf-8",
          "table.css": "text/css; charset=utf-8",
          "common.js": "application/javascript; charset=utf-8",
          "common.css": "text/css; charset=utf-8"}
METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"]  # all answered: only GET is served
NO_INPUT = ("the table screen only shows the game: it takes no input (players use their "
            "seat's buttons or phone)")
CODE_CHARS = frozenset(string.ascii_letters)


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
        return self._snapshot()[1]

    async def _events(self, request: Request, code: str) -> Any:
        _only_get(request)
        client = client_of(request.client_addr)
        self._feed.check(code, client)
        streams = self._routes.streams
        if len(streams) >= self._limits.max_streams:
            raise CompanionError(429, "too many live screens are open; close one")
        screens = [s for s in streams if s.seat == TABLE]
        if len(screens) >= MAX_SCREENS:
            own = [s for s in screens if s.client == client]
            if not own:
                raise CompanionError(429, f"too many table screens are open (at most "
                                     f"{MAX_SCREENS}): close one and try again")
            replace_oldest(streams, own)  # this device's own older page (a reload)
        return sse_response(request, self._feed_stream, code, client)

    async def _feed_stream(self, request: Request, sse: SSE, code: str, client: str) -> None:
        """Send the model now and on every new version, until the code changes, the screen
        stops reading, a newer page of the same device replaces it, or the server stops."""
        feed = Feed(functools.partial(self._old_code, code), self._snapshot,
                    "this table screen is open on a newer page")
        await pump(sse, Stream(TABLE, next(self._opened), client), self._routes.streams, feed,
                   lambda: self._routes.closing, self._limits.heartbeat_seconds)

    def _old_code(self, code: str) -> tuple[str, str] | None:
        if self._feed.valid(code):
            return None
        return "code", ("the table screen's code has changed: type the new one from the "
                        "box's public screen")

    def _snapshot(self) -> tuple[int, dict[str, Any]]:
        version, model = self._feed.model()
        return version, {"version": version, "model": model}

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
