"""Intruder Escape: the game's metadata (``INFO``), read without importing its engine."""

from __future__ import annotations

from services.games.core import GameInfo, Option

INFO = GameInfo(
    id="intruder-escape",
    title="Intruder Escape",
    min_players=3,
    max_players=6,
    roles=("innocent", "intruder"),
    summary=(
        "Hidden roles: Innocents hunt the Intruders among them with 38 action cards; the box "
        "deals identities and cards, referees every card and assesses the damage."
    ),
    rules="shared/rules/intruder-escape.md",
    chance=("shuffle", "roll", "draw"),
    short_title="Intruder Escape",
    options=(
        Option("characters", "choose", "choose: each seat picks a character in turn; by_seat: "
               "seat N plays character N", "R-IX-01", choices=("choose", "by_seat"),
               label="Characters", words=(("by_seat", "by seat"),)),
        Option("intruders_6p", "random", "6 players: deal 6 of the 7 identity cards at random "
               "(2 or 3 Intruders), or fix 2 or 3", "A-IX-01", choices=("random", "2", "3"),
               label="6p Intruders"),
        Option("repeat_rule", "target_row", "the same card cannot follow itself: on the "
               "target's row (target_row) or among the cards one player plays on that target "
               "(by_same_player)", "A-IX-04", choices=("target_row", "by_same_player"),
               label="Repeat rule", words=(("target_row", "row"), ("by_same_player", "player"))),
        Option("escape_items_in_row", True, "escape items sit in the row (Under the Bed, "
               "Barricade and the repeat rule see them); false keeps them apart", "A-IX-05",
               label="Items in row"),
        Option("barricade_waits", False, "a Barricade followed by a card it cannot nullify "
               "waits for the next one (default: it is spent)", "A-IX-06",
               label="Barricade waits"),
        Option("double_scratch_immediate_only", False, "Double Scratch doubles only the card "
               "right before it (default: the most recent live damage or healing card)",
               "A-IX-08", label="Scratch adjoins"),
        Option("heal_needs", "net_damage", "healing needs running damage above 0 (net_damage) "
               "or any live damage card this round (any_damage)", "A-IX-09",
               choices=("net_damage", "any_damage"), label="Heal if",
               words=(("net_damage", "net damage"), ("any_damage", "any damage"))),
        Option("heal_below_zero", False, "healing may take the running total below 0 "
               "(default: clamped at 0 after every card)", "A-IX-10", label="Heal below 0"),
        Option("snatch_items", "one", "Snatch takes one escape item, or all of that player's",
               "A-IX-11", choices=("one", "all"), label="Snatch items"),
        Option("snatch_scope", "player", "'most recent' card: in the chosen player's row "
               "(player) or over the whole table (table)", "A-IX-11",
               choices=("player", "table"), label="Snatch scope"),
        Option("snatch_nullified", False, "Snatch may take a nullified card", "A-IX-11",
               label="Take nullified"),
        Option("snatch_double_scratch", True, "Snatch may take a Double Scratch", "R-IX-22",
               label="Snatch scratch"),
        Option("die_cards_after_use", "removed", "once-per-game die cards leave the game after "
               "use (removed), or go round as dead cards (dead_card)", "A-IX-13",
               choices=("removed", "dead_card"), label="Die cards",
               words=(("dead_card", "dead card"),)),
        Option("medkit_once", "per_player", "Med Kit's power once per game per player who "
               "plays it (per_player) or per player healed (per_target)", "A-IX-15",
               choices=("per_player", "per_target"), label="Med Kit",
               words=(("per_player", "per healer"), ("per_target", "per healed"))),
        Option("items_on_death", "center", "a dead player's escape items go back into the "
               "center deck at random places (center) or to the discard pile", "A-IX-17",
               choices=("center", "discard"), label="Dead items",
               words=(("center", "to deck"),)),
        Option("bottom_order", "shuffled", "the cards put under the deck are mixed (shuffled) "
               "or go in seat order", "A-IX-22", choices=("shuffled", "seat_order"),
               label="Under deck", words=(("seat_order", "by seat"),)),
        Option("discard_public", True, "the discard pile is face up (its cards are shown)",
               "2.9", label="Open discard"),
        Option("reveal_on_death", "ask", "a dead player chooses to show his identity (ask), "
               "never does, or always does", "R-IX-33", choices=("ask", "never", "always"),
               label="Dead reveal"),
    ),
)
