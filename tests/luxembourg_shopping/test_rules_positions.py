"""Luxembourg-Shopping rules on hand-built positions, where a property is checked over many cases at once (every card
of a pile, every player count) or where the position is easier to build than to reach: the deal and the start (A),
the loop and the arrivals (B), which cards the bankruptcy procedure can draw (D), the win thresholds (I) and the
ranking of a game stopped early (I). The rulebook is ``shared/seeds/002_79421c874599cb7a.txt``; the shipped board
and decks are described in ``test_scenarios.py``."""

from __future__ import annotations

import random

import pytest

from ludotheque.engine import CHANCE, TERMINAL, IllegalActionError, Match
from ludotheque.engine.errors import StateFormatError
from ludotheque.games.luxembourg_shopping.tables import load_tables
from tests.luxembourg_shopping.support import (
    GALLERY_TO_WIN,
    GAME,
    SIGNS_TO_WIN,
    events,
    legal,
    outcomes,
    owners,
    play,
    position,
)

# --- A. Démarrage de la partie ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_deal_six_random_shops_each_round_robin(players: int) -> None:
    """« Ce dernier distribuera à chacun la somme de 100 000. Puis il distribuera au hasard 6 "Cartes Commerçant" par
    personne »: 6n chance actions ``deal N``, each uniform over the shops not dealt yet, to seats 0, 1, …, n-1, 0, …"""
    st = GAME.new_game(players)
    st.events = []
    assert st.cash == [100_000] * players and st.bank == 0 and st.current_player == CHANCE
    rng = random.Random(players)
    for k in range(6 * players):
        chances = outcomes(st)
        free = [s for s in range(1, 57) if st.owner[s] < 0]
        assert list(chances) == [f"deal {s}" for s in free] and len(free) == 56 - k
        assert all(p == pytest.approx(1 / len(free)) for p in chances.values())
        shop = rng.choice(free)
        play(st, f"deal {shop}")
        assert st.owner[shop] == k % players
    assert [sum(1 for o in st.owner if o == s) for s in range(players)] == [6] * players
    assert [e["seat"] for e in events(st, "deal")] == [k % players for k in range(6 * players)]
    assert outcomes(st) == {f"die {f}": pytest.approx(1 / 6) for f in range(1, 7)}
    assert st.player == -1 and st.cash == [100_000] * players


