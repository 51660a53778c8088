"""RFID parser throughput: frames per second for the RDM6300 and PN532 parsers.

Run from the repository root, with refbox installed in the venv (``pip install -e .``):

    .venv/bin/python benchmarks/rfid_parse.py [--frames 20000] [--repeat 5]

Each parser gets a stream of valid frames (PN532: ACK + InListPassiveTarget answer, as the
driver sees per poll), cut into chunks of 1 byte, 16 bytes, one frame, and the whole stream;
the best of ``--repeat`` runs is reported. For scale: an RDM6300 sends about 15 frames per second
(one every ~65 ms), a polled PN532 about 10 answers per second, per reader.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence

from firmware_py.rfid.pn532 import ACK, InfoFrame, Pn532Parser, encode
from firmware_py.rfid.rdm6300 import Rdm6300Parser, encode_frame


def chunks(stream: bytes, size: int) -> list[bytes]:
    return [stream[i : i + size] for i in range(0, len(stream), size)]


def best_rate(make: Callable[[], object], pieces: list[bytes], frames: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        parser = make()
        feed = parser.feed  # type: ignore[attr-defined]
        start = time.perf_counter()
        found = 0
        for piece in pieces:
            found += len(feed(piece))
        best = min(best, time.perf_counter() - start)
        if found != frames:
            raise SystemExit(f"{type(parser).__name__} found {found} of {frames} frames")
    return frames / best


def main(argv: Sequence[str] | None = None) -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--frames", type=int, default=20_000)
    args.add_argument("--repeat", type=int, default=5)
    opts = args.parse_args(argv)
    n = opts.frames

    rdm_frame = encode_frame("62E3086CED")
    rdm_stream = rdm_frame * n
    pn_frame = ACK + encode(InfoFrame(0xD5, bytes.fromhex("4b01010004080482acb95d")))
    pn_stream = pn_frame * n
    # ACK and answer are two frames per poll
    cases = [
        ("rdm6300", Rdm6300Parser, rdm_stream, len(rdm_frame), n),
        ("pn532", Pn532Parser, pn_stream, len(pn_frame), 2 * n),
    ]
    print(f"python {sys.version.split()[0]}, {n} frames per run, best of {opts.repeat}")
    print(f"{'parser':8} {'chunk':>12} {'frames/s':>14}")
    for name, make, stream, frame_len, count in cases:
        sizes = [("1 byte", 1), ("16 bytes", 16), ("1 frame", frame_len), ("all", len(stream))]
        for label, size in sizes:
            rate = best_rate(make, chunks(stream, size), count, opts.repeat)
            print(f"{name:8} {label:>12} {rate:>14,.0f}")


if __name__ == "__main__":
    main()
