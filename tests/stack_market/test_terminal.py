"""Stack Market's terminal screen, drawn from real positions (seeded games played to each phase) in French and
English, 80 and 120 columns wide: the buildings from the front and the side with their heights, top faces, margins
and leans, the reserve and the record, every seat's steadiness, one's own cash and nobody else's, the dice to place,
the named aims when it is one's turn to aim; action words that parse back; events said in lines a person reads; and
whole games on an 80 × 24 and a 120 × 40 terminal that fit."""

from __future__ import annotations

import argparse
import io
import random
import re
from typing import Any, cast

import pytest
from rich.cells import cell_len
from rich.console import Console

from ludotheque.cli.play import build_session
from ludotheque.cli.render import get_renderer
from ludotheque.engine import Match, get_game
from ludotheque.engine.errors import IllegalActionError, InvalidActionError
from ludotheque.engine.record import SeatConfig
from ludotheque.engine.words import format_int
from ludotheque.games.stack_market import StackMarketState
from ludotheque.games.stack_market.actions import (
    FRENCH_AIM_WORDS,
    NAMED_AIMS,
    Aim,
    Invest,
    Stack,
    Stacker,
    Stay,
    parse_action,
)
from ludotheque.games.stack_market.terminal import StackMarketRenderer, action_words, aim_text
from ludotheque.table.service import Table
from tests.cli.terminal_support import Screens, Shot, assert_fits, play, session_for, terminal

GAME = get_game("stack-market")
RENDERER = StackMarketRenderer()
SCREENS = Screens(GAME, RENDERER)
view_of, draw = SCREENS.view_of, SCREENS.draw
NAMES = ["Ada", "Bob", "Cy", "Dee"]
HEIGHT_WORD = {"en": "top", "fr": "dessus"}


def reach(players: int, seed: int, phase: str, nth: int = 1, steadiness: int = 600) -> Match:
    """A game played from ``seed`` (careful aims mostly, so buildings grow) until a seat must act in ``phase`` for
    the ``nth`` time."""
    seats = [SeatConfig(NAMES[i], settings={"steadiness": steadiness}) for i in range(players)]
    match = Match(GAME, players, {}, seed, seats)
    rng = random.Random(seed)
    seen = 0
    while not match.is_over():
        if match.current_player < 0:
            match.draw_chance()
            continue
        obs = match.state.observation(match.current_player)
        if obs["phase"] == phase:
            seen += 1
            if seen == nth:
                return match
        if obs["phase"] == "aim":
            match.apply(Aim(0, 0, 0) if rng.random() < 0.85 else match.state.random_action(rng))
        else:
            match.apply(rng.choice(match.legal_actions()))
    assert phase == "over", f"no {phase} number {nth} in this game"
    return match


def test_the_game_brings_this_renderer() -> None:
    assert isinstance(get_renderer(GAME), StackMarketRenderer)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize(("players", "phase", "nth"), [(4, "invest", 1), (4, "order", 2), (3, "aim", 12),
                                                       (4, "change", 9), (3, "aim", 40)])
def test_the_buildings_reserve_record_and_hands_are_on_screen(lang: str, width: int, players: int, phase: str,
                                                               nth: int) -> None:
    match = reach(players, 7, phase, nth)
    height = 17 if width == 80 else 33  # the game's part of an 80 × 24 and a 120 × 40 terminal
    view = view_of(match, lang, width, height)
    text = draw(view)
    lines = text.rstrip("\n").split("\n")
    assert max(cell_len(line) for line in lines) <= width and len(lines) <= height, text
    obs = view.obs
    for company in obs["companies"]:  # every building's height and top face, its top die drawn with its number
        if company["height"]:
            assert f"{company['height']} ({HEIGHT_WORD[lang]} {company['top']})" in text
            assert f"[{company['top']}]" in text or f"‹{company['top']}]" in text or f"[{company['top']}›" in text
    assert ("margin" if lang == "en" else "marge") in text and ("lean" if lang == "en" else "dévers") in text
    assert re.search(r"x[+-]\d+[.,]\d y[+-]\d+[.,]\d", text)  # a lean in mm
    reserve = f"{'reserve' if lang == 'en' else 'réserve'} {obs['reserve']}/{obs['dice']}"
    assert reserve in text
    assert ("record" in text) and str(obs["record"]) in text
    steadiness = "±0.6" if lang == "en" else "±0,6"
    assert text.count(steadiness) == players  # each seat's hand
    cash = format_int(obs["my_cash"], lang)
    assert cash in text and ("your cash" in text or "votre argent" in text)


