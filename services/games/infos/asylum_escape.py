"""Asylum Escape: the game's metadata (``INFO``), read without importing its engine."""

from __future__ import annotations

from services.games.core import GameInfo, Option

INFO = GameInfo(
    id="asylum-escape",
    title="Asylum Escape",
    min_players=2,
    max_players=6,
    roles=("patients", "victim"),
    summary=(
        "One player releases the Patients, the others hide as Victims in an asylum whose "
        "rooms collapse as people die. The box keeps every Victim's room and hand secret, "
        "checks their moves, detects catches, rolls kills and collapses the grid."
    ),
    rules="shared/rules/asylum-escape.md",
    chance=("draw", "shuffle", "flip", "roll"),
    short_title="Asylum Escape",
    options=(
        Option("mode", "short", "short: survive through Patient turn 9; long: until one "
               "Victim is left, then 3 more Patient turns", "R-AE-03",
               choices=("short", "long"), label="Mode"),
        Option("layout", "box", "box: the box shuffles the location cards and shows the grid "
               "to lay out; table: the players lay out their own and enter each card in grid "
               "order (column by column, bottom to top), e.g. by tapping its tag", "R-AE-01",
               choices=("box", "table"), label="Layout",
               words=(("box", "box shuffles"), ("table", "players lay"))),
        Option("cards", "box", "box: the box shuffles and deals the six card decks; "
               "physical: your own shuffled decks, whoever draws tells the box the card (tag "
               "or list), a Camo/Sabo card in a hand is learned when played", "A-AE-01",
               choices=("box", "physical"), label="Cards"),
        Option("patients_seat", -1, "the Patients player's seat; random: the box "
               "chooses (the rulebook: the last to watch a murder documentary)",
               "R-AE-02", minimum=-1, maximum=5, label="Patients", seat=True,
               words=((-1, "random"), *((n, f"Seat {n + 1}") for n in range(6)))),
        Option("die_sides", 6, "sides of the kill die (the rulebook does not say)", "A-AE-02",
               minimum=2, maximum=20, label="Die sides"),
        Option("patient_exact_move", False, "a Patient moves exactly 1 (heads) or 2 (tails) "
               "rooms when it can (default: up to)", "A-AE-03", label="Exact move"),
        Option("forbid_voluntary_patient_room", False, "a Victim may not move into a "
               "Patient's room (default: allowed, and caught there)", "A-AE-06",
               label="No walking in"),
        Option("destroyed_victims", "die", "Victims in a room destroyed without being killed "
               "(turn-3 blow-up, final window): die, or are displaced to the room that falls "
               "into the slot", "A-AE-08", choices=("die", "displace"), label="Room lost",
               words=(("die", "die"), ("displace", "displaced"))),
        Option("redraw_stumble_on_flee", False, "a Stumble drawn to flee is discarded and "
               "another card drawn (default: it applies)", "A-AE-10", label="Flee redraw"),
        Option("single_victim_window", True, "with one Victim from the start the final window "
               "is Patient turns 1-3 (false: no early trigger; long mode then ends like short "
               "mode after turn 9)", "A-AE-15", label="1-Victim window"),
        Option("card_windows", True, "every other living Victim is asked for cards at the "
               "start of each Victim turn and before each kill roll (false: only the caught "
               "Victim, before the roll, and your own turn)", "R-AE-24", label="Card windows"),
    ),
)
