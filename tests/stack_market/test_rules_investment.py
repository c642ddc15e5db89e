"""« 3. Changer d'investissement »: at the end of the turn, optionally, to a free slot of another company."""

from __future__ import annotations

import pytest

from tests.stack_market.test_rules_helpers import (
    events,
    legal,
    play,
    position,
    refused,
    refused_entry,
    rolls,
    snap,
    stay,
    straight,
)

BUILDINGS = [straight(0, 0, 1, 1, 2), straight(0, 1, 3), straight(1, 2, 4), straight(0, 0, 1)]
START = position(BUILDINGS, ["A", "B", "B", "C"], player=0)
"""Seat 0 (on A) ends its turn; company B is full (seats 1 and 2), C has one investor, D none."""


def test_the_choices_are_staying_or_a_free_slot_of_another_company() -> None:
    """« Il place son marqueur Investisseur sur une emplacement libre d'une autre carte Compagnie. »"""
    match = play([], start=START)
    assert legal(match) == ["stay", "invest C", "invest D"]
    refused(match, "invest B", "company B already has two investors")
    refused(match, "invest A", "you are already on company A; write “stay” to keep it")
    refused(match, "invest E", "is not a company (A to D)")


def test_moving_the_investor_ends_the_turn() -> None:
    match = play(["0: invest C"], start=START)
    s = snap(match)
    assert s["investors"] == ["C", "B", "B", "C"]
    assert events(match, "change") == [{"kind": "change", "seat": 0, "company": "C", "before": "A"}]
    assert s["player"] == 1 and s["phase"] == "roll" and s["to_roll"] == 3  # seat 1's turn, company B


def test_staying_is_allowed() -> None:
    """« Changer d'investissement … facultatif »."""
    match = play(stay(0), start=START)
    assert snap(match)["investors"] == ["A", "B", "B", "C"]
    assert events(match, "stay") == [{"kind": "stay", "seat": 0, "company": "A"}]
    assert snap(match)["player"] == 1


def test_a_company_left_by_its_investor_has_a_free_slot_again() -> None:
    """Seat 1 leaves B at the end of its turn; seat 2 stacks nothing; seat 3 (on C) may then move to B."""
    start = position(BUILDINGS, ["A", "B", "B", "C"], player=1)
    match = play(["1: invest D", *rolls(0, 0, 0), *stay(2), *rolls(1, 1, 1)], start=start)
    assert snap(match)["player"] == 3 and legal(match) == ["stay", "invest A", "invest B", "invest D"]


def test_three_players_have_no_company_d() -> None:
    start = position(BUILDINGS[:3], ["A", "B", "B"], player=0)
    match = play([], players=3, start=start)
    assert legal(match) == ["stay", "invest C"]
    refused(match, "invest D", "there are companies A to C")


def test_changing_comes_only_at_the_end_of_ones_own_turn() -> None:
    """« A la fin de son tour un joueur peut changer son investissement »: not while dice are being rolled or
    placed, and not in another seat's turn."""
    match = play(stay(0), start=START)
    refused(match, "invest C", "dice are being rolled now")
    refused_entry([], "1: invest D", "seat 0's turn", start=START)


@pytest.mark.parametrize("company", ["C", "D"])
def test_a_seat_never_holds_two_companies(company: str) -> None:
    """« Le second marqueur Investisseur … n'est pas utilisé pour investir »: a move leaves the old company."""
    match = play([f"0: invest {company}"], start=START)
    investors = snap(match)["investors"]
    assert investors[0] == company and "A" not in investors
