"""« A Vendre ! »'s options: which of the two ways to play, the data files, and the rounds after which a game stops.

Each help is read after the option's title and its choice, in the browser's table setup (the title — the help)
and in ``ludo games`` (the values allowed — the help): it names a choice by the words the form shows, quoted (“…”,
«\u00a0…\u00a0»), does not say the title again, and the English one says in English what the rulebook says in French
(``tests/a_vendre/test_option_help.py``). A data file's help says what the value may be: the shipped file or the
path of one's own."""

from ...engine.options import OptionSpec

DEFAULT_ROUNDS = 200
"""Measured (``bench/game_lengths.py --game a-vendre``; docs/rules/a_vendre.md, « Rounds limit »): above the longest
games the bots play, so that the limit only stops a double game where the pawns wait on 60 for titles nobody can
get."""

OPTIONS = (
    OptionSpec("game", "simple",
               "How the game ends: “simple: the first pawn on square 60 ends it” (reaching or passing square 60 "
               "ends the game at once) or “double: two trips” (the rulebook's additional rule: square 60 is "
               "reached twice; the second trip starts only with at least 3 businesses or establishments held, and "
               "the game ends only with 6)",
               "Comment le jeu se termine\u00a0: «\u00a0simple\u00a0: le premier pion sur la case 60 le "
               "termine\u00a0» (atteindre ou dépasser la case 60 termine aussitôt le jeu) ou «\u00a0double\u00a0: "
               "deux voyages\u00a0» (la «\u00a0Règle de jeu complémentaire\u00a0»\u00a0: la case 60 est atteinte "
               "deux fois\u00a0; le second voyage ne part qu'avec au moins 3 commerces ou établissements, et le jeu "
               "ne se termine qu'avec 6)",
               ("simple", "double"), title_en="Game", title_fr="Jeu",
               labels=(("simple", "simple: the first pawn on square 60 ends it",
                        "simple\u00a0: le premier pion sur la case 60 le termine"),
                       ("double", "double: two trips (the rulebook's additional rule)",
                        "double\u00a0: deux voyages («\u00a0Règle de jeu complémentaire\u00a0»)"))),
    OptionSpec("board", "reconstructed",
               "Which board to play on: “reconstructed” (the shipped file, rebuilt from the rulebook, not the "
               "printed edition) or the path of your own TOML file (“ludo check-data” checks it)",
               "Sur quel plateau jouer\u00a0: «\u00a0reconstructed\u00a0» (le fichier fourni, reconstitué d'après la "
               "règle, pas l'édition imprimée) ou le chemin de votre propre fichier TOML («\u00a0ludo "
               "check-data\u00a0» le vérifie)", file=True, title_en="Board", title_fr="Plateau"),
    OptionSpec("charges", "reconstructed",
               "Which deck of charge cards to play with: “reconstructed” (the shipped file, rebuilt from the "
               "rulebook, not the printed edition) or the path of your own TOML file (“ludo check-data” checks it)",
               "Avec quel paquet de cartes des charges jouer\u00a0: «\u00a0reconstructed\u00a0» (le fichier fourni, "
               "reconstitué d'après la règle, pas l'édition imprimée) ou le chemin de votre propre fichier TOML "
               "(«\u00a0ludo check-data\u00a0» le vérifie)", file=True, title_en="Charge cards",
               title_fr="Cartes des charges"),
    OptionSpec("rounds", DEFAULT_ROUNDS,
               "Stop the game after this many rounds and settle the accounts as at its end (0: never stop)",
               "Arrêter la partie après ce nombre de tours et établir le compte final comme à la fin du jeu "
               "(0\u00a0: ne jamais arrêter)", bounds=(0, 100_000),
               title_en="Most rounds", title_fr="Tours au plus"),
)
