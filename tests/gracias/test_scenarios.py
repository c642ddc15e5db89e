"""Gracias scenario tests: one JSON file per rule case in ``scenarios/``, each tied to a paragraph of the
rulebook (``shared/seeds/001_6c131f4d9b26df4f.txt``, read with ``shared/RULINGS.md``).

A scenario is ``{"rule": "§Section « quote »", "description": "…", "record": {…}, "expect": {…}}``. The
record is a game record (``engine/record.py``); ``format``, ``version``, ``game`` may be left out, and a
hand-written ``start`` position gets the record's ``players`` and ``options`` unless it gives its own. The
record is replayed action by action through ``Match.from_record`` (actor prefixes checked, invariants
checked after each action), then ``expect`` is checked on the final state. Every expected value is worked
out by hand from the rules, not copied from the engine.

``expect`` keys:

- exact, compared with ``state.to_json()``: ``phase``, ``round``, ``tour``, ``grand_opener``, ``opener``,
  ``taken``, ``dealt``, ``chosen`` (the trio letter being split in phase ``keep``, else ``null``), ``pile``,
  ``open``, ``hidden``, ``trios``, ``scores``;
- ``to_move``: a seat, ``"chance"`` or ``"over"``;
- ``legal`` / ``not_legal``: action texts that must / must not be legal now; ``legal_exact``: the full list
  in order; ``legal_count``: how many;
- ``chance``: ``{colour: [numerator, denominator]}``, every chance outcome and its probability;
- ``outcome``: keys of ``state.outcome().to_json()``;
- ``observations``: ``[{"seat": s or null, "players": [partial per seat], "trios": [...], "pile": n,
  "chosen": letter or null, "phase": name, "to_move": …}]`` (keys other than ``players`` compared exactly);
- ``events``: partial events (``{"kind": …, field: value}``, a ``null`` value means "absent") that must
  appear in the full log in this order; ``seen_by``: ``{"seat or spectator": [partial events]}``, the same
  on ``match.log_for(seat)``; ``event_count``: ``{kind: number}`` in the full log;
- ``illegal``: ``[{"action": "0: keep red give 1", "error": "words of the reason"}]``, each refused
  from the final state with the state unchanged (``test_illegal_action_refused``);
- ``refused_entries``: ``[{"entry": "2: take …", "error": "…"}]``: the record with that entry appended
  does not replay (``ReplayError``), e.g. a seat acting out of turn.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from ludotheque.engine import GameRecord, Match
from tests import scenario_support as support
from tests.scenario_support import check_partial, events_in_order, to_move

GAME = "gracias"
SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.json"))
EXACT = ("phase", "round", "tour", "grand_opener", "opener", "taken", "dealt", "chosen", "pile", "open", "hidden",
         "trios", "scores")
OBSERVED = ("trios", "pile", "chosen", "phase", "to_move")
KNOWN = {*EXACT, "to_move", "legal", "not_legal", "legal_exact", "legal_count", "chance", "outcome",
         "observations", "events", "seen_by", "event_count", "illegal", "refused_entries"}


def replay(scenario: dict[str, Any]) -> Match:
    return support.replay(scenario, GAME)


def record_of(scenario: dict[str, Any]) -> GameRecord:
    return support.record_of(scenario, GAME)


def record_json(scenario: dict[str, Any]) -> dict[str, Any]:
    return support.record_json(scenario, GAME)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    expect, match, _ = support.replay_and_check_exact(path, GAME, KNOWN, EXACT)
    st = match.state
    if "to_move" in expect:
        assert to_move(match) == expect["to_move"]
    legal = support.check_legal(match, expect)
    if "legal_count" in expect:
        assert len(legal) == expect["legal_count"], legal
    if "chance" in expect:
        got = {a.text().split()[1]: p for a, p in st.chance_outcomes()}
        want = {c: Fraction(*nd) for c, nd in expect["chance"].items()}
        assert set(got) == set(want), f"chance outcomes {sorted(got)} != {sorted(want)}"
        for c, prob in want.items():
            assert got[c] == pytest.approx(float(prob)), f"P(deal {c}) = {got[c]} != {prob}"
    if "outcome" in expect:
        check_partial(st.outcome().to_json(), expect["outcome"], "outcome")
    for obs in expect.get("observations", []):
        seen = st.observation(obs["seat"])
        for p, part in enumerate(obs.get("players", [])):
            check_partial(seen["players"][p], part, f"observation({obs['seat']}).players[{p}]")
        for key in OBSERVED:
            if key in obs:
                assert seen[key] == obs[key], f"observation({obs['seat']}).{key}: {seen[key]!r}"
    if "events" in expect:
        events_in_order([e.to_json() for e in match.events], expect["events"])
    for viewer, wanted in expect.get("seen_by", {}).items():
        seat = None if viewer == "spectator" else int(viewer)
        events_in_order([e.to_json() for e in match.log_for(seat)], wanted)
    support.check_counts_and_refusals(path, match, expect, GAME)


test_illegal_action_refused = support.illegal_action_test(FILES, GAME)


def test_every_scenario_names_a_rule_and_expects_something() -> None:
    support.scenarios_expecting(FILES, 25)


BAD_POSITIONS: dict[str, dict[str, Any]] = {
    "open_deal_with_trios": {"phase": "deal_open", "trios": [[None, None, None]] * 3},
    "open_deal_already_done": {"phase": "deal_open", "dealt": 6},
    "trio_deal_too_few_trios": {"phase": "deal_trios", "trios": [[None, None, None]] * 2},
    "trio_deal_card_not_dealt_yet": {"phase": "deal_trios", "dealt": 0,
                                     "trios": [["red", None, None], *[[None] * 3] * 2]},
    "trio_deal_second_card_before_first": {"phase": "deal_trios", "trios": [["red", "red", None], *[[None] * 3] * 2]},
    "trio_deal_all_dealt": {"phase": "deal_trios", "trios": [["red", "red", "red"]] * 3},
    "choose_every_trio_taken": {"phase": "choose", "trios": [None, None, None]},
    "choose_taken_does_not_match": {"phase": "choose", "taken": 0, "trios": [None, ["red", "red", "red"], None]},
    "choose_too_few_trios": {"phase": "choose", "trios": [["red", "red", "red"]]},
}


@pytest.mark.parametrize("name", sorted(BAD_POSITIONS))
def test_position_that_cannot_go_on_is_refused(name: str) -> None:
    """A hand-written position from which the game could not go on (the deal would overwrite laid cards or never
    end, nobody could choose) is refused when read, not half-played."""
    from ludotheque.engine import StateFormatError, get_game

    with pytest.raises(StateFormatError):
        get_game("gracias").state_from_json({"players": 3, **BAD_POSITIONS[name]})


FULL_TABLE = [["red", "yellow", "blue"], ["green", "green", "orange"], ["purple", "orange", "red"]]
GOOD_CHOOSE = {"players": 3, "phase": "choose", "round": 1, "tour": 2, "grand_opener": 0, "opener": 1, "taken": 1,
               "to_move": 2, "open": [{"red": 2}, {"yellow": 2}, {"green": 2}],
               "hidden": [{"blue": 1}, {"purple": 1}, {}], "trios": [None, *FULL_TABLE[1:]]}
"""Turn 2 of round 1 (opener seat 1, « le voisin assis à gauche de l'ouvreur »), seat 1 has chosen, seat 2 to."""
GOOD_KEEP = {**GOOD_CHOOSE, "phase": "keep", "chosen": "B", "hidden": [{"blue": 1}, {"purple": 1}, {"orange": 1}],
             "trios": [None, ["green", "green", None], FULL_TABLE[2]]}
"""The same, seat 2 having taken trio B (its face-down orange in hand) and not split it yet."""
GOOD_OVER = {"players": 3, "phase": "over", "round": 4, "tour": 4, "grand_opener": 2, "opener": 2,
             "scores": [[1, 2, 3], [3, 2, 1], [0, 0, 0]]}
# 3 players, 27 cards still to deal after turn 1 (turns 2-4, 9 cards each): 91 cards placed leave 17 in the pile.
CROWDED = {"open": [{"red": 18, "yellow": 18, "green": 18}, {"blue": 18, "purple": 10}, {}],
           "hidden": [{}, {}, {}], "trios": [["orange", "orange", "orange"]] * 3, "taken": 0}

NEW_RULE_POSITIONS: dict[str, tuple[dict[str, Any], dict[str, Any], str]] = {
    # name: (a readable position, the change that makes it unreadable, words of the refusal)
    "round_4_not_over": (GOOD_CHOOSE, {"round": 4, "grand_opener": 0}, "round 4"),
    "round_4_in_phase_keep": (GOOD_KEEP, {"round": 4}, "round 4"),
    "over_before_round_4": (GOOD_OVER, {"round": 3, "scores": [[1, 2], [3, 2], [0, 0]]}, "round 3"),
    "tour_5_not_over": (GOOD_CHOOSE, {"tour": 5, "opener": 1}, "tour 5"),
    "wrong_opener": (GOOD_CHOOSE, {"opener": 0, "to_move": 1}, "opener 0"),
    "opener_not_left_of_grand_opener": (GOOD_CHOOSE, {"grand_opener": 1, "to_move": 2}, "opener 1"),
    "wrong_to_move_choose": (GOOD_CHOOSE, {"to_move": 0}, "to_move = 0"),
    "wrong_to_move_keep": (GOOD_KEEP, {"to_move": 1}, "to_move = 1"),
    "to_move_not_a_seat": (GOOD_CHOOSE, {"to_move": "2"}, "to_move = '2'"),
    "short_pile": ({**GOOD_CHOOSE, **CROWDED, "tour": 4, "opener": 0, "to_move": 0}, {"tour": 1},
                   "the pile holds 17 cards but the rest of the round deals 27"),
    "short_pile_keep": ({**GOOD_KEEP, "tour": 4, "opener": 0, "to_move": 1,
                         "open": [{"red": 17, "yellow": 18}, {"green": 16, "blue": 17}, {"purple": 10}]},
                        {"tour": 1}, "the pile holds 22 cards but the rest of the round deals 27"),
    "keep_without_chosen": (GOOD_KEEP, {"chosen": None}, "'chosen' names the trio being split in phase 'keep'"),
    "chosen_outside_keep": (GOOD_KEEP, {"phase": "choose", "chosen": "A"}, "and only then"),
    "keep_chosen_trio_still_face_down": (GOOD_KEEP, {"chosen": "C"}, "exactly one trio, 'chosen'"),
    "keep_chosen_trio_already_taken": (GOOD_KEEP, {"chosen": "A"}, "exactly one trio, 'chosen'"),
    "keep_chosen_not_on_the_table": (GOOD_KEEP, {"chosen": "D"}, "a trio letter A to C"),
    "choose_with_a_face_down_card_taken": (GOOD_CHOOSE, {"trios": [None, ["green", "green", None], FULL_TABLE[2]]},
                                           "phase 'choose' has none"),
    "keep_with_two_face_down_cards_taken": (GOOD_KEEP, {"trios": [None, ["green", "green", None],
                                                                  ["purple", "orange", None]]},
                                            "exactly one trio, 'chosen'"),
}


@pytest.mark.parametrize("name", sorted(NEW_RULE_POSITIONS))
def test_position_breaking_the_turn_order_is_refused(name: str) -> None:
    """Hand-written positions are read only if the game could have reached them: rounds 1 to 3 while playing
    (round 4 only once the game is over, « La partie prend fin après le décompte de la troisième manche »),
    turns 1 to 4; the turn's opener is the grand ouvreur plus one seat a turn (« À chaque fois, le voisin de
    gauche du « petit ouvrier » devient le nouveau « petit ouvrier » »); the seat to move is the opener plus
    the trios taken (« Puis c'est au tour du joueur suivant »); the pile holds every card the rest of the round
    deals (3 a player each turn left); phase ``keep`` names its ``chosen`` trio, the only one whose face-down
    card is gone, and phase ``choose`` has no such trio. Each position differs from a readable one by one
    change, so the refusal is for that change."""
    from ludotheque.engine import StateFormatError, get_game

    game = get_game("gracias")
    good, change, words = NEW_RULE_POSITIONS[name]
    game.state_from_json(good).check_invariants()
    with pytest.raises(StateFormatError) as refused:
        game.state_from_json({**good, **change})
    assert words in str(refused.value), f"message {str(refused.value)!r} lacks {words!r}"


def test_hand_written_keep_position_reads_back() -> None:
    """A position in phase ``keep`` is read with its chosen trio; ``to_move`` may be left out (opener + taken)."""
    from ludotheque.engine import get_game

    game = get_game("gracias")
    st = game.state_from_json({k: v for k, v in GOOD_KEEP.items() if k != "to_move"})
    snap = st.to_json()
    assert (snap["phase"], snap["chosen"], snap["to_move"], snap["taken"]) == ("keep", "B", 2, 1)
    assert snap["trios"] == [None, ["green", "green", None], FULL_TABLE[2]]
    assert [a.text() for a in st.legal_actions()] == ["keep green give 0", "keep green give 1"]
    assert game.state_from_json(snap).to_json() == snap


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_position_played_reads_back(players: int) -> None:
    """The stricter reading refuses no position a game reaches: at every step of a random game (phase ``keep``
    included), ``state_from_json(to_json())`` is the same position with the same legal actions."""
    import random

    from ludotheque.engine import CHANCE, get_game

    game = get_game("gracias")
    rng = random.Random(players)
    match = Match(game, players, {"packets": "many" if players % 2 else "one"}, seed=players)
    phases = set()
    while not match.is_over():
        if match.current_player == CHANCE:
            match.draw_chance()
        else:
            match.apply(rng.choice(match.legal_actions()))
        snap = match.state.to_json()
        phases.add(snap["phase"])
        again = game.state_from_json(snap)
        assert again.to_json() == snap
        assert again.legal_actions() == match.state.legal_actions()
        assert again.current_player == match.state.current_player
    assert phases == {"deal_open", "deal_trios", "choose", "keep", "over"}


def test_hand_written_trio_deal_defaults() -> None:
    """Phase ``deal_trios`` without ``trios`` is an empty table; without ``dealt``, the cards laid are counted."""
    from ludotheque.engine import get_game

    game = get_game("gracias")
    st = game.state_from_json({"players": 3, "phase": "deal_trios"})
    assert st.to_json()["trios"] == [[None, None, None]] * 3 and st.to_json()["dealt"] == 0
    st = game.state_from_json({"players": 3, "phase": "deal_trios",
                               "trios": [["red", "blue", None], ["green", None, None], ["yellow", None, None]]})
    assert st.to_json()["dealt"] == 4
    st.apply(game.parse_action("deal orange"))
    assert st.to_json()["trios"][1] == ["green", "orange", None]
