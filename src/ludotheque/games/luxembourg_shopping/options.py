"""Luxembourg-Shopping's options: the data files a game is played on, and the rounds after which a game stops.

Each help is read after the option's title and its choice, in the browser's table setup (the title — the help)
and in ``ludo games`` (the values allowed — the help): it does not say the title again, quotes with “…” or
«\u00a0…\u00a0», and a data file's help says what the value may be: the shipped file or the path of one's own
(``tests/luxembourg_shopping/test_option_help.py``)."""

from ...engine.options import OptionSpec

DEFAULT_ROUNDS = 150
"""Measured (``bench/game_lengths.py --game luxembourg-shopping``; docs/rules/luxembourg_shopping.md, « Rounds
limit »): above the 99th percentile of game lengths at every player count (heuristic bots: 103 rounds at most), so
the limit only stops games that would otherwise go on and on."""

OPTIONS = (
    OptionSpec("board", "reconstructed",
               "Which board to play on: “reconstructed” (the shipped file, rebuilt from the rulebook, not the "
               "printed edition) or the path of your own TOML file (“ludo check-data” checks it)",
               "Sur quel plateau jouer\u00a0: «\u00a0reconstructed\u00a0» (le fichier fourni, reconstitué d'après la "
               "règle, pas l'édition imprimée) ou le chemin de votre propre fichier TOML («\u00a0ludo "
               "check-data\u00a0» le vérifie)", file=True, title_en="Board", title_fr="Plateau"),
    OptionSpec("correspondance", "reconstructed",
               "Which deck of Correspondance cards to play with: “reconstructed” (the shipped file, rebuilt from "
               "the rulebook, not the printed edition) or the path of your own TOML file (“ludo check-data” checks "
               "it)",
               "Avec quel paquet de cartes Correspondance jouer\u00a0: «\u00a0reconstructed\u00a0» (le fichier "
               "fourni, reconstitué d'après la règle, pas l'édition imprimée) ou le chemin de votre propre fichier "
               "TOML («\u00a0ludo check-data\u00a0» le vérifie)", file=True, title_en="Correspondance cards",
               title_fr="Cartes Correspondance"),
    OptionSpec("bouton_rouge", "reconstructed",
               "Which deck of Bouton Rouge cards to play with: “reconstructed” (the shipped file, rebuilt from the "
               "rulebook, not the printed edition) or the path of your own TOML file (“ludo check-data” checks it)",
               "Avec quel paquet de cartes Bouton Rouge jouer\u00a0: «\u00a0reconstructed\u00a0» (le fichier "
               "fourni, reconstitué d'après la règle, pas l'édition imprimée) ou le chemin de votre propre fichier "
               "TOML («\u00a0ludo check-data\u00a0» le vérifie)", file=True, title_en="Bouton Rouge cards",
               title_fr="Cartes Bouton Rouge"),
    OptionSpec("rounds", DEFAULT_ROUNDS,
               "Stop the game after this many rounds and rank the players as the rulebook does for a game stopped "
               "early: most signs first, then the largest gallery, most galleries, most shops, most money (0: never "
               "stop)",
               "Arrêter la partie après ce nombre de tours et classer les joueurs comme la règle le fait pour une "
               "partie arrêtée\u00a0: le plus d'enseignes d'abord, puis la plus grande galerie, le plus de galeries, "
               "de commerces, d'argent (0\u00a0: ne jamais arrêter)",
               bounds=(0, 100_000), title_en="Most rounds", title_fr="Tours au plus"),
)
FILE_OPTIONS = ("board", "correspondance", "bouton_rouge")
