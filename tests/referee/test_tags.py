"""The tag registry: load, check, add, refuse duplicates, save atomically, look up."""

from __future__ import annotations

import importlib.resources
import os
from dataclasses import replace
from pathlib import Path

import pytest

from services.referee.tags import (
    DuplicateTag,
    TagEntry,
    TagRegistry,
    TagRegistryError,
    normalize_tag,
    render,
)

SCOUT = TagEntry("0a00b1c2d3", "intruder-escape", "character", "scout", "Scout")
MEDIC = TagEntry("0A00B1C2D4", "intruder-escape", "character", "medic", "Medic")


def entry_toml(**fields: str) -> str:
    lines = "".join(f'{key} = "{value}"\n' for key, value in fields.items())
    return f"[[tags]]\n{lines}"


def write(path: Path, *entries: str) -> Path:
    path.write_text("\n".join(entries), encoding="utf-8")
    return path


def test_add_save_load_lookup_round_trip(tmp_path: Path) -> None:
    registry = TagRegistry(tmp_path / "tags.toml")
    assert registry.add(SCOUT) == replace(SCOUT, tag="0A00B1C2D3")
    registry.add(MEDIC)
    registry.save()
    loaded = TagRegistry.load(tmp_path / "tags.toml")
    assert list(loaded) == list(registry)
    assert loaded.lookup("0a00b1c2d4") == MEDIC
    assert loaded.lookup("0A:00:B1:C2:D3").id == "scout"
    assert loaded.lookup("FFFFFFFFFF") is None
    assert loaded.lookup("not a tag") is None
    assert loaded.find("intruder-escape", "character", "medic") == MEDIC
    assert len(loaded) == 2


def test_tag_ids_of_both_reader_kinds() -> None:
    assert normalize_tag(" 0a00b1c2d3 ") == "0A00B1C2D3"  # RDM6300
    assert normalize_tag("04a1b2c3") == "04A1B2C3"  # PN532, 4-byte UID
    assert normalize_tag("04:a1:b2:c3:d4:e5:f6") == "04A1B2C3D4E5F6"  # PN532, 7-byte UID
    with pytest.raises(ValueError) as info:
        normalize_tag("0A00B1C2D3E")
    assert str(info.value) == (
        "'0A00B1C2D3E' is not a tag id; allowed: hex digits, 10 from an RDM6300 or 8 or 14 from "
        "a PN532"
    )
    with pytest.raises(ValueError):
        normalize_tag("0A00B1C2DG")


def test_duplicate_tag_is_refused_with_what_it_already_is(tmp_path: Path) -> None:
    registry = TagRegistry(tmp_path / "tags.toml", (SCOUT,))
    with pytest.raises(DuplicateTag) as info:
        registry.add(TagEntry("0A00B1C2D3", "intruder-escape", "character", "medic", "Medic"))
    assert str(info.value) == (
        'tag 0A00B1C2D3 is already enrolled as intruder-escape character scout ("Scout"); each '
        "tag may be enrolled once"
    )
    assert len(registry) == 1


def test_duplicate_component_is_refused(tmp_path: Path) -> None:
    registry = TagRegistry(tmp_path / "tags.toml", (SCOUT,))
    with pytest.raises(DuplicateTag) as info:
        registry.add(TagEntry("0A00B1C2FF", "intruder-escape", "character", "scout", "Scout 2"))
    assert str(info.value) == (
        "intruder-escape character scout already has tag 0A00B1C2D3; each component may be "
        "enrolled once"
    )
    registry.add(TagEntry("0A00B1C2FF", "intruder-escape", "token", "scout", "Scout token"))
    assert len(registry) == 2


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            TagEntry("0A00B1C2D3", "Intruder", "character", "scout", "Scout"),
            "game 'Intruder' is not allowed; use lower-case letters, digits, '-', '_' and '.', "
            "starting with a letter or digit",
        ),
        (
            TagEntry("0A00B1C2D3", "intruder-escape", "", "scout", "Scout"),
            "kind '' is not allowed; use lower-case letters, digits, '-', '_' and '.', starting "
            "with a letter or digit",
        ),
        (
            TagEntry("0A00B1C2D3", "intruder-escape", "character", "scout", "  "),
            "label '  ' is not allowed; give a name on one line",
        ),
        (
            TagEntry("0A00B1C2D3", "intruder-escape", "character", "scout", "a\nb"),
            "label 'a\\nb' is not allowed; give a name on one line",
        ),
    ],
)
def test_bad_fields_are_refused(tmp_path: Path, entry: TagEntry, message: str) -> None:
    with pytest.raises(ValueError) as info:
        TagRegistry(tmp_path / "t.toml").add(entry)
    assert str(info.value) == message


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "none.toml"
    assert len(TagRegistry.load(path, missing_ok=True)) == 0
    with pytest.raises(TagRegistryError) as info:
        TagRegistry.load(path)
    assert str(info.value) == (f"{path}: file: there is no such file; give a tag registry "
                               "(TOML) written by `refbox enroll`")