def test_a_tall_building_is_drawn_a_few_dice_a_line_on_a_small_screen() -> None:
    match = reach(4, 2, "aim", 30, steadiness=200)
    tallest = max(c["height"] for c in match.state.observation(0)["companies"])
    assert tallest > 12
    small = draw(view_of(match, "en", 80, 17))
    step = int(re.findall(r"(\d+)\u00a0dice/line", small)[0])
    assert step > 1 and f"{tallest} (top" in small
    assert len(small.rstrip("\n").split("\n")) <= 17
    ruler = [int(m) for m in re.findall(r"^ +(\d+) ┤", small, re.M)]
    assert ruler == list(range(tallest, 0, -step))  # from the tallest's top down, ``step`` dice a line
    big = draw(view_of(match, "en", 120, None))  # not a terminal: one line per die
    assert "dice/line" not in big
    assert sum(1 for line in big.split("\n") if re.match(r"^ +(\d+ ┤|│)", line)) == tallest


def test_only_ones_own_cash_is_shown_until_the_end() -> None:
    for seed in range(1, 30):
        match = reach(4, seed, "change", 12)
        cash = cast(StackMarketState, match.state).cash
        others = [c for p, c in enumerate(cash) if p != match.current_player and c != cash[match.current_player]]
        if others:
            break
    else:
        pytest.fail("no position where the players' cash differ")
    seat = match.current_player
    for lang in ("en", "fr"):
        for width in (80, 120):
            text = draw(view_of(match, lang, width, 17 if width == 80 else None))
            assert format_int(cash[seat], lang) in text
            for other in others:
                assert format_int(other, lang) not in text
        spectator = draw(view_of(match, lang, 120, None, seat=None))
        assert not any(format_int(c, lang) in spectator for c in set(cash))
    over = reach(3, 5, "over")
    final = {lang: draw(view_of(over, lang, 120, None, seat=None)) for lang in ("en", "fr")}
    for c in cast(StackMarketState, over.state).cash:  # English money: "$50,000"; French: « 50 000 $ »
        assert f"${format_int(c, 'en')}" in final["en"] and f"{format_int(c, 'en')}\u00a0$" not in final["en"]
        assert f"{format_int(c, 'fr')}\u00a0$" in final["fr"]


@pytest.mark.parametrize(("lang", "named", "typed"), [
    ("en", ["aim careful", "aim crooked left", "aim twisted"], "aim 1.5mm -0.5mm 2deg"),
    ("fr", ["viser soigné", "viser penché gauche", "viser tordu"], "viser 1,5mm -0,5mm 2deg")])
def test_the_named_aims_are_offered_when_it_is_ones_turn_to_aim(lang: str, named: list[str], typed: str) -> None:
    match = reach(4, 2, "aim", 5)
    seat = match.current_player
    for width, height in ((80, 17), (120, 33)):
        text = " ".join(draw(view_of(match, lang, width, height)).split())
        assert all(n in text for n in named) and typed in text
        pending = match.state.observation(seat)["pending"]
        assert f"[{pending[0]}]" in text  # the next die to place
    roomy = draw(view_of(match, lang, 120, None))
    for name in NAMED_AIMS:
        assert aim_text(Aim(*NAMED_AIMS[name]), lang) in roomy
    assert ("straight on the centre" if lang == "en" else "droit sur le centre") in roomy
    other = draw(view_of(match, lang, 120, None, seat=(seat + 1) % 4))  # not their turn: no menu
    assert named[1] not in other


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_action_words_are_read_back_and_explained(lang: str) -> None:
    rng = random.Random(4)
    checked = set()
    for phase, nth in (("invest", 1), ("order", 1), ("order", 3), ("aim", 3), ("change", 2), ("choose_stacker", 1)):
        for seed in range(1, 40):
            try:
                match = reach(4, seed, phase, nth)
            except AssertionError:
                continue
            break
        view = view_of(match, lang, 120)
        texts = [a.text() for a in match.legal_actions()]
        if phase == "aim":
            texts += [match.state.random_action(rng).text() for _ in range(30)]
            texts += [Aim(*v).text() for v in NAMED_AIMS.values()]
        for text in texts:
            words = action_words(text, lang)
            assert parse_action(words) == parse_action(text), (text, words)
            assert RENDERER.action_label(view, text), text
            checked.add(phase)
    assert checked >= {"invest", "order", "aim", "change"}
    assert action_words("aim 0 0 0", "fr") == "viser soigné" and action_words("aim -4000 0 0", "en") == \
        "aim crooked left"
    assert action_words("aim 1500 -250 1234", "en") == "aim 1.5mm -0.25mm 12.34deg"
    assert action_words("invest B", "fr") == "investir B" and action_words("stay", "fr") == "rester"


