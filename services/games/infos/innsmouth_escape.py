"""Innsmouth Escape: the game's metadata (``INFO``), read without importing its engine."""

from __future__ import annotations

from services.games.core import GameInfo, Option

INFO = GameInfo(
    id="innsmouth-escape",
    title="Innsmouth Escape",
    min_players=2,
    max_players=5,
    roles=("human", "deep_one"),
    summary=(
        "One Human plots his secret route through Innsmouth to rescue captives and escape; "
        "the Deep Ones hunt him. The box keeps the plot secret and checks it at once, rolls "
        "combat and tracks wounds, pawns and Shoggoths."
    ),
    rules="shared/rules/innsmouth-escape.md",
    chance=("draw", "shuffle", "roll"),
    short_title="Innsmouth Escape",
    options=(
        Option(
            "cards",
            "box",
            "box: the box shuffles and deals every deck; physical: your own decks, the box "
            "learns each card the Human draws (tag or list) and each Deep One card played",
            "R-IE-04",
            choices=("box", "physical"),
            label="Cards",
        ),
        Option(
            "human_seat",
            -1,
            "the Human's seat; random: the box chooses",
            "R-IE-01",
            minimum=-1,
            maximum=4,
            label="Human seat",
            seat=True,
            words=((-1, "random"), *((n, f"Seat {n + 1}") for n in range(5))),
        ),
        Option(
            "number_cards",
            "1,1,2,2,3,3",
            "values of the 6 number movement cards (1 to 3, comma separated); check your copy",
            "A-IE-01",
            label="Moves",
        ),
        Option(
            "plot_mode",
            "strict",
            "strict: an illegal plot is refused when entered; "
            "physical_tokens: tokens that do not match the path forfeit the move",
            "A-IE-06",
            choices=("strict", "physical_tokens"),
            label="Plot check",
            words=(("physical_tokens", "tokens"),),
        ),
        Option(
            "escape_check",
            "after_reveal",
            "where the escape is checked: the revealed cell "
            "(after_reveal) or the pawn shown before the reveal (before_reveal)",
            "A-IE-05",
            choices=("after_reveal", "before_reveal"),
            label="Escape check",
            words=(("after_reveal", "reveal"), ("before_reveal", "pawn")),
        ),
        Option(
            "shoggoth_alone_triggers_combat",
            True,
            "a Shoggoth alone on the Human's cell starts a combat",
            "A-IE-04",
            label="Shoggoth fights",
        ),
        Option(
            "forbid_rest_on_shoggoth",
            False,
            "three Rests on a Shoggoth's cell only when no move is legal",
            "A-IE-08",
            label="Shoggoth rest",
            words=((True, "no"), (False, "ok")),
        ),
        Option(
            "forbid_human_start_on_do",
            False,
            "the Human may not start on a cell with Deep Ones",
            "A-IE-09",
            label="Start away",
        ),
        Option(
            "do_move_straight_only",
            False,
            "a Deep One's 2-cell move must be straight (default: it may turn)",
            "A-IE-10",
            label="Straight moves",
        ),
        Option(
            "spawn_sequential_in_seat_order",
            False,
            "Deep One players spawn one after another (a spawn may use another player's new pawns)",
            "A-IE-13",
            label="Spawn in turn",
        ),
        Option(
            "do_deck_reshuffle",
            True,
            "an empty Deep One deck takes the shuffled discard pile",
            "A-IE-19",
            label="DO reshuffle",
        ),
        Option(
            "deep_one_windows",
            True,
            "Deep One players are asked for human_turn and combat cards at the start of the "
            "Human's turn and before a combat (false: Deep One cards only in their own turn)",
            "R-IE-46",
            label="DO card windows",
        ),
        Option(
            "show_remaining_values",
            True,
            "show the values of the number cards not yet in "
            "the discard (everyone can work them out)",
            "1.8",
            label="Show values",
        ),
    ),
)
