"""Stack Market's options (the rulebook's and RULINGS' choices) and each seat's own setting, its steadiness.

Each help is read after the option's title and its choice, in the browser's table setup (the title — the help)
and in ``ludo games`` (the values allowed — the help): it names a choice by the words the form shows, quoted (“…”,
«\u00a0…\u00a0»), its value (``--option removed_dice=game``) in brackets right after them, and does not say the title
again (``tests/stack_market/test_option_help.py``)."""

from ...engine.options import OptionSpec

DEFAULT_STEADINESS = 1800
"""A hand's spread (µm, one standard deviation per axis): measured so that a careful 15-die building falls now
and then and a 30-die one usually does (docs/rules/stack_market.md, "Steadiness")."""
MAX_STEADINESS = 8000

OPTIONS = (
    OptionSpec("rounds", 3,
               "How long the game lasts, in rounds: “3” (the rulebook), or 1 or 2 for a shorter game, as the "
               "rulebook allows",
               "La durée de la partie, en manches\u00a0: «\u00a03\u00a0» (la règle), ou 1 ou 2 pour une partie plus "
               "courte, comme la règle le permet («\u00a0Vous pouvez décider de la fin de partie après une ou deux "
               "manches\u00a0»)",
               (1, 2, 3), title_en="Rounds", title_fr="Manches",
               labels=((1, "1", "1"), (2, "2", "2"), (3, "3 (the rulebook)", "3 (la règle)"))),
    OptionSpec("removed_dice", "game",
               "After a collapse, 5 dice are taken from the reserve (all of them if fewer are left): they stay "
               "“out for the rest of the game” (game: the rulebook) or come “back at the next round” (round)",
               "Après un effondrement, 5 dés sont pris dans la réserve (tous s'il en reste moins)\u00a0: ils restent "
               "hors jeu «\u00a0jusqu'à la fin de la partie\u00a0» (game\u00a0: la règle) ou sont «\u00a0rendus à la "
               "manche suivante\u00a0» (round)",
               ("game", "round"), title_en="Dice removed by a collapse", title_fr="Dés retirés par un effondrement",
               labels=(("game", "out for the rest of the game (the rulebook)",
                        "jusqu'à la fin de la partie (la règle)"),
                       ("round", "back at the next round", "rendus à la manche suivante"))),
)

SEAT_OPTIONS = (
    OptionSpec("steadiness", DEFAULT_STEADINESS,
               "How far a die lands from where it is aimed: the spread of the placing error in micrometres (one "
               "standard deviation per axis; smaller is steadier, 0 is a perfect hand); the turn's spread is a "
               "quarter of it in hundredths of a degree, and both hands (a takeover) halve it",
               "De combien un dé tombe à côté de l'endroit visé\u00a0: l'écart de l'erreur de pose en micromètres "
               "(un écart-type par axe\u00a0; plus petit est plus sûr, 0 est une main parfaite)\u00a0; l'écart de "
               "rotation en est le quart en centièmes de degré, et les deux mains (un rachat) le divisent par deux",
               bounds=(0, MAX_STEADINESS), title_en="Hand's shake (µm)", title_fr="Tremblement de la main (µm)"),
)
