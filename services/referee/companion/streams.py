"""The live pages' event streams (server-sent events), a seat's and a table screen's alike.

A stream sends its page's model now and on every new version, a heartbeat comment when
nothing changed for a while, and ends when its page is replaced by a newer one of the same
seat or device, when what it shows is gone (a freed seat, a table screen's old code), when
the page stops reading (more than :data:`MAX_QUEUED` events unsent), or when the server
stops. Streams are kept in one set (:attr:`Routes.streams`): the server's cap counts them all.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from microdot.sse import SSE

MAX_QUEUED = 4  # events a stream may have unsent before its page counts as gone


@dataclass(eq=False)
class Stream:
    seat: str  # the seat it shows ("table" for a table screen)
    opened: int  # the order streams were opened in (the oldest is replaced first)
    client: str = ""  # the device (a table screen's: its own older page is replaced)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    replaced: bool = False  # a newer page took its place: this one ends


@dataclass(frozen=True)
class Feed:
    """What one stream sends: ``gone`` says why it must end (None: it goes on), ``snapshot``
    gives a key of its version and the payload to send when the key changes."""

    gone: Callable[[], tuple[str, str] | None]  # (event, message) or None
    snapshot: Callable[[], tuple[Hashable, Any]]
    replaced: str  # the message a replaced page reads


def replace_oldest(streams: set[Stream], mine: list[Stream]) -> None:
    """End the oldest of ``mine`` (a reloaded page leaves its old stream open until a write
    to it fails: the newest page wins)."""
    oldest = min(mine, key=lambda s: s.opened)
    oldest.replaced = True
    streams.discard(oldest)
    oldest.wake.set()


async def pump(sse: SSE, stream: Stream, streams: set[Stream], feed: Feed,
               closing: Callable[[], bool], heartbeat: float) -> None:
    """Send ``feed`` on ``stream`` until it ends (see the module's words)."""
    streams.add(stream)
    try:
        sent = None
        while not closing():
            if stream.replaced:
                await sse.send({"error": feed.replaced}, event="replaced")
                return
            gone = feed.gone()
            if gone is not None:
                await sse.send({"error": gone[1]}, event=gone[0])
                return
            key, payload = feed.snapshot()
            if key != sent:
                await sse.send(payload, event="model", retry=2 if sent is None else None)
                sent = key
            if len(sse.queue) > MAX_QUEUED:
                return
            try:
                await asyncio.wait_for(stream.wake.wait(), heartbeat)
            except TimeoutError:
                await sse.send("still here", comment=True)
            stream.wake.clear()
    finally:
        streams.discard(stream)
