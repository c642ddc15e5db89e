"""Gracias's options (RULINGS).

Each help is read after the option's title and its choice, in the browser's table setup (the title — the help)
and in ``ludo games`` (the values allowed — the help): it names a choice by the words the form shows, its value
(``--option packets=one``) in brackets right after them, and does not say the title again."""

from ...engine.options import OptionSpec

OPTIONS = (
    OptionSpec("packets", "one",
               "At a round's scoring, 5 cards of a colour make a face-down packet worth 1 point: “one packet of 5 "
               "per colour” (one: the rulebook; the cards beyond 5 stay open, so 11 red make 1 packet and leave 6) "
               "or “one packet per full 5” (many: 11 red make 2 packets and leave 1)",
               "Au décompte d'une manche, 5 cartes d'une même couleur forment un paquet face cachée qui vaut "
               "1 point\u00a0: «\u00a0un paquet de 5 par couleur\u00a0» (one\u00a0: la règle\u00a0; les cartes "
               "au-delà de 5 restent visibles, 11 rouges font donc 1 paquet et en laissent 6) ou «\u00a0un paquet "
               "par tranche complète de 5\u00a0» (many\u00a0: 11 rouges font 2 paquets et en laissent 1)",
               ("one", "many"), title_en="Packets at scoring", title_fr="Paquets au décompte",
               labels=(("one", "one packet of 5 per colour (the rulebook)", "un paquet de 5 par couleur (la règle)"),
                       ("many", "one packet per full 5", "un paquet par tranche complète de 5"))),
)
