"""PN532 HSU frames, parser and driver."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from firmware_py.errors import DeviceOffline
from firmware_py.rfid.pn532 import (
    ACK,
    WAKEUP,
    AckFrame,
    ErrorFrame,
    Frame,
    InfoFrame,
    NackFrame,
    Pn532,
    Pn532Error,
    Pn532Parser,
    command_frame,
    encode,
    parse_target_uid,
)

from .streams import split

# Frames as other PN532 code and the NXP manual spell them.
GET_FIRMWARE = bytes.fromhex("0000ff02fed4022a00")
SAM_CONFIG = bytes.fromhex("0000ff05fbd4140114010200")
FIRMWARE_ANSWER = bytes.fromhex("0000ff06fad50332010607e800")
ERROR_FRAME = bytes.fromhex("0000ff01ff7f8100")
NACK_FRAME = bytes.fromhex("0000ffff0000")
# InListPassiveTarget answer with a 4-byte UID, from a libnfc debug log.
TARGET_DATA = bytes.fromhex("4b01010400080482acb95d")


def feed_all(chunks: list[bytes], idle: bool = True) -> list[Frame]:
    """Frames from ``chunks``; with ``idle``, the line then goes quiet (``flush``)."""
    parser = Pn532Parser()
    frames: list[Frame] = []
    for chunk in chunks:
        frames += parser.feed(chunk)
    return frames + parser.flush() if idle else frames


def test_encode_known_frames() -> None:
    assert command_frame(0x02) == GET_FIRMWARE
    assert command_frame(0x14, b"\x01\x14\x01") == SAM_CONFIG
    assert encode(InfoFrame(0xD5, bytes.fromhex("0332010607"))) == FIRMWARE_ANSWER
    assert encode(AckFrame()) == ACK == bytes.fromhex("0000ff00ff00")
    assert encode(NackFrame()) == NACK_FRAME
    assert encode(ErrorFrame()) == ERROR_FRAME


def test_encode_rejects_impossible_frames() -> None:
    with pytest.raises(ValueError):
        encode(InfoFrame(0xD4, b""))
    with pytest.raises(ValueError):
        encode(InfoFrame(0xD4, bytes(265)))  # TFI + 265 > 265


def test_decode_known_frames() -> None:
    stream = ACK + FIRMWARE_ANSWER + NACK_FRAME + ERROR_FRAME + GET_FIRMWARE
    assert feed_all([stream]) == [
        AckFrame(),
        InfoFrame(0xD5, bytes.fromhex("0332010607")),
        NackFrame(),
        ErrorFrame(),
        InfoFrame(0xD4, b"\x02"),
    ]


def test_extended_frame_round_trip() -> None:
    long = InfoFrame(0xD5, bytes(range(256)) + b"\x01\x02", extended=True)
    short = InfoFrame(0xD4, b"\x4a\x01\x00", extended=True)
    wire = encode(long) + encode(short)
    assert wire[3:5] == b"\xff\xff"
    assert feed_all([wire]) == [long, short]


@pytest.mark.parametrize("cut", range(len(ACK + FIRMWARE_ANSWER) + 1))
def test_split_at_every_position(cut: int) -> None:
    stream = ACK + FIRMWARE_ANSWER
    assert feed_all([stream[:cut], stream[cut:]]) == [
        AckFrame(),
        InfoFrame(0xD5, bytes.fromhex("0332010607")),
    ]


@pytest.mark.parametrize(
    "bad",
    [
        bytes.fromhex("0000ff06fbd50332010607e800"),  # LCS wrong
        bytes.fromhex("0000ff06fad50332010607e900"),  # DCS wrong
        bytes.fromhex("0000ff06fad60332010607e700"),  # TFI neither D4 nor D5
        bytes.fromhex("0000ff06fad50332010607e8ff"),  # postamble missing
        bytes.fromhex("0000ff00ff01"),  # ACK with a bad postamble
        bytes.fromhex("0000ff01ffd52b00"),  # D5 frame without a command code
        bytes.fromhex("0000ff02fe7f018000"),  # error TFI with data
    ],
)
def test_broken_frames_are_dropped_and_the_next_one_found(bad: bytes) -> None:
    assert feed_all([bad + ACK]) == [AckFrame()]


def test_false_start_code_in_noise_does_not_hide_the_next_frame() -> None:
    # "00 FF 10 F0" looks like the head of a 16-byte frame that would swallow the answer.
    noise = bytes.fromhex("00ff10f0d5")
    answer = [InfoFrame(0xD5, bytes.fromhex("0332010607"))]
    assert feed_all([noise, FIRMWARE_ANSWER], idle=False) == []  # could still be a long frame
    assert feed_all([noise, FIRMWARE_ANSWER]) == answer  # the line went idle: it was not
    assert feed_all([noise + FIRMWARE_ANSWER + b"\x01" * 20], idle=False) == answer


def test_wakeup_and_garbage_are_ignored() -> None:
    assert feed_all([WAKEUP + b"\xff\x00\x00\x55" + ACK]) == [AckFrame()]


@pytest.mark.parametrize("junk", ["text", None, 3.5])
def test_never_raises_on_wrong_types(junk: object) -> None:
    assert Pn532Parser().feed(junk) == []  # type: ignore[arg-type]


def test_parse_target_uid() -> None:
    assert parse_target_uid(TARGET_DATA) == "82ACB95D"
    seven = bytes.fromhex("4b01010044000704a1b2c3d4e5f6")
    assert parse_target_uid(seven) == "04A1B2C3D4E5F6"
    ten = bytes.fromhex("4b01010044000a00112233445566778899")
    assert parse_target_uid(ten) == "00112233445566778899"
    assert parse_target_uid(b"\x4b\x00") is None


@pytest.mark.parametrize(
    "bad", [b"", b"\x4b", b"\x4c\x00", bytes.fromhex("4b010100440005aabbccddee"), TARGET_DATA[:-1]]
)
def test_parse_target_uid_rejects_malformed(bad: bytes) -> None:
    with pytest.raises(ValueError):
        parse_target_uid(bad)


# -- fuzzing ---------------------------------------------------------------------------------


def frame_at(s: bytes, i: int) -> tuple[Frame, int] | None:
    """The valid frame whose start code (00 FF) is at ``s[i]``, and the index of its postamble
    (which may double as the 00 of the next start code); written from the frame layout,
    independently of the parser."""
    if s[i : i + 2] != b"\x00\xff":
        return None
    if s[i + 2 : i + 5] == b"\x00\xff\x00":
        return AckFrame(), i + 4
    if s[i + 2 : i + 5] == b"\xff\x00\x00":
        return NackFrame(), i + 4
    if s[i + 2 : i + 4] == b"\xff\xff":
        head = s[i + 4 : i + 7]
        if len(head) < 3 or sum(head) % 256:
            return None
        length, body_at, extended = head[0] * 256 + head[1], i + 7, True
    else:
        head = s[i + 2 : i + 4]
        if len(head) < 2 or sum(head) % 256:
            return None
        length, body_at, extended = head[0], i + 4, False
    body = s[body_at : body_at + length]
    tail = s[body_at + length : body_at + length + 2]
    if not 1 <= length <= 265 or len(body) < length or len(tail) < 2:
        return None
    if (sum(body) + tail[0]) % 256 or tail[1] != 0:
        return None
    end = body_at + length + 1
    if body == b"\x7f":
        return ErrorFrame(), end
    if body[0] in (0xD4, 0xD5) and length >= 2:
        return InfoFrame(body[0], body[1:], extended), end
    return None


def reference(stream: bytes) -> list[tuple[int, int, Frame]]:
    """Leftmost valid frame first, then continue from its postamble: (start, end, frame)."""
    found, i = [], 0
    while i < len(stream):
        hit = frame_at(stream, i)
        if hit is None:
            i += 1
        else:
            found.append((i, hit[1], hit[0]))
            i = hit[1]
    return found


frames = st.one_of(
    st.just(AckFrame()),
    st.just(NackFrame()),
    st.just(ErrorFrame()),
    st.builds(
        InfoFrame,
        st.sampled_from([0xD4, 0xD5]),
        st.binary(min_size=1, max_size=40),
        st.booleans(),
    ),
)


@st.composite
def corrupted(draw: st.DrawFn) -> bytes:
    wire = bytearray(encode(draw(frames)))
    if draw(st.booleans()):
        return bytes(wire[: draw(st.integers(0, len(wire) - 1))])
    at = draw(st.integers(0, len(wire) - 1))
    wire[at] = (wire[at] + draw(st.integers(1, 255))) % 256
    return bytes(wire)


pieces = st.one_of(
    frames.map(lambda f: (encode(f), f)),
    st.binary(max_size=30).map(lambda b: (b, None)),
    corrupted().map(lambda b: (b, None)),
)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400), st.lists(st.integers(0, 400), max_size=20))
def test_fuzz_random_bytes(stream: bytes, cuts: list[int]) -> None:
    got = feed_all(split(stream, cuts))
    assert got == [f for _, _, f in reference(stream)]
    for frame in got:  # no false frame: each one is in the stream as sent
        assert encode(frame)[1:] in stream


@settings(max_examples=300, deadline=None)
@given(st.lists(pieces, max_size=10), st.lists(st.integers(0, 600), max_size=25))
def test_fuzz_frames_with_noise_and_splits(
    items: list[tuple[bytes, Frame | None]], cuts: list[int]
) -> None:
    stream = b"".join(data for data, _ in items)
    got = feed_all(split(stream, cuts))
    expected = reference(stream)
    assert got == [f for _, _, f in expected]
    offset = 0
    for data, frame in items:
        if frame is not None:
            start, end = offset + 1, offset + len(data) - 1  # from the start code to DCS
            if (start, end, frame) not in expected:
                # Only possible when the stream holds another valid frame across this one.
                assert any(s < end and start < e for s, e, _ in expected), f"lost {frame}"
                event("intact frame overlapped by a valid frame made of noise")
        offset += len(data)


# -- driver ----------------------------------------------------------------------------------


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class FakePort:
    """A serial port whose other end is ``respond(host_frame) -> bytes``; reads return at most
    ``chunk`` bytes, and an empty read costs ``timeout`` seconds of fake time."""

    def __init__(
        self, respond: Callable[[InfoFrame], bytes], clock: FakeClock, chunk: int = 64
    ) -> None:
        self.timeout: float | None = 0.05
        self.written: list[bytes] = []
        self._respond = respond
        self._clock = clock
        self._chunk = chunk
        self._parser = Pn532Parser()
        self._pending = b""

    def write(self, data: bytes) -> int:
        self.written.append(bytes(data))
        for frame in self._parser.feed(data):
            if isinstance(frame, InfoFrame):
                self._pending += self._respond(frame)
        return len(data)

    def read(self, size: int = 1) -> bytes:
        n = min(size, self._chunk)
        data, self._pending = self._pending[:n], self._pending[n:]
        if not data:
            self._clock.now += self.timeout or 0.0
        return data

    @property
    def in_waiting(self) -> int:
        return len(self._pending)


def card(uid: str | None) -> Callable[[InfoFrame], bytes]:
    def respond(frame: InfoFrame) -> bytes:
        code = frame.data[0]
        if code == 0x4A:
            raw = bytes.fromhex(uid) if uid else b""
            params = b"\x01\x01\x00\x04\x08" + bytes([len(raw)]) + raw if uid else b"\x00"
        elif code == 0x02:
            params = b"\x32\x01\x06\x07"
        else:
            params = b""
        return ACK + b"\x00\x55" + encode(InfoFrame(0xD5, bytes([code + 1]) + params))

    return respond


def driver(respond: Callable[[InfoFrame], bytes], chunk: int = 64) -> tuple[Pn532, FakePort]:
    clock = FakeClock()
    port = FakePort(respond, clock, chunk)
    return Pn532(port, "seat3 reader", "/dev/ttyUSB3", clock=clock), port


def test_begin_wakes_then_configures() -> None:
    pn532, port = driver(card(None))
    pn532.begin()
    assert port.written[0] == WAKEUP
    assert port.written[1] == SAM_CONFIG
    assert port.written[2] == command_frame(0x32, b"\x05\xff\x01\x02")


@pytest.mark.parametrize("uid", ["82ACB95D", "04A1B2C3D4E5F6", "00112233445566778899"])
def test_read_uid(uid: str) -> None:
    pn532, port = driver(card(uid), chunk=1)  # answers trickle in one byte at a time
    assert pn532.read_uid() == uid
    assert port.written[-1] == command_frame(0x4A, b"\x01\x00")


def test_read_uid_without_card() -> None:
    pn532, _ = driver(card(None))
    assert pn532.read_uid() is None


def test_firmware_version() -> None:
    pn532, _ = driver(card(None))
    assert pn532.firmware_version() == (0x32, 0x01, 0x06, 0x07)


def test_no_answer_is_device_offline_naming_device_and_path() -> None:
    pn532, port = driver(lambda frame: b"")
    with pytest.raises(DeviceOffline) as caught:
        pn532.read_uid()
    assert "seat3 reader" in str(caught.value) and "/dev/ttyUSB3" in str(caught.value)
    assert port.written[-1] == ACK  # the host's ACK aborts the command still running


def test_error_frame_is_pn532_error() -> None:
    pn532, _ = driver(lambda frame: ACK + ERROR_FRAME)
    with pytest.raises(Pn532Error, match="seat3 reader"):
        pn532.sam_configuration()


def test_malformed_target_answer_is_pn532_error() -> None:
    pn532, _ = driver(lambda frame: encode(InfoFrame(0xD5, b"\x4b\x01\x01")))
    with pytest.raises(Pn532Error):
        pn532.read_uid()


def test_stale_and_unrelated_frames_are_skipped() -> None:
    def respond(frame: InfoFrame) -> bytes:
        stale = encode(InfoFrame(0xD5, b"\x15"))  # an answer to another command
        return b"\x12\x00\xff" + ACK + stale + card("82ACB95D")(frame)

    pn532, _ = driver(respond, chunk=3)
    assert pn532.read_uid() == "82ACB95D"
