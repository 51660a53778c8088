"""Corrected data files: a copy of a game's TOML in the box's ``packs/`` directory (or given
to ``refbox play --deck``) replaces the shipped one, validated the same way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from services.games.core import DataError, OptionError
from services.games.registry import default_registry
from services.referee.assemble import box_registry
from tests.referee.test_cli import ROOT, refbox

SHIPPED = ROOT / "services" / "games" / "data" / "intruder.toml"


def renamed(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "intruder.toml"
    path.write_text(SHIPPED.read_text().replace('name = "Character 3"', 'name = "Old Nell"'))
    return path


def test_a_copy_in_packs_replaces_the_shipped_data(tmp_path: Path) -> None:
    renamed(tmp_path / "data" / "packs")
    game = box_registry(tmp_path / "data").get("intruder-escape")
    state = game.new_state(3, {"characters": "by_seat"})
    assert state.view(None)["seats"][2]["character_name"] == "Old Nell"
    shipped = default_registry().get("intruder-escape").new_state(3, {"characters": "by_seat"})
    assert shipped.view(None)["seats"][2]["character_name"] == "Character 3"


def test_without_packs_the_shipped_data_is_used(tmp_path: Path) -> None:
    game = box_registry(tmp_path / "nothing-here").get("intruder-escape")
    assert game.data.characters[0].name == "Character 1"


def test_a_broken_copy_is_refused_with_file_and_field(tmp_path: Path) -> None:
    packs = tmp_path / "packs"
    packs.mkdir()
    (packs / "intruder.toml").write_text(SHIPPED.read_text().replace("die = 6", "die = 7"))
    with pytest.raises(DataError) as caught:
        default_registry(packs)
    assert caught.value.message == (f"{packs / 'intruder.toml'}: characters[5].die: must be a "
                                    "die face 1 to 6, not 7")


def test_play_takes_a_corrected_intruder_file(tmp_path: Path) -> None:
    path = renamed(tmp_path)
    run = refbox("play", "intruder-escape", "--players", "3", "--deck", str(path), "--json",
                 "--option", "characters=by_seat", stdin='{"cmd": "view"}\n')
    assert json.loads(run.stdout)["view"]["seats"][2]["character_name"] == "Old Nell"


def test_the_box_leaves_out_a_game_whose_data_file_is_damaged(tmp_path: Path) -> None:
    packs = tmp_path / "packs"
    packs.mkdir()
    (packs / "decktet.toml").write_text("[pack\n")
    registry = default_registry(packs, leave_out_damaged=True)
    assert "decktet-escape" not in {g.info.id for g in registry}
    assert "intruder-escape" in {g.info.id for g in registry}
    assert str(registry.unavailable["decktet-escape"]).startswith(f"{packs / 'decktet.toml'}: ")
    with pytest.raises(OptionError) as caught:
        registry.get("decktet-escape")
    assert caught.value.message.startswith(
        f"decktet-escape is not available: {packs / 'decktet.toml'}: ")