def test_aim_labels_say_where_the_die_goes() -> None:
    view = view_of(reach(4, 2, "aim", 1), "en", 80)
    assert RENDERER.action_label(view, "aim 0 0 0") == "straight on the centre"
    assert RENDERER.action_label(view, "aim -3000 1500 -1500") == \
        "3\u00a0mm to the left, 1.5\u00a0mm away from you, turned 15° clockwise"


def test_refusals_of_an_aim_say_millimetres_and_degrees() -> None:
    match = reach(4, 2, "aim", 1)
    catalog = GAME.catalog
    for lang, words in (("en", ("8\u00a0mm", "45°", "aim careful")), ("fr", ("8\u00a0mm", "45°", "viser soigné"))):
        view = view_of(match, lang, 80)
        with pytest.raises(IllegalActionError) as caught:
            match.state.apply(parse_action("aim 10mm 0"))
        assert caught.value.reason is not None
        text = catalog.reason(lang, RENDERER.refine_reason(view, caught.value.reason)) or ""
        assert all(w in text for w in words), text
        with pytest.raises(InvalidActionError) as bad:
            parse_action("aim 1,5 2")
        assert bad.value.reason is not None
        refined = RENDERER.refine_reason(view, bad.value.reason)
        assert refined.key == "aim_number" and "1,5" in (catalog.reason(lang, refined) or "")
        with pytest.raises(InvalidActionError) as unknown:
            parse_action("aim abc")
        assert unknown.value.reason is not None
        said = catalog.reason(lang, RENDERER.refine_reason(view, unknown.value.reason)) or ""
        named = ("soigné, penché gauche", "tordu") if lang == "fr" else ("careful, crooked left", "twisted")
        assert all(w in said for w in named) and ("crooked" in said) is (lang == "en"), said
    # the names said are the names read: the game's own lists, in each language
    assert catalog.t("en", "aims.names") == ", ".join(NAMED_AIMS)
    assert catalog.t("fr", "aims.names") == ", ".join(FRENCH_AIM_WORDS[n] for n in NAMED_AIMS)


def test_events_read_as_turns_and_the_round_end_stops_with_the_takeover() -> None:
    match = reach(4, 5, "over")
    for lang in ("en", "fr"):
        view = view_of(match, lang, 80, seat=None)
        log = match.log_for(None)
        lines = RENDERER.event_lines(view, log)
        texts = [line.text for line in lines]
        assert len(lines) < len(log) / 2  # a turn is one line
        rolls = "rolls" if lang == "en" else "lance"
        assert any(re.match(rf"\w+, (company|compagnie) [A-D]\u00a0?: {rolls} \d", t) for t in texts), texts[:20]
        assert all("{" not in t and "µm" not in t for t in texts)
        start = next(i for i, e in enumerate(log) if e.kind == "round_start")
        said = " ".join(str(getattr(p, "plain", "")) for p in RENDERER.milestone(view, log, 0))
        assert ("Round 2 is over" in said) if lang == "en" else ("La manche 2 est terminée" in said)
        assert "round_start" in RENDERER.milestones
        first = RENDERER.milestone(view, log[:start + 1], 0)
        text = " ".join(str(getattr(p, "plain", "")) for p in first)
        assert ("Round 1 is over" in text) if lang == "en" else ("La manche 1 est terminée" in text)
        assert ("Takeover" in text or "Rachat" in text or "receives" in text or "reçoit" in text)


