"""The join page of the public screen: a QR code of the join address, and the address itself.

The address is written in capitals (``HTTP://192.168.1.20:8032/J/ABCD``): scheme and host
are case-insensitive, and capitals, digits and ``:/.`` are QR's alphanumeric mode, which packs
the longest LAN address with its port and join code into a version 2 symbol (25 modules). At
2 px a module it is 50 px on the 128x64 screen, light on a light quiet zone, so a phone's
camera reads it from about 15 cm.
"""

from __future__ import annotations

import segno
from PIL import ImageDraw

from services.referee.box.render import CHAR_W, HEIGHT, WIDTH, Canvas

MODULE = 2  # px per QR module
QUIET = 3  # modules of light margin around the symbol (the screen around it is dark)
ROW = 11  # px per text row


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


def join_page(url: str, code: str) -> Canvas:
    """The QR code on the left; "PHONES", the address and the code on the right."""
    canvas = Canvas()
    matrix = qr_matrix(join_address(url, code))
    side = (len(matrix) + 2 * QUIET) * MODULE
    top = max(0, (HEIGHT - side) // 2)
    canvas.box(0, top, side - 1, top + side - 1, fill=True)
    draw = ImageDraw.Draw(canvas.image)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                left, upper = (x + QUIET) * MODULE, top + (y + QUIET) * MODULE
                draw.rectangle((left, upper, left + MODULE - 1, upper + MODULE - 1),
                               fill=0)
    x = side + 2
    columns = (WIDTH - x) // CHAR_W
    host_port = url.split("//", 1)[-1].rstrip("/")
    lines = ["PHONES", *address_lines(host_port, columns), f"code {code}"]
    for row, line in enumerate(lines):
        canvas.text(x, row * ROW + max(0, (HEIGHT - len(lines) * ROW) // 2), line)
    return canvas
