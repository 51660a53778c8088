"""What starting costs in imports (docs/performance.md, "Start-up"): the box imports the engine
of the game it resumes and no other, none to open the lobby (the simulator's tags are read from
the data files), and the ``refbox`` parser imports no engine, daemon, phone server, doctor,
gpiozero or Pillow: each command imports its machinery when it runs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from firmware_py.profile import DEFAULT_PROFILE
from services.games.registry import SHIPPED
from services.referee import doctor
from services.referee.box import daemon
from services.referee.cli import DEFAULT_BOARD, enroll, journal_cmd
from services.referee.cli import doctor as doctor_cli

ROOT = Path(__file__).resolve().parents[2]
ENGINES = sorted(engine for _info, engine, _name in SHIPPED.values())
GAME = "intruder-escape"

START = """
import json, sys
from services.referee.assemble import sim_box
from services.referee.box.script import FakeClock

engines = json.loads(sys.argv[2])
imported = lambda: sorted(e for e in engines if e in sys.modules)
import services.referee.box.daemon
at_import = imported()
gpiozero_at_import = "gpiozero" in sys.modules
box, _sim = sim_box("sim", sys.argv[1], FakeClock(), screens="memory", threaded=False, seed=3)
box.start()
table = box._table()
pending = table.lobby._preload  # the lobby on screen imports its highlighted game ahead
table.lobby._cancel_preload()  # (after a while, on a thread: not part of the start)
result = {"at_import": at_import, "gpiozero_at_import": gpiozero_at_import,
          "at_ready": imported(), "mode": table.mode, "preload": pending is not None}
if sys.argv[3:]:  # start a game of sys.argv[3] and stop as after a power cut
    from firmware_py.events import ButtonHeld, ButtonPressed
    lobby = table.lobby
    lobby.choose(sys.argv[3])
    lobby.menu.cursor = len(lobby.menu.items) - 1  # Continue: seats join
    lobby.press("seat1", "ok")
    seats = [seat.name for seat in box.profile.seats][:lobby.game.info.min_players]
    for seat in seats:
        table.handle(ButtonPressed(seat, "ok", 1.0), 1.0)
    table.handle(ButtonHeld(seats[0], "ok", 1.0), 1.0)
    result["started"] = table.mode
box.close()
print(json.dumps(result))
"""


def start(data: Path, *game: str) -> dict[str, object]:
    out = subprocess.run([sys.executable, "-c", START, str(data), json.dumps(ENGINES), *game],
                         cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    seen: dict[str, object] = json.loads(out.stdout.splitlines()[-1])
    return seen


def test_the_box_imports_no_engine_to_open_the_lobby_and_only_the_resumed_one(
        tmp_path: Path) -> None:
    fresh = start(tmp_path, GAME)
    assert fresh["at_import"] == [] and fresh["gpiozero_at_import"] is False
    assert fresh["mode"] == "lobby"
    assert fresh["at_ready"] == [], "the lobby and the sim's tags need no engine"
    assert fresh["preload"] is True, "the lobby shown imports its highlighted game ahead"
    assert fresh["started"] == "game"
    resumed = start(tmp_path)
    assert resumed["mode"] == "game"
    assert resumed["at_ready"] == [SHIPPED[GAME][1]], "the resumed game's engine only"
    assert resumed["preload"] is False, "the lobby behind a resumed game is never shown"


PARSER = """
import json, sys
from services.referee.cli import build_parser
build_parser()
print(json.dumps(sorted(sys.modules)))
"""
HEAVY = ("services.referee.box", "services.referee.companion", "services.referee.doctor",
         "services.referee.enroll", "services.referee.journal", "services.referee.live",
         "services.referee.tags", "firmware_py.profile", "gpiozero", "PIL", "sqlite3",
         "tomllib", "microdot", "segno", "luma", "serial")


def test_building_the_parser_imports_no_machinery() -> None:
    out = subprocess.run([sys.executable, "-c", PARSER], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, check=True)
    modules = json.loads(out.stdout)
    assert not [m for m in modules if m in ENGINES or m.startswith(tuple(
        f"{e}." for e in ENGINES))]
    assert not [m for m in modules if m.startswith(HEAVY)]


def test_the_values_written_out_for_the_parser_are_the_real_ones() -> None:
    assert DEFAULT_BOARD == DEFAULT_PROFILE
    assert journal_cmd.JOURNAL == daemon.JOURNAL
    assert journal_cmd.INSTALLED_DATA == str(daemon.INSTALLED_DATA)
    assert enroll.TAGS == daemon.TAGS
    assert doctor_cli.DEFAULT_TIMEOUT == doctor.DEFAULT_TIMEOUT
