"""The exchange between the daemon thread and the web server thread.

The daemon thread publishes, after every render, a JSON-able *model* of each phone seat (what
the seat's screen says, its menu, its refusal, what a peek shows, the public screen) and the
lobby's list of phone seats; the server thread reads the latest model of the seat a request is
authorised for, waits for the next one, and submits the seat's input. Input never touches the
game here: :meth:`Hub.submit` only hands a :class:`PhoneInput` to the box's queue (the same
queue the buttons use), so the journal, undo and resume behave exactly as with buttons.

A phone is bound to a seat by a random secret (128 bits, :func:`secrets.token_urlsafe`) that
the server keeps in a cookie; the hub keeps the bindings (and the daemon may save them with
the journal so a phone keeps its seat across a restart).

``hmac`` and ``secrets`` are imported where they are used: they load OpenSSL's libcrypto
(3.6 MiB resident), which a box without phones never needs (docs/performance.md, memory).

Thread safety: every method takes the one lock; listeners are called outside it, on the
publishing thread, and must only schedule work (e.g. ``loop.call_soon_threadsafe``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from services.referee.companion.lockout import CodeGuard, CodeLimits, TooSoon
from services.referee.companion.table_feed import TableFeed

TOKEN_BYTES = 16  # 128 bits
CODE_LETTERS = "ACDEFHJKMNPRTUVWXY"  # no look-alikes (B/8, I/1, O/0, S/5, G/6, L, Q, Z/2)
CODE_LENGTH = 4  # 18**4 = 104,976 codes; guessing them is slowed by lockout.CodeLimits
Model = dict[str, Any]
Listener = Callable[[str, int], None]  # (seat name, new version)


class CompanionError(Exception):
    """A phone's request refused: ``status`` is the HTTP status, ``message`` plain words;
    ``retry_after``: the seconds to wait before trying again (a 429)."""

    def __init__(self, status: int, message: str, retry_after: int = 1) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after


@dataclass(frozen=True)
class PhoneSeat:
    name: str  # the profile's seat name ("phone1", or a hardware seat that may be a phone)
    label: str  # what people read ("Seat 5")


@dataclass(frozen=True)
class PhoneInput:
    """A phone seat's input, put on the box's queue like a button event. ``version`` is the
    model version the phone saw when it sent it: the daemon refuses input made on a screen
    that has changed since (a replayed or stale request changes nothing)."""

    seat: str
    version: int
    kind: str  # "press" | "hold" | "choose" | "peek"
    value: Any  # a button role ("ok", "next", "prev", "back"), a menu index, or True/False
    at: float = 0.0


@dataclass
class _Slot:
    seat: PhoneSeat
    version: int = 0
    model: Model = field(default_factory=dict)
    token: str | None = None


class Hub:
    def __init__(self, seats: list[PhoneSeat], submit: Callable[[PhoneInput], None], *,
                 codes: CodeLimits | None = None) -> None:
        self._slots = {s.name: _Slot(s) for s in seats}
        self._submit = submit
        self._lock = threading.Lock()
        self._listeners: list[Listener] = []
        self._public: Model = {}
        self._public_version = 0
        # The join code on the table's public screen (and in its QR code): a phone must give
        # it to take a seat, so only someone who can see the table joins.
        self.code = new_code()
        self.url = ""  # where phones join, once the server is started (the table menu says)
        self.joins = 0  # counts every join and freed seat: the box saves the bindings anew
        self._guard = CodeGuard(codes or CodeLimits())
        self.screen = TableFeed(self._tell, codes)  # the table screen (table_feed)

    # ------------------------------------------------------------------ daemon side

    def publish(self, seat: str, model: Model) -> None:
        """The seat's model now; a new version only when it changed."""
        with self._lock:
            slot = self._slot(seat)
            if slot.model == model:
                return
            slot.model = model
            slot.version += 1
            version = slot.version
        self._tell(seat, version)

    def publish_public(self, model: Model) -> None:
        with self._lock:
            if self._public == model:
                return
            self._public = model
            self._public_version += 1
            version = self._public_version
        self._tell("public", version)

    def free(self, seat: str) -> None:
        """Unbind the seat's phone (a lost phone): the seat can be joined again."""
        with self._lock:
            self._slot(seat).token = None
            self.joins += 1
        self._tell(seat, self.version(seat))

    def bindings(self) -> dict[str, str]:
        """Seat name -> token, to save; :meth:`restore` takes it back."""
        with self._lock:
            return {n: s.token for n, s in self._slots.items() if s.token is not None}

    def restore(self, bindings: dict[str, str]) -> None:
        with self._lock:
            for name, token in bindings.items():
                if name in self._slots:
                    self._slots[name].token = token

    # ------------------------------------------------------------------ server side

    def seats(self) -> list[tuple[PhoneSeat, bool]]:
        """Every phone seat and whether a phone holds it."""
        with self._lock:
            return [(s.seat, s.token is not None) for s in self._slots.values()]

    def join(self, seat: str, code: str, client: str = "") -> str:
        """Bind a new phone to a free seat, given the table's join code; returns its
        secret. ``client`` is the phone's address: after a few wrong codes from it, it
        waits (429, :mod:`.lockout`) while everyone else joins as before; many wrong codes
        from everyone change the code (the public screen shows the new one)."""
        import hmac
        import secrets

        with self._lock:
            try:
                self._guard.check(client)
            except TooSoon as early:
                raise CompanionError(
                    429, "too many wrong join codes from this phone: try again in "
                    f"{_in_words(early.seconds)} (the code is on the table's screen, beside "
                    "PHONES)", retry_after=early.seconds) from None
            if not hmac.compare_digest(code.strip().upper().encode(), self.code.encode()):
                if self._guard.wrong(client):
                    self.code = new_code(other_than=self.code)
                raise CompanionError(403, f"wrong join code {code.strip()[:8]!r}: the code is "
                                     "on the table's screen, beside PHONES")
            self._guard.right(client)
            slot = self._slot(seat)
            if slot.token is not None:
                raise CompanionError(409, f"{slot.seat.label} is taken by another phone; "
                                     "choose a free seat, or free it from the table menu")
            slot.token = secrets.token_urlsafe(TOKEN_BYTES)
            self.joins += 1
            return slot.token

    def seat_of(self, token: str | None) -> str:
        """The seat a secret is bound to (compared in constant time), else a refusal."""
        if not token:
            raise CompanionError(401, "this phone has no seat: join one first")
        with self._lock:
            import hmac

            given = token.encode("utf-8", "surrogatepass")
            for name, slot in self._slots.items():
                if slot.token is not None and hmac.compare_digest(slot.token.encode(), given):
                    return name
        raise CompanionError(403, "this phone's seat was freed or never existed: join again")

    def model(self, seat: str) -> tuple[int, Model]:
        with self._lock:
            slot = self._slot(seat)
            return slot.version, dict(slot.model)

    def public(self) -> tuple[int, Model]:
        with self._lock:
            return self._public_version, dict(self._public)

    def version(self, seat: str) -> int:
        with self._lock:
            return self._slot(seat).version

    def submit(self, event: PhoneInput) -> None:
        """Hand the seat's input to the box (the caller has checked the token)."""
        with self._lock:
            current = self._slot(event.seat).version
        if event.version != current:
            raise CompanionError(409, "the screen changed before this was sent: look again "
                                 "and choose on the new screen")
        self._submit(event)

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(seat, version)`` on every new version ("public" for the public
        model); returns the function that stops it."""
        with self._lock:
            self._listeners.append(listener)

        def stop() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return stop

    # ------------------------------------------------------------------ inside

    def _slot(self, seat: str) -> _Slot:
        try:
            return self._slots[seat]
        except KeyError:
            raise CompanionError(404, f"there is no phone seat {seat!r}") from None

    def _tell(self, seat: str, version: int) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            listener(seat, version)


def _in_words(seconds: int) -> str:
    """A wait in words: "1 second", "30 seconds", "5 minutes" (from 2 minutes, rounded up)."""
    if seconds < 120:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    return f"{-(-seconds // 60)} minutes"


def new_code(other_than: str = "") -> str:
    """A join code: ``CODE_LENGTH`` letters of ``CODE_LETTERS``, chosen by the system's
    random source (never ``other_than``, the code it replaces)."""
    import secrets

    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if code != other_than:
            return code
