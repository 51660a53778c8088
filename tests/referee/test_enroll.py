"""``refbox enroll``: tags from a (fake) source, ids from the user or a list, saved each time."""

from __future__ import annotations

import argparse
import queue
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from firmware_py.events import DeviceStatus, InputEvent, TagPlaced
from firmware_py.profile import load_profile
from firmware_py.specs import Clock, ReaderSpec
from services.games.registry import default_registry
from services.referee.cli import enroll as enroll_cli
from services.referee.enroll import (
    enroll,
    open_tag_source,
    pick_reader,
    queued_tags,
    read_list,
)
from services.referee.tags import TagEntry, TagRegistry

GAME, KIND = "intruder-escape", "character"


def placed(*tags: str) -> list[TagPlaced]:
    return [TagPlaced("seat1", "seat1 reader", tag, float(i)) for i, tag in enumerate(tags)]


class Script:
    """Answers for ``ask`` in order, and everything ``say`` printed."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.said: list[str] = []
        self.asked: list[str] = []

    def ask(self, question: str) -> str:
        self.asked.append(question)
        if not self.answers:
            raise EOFError
        answer = self.answers.pop(0)
        if answer == "^C":
            raise KeyboardInterrupt
        return answer

    def say(self, text: str) -> None:
        self.said.append(text)


@pytest.fixture
def registry(tmp_path: Path) -> TagRegistry:
    return TagRegistry(tmp_path / "tags.toml")


def test_list_mode_takes_components_in_order_and_saves_after_each(registry: TagRegistry) -> None:
    items = [("scout", "Scout"), ("medic", "Medic")]
    script = Script()

    def tags() -> Iterator[TagPlaced]:
        yield placed("0a00000001")[0]
        assert [e.id for e in TagRegistry.load(registry.path)] == ["scout"]  # saved already
        yield placed("0A00000002")[0]

    assert enroll(registry, tags(), game=GAME, kind=KIND, items=items, say=script.say) == 2
    assert list(TagRegistry.load(registry.path)) == [
        TagEntry("0A00000001", GAME, KIND, "scout", "Scout"),
        TagEntry("0A00000002", GAME, KIND, "medic", "Medic"),
    ]
    assert script.said == [
        "0 of 2 already enrolled, 2 to go",
        "[1/2] tap the tag for Scout (character scout)",
        'saved: 0A00000001 = intruder-escape character scout ("Scout")',
        "[2/2] tap the tag for Medic (character medic)",
        'saved: 0A00000002 = intruder-escape character medic ("Medic")',
    ]


def test_resuming_skips_enrolled_components_and_refuses_known_tags(registry: TagRegistry) -> None:
    registry.add(TagEntry("0A00000001", GAME, KIND, "scout", "Scout"))
    items = [("scout", "Scout"), ("medic", "Medic")]
    script = Script()
    count = enroll(
        registry,
        placed("0A00000001", "0A00000002"),
        game=GAME,
        kind=KIND,
        items=items,
        say=script.say,
    )
    assert count == 1
    assert script.said == [
        "1 of 2 already enrolled, 1 to go",
        "[1/1] tap the tag for Medic (character medic)",
        'tag 0A00000001 is already enrolled as intruder-escape character scout ("Scout"); tap '
        "another tag",
        'saved: 0A00000002 = intruder-escape character medic ("Medic")',
    ]


def test_running_out_of_tags_stops_with_what_was_saved(registry: TagRegistry) -> None:
    script = Script()
    items = [("scout", "Scout"), ("medic", "Medic")]
    count = enroll(
        registry,
        placed("0A00000001", "nonsense"),
        game=GAME,
        kind=KIND,
        items=items,
        say=script.say,
    )
    assert count == 1 and len(TagRegistry.load(registry.path)) == 1
    assert script.said[-2:] == [
        "ignored: 'nonsense' is not a tag id; allowed: hex digits, 10 from an RDM6300 or 8 or 14 "
        "from a PN532",
        "no more tags",
    ]


def test_asking_mode_names_each_tag(registry: TagRegistry) -> None:
    registry.add(TagEntry("0A000000FF", GAME, KIND, "scout", "Scout"))
    script = Script("scout", "medic", "", "Bad Id", "pilot", "The Pilot", "")
    tags = placed("0A00000001", "0A000000FF", "0A00000002", "0A00000003")
    count = enroll(registry, tags, game=GAME, kind=KIND, ask=script.ask, say=script.say)
    assert count == 2
    assert [(e.tag, e.id, e.label) for e in TagRegistry.load(registry.path)] == [
        ("0A000000FF", "scout", "Scout"),
        ("0A00000001", "medic", "medic"),
        ("0A00000002", "pilot", "The Pilot"),
    ]
    assert script.asked == [
        "character id for tag 0A00000001 (empty: skip): ",
        "character id for tag 0A00000001 (empty: skip): ",
        "label for medic [medic]: ",
        "character id for tag 0A00000002 (empty: skip): ",
        "character id for tag 0A00000002 (empty: skip): ",
        "label for pilot [pilot]: ",
        "character id for tag 0A00000003 (empty: skip): ",
    ]
    assert "intruder-escape character scout already has tag 0A000000FF; choose another id" in (
        script.said
    )
    assert (
        'tag 0A000000FF is already enrolled as intruder-escape character scout ("Scout"); tap '
        "another tag" in script.said
    )
    assert (
        "refused: id 'Bad Id' is not allowed; use lower-case letters, digits, '-', '_' and '.', "
        "starting with a letter or digit" in script.said
    )
    assert script.said[-1] == "no more tags"


def test_end_of_input_stops_asking(registry: TagRegistry) -> None:
    script = Script()
    assert (
        enroll(registry, placed("0A00000001"), game=GAME, kind=KIND, ask=script.ask, say=script.say)
        == 0
    )
    assert len(registry) == 0


def test_bad_game_name_is_refused_before_any_tag(registry: TagRegistry) -> None:
    with pytest.raises(ValueError, match=r"^game 'Intruder Escape' is not allowed"):
        enroll(registry, placed("0A00000001"), game="Intruder Escape", kind=KIND)


def test_read_list(tmp_path: Path) -> None:
    path = tmp_path / "list.txt"
    path.write_text("# characters\nscout, The Scout\n\nmedic\npilot,Pilot, retired\n", "utf-8")
    assert read_list(path) == [
        ("scout", "The Scout"),
        ("medic", "medic"),
        ("pilot", "Pilot, retired"),
    ]
    path.write_text("scout,A\nmedic,B\nscout,C\n", "utf-8")
    with pytest.raises(ValueError) as info:
        read_list(path)
    assert str(info.value) == f"{path}:3: id 'scout' is already on line 1"
    path.write_text("Scout,A\n", "utf-8")
    with pytest.raises(ValueError, match=r":1: id 'Scout' is not allowed"):
        read_list(path)
    with pytest.raises(ValueError, match=r"missing\.txt: there is no such file; give a list"):
        read_list(tmp_path / "missing.txt")


def test_pick_reader_by_seat_or_reader_name() -> None:
    two = load_profile("two-seat")
    assert pick_reader(two, None) == (two.seats[0].reader, "seat1")
    assert pick_reader(two, "seat2") == (two.seats[1].reader, "seat2")
    assert pick_reader(two, "seat2 reader") == (two.seats[1].reader, "seat2")
    with pytest.raises(ValueError) as info:
        pick_reader(two, "seat9")
    assert (
        str(info.value)
        == "no reader named 'seat9' in board profile two-seat; readers: seat1, seat2"
    )


class FakeReader:
    """Stands for firmware_py.rfid.TagReader: emits a status and a tag on start."""

    def __init__(
        self, spec: ReaderSpec, seat: str, sink: Callable[[InputEvent], None], clock: Clock
    ) -> None:
        self.spec, self.seat, self.sink, self.clock = spec, seat, sink, clock
        self.started = self.stopped = False

    @property
    def online(self) -> bool:
        return self.started

    def start(self) -> None:
        self.started = True
        self.sink(DeviceStatus(self.spec.name, self.spec.port, False, "unplugged", 1.0))
        self.sink(DeviceStatus(self.spec.name, self.spec.port, True, "", 2.0))
        self.sink(TagPlaced(self.seat, self.spec.name, "0A00000007", 3.0))

    def stop(self) -> None:
        self.stopped = True


def test_real_board_reads_from_the_reader_and_stops_it() -> None:
    two = load_profile("two-seat")
    spec, seat = pick_reader(two, "seat2")
    script = Script()
    made: list[FakeReader] = []

    def factory(*args: object) -> FakeReader:
        made.append(FakeReader(*args))  # type: ignore[arg-type]
        return made[-1]

    with open_tag_source(two, spec, seat, say=script.say, reader_factory=factory) as tags:
        first = next(iter(tags))
        reader = made[0]
        assert (reader.started, reader.stopped) == (True, False)
    assert reader.stopped is True
    assert first == TagPlaced("seat2", "seat2 reader", "0A00000007", 3.0)
    assert script.said == [
        "reading tags on seat2 reader (/dev/ttyUSB1)",
        "seat2 reader (/dev/ttyUSB1) offline: unplugged",
        "seat2 reader (/dev/ttyUSB1) back online",
    ]


def test_queued_tags_skips_other_events() -> None:
    events: queue.Queue[InputEvent] = queue.Queue()
    events.put(DeviceStatus("seat1 screen", "i2c-1@0x3C", True, "", 0.0))
    events.put(TagPlaced("seat1", "seat1 reader", "0A00000001", 1.0))
    said: list[str] = []
    assert next(queued_tags(events, said.append)).tag == "0A00000001"
    assert said == ["seat1 screen (i2c-1@0x3C) back online"]


def first_card() -> str:
    return enroll_cli.components(GAME, "card")[0][0]


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="refbox")
    enroll_cli.register(parser.add_subparsers())
    return parser.parse_args(["enroll", *argv])


def test_command_on_the_sim_board_takes_typed_tag_ids(tmp_path: Path) -> None:
    tags_file = tmp_path / "tags.toml"
    listing = tmp_path / "list.txt"
    listing.write_text("knife-1,Knife\ncar-1,Car\n", "utf-8")
    args = parse(
        "--tags", str(tags_file), "--game", GAME, "--kind", "card", "--from-list", str(listing)
    )
    assert args.handler is enroll_cli.run and args.board == "sim"
    script = Script("0a00000001", "zz", "0a00000002")
    assert enroll_cli.run(args, ask=script.ask, say=script.say) == 0
    assert [e.id for e in TagRegistry.load(tags_file)] == ["knife-1", "car-1"]
    assert script.asked == ["tag id (simulated reader; empty: finish): "] * 3
    assert script.said[-1] == f"2 tag(s) enrolled; 2 tags in {tags_file}"
    script = Script()
    assert enroll_cli.run(args, ask=script.ask, say=script.say) == 0  # resumed: nothing to do
    assert script.said == [
        "2 of 2 already enrolled, 0 to go",
        f"0 tag(s) enrolled; 2 tags in {tags_file}",
    ]


def test_command_reports_errors_and_interruptions(tmp_path: Path) -> None:
    tags_file = tmp_path / "tags.toml"
    script = Script()
    args = parse("--tags", str(tags_file), "--game", GAME, "--kind", "card", "--board", "nope")
    assert enroll_cli.run(args, ask=script.ask, say=script.say) == 1
    assert script.said[0].startswith("refbox enroll: board profile (nope): name: no shipped")
    script = Script("0a00000001", "^C")
    args = parse("--tags", str(tags_file), "--game", GAME, "--kind", "card")
    assert enroll_cli.run(args, ask=script.ask, say=script.say) == 130
    assert script.said[-1] == f"\nstopped; 1 tags in {tags_file} (run again to go on)"
    assert [e.id for e in TagRegistry.load(tags_file)] == [first_card()]


TAGGED = ("decktet-escape, intruder-escape, innsmouth-escape, asylum-escape, "
          "innsmouth-32")  # the games with tagged pieces


@pytest.mark.parametrize(("game", "kind", "message"), [
    ("chess", "card", f"unknown game 'chess'; games with pieces that carry a tag: {TAGGED}"),
    ("chess", "banana", f"unknown game 'chess'; games with pieces that carry a tag: {TAGGED}"),
    (GAME, "banana", "intruder-escape has no kind 'banana'; kinds: card"),
    (GAME, "Big Card", "intruder-escape has no kind 'Big Card'; kinds: card"),
    ("innsmouth-escape", "character", "innsmouth-escape has no kind 'character'; kinds: card, "
                                      "location, movement"),
    ("asylum-escape", "movement", "asylum-escape has no kind 'movement'; kinds: card, "
                                  "location"),
])
def test_command_refuses_an_unknown_game_or_kind_and_saves_nothing(
    tmp_path: Path, game: str, kind: str, message: str
) -> None:
    tags_file = tmp_path / "tags.toml"
    script = Script("0a00000001", "x", "x")
    args = parse("--tags", str(tags_file), "--game", game, "--kind", kind)
    assert enroll_cli.run(args, ask=script.ask, say=script.say) == 1
    assert script.said == [f"refbox enroll: {message}"]
    assert script.asked == [] and not tags_file.exists()


def test_the_games_with_tagged_pieces_are_those_of_the_registry() -> None:
    kinds = enroll_cli.tag_kinds()
    assert ", ".join(g for g, k in kinds.items() if k) == TAGGED
    assert set(kinds) == {g.info.id for g in default_registry()}


def test_help_lists_the_games_and_their_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse("--help")
    text = " ".join(capsys.readouterr().out.split()).replace("- ", "-")  # wrapped at "-"
    assert ("Games and the kinds of pieces that carry a tag: decktet-escape: card; "
            "intruder-escape: card; innsmouth-escape: card, location, movement; "
            "asylum-escape: card, location; innsmouth-32: card, survivor.") in text


def test_list_ids_prints_a_from_list_file_generated_from_the_game_data(tmp_path: Path) -> None:
    from services.referee.tables import tag_components

    for game, kinds in enroll_cli.tag_kinds().items():
        for kind in kinds:
            script = Script()
            args = parse("--game", game, "--kind", kind, "--list-ids")
            assert enroll_cli.run(args, ask=script.ask, say=script.say) == 0
            assert script.said[0] == f"# {game} {kind}: id,label (for refbox enroll --from-list)"
            listing = tmp_path / f"{game}-{kind}.txt"
            listing.write_text("\n".join(script.said) + "\n", "utf-8")
            assert read_list(listing) == [(c, label) for k, c, label in tag_components(game)
                                          if k == kind]
    script = Script()
    enroll_cli.run(parse("--game", "decktet-escape", "--kind", "card", "--list-ids"),
                   ask=script.ask, say=script.say)
    assert len(script.said) == 46 and script.said[1] == "ace-moons,Ace of Moons"


def test_asylum_escape_enrolls_its_location_cards_and_every_card_of_its_decks() -> None:
    """The 25 location cards (the players' own layout) and the six decks (cards = physical):
    every card once, named as on the card; a Movement card by its value."""
    from services.games.asylum_escape.data import load_data

    pack = load_data()
    script = Script()
    args = parse("--game", "asylum-escape", "--kind", "location", "--list-ids")
    assert enroll_cli.run(args, ask=script.ask, say=script.say) == 0
    assert script.said[1:] == [f"{r},{pack.get(r).name}" for r in pack.deck("locations")]
    assert len(script.said) == 1 + 25
    script = Script()
    args = parse("--game", "asylum-escape", "--kind", "card", "--list-ids")
    assert enroll_cli.run(args, ask=script.ask, say=script.say) == 0
    decks = ("victims", "patients", "special", "camo_sabo", "movement", "bloodlust")
    assert [line.split(",")[0] for line in script.said[1:]] == [
        c for d in decks for c in pack.deck(d)]
    assert "move-2-1,Movement 2" in script.said and "stumble-1,Stumble Into Nearest Patient" \
        in script.said and "intern,Example Intern" in script.said


def test_a_list_with_ids_the_game_does_not_have_is_refused(tmp_path: Path) -> None:
    listing = tmp_path / "list.txt"
    listing.write_text("knife-1,Knife\nscout,Scout\n", "utf-8")
    script = Script()
    args = parse("--tags", str(tmp_path / "tags.toml"), "--game", GAME, "--kind", "card",
                 "--from-list", str(listing))
    assert enroll_cli.run(args, ask=script.ask, say=script.say) == 1
    assert script.said == [f"refbox enroll: {listing}: scout is not a card id of "
                           "intruder-escape; see refbox enroll --game intruder-escape --kind "
                           "card --list-ids"]


def test_the_registry_defaults_to_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "box"
    script = Script("0a00000001", "")
    args = parse("--data", str(data), "--game", GAME, "--kind", "card")
    assert enroll_cli.run(args, ask=script.ask, say=script.say) == 0
    assert [e.id for e in TagRegistry.load(data / "tags.toml")] == [first_card()]
    monkeypatch.setenv("REFBOX_DATA", str(tmp_path / "env"))
    script = Script("0a00000002", "")
    args = parse("--game", "decktet-escape", "--kind", "card")
    assert enroll_cli.run(args, ask=script.ask, say=script.say) == 0
    assert len(TagRegistry.load(tmp_path / "env" / "tags.toml")) == 1
