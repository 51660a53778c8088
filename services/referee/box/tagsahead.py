"""The tag registry, read on a thread of its own once the box is READY.

Reading the registry (a TOML file of every enrolled card: 346 entries, 38 KB for the sim's
set) takes 10 ms on the host and about 85 ms on the arm64 proxy, time a player would wait for
the box to come up; nobody taps a card in the first tenth of a second. So the box starts the
reading after READY (:meth:`TagsAhead.start`), and the loop takes the result the first time
it is needed: a tap (``Box.tags``, waiting for the end of the reading if it is still under
way), or the next loop step once the reading is over (a damaged file is then said in the log
and on the public screen, as it was at start before).
"""

from __future__ import annotations

import threading
from pathlib import Path

from services.referee.tags import TagRegistry, TagRegistryError


class TagsAhead:
    """One reading of the tag registry at ``path`` (a missing file: an empty registry)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._result: TagRegistry | TagRegistryError | None = None
        self._thread = threading.Thread(target=self._read, name="tag registry", daemon=True)

    def start(self) -> None:
        self._thread.start()

    @property
    def done(self) -> bool:
        """The reading is over (or was never started: then :meth:`result` reads here)."""
        return not self._thread.is_alive()

    def result(self) -> TagRegistry | TagRegistryError:
        """The registry, or why it cannot be used; waits for the reading if under way."""
        if self._thread.ident is None:  # never started (a box closed before READY)
            self._read()
        else:
            self._thread.join()
        if self._result is None:
            raise RuntimeError("the tag registry's reading ended without a result")
        return self._result

    def _read(self) -> None:
        try:
            self._result = TagRegistry.load(self.path, missing_ok=True)
        except TagRegistryError as error:
            self._result = error
