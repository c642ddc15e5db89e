"""A malformed Gracias position is refused in the reader's language: each ``StateFormatError`` of ``snapshot.py``
carries a reason (``position.<what>``) that Gracias's catalogue says in French and in English
(``locale/*-position.toml``), with the values as the file writes them, a refusal inside another said by the same
catalogue, and counts agreeing with their nouns. Each position is a real one (a game of three played a little,
``state.to_json()``) with one field broken."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

import pytest

from ludotheque.engine import CHANCE, Match, StateFormatError, get_game
from tests.position_refusals import refusal

GAME = get_game("gracias")
ENGLISH = re.compile(r"\b(the|must|expected|cards?|is|are|and|with|of|got|while|rounds|turns?|seat|chooses)\b")
"""English words that no French text should hold (the JSON field names quoted in French are none of them)."""
NBSP = "\u00a0"


def _played(draws: int | None = None, picks: int = 0) -> dict[str, Any]:
    """A game of three (seed 1) after ``draws`` cards dealt (all of the first turn's if None), then ``picks`` choices
    (a trio taken and split, each), as ``state.to_json()`` writes it."""
    match = Match(GAME, 3, {}, seed=1)
    dealt = 0
    while match.current_player == CHANCE and (draws is None or dealt < draws):
        match.draw_chance()
        dealt += 1
    for _ in range(picks):
        match.apply(match.state.legal_actions()[0])  # take a trio
        match.apply(match.state.legal_actions()[0])  # keep one open card, give the other
    return match.state.to_json()


DEAL_OPEN = _played(2)
"""Two open cards dealt of six: phase ``deal_open``."""
DEAL_TRIOS = _played(8)
"""The open cards dealt and two trio cards laid: phase ``deal_trios``, ``dealt`` 2."""
CHOOSE = _played(picks=1)
"""Turn 1, seat 0 has taken and split a trio: phase ``choose``, ``taken`` 1, seat 1 to choose."""
CHOOSE_2 = _played(picks=2)
"""The same, two trios taken: seat 2 to choose."""


def _lift(data: dict[str, Any], trio: int, card: int) -> dict[str, Any]:
    """A card of a trio on the table put back in the pile (so that every colour still has its 18 cards)."""
    colour = data["trios"][trio][card]
    data["trios"][trio][card] = None
    data["pile"][colour] = data["pile"].get(colour, 0) + 1
    return data


def _crowd(data: dict[str, Any], left: int) -> dict[str, Any]:
    """Every card of the pile but ``left`` moved to seat 0's open cards."""
    for colour, k in list(data["pile"].items()):
        moved = max(0, min(k, sum(data["pile"].values()) - left))
        data["pile"][colour] = k - moved
        data["open"][0][colour] = data["open"][0].get(colour, 0) + moved
    return data


def _red_once(data: dict[str, Any]) -> dict[str, Any]:
    """Red cards in the position: only the one on the table (none in the pile, none open)."""
    data["pile"]["red"] = 0
    for row in data["open"]:
        row.pop("red", None)
    data["trios"] = [[c if c != "red" or (t, i) == (2, 1) else "green" for i, c in enumerate(trio)]
                     if trio is not None else None for t, trio in enumerate(data["trios"])]
    return data


Change = Callable[[dict[str, Any]], Any]
CASES: dict[str, tuple[dict[str, Any], Change, str, list[str], list[str]]] = {
    # name: (a real position, the change that breaks it, reason key, English words, French words)
    "open_not_a_map": (CHOOSE, lambda d: d["open"].__setitem__(0, 5), "position.counts",
                       ["“open[0]” must map colours to counts, got 5"],
                       [f"«{NBSP}open[0]{NBSP}» doit associer à chaque couleur un nombre de cartes, pas 5"]),
    "pile_colour_unknown": (CHOOSE, lambda d: d["pile"].__setitem__("rose", 0), "position.at",
                            ["“pile”: “rose” is not a colour; the colours are red, yellow"],
                            [f"«{NBSP}pile{NBSP}»{NBSP}: «{NBSP}rose{NBSP}» n'est pas une couleur{NBSP}; "
                             "les couleurs sont rouge, jaune, vert, bleu, violet et orange"]),
    "trio_colour_unknown": (CHOOSE, lambda d: d["trios"][1].__setitem__(0, "pink"), "position.at",
                            ["“trios[1]”: “pink” is not a colour"],
                            [f"«{NBSP}trios[1]{NBSP}»{NBSP}: «{NBSP}pink{NBSP}» n'est pas une couleur"]),
    "hidden_count_negative": (CHOOSE, lambda d: d["hidden"][0].update({"blue": -1}), "position.count",
                              ["“hidden[0].blue” = -1: expected a count"],
                              [f"«{NBSP}hidden[0].blue{NBSP}» = -1{NBSP}: il faut un nombre de cartes (0 ou plus)"]),
    "hidden_count_text": (CHOOSE, lambda d: d["hidden"][1].update({"rouge": "deux"}), "position.count",
                          ["“hidden[1].rouge” = \"deux\": expected a count"],
                          [f"«{NBSP}hidden[1].rouge{NBSP}» = \"deux\"{NBSP}: il faut un nombre de cartes"]),
    "open_for_two": (CHOOSE, lambda d: d["open"].pop(), "position.hands", ["“open” must list 3 players' cards"],
                     [f"«{NBSP}open{NBSP}» doit donner les cartes de chacun des 3 joueurs"]),
    "four_trios": (CHOOSE, lambda d: d["trios"].append(None), "position.trios",
                   ["“trios” must be a list of at most 3 trios"],
                   [f"«{NBSP}trios{NBSP}» doit être une liste d'au plus 3 trios"]),
    "trio_of_two": (CHOOSE, lambda d: d["trios"][2].pop(), "position.trio",
                    ["“trios[2]” must be [open colour, open colour, hidden colour] or null"],
                    [f"«{NBSP}trios[2]{NBSP}» doit être [couleur visible, couleur visible, couleur cachée] ou null"]),
    "one_red_card": (CHOOSE, _red_once, "position.colour_total", ["red: 1 card in the position, there are 18"],
                     [f"couleur «{NBSP}red{NBSP}»{NBSP}: 1 carte dans la position, alors qu'il y en a 18"]),
    "nineteen_blue_cards": (CHOOSE, lambda d: d["pile"].update({"blue": d["pile"]["blue"] + 1}),
                            "position.colour_total", ["blue: 19 cards in the position, there are 18"],
                            [f"couleur «{NBSP}blue{NBSP}»{NBSP}: 19 cartes dans la position, alors qu'il y en a 18"]),
    "unknown_phase": (CHOOSE, lambda d: d.update({"phase": "vote"}), "position.phase",
                      ["“phase” = \"vote\": the phases are deal_open, deal_trios, choose, keep, over"],
                      [f"«{NBSP}phase{NBSP}» = \"vote\"{NBSP}: les phases sont deal_open, deal_trios, choose, keep, "
                       "over"]),
    "round_as_text": (CHOOSE, lambda d: d.update({"round": "2"}), "position.whole_number",
                      ["“round” = \"2\": expected a whole number from 1 to 4"],
                      [f"«{NBSP}round{NBSP}» = \"2\"{NBSP}: il faut un nombre entier de 1 à 4"]),
    "round_4_not_over": (CHOOSE, lambda d: d.update({"round": 4}), "position.round",
                         ["“round” = 4: rounds are 1 to 3; a finished game says phase “over” and round 4"],
                         [f"«{NBSP}round{NBSP}» = 4{NBSP}: les manches vont de 1 à 3{NBSP}; une partie terminée "
                          f"indique la phase «{NBSP}over{NBSP}» et la manche 4"]),
    "tour_5": (CHOOSE, lambda d: d.update({"tour": 5}), "position.tour", ["“tour” = 5: turns are 1 to 4"],
               [f"«{NBSP}tour{NBSP}» = 5{NBSP}: les tours vont de 1 à 4"]),
    "wrong_opener": (CHOOSE, lambda d: d.update({"opener": 2}), "position.opener",
                     ["“opener” = 2: turn 1 is opened by seat 0 (the grand opener 0, then one seat left each turn)"],
                     [f"«{NBSP}opener{NBSP}» = 2{NBSP}: le tour 1 est ouvert par le siège 0 (le grand ouvreur, au "
                      "siège 0, puis son voisin de gauche à chaque tour)"]),
    "chosen_not_a_trio": (CHOOSE, lambda d: d.update({"chosen": "Z"}), "position.chosen",
                          ["“chosen” = \"Z\": a trio letter A to C"],
                          [f"«{NBSP}chosen{NBSP}» = \"Z\"{NBSP}: il faut la lettre d'un trio, de A à C"]),
    "chosen_while_choosing": (CHOOSE, lambda d: d.update({"chosen": "B"}), "position.chosen_phase",
                              ["“chosen” names the trio being split in phase “keep”, and only then"],
                              [f"«{NBSP}chosen{NBSP}» désigne le trio en cours de partage en phase «{NBSP}keep{NBSP}»"
                               ", et seulement dans cette phase"]),
    "trios_while_dealing_open_cards": (DEAL_OPEN, lambda d: d.update({"trios": [[None] * 3] * 3}),
                                       "position.deal_open",
                                       ["while the open cards are dealt there are no trios yet and “dealt” is below 6"],
                                       ["pendant la distribution des cartes visibles, il n'y a pas encore de trios et "
                                        f"«{NBSP}dealt{NBSP}» est inférieur à 6"]),
    "two_trios_laid_out": (DEAL_TRIOS, lambda d: d["trios"].pop(), "position.deal_trios",
                           ["while the trios are laid out there are 3 trios, none taken yet"],
                           ["pendant la mise en place des trios, il y a 3 trios sur la table et aucun n'est encore "
                            "pris"]),
    "dealt_behind_the_table": (DEAL_TRIOS, lambda d: d.update({"dealt": 0}), "position.dealt",
                               ["“dealt” = 0: the trios must hold exactly the first cards dealt", "fewer than 9"],
                               [f"«{NBSP}dealt{NBSP}» = 0{NBSP}: les trios doivent contenir exactement les premières "
                                "cartes distribuées", "moins de 9 en tout"]),
    "taken_does_not_match": (CHOOSE, lambda d: d.update({"taken": 0}), "position.choose_table",
                             ["to choose, the table holds 3 trios, “taken” of them taken and at least one left"],
                             [f"pour choisir, la table compte 3 trios, dont «{NBSP}taken{NBSP}» déjà pris, et il doit "
                              "en rester au moins un"]),
    "open_card_missing": (CHOOSE, lambda d: _lift(d, 1, 1), "position.choose_dealt",
                          ["to choose, every trio on the table must be fully dealt"],
                          ["pour choisir, chaque trio sur la table doit avoir reçu toutes ses cartes"]),
    "face_down_card_gone_while_choosing": (CHOOSE, lambda d: _lift(d, 2, 2), "position.split_trio",
                                           ["phase “keep” has exactly one trio, “chosen”", "phase “choose” has none"],
                                           [f"en phase «{NBSP}keep{NBSP}», un seul trio, «{NBSP}chosen{NBSP}», a déjà "
                                            f"perdu sa carte cachée (null){NBSP}; en phase «{NBSP}choose{NBSP}», "
                                            "aucun"]),
    "pile_of_one": (CHOOSE, lambda d: _crowd(d, 1), "position.pile_short",
                    ["the pile holds 1 card but the rest of the round deals 27"],
                    ["la pioche contient 1 carte, mais la suite de la manche en distribue 27"]),
    "pile_of_five": (CHOOSE, lambda d: _crowd(d, 5), "position.pile_short",
                     ["the pile holds 5 cards but the rest of the round deals 27"],
                     ["la pioche contient 5 cartes, mais la suite de la manche en distribue 27"]),
    "scores_before_any_round": (CHOOSE, lambda d: d.update({"scores": [[4], [], []]}), "position.scores",
                                ["“scores” must list, for each of 3 players, one score per round played"],
                                [f"«{NBSP}scores{NBSP}» doit donner, pour chacun des 3 joueurs, un score par manche "
                                 "jouée"]),
    "to_move_one_trio_taken": (CHOOSE, lambda d: d.update({"to_move": 0}), "position.to_move",
                               ["“to_move” = 0: with opener 0 and 1 trio taken, seat 1 chooses"],
                               [f"«{NBSP}to_move{NBSP}» = 0{NBSP}: avec le petit ouvreur au siège 0 et 1 trio pris, "
                                "c'est au siège 1 de choisir"]),
    "to_move_two_trios_taken": (CHOOSE_2, lambda d: d.update({"to_move": "2"}), "position.to_move",
                                ["“to_move” = \"2\": with opener 0 and 2 trios taken, seat 2 chooses"],
                                [f"«{NBSP}to_move{NBSP}» = \"2\"{NBSP}: avec le petit ouvreur au siège 0 et 2 trios "
                                 "pris, c'est au siège 2 de choisir"]),
}


def test_the_positions_broken_here_are_read_whole() -> None:
    for position in (DEAL_OPEN, DEAL_TRIOS, CHOOSE, CHOOSE_2):
        assert GAME.state_from_json(copy.deepcopy(position)).to_json() == position
    assert (DEAL_OPEN["phase"], DEAL_TRIOS["phase"], DEAL_TRIOS["dealt"]) == ("deal_open", "deal_trios", 2)
    assert (CHOOSE["phase"], CHOOSE["taken"], CHOOSE["to_move"], CHOOSE_2["taken"]) == ("choose", 1, 1, 2)


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_malformed_position_is_refused_in_french_and_in_english(name: str) -> None:
    position, change, key, en_words, fr_words = CASES[name]
    data = copy.deepcopy(position)
    change(data)
    error, fr, en = refusal(GAME, data, ENGLISH)
    assert error.reason is not None and error.reason.key == key, (str(error), error.reason)
    for words in en_words:
        assert words in en, en
    for words in fr_words:
        assert words in fr, fr


def test_a_refusal_inside_another_is_said_by_the_same_catalogue() -> None:
    data = copy.deepcopy(CHOOSE)
    data["open"][2] = {"noir": 1}
    with pytest.raises(StateFormatError, match=r"open\[2\]: 'noir' is not a colour") as caught:
        GAME.state_from_json(data)
    reason = caught.value.reason
    assert reason is not None and reason.key == "position.at" and reason.fields["where"] == "open[2]"
    inner = reason.fields["why"]
    assert inner.key == "not_colour" and inner.fields["text"] == "noir"
    assert GAME.catalog.reason("fr", reason) == (f"«{NBSP}open[2]{NBSP}»{NBSP}: «{NBSP}noir{NBSP}» n'est pas une "
                                                 f"couleur{NBSP}; les couleurs sont rouge, jaune, vert, bleu, violet "
                                                 "et orange")
    assert GAME.catalog.reason("en", reason) == ("“open[2]”: “noir” is not a colour; the colours are red, yellow, "
                                                 "green, blue, purple and orange")


def test_the_english_message_is_unchanged_and_values_are_written_as_json() -> None:
    data = copy.deepcopy(CHOOSE)
    data["phase"] = None
    with pytest.raises(StateFormatError) as caught:
        GAME.state_from_json(data)
    assert str(caught.value) == "phase None: the phases are deal_open, deal_trios, choose, keep, over"
    assert caught.value.reason is not None and caught.value.reason.fields["value"] == "null"
    fr = GAME.catalog.reason("fr", caught.value.reason)
    assert fr is not None and fr.startswith(f"«{NBSP}phase{NBSP}» = null{NBSP}: les phases sont")
