"""What the phones' join page carries: the join address as a QR symbol, the address in lines
(the box draws the page itself: :mod:`services.referee.box.joinpage`).

The address is written in capitals (``HTTP://192.168.1.20:8032/J/ABCD``): scheme and host
are case-insensitive, and capitals, digits and ``:/.`` are QR's alphanumeric mode, which packs
the longest LAN address with its port and join code into a version 2 symbol (25 modules).
"""

from __future__ import annotations

import segno


def join_address(url: str, code: str) -> str:
    """The join address a QR code carries: the server's ``url`` and the join ``code``."""
    return f"{url.rstrip('/')}/J/{code}".upper()


def qr_matrix(text: str) -> list[list[bool]]:
    """The symbol's modules (True: dark), without a quiet zone."""
    symbol = segno.make_qr(text, error="l", boost_error=False)
    return [[bool(dark) for dark in row] for row in symbol.matrix]


def address_lines(host_port: str, columns: int) -> list[str]:
    """``host:port`` in lines of at most ``columns``, broken after a dot or before the
    colon (never inside a number)."""
    pieces: list[str] = []
    for part in host_port.replace(":", "\0:").split("\0"):
        dotted = part.split(".")
        pieces += [p + "." for p in dotted[:-1]] + [dotted[-1]]
    lines = [""]
    for piece in pieces:
        if lines[-1] and len(lines[-1]) + len(piece) > columns:
            lines.append("")
        lines[-1] += piece
    return lines
