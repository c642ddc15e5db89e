"""« A Vendre ! » rules on hand-built positions, where a property is checked over many cases at once (every player
count, every square of a colour, every card of a kind, every business at auction) or where the position is easier to
build than to reach. Paragraph by paragraph, in the rulebook's order (``shared/seeds/004_dc249c066eab53cc.txt``, read
with ``shared/RULINGS.md``); ``support.py`` lists the shipped board and cards."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludotheque.engine import CHANCE, TERMINAL, IllegalActionError
from ludotheque.engine.errors import StateFormatError
from ludotheque.games.a_vendre.actions import Bid
from ludotheque.games.a_vendre.state import AVendreState, half_up, quarter_up
from ludotheque.games.a_vendre.tables import BLUE, GREEN, RED, YELLOW, load_tables
from tests.a_vendre.support import GAME, START, events, legal, outcomes, owners, play, position, queue

T = load_tables({})
BLUE_SQUARES = [s for s in range(1, 61) if T.colour[s] == BLUE]
RED_SQUARES = [s for s in range(1, 61) if T.colour[s] == RED]
GREEN_SQUARES = [s for s in range(1, 61) if T.colour[s] == GREEN]
YELLOW_SQUARES = [s for s in range(1, 61) if T.colour[s] == YELLOW]
BUSINESSES = [T.title_at[s] for s in BLUE_SQUARES]
ESTABLISHMENTS = [T.title_at[s] for s in RED_SQUARES]
DATA = Path(__file__).parents[2] / "src" / "ludotheque" / "games" / "a_vendre" / "data"


def test_the_shipped_board_has_the_four_colours_where_the_tests_expect_them() -> None:
    """The squares the scenarios are worked out on (``support.py``)."""
    assert GREEN_SQUARES == [7, 19, 31, 43, 53]
    assert YELLOW_SQUARES == [4, 11, 16, 24, 28, 35, 40, 47, 52, 57]
    assert RED_SQUARES == [5, 9, 13, 18, 22, 26, 33, 37, 41, 46, 50, 55, 58]
    assert len(BLUE_SQUARES) == 30 and sorted(BUSINESSES + ESTABLISHMENTS) == list(range(1, 44))


# --- Règles générales, Le jeu commence --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 10))
def test_start_5100_each_and_the_bank_everyone_on_square_1_the_lot(players: int) -> None:
    """« remet en commençant à chaque participant et à la banque elle-même 5100.— »; « Le sort décide qui jettera le dé
    le premier »; « On commence par le numéro 1 »; « On joue avec un seul dé »."""
    st = GAME.new_game(players)
    st.events = []
    assert st.cash == [START] * players and st.bank == START and st.loans == [0] * players
    assert st.pos == [1] * players and st.trip == [1] * players and not any(st.waiting) and not owners(st)
    assert st.current_player == CHANCE
    assert outcomes(st) == {f"first {s}": pytest.approx(1 / players) for s in range(players)}
    last = players - 1
    play(st, f"first {last}")
    assert st.player == st.first == last and st.round == 1
    assert outcomes(st) == {f"roll {f}": pytest.approx(1 / 6) for f in range(1, 7)}
    assert events(st) == [{"kind": "first", "seat": last}, {"kind": "turn", "seat": last, "round": 1}]


@pytest.mark.parametrize("players", [2, 5, 9])
def test_the_others_follow_in_turn_round_after_round(players: int) -> None:
    """« les autres suivent à tour de rôle »: from the first (seat 1), seats 2, 3, … n−1, 0, then round 2."""
    st = position(players, pos=[3] * players, player=1)
    seen = []
    for _ in range(players):
        seen.append((st.player, st.round))
        play(st, "roll 1", "pass")  # yellow square 4, no card
    seen.append((st.player, st.round))
    assert seen == [((1 + k) % players, 1 + (k >= players)) for k in range(players + 1)]
    assert st.turns == players + 1


# --- Deux manières de jouer: the simple game --------------------------------------------------------------------------


@pytest.mark.parametrize(("square", "face"), [(p, f) for p in range(54, 60) for f in range(1, 7) if p + f >= 60])
def test_simple_game_reaching_or_passing_60_ends_at_once(square: int, face: int) -> None:
    """« atteindre ou à dépasser … la case 60 … Aussitôt qu'un joueur y est parvenu, le jeu est terminé »; titles do not
    matter (« l'on ne tient ici pas compte du nombre de commerces »)."""
    st = position(3, pos=[square, 1, 1], player=0)
    play(st, f"roll {face}")
    assert st.current_player == TERMINAL and st.termination == "reached_60" and st.pos[0] == 60
    assert st.cash == [START] * 3 and not queue(st)


@pytest.mark.parametrize(("square", "face"), [(53, 6), (50, 1), (58, 1)])
def test_simple_game_goes_on_below_60(square: int, face: int) -> None:
    st = position(2, pos=[square, 1], player=0)
    play(st, f"roll {face}")
    assert st.current_player != TERMINAL and st.pos[0] == square + face


# --- Fin du jeu et règlement de compte --------------------------------------------------------------------------------


def test_halves_and_quarters_are_rounded_up_to_10() -> None:
    """R: « halves of amounts are rounded up to the next 10 »; the docs round a quarter of the bank's purse alike."""
    assert [half_up(a) for a in (200, 250, 1360, 10, 0, 1250, 1270)] == [100, 130, 680, 10, 0, 630, 640]
    assert [quarter_up(a) for a in (4200, 5300, 2160, 0, 10, 40)] == [1050, 1330, 540, 0, 10, 10]


def test_every_business_counts_half_its_pa_every_establishment_nothing() -> None:
    """« ces derniers ne comptant que pour la moitié du prix d'achat indiqué. Les établissements confiés ne représentent
    donc pas de valeur. »"""
    businesses = {str(t): 0 for t in BUSINESSES}
    establishments = {str(t): 1 for t in ESTABLISHMENTS}
    st = position(2, owners={**businesses, **establishments}, player=0)
    assert st.fortune(0) == START + sum(T.price[t] // 2 for t in BUSINESSES) == START + 11_700
    assert st.fortune(1) == START


def test_half_price_rounded_up_on_ones_own_board(tmp_path: Path) -> None:
    """A board whose business 1 costs 250: it counts 130 at the end, and its auction opens at 130 (RULINGS)."""
    mine = tmp_path / "board.toml"
    mine.write_text((DATA / "board.toml").read_text(encoding="utf-8").replace(
        'number = 1, name = "Laiterie", price = 200', 'number = 1, name = "Laiterie", price = 250'), encoding="utf-8")
    st = position(2, options={"board": str(mine)}, owners={"1": 0, "16": 1}, cash=[0, 5100], pos=[20, 1], player=0)
    assert st.fortune(0) == 130
    play(st, "roll 2")  # Théâtre, seat 1's: 180 owed; the only business is auctioned at once
    assert st.auction is not None and st.auction[3] == 130
    assert legal(st)[0] == "bid 140"


def test_loans_are_repaid_with_10_percent() -> None:
    """« remboursable à la fin du jeu avec 10 % d'intérêts … ces dettes … doivent d'abord être déduites »."""
    st = position(3, cash=[5000, 5000, 5000], loans=[0, 1, 3], pos=[59, 1, 1], player=0)
    play(st, "roll 1")
    assert st.outcome().scores == (5000, 3900, 1700)
    assert st.outcome().ranks == (1, 2, 3)


def test_the_banks_buyer_counts_a_quarter_of_its_purse() -> None:
    """« le banquier ne peut compter sa fortune en banque que pour 1/4 de sa valeur »: 3 players, seat 2 owns the bank
    holding 20 400 − 12 000 = 8 400: 2 000 + 2 100 = 4 100."""
    st = position(3, cash=[5000, 5000, 2000], bank_owner=2, pos=[59, 1, 1], player=0)
    assert st.bank == 8400
    play(st, "roll 1")
    assert st.outcome().scores == (5000, 5000, 4100) and st.outcome().winners == (0, 1)


def test_seats_that_left_rank_below_the_last_to_leave_first() -> None:
    """docs: seats that left rank below those still in, the last to leave first."""
    st = position(4, left=[1, 0, 2, 0], cash=[0, 5000, 0, 100], pos=[1, 59, 1, 1], player=1)
    play(st, "roll 1")
    out = st.outcome()
    assert out.ranks == (4, 1, 3, 2) and out.winners == (1,)


# --- Règle de jeu complémentaire pour le jeu double -------------------------------------------------------------------


@pytest.mark.parametrize(("square", "face"), [(p, f) for p in range(54, 60) for f in range(1, 7) if p + f > 60])
def test_double_points_beyond_60_go_on_from_square_1(square: int, face: int) -> None:
    """R: « square 1 being the first step after 60 (the rulebook's example: from 57, a 4 reaches square 1) »; 2 000
    from the bank for the second trip."""
    st = position(2, options={"game": "double"}, owners={"1": 0, "3": 0, "6": 0}, pos=[square, 1], player=0)
    play(st, f"roll {face}")
    beyond = square + face - 60
    assert st.pos[0] == beyond and st.trip == [2, 1] and not st.waiting[0]
    assert st.cash[0] == START + 2000 and st.bank == START - 2000
    assert events(st, "bank_pays") == [{"kind": "bank_pays", "seat": 0, "amount": 2000, "owed": 2000,
                                        "why": "trip_bonus"}]


@pytest.mark.parametrize(("titles", "goes_on"), [
    ({}, False), ({"1": 0, "2": 0}, False), ({"3": 0, "6": 0}, False), ({"1": 0, "3": 1, "6": 1}, False),
    ({"3": 0, "6": 0, "9": 0}, True), ({"1": 0, "2": 0, "3": 0}, True), ({"1": 0, "2": 0, "4": 0, "5": 0}, True),
])
def test_double_second_trip_needs_3_titles_establishments_count(titles: dict[str, int], goes_on: bool) -> None:
    """« il ne lui est permis de recommencer à la case 1 que s'il est propriétaire d'au moins 3 commerces; les
    établissements confiés (cases rouges) comptent aussi »; those of another player do not count."""
    st = position(2, options={"game": "double"}, owners=titles, pos=[57, 1], player=0)
    play(st, "roll 3")
    assert st.waiting[0] is not goes_on and st.trip[0] == (2 if goes_on else 1)
    assert st.pos[0] == (0 if goes_on else 60) and st.cash[0] == START + (2000 if goes_on else 0)


@pytest.mark.parametrize("titles", [5, 6, 7])
def test_double_second_arrival_needs_6_titles(titles: int) -> None:
    """« Celui qui a accompli le second voyage doit posséder … 6 commerces ou établissements … Là-dessus le jeu est
    terminé »; R: with fewer, the pawn waits on 60."""
    held = {str(t): 0 for t in range(1, titles + 1)}
    st = position(2, options={"game": "double"}, owners=held, trip=[2, 1], pos=[57, 1], player=0)
    play(st, "roll 5")
    if titles >= 6:
        assert st.termination == "second_trip" and st.cash[0] == START + 2000
    else:
        assert st.current_player == CHANCE and st.waiting == [True, False] and st.pos[0] == 60
        assert st.cash[0] == START and st.player == 1


def test_double_simple_option_never_waits() -> None:
    """The simple game asks for no title at 60 (« l'on ne tient ici pas compte du nombre de commerces »)."""
    st = position(2, options={"game": "simple"}, pos=[57, 1], player=0)
    play(st, "roll 4")
    assert st.termination == "reached_60" and not any(st.waiting)


def test_waiting_on_60_every_turn_a_roll_and_a_card() -> None:
    """« il continue à jeter le dé à son tour et il a droit chaque fois à une carte des charges »: three turns of the
    waiting seat, each a roll then a card (lottery wins), the pawn on 60 all along."""
    st = position(2, options={"game": "double"}, owners={"1": 0, "2": 1}, waiting=[True, True], pos=[60, 60],
                  player=0)
    for mine, theirs, face in (("L01", "L04", 1), ("L02", "L05", 6), ("L03", "L06", 3)):
        assert st.player == 0
        play(st, f"roll {face}")
        assert st.current_player == CHANCE and queue(st)[0] == ["draw"]
        play(st, f"draw {mine}", "roll 2", f"draw {theirs}")  # seat 1 waits too
        assert st.pos == [60, 60] and st.waiting == [True, True]
    assert st.cash == [START + 50 + 100 + 100, START + 150 + 200 + 200]
    assert [e["seat"] for e in events(st, "card")] == [0, 1, 0, 1, 0, 1] and not events(st, "move")


def test_waiting_on_60_a_card_forward_leaves_the_pawn_there() -> None:
    """docs P: a move forward while waiting on 60 leaves the pawn there."""
    st = position(2, options={"game": "double"}, owners={"1": 0}, waiting=[True, False], pos=[60, 1], player=0)
    play(st, "roll 2", "draw D12")
    assert st.pos[0] == 60 and st.waiting[0] and st.player == 1
    assert events(st, "stays") == [{"kind": "stays", "seat": 0, "square": 60}]


def test_a_pawn_sent_back_from_60_reaches_it_again_and_waits_again() -> None:
    """« Il se pourra donc qu'il doive reculer »: back to 57 (D03), then a 5 reaches 60 again: the pawn waits again,
    still without its third title, and the points beyond are lost."""
    st = position(2, options={"game": "double"}, owners={"1": 0}, waiting=[True, False], pos=[60, 11], player=0)
    play(st, "roll 1", "draw D03", "pass", "roll 5", "pass", "roll 5")
    assert st.pos[0] == 60 and st.waiting[0] and st.trip[0] == 1
    assert len(events(st, "waits")) == 1 and st.cash[0] == START


# --- Cases jaunes, vertes, bleues, rouges -----------------------------------------------------------------------------


@pytest.mark.parametrize("square", YELLOW_SQUARES)
def test_every_yellow_square_offers_a_card(square: int) -> None:
    """« libre de réclamer une carte des charges, ou non »."""
    st = position(2, pos=[square - 1, 1], player=0)
    play(st, "roll 1")
    assert st.current_player == 0 and legal(st) == ["card", "pass"]
    play(st, "card")
    assert st.current_player == CHANCE and queue(st)[0] == ["draw"]


@pytest.mark.parametrize("square", GREEN_SQUARES)
def test_every_green_square_by_the_die_goes_on_to_the_next(square: int) -> None:
    """« Celui qui est amené par un coup de dé dans une case verte avance sans autre formalité dans la case suivante »,
    which then takes effect (RULINGS); every green square of the shipped board is followed by a blue one."""
    st = position(2, pos=[square - 2, 1], player=0)
    play(st, "roll 2")
    assert st.pos[0] == square + 1 and T.colour[square + 1] == BLUE
    assert legal(st) == ["buy", "tax"] and st.cash[0] == START
    assert events(st, "green") == [{"kind": "green", "seat": 0, "square": square}]


@pytest.mark.parametrize("card", ["M01", "M02", "M03", "M04", "M05"])
def test_every_green_card_pays_its_amount_and_stays(card: str) -> None:
    """« celui qui est renvoyé par une carte des charges dans une case verte, doit s'y rendre avec son pion et payer à
    la banque le montant indiqué sur la carte »."""
    effect = T.cards[card].effect
    st = position(2, pos=[34, 1], player=0)
    play(st, "roll 1", "card", f"draw {card}")
    assert st.pos[0] == effect["square"] and st.cash[0] == START - effect["amount"]
    assert st.bank == START + effect["amount"]
    assert st.player == 1 and not events(st, "green")


def test_a_step_card_forward_onto_a_green_square_stays_there() -> None:
    """D11 (3 on) from yellow 4: the pawn is sent by a card onto green square 7; it stays there, like D04 (4 back)
    from 11 onto the same square."""
    back = position(2, pos=[10, 1], player=0)
    play(back, "roll 1", "card", "draw D04")
    assert back.pos[0] == 7 and back.player == 1
    st = position(2, pos=[3, 1], player=0)
    play(st, "roll 1", "card", "draw D11")
    assert st.pos[0] == 7 and st.player == 1 and not events(st, "green")


@pytest.mark.parametrize("square", BLUE_SQUARES)
def test_every_free_blue_square_buy_or_tax_then_a_card(square: int) -> None:
    """« doit acheter … (PA …), ou bien il doit payer à la banque comme impôt … (R); dans ce dernier cas le banquier
    garde le titre »; « Chaque joueur qui est contraint de poser son pion dans une case bleue a l'obligation de
    réclamer une carte des charges »."""
    title = T.title_at[square]
    price, income = T.price[title], T.income[title]
    before = square - 1 if T.colour[square - 1] != GREEN else square - 2
    bought = position(2, pos=[before, 1], player=0)
    play(bought, f"roll {square - before}")
    assert bought.pos[0] == square and legal(bought) == ["buy", "tax"]
    play(bought, "buy")
    assert owners(bought) == {title: 0} and bought.cash[0] == START - price and bought.bank == START + price
    assert queue(bought)[0] == ["draw"]
    taxed = position(2, pos=[before, 1], player=0)
    play(taxed, f"roll {square - before}", "tax")
    assert not owners(taxed) and taxed.cash[0] == START - income and taxed.bank == START + income
    assert queue(taxed)[0] == ["draw"]


@pytest.mark.parametrize("short", [True, False])
def test_buy_is_offered_only_with_the_price_in_hand(short: bool) -> None:
    """docs P: « buy is offered only to a player who can pay PA », otherwise the tax is paid: business 43 (1 360, R 200)
    with 1 350 or 1 360 in hand."""
    cash = 1350 if short else 1360
    st = position(2, cash=[cash, START], pos=[58, 1], player=0)
    play(st, "roll 1")
    if short:
        assert st.current_player == CHANCE and st.cash[0] == cash - 200 and not owners(st)
    else:
        assert legal(st) == ["buy", "tax"]
        play(st, "buy")
        assert st.cash[0] == 0 and owners(st) == {43: 0}


@pytest.mark.parametrize("square", BLUE_SQUARES + RED_SQUARES)
def test_every_held_title_r_to_its_holder_then_a_card(square: int) -> None:
    """« Si le commerce a déjà un propriétaire, c'est à lui que la taxe R doit être payée »; a red square: « au
    directeur de cet établissement la somme inscrite (R). Il a aussi toujours l'obligation de réclamer une carte »;
    « Il n'est pas admis de percevoir les recettes plus tard »: paid at once."""
    title = T.title_at[square]
    before = square - 1 if T.colour[square - 1] != GREEN else square - 2
    st = position(3, owners={str(title): 2}, pos=[before, 1, 1], player=0)
    play(st, f"roll {square - before}")
    assert st.cash == [START - T.income[title], START, START + T.income[title]] and st.bank == START
    assert st.current_player == CHANCE and queue(st)[0] == ["draw"]


@pytest.mark.parametrize("square", RED_SQUARES)
def test_every_free_red_square_r_to_the_bank_never_for_sale(square: int) -> None:
    """« doit payer à la banque … la somme inscrite (R) … Les établissements … ne sont pas à vendre »."""
    title = T.title_at[square]
    before = square - 1 if T.colour[square - 1] != GREEN else square - 2
    st = position(2, pos=[before, 1], player=0)
    play(st, f"roll {square - before}")
    assert st.cash[0] == START - T.income[title] and st.bank == START + T.income[title] and not owners(st)
    assert st.current_player == CHANCE and queue(st)[0] == ["draw"]


def test_several_pawns_on_one_red_square_each_pay() -> None:
    """« chacun d'eux doit remplir les obligations imposées par cette case »: 4 pawns on Théâtre (seat 3's, R 180)."""
    st = position(4, owners={"16": 3}, pos=[20, 20, 20, 22], player=0)
    for seat in range(3):
        play(st, "roll 2", f"draw L0{seat + 1}")
    assert st.pos == [22, 22, 22, 22] and st.cash[3] == START + 3 * 180
    assert [e["seat"] for e in events(st, "pay")] == [0, 1, 2]


# --- Cartes des charges -----------------------------------------------------------------------------------------------


def test_the_pile_is_drawn_without_replacement() -> None:
    """« ce dernier lui lit le texte qui s'y trouve et met ensuite la carte de côté »: each draw is a chance event over
    the cards left, in proportion to the copies left."""
    st = position(2, pos=[3, 3], player=0)
    play(st, "roll 1", "card")
    chances = outcomes(st)
    assert len(chances) == 94 and sum(chances.values()) == pytest.approx(1)
    assert chances["draw L01"] == pytest.approx(2 / 100) and chances["draw H01"] == pytest.approx(1 / 100)
    play(st, "draw L01", "roll 1", "card")  # seat 1, yellow 4
    chances = outcomes(st)
    assert len(chances) == 94 and chances["draw L01"] == pytest.approx(1 / 99)
    play(st, "draw L01", "roll 1")  # seat 0, red 5: 100 to the bank, then a card
    chances = outcomes(st)
    assert len(chances) == 93 and "draw L01" not in chances and chances["draw H01"] == pytest.approx(1 / 98)
    play(st, "draw H01")
    assert sum(st.deck) == 97 and st.owner[3] == 0


def test_a_card_drawn_is_not_drawn_again_until_the_reshuffle() -> None:
    st = position(2, pos=[3, 1], player=0)
    play(st, "roll 1", "card", "draw T30", "roll 3", "card")
    assert "draw T30" not in outcomes(st) and len(outcomes(st)) == 93
    with pytest.raises(IllegalActionError):
        st.apply(st.parse_action("draw T30"))


def test_when_the_pile_runs_out_it_is_shuffled_again_without_the_honorary_cards() -> None:
    """« S'il arrive que toutes les cartes des charges aient déjà été réclamées, le directeur du jeu les mêle de
    nouveau et elles sont utilisées une seconde fois, excepté les cartes honorifiques qui, dans ce cas, sont mises hors
    du jeu »: the last card (L10) drawn, the 87 cards that are not honorary make the new pile."""
    st = position(2, pos=[3, 1], deck={"L10": 1}, player=0)
    assert outcomes(st) == {"roll 1": pytest.approx(1 / 6), "roll 2": pytest.approx(1 / 6),
                            "roll 3": pytest.approx(1 / 6), "roll 4": pytest.approx(1 / 6),
                            "roll 5": pytest.approx(1 / 6), "roll 6": pytest.approx(1 / 6)}
    play(st, "roll 1", "card")
    assert outcomes(st) == {"draw L10": pytest.approx(1.0)}
    play(st, "draw L10")
    assert st.cash[0] == START + 500 and not st.honours and sum(st.deck) == 87
    assert events(st, "reshuffle") == [{"kind": "reshuffle", "cards": 87}]
    play(st, "roll 3", "card")  # seat 1, yellow 4
    chances = outcomes(st)
    assert len(chances) == 81 and not any(c.startswith("draw H") for c in chances)
    assert chances["draw L01"] == pytest.approx(2 / 87) and chances["draw L10"] == pytest.approx(1 / 87)


def test_a_second_reshuffle_is_still_without_the_honorary_cards() -> None:
    st = position(2, pos=[3, 1], deck={"D09": 1}, honours=False, player=0)
    play(st, "roll 1", "card", "draw D09")  # 1 on: red square 5, 100 to the bank, then a card from the new pile
    assert sum(st.deck) == 87 and not st.honours and st.pos[0] == 5 and queue(st)[0] == ["draw"]
    assert not any(st.deck[st.t.order.index(f"H{k:02d}")] for k in range(1, 14))


def test_a_position_with_no_charge_card_left_is_refused() -> None:
    """The pile is shuffled again as soon as its last card is drawn, so no position has it empty: one that does would
    stop the game at its next draw (a malformed position found by the fuzz tests)."""
    with pytest.raises(StateFormatError, match="'deck' holds no card"):
        position(2, pos=[3, 1], deck={}, player=0)


@pytest.mark.parametrize("card", [f"H{k:02d}" for k in range(1, 14)])
def test_every_honorary_card_gives_its_establishment_free(card: str) -> None:
    """« Une carte des charges, qui représente un emploi honorifique, donne droit à recevoir gratuitement le titre de
    propriété de l'établissement en question »."""
    title = T.cards[card].effect["title"]
    st = position(2, pos=[3, 1], player=0)
    play(st, "roll 1", "card", f"draw {card}")
    assert owners(st) == {title: 0} and T.red[title] and st.cash == [START, START] and st.bank == START
    assert st.fortune(0) == START


@pytest.mark.parametrize("card", [f"L{k:02d}" for k in range(1, 11)])
def test_every_lottery_card_is_paid_by_the_bank(card: str) -> None:
    """« des gains à la loterie et obligent la banque de payer au joueur le montant qui y est prévu »."""
    amount = T.cards[card].effect["amount"]
    st = position(2, pos=[3, 1], player=0)
    play(st, "roll 1", "card", f"draw {card}")
    assert st.cash == [START + amount, START] and st.bank == START - amount


@pytest.mark.parametrize("card", [f"T{k:02d}" for k in range(1, 31)])
def test_every_tax_card_pawn_stays_r_to_the_owner_or_the_bank(card: str) -> None:
    """« son pion reste dans la case occupée jusqu'ici … Sa seule charge consiste à payer le montant … ou au
    propriétaire ou à la banque, selon que le commerce a déjà un propriétaire ou non »."""
    square = T.cards[card].effect["square"]
    title = T.title_at[square]
    income = T.income[title]
    to_bank = position(2, pos=[3, 1], player=0)
    play(to_bank, "roll 1", "card", f"draw {card}")
    assert to_bank.pos == [4, 1] and to_bank.cash[0] == START - income and to_bank.bank == START + income
    assert to_bank.player == 1
    to_owner = position(2, pos=[3, 1], owners={str(title): 1}, player=0)
    play(to_owner, "roll 1", "card", f"draw {card}")
    assert to_owner.pos == [4, 1] and to_owner.cash == [START - income, START + income] and to_owner.bank == START


@pytest.mark.parametrize("card", [f"D{k:02d}" for k in range(1, 32)])
def test_every_step_card_moves_the_pawn_by_its_steps(card: str) -> None:
    """« Il se pourra donc qu'il doive reculer »: from yellow 35, each step card moves the pawn its steps (36 to 41 on,
    34 to 25 back — 31, green, reached by a card: the pawn stays there)."""
    steps = T.cards[card].effect["steps"]
    st = position(2, pos=[34, 1], player=0)
    play(st, "roll 1", "card", f"draw {card}")
    assert st.pos[0] == 35 + steps
    assert events(st, "move")[-1] == {"kind": "move", "seat": 0, "square": 35 + steps}
    assert not events(st, "green")


@pytest.mark.parametrize("card", [f"D{k:02d}" for k in range(1, 32) if T.cards[f"D{k:02d}"].effect["steps"] < 0])
def test_a_move_back_stops_on_square_1(card: str) -> None:
    """docs P: a move back never goes before square 1: from yellow 4 every card back stops on 1 or later."""
    steps = T.cards[card].effect["steps"]
    st = position(2, pos=[3, 1], player=0)
    play(st, "roll 1", "card", f"draw {card}")
    assert st.pos[0] == max(1, 4 + steps) >= 1


# --- Quand l'argent manque: auctions ----------------------------------------------------------------------------------


@pytest.mark.parametrize("title", BUSINESSES)
def test_every_business_auction_opens_at_half_its_price(title: int) -> None:
    """« Le banquier annonce comme première mise la moitié du prix d'achat »; R: bids must outbid it, in steps of 10."""
    st = position(2, cash=[0, START], owners={str(title): 0, "16": 1}, pos=[20, 1], player=0)
    play(st, "roll 2")
    opening = half_up(T.price[title])
    assert st.auction is not None and st.auction[:4] == ["business", title, 0, opening]
    assert st.current_player == 1 and legal(st)[0] == f"bid {opening + 10}"
    assert not st.is_legal(Bid(opening)) and st.is_legal(Bid(opening + 10)) and st.is_legal(Bid(opening + 370))
    assert st.is_legal(Bid(START)) and not st.is_legal(Bid(START + 10))


def test_bidders_in_turn_from_the_sellers_left_skipping_those_out() -> None:
    """docs: « the others bid in turn from the seller's left »: 9 players, seller 5, seat 8 out of the game."""
    left = [0] * 9
    left[8] = 1
    cash = [START] * 9
    cash[5], cash[8] = 0, 0
    st = position(9, cash=cash, left=left, owners={"1": 5, "16": 0}, pos=[1, 1, 1, 1, 1, 20, 1, 1, 1], player=5)
    play(st, "roll 2")
    assert st.auction is not None and st.auction[6] == [6, 7, 0, 1, 2, 3, 4]
    order = []
    while st.auction is not None:
        order.append(st.current_player)
        play(st, "pass")
    assert order == [6, 7, 0, 1, 2, 3, 4]
    assert events(st, "sold_to_bank") == [{"kind": "sold_to_bank", "seat": 5, "title": 1, "amount": 100}]


def test_bidding_goes_round_until_all_others_drop_out() -> None:
    """3 players: seller 0; seats 1 and 2 outbid each other twice round the table, then seat 1 drops out: seat 2 pays
    its last bid to the seller."""
    st = position(3, cash=[0, START, START], owners={"43": 0, "16": 1}, pos=[20, 1, 1], player=0)
    play(st, "roll 2", "bid 690", "bid 700", "bid 800", "bid 1000")
    assert st.auction is not None and st.current_player == 1
    play(st, "pass")
    assert st.auction is None and owners(st) == {43: 2, 16: 1}
    assert st.cash == [1000 - 180, START + 180, START - 1000]


def test_a_bidder_without_the_least_bid_drops_out_by_itself() -> None:
    """Bids go up to one's cash: seat 1 holds 600 < 690, so it cannot bid and is passed over (not in the record)."""
    st = position(3, cash=[0, 600, START], owners={"43": 0, "16": 2}, pos=[20, 1, 1], player=0)
    play(st, "roll 2")
    assert st.current_player == 2 and events(st, "bid_pass") == [{"kind": "bid_pass", "seat": 1}]


def test_auctions_go_on_until_the_debt_is_paid_then_a_loan() -> None:
    """« un ou plusieurs de ses commerces »: seat 0 (0 in hand) owes 340 (Palais des congrès, seat 1's); business 1 goes
    to the bank for 100, business 2 for 120; 220 is still short: with no business left, a loan."""
    st = position(2, cash=[0, START], owners={"1": 0, "2": 0, "42": 1}, pos=[57, 1], player=0)
    play(st, "roll 1")
    assert legal(st) == ["auction 1", "auction 2"]
    play(st, "auction 1", "pass")
    assert st.cash[0] == 100 and st.auction is not None and st.auction[1] == 2  # the last business, at once
    assert legal(st)[0] == "bid 130" and legal(st)[-1] == "pass"
    play(st, "pass")
    assert st.cash[0] == 220 and 2 not in owners(st) and legal(st) == ["borrow", "leave"]
    play(st, "borrow")
    assert st.cash == [220 + 1000 - 340, START + 340] and st.loans == [1, 0]
    assert [e["title"] for e in events(st, "sold_to_bank")] == [1, 2]


def test_establishments_are_never_auctioned() -> None:
    """« Les établissements … ne sont pas à vendre »: with only establishments, a short seat goes straight to the
    loan."""
    st = position(2, cash=[0, START], owners={"3": 0, "6": 0, "42": 1}, pos=[57, 1], player=0)
    play(st, "roll 1")
    assert legal(st) == ["borrow", "leave"] and not events(st, "auction")


def test_a_no_bid_auction_the_bank_cannot_pay_sells_the_bank() -> None:
    """The bank takes the business at the opening bid and must pay it: holding less, it is auctioned itself
    (« Quand la banque n'a plus d'argent »)."""
    st = position(3, cash=[0, 7600, 12740], owners={"43": 0, "16": 1}, pos=[20, 1, 1], player=0)
    assert st.bank == 60
    play(st, "roll 2", "pass", "pass")
    assert st.auction is not None and st.auction[0] == "bank" and st.auction[6] == [1, 2]
    assert st.current_player == 1 and events(st, "bid_pass")[-1] == {"kind": "bid_pass", "seat": 0}  # nothing to bid
    play(st, "bid 2550", "pass")
    assert st.bank_owner == 1 and st.owner[43] == -1
    assert st.cash == [680 - 180, 7600 - 2550 + 180, 12740] and st.bank == 60 + 2550 - 680


# --- Emprunt, leaving -------------------------------------------------------------------------------------------------


def test_a_debt_to_the_bank_left_unpaid_goes_to_the_bank() -> None:
    """A seat that leaves owing the bank (a tax) gives it what it has; its titles return to the bank."""
    st = position(3, cash=[90, START, START], owners={"3": 0}, pos=[58, 1, 1], player=0)
    play(st, "roll 1", "leave")  # business 43: 1 360 is out of reach, its tax (200) too
    assert st.cash == [0, START, START] and st.bank == 10_200 and not owners(st) and st.seats_out() == [0]
    assert events(st, "leaves") == [{"kind": "leaves", "seat": 0, "to": -1, "amount": 90}]


def test_the_banks_buyer_leaving_gives_the_bank_back() -> None:
    """docs P: the bank's buyer leaving the game gives the bank back to the software."""
    st = position(3, cash=[0, START, START], bank_owner=0, owners={"16": 1}, pos=[20, 1, 1], player=0)
    play(st, "roll 2", "leave")
    assert st.bank_owner == -1 and st.seats_out() == [0]


def test_a_bank_already_bought_that_runs_out_pays_what_it_has() -> None:
    """« manque une fois d'argent »; docs P: a bank already bought running out again pays what it has."""
    st = position(2, cash=[7600, 7600], bank_owner=1, pos=[3, 1], player=0)
    play(st, "roll 1", "card", "draw L10")
    assert st.auction is None and st.cash == [7700, 7600] and st.bank == 0 and st.bank_owner == 1
    assert events(st, "bank_pays")[0]["owed"] == 500


@pytest.mark.parametrize("bank", [990, 1000])
def test_the_bank_lends_only_with_1000_in_its_purse(bank: int) -> None:
    """docs P: a bank holding less than 1 000 lends nothing."""
    st = position(3, cash=[30, START, 15_270 - bank], owners={"16": 1}, pos=[20, 1, 1], player=0)
    assert st.bank == bank
    play(st, "roll 2")
    if bank < 1000:
        assert st.seats_out() == [0] and st.loans == [0, 0, 0]
    else:
        assert legal(st) == ["borrow", "leave"]
        play(st, "borrow")
        assert st.bank == 0 and st.loans == [1, 0, 0] and st.cash[0] == 1030 - 180


# --- Rounds limit -----------------------------------------------------------------------------------------------------


def finish_turn(st: AVendreState) -> None:
    """The turn under way played out: decisions ``pass`` or ``tax`` (or the first choice), lottery cards drawn."""
    seat = st.player
    while st.player == seat and st.current_player != TERMINAL:
        if st.current_player == CHANCE:
            chances = list(outcomes(st))
            play(st, next((c for c in chances if c.startswith("draw L")), chances[0]))
        else:
            choices = legal(st)
            play(st, next((c for c in ("pass", "tax") if c in choices), choices[0]))


@pytest.mark.parametrize("rounds", [1, 2, 3])
def test_the_rounds_limit_stops_after_that_many_rounds(rounds: int) -> None:
    """Option ``rounds``: a round ends when the turn comes back to the first player (here seat 2 of 3); then the game
    stops and the accounts are settled."""
    st = position(3, options={"rounds": rounds}, player=2)
    for _ in range(3 * rounds):
        assert st.current_player == CHANCE
        play(st, "roll 1")
        finish_turn(st)
    assert st.termination == "rounds_limit" and st.current_player == TERMINAL and st.turns == 3 * rounds
    assert [e["seat"] for e in events(st, "turn")] == [(k % 3) for k in range(3 * rounds - 1)]
    assert st.outcome().scores == tuple(st.fortune(s) for s in range(3))
