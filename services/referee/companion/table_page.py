"""The table screen's two HTML pages: the code form and the screen's shell.

Plain HTML with no inline script or style (the server's Content-Security-Policy allows only
its own files); ``static/table.js`` fills the screen in from the table screen's model. Every
text that is not this module's own is escaped. Nothing here can send input: the only form is
the code form, sent with GET to ``/table``.
"""

from __future__ import annotations

from html import escape

from services.referee.companion.pages import document, map_section, panel_section

TABLE = {"folder": "/table", "style": "table"}  # the table screen's files

def code_page(message: str = "") -> str:
    """Asks for the table screen's code (shown on the box's public screen)."""
    notice = f'<p class="notice" role="alert">{escape(message)}</p>\n' if message else ""
    return document("Table screen", "ask", f"""<main>
<h1>Table screen</h1>
{notice}<p>This screen follows the game for everyone at the table: the board, the rolls and
what happened. It shows no secrets and takes no input.</p>
<form method="get" action="/table">
<label for="code">Table screen code <span>(on the box's public screen, beside TV
SCREEN)</span></label>
<input id="code" name="code" required maxlength="8" autocomplete="off"
 autocapitalize="characters" spellcheck="false" size="8">
<button type="submit">Watch the game</button>
</form>
</main>
""", **TABLE)


def screen_page() -> str:
    """The table screen's shell; ``static/table.js`` fills it in and keeps it up to date."""
    return document("Table screen", "screen", f"""<header>
<h1 id="title">Table screen</h1>
<p id="status" class="status" role="status">Connecting…</p>
<div class="switches">
<label><input id="narrate" type="checkbox"> Narration</label>
<label><input id="sounds" type="checkbox"> Sounds</label>
</div>
</header>
<p id="turn" class="turn" aria-live="polite"></p>
<p id="note" class="note" hidden></p>
<main class="columns">
<div class="left">
<section id="dice" class="box dice" hidden>
<h2 id="dice-title"></h2>
<p id="dice-purpose"></p>
<p id="dice-note" class="warn"></p>
</section>
{map_section("box map")}{panel_section("panel", "box panel")}</div>
<div class="right">
<section id="rolls" class="box rolls" hidden>
<h2>The last roll, step by step</h2>
<ol id="roll-steps"></ol>
</section>
<section class="box log">
<h2>What happened <span id="moves" class="dim"></span></h2>
<ol id="log" reversed></ol>
</section>
</div>
</main>
""", script="table", **TABLE)
