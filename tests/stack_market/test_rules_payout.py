"""« 2. Revenu / Perte après le rachat »: the non-participants, a success, a failure, and the tallest-building card's
bonus. Every case is a round's last turn with the reserve empty: A (6 dice, a 4 on top) is the tallest, C (3 dice,
a 1 on top) the smallest, B (5 dice) takes no part, D (2 dice) has no investor. The takeover's stacker places C's
3 dice square on A (success) or the third one slips off (failure, ``topple``)."""

from __future__ import annotations

from typing import Any

import pytest

from ludotheque.engine import Match
from tests.stack_market.test_rules_helpers import careful, events, play, position, snap, stay, straight, topple

BUILDINGS = [straight(0, 0, 0, 0, 1, 4), straight(0, 0, 0, 1, 2), straight(0, 0, 1), straight(0, 1)]
REMOVED = 60 - 16


def _play(investors: list[str], actions: list[str], **fields: Any) -> Match:
    """Seat 3 ends the round's last turn; then ``actions`` (the takeover)."""
    return play([*stay(3), *actions], start=position(BUILDINGS, investors, player=3, removed=REMOVED, **fields))


SUCCESS = careful(0, 3)
FAILURE = [*careful(0, 2), *topple(0)]
ONE_ON_EACH = ["A", "B", "B", "C"]
"""Seat 0 on A (the tallest, it stacks), seats 1 and 2 on B, seat 3 on C (the smallest)."""


def test_a_successful_takeover() -> None:
    """« Les joueurs investissant dans les compagnies n'ayant pas pris part au rachat reçoivent $10.000 pour chaque
    marqueur … s'il y a deux marqueurs … chaque joueur recevra $20.000 »; « Le rachat a réussi. Tous les
    investisseurs de la compagnie avec le plus grand building reçoivent $10.000 pour chaque marqueur … De plus, ils
    reçoivent un bonus de $20.000 … Les joueurs investissant dans une compagnie rachetée ne reçoivent rien. »"""
    match = _play(ONE_ON_EACH, SUCCESS)
    assert snap(match)["cash"] == [80_000, 70_000, 70_000, 50_000]
    assert events(match, "income") == [
        {"kind": "income", "seat": 0, "amount": 30_000, "company": "A"},
        {"kind": "income", "seat": 1, "amount": 20_000, "company": "B"},
        {"kind": "income", "seat": 2, "amount": 20_000, "company": "B"},
    ]
    assert not events(match, "pay") and not events(match, "card_bonus")


def test_a_failed_takeover() -> None:
    """« Le rachat a échoué. Les investisseurs de la compagnie avec le plus grand building doivent chacun payer
    $20.000 à la banque … Les joueurs investissant dans la compagnie supposée être rachetée reçoivent $10.000 pour
    chaque marqueur »."""
    match = _play(ONE_ON_EACH, FAILURE)
    assert snap(match)["cash"] == [30_000, 70_000, 70_000, 60_000]
    assert events(match, "pay") == [{"kind": "pay", "seat": 0, "amount": 20_000, "why": "takeover", "paid": 20_000,
                                     "left": 30_000}]
    assert [(e["seat"], e["amount"]) for e in events(match, "income")] == [(1, 20_000), (2, 20_000), (3, 10_000)]


def test_a_failed_takeover_takes_no_more_than_the_player_has() -> None:
    """« Si un joueur n'a pas assez d'argent, il donne ce qu'il lui reste à la banque. »"""
    match = _play(ONE_ON_EACH, FAILURE, cash=[15_000, 50_000, 50_000, 50_000])
    assert snap(match)["cash"][0] == 0
    assert events(match, "pay")[0]["paid"] == 15_000


def test_two_investors_on_the_taller_company_get_20000_each_plus_the_bonus() -> None:
    """Seats 0 and 1 on A: seat 0 (the first from seat 3, the round's last player) lets seat 1 stack."""
    match = _play(["A", "A", "B", "C"], ["0: stacker 1", *careful(1, 3)])
    assert snap(match)["cash"] == [90_000, 90_000, 60_000, 50_000]


def test_two_investors_on_the_smaller_company_get_20000_each_when_it_fails() -> None:
    match = _play(["A", "B", "C", "C"], FAILURE)
    assert snap(match)["cash"] == [30_000, 60_000, 70_000, 70_000]


def test_no_one_on_the_smaller_company_is_paid_when_it_is_taken_over() -> None:
    match = _play(["A", "B", "C", "C"], SUCCESS)
    assert snap(match)["cash"] == [80_000, 60_000, 50_000, 50_000]


@pytest.mark.parametrize(("holder", "actions", "cash", "bonus"), [
    (1, SUCCESS, 70_000 + 20_000, True),   # on B, no part in the takeover: 20,000 of income
    (0, SUCCESS, 80_000 + 20_000, True),   # on A, the takeover succeeded
    (0, FAILURE, 30_000, False),           # on A, the takeover failed: no income
    (3, SUCCESS, 50_000, False),           # on C, taken over: nothing
    (3, FAILURE, 60_000 + 20_000, True),   # on C, the takeover failed: 10,000
])
def test_the_card_pays_20000_only_with_another_income_in_that_payout(holder: int, actions: list[str], cash: int,
                                                                     bonus: bool) -> None:
    """« Le joueur qui possède la carte du plus grand building reçoit $20.000 de la banque, s'il a reçu au moins
    $10.000 de revenu d'une autre source durant le rachat. Si le joueur a investi dans la plus grande compagnie et
    que le rachat a échoué ou qu'il a investi dans la plus petite compagnie et que le rachat a réussi, il ne
    recevra pas le bonus du plus grand building. »"""
    match = _play(ONE_ON_EACH, actions, record=16, record_holder=holder)
    assert snap(match)["cash"][holder] == cash
    assert events(match, "card_bonus") == ([{"kind": "card_bonus", "seat": holder, "amount": 20_000}] if bonus else [])
    assert snap(match)["record_holder"] == holder  # the card stays with its holder for the next round


def test_the_bank_never_runs_out() -> None:
    """Our decision: the 40 notes (800,000) are not counted; the bank pays whatever the rules say."""
    rich = [790_000, 10_000, 10_000, 10_000]
    match = _play(ONE_ON_EACH, SUCCESS, cash=rich)
    assert snap(match)["cash"] == [820_000, 30_000, 30_000, 10_000]
