"""The join page of the public screen: a QR code of the join address, and the address itself.

At 2 px a module the version 2 symbol (:mod:`services.referee.companion.qr`) is 50 px on the
128x64 screen, light on a light quiet zone, so a phone's camera reads it from about 15 cm.
"""

from __future__ import annotations

from PIL import ImageDraw

from services.referee.box.render import CHAR_W, HEIGHT, WIDTH, Canvas
from services.referee.companion.qr import address_lines, join_address, qr_matrix

MODULE = 2  # px per QR module
QUIET = 3  # modules of light margin around the symbol (the screen around it is dark)
ROW = 11  # px per text row


def join_page(url: str, code: str) -> Canvas:
    """The QR code on the left; "PHONES", the address and the code on the right."""
    return qr_page(join_address(url, code), "PHONES", url, f"code {code}")


def qr_page(address: str, title: str, url: str, last: str) -> Canvas:
    """A QR code of ``address`` on the left; ``title``, ``url``'s host and port, and
    ``last`` on the right."""
    canvas = Canvas()
    matrix = qr_matrix(address)
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
    lines = [title, *address_lines(host_port, columns), last]
    for row, line in enumerate(lines):
        canvas.text(x, row * ROW + max(0, (HEIGHT - len(lines) * ROW) // 2), line)
    return canvas