def test_a_collapse_in_a_turn_line_reads_as_one_sentence() -> None:
    """A collapse is one part of its turn's line, followed by the separator like the others: no « ! ; » (nor
    "!;", "!.") in either language."""
    match = reach(4, 5, "over")
    for lang, word in (("en", "collapses at"), ("fr", "s'écroule à")):
        texts = [t for line in RENDERER.event_lines(view_of(match, lang, 80, seat=None), match.log_for(None))
                 for t in (line.text, line.short) if t]
        fell = [t for t in texts if word in t]
        assert fell, texts[:20]
        assert not any(re.search(r"!\s*[;.,]", t) for t in fell), fell
        said = next(t for t in fell if re.search(rf"{word} \d+ (dice|dés) \(", t))
        assert re.search(r"\((above die|au-dessus du dé) \d+\)(\u00a0?;|\.$)", said), said


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_seat_to_move_is_marked_as_in_the_other_games(lang: str) -> None:
    """The hands line marks the seat to move with ◂, like the other games, not with « (an unclosed quotation mark
    in French)."""
    match = reach(3, 7, "aim", 12)
    view = view_of(match, lang, 80, 17)  # an 80 × 24 terminal: the seats in one line
    hands = next(line for line in draw(view).split("\n") if line.startswith(("Hands", "Mains")))
    to_move = view.obs["to_move"]
    assert re.search(rf"{to_move} {NAMES[to_move]} [A-D] ±[\d.,]+ ◂", hands), hands
    assert "«" not in hands and hands.count("◂") == 1, hands


def _session(lang: str, width: int, height: int, seed: int, players: int = 3, rounds: int = 3) -> Any:
    """Hot seat for ``players`` people (no bot needed), a steady hand on seat 0."""
    args = argparse.Namespace(game="stack-market", players=players, option=[f"rounds={rounds}"], seed=seed,
                              names=",".join(NAMES[:players]), bots=None, load=None, lang=lang,
                              seat_option=["0:steadiness=400"])
    return build_session(args, lambda prompt: "", terminal(width, height))


def careful(lang: str) -> Any:
    """A person who aims carefully and otherwise takes the first choice (Enter at a hand-off or a stop)."""

    def answer(shot: Shot) -> str:
        if shot.prompt != "> ":
            return ""
        return action_words("aim 0 0 0", lang) if shot.phase == "aim" else "1"

    return answer


@pytest.mark.parametrize(("lang", "width", "height", "seed", "rounds", "stop"), [
    ("en", 80, 24, 1, 2, None), ("fr", 80, 24, 2, 1, None), ("en", 120, 40, 3, 1, None), ("fr", 120, 40, 4, 1, None)])
def test_games_fit_the_terminal(lang: str, width: int, height: int, seed: int, rounds: int, stop: int | None) -> None:
    """Every screen of hot-seat games (each seat's view in turn) fits, to the end, on 80 × 24 and 120 × 40."""
    shots = play(_session(lang, width, height, seed, rounds=rounds), careful(lang), limit=4000, stop_after=stop)
    asked = [s for s in shots if s.prompt == "> " and s.seat >= 0]
    for shot in shots:
        assert_fits(shot, width, height)
    aiming = [s for s in asked if s.phase == "aim"]
    said = [" ".join(s.text.split()) for s in aiming]
    assert said and all(("aim careful" in t) or ("viser soigné" in t) for t in said)
    assert {"invest", "aim", "change"} <= {s.phase for s in asked}
    if width > 100:  # the larger layout: the players' table and the aims explained
        assert all(("Hand" in s.text and "Cash" in s.text) or ("Main" in s.text and "Argent" in s.text) for s in asked)
        assert all(("straight on the centre" in t) or ("droit sur le centre" in t) for t in said)
    if stop is None:
        stops = [s for s in shots if s.prompt not in ("> ", "")]
        assert len(stops) == rounds - 1  # a round's end stops the game, the last one is the end of the game
        assert all(("is over" in s.text) or ("est terminée" in s.text) for s in stops)
        end = shots[-1].text + shots[-2].text
        assert "Final ranking" in end or "Classement final" in end


def test_the_numbered_choices_at_an_aim_are_the_named_aims_and_any_aim_may_be_typed() -> None:
    match = reach(3, 5, "aim")
    view = view_of(match, "en", 80, 24)
    menu = RENDERER.menu(view, view.legal)
    assert menu == [Aim(*values).text() for values in NAMED_AIMS.values()]
    assert len(view.legal) == 75 and RENDERER.menu(view_of(reach(3, 5, "change"), "en", 80), ["stay"]) == ["stay"]
    session = _session("en", 80, 24, 5)
    session.table = Table(match)
    seat = match.current_player
    assert session._read_action(seat, "1") == Aim(0, 0, 0)
    assert session._read_action(seat, "2") == Aim(*NAMED_AIMS["crooked left"])
    assert session._read_action(seat, "aim 1500um -20um 0") == Aim(1500, -20, 0)
    assert session._read_action(seat, "aim 1500um -20um 5") is None  # a turn without its unit is questioned
    assert session._read_action(seat, "aim 1.5mm 0 0") == Aim(1500, 0, 0)


