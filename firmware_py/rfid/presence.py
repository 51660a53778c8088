"""From "tag X seen at t" reports to one TagPlaced and one TagRemoved per placement.

Readers report a tag many times while it lies on them: an RDM6300 repeats its frame about every
65 ms, a PN532 finds the tag again at every poll. :class:`Presence` keeps the one tag currently on
the reader and emits:

- ``TagPlaced`` when a tag is first seen;
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
    ) -> None:
        if gap is None and empty_polls is None:
            raise ValueError("presence needs a gap, a count of empty polls, or both")
        if gap is not None and gap <= 0:
            raise ValueError(f"gap must be positive, got {gap}")
        if empty_polls is not None and empty_polls < 1:
            raise ValueError(f"empty_polls must be at least 1, got {empty_polls}")
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
        if self._tag != tag:
            events += self.clear(now)
            self._tag = tag
            events.append(TagPlaced(self.seat, self.reader, tag, now))
        self._last_seen = now
        self._empties = 0
        return events

    def empty(self, now: float) -> list[TagEvent]:
        """A poll at ``now`` found no tag."""
        events = self.tick(now)
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
