"""« A Vendre ! »'s options: which of the two ways to play, the data files, and the rounds after which a game stops."""

from ...engine.options import OptionSpec

DEFAULT_ROUNDS = 200
"""Measured (``bench/game_lengths.py --game a-vendre``; docs/rules/a_vendre.md, « Rounds limit »): above the longest
games the bots play, so that the limit only stops a double game where the pawns wait on 60 for titles nobody can
get."""

OPTIONS = (
    OptionSpec("game", "simple",
               "“simple”: the first pawn to reach or pass square 60 ends the game; “double”: two trips, the second "
               "with 3 businesses or establishments, the end with 6 (« Règle de jeu complémentaire »)",
               "«\u00a0simple\u00a0» : le premier pion qui atteint ou dépasse la case 60 termine le jeu ; "
               "«\u00a0double\u00a0» : deux voyages, le second avec 3 commerces ou établissements, la fin avec 6 "
               "(« Règle de jeu complémentaire »)",
               ("simple", "double"), title_en="Game", title_fr="Jeu",
               labels=(("simple", "simple: the first pawn on square 60 ends it",
                        "simple : le premier pion sur la case 60 le termine"),
                       ("double", "double: two trips («\u00a0Règle de jeu complémentaire\u00a0»)",
                        "double : deux voyages («\u00a0Règle de jeu complémentaire\u00a0»)"))),
    OptionSpec("board", "reconstructed",
               "The board's data file: “reconstructed” (shipped, not the printed edition) or the path of your own "
               "TOML file (ludo check-data checks it)",
               "Le fichier du plateau : «\u00a0reconstructed\u00a0» (fourni, reconstitué, pas l'édition imprimée) "
               "ou le chemin de votre propre fichier TOML (ludo check-data le vérifie)", file=True, title_en="Board",
               title_fr="Plateau"),
    OptionSpec("charges", "reconstructed",
               "The «\u00a0cartes des charges\u00a0» data file: “reconstructed” or the path of your own TOML file",
               "Le fichier des «\u00a0cartes des charges\u00a0» : «\u00a0reconstructed\u00a0» ou le chemin de votre "
               "propre fichier TOML", file=True, title_en="Charge cards", title_fr="Cartes des charges"),
    OptionSpec("rounds", DEFAULT_ROUNDS,
               "Stop after this many rounds and settle the accounts (0: never)",
               "Arrêter après ce nombre de tours et établir le compte final (0 : jamais)", bounds=(0, 100_000),
               title_en="Most rounds", title_fr="Tours au plus"),
)
