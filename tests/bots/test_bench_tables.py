"""The bot benchmarks print every level's own win rate, so a run of one level gives its
figure (a single ``--levels`` value once printed an empty pairing table and no rate)."""

from __future__ import annotations

from benchmarks import bots_decktet_escape as bench
from benchmarks import bots_i32_people, bots_intruder_escape
from benchmarks.bots_stats import level_row, pair_row, table, times_row
from services.games.decktet_escape import DecktetEscape


def test_table_prints_each_level_and_only_sections_with_rows() -> None:
    alone = table([level_row("director", "hard", 3, 3, 4)])
    assert alone == ("| players | level | games | wins | rate (95% CI) |\n"
                     "| --- | --- | --- | --- | --- |\n"
                     "| 3 | hard | 4 | 3 | 75.0% (30.1%-95.4%) |")
    full = table([level_row("x", "a", 2, 1, 2), pair_row("x", "a", "b", 2, 1, 2, 0, 2),
                  times_row("x", "a", [1.0, 3.0])]).split("\n\n")
    assert [block.splitlines()[0] for block in full] == [
        "| players | level | games | wins | rate (95% CI) |",
        "| players | A | B | games | A wins | A rate (95% CI) | B wins | B rate (95% CI) "
        "| A - B | z |",
        "| level | decisions | p50 ms | p99 ms | max ms |"]
    assert full[1].splitlines()[2] == ("| 2 | a | b | 2 | 1 | 50.0% (9.5%-90.5%) | 0 | "
                                       "0.0% (0.0%-65.8%) | +50.0 pp | 1.15 |")


def test_intruder_escape_one_level_counts_its_own_wins() -> None:
    rows = bots_intruder_escape.tournaments(3, 0, [3], ["random"], ["innocent"])
    wins = sum(bots_intruder_escape.play_one("innocent", "random", 3, game, 0)[0]
               for game in range(3))
    assert rows == [level_row("innocent", "innocent random", 3, wins, 3)]


def test_innsmouth_32_people_one_level_counts_its_own_wins() -> None:
    rows = bots_i32_people.tournaments(2, 0, [2], "random", ["random"])
    wins = sum(bots_i32_people.play_one("random", 2, game, "random")[0] for game in range(2))
    assert rows == [level_row("characters vs random", "random", 2, wins, 2)]


def test_escape_tables_are_options_the_engine_accepts() -> None:
    assert bench.options(2, "hardest") == {
        "allow_two_players": True, "dark_of_the_storm": True, "bowels_of_the_ship": True,
        "every_man_for_himself": True, "boat_must_match": True}
    for name, variants in bench.TABLES.items():
        for players in bench.PLAYERS:
            state = DecktetEscape().new_state(players, bench.options(players, name))
            assert {k: state.options[k] for k in variants} == variants
