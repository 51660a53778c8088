"""PN532 (13.56 MHz, ISO14443A: MIFARE, NTAG) over HSU, the chip's UART mode.

Frames (NXP UM0701-02, section 6.2)::

    normal    00 | 00 FF | LEN | LCS | TFI | PD0..PDn | DCS | 00
    extended  00 | 00 FF | FF FF | LENM LENL | LCS | TFI | PD0..PDn | DCS | 00
    ACK       00 00 FF 00 FF 00
    NACK      00 00 FF FF 00 00
    error     00 00 FF 01 FF 7F 81 00   (application-level syntax error)

LEN counts TFI and data; ``LEN + LCS`` and ``TFI + data + DCS`` are 0 modulo 256. TFI is 0xD4 from
the host and 0xD5 from the PN532; PD0 is the command code (the answer's code is the command's
plus one). Preamble and postamble may be longer than one byte; this parser needs only the start
code and takes a frame as valid when its checksums, TFI and one postamble byte check out.

:class:`Pn532Parser` never raises and resynchronises byte by byte: when a candidate frame fails a
check it resumes scanning right after that candidate's start code, so a false start code in noise
cannot hide a real frame that follows it (once more bytes arrive, or :meth:`Pn532Parser.flush`
says the line went idle). :class:`Pn532` is a small driver for any object with
pyserial's ``read``/``write``/``timeout``.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Protocol

from firmware_py.errors import DeviceOffline, HardwareError
from firmware_py.specs import Clock

logger = logging.getLogger(__name__)

HOST_TO_PN532 = 0xD4
PN532_TO_HOST = 0xD5
ERROR_TFI = 0x7F
MAX_LENGTH = 265  # TFI + data, the firmware's limit for extended frames

ACK = b"\x00\x00\xff\x00\xff\x00"
NACK = b"\x00\x00\xff\xff\x00\x00"
ERROR = b"\x00\x00\xff\x01\xff\x7f\x81\x00"
WAKEUP = b"\x55\x55" + bytes(14)  # HSU wake-up: 0x55 0x55 then a long "preamble" of zeros

CMD_GET_FIRMWARE_VERSION = 0x02
CMD_SAM_CONFIGURATION = 0x14
CMD_RF_CONFIGURATION = 0x32
CMD_IN_LIST_PASSIVE_TARGET = 0x4A
UID_LENGTHS = (4, 7, 10)


class Pn532Error(HardwareError):
    """The PN532 answered, but not as expected (error frame, NACK, malformed answer)."""


@dataclass(frozen=True)
class AckFrame:
    pass


@dataclass(frozen=True)
class NackFrame:
    pass


@dataclass(frozen=True)
class ErrorFrame:
    pass


@dataclass(frozen=True)
class InfoFrame:
    tfi: int  # 0xD4 host to PN532, 0xD5 PN532 to host
    data: bytes  # PD0..PDn: command code, then parameters
    extended: bool = False  # sent as an extended frame


Frame = AckFrame | NackFrame | ErrorFrame | InfoFrame


def encode(frame: Frame) -> bytes:
    """The bytes of ``frame``, with one preamble and one postamble byte."""
    if isinstance(frame, AckFrame):
        return ACK
    if isinstance(frame, NackFrame):
        return NACK
    if isinstance(frame, ErrorFrame):
        return ERROR
    body = bytes([frame.tfi]) + bytes(frame.data)
    if not frame.data or not 0 <= frame.tfi <= 0xFF or len(body) > MAX_LENGTH:
        raise ValueError(f"cannot frame TFI {frame.tfi!r} with {len(frame.data)} data bytes")
    dcs = -sum(body) & 0xFF
    if frame.extended or len(body) > 0xFF:
        high, low = divmod(len(body), 256)
        head = bytes([0xFF, 0xFF, high, low, -(high + low) & 0xFF])
    else:
        head = bytes([len(body), -len(body) & 0xFF])
    return b"\x00\x00\xff" + head + body + bytes([dcs, 0x00])


def command_frame(code: int, params: bytes = b"") -> bytes:
    """A host-to-PN532 information frame for command ``code``."""
    return encode(InfoFrame(HOST_TO_PN532, bytes([code]) + params))


_NEED_MORE = object()


def _candidate(buf: bytes, i: int) -> tuple[Frame, int] | object | None:
    """Decode the frame whose start code is at ``buf[i]``.

    Returns (frame, end) when valid, ``_NEED_MORE`` when no check has failed yet but bytes
    are missing, ``None`` when it is not a frame. ``end`` is the postamble's index: the
    postamble is checked but left to be scanned again, as it may be the 00 of the next start
    code when a broken frame ran into a good one.
    """
    n = len(buf)
    if n < i + 5:
        return _NEED_MORE
    length, lcs = buf[i + 2], buf[i + 3]
    if (length, lcs) in ((0x00, 0xFF), (0xFF, 0x00)):  # ACK, NACK: postamble follows
        if buf[i + 4] != 0x00:
            return None
        return (AckFrame() if length == 0 else NackFrame()), i + 4
    extended = (length, lcs) == (0xFF, 0xFF)
    if extended:
        if n < i + 7:
            return _NEED_MORE
        length = buf[i + 4] * 256 + buf[i + 5]
        if (buf[i + 4] + buf[i + 5] + buf[i + 6]) & 0xFF or not 1 <= length <= MAX_LENGTH:
            return None
        body_at = i + 7
    else:
        if (length + lcs) & 0xFF or length == 0:
            return None
        body_at = i + 4
    if n <= body_at:
        return _NEED_MORE
    tfi = buf[body_at]
    if not (tfi in (HOST_TO_PN532, PN532_TO_HOST) and length >= 2) and not (
        tfi == ERROR_TFI and length == 1
    ):
        return None
    end = body_at + length + 1  # after the body and DCS: the postamble
    if n <= end:
        return _NEED_MORE
    if sum(buf[body_at:end]) & 0xFF or buf[end] != 0x00:
        return None
    if tfi == ERROR_TFI:
        return ErrorFrame(), end
    return InfoFrame(tfi, bytes(buf[body_at + 1 : end - 1]), extended), end


class Pn532Parser:
    """Incremental PN532 frame parser: ``feed(bytes) -> [frames]``; never raises."""

    def __init__(self) -> None:
        self._buf = b""
        self.rejected = 0  # start codes that did not lead to a valid frame

    def reset(self) -> None:
        self._buf = b""

    def feed(self, data: bytes) -> list[Frame]:
        try:
            buf = self._buf + bytes(data)
        except TypeError:
            logger.debug("ignored non-bytes input %r", type(data).__name__)
            return []
        frames: list[Frame] = []
        pos = 0
        while True:
            i = buf.find(b"\x00\xff", pos)
            if i < 0:
                keep = len(buf) - 1 if buf.endswith(b"\x00") else len(buf)
                break
            found = _candidate(buf, i)
            if found is _NEED_MORE:
                keep = i
                break
            if isinstance(found, tuple):
                frames.append(found[0])
                pos = found[1]
            else:
                self.rejected += 1
                pos = i + 1
        self._buf = buf[max(keep, pos) :]
        return frames

    def flush(self) -> list[Frame]:
        """The line went idle: drop every candidate still waiting for bytes and return the
        frames found after them. A false start code in noise announces a long frame and would
        otherwise hold back a real answer that fits inside its announced length."""
        frames: list[Frame] = []
        while self._buf.find(b"\x00\xff") == 0:  # feed() leaves a waiting candidate first
            self.rejected += 1
            self._buf = self._buf[1:]
            frames += self.feed(b"")
        self._buf = b""
        return frames


class SerialLike(Protocol):
    """What the driver needs of a port: pyserial's ``read``/``write``/``timeout``."""

    timeout: float | None

    def read(self, size: int = 1) -> bytes: ...

    def write(self, data: bytes, /) -> int | None: ...


