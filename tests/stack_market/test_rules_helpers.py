"""What the Stack Market rules tests (``test_rules_*.py``) share, and the tests of those helpers.

A rules test is a record: configuration, seed and every action, the chance ones included (``chance: roll 3``,
``chance: slip 1 0 0``, ``chance: first 2``, ``chance: tallest B``), often from a hand-written position (the
record's ``start``). ``play`` replays it through ``tests/scenario_support.replay``: each entry's actor prefix is
checked, ``check_invariants`` runs after every action, and the engine's own replay of the record must reach the
same position and log. Every expected number in the tests is worked out by hand from the rulebook
(``shared/seeds/003_fba4f43b687e22c7.txt``) and ``shared/RULINGS.md``.

Placements. A building written with ``straight`` has every die square on the one below, centred on the origin.
``careful`` places a die square on the top die (aim 0 0 0, no hand error): a straight column always stands.
``edge`` puts the die's centre exactly on the edge of the top face (aim 8000 µm, no hand error): it stands,
since RULINGS counts a centre of mass on the edge as standing. ``topple`` aims at that edge and the hand slips
1 µm further: the top die's centre lies 8001 µm from the centre of the die below, outside their overlap, so the
building falls at that top interface (every lower interface carries the dice above it with their centre of
mass at most 8001 / 2 µm off, well inside). ``test_the_placements_do_what_physics_says`` checks all three with
``physics.Column``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ludotheque.engine import GameRecord, IllegalActionError, InvalidActionError, Match
from ludotheque.engine.errors import ReplayError
from ludotheque.games.stack_market.physics import DIE_UM, Column, Pose
from tests import scenario_support as support

GAME = "stack-market"
HALF = DIE_UM // 2
"""8000 µm: an aim's largest offset, the top face's edge."""
SCENARIOS = Path(__file__).parent / "scenarios"


# --- positions and records ------------------------------------------------------------------------------------
def straight(*faces: int, x: int = 0, y: int = 0, turn: int = 0) -> list[list[int]]:
    """A building as a position writes it, bottom first: every die square on the one below."""
    return [[f, x, y, turn] for f in faces]


def position(buildings: list[list[list[int]]], investors: list[str | None], *, phase: str = "change",
             player: int | None = 0, **fields: Any) -> dict[str, Any]:
    """A hand-written position (phase ``change`` of ``player`` by default: the next action ``stay`` or ``invest``
    ends that turn; ``building`` is that player's company). The reserve is every die not elsewhere unless
    ``reserve`` or ``removed`` says otherwise."""
    building = investors[player] if player is not None else None
    return {"buildings": buildings, "investors": investors, "phase": phase, "player": player, "building": building,
            **fields}


def scenario(actions: list[str], *, players: int = 4, start: dict[str, Any] | None = None, seed: int = 0,
             options: dict[str, Any] | None = None, steadiness: list[int] | None = None) -> dict[str, Any]:
    rec: dict[str, Any] = {"players": players, "seed": seed, "options": options or {}, "actions": list(actions),
                           "start": start}
    if steadiness is not None:
        rec["seats"] = [{"name": f"Player {i + 1}", "settings": {"steadiness": s}} for i, s in enumerate(steadiness)]
        if start is not None:
            rec["start"] = {**start, "steadiness": steadiness}
    return {"record": rec}


def play(actions: list[str], **config: Any) -> Match:
    """Replay a record (see ``scenario`` for the configuration), checking invariants at every step."""
    return support.replay(scenario(actions, **config), GAME)


def rolls(*faces: int) -> list[str]:
    return [f"chance: roll {f}" for f in faces]


def careful(seat: int, dice: int = 1) -> list[str]:
    """``dice`` placements, each square on the top die."""
    return [f"{seat}: aim 0 0 0", "chance: slip 0 0 0"] * dice


def edge(seat: int) -> list[str]:
    """A placement whose centre lies exactly on the top face's edge: it stands (the edge counts)."""
    return [f"{seat}: aim {HALF} 0 0", "chance: slip 0 0 0"]


def topple(seat: int) -> list[str]:
    """A placement aimed at the edge that slips 1 µm past it: the building falls at its top interface."""
    return [f"{seat}: aim {HALF} 0 0", "chance: slip 1 0 0"]


def stay(seat: int) -> list[str]:
    return [f"{seat}: stay"]


# --- reading the result -----------------------------------------------------------------------------------------
def snap(match: Match) -> dict[str, Any]:
    return match.state.to_json()


def heights(match: Match) -> list[int]:
    return [len(b) for b in snap(match)["buildings"]]


def faces(match: Match) -> list[list[int]]:
    return [[d[0] for d in b] for b in snap(match)["buildings"]]


def tops(match: Match) -> list[int | None]:
    return [f[-1] if f else None for f in faces(match)]


def events(match: Match, kind: str | None = None, seat: int | str | None = "all") -> list[dict[str, Any]]:
    """The log's events (of one kind), as everyone (``seat="all"``), a seat or a spectator (None) sees them."""
    log = match.events if seat == "all" else match.log_for(seat)  # type: ignore[arg-type]
    return [e.to_json() for e in log if kind is None or e.kind == kind]


def legal(match: Match) -> list[str]:
    return [a.text() for a in match.legal_actions()]


def is_legal(match: Match, text: str) -> bool:
    return match.state.is_legal(match.parse(text))


def dice_count(match: Match) -> int:
    """Every die: reserve, being rolled, hand, pending, buildings, removed (it must stay 50 or 60)."""
    s = snap(match)
    return (s["reserve"] + s["to_roll"] + len(s["hand"]) + len(s["pending"]) + sum(len(b) for b in s["buildings"])
            + s["removed"])


def refused(match: Match, text: str, words: str) -> None:
    """``text`` is refused with a message holding ``words``; the position and the log are unchanged."""
    before, logged = snap(match), len(match.events)
    with pytest.raises((IllegalActionError, InvalidActionError)) as error:
        match.apply(text)
    assert words in str(error.value), f"{str(error.value)!r} lacks {words!r}"
    assert snap(match) == before
    assert len(match.events) == logged
    match.state.check_invariants()


def refused_entry(actions: list[str], entry: str, words: str, **config: Any) -> None:
    """The record with ``entry`` appended does not replay (e.g. a seat acting out of turn)."""
    rec = support.record_json(scenario([*actions, entry], **config), GAME)
    with pytest.raises(ReplayError) as error:
        Match.from_record(GameRecord.from_json(rec))
    assert words in str(error.value), f"{str(error.value)!r} lacks {words!r}"


def load_scenario(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    return data


# --- the helpers' own tests ------------------------------------------------------------------------------------
def test_the_placements_do_what_physics_says() -> None:
    base = [Pose(0, 0) for _ in range(5)]
    on_edge = Column([*base, Pose(HALF, 0)]).check()
    assert on_edge.stands and abs(on_edge.margin) < 1e-6
    past = Column([*base, Pose(HALF + 1, 0)]).check()
    assert not past.stands and past.failed_at == 4  # the interface between the 5th and the new 6th die
    assert Column([*base, Pose(0, 0)]).check().stands


def test_a_hand_written_position_reads_back_with_every_die_counted() -> None:
    start = position([straight(0, 1, 2), straight(0, 0, 4), straight(1, 2, 3), straight(0, 1, 1)],
                     ["A", "B", "C", "D"], player=3)
    match = play(stay(3), start=start)
    assert dice_count(match) == 60
    assert snap(match)["phase"] == "roll" and snap(match)["player"] == 0
