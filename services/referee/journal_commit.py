"""The journal's writes on a thread of their own, while the box draws the screens.

A committed action costs the box two things before its screens may show it: drawing the
screens it changed, and writing its journal row (SQLite's work and an fsync: 2-3 ms on the
arm64 proxy, more on an SD card). They need not wait for each other: the box's journal
(``Journal(path, overlap=True)``) writes each move's row here (``Journal.append_later``),
and the loop thread waits for it only before the first frame is shown (``LiveGame.settle``,
called by the table), so the rule stays whole: **no frame shows an action before its row is
on disk**.

SQLite releases Python's lock while it works and syncs, so the write really runs beside the
drawing. The connection is used by one thread at a time: every other use of the journal
first waits here (:meth:`Committer.idle`). A write that fails is rolled back (its
transaction) and its error kept until the game collects it (:meth:`Committer.collect`),
which then takes back the change it had applied in memory.
"""

from __future__ import annotations

import queue
import sqlite3
import threading
from collections.abc import Callable

from services.referee.errors import JournalError

Job = Callable[[], None]


class Committer:
    """One daemon thread that runs the journal's writes handed to it, one at a time."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._idle = threading.Event()
        self._idle.set()
        self._error: JournalError | None = None
        self._thread: threading.Thread | None = None

    @property
    def busy(self) -> bool:
        """A write is under way (the connection is the committer's until it ends)."""
        return not self._idle.is_set()

    def submit(self, job: Job) -> None:
        """Run ``job`` (a whole transaction) on the committer's thread; returns at once."""
        self.idle()
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="journal writer",
                                            daemon=True)
            self._thread.start()
        self._idle.clear()
        self._jobs.put(job)

    def idle(self) -> None:
        """Wait until no write is under way (its error, if any, is kept for collect)."""
        self._idle.wait()

    def collect(self) -> JournalError | None:
        """Wait for the write under way; the error of a write that failed since the last
        collect (its transaction rolled back), or None."""
        self._idle.wait()
        error, self._error = self._error, None
        return error

    def stop(self) -> None:
        """Wait for the write under way and end the thread (a failure stays collectable)."""
        self._idle.wait()
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join()
            self._thread = None

    def _run(self) -> None:
        while (job := self._jobs.get()) is not None:
            try:
                job()
            except JournalError as error:
                self._error = error
            except sqlite3.Error as error:
                self._error = JournalError(self.path, f"cannot write the journal: {error}")
            finally:
                self._idle.set()
