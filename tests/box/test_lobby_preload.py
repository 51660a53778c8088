"""The lobby imports the engine of the game its cursor rests on ahead, on a daemon thread
(``Registry.preload``), so that choosing it is quick; passing over games imports nothing, and
an import that fails is logged and reported again when the game is chosen."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from functools import partial
from importlib import import_module
from pathlib import Path

import pytest

from services.games.core import Game
from services.games.registry import LazyGame, Registry, _shipped, default_registry
from services.referee.box.lobby import Lobby

ROOT = Path(__file__).resolve().parents[2]
SEATS = ["seat1", "seat2", "seat3"]
LABELS = {seat: seat.title() for seat in SEATS}

PRELOAD = """
import json, sys
from services.games.registry import SHIPPED, default_registry
from services.referee.box.lobby import Lobby

engines = {game: engine for game, (_info, engine, _name) in SHIPPED.items()}
registry = default_registry()
lobby = Lobby(registry.only(engines), ["seat1", "seat2"], {}, preload_after=0)
imported = lambda: sorted(g for g, e in engines.items() if e in sys.modules)
before = imported()
lobby.press("seat1", "next")  # the second game: its engine is imported ahead
lobby._preload.join()
highlighted = lobby.menu.current.value.id
ahead = imported()
made_ahead = registry.loaded(highlighted)
lobby.press("seat2", "ok")
print(json.dumps({"before": before, "ahead": ahead, "highlighted": highlighted,
                  "made_ahead": made_ahead, "chosen": lobby.game.info.id,
                  "loaded": registry.loaded(highlighted), "after": imported()}))
"""


def test_the_engine_of_the_highlighted_game_is_imported_ahead_and_only_imported() -> None:
    out = subprocess.run([sys.executable, "-c", PRELOAD], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, check=True)
    seen = json.loads(out.stdout)
    second = default_registry().infos()[1].id
    assert seen["before"] == []
    assert seen["highlighted"] == second
    assert seen["ahead"] == [second], "the highlighted game's engine only, on the thread"
    assert not seen["made_ahead"], "preloading imports; the game is made when chosen"
    assert seen["chosen"] == second and seen["loaded"]
    assert seen["after"] == [second]


def test_passing_over_games_imports_nothing_and_choosing_cancels_the_wait() -> None:
    asked: list[str] = []
    registry = default_registry()
    registry = Registry(LazyGame(info, partial(registry.get, info.id),
                                 partial(asked.append, info.id))
                        for info in registry.infos())
    lobby = Lobby(registry, SEATS, LABELS, preload_after=60.0)
    lobby.press("seat1", "next")
    first = lobby._preload
    assert first is not None and first.daemon
    lobby.press("seat1", "next")
    assert first.finished.is_set(), "moving on forgets the wait for the game passed over"
    waiting = lobby._preload
    assert waiting is not None and waiting is not first
    lobby.press("seat1", "ok")
    assert waiting.finished.is_set() and lobby._preload is None
    assert asked == []
    lobby.back()  # back in the game menu: the highlighted game is imported ahead again
    assert lobby._preload is not None
    lobby._cancel_preload()


def test_a_lobby_never_shown_imports_nothing_ahead_a_shown_one_its_first_game() -> None:
    asked: list[str] = []
    registry = default_registry()
    registry = Registry(LazyGame(info, partial(registry.get, info.id),
                                 partial(asked.append, info.id))
                        for info in registry.infos())
    lobby = Lobby(registry, SEATS, LABELS, preload_after=0)
    assert lobby._preload is None, "a lobby never drawn (behind a resumed game) waits"
    lobby.seat("seat1")
    assert lobby._preload is None, "the seats' screens show no game"
    lobby.public()  # on screen: the game highlighted from the start is imported ahead
    assert lobby._preload is not None
    lobby._preload.join()
    lobby.public()
    assert asked == [registry.infos()[0].id], "once, when first drawn"
    lobby.press("seat1", "ok")  # chosen: made on the loop's thread, as before
    assert lobby._preload is None and lobby.game is not None
    shown = Lobby(registry, SEATS, LABELS, preload_after=0)
    shown.choose(registry.infos()[1].id)  # `refbox sim GAME`: straight to its options
    shown.public()
    assert shown._preload is None


def test_no_preload_when_turned_off() -> None:
    lobby = Lobby(default_registry(), SEATS, LABELS, preload_after=None)
    lobby.press("seat1", "next")
    assert lobby._preload is None


BROKEN = "refbox_test_broken_engine"


def test_a_failing_preload_is_logged_and_choosing_reports_the_error_as_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / f"{BROKEN}.py").write_text('raise RuntimeError("this engine is broken")\n',
                                           encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    info = default_registry().infos()[0]

    def broken_registry() -> Registry:
        return Registry([LazyGame(info, partial(_shipped, BROKEN, "Game"),
                                  partial(import_module, BROKEN))])

    with pytest.raises(RuntimeError) as today:  # without a preload
        broken_registry().get(info.id)
    registry = broken_registry()
    lobby = Lobby(registry, SEATS, LABELS, preload_after=0)
    with caplog.at_level(logging.WARNING, logger="services.referee.box.lobby"):
        lobby.press("seat1", "next")  # one game: the cursor stays on it
        assert lobby._preload is not None
        lobby._preload.join()
    assert [r.getMessage() for r in caplog.records] == [
        f"importing {info.id} ahead failed; choosing it will say why"]
    assert caplog.records[0].exc_info is not None
    assert BROKEN not in sys.modules
    with pytest.raises(RuntimeError) as chosen:
        lobby.press("seat1", "ok")
    assert str(chosen.value) == str(today.value) == "this engine is broken"
    assert not registry.loaded(info.id)


def test_registry_preload_imports_without_making_and_views_share_it() -> None:
    imported: list[str] = []
    made: list[str] = []
    info = default_registry().infos()[0]
    game = default_registry().get(info.id)

    def load() -> Game:
        made.append(info.id)
        return game

    registry = Registry([LazyGame(info, load, partial(imported.append, info.id))])
    view = registry.only([info.id])
    view.preload(info.id)
    assert imported == [info.id] and made == []
    assert view.get(info.id) is game and made == [info.id]
    registry.preload(info.id)  # loaded: nothing to import ahead
    view.preload("chess")  # unknown: nothing
    assert imported == [info.id]
    assert Registry([game]).preload(info.id) is None  # a game made already
