"""Acquire's options (RULINGS: readings players may want the other way)."""

from ...engine.options import OptionSpec

OPTIONS = (
    OptionSpec("end_rule", "seed",
               "End condition besides a 41-hotel chain: 'seed' = all seven chains on the board and each safe "
               "(the rulebook's '7 chaînes de plus de 10 hôtels'); 'classic' = every chain on the board is safe",
               "Condition de fin outre une chaîne de 41 hôtels : 'seed' = les sept chaînes sur le plateau et toutes "
               "fermées (la règle) ; 'classic' = toutes les chaînes du plateau sont fermées",
               ("seed", "classic")),
    OptionSpec("cards", False,
               "The card variant: each player holds the five cards and may play one per turn",
               "La variante avec cartes : chacun reçoit les cinq cartes et peut en jouer une par tour"),
    OptionSpec("secret_holdings", False,
               "Other players' cash and shares are hidden (as if kept face down)",
               "L'argent et les actions des autres joueurs sont cachés (comme posés face cachée)"),
)
