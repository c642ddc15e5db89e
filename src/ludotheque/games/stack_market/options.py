"""Stack Market's options (the rulebook's and RULINGS' choices) and each seat's own setting, its steadiness."""

from ...engine.options import OptionSpec

DEFAULT_STEADINESS = 1800
"""A hand's spread (µm, one standard deviation per axis): measured so that a careful 15-die building falls now
and then and a 30-die one usually does (docs/rules/stack_market.md, "Steadiness")."""
MAX_STEADINESS = 8000

OPTIONS = (
    OptionSpec("rounds", 3,
               "How many rounds: 3 (the rulebook), or 1 or 2 («\u00a0Vous pouvez décider de la fin de partie après une "
               "ou deux manches\u00a0»)",
               "Nombre de manches : 3 (la règle), ou 1 ou 2", (1, 2, 3), title_en="Rounds", title_fr="Manches",
               labels=((1, "1", "1"), (2, "2", "2"), (3, "3 (the rulebook)", "3 (la règle)"))),
    OptionSpec("removed_dice", "game",
               "Dice removed after a collapse: 'game' = out for the rest of the game (the rulebook); 'round' = back "
               "at the next round",
               "Dés retirés après un effondrement : 'game' = jusqu'à la fin de la partie (la règle) ; 'round' = "
               "rendus à la manche suivante", ("game", "round"), title_en="Dice removed by a collapse",
               title_fr="Dés retirés par un effondrement",
               labels=(("game", "out for the rest of the game (the rulebook)",
                        "jusqu'à la fin de la partie (la règle)"),
                       ("round", "back at the next round", "rendus à la manche suivante"))),
)

SEAT_OPTIONS = (
    OptionSpec("steadiness", DEFAULT_STEADINESS,
               "The seat's hand: the spread of its placing error in micrometres (one standard deviation per axis; "
               "smaller is steadier, 0 is a perfect hand); the turn's spread is a quarter of it in hundredths of a "
               "degree, and both hands (a takeover) halve it",
               "La main du siège : l'écart de ses erreurs de pose en micromètres (un écart-type par axe ; plus petit "
               "est plus sûr, 0 est une main parfaite) ; l'écart de rotation en est le quart en centièmes de degré, "
               "et les deux mains (un rachat) le divisent par deux",
               bounds=(0, MAX_STEADINESS), title_en="Hand's shake (µm)", title_fr="Tremblement de la main (µm)"),
)