def test_a_all_tied_all_roll_again() -> None:
    """RULINGS: « tied lowest players roll again »: when every die shows the same, everyone rolls again."""
    st = position(3, owners={str(s): (s - 1) // 6 for s in range(1, 19)})
    play(st, "die 3", "die 3", "die 3")
    assert st.start_group == [0, 1, 2] and st.current_player == CHANCE and st.player == -1
    assert events(st, "start_tie") == [{"kind": "start_tie", "seats": [0, 1, 2]}]
    play(st, "die 6", "die 2", "die 4")
    assert st.starter == st.player == 1 and st.round == 1


def test_a_ties_above_the_lowest_do_not_matter() -> None:
    """« Le joueur qui fait le plus petit score commence »: 2, 5, 5, 6 — seat 0 starts, no one rolls again."""
    st = position(4, owners={str(s): (s - 1) // 6 for s in range(1, 25)})
    play(st, "die 2", "die 5", "die 5", "die 6")
    assert st.starter == st.player == 0 and not events(st, "start_tie")
    assert outcomes(st) == {f"roll {a} {b}": pytest.approx(1 / 36) for a in range(1, 7) for b in range(1, 7)}


def test_a_play_goes_on_from_the_starter_in_seat_order() -> None:
    """« Vous passez les dés au joueur suivant »: seat 2 starts a 4-player game; then 3, 0, 1, 2 (round 2)."""
    st = position(4, owners={str(s): (s - 1) // 6 for s in range(1, 25)})
    play(st, "die 4", "die 5", "die 1", "die 6")
    seen = []
    for _ in range(4):
        seen.append((st.player, st.round))
        play(st, "roll 2 3", "card R01")  # each seat's first move: to Bouton Rouge square 5, +10 000
    assert [*seen, (st.player, st.round)] == [(2, 1), (3, 1), (0, 1), (1, 1), (2, 2)]
    assert st.cash == [110_000] * 4


def test_b3_first_move_ban_lasts_the_whole_first_turn() -> None:
    """« sauf au premier déplacement, où il est interdit d'acheter » (docs: the whole first turn): seat 0, not moved
    yet, reaches free shop 20 (square 23), then its mail I32 sends it to square 1, free shop 1: no purchase either."""
    st = position(owners={"40": 0, "41": 1}, pos=[20, 0], player=0, moved=[False, False])
    play(st, "roll 1 2", "card I32", "card I29")
    assert [(e["shop"], e["first_move"]) for e in events(st, "cannot_buy")] == [(20, True), (1, True)]
    assert owners(st) == {40: 0, 41: 1} and st.player == 1 and st.moved == [True, False]


# --- B. Déroulement du jeu -----------------------------------------------------------------------------------------


def test_b_the_pawn_goes_round_the_loop() -> None:
    """RULINGS: « The board is a loop whose squares are numbered from 1 »: from square 64, 3 + 4 goes through 66 and 1
    to square 5 (Bouton Rouge)."""
    st = position(owners={"40": 0, "41": 1}, pos=[64, 0], player=0)
    play(st, "roll 3 4")
    assert st.pos == [5, 0] and st.to_json()["queue"][0] == ["bouton_rouge", "red"]
    assert events(st, "move") == [{"kind": "move", "seat": 0, "square": 5}]


def test_b_squares_of_the_shipped_board() -> None:
    """The reconstructed board: Bouton Rouge on 5, 21, 40, 55; Bureau on 13, 28, 47, 61; 33 and 66; shops in order
    on the other squares, 1–20 orange, 21–38 yellow, 39–56 green."""
    t = load_tables({})
    kinds = {sq: t.kind[sq] for sq in range(1, 67)}
    assert [sq for sq, k in kinds.items() if k == 1] == [5, 21, 40, 55]
    assert [sq for sq, k in kinds.items() if k == 2] == [13, 28, 47, 61]
    assert [sq for sq, k in kinds.items() if k == 3] == [33] and [sq for sq, k in kinds.items() if k == 4] == [66]
    shops = [t.shop_at[sq] for sq in range(1, 67) if kinds[sq] == 0]
    assert shops == list(range(1, 57))
    assert [t.price[s] for s in (1, 20, 21, 38, 39, 56)] == [8000, 8000, 16000, 16000, 24000, 24000]
    assert [t.income[s] for s in (1, 20, 21, 38, 39, 56)] == [3000, 3000, 6000, 6000, 10000, 10000]


def test_b4_a_double_never_gives_another_turn() -> None:
    """RULINGS: « A double gives no extra turn »: three doubles in a row by three seats, each followed by the next."""
    st = position(3, owners={"40": 0, "41": 1, "42": 2}, player=0)
    for seat in (0, 1, 2):
        assert st.player == seat
        play(st, "roll 1 1", "card P29", "card I29", "pass", "card P29")  # to free shop 2, not bought; +10 000
    assert st.player == 0 and st.round == 2


def test_b7_only_free_shops_can_be_drawn() -> None:
    """« il vous présente les "Cartes Commerçant" libres et vous en tirez une au hasard »: with only 17, 30 and 44
    free, each has a chance of 1/3."""
    taken = {str(s): s % 2 for s in range(1, 57) if s not in (17, 30, 44)}
    st = position(owners=taken, pos=[60, 0], player=0)
    play(st, "roll 2 4")
    assert outcomes(st) == {"shop 17": pytest.approx(1 / 3), "shop 30": pytest.approx(1 / 3),
                            "shop 44": pytest.approx(1 / 3)}
    play(st, "shop 30")
    assert st.owner[30] == 0 and st.player == 1 and not events(st, "mail_card")


def test_b7_no_free_shop_nothing_happens() -> None:
    """docs « P: with no free shop, nothing »: every shop owned, square 66 gives nothing and the turn ends."""
    st = position(owners={str(s): s % 2 for s in range(1, 57)}, pos=[60, 0], player=0)
    play(st, "roll 2 4")
    assert events(st, "no_free_shop") == [{"kind": "no_free_shop", "seat": 0}]
    assert st.player == 1 and st.current_player == CHANCE and st.to_json()["queue"] == [["roll"], ["end_turn"]]


# --- D. Procédure de faillite --------------------------------------------------------------------------------------

HAND = (3, 9, 21, 30, 50)
LOST = {**{d: 3 for d in range(1, 4)}, **{d: 9 for d in range(4, 10)}, **{d: 21 for d in range(10, 22)},
        **{d: 30 for d in range(22, 31)}, **{d: 50 for d in range(31, 51)}, **{d: 3 for d in range(51, 57)}}
"""For the hand 3 + 9 + 21 + 30 + 50, the shop lost for each number drawn: « en priorité la carte égale ; … la carte
au premier chiffre supérieur … S'il n'y a pas de carte supérieure, vous perdez le commerce avec le plus petit
numéro »."""


@pytest.mark.parametrize("card", [f"P{k:02d}" for k in range(1, 29)] + [f"I{k:02d}" for k in range(1, 29)])
def test_d_every_shop_card_on_one_hand(card: str) -> None:
    drawn = 2 * int(card[1:]) - (card[0] == "I")  # Pk shows 2k, Ik shows 2k - 1
    odd = card[0] == "I"
    st = position(owners={**{str(s): 0 for s in HAND}, "20": 1}, signs=[9], galleries=[], pos=[30 if odd else 29, 0],
                  player=0)
    play(st, "roll 1 2" if odd else "roll 1 3", f"card {card}")
    lost = LOST[drawn]
    assert events(st, "bankrupt_shop") == [{"kind": "bankrupt_shop", "seat": 0, "shop": lost, "drawn": drawn}]
    assert owners(st) == {**{s: 0 for s in HAND if s != lost}, 20: 1}
    assert st.sign[9] == (lost != 9) and st.cash == [100_000, 100_000]


@pytest.mark.parametrize(("roll", "pile"), [("roll 1 3", "P"), ("roll 1 2", "I")])
def test_d_only_shop_cards_are_drawn(roll: str, pile: str) -> None:
    """docs « P: a card that shows no shop has no number, so it is put back and another drawn »: on square 33 the
    chance outcomes are the parity pile's 28 shop cards, 1/28 each — never P29–P34 / I29–I34."""
    st = position(owners={"3": 0, "20": 1}, pos=[29 if pile == "P" else 30, 0], player=0)
    play(st, roll)
    chances = outcomes(st)
    assert list(chances) == [f"card {pile}{k:02d}" for k in range(1, 29)]
    assert sum(chances.values()) == pytest.approx(1) and len(set(chances.values())) == 1
    t = load_tables({})
    assert all(t.cards[text.split()[1]].shop for text in chances)
    for k in range(29, 35):
        with pytest.raises(IllegalActionError):
            st.apply(st.parse_action(f"card {pile}{k}"))
    assert outcomes(st) == chances


def test_d_bouton_rouge_bankruptcy_with_an_even_total() -> None:
    """« Suivant le résultat des dés, vous tirez une "Carte Correspondance" sur la pile paire ou impaire »: R11 after
    1 + 3 (from square 1 to Bouton Rouge square 5) draws among the even shop cards."""
    st = position(owners={"3": 0, "20": 1}, pos=[1, 0], player=0)
    play(st, "roll 1 3", "card R11")
    assert list(outcomes(st)) == [f"card P{k:02d}" for k in range(1, 29)]


# --- E, F. Galleries -----------------------------------------------------------------------------------------------


def test_f_merge_names_the_gallery_by_its_lowest_shop() -> None:
    """The other gallery in ``merge S``: its lowest shop works (F: merging 1 + 2 + 40 with 4 + 22 + 45)."""
    st = position(owners={"1": 0, "2": 0, "40": 0, "4": 0, "22": 0, "45": 0, "30": 1},
                  galleries=[[1, 2, 40], [4, 22, 45]], pos=[64, 20], player=0)
    play(st, "roll 1 3", "merge 4")
    assert st.galleries == [[1, 2, 4, 22, 40, 45]]


def test_f_merge_names_the_gallery_by_any_of_its_shops() -> None:
    st = position(owners={"1": 0, "2": 0, "40": 0, "4": 0, "22": 0, "45": 0, "30": 1},
                  galleries=[[1, 2, 40], [4, 22, 45]], pos=[64, 20], player=0)
    play(st, "roll 1 3", "merge 22")
    assert st.galleries == [[1, 2, 4, 22, 40, 45]]


def test_e_one_gallery_per_visit_then_the_mail() -> None:
    """docs « One gallery per visit »: after ``gallery 5 9`` the mail is next, no second decision."""
    st = position(owners={"1": 0, "5": 0, "9": 0, "10": 0, "11": 0, "12": 0, "20": 1}, pos=[62, 0], player=0)
    play(st, "roll 2 3")
    assert "gallery 5 9" in legal(st) and "gallery 10 11" in legal(st)
    play(st, "gallery 5 9")
    assert st.current_player == CHANCE and st.to_json()["queue"] == [["mail", "odd"], ["end_turn"]]
    assert st.galleries == [[1, 5, 9]] and st.cash[0] == 100_000 + 3000 - 9000


def test_e_b3_a_written_purchase_or_gallery_needs_the_pawn_on_its_shop() -> None:
    """A position read back whose queue waits for a gallery (E) or a purchase (B3) is refused, with what is wrong,
    unless the player stands on a shop of their own, or a free one (the fuzz test once loaded a gallery decision
    with the pawn's square left out, and the player built a gallery with square 0 in it)."""
    st = position(owners={"1": 0, "5": 0, "9": 0, "20": 1}, pos=[62, 0], player=0)
    play(st, "roll 2 3")
    written = st.to_json()
    assert written["queue"][0] == ["gallery"]
    assert GAME.state_from_json(written).to_json() == written
    for change, why in (({"pos": [0, 0]}, "on square 0"), ({"owners": {"5": 0, "9": 0, "20": 1}}, "of their own")):
        with pytest.raises(StateFormatError, match=rf"“gallery” step .*{why}"):
            GAME.state_from_json({**written, **change})
    buying = position(owners={"20": 1}, pos=[62, 0], player=0, moved=[True, True])
    play(buying, "roll 2 3")
    written = buying.to_json()
    assert written["queue"][0] == ["buy"]
    with pytest.raises(StateFormatError, match=r"“buy” step .*a free shop"):
        GAME.state_from_json({**written, "owners": {"1": 1, "20": 1}})


# --- I. Comment gagner ? -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("reached", [True, False])
def test_i_signs_threshold(players: int, reached: bool) -> None:
    """« 1- Avoir un certain nombre d'enseignes »: 6, 6, 5, 4, 3 signs for 2–6 players. Seat 0 owns shops 1..T; a
    Bouton Rouge sign (R09) gives the T-th sign and the game ends at once, or the (T-1)-th and it goes on."""
    target = SIGNS_TO_WIN[players]
    signs = list(range(1, target)) if reached else list(range(1, target - 1))
    st = position(players, owners={**{str(s): 0 for s in range(1, target + 1)}, "50": 1}, signs=signs, player=0)
    play(st, "roll 2 3", "card R09")
    if not reached:
        play(st, f"sign {target}")
        assert st.current_player == CHANCE and st.signs_of(0) == target - 1 and st.player == 1
        return
    assert st.current_player == TERMINAL and st.signs_of(0) == target
    assert (st.winner, st.termination) == (0, "signs")
    out = st.outcome()
    assert out.winners == (0,) and out.ranks[0] == 1 and all(r > 1 for r in out.ranks[1:])


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("reached", [True, False])
def test_i_gallery_threshold(players: int, reached: bool) -> None:
    """« 2- Avoir une galerie d'une certaine taille »: 15, 15, 12, 9, 9 shops for 2–6 players. Seat 0, on shop 40 of
    its gallery 40 + 41 + 42, merges it with its gallery of G-3 shops (1, 2, …): G shops win at once; G-1 do not."""
    size = GALLERY_TO_WIN[players] - 3 - (0 if reached else 1)
    first = list(range(1, size + 1))
    st = position(players, owners={**{str(s): 0 for s in [*first, 40, 41, 42]}, "50": 1},
                  galleries=[first, [40, 41, 42]], cash=[1_000_000] + [100_000] * (players - 1),
                  pos=[46] + [0] * (players - 1), player=0, dice=[1, 2],
                  queue=[["gallery"], ["mail", "odd"], ["end_turn"]])  # on shop 40 (square 46), after rolling 1 + 2
    assert legal(st) == ["merge 1", "pass"]
    play(st, "merge 1")
    assert len(st.galleries[0]) == size + 3
    if reached:
        assert st.current_player == TERMINAL and (st.winner, st.termination) == (0, "gallery")
        assert st.outcome().winners == (0,)
    else:
        assert st.current_player == CHANCE and st.termination == ""


def test_i_winner_ranks_first_even_with_less_of_everything() -> None:
    """A player who wins by the rulebook's ways (I.1–3) ranks first, whatever the others hold."""
    st = position(2, owners={"1": 0, "2": 0, "3": 0, "4": 0, "5": 0, "6": 0, "20": 1},
                  signs=[1, 2, 3, 4, 5, 6], cash=[0, 500_000], winner=0, termination="signs")
    assert st.outcome().ranks == (1, 2)


def _stopped(players: int = 2, **fields: object) -> tuple[int, ...]:
    """The ranks of a game stopped by the rounds limit (« Si vous décidez d'arrêter la partie en cours »)."""
    st = position(players, termination="rounds_limit", **fields)
    assert st.current_player == TERMINAL and st.winner == -1
    return st.outcome().ranks


def test_i_stopped_game_most_signs_first() -> None:
    """« 1. celui qui a le plus d'enseignes »: seat 0's one sign beats seat 1's gallery of 6, 10 shops and money."""
    mine = {str(s): 1 for s in range(21, 31)}
    assert _stopped(owners={"1": 0, **mine}, signs=[1], galleries=[[21, 22, 23, 24, 25, 26]],
                    cash=[0, 900_000]) == (1, 2)


def test_i_stopped_game_then_the_largest_gallery() -> None:
    """« 2. celui qui a la plus grande galerie »: no signs; seat 1's gallery of 6 beats seat 0's two of 3 (and seat
    0's more shops and money)."""
    zero = {str(s): 0 for s in (1, 2, 3, 4, 5, 6, 7, 8, 9)}
    one = {str(s): 1 for s in (21, 22, 23, 24, 25, 26)}
    assert _stopped(owners={**zero, **one}, galleries=[[1, 2, 3], [4, 5, 6], [21, 22, 23, 24, 25, 26]],
                    cash=[900_000, 0]) == (2, 1)


def test_i_stopped_game_then_the_most_galleries() -> None:
    """« 3. celui qui a le plus de galeries »: both have a largest gallery of 3; seat 0 has two, seat 1 one gallery
    but more shops and money."""
    zero = {str(s): 0 for s in (1, 2, 3, 4, 5, 6)}
    one = {str(s): 1 for s in range(21, 35)}
    assert _stopped(owners={**zero, **one}, galleries=[[1, 2, 3], [4, 5, 6], [21, 22, 23]],
                    cash=[0, 900_000]) == (1, 2)


def test_i_stopped_game_then_the_most_shops() -> None:
    """« 4. celui qui a le plus de commerces »: no signs, no galleries; 4 shops beat 3 shops and more money."""
    assert _stopped(owners={"1": 0, "2": 0, "3": 0, "4": 0, "21": 1, "22": 1, "23": 1}, cash=[0, 900_000]) == (1, 2)


def test_i_stopped_game_then_the_most_money() -> None:
    """« 5. celui qui a le plus d'argent »: everything else equal, money decides; equal money is a shared rank."""
    assert _stopped(3, owners={"1": 0, "21": 1, "40": 2}, cash=[50_000, 70_000, 70_000]) == (3, 1, 1)
    st = position(3, owners={"1": 0, "21": 1, "40": 2}, cash=[50_000, 70_000, 70_000], termination="rounds_limit")
    assert st.outcome().winners == (1, 2)


def test_i_stopped_game_seats_that_left_rank_last() -> None:
    """A seat that left the game ranks below every seat still in it (whatever they hold), the last to leave first."""
    assert _stopped(4, owners={"1": 3}, left=[2, 0, 1, 0], cash=[0, 0, 0, 0]) == (3, 2, 4, 1)


@pytest.mark.parametrize("seed", range(4))
def test_i_rounds_option_stops_the_game_after_n_rounds(seed: int) -> None:
    """Option ``rounds = 3``: the game stops when the turn would pass the starting player for the fourth time; by then
    every seat still in the game has played 3 turns (unless the rulebook's own ways ended it first)."""
    match = Match(GAME, 3, {"rounds": 3}, seed=seed)
    match.play_randomly(random.Random(seed), max_actions=5000)
    st = match.state
    assert match.is_over()
    turns = [e.args["seat"] for e in match.events if e.kind == "turn"]
    assert turns[0] == st.starter
    if st.termination == "rounds_limit":
        assert st.round == 4 and st.winner == -1
        assert all(turns.count(s) == 3 for s in range(3) if not st.left[s])
        assert [e.kind for e in match.events].count("game_end") == 1
    else:
        assert st.round <= 3


@pytest.mark.parametrize(("rounds", "over"), [(0, False), (1000, True), (1001, False)])
def test_i_rounds_option_zero_never_stops(rounds: int, over: bool) -> None:
    """``rounds = N`` stops the game at the end of round N; ``rounds = 0`` never does. Round 1000, seat 1 (the last
    before the starter, seat 0) ends its turn (Bouton Rouge R01)."""
    st = position(2, options={"rounds": rounds}, owners={"40": 0, "41": 1}, player=1, starter=0, round=1000)
    play(st, "roll 2 3", "card R01")
    assert st.round == 1001
    assert (st.current_player == TERMINAL) == over
    assert st.termination == ("rounds_limit" if over else "")


# --- C. The jackpot with a sign; a card that sends the pawn where it stands ---------------------------------------


def test_c_jackpot_on_a_shop_with_a_sign_is_55000() -> None:
    """RULINGS: the jackpot (50 000) replaces the own-shop amount; H.2: a sign « majore toute transaction avec ce
    commerce de 5 000 (à payer ou à encaisser) ». Seat 0 lands on its shop 3, which has a sign (3 000 + 5 000), and
    draws I02 (shop 3): 55 000."""
    st = position(owners={"3": 0, "20": 1}, signs=[3], player=0)
    play(st, "roll 1 2", "card I02")
    got = [(e["amount"], e["why"]) for e in events(st, "receive")]
    assert got == [(8_000, "own_shop"), (55_000, "jackpot")]
    assert st.cash == [100_000 + 63_000, 100_000]


def test_c_a_card_sending_the_pawn_where_it_stands_changes_nothing() -> None:
    """P: a move card naming the square the pawn stands on does not move it, so there is no new arrival (no second
    bill, no second mail). Seat 0 reaches square 1 (seat 1's shop: 3 000), then its mail I32 « go to square 1 »."""
    st = position(owners={"1": 1, "20": 0}, pos=[64, 10], player=0)
    play(st, "roll 1 2", "card I32")
    assert [e["amount"] for e in events(st, "pay")] == [3_000]
    assert events(st, "stays") == [{"kind": "stays", "seat": 0, "square": 1}]
    assert st.pos[0] == 1 and st.player == 1 and outcomes(st)  # the turn passed: seat 1 rolls
