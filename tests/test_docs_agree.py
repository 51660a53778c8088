"""The README and the guides agree with what ships (issue 24, "docs that match").

Every game the lobby offers has its README row and its guide; each guide names every option
and every value the lobby offers; the README claims nothing missing that ships; the games the
box plays are the README's; the suite's time is a measured figure (docs/performance.md, "The
test suite", made by ``benchmarks/suite_time.py``) and stays close to the suite it measured.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from services.bots import levels
from services.games.core import GameInfo
from services.games.registry import default_registry

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PERFORMANCE = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
INFOS = default_registry().infos()
SUITE = re.compile(r"(\d[\d,]*)\s+tests\s+in\s+(\d+ min \d+ s)\s+on\s+two\s+cores,"
                   r"\s+measured\s+(\d{4}-\d\d-\d\d)")


def readme_row(game_id: str) -> str:
    rows = [line for line in README.splitlines()
            if line.startswith("|") and f"(docs/games/{game_id}.md)" in line]
    if len(rows) != 1:
        raise AssertionError(f"README's 'What works today' has {len(rows)} rows for {game_id}")
    return rows[0]


@pytest.mark.parametrize("info", INFOS, ids=lambda info: info.id)
def test_every_game_the_lobby_offers_has_a_readme_row_and_a_guide(info: GameInfo) -> None:
    assert (ROOT / "docs" / "games" / f"{info.id}.md").is_file()
    assert info.title.split(" (")[0] in readme_row(info.id)


def test_every_guide_the_readme_links_is_a_game_of_the_lobby() -> None:
    linked = set(re.findall(r"\(docs/games/([a-z0-9-]+)\.md", README))
    assert linked == {info.id for info in INFOS}


@pytest.mark.parametrize("info", INFOS, ids=lambda info: info.id)
def test_each_guide_names_every_option_and_value(info: GameInfo) -> None:
    guide = (ROOT / "docs" / "games" / f"{info.id}.md").read_text(encoding="utf-8")
    missing = [option.key for option in info.options if option.key not in guide]
    assert missing == [], f"docs/games/{info.id}.md does not name these options"
    values = [f"{option.key}={value}" for option in info.options for value in option.choices
              if not isinstance(value, bool) and str(value) not in guide]
    assert values == [], f"docs/games/{info.id}.md does not name these values"


@pytest.mark.parametrize("info", INFOS, ids=lambda info: info.id)
def test_the_readme_says_nothing_is_missing_that_the_lobby_offers(info: GameInfo) -> None:
    row = readme_row(info.id).lower()
    lacking = re.findall(r"(?:not yet|missing|to do)[:,]?([^.|;]*)", row)
    offered = [option.key for option in info.options
               if any(option.key.replace("_", " ") in claim
                      or option.short.lower() in claim for claim in lacking)]
    assert offered == [], f"the README calls these offered options missing: {lacking}"


def test_the_games_the_box_plays_are_the_readmes() -> None:
    for game in levels.MODULES:
        title = next(info.title for info in INFOS if info.id == game).split(" (")[0]
        assert title in README, f"the README does not say the box plays {game}"
        for role in levels.roles(game):
            assert f"`{role}`" in README, f"the README does not name the role {role!r}"


def test_the_suite_time_in_the_readme_is_the_latest_measured_one() -> None:
    quoted = SUITE.search(README)
    assert quoted is not None, "the README quotes no measured suite time"
    section = PERFORMANCE.split("## The test suite\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if re.match(r"\| \d{4}-\d\d-\d\d", line)]
    assert rows, "docs/performance.md, 'The test suite', has no measured row"
    day, tests, wall = (cell.strip() for cell in rows[-1].strip("|").split("|")[:3])
    assert (quoted.group(1), quoted.group(2), quoted.group(3)) == (tests, wall, day)


def test_the_measured_count_is_close_to_the_suite(request: pytest.FixtureRequest) -> None:
    """Only when the whole suite is collected: a count 15% off means the figure is stale."""
    items = request.session.items
    parts = {Path(str(item.path)).relative_to(ROOT).parts[1] for item in items
             if len(Path(str(item.path)).relative_to(ROOT).parts) > 2}
    if not {"box", "games", "referee", "bots", "companion"} <= parts:
        pytest.skip("the whole suite is not collected in this run")
    quoted = SUITE.search(README)
    assert quoted is not None
    claimed = int(quoted.group(1).replace(",", ""))
    assert abs(len(items) - claimed) <= 0.15 * claimed, (
        f"the README quotes {claimed} tests, the suite has {len(items)}: "
        "measure again with `.venv/bin/python -m benchmarks.suite_time`")