@pytest.mark.parametrize(("text", "doubt"), [("aim 1 2", True), ("vise 3 0 0", True), ("aim 0 0 0", False),
                                             ("aim 1mm 2mm", False), ("aim 1500um 0", False), ("stay", False)])
def test_an_aim_typed_without_units_is_questioned(text: str, doubt: bool) -> None:
    view = view_of(reach(3, 5, "aim"), "en", 80, 24)
    reason = RENDERER.check_typed(view, text)
    assert (reason is not None) == doubt
    if doubt:
        assert reason is not None and reason.key == "aim_units"
        said = GAME.catalog.reason("en", reason) or ""
        assert "give the units" in said and text in said


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40)])
def test_the_help_lists_each_action_with_its_explanation_under_one_column(lang: str, width: int, height: int) -> None:
    """``help`` (``aide``): each action on one line of the catalogue (no sentence cut by a line break), its label
    narrower than the labels' column; on the terminal each explanation starts at that column and wraps under it,
    nothing left out, every kind of action and every named aim explained, all of it on an 80 × 24 screen."""
    actions = GAME.catalog.t(lang, "help.actions").strip("\n").split("\n")
    entries = [re.fullmatch(r"  (\S.*?\S) {2,}(\S.*)", line) for line in actions[1:]]
    assert all(entries), actions  # a label and its explanation, no line continuing the one above
    columns = {m.start(2) for m in entries if m}
    assert len(columns) == 1, actions  # every explanation at the same column
    start = columns.pop()
    explained = {m.group(1): m.group(2) for m in entries if m}
    assert {type(parse_action(label)) for label in explained} == {Invest, Stay, Stack, Aim, Stacker}, explained
    assert action_words("aim 0 0 0", lang) in explained  # the careful aim, and an aim by offsets
    assert any(isinstance(a, Aim) and a != Aim(0, 0, 0) for a in map(parse_action, explained)), explained
    said_aims = _flat(" ".join(f"{label} {text}" for label, text in explained.items()))
    assert all((FRENCH_AIM_WORDS[name] if lang == "fr" else name) in said_aims for name in NAMED_AIMS)

    session = session_for("stack-market", 3, width, height, lang, seed=3, bots="easy")
    shots = play(session, lambda shot: "help" if lang == "en" else "aide", stop_after=1)
    lines = shots[1].lines
    assert lines[0].startswith(("Play by typing", "Jouez en tapant")), shots[1].text  # the help, and only it
    assert len(lines) + 1 <= height and max(cell_len(line) for line in lines) <= width, shots[1].text
    first = lines.index(actions[0])
    said: dict[str, list[str]] = {}
    for line in lines[first + 1:]:
        if line.startswith(" " * start):  # an explanation going on, under its column
            assert said and line[start:start + 1].strip(), line
            said[list(said)[-1]].append(line[start:])
            continue
        label = line[:start].strip()
        assert label in explained and line[:start] == f"  {label}".ljust(start), (line, start)
        assert line[start:start + 1].strip(), line  # the explanation starts at the column
        said[label] = [line[start:]]
    assert {label: _flat(" ".join(parts)) for label, parts in said.items()} == \
        {label: _flat(text) for label, text in explained.items()}


def _flat(text: str) -> str:
    """``text`` with its spaces (no-break ones too) and line breaks as single spaces."""
    return " ".join(text.split())


# --- the order things are said in, the end's status line -------------------------------------------------------------
TALLEST = {"en": "holds the tallest-building card", "fr": "prend la carte du plus haut building"}
BONUS = {"en": "receives the tallest-building bonus", "fr": "reçoit le bonus du plus haut building"}
ROUND_OVER = {"en": "Round 1 is over:", "fr": "La manche 1 est terminée"}


