"""The connection layer under microdot: bounded, timed reads and the writer it expects.

microdot reads a request with ``readline``/``readexactly`` and prints a traceback for a
request it cannot parse; a phone on the LAN (or anything else there) may send a request that
never ends, a thousand headers, bytes that are not text, a ``Content-Length`` that is not a
number or a query whose %-escapes are not UTF-8. :class:`BoundedReader` checks every line
before microdot parses it, stops reading at the first such thing, answers microdot as if the
request had ended, and records why (``refused``), which the server's first check turns into a
clear error: nothing microdot is handed can make it raise.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any
from urllib.parse import unquote_to_bytes

from services.referee.companion.guard import Limits

MAX_LINE = 2048  # bytes in one request line or header line (microdot's own limit)
METHODS = (b"GET", b"HEAD", b"POST", b"PUT", b"PATCH", b"DELETE", b"OPTIONS", b"QUERY")
BAD_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")  # a % not followed by two hex digits
# What microdot reads in place of a refused request line: a request it parses, so that its
# answer goes through the server's first check, which answers with the refusal's reason.
REFUSED_LINE = b"GET / HTTP/1.0\r\n"


class BoundedReader:
    """The request's reader: at most ``head_bytes`` of request line and headers, sent within
    ``head_seconds`` of connecting, the whole request within ``request_seconds``, text only,
    well-formed lines only. :meth:`begin` waits for the request line first."""

    def __init__(self, reader: asyncio.StreamReader, limits: Limits) -> None:
        self._reader = reader
        self._left = limits.head_bytes
        now = asyncio.get_running_loop().time()
        self._head_deadline = now + min(limits.head_seconds, limits.request_seconds)
        self._deadline = now + limits.request_seconds
        self._begun = False
        self._first: bytes | None = None  # the request line :meth:`begin` read, until read
        self.in_head = True  # until the blank line after the headers
        self.refused: tuple[int, str] | None = None

    async def begin(self) -> bool:
        """Wait for the request line; False when nothing came before the head's time ran
        out or the connection closed (an idle or speculative connection: nobody to answer).
        """
        self._begun = True
        try:
            line = await asyncio.wait_for(self._reader.readline(),
                                          self._time_left(self._head_deadline))
        except (TimeoutError, ConnectionError):  # nothing in time, or the client is gone
            return False
        except ValueError:  # a line past the stream's limit
            self._refuse(431, "the request's first line is too long")
            line = REFUSED_LINE
        if not line:
            return False
        self._first = self._request_line(line) if self.refused is None else line
        return True

    async def readline(self) -> bytes:
        if not self._begun and not await self.begin():
            return b""
        if self._first is not None:
            first, self._first = self._first, None
            return first
        if self.refused is not None or not self.in_head:
            return b""
        try:
            line = await asyncio.wait_for(self._reader.readline(),
                                          self._time_left(self._head_deadline))
        except TimeoutError:
            return self._refuse(408, "the request took too long to arrive")
        except ValueError:  # a line past the stream's limit
            return self._refuse(431, "the request's headers are too long")
        except ConnectionError:  # the client is gone: nobody reads the answer
            return self._refuse(400, "the connection was reset")
        text = self._text(line)
        if text is None:
            return b""
        if line.strip() == b"":  # as microdot sees it: bytes' whitespace only
            self.in_head = False
            return line
        name, colon, value = text.partition(":")
        if not colon or not name.strip():
            return self._refuse(400, "a malformed header")
        if name.strip().lower() == "content-length" and not _digits(value.strip()):
            return self._refuse(400, "Content-Length is not a number")
        return line

    async def readexactly(self, n: int) -> bytes:
        if self.refused is not None:
            return b""
        try:
            return await asyncio.wait_for(self._reader.readexactly(n),
                                          self._time_left(self._deadline))
        except TimeoutError:
            self._refuse(408, "the request took too long to arrive")
        except (asyncio.IncompleteReadError, ConnectionError):
            self._refuse(400, "the request's body ended early")
        return b""

    async def read(self, n: int = -1) -> bytes:
        """Bodies too big to read are refused before anything reads them (413)."""
        return b""

    def _request_line(self, line: bytes) -> bytes:
        """The request line as microdot may read it; anything it could not parse is
        refused and handed on as :data:`REFUSED_LINE`."""
        text = self._text(line)
        if text is None:
            return REFUSED_LINE
        parts = text.split()
        if (len(parts) != 3 or parts[0].encode() not in METHODS
                or not parts[1].startswith("/") or not parts[2].startswith("HTTP/1.")):
            self._refuse(400, "not an HTTP request")
        elif BAD_ESCAPE.search(parts[1]):
            self._refuse(400, "the address has a % not followed by two hex digits")
        else:
            try:
                unquote_to_bytes(parts[1]).decode("utf-8")
            except UnicodeDecodeError:
                self._refuse(400, "the address's %-escapes are not UTF-8 text")
        return line if self.refused is None else REFUSED_LINE

    def _text(self, line: bytes) -> str | None:
        """A head line as text, counted against ``head_bytes``; None when refused."""
        self._left -= len(line)
        if self._left < 0 or len(line) > MAX_LINE:
            self._refuse(431, "the request's headers are too long")
            return None
        if not line.endswith(b"\n"):
            self._refuse(400, "the request ended early")
            return None
        try:
            return line.decode("utf-8")
        except UnicodeDecodeError:
            self._refuse(400, "the request's headers are not text")
            return None

    def _time_left(self, deadline: float) -> float:
        return max(0.0, deadline - asyncio.get_running_loop().time())

    def _refuse(self, status: int, message: str) -> bytes:
        if self.refused is None:
            self.refused = (status, message)
        return b""


def _digits(value: str) -> bool:
    """ASCII digits only ("²" and "٣" are digits to ``str.isdigit`` but not to ``int``)."""
    return value.isascii() and value.isdigit()


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
