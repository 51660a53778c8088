"""The connection layer under microdot: bounded, timed reads and the writer it expects.

microdot reads a request with ``readline``/``readexactly`` and prints a traceback for a
request it cannot parse; a phone on the LAN (or anything else there) may send a request that
never ends, a thousand headers, or bytes that are not text. :class:`BoundedReader` stops
reading at the first such thing, answers microdot as if the request had ended, and records
why (``refused``), which the server's first check turns into a clear error.
"""

from __future__ import annotations

import asyncio
from typing import Any

from services.referee.companion.guard import Limits

MAX_LINE = 2048  # bytes in one request line or header line (microdot's own limit)
METHODS = (b"GET", b"HEAD", b"POST", b"PUT", b"PATCH", b"DELETE", b"OPTIONS", b"QUERY")


class BoundedReader:
    """The request's reader: at most ``head_bytes`` of request line and headers, the whole
    request within ``request_seconds``, text only, well-formed lines only."""

    def __init__(self, reader: asyncio.StreamReader, limits: Limits) -> None:
        self._reader = reader
        self._left = limits.head_bytes
        self._deadline = asyncio.get_running_loop().time() + limits.request_seconds
        self._first = True
        self.in_head = True  # until the blank line after the headers
        self.refused: tuple[int, str] | None = None

    async def readline(self) -> bytes:
        if self.refused is not None or not self.in_head:
            return b""
        try:
            line = await asyncio.wait_for(self._reader.readline(), self._time_left())
        except TimeoutError:
            return self._refuse(408, "the request took too long to arrive")
        except (ValueError, ConnectionError):  # a line past the stream's limit, a reset
            return self._refuse(431, "the request's headers are too long")
        self._left -= len(line)
        if self._left < 0 or len(line) > MAX_LINE:
            return self._refuse(431, "the request's headers are too long")
        if not line.endswith(b"\n"):
            return self._refuse(400, "the request ended early")
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            return self._refuse(400, "the request's headers are not text")
        if self._first:
            self._first = False
            parts = text.split()
            if (len(parts) != 3 or parts[0].encode() not in METHODS
                    or not parts[1].startswith("/") or not parts[2].startswith("HTTP/1.")):
                return self._refuse(400, "not an HTTP request")
        elif text.strip() == "":
            self.in_head = False
        else:
            name, colon, value = text.partition(":")
            if not colon or not name.strip():
                return self._refuse(400, "a malformed header")
            if name.strip().lower() == "content-length" and not value.strip().isdigit():
                return self._refuse(400, "Content-Length is not a number")
        return line

    async def readexactly(self, n: int) -> bytes:
        if self.refused is not None:
            return b""
        try:
            return await asyncio.wait_for(self._reader.readexactly(n), self._time_left())
        except TimeoutError:
            self._refuse(408, "the request took too long to arrive")
        except (asyncio.IncompleteReadError, ConnectionError):
            self._refuse(400, "the request's body ended early")
        return b""

    async def read(self, n: int = -1) -> bytes:
        """Bodies too big to read are refused before anything reads them (413)."""
        return b""

    def _time_left(self) -> float:
        return max(0.0, self._deadline - asyncio.get_running_loop().time())

    def _refuse(self, status: int, message: str) -> bytes:
        if self.refused is None:
            self.refused = (status, message)
        return b""


class Writer:
    """The writer microdot expects (MicroPython's ``awrite``/``aclose``) over asyncio's."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self._writer = writer

    async def awrite(self, data: bytes) -> None:
        self._writer.write(data)
        await self._writer.drain()

    async def aclose(self) -> None:
        self._writer.close()
        try:
            await self._writer.wait_closed()
        except (ConnectionError, OSError):  # the phone went away first
            pass

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self._writer.get_extra_info(name, default)
