"""RDM6300 (125 kHz, EM4100) serial frames.

The module sends, at 9600 baud 8N1, one 14-byte frame per read::

    STX (0x02) | 10 ASCII hex: 2 version/vendor + 8 tag | 2 ASCII hex checksum | ETX (0x03)

The checksum is the XOR of the five data bytes the ten hex characters spell. While a tag stays
in the field the module keeps repeating the frame (about every 65 ms on the common
"continuous" variant); :mod:`firmware_py.rfid.presence` turns those repeats into one placement.

:class:`Rdm6300Parser` is incremental: feed it whatever ``read()`` returned and it reports the
tags of complete valid frames. It never raises, keeps at most one partial frame (13 bytes)
between calls, and resynchronises on every STX, so noise, split frames, bad checksums, non-hex
characters, a missing ETX or a new STX in the middle of a frame cost only the frames they touch.
"""

from __future__ import annotations

import logging
import re

logger = logging.getLogger(__name__)

STX = 0x02
ETX = 0x03
FRAME_LENGTH = 14
TAG_LENGTH = 10  # hex characters reported: version/vendor byte + 4 tag bytes

_HEX = b"0123456789ABCDEFabcdef"
_FRAME = re.compile(rb"\x02([0-9A-Fa-f]{10})([0-9A-Fa-f]{2})\x03")
_TAG = re.compile(r"[0-9A-Fa-f]{10}")


def checksum(tag_id: str) -> int:
    """XOR of the five bytes that the ten hex characters of ``tag_id`` spell."""
    value = 0
    for byte in bytes.fromhex(tag_id):
        value ^= byte
    return value


def encode_frame(tag_id: str) -> bytes:
    """The exact frame an RDM6300 sends for ``tag_id`` (10 hex characters, any case)."""
    if not isinstance(tag_id, str) or _TAG.fullmatch(tag_id) is None:
        raise ValueError(f"an RDM6300 tag id is 10 hex characters, got {tag_id!r}")
    tag = tag_id.upper()
    return bytes([STX]) + f"{tag}{checksum(tag):02X}".encode("ascii") + bytes([ETX])


class Rdm6300Parser:
    """Incremental RDM6300 frame parser: ``feed(bytes) -> [tag ids]``."""

    def __init__(self) -> None:
        self._pending = b""  # STX plus hex characters of a frame not yet complete
        self.frames_ok = 0
        self.frames_bad_checksum = 0

    def reset(self) -> None:
        """Forget a partial frame (e.g. after the port was reopened)."""
        self._pending = b""

    def feed(self, data: bytes) -> list[str]:
        """Parse ``data`` (any length, any content); return tags of complete valid frames."""
        try:
            buf = self._pending + bytes(data)
        except TypeError:
            logger.debug("ignored non-bytes input %r", type(data).__name__)
            return []
        tags: list[str] = []
        for match in _FRAME.finditer(buf):
            body, check = match.group(1), match.group(2)
            tag = body.decode("ascii").upper()
            if checksum(tag) == int(check, 16):
                tags.append(tag)
                self.frames_ok += 1
            else:
                self.frames_bad_checksum += 1
                logger.debug("dropped frame with bad checksum: %r", match.group(0))
        self._pending = _partial_tail(buf)
        return tags


def _partial_tail(buf: bytes) -> bytes:
    """The suffix of ``buf`` that may still become a frame, or ``b""``."""
    start = buf.rfind(STX)
    if start < 0 or len(buf) - start >= FRAME_LENGTH:
        return b""
    tail = buf[start:]
    if all(byte in _HEX for byte in tail[1:]):
        return tail
    return b""