def _with_bots(lang: str) -> Any:
    """``ludo play stack-market --bots heuristic,random --seed 2`` on 80 × 24, output not a terminal, as in the review
    that found the card said after its bonus."""
    args = argparse.Namespace(game="stack-market", players=3, option=[], seed=2, names=None,
                              bots="heuristic,random", load=None, lang=lang)
    return build_session(args, lambda prompt: "", Console(file=io.StringIO(), width=80, height=24, record=True,
                                                          color_system=None))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_round_end_stop_says_the_last_turn_before_the_bonus_it_won(lang: str) -> None:
    """Player 0 takes the tallest-building card at 23 dice, then Bot 1 places a 24th and takes it, and the round ends:
    the stop at the round's end says Bot 1's turn and its taking the card before the round's summary and the bonus
    (the screen after the stop used to be the first to say it, after the bonus it won)."""
    shots = play(_with_bots(lang), lambda shot: "1" if shot.prompt == "> " else "", limit=4000, stop_after=200)
    stop = next(s for s in shots if ROUND_OVER[lang] in s.text)
    flat = " ".join(stop.text.split())
    bot = "Bot 1 (heuristic)" if lang == "en" else "Bot 1 (heuristique)"
    took = flat.index(f"{bot} {TALLEST[lang]}")
    turn = flat.index(f"{bot}, {'company' if lang == 'en' else 'compagnie'} A")
    assert turn < took < flat.index(ROUND_OVER[lang]) < flat.index(f"{bot} {BONUS[lang]}"), stop.text
    before = shots[shots.index(stop) - 1].text  # the last screen before: Player 0 holds the card
    assert f"Player 0 {TALLEST[lang]}" in " ".join(before.split()) or f"Joueur 0 {TALLEST[lang]}" in " ".join(
        before.split()), before


def test_a_round_end_stop_tells_the_events_since_one_looked_in_their_order() -> None:
    """Whatever the viewer last saw, the stop at a round's end says what came after it up to the round's end, the
    turn under way from its start (one line, not its pieces), then the summary; nothing from before."""
    match = reach(4, 5, "over")
    log = match.log_for(None)
    view = view_of(match, "en", 80, seat=None)
    end = next(i for i, e in enumerate(log) if e.kind == "round_end")
    start = next(i for i, e in enumerate(log) if e.kind == "round_start")
    last_turn = max(i for i in range(end) if log[i].kind == "turn")
    for since in (last_turn, last_turn + 1, end - 1, end, end + 1):
        said = [str(getattr(p, "plain", "")) for p in RENDERER.milestone(view, log[:start + 1], since)]
        heading = next(i for i, text in enumerate(said) if text.startswith("Round 1 is over"))
        told = RENDERER.event_lines(view, log[last_turn:end]) if since < end else []
        assert [" ".join(t.split()) for t in said[:heading]] == [" ".join(f"• {line.text}".split()) for line in told]
        if told:
            assert said[0].startswith(f"• {NAMES[log[last_turn].args['seat']]}, company "), said
        summary = RENDERER.event_lines(view, log[end + 1:start])
        assert [" ".join(t.split()) for t in said[heading + 1:heading + 1 + len(summary)]] == \
            [" ".join(f"• {line.text}".split()) for line in summary]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_end_screen_has_the_title_rule_and_a_status_line_without_a_full_stop(lang: str) -> None:
    """The end of ``ludo play``: the game's title rule, as over every screen before, then « Game over · reserve
    0/50 · … », not "The game is over. · reserve …"; a spectator's end (``ludo replay`` rules its own title) has
    the status line alone."""
    shots = play(_with_bots(lang), lambda shot: "1" if shot.prompt == "> " else "", limit=4000)
    end = shots[-1].lines
    status = next(i for i, line in enumerate(end) if line.startswith(("Game over", "Partie terminée")))
    assert re.fullmatch(r"─+ Stack Market ─+", end[status - 1]), end[status - 1:status + 1]
    over = {"en": "Game over · reserve 0/50 · ", "fr": "Partie terminée · réserve 0/50 · "}
    assert end[status].startswith(over[lang]), end[status]
    assert not re.search(r"\.\s*·", end[status])
    match = reach(3, 5, "over")
    spectator = draw(view_of(match, lang, 80, 17, seat=None)).splitlines()
    assert spectator[0].startswith(("Game over · ", "Partie terminée · ")) and "─" not in spectator[0]
    seated = draw(view_of(match, lang, 80, 17, seat=0)).splitlines()
    assert re.fullmatch(r"─+ Stack Market ─+", seated[0]) and seated[1].startswith(("Game over", "Partie terminée"))
    assert len(seated) <= 17
