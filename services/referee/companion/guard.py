"""What the phone server refuses before anything reaches the hub.

* :class:`Limits`: the numbers (body size, input rate, live streams, connections, time to
  send a request).
* :func:`client_of`: who a connection is, for the limits per client (its address).
* :class:`RateLimiter`: a token bucket per client address (a flood gets 429, changes nothing).
* :func:`parse_input`: a phone's input body, checked field by field (unknown fields, a wrong
  kind or a value of the wrong type are refused with plain words, status 400).
* :func:`check_host` and :func:`check_origin`: a request must name the address the server was
  started on (a web page elsewhere that points a name at the box, "DNS rebinding", gets 400),
  and a POST from another site's page is refused (403).
* :data:`SECURITY_HEADERS`: sent with every answer.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from services.referee.companion.hub import CompanionError
from services.referee.errors import ProtocolError
from services.referee.strictjson import parse

# Every input kind and the values it takes (the box's phones.py: hold ok is back, hold next
# opens the table menu, as with buttons).
PRESS_VALUES = ("ok", "next", "prev", "back")
HOLD_VALUES = ("ok", "next", "prev")
MAX_CHOICE = 999  # no menu has this many items; the box checks the real count

SECURITY_HEADERS = {
    "Content-Security-Policy": ("default-src 'self'; form-action 'self'; "
                                "frame-ancestors 'none'; base-uri 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}


@dataclass(frozen=True)
class Limits:
    body_bytes: int = 1024  # a request body (an input is ~60 bytes)
    head_bytes: int = 8192  # the request line and headers together
    input_rate: float = 20.0  # inputs (and joins) per second per client, refilled
    input_burst: int = 20  # ... of which this many at once
    max_streams: int = 16  # live event streams, all seats together
    streams_per_seat: int = 4  # ... for one seat (a phone reconnecting leaves one behind)
    max_connections: int = 64  # open connections of any kind
    connections_per_client: int = 16  # ... from one address (its pages, streams, requests)
    head_seconds: float = 5.0  # from connecting to the end of the request's headers
    request_seconds: float = 10.0  # to send the request line, headers and body
    heartbeat_seconds: float = 15.0  # a comment on a quiet stream (finds dead phones)
    cookie_days: int = 7  # how long a phone's browser keeps its seat's secret
    # the rate limiter's time and each input's ``at``: seconds that advance (a frozen clock
    # in a test stops the refill)
    clock: Callable[[], float] = field(default=time.monotonic, compare=False)


class RateLimiter:
    """A token bucket per client: ``rate`` tokens a second, at most ``burst`` saved up."""

    MAX_CLIENTS = 256  # forget idle clients past this many (a LAN has a handful)

    def __init__(self, rate: float, burst: int, clock: Callable[[], float]) -> None:
        self._rate = rate
        self._burst = float(burst)
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # client -> (tokens, when)

    def allow(self, client: str) -> bool:
        now = self._clock()
        tokens, when = self._buckets.get(client, (self._burst, now))
        tokens = min(self._burst, tokens + (now - when) * self._rate)
        allowed = tokens >= 1.0
        self._buckets[client] = (tokens - 1.0 if allowed else tokens, now)
        if len(self._buckets) > self.MAX_CLIENTS:
            self._forget_idle(now)
        return allowed

    def _forget_idle(self, now: float) -> None:
        full_after = self._burst / self._rate if self._rate > 0 else float("inf")
        for client, (_tokens, when) in list(self._buckets.items()):
            if now - when >= full_after:
                del self._buckets[client]


def client_of(peername: Any) -> str:
    """The client a connection comes from: its address as text ("192.168.1.31"; an IPv4
    address seen through IPv6, ``::ffff:192.168.1.31``, as the IPv4 one); "?" unknown."""
    if not isinstance(peername, tuple | list) or not peername:
        return "?"
    host = str(peername[0])
    try:
        address = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return host
    mapped = getattr(address, "ipv4_mapped", None)
    return str(mapped or address)


def parse_input(body: bytes) -> tuple[int, str, Any]:
    """``(version, kind, value)`` from an input body, or CompanionError 400 saying why."""
    try:
        data = parse(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise CompanionError(400, "the input is not UTF-8 text") from None
    except ProtocolError as error:
        raise CompanionError(400, f"the input is {error.message}") from None
    if not isinstance(data, dict):
        raise CompanionError(400, 'the input must be a JSON object: '
                             '{"version": n, "kind": ..., "value": ...}')
    unknown = sorted(set(data) - {"version", "kind", "value"})
    if unknown:
        raise CompanionError(400, f"unknown field {unknown[0]!r}: an input has only "
                             "version, kind and value")
    missing = [name for name in ("version", "kind", "value") if name not in data]
    if missing:
        raise CompanionError(400, f"the input has no {missing[0]!r}")
    version, kind, value = data["version"], data["kind"], data["value"]
    if not _whole(version) or version < 0:
        raise CompanionError(400, "version must be the whole number the screen came with")
    if kind == "press":
        if value not in PRESS_VALUES or not isinstance(value, str):
            raise CompanionError(400, 'a press is "ok", "next", "prev" or "back"')
    elif kind == "hold":
        if value not in HOLD_VALUES or not isinstance(value, str):
            raise CompanionError(400, 'a hold is "ok" (back), "next" or "prev"')
    elif kind == "choose":
        if not _whole(value) or not 0 <= value <= MAX_CHOICE:
            raise CompanionError(400, "a choice is the number of a menu item, from 0")
    elif kind == "peek":
        if not isinstance(value, bool):
            raise CompanionError(400, "a peek is true (held down) or false (let go)")
    else:
        raise CompanionError(400, 'kind must be "press", "hold", "choose" or "peek"')
    return version, kind, value


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_any_address(host: str) -> bool:
    """True for 0.0.0.0, :: and the empty host: every network the box is on."""
    if host in ("", "*"):
        return True
    try:
        return ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return False


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def host_names(host: str, names: tuple[str, ...]) -> frozenset[str]:
    """The names a request's Host header may use for a server bound to ``host``."""
    allowed = {host.lower(), *(n.lower() for n in names)}
    if ":" in host:
        allowed.add(f"[{host.lower()}]")
    if is_loopback(host):
        allowed |= {"localhost", "127.0.0.1", "[::1]"}
    return frozenset(allowed)


