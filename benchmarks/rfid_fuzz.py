"""Tags that never lie: corrupted reader frames against the parsers and the presence logic.

Run from the repository root, with refbox installed in the venv (``pip install -e .``):

    .venv/bin/python benchmarks/rfid_fuzz.py [--frames 1000000] [--seed 1]

A tag lies on the reader for the whole run and every frame the reader sends is corrupted
with 1, 2 or 3 flipped bits at random places (a loose wire, a noisy UART): the RDM6300 sends
its 14-byte frame every 65 ms; a PN532 answers each poll (every 100 ms) with an ACK and its
InListPassiveTarget answer. The frames go through the real parser and, for the PN532, the
driver's UID reading, then through :class:`~firmware_py.rfid.presence.Presence` as the reader
sets it up. Counted: frames the parser took as valid with another tag id ("wrong ids"), and
``TagPlaced`` events of a tag that is not there ("false tags"): with each reader's
confirmation (the shipped setting) and, for comparison, with none (``confirm = 1``).
``tests/firmware/rfid/test_rfid_fuzz.py`` runs the same harness on fewer frames.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from firmware_py.events import TagPlaced
from firmware_py.rfid.pn532 import ACK, InfoFrame, Pn532Parser, encode, parse_target_uid
from firmware_py.rfid.presence import Presence
from firmware_py.rfid.rdm6300 import Rdm6300Parser, encode_frame
from firmware_py.rfid.reader import PN532_CONFIRM, PN532_EMPTY_POLLS, RDM6300_CONFIRM, RDM6300_GAP

TAG = "62E3086CED"  # the tag on the RDM6300
UID = "04829CB95D"  # the tag on the PN532 (4-byte UIDs are the most common; 5 here for variety)
RDM6300_EVERY = 0.065  # s between an RDM6300's frames
PN532_EVERY = 0.1  # s between polls (TagReader's poll_interval)
PN532_CONFIRMING = PN532_EVERY / 4  # the next poll when a UID waits for its confirmation


def flip(frame: bytes, flips: int, rng: random.Random) -> bytes:
    """``frame`` with ``flips`` distinct bits inverted."""
    data = bytearray(frame)
    for bit in rng.sample(range(len(data) * 8), flips):
        data[bit // 8] ^= 1 << (bit % 8)
    return bytes(data)


@dataclass(frozen=True)
class Result:
    frames: int
    wrong_ids: int  # frames taken as valid with another id
    false_tags: int  # TagPlaced of a tag that is not on the reader


def rdm6300(frames: int, flips: int, confirm: int = RDM6300_CONFIRM, seed: int = 1) -> Result:
    rng = random.Random(seed)
    parser = Rdm6300Parser()
    presence = Presence("seat1", "reader", gap=RDM6300_GAP, confirm=confirm)
    frame = encode_frame(TAG)
    wrong = false = 0
    for n in range(frames):
        now = n * RDM6300_EVERY
        for tag in parser.feed(flip(frame, flips, rng)):
            wrong += tag != TAG
            false += sum(isinstance(e, TagPlaced) and e.tag != TAG
                         for e in presence.seen(tag, now))
    return Result(frames, wrong, false)


def pn532(frames: int, flips: int, confirm: int = PN532_CONFIRM, seed: int = 1) -> Result:
    """One poll per frame: the ACK and the answer bytes corrupted together, as they arrive."""
    rng = random.Random(seed)
    parser = Pn532Parser()
    presence = Presence("seat1", "reader", gap=None, empty_polls=PN532_EMPTY_POLLS,
                        confirm=confirm)
    answer = ACK + encode(InfoFrame(0xD5, bytes.fromhex("4b0101000408" + "05" + UID)))
    wrong = false = 0
    for n in range(frames):
        now = n * PN532_EVERY
        uid = None
        for got in parser.feed(flip(answer, flips, rng)):
            if isinstance(got, InfoFrame) and got.data[:1] == b"\x4b":
                try:
                    uid = parse_target_uid(got.data)
                except ValueError:  # the driver reports a malformed answer, no tag
                    uid = None
        parser.reset()  # the driver reads each answer afresh
        if uid is None:
            presence.empty(now)
            continue
        wrong += uid != UID
        false += sum(isinstance(e, TagPlaced) and e.tag != UID for e in presence.seen(uid, now))
    return Result(frames, wrong, false)


def tap_delay(kind: str) -> float:
    """Seconds from a tag's first clean frame (or poll) to its TagPlaced."""
    if kind == "rdm6300":
        presence = Presence("seat1", "reader", gap=RDM6300_GAP, confirm=RDM6300_CONFIRM)
        every = RDM6300_EVERY
    else:
        presence = Presence("seat1", "reader", gap=None, empty_polls=PN532_EMPTY_POLLS,
                            confirm=PN532_CONFIRM)
        every = PN532_CONFIRMING  # TagReader polls again soon while a UID is unconfirmed
    for n in range(10):
        if any(isinstance(e, TagPlaced) for e in presence.seen(TAG, n * every)):
            return n * every
    raise AssertionError("the tag never registered")


def main(argv: Sequence[str] | None = None) -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--frames", type=int, default=1_000_000)
    args.add_argument("--seed", type=int, default=1)
    opts = args.parse_args(argv)
    print(f"python {sys.version.split()[0]}, {opts.frames:,} corrupted frames per line")
    print(f"{'reader':8} {'flips':>5} {'wrong ids':>10} {'false tags':>11} "
          f"{'without confirm':>16} {'seconds':>8}")
    for name, run, confirm in (("rdm6300", rdm6300, RDM6300_CONFIRM),
                               ("pn532", pn532, PN532_CONFIRM)):
        for flips in (1, 2, 3):
            start = time.perf_counter()
            shipped = run(opts.frames, flips, confirm, opts.seed)
            bare = run(opts.frames, flips, 1, opts.seed)
            took = time.perf_counter() - start
            print(f"{name:8} {flips:>5} {shipped.wrong_ids:>10,} {shipped.false_tags:>11,} "
                  f"{bare.false_tags:>16,} {took:>8.1f}")
    for kind in ("rdm6300", "pn532"):
        first = "frame (which takes 15 ms at 9600 baud)" if kind == "rdm6300" else "poll"
        print(f"{kind}: a clean tap registers {tap_delay(kind) * 1000:.0f} ms after its first "
              f"{first}")


if __name__ == "__main__":
    main()
