"""The tagged pieces read from the data files alone (``services.games.pieces``) are exactly
those the engines' own loaders give, so the simulator's tags.toml is byte-identical to the one
built from the engines; and listing them imports no engine (docs/performance.md, "Start-up")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from services.games.pieces import TAG_KINDS, pieces
from services.games.registry import SHIPPED, Registry, default_registry
from services.referee.box.simtags import ensure_sim_tags, prepare_sim_tags, sim_tag
from services.referee.tables import tag_components
from services.referee.tags import TagEntry, TagRegistry, TagRegistryError

ROOT = Path(__file__).resolve().parents[2]


def from_engines(game_id: str) -> list[tuple[str, str, str]]:
    """The pieces as the engines' data loaders give them (what tag_components computed before
    it read the data files directly): the reference the data-only list must equal."""
    if game_id == "decktet-escape":
        from services.games.decktet_escape.deck import load_deck

        return [("card", card.id, card.name) for card in load_deck().cards]
    if game_id == "intruder-escape":
        from services.games.intruder_escape.cards import load_cards

        return [("card", instance, card.name if card.quantity == 1 else f"{card.name} {n}")
                for card in load_cards().cards
                for n, instance in enumerate(card.instance_ids, start=1)]
    if game_id == "innsmouth-escape":
        from services.games.innsmouth_escape.data import load_data
        from services.games.innsmouth_escape.state import movement_cards

        moves = [("movement", card, f"Movement {card}")
                 for card in movement_cards([1, 1, 2, 2, 3, 3])]
        places = [("location", token, f"Location {token.upper()}") for token in "abcdef123456"]
        return [*moves, *places, *(("card", card.id, card.name) for card in load_data().cards)]
    if game_id == "asylum-escape":
        from services.games.asylum_escape.data import load_data as load_asylum

        pack = load_asylum()
        rooms = [("location", room, pack.get(room).name) for room in pack.deck("locations")]
        cards = [("card", card, getattr(pack.get(card), "name", "") or movement_label(
                      pack.get(card)))
                 for deck in ("victims", "patients", "special", "camo_sabo", "movement",
                              "bloodlust") for card in pack.deck(deck)]
        return [*rooms, *cards]
    if game_id == "innsmouth-32":
        from services.games.innsmouth_32.data import load_data as load_i32

        i32 = load_i32()
        movie = [("card", c.id, c.name) for c in (*i32.movie, *i32.terrors, i32.night_clerk)]
        people = [("survivor", s.id, s.name) for s in (*i32.survivors, i32.hound)]
        return [*movie, *people]
    return []


def movement_label(card: Any) -> str:
    return "Stumble Into Nearest Patient" if card.stumble else f"Movement {card.value}"


@pytest.mark.parametrize("game_id", list(SHIPPED))
def test_the_pieces_read_from_the_data_file_are_the_engines(game_id: str) -> None:
    expected = from_engines(game_id)
    assert expected, "every shipped game has tagged pieces"
    assert pieces(game_id) == expected
    assert tag_components(game_id) == expected
    assert TAG_KINDS[game_id] == tuple(sorted({kind for kind, _id, _label in expected}))


def test_every_shipped_game_has_its_kinds_and_no_other_game_has_pieces() -> None:
    assert list(TAG_KINDS) == list(SHIPPED)
    assert pieces("chess") == [] and tag_components("chess") == []


def test_the_simulators_tags_file_is_byte_identical_to_the_engine_derived_one(
        tmp_path: Path) -> None:
    registry = default_registry()
    written = ensure_sim_tags(tmp_path / "data.toml", registry)
    reference = TagRegistry.load(tmp_path / "reference.toml", missing_ok=True)
    for info in registry.infos():
        for kind, component, label in from_engines(info.id):
            reference.add(TagEntry(sim_tag(info.id, kind, component), info.id, kind, component,
                                   label))
    reference.save()
    assert len(written) == len(reference) > 300
    assert (tmp_path / "data.toml").read_bytes() == (tmp_path / "reference.toml").read_bytes()


LIST = """
import json, sys
from services.games.registry import default_registry
from services.referee.box.simtags import ensure_sim_tags

ensure_sim_tags(__import__("pathlib").Path(sys.argv[1]), default_registry())
print(json.dumps(sorted(m for m in sys.modules if m in json.loads(sys.argv[2]))))
"""


def test_writing_the_simulators_tags_imports_no_engine(tmp_path: Path) -> None:
    engines = sorted(engine for _info, engine, _name in SHIPPED.values())
    out = subprocess.run([sys.executable, "-c", LIST, str(tmp_path / "tags.toml"),
                          json.dumps(engines)], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, check=True)
    assert json.loads(out.stdout) == []
    assert len(TagRegistry.load(tmp_path / "tags.toml")) > 300


def test_a_registry_without_a_game_lists_no_pieces_for_it(tmp_path: Path) -> None:
    registry = default_registry()
    only = Registry([registry.get("decktet-escape")])
    tags = ensure_sim_tags(tmp_path / "tags.toml", only)
    assert {entry.game for entry in tags} == {"decktet-escape"}


def test_the_sim_writes_its_tags_at_the_first_start_and_leaves_a_full_file_to_the_box(
        tmp_path: Path) -> None:
    registry = default_registry()
    path = tmp_path / "tags.toml"
    prepare_sim_tags(path, registry)  # the first start: written
    written = path.read_bytes()
    assert written == render_sim_tags(tmp_path / "reference.toml", registry)
    path.write_bytes(written + b"\n[[tags]]\nthis is not TOML")  # entries: not read again
    prepare_sim_tags(path, registry)
    with pytest.raises(TagRegistryError):  # the box reads it next, and says so
        TagRegistry.load(path)
    path.write_text("# refbox tag registry: which RFID tag is which game component.\n",
                    encoding="utf-8")
    prepare_sim_tags(path, registry)  # no entry: written, as ensure_sim_tags does
    assert path.read_bytes() == written
    path.write_text("tags = 3\n", encoding="utf-8")  # damaged, no entry: reported as before
    with pytest.raises(TagRegistryError):
        prepare_sim_tags(path, registry)


def render_sim_tags(path: Path, registry: Registry) -> bytes:
    ensure_sim_tags(path, registry)
    return path.read_bytes()
