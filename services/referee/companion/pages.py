"""The two HTML pages the phone server sends: the join page and the seat page's shell.

Both are plain HTML with no inline script or style (the server's Content-Security-Policy
allows only its own files); the seat page is filled in by ``static/seat.js`` from the seat's
model. Every text taken from the table is escaped.
"""

from __future__ import annotations

from html import escape

from services.referee.companion.hub import PhoneSeat

_HEAD = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{title}</title>
<link rel="icon" href="/static/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="{folder}/common.css">
<link rel="stylesheet" href="{folder}/{style}.css">
</head>
"""


def document(title: str, body_class: str, body: str, *, folder: str = "/static",
             style: str = "seat", script: str = "") -> str:
    """One page of the server, the skeleton every page shares: the head (``title`` escaped
    by the caller; the icon, the shared style and the page's own ``style`` from
    ``folder``), the ``<body>`` of ``body_class`` holding ``body``, and with a ``script``,
    the shared script then the page's own (``defer``: they run in this order)."""
    scripts = (f'<script src="{folder}/common.js" defer></script>\n'
               f'<script src="{folder}/{script}.js" defer></script>\n') if script else ""
    return (_HEAD.format(title=title, folder=folder, style=style)
            + f'<body class="{body_class}">\n{body}{scripts}</body>\n</html>\n')


def panel_section(prefix: str, classes: str, *, box: str = "", hidden: bool = False) -> str:
    """A panel in words for ``common.js``'s ``showPanel(prefix)``: a title, sentences and
    rows, in a section of id ``box`` (``prefix`` when not given)."""
    shut = " hidden" if hidden else ""
    return (f'<section id="{box or prefix}" class="{classes}"{shut}>\n'
            f'<h2 id="{prefix}-title"></h2>\n<div id="{prefix}-lines" class="lines"></div>\n'
            f'<div id="{prefix}-rows" class="rows"></div>\n</section>\n')


def map_section(classes: str) -> str:
    """The board map for ``common.js``'s ``showMap``."""
    return (f'<section id="map" class="{classes}" hidden>\n<h2 id="map-title"></h2>\n'
            '<div id="map-grid" class="map-grid"></div>\n'
            '<div id="map-notes" class="map-notes"></div>\n</section>\n')


def join_page(seats: list[tuple[PhoneSeat, bool]], url: str, message: str = "", *,
              code: str = "") -> str:
    """The lobby of phone seats: a free seat is a button that joins it; a taken one is grey.
    The join code is asked for, filled in when the phone came by the QR code (``code``)."""
    rows = []
    for seat, taken in seats:
        label = escape(seat.label)
        if taken:
            rows.append(f'<button class="seat taken" disabled>{label} — taken</button>')
        else:
            rows.append(f'<button class="seat" type="submit" name="seat" '
                        f'value="{escape(seat.name)}">{label}</button>')
    choices = "\n".join(rows) or '<p>This table has no phone seats.</p>'
    notice = f'<p class="notice" role="alert">{escape(message)}</p>\n' if message else ""
    return document("Join the table", "join", f"""<main>
<h1>Join the table</h1>
{notice}<p>Choose your seat. This phone then shows that seat's screen.</p>
<form method="post" action="/join">
<label class="code" for="code">Join code
<span>(on the table's screen, beside PHONES)</span></label>
<input id="code" class="code" name="code" value="{escape(code)}" required maxlength="8"
 autocomplete="off" autocapitalize="characters" spellcheck="false" inputmode="text" size="8">
{choices}
</form>
<p><a class="button" href="/">Look again</a></p>
<figure>
<img class="qr" src="/qr.svg" alt="QR code of {escape(url)}" width="180" height="180">
<figcaption>Other phones join at <strong>{escape(url)}</strong></figcaption>
</figure>
</main>
""")


def seat_page(label: str) -> str:
    """The seat page's shell; ``static/seat.js`` fills it in and keeps it up to date."""
    peek = panel_section("peek", "panel peek", box="peek-box", hidden=True)
    return document(escape(label), "seat-page", f"""<main>
<header>
<h1 id="label">{escape(label)}</h1>
<p id="status" class="status" role="status">Connecting…</p>
</header>
<p id="say" class="say" aria-live="polite" hidden></p>
<section id="screen" class="screen" hidden>
<h2 id="screen-title"></h2>
<div id="screen-lines"></div>
</section>
<p id="notice" class="notice" role="alert" hidden></p>
{peek}<section id="menu" class="menu" hidden>
<h2 id="menu-title"></h2>
<div id="menu-lines"></div>
<div id="menu-items"></div>
<p id="why" class="why" role="alert" hidden></p>
</section>
<div class="controls">
<button id="peek" class="peek-button" type="button">Hold to peek</button>
<button type="button" data-press="prev">◀ Previous</button>
<button type="button" data-press="next">Next ▶</button>
<button type="button" data-press="ok">OK</button>
<button type="button" data-back="1">Hold OK (back)</button>
<button id="table-menu" type="button">Table menu</button>
</div>
{map_section("map")}{panel_section("public", "panel public")}</main>
""", script="seat")
