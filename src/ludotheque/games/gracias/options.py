"""Gracias's options (RULINGS)."""

from ...engine.options import OptionSpec

OPTIONS = (
    OptionSpec("packets", "one",
               "Packets at scoring: 'one' = one face-down packet of 5 per colour, the rest stays open (the rulebook); "
               "'many' = one packet per full 5",
               "Paquets au décompte : 'one' = un paquet de 5 par couleur, le reste reste visible (la règle) ; "
               "'many' = un paquet par tranche complète de 5",
               ("one", "many"), title_en="Packets at scoring", title_fr="Paquets au décompte",
               labels=(("one", "one packet of 5 per colour (the rulebook)", "un paquet de 5 par couleur (la règle)"),
                       ("many", "one packet per full 5", "un paquet par tranche complète de 5"))),
)
