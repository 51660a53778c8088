"""Innsmouth 32: the game's metadata (``INFO``), read without importing its engine."""

from __future__ import annotations

from services.games.core import GameInfo, Option

INFO = GameInfo(
    id="innsmouth-32",
    title="Innsmouth 32",
    min_players=2,
    max_players=9,
    roles=("director", "character"),
    summary=(
        "A director runs a horror movie of 4 reels; the character players' survivors try to "
        "live to the end. The box deals the movie deck, rolls and explains every test and "
        "damage roll, and keeps the spoints, throngs, sanctuaries and reels."
    ),
    rules="shared/rules/innsmouth-32.md",
    chance=("shuffle", "roll", "draw"),
    short_title="Innsmouth 32",
    options=(
        Option("director_seat", 0, "the director's seat (0-based)", "R-I32-01", minimum=0,
               maximum=8, label="Director",
               words=tuple((n, f"Seat {n + 1}") for n in range(9))),
        Option("victory", "any_survivor", "who wins (the source does not say): any_survivor: "
               "the players, if a survivor is in play after the director's final turn or Last "
               "One Standing; half_players: only if at least half of the character players "
               "still have one", "A-I32-01", choices=("any_survivor", "half_players"),
               label="Victory", words=(("any_survivor", "1 survivor"),
                                       ("half_players", "half seats"))),
        Option("reveal_per_player_turn", False, "reveal face-down cards, count down the fade "
               "out and offer it after a player's whole pool turn (default: after each "
               "survivor's action)", "A-I32-03", label="Reveal by seat"),
        Option("setup_rest_points", 0, "rest spoints of each starting survivor", "A-I32-04",
               minimum=0, maximum=7, label="Start rest"),
        Option("screen_cards_extra", True, "reels II-IV deal their allotment and 3 screen "
               "cards (false: the screen comes out of the allotment)", "A-I32-06",
               label="Extra screen"),
        Option("lock_damage", "one", "a successful lock attack removes one lock, or as many "
               "as the damage total", "A-I32-08", choices=("one", "damage_total"),
               label="Lock damage", words=(("one", "1 lock"), ("damage_total", "damage"))),
        Option("counterstrike_chain", False, "a counterstrike's fumble gives another "
               "counterstrike", "A-I32-10", label="Chain counter"),
        Option("sanctuary_slots", 4, "corner sanctuary slots; a sanctuary with no free slot "
               "is discarded", "A-I32-20", minimum=1, maximum=8, label="Sanctuary slots"),
        Option("clip_any_turn", False, "the director may clip the reel at the end of any of "
               "his turns with the reel pile empty (default: in reel IV only)", "A-I32-19",
               label="Clip any reel"),
        Option("turning_point_persists", True, "once triggered, Turning Point holds every "
               "later reel too (false: it ends with its reel)", "A-I32-17",
               label="TP persists"),
        Option("cards", "box", "box: the box shuffles and deals the movie deck and the "
               "survivor pile; physical: the table's own decks, and each card that comes to "
               "light is told to the box (its tag, or picked from the cards not seen yet)",
               "R-I32-03", choices=("box", "physical"), label="Cards",
               words=(("box", "box deals"), ("physical", "table decks"))),
        Option("survivor_loss", False, "end task 5: one unseen survivor goes to the discards "
               "as a familiar face after reels I-III", "R-I32-69", label="Survivor loss"),
        # extras.py, stars.py (helper E1)
        Option("take_from_area", "any", "TAKE an item from a willing survivor: any survivor "
               "in play (the summary names no area), or only one in the same area of play "
               "(the pool, the same sanctuary, the same event card)", "R-I32-13",
               choices=("any", "same"), label="Take from",
               words=(("any", "anywhere"), ("same", "same area"))),
        Option("heal_item_kept", False, "an item that heals insanity stays with its holder "
               "after use (default: it goes to the discards)", "R-I32-62",
               label="Keep heal item"),
        Option("star_flail", True, "a horror star may re-roll a failed flail (false: only "
               "attack rolls, tests and gambits)", "R-I32-67", label="Star on flail"),
        # director.py and readings.py (helper E2)
        Option("cover_attack", False, "advanced: the director or a monster player may cover a "
               "screen card with the top reel card face down, attack with one throng, then "
               "reveal the cover", "R-I32-30", label="Cover+attack"),
        Option("throngs_in_order", False, "advanced: throng 4 is started only when throngs 1-3 "
               "are full, then 5, then 6; opening monsters fill throngs 1-3 first (A-I32-05)",
               "R-I32-31", label="Throngs 4-6"),
        Option("unlocked_attack", True, "survivors inside a sanctuary whose locks are gone can "
               "be attacked (false: nobody inside a sanctuary is attacked)", "A-I32-09",
               label="Hit unlocked"),
        Option("low_head_shot", True, "a 1-1 attack roll is a head shot even against a target "
               "below 2 (false: it misses)", "A-I32-12", label="Low head shot"),
        Option("insanity_again", "reroll", "an insanity roll on a covered stat: roll again, or "
               "the token is lost", "A-I32-15", choices=("reroll", "lost"),
               label="On covered", words=(("reroll", "reroll"), ("lost", "no token"))),
        Option("insanity_target", "four", "an insanity token sets the target number to 4, or "
               "to the lower of 4 and the stat", "A-I32-16", choices=("four", "lower"),
               label="Insanity", words=(("four", "is 4"), ("lower", "at most 4"))),
        Option("short_search", "draw", "a search with fewer discards than it draws: draws what "
               "there is, or is refused", "A-I32-23", choices=("draw", "refuse"),
               label="Short search", words=(("draw", "draw"), ("refuse", "refuse"))),
        Option("open_discards", False, "the discards' contents are public: the views list "
               "them (a survivor-loss card stays face down)", "A-I32-26",
               label="Open discards"),
        Option("plot_chooser", "director", "who decides to resolve or discard a plot device: "
               "the director, or the seat whose turn revealed it", "D-I32-01",
               choices=("director", "active"), label="Plot by",
               words=(("director", "director"), ("active", "active seat"))),
        Option("star_chooser", "fade_in", "who enters the players' choice of the horror star's "
               "survivor: the fade-in player, or any player with a survivor", "D-I32-02",
               choices=("fade_in", "any"), label="Star by",
               words=(("fade_in", "fade-in"), ("any", "any player"))),
        Option("held_back", "discards", "reel cards held back by Turning Point join the next "
               "reel's shuffle, or are set aside", "D-I32-03", choices=("discards", "removed"),
               label="Held back",
               words=(("discards", "discards"), ("removed", "set aside"))),
        Option("third_item", "refuse", "a survivor with 2 items cannot take a third, or takes "
               "it and discards one it holds (R-I32-11: discard any excess)", "D-I32-05",
               choices=("refuse", "discard"), label="Third item",
               words=(("refuse", "refused"), ("discard", "swap one"))),
        # the advanced modules (modules.py, terrors.py, companions.py, cultist.py; helper E3)
        Option("terrors", "off", "terrors in the movie deck: 1, 2 or 3 the director picks "
               "before the game, or per_reel: 1 random terror shuffled in at the start of "
               "each reel", "R-I32-80", choices=("off", "1", "2", "3", "per_reel"),
               label="Terrors", words=(("off", "none"), ("1", "1 terror"), ("2", "2 terrors"),
                                       ("3", "3 terrors"), ("per_reel", "1 per reel"))),
        Option("hound", "off", "the Hound: replaces a survivor the director picks (replace) "
               "or a random victim draw picks (replace_random), is a 13th survivor "
               "(thirteenth), or comes with a survivor a random victim draw picks (companion)",
               "R-I32-81", choices=("off", "replace", "replace_random", "thirteenth",
                                    "companion"),
               label="Hound", words=(("off", "none"), ("replace", "replaces one"),
                                         ("replace_random", "random swap"),
                                         ("thirteenth", "13th"),
                                         ("companion", "companion"))),
        Option("hound_returns", False, "an eliminated Hound goes to the discards and may come "
               "back on the screen (taken by a spotlight, or faded out), instead of leaving "
               "play", "R-I32-81", label="Hound returns"),
        Option("night_clerk", False, "the Night Clerk is shuffled into the movie deck: a "
               "survivor for a spotlight action, else a monster (8)", "R-I32-82",
               label="Night Clerk"),
        Option("faction_play", False, "faction allies share their rest spoints like power "
               "points (the 4- and 3-player games: faction_game)", "R-I32-83",
               label="Faction play"),
        Option("secret_cultist", False, "before the game the director secretly takes one "
               "survivor's random victims card: the secret cultist", "R-I32-84",
               label="Secret cultist"),
        # faction_games.py (helper K)
        Option("faction_game", "off", "the faction games: four: 4 character players each "
               "choose a faction, start with one of its survivors and keep the other 2 as "
               "their own survivor pile; three: 3 players among gangsters, scholars and "
               "students, the Locals are the common survivor pile (needs survivor_loss)",
               "R-I32-83", choices=("off", "four", "three"), label="Factions",
               words=(("off", "none"), ("four", "4 players"), ("three", "3 + Locals"))),
        Option("faction_hound", "place", "in a faction game, a Hound that replaces a survivor "
               "takes its place in that survivor's faction (place), or goes to the common "
               "survivor pile (common)", "D-I32-50", choices=("place", "common"),
               label="Hound pile", words=(("place", "faction"), ("common", "common"))),
        # clerk_dibs.py (helper S5-G); last, so that earlier options keep their draws
        Option("clerk_dibs", False, "with the Night Clerk: the player whose pool holds him "
               "may take an item with a mythos store for him as soon as it appears on the "
               "screen, like a gangster's first dibs", "R-I32-82", label="Clerk dibs"),
    ),
)
