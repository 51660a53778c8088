"""The table screen's side of the hub: its model, its version and its own code.

The daemon thread publishes the table screen's model (:mod:`services.referee.box.table_screen`)
after a render; the server thread reads it for every watcher. A watcher (a TV, a tablet, a
laptop) has no seat: it opens ``/T/<code>`` with the table screen's code, which is not the
phones' join code (the table screen's code shows the game, it never takes a seat). Wrong
codes are slowed per client like the join code's (:mod:`.lockout`): after a few from one
address that address waits; many from everyone change the code (the public screen shows the
new one, and the open table screens are told to ask for it).

Thread safety: every method takes the feed's lock; ``tell`` (the hub's listeners) is called
outside it, with the name :data:`TABLE` and the new version.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from services.referee.companion.lockout import CodeGuard, CodeLimits, TooSoon

TABLE = "(table screen)"  # the name the hub's listeners are told (no seat has brackets)
Model = dict[str, Any]


class TableFeed:
    def __init__(self, tell: Callable[[str, int], None],
                 codes: CodeLimits | None = None) -> None:
        from services.referee.companion.hub import new_code  # the hub imports this module

        self._new_code = new_code
        self._tell = tell
        self._lock = threading.Lock()
        self._model: Model = {}
        self._version = 0
        self._guard = CodeGuard(codes or CodeLimits())
        self.code = new_code()

    def publish(self, model: Model) -> None:
        """The table screen's model now; a new version only when it changed."""
        with self._lock:
            if model == self._model:
                return
            self._model = model
            self._version += 1
            version = self._version
        self._tell(TABLE, version)

    def model(self) -> tuple[int, Model]:
        with self._lock:
            return self._version, dict(self._model)

    def check(self, code: str, client: str) -> None:
        """Refuse a wrong table screen code (403), or a client that gave too many (429)."""
        import hmac

        from services.referee.companion.hub import CompanionError

        with self._lock:
            try:
                self._guard.check(client)
            except TooSoon as early:
                raise CompanionError(
                    429, "too many wrong table screen codes from this device: try again in "
                    f"{in_words(early.seconds)}", retry_after=early.seconds) from None
            given = code.strip().upper()
            if hmac.compare_digest(given.encode("utf-8", "surrogatepass"), self.code.encode()):
                self._guard.right(client)
                return
            changed = self._guard.wrong(client)
            if changed:
                self.code = self._new_code(other_than=self.code)
        if changed:
            self._tell(TABLE, self._version)  # open table screens learn their code is old
        raise CompanionError(403, f"wrong table screen code {code.strip()[:8]!r}: the code "
                             "is on the box's public screen, beside TV SCREEN")

    def valid(self, code: str) -> bool:
        """Whether ``code`` is the table screen's code now (an open screen's, checked again
        at every update: no guessing counted)."""
        import hmac

        with self._lock:
            return hmac.compare_digest(code.strip().upper().encode("utf-8", "surrogatepass"),
                                       self.code.encode())


def in_words(seconds: int) -> str:
    """A wait in words: "1 second", "30 seconds", "5 minutes" (from 2 minutes, rounded up)."""
    if seconds < 120:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    return f"{-(-seconds // 60)} minutes"
