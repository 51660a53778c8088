"""The phone companion's web server (microdot on its own asyncio thread).

Routes, and nothing else:

* ``GET /``: the join page (the phone seats, free or taken); a phone that holds a seat is sent
  to its seat page. ``POST /join`` (form field ``seat``) binds the phone to a free seat with a
  secret in the ``refbox_seat`` cookie and sends it to ``/seat``.
* ``GET /seat``: the seat page (``static/seat.js`` and ``static/seat.css``, after
  ``static/common.js`` and ``static/common.css``, which the table screen shares).
* ``GET /api/model``: ``{"version", "model", "public"}`` of the cookie's seat;
  ``GET /api/events``: the same, pushed (server-sent events) on every new version;
  ``POST /api/input``: ``{"version", "kind", "value"}`` handed to the hub (and so to the box).
* ``GET /qr.svg``: a QR code of the join address.

The seat always comes from the cookie's secret (:meth:`Hub.seat_of`): no address names a seat
to read. Refusals are JSON ``{"error": "plain words"}`` with their HTTP status; every answer
carries the headers in :data:`guard.SECURITY_HEADERS`. What is refused before a handler runs
is in :mod:`.guard` and :mod:`.transport`; the answers are in :mod:`.routes` (joining, the
pages), :mod:`.seat_routes` (a seat's model, events and input; streams in :mod:`.streams`)
and :mod:`.table_routes` (the table screen's ``/table`` and ``/T/<code>``). This module
runs them: an asyncio loop on a thread of its own, bound to one address, stopped quickly.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import threading
from collections import Counter
from typing import Any

from services.referee.companion.guard import Limits, client_of, host_names, is_any_address
from services.referee.companion.hub import CompanionError, Hub
from services.referee.companion.routes import Routes
from services.referee.companion.seat_routes import SeatRoutes
from services.referee.companion.table_routes import TableRoutes
from services.referee.companion.transport import MAX_LINE, BoundedReader, Writer

START_SECONDS = 10.0  # to bind and be ready
STOP_SECONDS = 5.0  # to let open answers finish and the thread end
DRAIN_SECONDS = 1.0  # of those, for answers under way
SETTLE_TURNS = 3  # loop turns from asyncio accepting a socket to our _accept seeing it


def _turned_away(status: bytes, words: str) -> bytes:
    """A whole refusal, sent as a connection is accepted (before microdot sees it)."""
    body = json.dumps({"error": words}).encode()
    return (b"HTTP/1.0 %s\r\nContent-Type: application/json\r\nRetry-After: 1\r\n"
            b"Content-Length: %d\r\n\r\n%s" % (status, len(body), body))


BUSY = _turned_away(b"503 Service Unavailable", "too many connections; try again")
STOPPING = _turned_away(b"503 Service Unavailable", "the phone server is stopping")


def too_many_from(client: str, cap: int) -> bytes:
    return _turned_away(b"429 Too Many Requests",
                        f"too many connections from {client} (at most {cap} at once): close "
                        "other pages of the box on this device and try again")


class CompanionStartError(CompanionError):
    """The phone server cannot start (address refused, taken, or not this machine's)."""

    def __init__(self, message: str) -> None:
        super().__init__(503, message)


class Companion:
    """The web server for phone seats, serving ``hub`` on ``host``:``port`` (0: any free port).

    ``host`` must be one address of this machine: the LAN address the phones reach (or
    127.0.0.1 in the simulator). 0.0.0.0 or :: would serve every network the box is on (a
    wired uplink, a guest Wi-Fi, a VPN), where anyone could take a free seat or flood the
    table, so it is refused unless ``allow_any_address`` says it is meant. ``names`` are host
    names the phones may use for the box besides its address (e.g. "refbox.local").

    A connection past ``limits.max_connections``, or past ``connections_per_client`` from one
    address, is answered at once (503, 429) and closed; one that sends no request line within
    ``head_seconds`` is closed unanswered (:meth:`BoundedReader.begin`).
    """

    def __init__(self, hub: Hub, host: str, port: int, *, limits: Limits | None = None,
                 allow_any_address: bool = False, names: tuple[str, ...] = ()) -> None:
        any_address = is_any_address(host)
        if any_address and not allow_any_address:
            raise CompanionStartError(
                f"refusing to serve phones on every network ({host or 'all addresses'}): "
                "anyone on any network the box is on could take a free seat; give the LAN "
                "address the phones use (or allow every address explicitly)")
        self._hub = hub
        self._host = host
        self._requested_port = port
        self._names = names
        self._limits = limits or Limits()
        self._routes = Routes(hub, self._limits, host_names(host, names), any_address)
        SeatRoutes(self._routes, hub, self._limits)  # their routes on the app
        TableRoutes(self._routes, hub.screen, self._limits)
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._ready = threading.Event()
        self._failure: str | None = None
        self._connections: dict[asyncio.Task[Any],
                                tuple[BoundedReader, asyncio.StreamWriter]] = {}
        self._clients: Counter[str] = Counter()  # open connections per client address
        self.port = 0  # the port actually bound, once started

    # ------------------------------------------------------------------ life

    @property
    def url(self) -> str:
        """The join address phones open (known once started)."""
        host = self._names[0] if self._names else self._host
        return f"http://[{host}]:{self.port}/" if ":" in host else f"http://{host}:{self.port}/"

    def start(self) -> None:
        if self._thread is not None:
            raise CompanionStartError("the phone server is already running")
        self._ready.clear()
        self._failure = None
        self.port = 0
        self._thread = threading.Thread(target=self._run, name="refbox-phones", daemon=False)
        self._thread.start()
        ready = self._ready.wait(START_SECONDS)
        if not ready or self._failure is not None or not self.port:
            self.stop()
            where = f"{self._host}:{self._requested_port}"
            raise CompanionStartError(f"cannot serve phones on {where}: "
                                      f"{self._failure or 'the server did not start'}")

    def stop(self) -> None:
        """Close every connection and end the server's thread (quick; safe to repeat)."""
        thread = self._thread
        if thread is None:
            return
        loop, stopping = self._loop, self._stopping
        if loop is not None and stopping is not None:
            with contextlib.suppress(RuntimeError):  # the loop has already ended
                loop.call_soon_threadsafe(stopping.set)
        thread.join(STOP_SECONDS)
        if thread.is_alive():
            raise CompanionError(500, "the phone server did not stop")
        self._thread = None

    def __enter__(self) -> Companion:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(self._serve())
        except OSError as error:  # the address is taken or not this machine's
            self._failure = error.strerror or str(error)
        finally:
            self._ready.set()
            loop.run_until_complete(_cancel_the_rest())
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.run_until_complete(loop.shutdown_default_executor())
            self._loop = None
            loop.close()

    async def _serve(self) -> None:
        self._loop = loop = asyncio.get_running_loop()
        self._stopping = asyncio.Event()
        server = await asyncio.start_server(self._accept, self._host, self._requested_port,
                                            limit=MAX_LINE)
        self.port = server.sockets[0].getsockname()[1]
        self._routes.bound(self.port, self.url)
        self._hub.url = self.url
        unlisten = self._hub.listen(self._tell)
        self._ready.set()
        try:
            await self._stopping.wait()
        finally:
            unlisten()
            self._routes.close()
            # Accept no more, then let the sockets asyncio has just accepted reach _accept
            # (which turns them away) before closing the server: Python 3.11 drops a socket
            # accepted just before Server.close() without closing it.
            for sock in server.sockets:
                loop.remove_reader(sock.fileno())
            for _ in range(SETTLE_TURNS):
                await asyncio.sleep(0)
            server.close()
            answering = set()
            for task, (reader, _writer) in list(self._connections.items()):
                if reader.in_head:  # still waiting for a request: nothing to finish
                    task.cancel()
                else:
                    answering.add(task)
            if answering:
                await asyncio.wait(answering, timeout=DRAIN_SECONDS)
            for _reader, writer in self._connections.values():  # what is left, even unstarted
                writer.close()
            await server.wait_closed()

    def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """A new connection (called as it is accepted, so every one is known at stop);
        one past the limits is answered at once and closed."""
        client = client_of(writer.get_extra_info("peername"))
        refusal = self._refusal(client)
        if refusal is not None:
            writer.write(refusal)
            writer.close()
            return
        bounded = BoundedReader(reader, self._limits)
        task = asyncio.get_running_loop().create_task(self._answer(bounded, writer))
        self._connections[task] = (bounded, writer)
        self._clients[client] += 1
        task.add_done_callback(functools.partial(self._forget, client))

    def _refusal(self, client: str) -> bytes | None:
        limits = self._limits
        if self._routes.closing:
            return STOPPING
        if self._clients[client] >= limits.connections_per_client:
            return too_many_from(client, limits.connections_per_client)
        if len(self._connections) >= limits.max_connections:
            return BUSY
        return None

    def _forget(self, client: str, task: asyncio.Task[Any]) -> None:
        self._connections.pop(task, None)
        self._clients[client] -= 1
        if self._clients[client] <= 0:
            del self._clients[client]

    async def _answer(self, reader: BoundedReader, writer: asyncio.StreamWriter) -> None:
        try:
            if await reader.begin():  # else nothing came in time: closed, not answered
                await self._routes.app.handle_request(reader, Writer(writer))
        except OSError:  # the phone went away mid-answer: nothing more to tell it
            pass
        finally:
            writer.close()

    def _tell(self, seat: str, version: int) -> None:
        """The hub's listener (on the publishing thread): wake the streams that care."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop closed since: nobody to wake
            loop.call_soon_threadsafe(self._routes.wake, seat)


async def _cancel_the_rest() -> None:
    """End what is left on the server's loop (streams whose phones never read again)."""
    tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
