"""RDM6300 frame parser: exact byte sequences and fuzzing against an independent oracle."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_py.rfid.rdm6300 import Rdm6300Parser, checksum, encode_frame

from .streams import split

# The worked example of the RDM630/RDM6300 data sheet: data 62 E3 08 6C ED, checksum
# 62 ^ E3 ^ 08 ^ 6C ^ ED = 08.
SHEET_FRAME = b"\x0262E3086CED08\x03"
SHEET_TAG = "62E3086CED"
OTHER_FRAME = encode_frame("0102030405")


def feed_all(chunks: list[bytes]) -> list[str]:
    parser = Rdm6300Parser()
    tags: list[str] = []
    for chunk in chunks:
        tags += parser.feed(chunk)
    return tags


def test_encode_matches_data_sheet_example() -> None:
    assert checksum(SHEET_TAG) == 0x08
    assert encode_frame(SHEET_TAG) == SHEET_FRAME
    assert encode_frame(SHEET_TAG.lower()) == SHEET_FRAME


@pytest.mark.parametrize("bad", ["62E3086CE", "62E3086CEDA", "62E3086CEG", "", "62 E3086CE"])
def test_encode_rejects_bad_ids(bad: str) -> None:
    with pytest.raises(ValueError):
        encode_frame(bad)


def test_valid_frame() -> None:
    parser = Rdm6300Parser()
    assert parser.feed(SHEET_FRAME) == [SHEET_TAG]
    assert parser.frames_ok == 1


def test_lower_case_hex_is_reported_upper_case() -> None:
    assert feed_all([b"\x0262e3086ced08\x03"]) == [SHEET_TAG]


def test_bad_checksum_is_dropped_and_counted() -> None:
    parser = Rdm6300Parser()
    assert parser.feed(b"\x0262E3086CED09\x03") == []
    assert parser.frames_bad_checksum == 1
    assert parser.feed(SHEET_FRAME) == [SHEET_TAG]


@pytest.mark.parametrize("cut", range(len(SHEET_FRAME) + 1))
def test_split_at_every_position(cut: int) -> None:
    assert feed_all([SHEET_FRAME[:cut], SHEET_FRAME[cut:]]) == [SHEET_TAG]


def test_byte_by_byte() -> None:
    stream = SHEET_FRAME + OTHER_FRAME
    assert feed_all([bytes([b]) for b in stream]) == [SHEET_TAG, "0102030405"]


def test_noise_before_and_between_frames() -> None:
    stream = (
        b"\xff\x00\x03garbage\x02\x02" + SHEET_FRAME + b"\x03\x03\x02zz" + OTHER_FRAME + b"\x02"
    )
    assert feed_all([stream]) == [SHEET_TAG, "0102030405"]


def test_non_hex_character_kills_the_frame() -> None:
    assert feed_all([b"\x0262E3G86CED08\x03", OTHER_FRAME]) == ["0102030405"]


def test_missing_etx_then_next_frame() -> None:
    assert feed_all([SHEET_FRAME[:-1], OTHER_FRAME]) == ["0102030405"]
    assert feed_all([SHEET_FRAME[:-1] + b"X", OTHER_FRAME]) == ["0102030405"]


def test_new_stx_in_the_middle_resyncs() -> None:
    assert feed_all([SHEET_FRAME[:6] + OTHER_FRAME]) == ["0102030405"]
    assert feed_all([SHEET_FRAME[:6], OTHER_FRAME[:3], OTHER_FRAME[3:]]) == ["0102030405"]


def test_repeats_are_all_reported() -> None:
    # Presence logic, not the parser, turns repeats into one placement.
    assert feed_all([SHEET_FRAME * 3]) == [SHEET_TAG] * 3


def test_long_noise_keeps_at_most_one_partial_frame() -> None:
    parser = Rdm6300Parser()
    assert parser.feed(b"\x02" + b"A" * 100_000) == []
    assert parser.feed(b"\x02ABC") == []
    assert parser.feed(b"\x02" + SHEET_FRAME[1:]) == [SHEET_TAG]


@pytest.mark.parametrize("junk", ["text", None, 12.5, [1, 2]])
def test_never_raises_on_wrong_types(junk: object) -> None:
    assert Rdm6300Parser().feed(junk) == []  # type: ignore[arg-type]


def test_accepts_bytearray_and_memoryview() -> None:
    assert feed_all([bytearray(SHEET_FRAME[:5]), memoryview(SHEET_FRAME[5:])]) == [SHEET_TAG]


# -- fuzzing ---------------------------------------------------------------------------------

HEX = b"0123456789ABCDEFabcdef"


def oracle(stream: bytes) -> list[str]:
    """Tags of the valid frames in ``stream``, found by position (not by a regex)."""
    found = []
    for i, byte in enumerate(stream):
        window = stream[i : i + 14]
        if byte != 0x02 or len(window) < 14 or window[13] != 0x03:
            continue
        body = window[1:13]
        if all(c in HEX for c in body):
            data = bytes.fromhex(body[:10].decode())
            xor = 0
            for b in data:
                xor ^= b
            if xor == int(body[10:], 16):
                found.append(body[:10].decode().upper())
    return found


tags = st.binary(min_size=5, max_size=5).map(lambda b: b.hex().upper())


@st.composite
def corrupted(draw: st.DrawFn) -> bytes:
    frame = bytearray(encode_frame(draw(tags)))
    if draw(st.booleans()):
        return bytes(frame[: draw(st.integers(0, 13))])
    at = draw(st.integers(0, 13))
    frame[at] = (frame[at] + draw(st.integers(1, 255))) % 256
    return bytes(frame)


piece = st.one_of(
    tags.map(lambda t: (encode_frame(t), t)),  # an intact frame and its tag
    st.binary(max_size=30).map(lambda b: (b, None)),  # noise
    corrupted().map(lambda b: (b, None)),  # a broken frame
)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400), st.lists(st.integers(0, 400), max_size=20))
def test_fuzz_random_bytes(stream: bytes, cuts: list[int]) -> None:
    assert feed_all(split(stream, cuts)) == oracle(stream)


@settings(max_examples=300, deadline=None)
@given(st.lists(piece, max_size=12), st.lists(st.integers(0, 500), max_size=25))
def test_fuzz_frames_with_noise_and_splits(
    pieces: list[tuple[bytes, str | None]], cuts: list[int]
) -> None:
    stream = b"".join(data for data, _ in pieces)
    got = feed_all(split(stream, cuts))
    # Exactly the valid frames in the stream: no false tag, none missed.
    assert got == oracle(stream)
    # Every intact frame that went in comes out, in order.
    remaining = iter(got)
    for _, tag in pieces:
        if tag is not None:
            assert any(found == tag for found in remaining), f"lost {tag}"
