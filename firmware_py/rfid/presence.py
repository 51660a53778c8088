"""From "tag X seen at t" reports to one TagPlaced and one TagRemoved per placement.

Readers report a tag many times while it lies on them: an RDM6300 repeats its frame about every
65 ms, a PN532 finds the tag again at every poll. :class:`Presence` keeps the one tag currently on
the reader and emits:

- ``TagPlaced`` when a tag is first seen, or, with ``confirm = n``, once it has been seen in n
  consecutive reports (no other tag between them, each within ``gap`` of the last): an RDM6300's
  frame has only an XOR checksum, which a frame with two flipped bits can pass, but the same
  corruption twice in a row practically never happens, while a real tag repeats its frame;
- nothing while the same tag keeps being seen;
- ``TagRemoved`` when it has not been seen for longer than ``gap`` seconds (checked by
  :meth:`Presence.tick` and on every report), or after ``empty_polls`` consecutive polls that found
  nothing (:meth:`Presence.empty`);
- ``TagRemoved`` then ``TagPlaced`` when a different tag is seen instead.

It has no clock of its own: every call carries ``now`` from the reader's injectable clock.
"""

from __future__ import annotations

from firmware_py.events import TagPlaced, TagRemoved

TagEvent = TagPlaced | TagRemoved


class Presence:
    def __init__(
        self,
        seat: str,
        reader: str,
        *,
        gap: float | None = 0.3,
        empty_polls: int | None = None,
        confirm: int = 1,
    ) -> None:
        if gap is None and empty_polls is None:
            raise ValueError("presence needs a gap, a count of empty polls, or both")
        if gap is not None and gap <= 0:
            raise ValueError(f"gap must be positive, got {gap}")
        if empty_polls is not None and empty_polls < 1:
            raise ValueError(f"empty_polls must be at least 1, got {empty_polls}")
        if confirm < 1:
            raise ValueError(f"confirm must be at least 1, got {confirm}")
        self.confirm = confirm
        self._candidate: str | None = None  # a tag seen, not yet confirmed
        self._candidate_seen = 0.0
        self._candidate_count = 0
        self.seat = seat
        self.reader = reader
        self.gap = gap
        self.empty_polls = empty_polls
        self._tag: str | None = None
        self._last_seen = 0.0
        self._empties = 0

    @property
    def current(self) -> str | None:
        """The tag on the reader now, or None."""
        return self._tag

    def seen(self, tag: str, now: float) -> list[TagEvent]:
        """The reader reported ``tag`` at ``now``."""
        events = self.tick(now)
        if self._tag == tag:
            self._candidate, self._candidate_count = None, 0  # the run of another tag is broken
        elif not self._confirmed(tag, now):
            return events  # a single report of another tag changes nothing yet
        if self._tag != tag:
            events += self.clear(now)
            self._tag = tag
            events.append(TagPlaced(self.seat, self.reader, tag, now))
        self._last_seen = now
        self._empties = 0
        return events

    @property
    def confirming(self) -> bool:
        """A tag has been reported but not yet confirmed (a poller may poll again sooner)."""
        return self._candidate is not None

    def interrupt(self) -> None:
        """A garbled report: whatever run of reports was being confirmed starts again."""
        self._candidate, self._candidate_count = None, 0

    def _confirmed(self, tag: str, now: float) -> bool:
        """Count ``tag`` towards its confirmation: True once seen ``confirm`` times in a row."""
        fresh = self.gap is None or now - self._candidate_seen <= self.gap
        if tag == self._candidate and fresh:
            self._candidate_count += 1
        else:
            self._candidate, self._candidate_count = tag, 1
        self._candidate_seen = now
        if self._candidate_count < self.confirm:
            return False
        self._candidate, self._candidate_count = None, 0
        return True

    def empty(self, now: float) -> list[TagEvent]:
        """A poll at ``now`` found no tag (which also breaks a run of reports to confirm)."""
        events = self.tick(now)
        self._candidate, self._candidate_count = None, 0
        if self._tag is not None and self.empty_polls is not None:
            self._empties += 1
            if self._empties >= self.empty_polls:
                events += self.clear(now)
        return events

    def tick(self, now: float) -> list[TagEvent]:
        """Remove the tag if it has not been seen for longer than ``gap``."""
        if self._tag is not None and self.gap is not None and now - self._last_seen > self.gap:
            return self.clear(now)
        return []

    def clear(self, now: float) -> list[TagEvent]:
        """Forget the current tag (it left, or the reader went away): its TagRemoved, if any."""
        if self._tag is None:
            return []
        tag, self._tag, self._empties = self._tag, None, 0
        return [TagRemoved(self.seat, self.reader, tag, now)]
