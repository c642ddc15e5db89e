"""Gracias's secrets over many random games: a face-down card is seen by its owner only, from the moment it is
taken, until the round's scoring turns it up for everyone (rulebook "Il commence par regarder discrètement la
carte cachée, puis la pose devant lui", "Ses adversaires ne voient pas la couleur de cette carte (jusqu'au
décompte)", "Leur propriétaire peut les regarder à tout moment"; RULINGS, Gracias). The trios' face-down cards and
the pile are seen by nobody. A choice is two actions: ``take B`` (the face-down card, private) then
``keep red give 2`` (the open cards, public).

Checked at every step of every game, for every seat and for spectators (``None``):

- observations hold no other seat's face-down colours, and are equal for the true state and for
  ``state.resample(seat, rng)`` (which re-deals everything the seat has not seen); between ``take`` and ``keep``
  the chosen trio shows no face-down card and the taker's own observation already holds it;
- in ``match.log_for(viewer)``, ``take`` events of other seats carry exactly the public fields (seat and trio, no
  ``hidden``), ``keep`` events are the same for everyone (seat, keep, give_to, given, and nothing else),
  ``deal_hidden`` carries no colour, and no other event is private;
- at scoring, every viewer's log shows the same ``reveal`` events, equal to what each owner took face down.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludotheque.engine import CHANCE, Match, get_game
from ludotheque.games.gracias.cards import COLOURS

GAME = get_game("gracias")
PUBLIC_TAKE = {"kind", "seat", "trio"}
OWN_TAKE = {*PUBLIC_TAKE, "hidden"}
KEEP = {"kind", "seat", "keep", "give_to", "given"}
KINDS = {"deal_open", "deal_trio", "deal_hidden", "turn", "take", "keep", "reveal", "round_score", "game_end"}
TRIO_KEYS = {"trio", "open", "hidden_card", "chosen"}
CONFIGS = [(n, packets, seed) for n in range(3, 7) for packets in ("one", "many") for seed in range(4)]


def viewers(n: int) -> list[int | None]:
    return [*range(n), None]


def check_observations(match: Match, rng: random.Random) -> None:
    st = match.state
    truth = st.to_json()
    for viewer in viewers(st.num_players):
        seen = st.observation(viewer)
        for p, player in enumerate(seen["players"]):
            if p == viewer:
                assert player["hidden"] == truth["hidden"][p]
            else:
                assert "hidden" not in player, f"{viewer} sees seat {p}'s face-down cards"
            assert player["hidden_count"] == sum(truth["hidden"][p].values())
        for t, trio in enumerate(seen["trios"]):
            assert trio is None or set(trio) == TRIO_KEYS
            if trio is not None:
                # The trio being split has given up its face-down card; every other one still has it.
                assert trio["chosen"] == (seen["chosen"] == trio["trio"])
                assert trio["hidden_card"] == (truth["trios"][t][2] is not None)
                assert trio["hidden_card"] != trio["chosen"] or truth["phase"] == "deal_trios"
        assert seen["chosen"] == truth["chosen"]
        assert (seen["chosen"] is not None) == (truth["phase"] == "keep")
        assert isinstance(seen["pile"], int)
        if viewer is not None:
            other = st.resample(viewer, rng)
            other.check_invariants()
            assert other.observation(viewer) == seen, f"seat {viewer}'s view depends on what it cannot see"


def check_log(match: Match, start: int) -> None:
    """The events from ``start`` on, as each viewer sees them."""
    n = match.players
    for viewer in viewers(n):
        for event in match.log_for(viewer)[start:]:
            data = event.to_json()
            assert data["kind"] in KINDS, f"unknown event {data}: is it safe to show?"
            assert event.private_to is None or event.private_to == viewer
            if data["kind"] == "take":
                if data["seat"] == viewer:
                    assert set(data) == OWN_TAKE and data["hidden"] in COLOURS
                else:
                    assert set(data) == PUBLIC_TAKE, f"{viewer} sees {data}"
            elif data["kind"] == "keep":
                assert event.private_to is None and set(data) == KEEP, f"{viewer} sees {data}"
                assert data["keep"] in COLOURS and data["given"] in COLOURS and data["give_to"] != data["seat"]
            elif data["kind"] == "deal_hidden":
                assert set(data) == {"kind", "trio"}
            else:
                assert event.private_to is None


def random_game(n: int, packets: str, seed: int, deep: bool = True) -> Match:
    match = Match(GAME, n, {"packets": packets}, seed=seed)
    rng = random.Random(f"secrets:{seed}")
    taken_face_down: list[dict[str, int]] = [{} for _ in range(n)]
    seen_events = 0
    rounds = 0
    while not match.is_over():
        if match.current_player == CHANCE:
            match.draw_chance()
        else:
            match.apply(rng.choice(match.legal_actions()))
        if deep:
            check_observations(match, rng)
        check_log(match, seen_events)
        for event in match.events[seen_events:]:
            if event.kind == "take":
                assert event.private_to == event.args["seat"]  # the face-down colour: its taker only
                own = event.seen_by(event.args["seat"]).args
                hidden = own["hidden"]
                box = taken_face_down[own["seat"]]
                box[hidden] = box.get(hidden, 0) + 1
            elif event.kind == "reveal":
                seat = event.args["seat"]
                # Public once turned up: the same for every viewer, and what the owner took face down.
                for viewer in viewers(n):
                    assert event.seen_by(viewer).args == {"seat": seat, "hidden": taken_face_down[seat]}
                assert sum(taken_face_down[seat].values()) == 4  # "chacun possède 4 cartes cachées"
                taken_face_down[seat] = {}
                if seat == n - 1:
                    rounds += 1
            elif event.kind == "keep":
                # Fully public: every viewer's copy is the event itself.
                for viewer in viewers(n):
                    assert event.seen_by(viewer).to_json() == event.to_json()
        seen_events = len(match.events)
    assert rounds == 3
    return match


@pytest.mark.parametrize(("n", "packets", "seed"), CONFIGS, ids=[f"{n}p-{p}-{s}" for n, p, s in CONFIGS])
def test_face_down_cards_stay_secret(n: int, packets: str, seed: int) -> None:
    random_game(n, packets, seed, deep=seed < 2)


def test_spectator_sees_no_face_down_card() -> None:
    match = Match(GAME, 4, seed=11)
    rng = random.Random(11)
    while not match.is_over():
        if match.current_player == CHANCE:
            match.draw_chance()
        else:
            match.apply(rng.choice(match.legal_actions()))
        seen = match.state.observation(None)
        assert all("hidden" not in p for p in seen["players"])
        if match.events and match.events[-1].kind == "take":
            assert "hidden" not in match.log_for(None)[-1].to_json()


def test_owner_sees_own_face_down_card_at_once() -> None:
    """« Il commence par regarder discrètement la carte cachée, puis la pose devant lui … Puis il choisit
    laquelle des deux cartes visibles il garde »: right after ``take``, before ``keep``, the taker's own log and
    observation show the face-down colour; the others' show only that the taker holds one more face-down card."""
    match = Match(GAME, 3, seed=5)
    match.run_chance()
    seat = match.current_player
    match.apply("take A")
    assert match.state.to_json()["phase"] == "keep" and match.current_player == seat
    own: dict[str, Any] = match.log_for(seat)[-1].to_json()
    assert own["kind"] == "take" and own["trio"] == 0 and own["hidden"] in COLOURS
    mine = match.state.observation(seat)
    assert mine["players"][seat]["hidden"] == {own["hidden"]: 1} and mine["players"][seat]["hidden_count"] == 1
    assert mine["chosen"] == "A" and mine["trios"][0]["hidden_card"] is False
    for other in (*(s for s in range(3) if s != seat), None):
        assert match.log_for(other)[-1].to_json() == {"kind": "take", "seat": seat, "trio": 0}
        theirs = match.state.observation(other)
        assert "hidden" not in theirs["players"][seat] and theirs["players"][seat]["hidden_count"] == 1
        assert theirs["chosen"] == "A" and theirs["trios"] == mine["trios"]
    # The split that follows is public and leaves the face-down card where it is.
    match.apply(match.legal_actions()[0])
    for viewer in (*range(3), None):
        assert match.log_for(viewer)[-1].to_json()["kind"] == "keep"
    assert match.state.observation(seat)["players"][seat]["hidden"] == {own["hidden"]: 1}
