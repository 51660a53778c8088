"""The phone server's app (microdot) and its joining addresses: the join page, the join
form, the seat page, the QR code and the static files, with the checks every request passes.

See :mod:`.server` for the list of addresses and the rules they follow. :class:`Routes` holds
what the answers need (the hub, the limits, the open event streams); the server gives it the
port and join address once bound (:meth:`Routes.bound`) and wakes the streams. A seat's live
addresses are :mod:`.seat_routes`, the table screen's :mod:`.table_routes`.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import segno
from microdot import Microdot, Request, Response

from services.referee.companion import pages
from services.referee.companion.guard import (
    SECURITY_HEADERS,
    Limits,
    RateLimiter,
    check_host,
    check_origin,
    client_of,
)
from services.referee.companion.hub import CompanionError, Hub
from services.referee.companion.streams import Stream
from services.referee.companion.transport import BoundedReader

COOKIE = "refbox_seat"
STATIC = {"seat.js": "application/javascript; charset=utf-8",
          "seat.css": "text/css; charset=utf-8", "icon.svg": "image/svg+xml",
          "common.js": "application/javascript; charset=utf-8",
          "common.css": "text/css; charset=utf-8"}
HTML = {"Content-Type": "text/html; charset=utf-8"}
MAX_TOKEN = 64  # characters; our secrets have 22
STATUS_WORDS = {400: "the request is not one this server understands",
                404: "there is nothing at this address",
                405: "this address does not take that kind of request",
                413: "the request is too big", 500: "the server failed; try again"}

Handler = Callable[..., Awaitable[Any]]


def _error(status: int, message: str, headers: dict[str, str] | None = None) -> Response:
    return Response({"error": message}, status, headers)


def answers(handler: Handler) -> Handler:
    """A route whose CompanionError becomes its JSON refusal."""

    @functools.wraps(handler)
    async def run(request: Request, **args: Any) -> Any:
        try:
            return await handler(request, **args)
        except CompanionError as error:
            return _error(error.status, error.message, _retry(error))

    return run


class Routes:
    """The app (``app``) and what its answers need; used on the server's loop only, except
    that the server sets ``port``/``url`` once (:meth:`bound`) before the first request."""

    def __init__(self, hub: Hub, limits: Limits, allowed: frozenset[str],
                 any_address: bool) -> None:
        self._hub = hub
        self._limits = limits
        self._allowed = allowed
        self._any = any_address
        self._rate = RateLimiter(limits.input_rate, limits.input_burst, limits.clock)
        folder = Path(__file__).with_name("static")
        self._static = {name: (folder / name).read_bytes() for name in STATIC}
        self.port = 0
        self.url = ""
        self.qr = b""
        self.closing = False
        self.streams: set[Stream] = set()  # the seats' and the table screens' (streams)
        self.app = self._build_app()

    def bound(self, port: int, url: str) -> None:
        self.port, self.url, self.qr = port, url, _qr_svg(url)
        self.closing = False

    def wake(self, seat: str) -> None:
        """A new version of ``seat`` ("public": of every seat): streams send it."""
        for stream in self.streams:
            if seat in ("public", stream.seat):
                stream.wake.set()

    def close(self) -> None:
        """Every stream ends; new ones are not opened."""
        self.closing = True
        for stream in self.streams:
            stream.wake.set()

    def _build_app(self) -> Microdot:
        app = Microdot()
        app.options_handler = None  # no OPTIONS answers: 405 like any other method
        app.before_request(self._check)
        app.after_request(self._headers)
        app.after_error_request(self._headers)
        for status, words in STATUS_WORDS.items():
            app.errorhandler(status)(_plain(status, words))
        app.route("/")(answers(self._index))
        app.route("/J/<code>")(answers(self._index))  # the QR code's address
        app.route("/join", methods=["POST"])(self._join)
        app.route("/seat")(answers(self._seat_page))
        app.route("/qr.svg")(answers(self._qr_code))
        app.route("/static/<name>")(answers(self._file))
        return app

    async def _check(self, request: Request) -> Response | None:
        reader = request.sock[0] if request.sock else None
        if isinstance(reader, BoundedReader) and reader.refused is not None:
            return _error(*reader.refused)
        try:
            check_host(request.headers.get("Host"), self._allowed, self.port, self._any)
            if request.method == "POST":
                check_origin(request.headers.get("Origin"), request.headers.get("Host"),
                             request.headers.get("Sec-Fetch-Site"))
        except CompanionError as error:
            return _error(error.status, error.message)
        if request.content_length > self._limits.body_bytes:
            return _error(413, f"the request is too big: at most {self._limits.body_bytes} "
                          "bytes")
        return None

    async def _headers(self, request: Request | None, response: Response) -> Response:
        for name, value in SECURITY_HEADERS.items():
            if name not in response.headers:
                response.headers[name] = value
        return response

    async def _index(self, request: Request, code: str = "") -> Response:
        if self._held(request) is not None:
            return Response.redirect("/seat", 303)
        return Response(pages.join_page(self._hub.seats(), self.url, code=code[:8]), 200,
                        HTML)

    async def _join(self, request: Request) -> Response:
        try:
            return self._bind(request)
        except CompanionError as error:
            headers = _retry(error) or {}
            if "text/html" in request.headers.get("Accept", ""):
                page = pages.join_page(self._hub.seats(), self.url, error.message,
                                       code=_given_code(request))
                return Response(page, error.status, {**HTML, **headers})
            return _error(error.status, error.message, headers)

    def _bind(self, request: Request) -> Response:
        self.limit(request)
        if mime(request) != "application/x-www-form-urlencoded":
            raise CompanionError(415, "send the seat from the join page's form")
        try:
            form = request.form or {}
        except (ValueError, UnicodeDecodeError):  # a broken %-escape
            raise CompanionError(400, "the form is not well formed") from None
        if (set(form) != {"seat", "code"} or len(form.getlist("seat")) != 1
                or len(form.getlist("code")) != 1):
            raise CompanionError(400, "choose exactly one seat, with the join code")
        seat, code = form["seat"], form["code"]
        held = self._held(request)
        if held == seat:
            return Response.redirect("/seat", 303)
        if held is not None:
            raise CompanionError(409, f"this phone already has {self._label(held)}; free it "
                                 "from the table menu to change seats")
        token = self._hub.join(seat, code, _client(request))
        response = Response.redirect("/seat", 303)
        response.headers["Set-Cookie"] = (
            f"{COOKIE}={token}; Path=/; Max-Age={self._limits.cookie_days * 86400}; "
            "HttpOnly; SameSite=Strict")
        return response

    async def _seat_page(self, request: Request) -> Response:
        seat = self._held(request)
        if seat is None:
            return Response.redirect("/", 303)
        return Response(pages.seat_page(self._label(seat)), 200, HTML)

    async def _qr_code(self, request: Request) -> Response:
        return Response(self.qr, 200, {"Content-Type": "image/svg+xml"})

    async def _file(self, request: Request, name: str) -> Response:
        if name not in self._static:
            raise CompanionError(404, "there is nothing at this address")
        return Response(self._static[name], 200, {"Content-Type": STATIC[name]})

    # ------------------------------------------------------------------ helpers

    def authorise(self, request: Request) -> str:
        """The seat the request's secret is bound to, else 401 (none) or 403 (not ours)."""
        token = request.cookies.get(COOKIE)
        if token and not (token.isascii() and len(token) <= MAX_TOKEN):
            token = "-"  # not a secret we gave; the hub refuses it as any forged one
        return self._hub.seat_of(token)

    def _held(self, request: Request) -> str | None:
        try:
            return self.authorise(request)
        except CompanionError:
            return None

    def _label(self, seat: str) -> str:
        return next((s.label for s, _taken in self._hub.seats() if s.name == seat), seat)

    def limit(self, request: Request) -> None:
        if not self._rate.allow(_client(request)):
            raise CompanionError(429, "too many taps at once: wait a moment and try again")

def _retry(error: CompanionError) -> dict[str, str] | None:
    """A 429's ``Retry-After`` (seconds), else no header."""
    return {"Retry-After": str(error.retry_after)} if error.status == 429 else None


def _client(request: Request) -> str:
    return client_of(request.client_addr)


def _plain(status: int, words: str) -> Handler:
    async def answer(request: Request | None) -> Response:
        return _error(status, words)

    return answer


def _given_code(request: Request) -> str:
    """The join code a refused join form carried (shown again, so the phone need not type
    it twice when only the seat was wrong)."""
    try:
        form = request.form or {}
    except (ValueError, UnicodeDecodeError):
        return ""
    code = form.get("code", "")
    return code[:8] if isinstance(code, str) else ""


def mime(request: Request) -> str:
    return (request.content_type or "").split(";")[0].strip().lower()


def _qr_svg(url: str) -> bytes:
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=6, border=4, dark="#000",
                                    light="#fff", xmldecl=True)
    return out.getvalue()