def test_load_names_the_file_and_entry_of_a_duplicate(tmp_path: Path) -> None:
    scout = entry_toml(tag="0A00B1C2D3", game="g", kind="k", id="a", label="A")
    again = entry_toml(tag="0a00b1c2d3", game="g", kind="k", id="b", label="B")
    path = write(tmp_path / "tags.toml", scout, again)
    with pytest.raises(TagRegistryError) as info:
        TagRegistry.load(path)
    assert (info.value.file, info.value.entry) == (str(path), "tags[1] (tag 0a00b1c2d3)")
    assert info.value.message == (
        'tag 0A00B1C2D3 is already enrolled as g k a ("A"); each tag may be enrolled once'
    )


def test_load_refuses_missing_and_unknown_fields(tmp_path: Path) -> None:
    path = write(tmp_path / "tags.toml", entry_toml(tag="0A00B1C2D3", game="g", kind="k", id="a"))
    with pytest.raises(TagRegistryError) as info:
        TagRegistry.load(path)
    assert (
        str(info.value)
        == f"{path}: tags[0]: missing label; every entry has tag, game, kind, id, label"
    )
    path = write(
        path, entry_toml(tag="0A00B1C2D3", game="g", kind="k", id="a", label="A", colour="red")
    )
    with pytest.raises(TagRegistryError) as info:
        TagRegistry.load(path)
    assert info.value.message == "unknown key 'colour'; every entry has tag, game, kind, id, label"


def test_load_refuses_bad_tag_ids_and_bad_toml(tmp_path: Path) -> None:
    path = write(
        tmp_path / "tags.toml", entry_toml(tag="XYZ", game="g", kind="k", id="a", label="A")
    )
    with pytest.raises(TagRegistryError) as info:
        TagRegistry.load(path)
    assert (info.value.entry, info.value.message) == (
        "tags[0] (tag XYZ)",
        "'XYZ' is not a tag id; allowed: hex digits, 10 from an RDM6300 or 8 or 14 from a PN532",
    )
    write(path, "[[tags]\n")
    with pytest.raises(TagRegistryError) as info:
        TagRegistry.load(path)
    assert info.value.entry == "toml"
    write(path, 'tag = "0A00B1C2D3"\n')
    with pytest.raises(TagRegistryError) as info:
        TagRegistry.load(path)
    assert (info.value.entry, info.value.message) == (
        "tag",
        "unknown key; allowed: [[tags]] tables",
    )


def test_labels_with_quotes_and_unicode_survive_saving(tmp_path: Path) -> None:
    registry = TagRegistry(tmp_path / "tags.toml")
    registry.add(TagEntry("04A1B2C3", "asylum-escape", "victim", "v1", 'Dr "Nurse" \\ Ærø'))
    registry.save()
    assert list(TagRegistry.load(tmp_path / "tags.toml")) == list(registry)


def test_save_is_atomic_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "tags.toml"
    registry = TagRegistry(path, (SCOUT,))
    registry.save()
    before = path.read_text(encoding="utf-8")
    os.chmod(path, 0o600)
    registry.add(MEDIC)
    registry.save()
    assert path.read_text(encoding="utf-8") == render(list(registry)) != before
    assert oct(path.stat().st_mode & 0o777) == oct(0o600)  # the file keeps its mode
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tags.toml"]


def test_failed_save_keeps_the_old_file_and_cleans_up(tmp_path: Path) -> None:
    target = tmp_path / "tags.toml"
    target.mkdir()  # renaming a file over a directory fails
    registry = TagRegistry(target, (SCOUT,))
    with pytest.raises(TagRegistryError) as info:
        registry.save()
    assert (info.value.file, info.value.entry) == (str(target), "file")
    assert info.value.message.startswith("cannot write: ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tags.toml"]
    assert target.is_dir()


def test_the_shipped_example_loads_and_says_it_is_an_example() -> None:
    resource = importlib.resources.files("hw").joinpath("tags.example.toml")
    text = resource.read_text(encoding="utf-8")
    assert text.startswith("# EXAMPLE ONLY - the tag ids below are made up")
    with importlib.resources.as_file(resource) as path:
        registry = TagRegistry.load(path)
    assert len(registry) == 4
    assert all("(example)" in entry.label for entry in registry)
    assert {len(entry.tag) for entry in registry} == {8, 10, 14}