def check_host(header: str | None, allowed: frozenset[str], port: int,
               any_address: bool) -> None:
    """Refuse a request whose Host is not this server (400)."""
    if not header:
        raise CompanionError(400, "the request names no host")
    name, _, given_port = header.strip().lower().rpartition(":")
    if not name or "]" in given_port:  # no port given (or an IPv6 literal without one)
        name, given_port = header.strip().lower(), "80"
    if given_port != str(port):
        raise CompanionError(400, f"this server answers on port {port}, not {given_port}")
    if name in allowed:
        return
    if any_address and _is_ip_literal(name):
        return
    raise CompanionError(400, f"this server does not answer to the name {name[:60]!r}")


def _is_ip_literal(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


def check_origin(origin: str | None, host: str | None, fetch_site: str | None) -> None:
    """A POST sent by another site's page is refused (403): by ``Sec-Fetch-Site`` (current
    Chrome and Safari send it), else by an Origin that is not our Host. An Origin of "null"
    is let through: with ``Referrer-Policy: no-referrer`` browsers send it for our own forms
    and fetches; the cookie's SameSite=Strict still keeps other sites' requests seatless."""
    if fetch_site is not None and fetch_site.strip().lower() not in ("same-origin", "none"):
        raise CompanionError(403, "a page from another site cannot act for this phone")
    if origin is None or origin.strip() == "null":
        return
    scheme, _, rest = origin.partition("://")
    if scheme not in ("http", "https") or rest.lower() != (host or "").strip().lower():
        raise CompanionError(403, "a page from another site cannot act for this phone")
