"""Luxembourg-Shopping's options: the data files a game is played on, and the rounds after which a game stops."""

from ...engine.options import OptionSpec

DEFAULT_ROUNDS = 150
"""Measured (``bench/game_lengths.py --game luxembourg-shopping``; docs/rules/luxembourg_shopping.md, « Rounds
limit »): above the 99th percentile of game lengths at every player count (heuristic bots: 103 rounds at most), so
the limit only stops games that would otherwise go on and on."""

OPTIONS = (
    OptionSpec("board", "reconstructed",
               "The board's data file: “reconstructed” (shipped, not the printed edition) or the path of your own "
               "TOML file (ludo check-data checks it)",
               "Le fichier du plateau : « reconstructed » (fourni, reconstitué, pas l'édition imprimée) ou le chemin "
               "de votre propre fichier TOML (ludo check-data le vérifie)", file=True, title_en="Board",
               title_fr="Plateau"),
    OptionSpec("correspondance", "reconstructed",
               "The Correspondance deck's data file: “reconstructed” or the path of your own TOML file",
               "Le fichier du paquet « Correspondance » : « reconstructed » ou le chemin de votre propre fichier "
               "TOML", file=True, title_en="Correspondance cards", title_fr="Cartes Correspondance"),
    OptionSpec("bouton_rouge", "reconstructed",
               "The Bouton Rouge deck's data file: “reconstructed” or the path of your own TOML file",
               "Le fichier du paquet « Bouton Rouge » : « reconstructed » ou le chemin de votre propre fichier "
               "TOML", file=True, title_en="Bouton Rouge cards", title_fr="Cartes Bouton Rouge"),
    OptionSpec("rounds", DEFAULT_ROUNDS,
               "Stop after this many rounds and rank as the rulebook says for a game stopped early (signs, largest "
               "gallery, galleries, shops, money); 0: never",
               "Arrêter après ce nombre de tours et classer comme la règle le dit pour une partie arrêtée (enseignes, "
               "plus grande galerie, galeries, commerces, argent) ; 0 : jamais",
               bounds=(0, 100_000), title_en="Most rounds", title_fr="Tours au plus"),
)
FILE_OPTIONS = ("board", "correspondance", "bouton_rouge")