def parse_target_uid(data: bytes) -> str | None:
    """UID (upper-case hex) from an InListPassiveTarget answer ``4B NbTg Tg ATQA SAK len UID``.

    ``None`` when no target was found; :class:`ValueError` when the answer is malformed.
    """
    if len(data) < 2 or data[0] != CMD_IN_LIST_PASSIVE_TARGET + 1:
        raise ValueError(f"not an InListPassiveTarget answer: {data.hex(' ')}")
    if data[1] == 0:
        return None
    if len(data) < 7:
        raise ValueError(f"target data too short: {data.hex(' ')}")
    uid_length = data[6]
    uid = data[7 : 7 + uid_length]
    if uid_length not in UID_LENGTHS or len(uid) != uid_length:
        raise ValueError(f"bad UID length {uid_length}: {data.hex(' ')}")
    return uid.hex().upper()


class Pn532:
    """Talks to one PN532 in HSU mode. Methods raise :class:`DeviceOffline` when it does not
    answer and :class:`Pn532Error` when it answers wrongly; port errors pass through."""

    def __init__(
        self,
        port: SerialLike,
        device: str,
        path: str,
        *,
        clock: Clock = time.monotonic,
        answer_timeout: float = 0.5,
        passive_retries: int = 2,
    ) -> None:
        self._port = port
        self._device = device
        self._path = path
        self._clock = clock
        self._answer_timeout = answer_timeout
        self._passive_retries = passive_retries
        self._parser = Pn532Parser()

    def begin(self) -> None:
        """Wake the chip, select normal mode and make target polls return when nothing is there."""
        self._port.write(WAKEUP)
        self.sam_configuration()
        # RFConfiguration item 5 (MaxRetries): MxRtyATR, MxRtyPSL, MxRtyPassiveActivation.
        # The default 0xFF would make InListPassiveTarget wait forever for a card.
        self.command(CMD_RF_CONFIGURATION, bytes([0x05, 0xFF, 0x01, self._passive_retries]))

    def sam_configuration(self) -> None:
        """SAMConfiguration: normal mode (no SAM), 1 s virtual-card timeout, use IRQ."""
        self.command(CMD_SAM_CONFIGURATION, b"\x01\x14\x01")

    def firmware_version(self) -> tuple[int, int, int, int]:
        """(IC, Ver, Rev, Support); a PN532 answers IC = 0x32."""
        data = self.command(CMD_GET_FIRMWARE_VERSION)
        if len(data) != 4:
            raise self._error(f"GetFirmwareVersion answer has {len(data)} bytes, expected 4")
        return data[0], data[1], data[2], data[3]

    def read_uid(self) -> str | None:
        """One InListPassiveTarget poll for one ISO14443A target at 106 kbps: its UID or None."""
        data = self.command(CMD_IN_LIST_PASSIVE_TARGET, b"\x01\x00")
        try:
            return parse_target_uid(bytes([CMD_IN_LIST_PASSIVE_TARGET + 1]) + data)
        except ValueError as exc:
            raise self._error(str(exc)) from None

    def command(self, code: int, params: bytes = b"") -> bytes:
        """Send command ``code``; wait for the ACK and the answer; return the answer's
        parameters (after its code)."""
        self._parser.reset()
        self._port.write(command_frame(code, params))
        acked = False
        deadline = self._clock() + self._answer_timeout
        while True:
            for frame in self._read_frames(deadline, code):
                if isinstance(frame, AckFrame):
                    acked = True
                elif isinstance(frame, ErrorFrame):
                    raise self._error(f"syntax error frame in answer to command 0x{code:02X}")
                elif isinstance(frame, NackFrame):
                    raise self._error(f"NACK in answer to command 0x{code:02X}")
                elif frame.tfi == PN532_TO_HOST and frame.data[0] == code + 1:
                    if not acked:
                        logger.debug("%s: answer to 0x%02X came without ACK", self._device, code)
                    return frame.data[1:]
                else:
                    logger.debug("%s: ignored frame %r", self._device, frame)

    def _read_frames(self, deadline: float, code: int) -> list[Frame]:
        if self._clock() >= deadline:
            self._port.write(ACK)  # an ACK from the host aborts the command still running
            raise DeviceOffline(
                self._device, f"no answer to PN532 command 0x{code:02X}", self._path
            )
        chunk = self._port.read(max(1, getattr(self._port, "in_waiting", 0) or 0))
        return self._parser.feed(chunk) if chunk else self._parser.flush()

    def _error(self, message: str) -> Pn532Error:
        return Pn532Error(self._device, message, self._path)
