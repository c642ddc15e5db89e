"""Acquire's options (RULINGS: readings players may want the other way).

Each help is read after the option's title and its choice, in the browser's table setup (the title — the help)
and in ``ludo games`` (the values allowed — the help): it names a choice by the words the form shows, its value
(``--option end_rule=seed``) in brackets right after them, and does not say the title again."""

from ...engine.options import OptionSpec

OPTIONS = (
    OptionSpec("end_rule", "seed",
               "Besides a chain of 41 hotels or more, the end may be announced with “all seven chains on the board, "
               "all safe” (seed: the rulebook's “7 chains of more than 10 hotels”) or with “every chain on the "
               "board safe” (classic: however many chains there are); a chain is safe from 11 hotels",
               "Outre une chaîne de 41 hôtels ou plus, la fin peut être annoncée avec «\u00a0les sept chaînes sur "
               "le plateau, toutes fermées\u00a0» (seed\u00a0: la règle, «\u00a07 chaînes de plus de 10 "
               "hôtels\u00a0») ou avec «\u00a0toutes les chaînes du plateau fermées\u00a0» (classic\u00a0: quel que "
               "soit leur nombre)\u00a0; une chaîne est fermée à partir de 11 hôtels",
               ("seed", "classic"), title_en="End of the game", title_fr="Fin de la partie",
               labels=(("seed", "all seven chains on the board, all safe (the rulebook)",
                        "les sept chaînes sur le plateau, toutes fermées (la règle)"),
                       ("classic", "every chain on the board safe", "toutes les chaînes du plateau fermées"))),
    OptionSpec("cards", False,
               "The rulebook's variant: each player gets the five cards (Buying spree, Foresight, Inheritance, "
               "Exchange offer, Rapid growth) and may play each of them once, at most one per turn",
               "La variante de la règle\u00a0: chacun reçoit les cinq cartes (Fièvre acheteuse, Vision d'avenir, "
               "Héritage, O.P.E., Croissance rapide) et peut jouer chacune une fois, une seule par tour",
               title_en="Cards", title_fr="Cartes"),
    OptionSpec("secret_holdings", False,
               "Other players' cash and shares are not shown, as if kept face down; the bank's stock and the "
               "game's log stay public",
               "Chacun ne voit que son argent et ses actions, comme si les autres gardaient les leurs face "
               "cachée\u00a0; les actions de la banque et le journal de la partie restent publics",
               title_en="Secret cash and shares", title_fr="Argent et actions cachés"),
)
