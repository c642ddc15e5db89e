"""Acquire's options (RULINGS: readings players may want the other way)."""

from ...engine.options import OptionSpec

OPTIONS = (
    OptionSpec("end_rule", "seed",
               "End condition besides a 41-hotel chain: 'seed' = all seven chains on the board and each safe "
               "(the rulebook's '7 chaînes de plus de 10 hôtels'); 'classic' = every chain on the board is safe",
               "Condition de fin outre une chaîne de 41 hôtels : 'seed' = les sept chaînes sur le plateau et toutes "
               "fermées (la règle) ; 'classic' = toutes les chaînes du plateau sont fermées",
               ("seed", "classic"), title_en="End of the game", title_fr="Fin de la partie",
               labels=(("seed", "all seven chains on the board, all safe (the rulebook)",
                        "les sept chaînes sur le plateau, toutes fermées (la règle)"),
                       ("classic", "every chain on the board safe", "toutes les chaînes du plateau fermées"))),
    OptionSpec("cards", False,
               "The card variant: each player holds the five cards and may play one per turn",
               "La variante avec cartes : chacun reçoit les cinq cartes et peut en jouer une par tour",
               title_en="Cards", title_fr="Cartes"),
    OptionSpec("secret_holdings", False,
               "Other players' cash and shares are hidden (as if kept face down)",
               "L'argent et les actions des autres joueurs sont cachés (comme posés face cachée)",
               title_en="Secret cash and shares", title_fr="Argent et actions cachés"),
)
