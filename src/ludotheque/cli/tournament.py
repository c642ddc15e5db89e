"""``ludo tournament``: many games between bots, each saved as a game record in a folder, the bots rated.

``ludo tournament GAME --bots a,b,c [--players P] [--games N] [--seed S] [--out DIR] [--option name=value]…``
plays N games (default 100) of P seats. P defaults to the number of bots named when the game takes that many
players, else to the game's maximum (more bots than seats: each game seats some of them, in turn); fewer bots than
the game's minimum is refused (a bot may be named twice: two entrants). The schedule and the folder are
``ludotheque.sim.tournament``'s. The same command again, or ``ludo tournament --resume DIR``, plays only the games
the folder lacks (a larger ``--games`` extends the tournament); Ctrl-C keeps every finished game and says how to go
on. Everything is checked before the folder is touched.

``main`` imports this module to build its parser at every start: what runs a tournament (rich, the simulator,
matplotlib) is imported when one runs.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.errors import LudoError, OptionError, Reason
from .shell import shell_word
from .texts import UI

if TYPE_CHECKING:
    from rich.console import Console

    from ..sim.tournament import Standings, Tournament, TournamentConfig


def add_arguments(p: argparse.ArgumentParser, h: Callable[..., str], whole: Callable[[str], int]) -> None:
    """The subcommand's arguments (``h``: a catalogue entry as help text; ``whole``: the whole-number type)."""
    from .limits import MAX_SEED

    p.add_argument("game", nargs="?", metavar=h("args.mv_game"), help=h("args.tournament_game"))
    p.add_argument("--bots", default=None, metavar="BOTS", help=h("args.tournament_bots"))
    p.add_argument("--players", type=whole, default=None, metavar=h("args.mv_players"),
                   help=h("args.tournament_players"))
    p.add_argument("--games", type=whole, default=None, metavar=h("args.mv_games"), help=h("args.tournament_games"))
    p.add_argument("--seed", type=whole, default=None, metavar=h("args.mv_seed"),
                   help=h("args.tournament_seed", max=MAX_SEED))
    p.add_argument("--option", action="append", default=[], metavar=h("args.mv_option"), help=h("args.option"))
    p.add_argument("--out", default=None, metavar=h("args.mv_folder"), help=h("args.tournament_out"))
    p.add_argument("--resume", default=None, metavar=h("args.mv_folder"), help=h("args.tournament_resume"))
    from .limits import max_jobs

    p.add_argument("--jobs", type=whole, default=1, metavar=h("args.mv_jobs"), help=h("args.jobs", max=max_jobs()))
    p.add_argument("--json", action="store_true", help=h("args.json_tournament"))
    p.add_argument("--no-progress", action="store_true", help=h("args.no_progress"))
    p.add_argument("--plot", metavar=h("args.mv_picture"), help=h("args.tournament_plot"))


DEFAULT_GAMES = 100


REFUSALS = {"another": "tournament.another", "not_tournament": "tournament.not_tournament",
            "not_folder": "tournament.not_folder",
            "no_tournament": "tournament.no_tournament", "bad_config": "tournament.bad_config",
            "rules": "tournament.rules", "beyond": "tournament.beyond", "bad_record": "tournament.bad_record",
            "unfinished": "tournament.unfinished", "long_name": "tournament.long_name"}
"""The message for each of ``TournamentError``'s reasons."""
PROBLEMS = {"game": "tournament.problem_game", "seed": "tournament.problem_seed",
            "options": "tournament.problem_options", "seats": "tournament.problem_seats",
            "result": "tournament.problem_result"}
"""What is wrong with a game's record in a tournament's folder (``sim.tournament.PROBLEMS``), in words."""


def refusal(error: LudoError, lang: str) -> OptionError:
    """A tournament's refusal (``TournamentError``) in ``lang``; any other error as it is."""
    reason = error.reason
    if reason is None or reason.key not in REFUSALS:
        return OptionError(str(error))
    fields = dict(reason.fields)
    if "path" in fields:  # the folder as a shell reads it back, where a refusal says the command to type
        fields["file"] = shell_word(Path(str(fields["path"])).expanduser())
    why = fields.get("why")
    if isinstance(why, Reason):  # what is wrong with a game's record, in the player's language
        from .start import LOAD_SENTENCES, load_sentence, record_reason

        if why.key == "not_this_game":  # another game than the one it stands for
            separator = "\u00a0; " if lang == "fr" else "; "
            fields["detail"] = separator.join(UI.t(lang, PROBLEMS[key], **words)
                                              for key, words in why.fields["problems"])
        elif why.key in LOAD_SENTENCES:  # a file that cannot be read is said as ``ludo replay`` says it, named once
            sentence = load_sentence(why, str(fields["path"]), lang)
            return OptionError(UI.t(lang, "tournament.bad_file", sentence=sentence.rstrip("."), **fields))
        else:  # the record module refused it
            fields["detail"] = record_reason(why, lang)
    return OptionError(UI.t(lang, REFUSALS[reason.key], **fields))


def check_bots(game: str, specs: list[str], lang: str, kept_in: str | None = None) -> None:
    """Refuse, in ``lang``, a bot ``game`` has none of (with the list of its bots) or a spec it refuses (with the
    bots module's reason). ``kept_in``: the folder of a tournament being resumed, whose bots were there when it
    began (one missing now is most likely another package's, uninstalled since)."""
    from ..bots import WORDS, bot_names
    from ..engine.game import get_game
    from ..engine.words import join_words
    from ..sim.tournament import TournamentError, check_bots

    known = bot_names(game)
    for spec in dict.fromkeys(specs):
        try:
            check_bots(game, [spec])
        except TournamentError as e:
            raise refusal(e, lang) from None
        except OptionError as e:
            name = spec.split(":")[0].strip().lower()
            if name not in known:
                fields = {"name": name, "game": get_game(game).info.title(lang), "bots": join_words(known, lang)}
                raise OptionError(UI.t(lang, "error.unknown_bot", **fields) if kept_in is None else
                                  UI.t(lang, "tournament.bot_gone", spec=spec, path=kept_in, **fields)) from None
            raise OptionError(WORDS.reason(lang, e.reason)
                              or UI.t(lang, "tournament.bad_bot", name=spec, detail=str(e))) from None


def check_games(games: int, lang: str) -> None:
    from ..sim.tournament import MAX_GAMES

    if not 1 <= games <= MAX_GAMES:
        raise OptionError(UI.t(lang, "tournament.games_range", games=games, max=MAX_GAMES))


def config_from_args(args: argparse.Namespace, lang: str) -> TournamentConfig:
    """The tournament a new run asks for (not ``--resume``), every argument checked."""
    from ..bots import normal_spec
    from ..engine.game import get_game
    from ..engine.options import parse_option_args
    from ..sim.tournament import TournamentConfig
    from .start import check_arguments, check_players, split_bots

    if not args.game:
        raise OptionError(UI.t(lang, "tournament.need_game"))
    check_arguments(argparse.Namespace(**{**vars(args), "bots": None}), lang)  # seed, jobs, game and options
    game = get_game(args.game)
    info = game.info
    if args.bots is None:
        raise OptionError(UI.t(lang, "tournament.need_bots"))
    bots = split_bots(args.bots, lang)
    if len(bots) < 2:
        raise OptionError(UI.t(lang, "tournament.few_bots", bots=args.bots))
    check_bots(info.name, bots, lang)
    bots = [normal_spec(b) for b in bots]  # "Random" and "random" are one bot: random#1 and random#2
    if args.players is not None:
        check_players(game, args.players, lang)
        players: int = args.players
        if players > len(bots):
            raise OptionError(UI.t(lang, "tournament.players_bots", players=players, count=len(bots)))
    elif len(bots) < info.min_players:
        raise OptionError(UI.t(lang, "tournament.too_few", game=info.title(lang), min=info.min_players,
                               max=info.max_players))
    else:
        players = min(len(bots), info.max_players)
    games = args.games if args.games is not None else DEFAULT_GAMES
    check_games(games, lang)
    options = game.resolve(players, parse_option_args(args.option))
    return TournamentConfig(info.name, players, tuple(bots), options, games, args.seed or 0)


def resumed_config(args: argparse.Namespace, lang: str) -> TournamentConfig:
    """The tournament kept in ``--resume DIR``, with ``--games`` when given; any other setting given must agree
    with it."""
    from ..bots import normal_spec
    from ..engine.options import parse_option_args
    from ..sim.tournament import TournamentError, read_config
    from .limits import check_numbers
    from .start import split_bots

    check_numbers(args, lang)
    try:
        config = read_config(args.resume)
    except TournamentError as e:
        raise refusal(e, lang) from None
    given: list[str] = []
    if args.out is not None and Path(args.out).expanduser().resolve() != Path(args.resume).expanduser().resolve():
        given.append(f"--out {args.out}")
    if args.game is not None and args.game.strip().lower() != config.game:
        given.append(args.game)
    if args.bots is not None and [normal_spec(b, lang) for b in split_bots(args.bots, lang)] != [
            normal_spec(b, lang) for b in config.bots]:
        given.append(f"--bots {args.bots}")
    if args.players is not None and args.players != config.players:
        given.append(f"--players {args.players}")
    if args.seed is not None and args.seed != config.seed:
        given.append(f"--seed {args.seed}")
    if args.option:
        from ..engine.game import get_game

        try:
            wanted = get_game(config.game).resolve(config.players, parse_option_args(args.option))
        except LudoError:
            wanted = None
        if wanted != config.options:
            given.append(" ".join(f"--option {o}" for o in args.option))
    if given:
        raise OptionError(UI.t(lang, "tournament.resume_differs", path=args.resume, given=" ".join(given),
                               settings=config.command_line()))
    if args.games is not None:
        check_games(args.games, lang)
        config = replace(config, games=args.games)
    check_bots(config.game, list(config.bots), lang, args.resume)  # still there and taking their parameters
    return config


def open_tournament(args: argparse.Namespace, lang: str) -> Tournament:
    """The tournament the arguments ask for, in its folder (made, or found holding the same tournament)."""
    from ..sim.tournament import Tournament, TournamentError
    from .output import os_reason

    if args.resume is not None:
        config, folder = resumed_config(args, lang), args.resume
    else:
        config = config_from_args(args, lang)
        folder = args.out if args.out is not None else f"tournament-{config.game}-{config.seed}"
    if args.jobs < 1:
        raise OptionError(UI.t(lang, "simulate.jobs", jobs=args.jobs))
    if args.plot is not None:
        from .simulate import check_plot

        check_plot(args.plot, lang)
    try:
        return Tournament.open(folder, config)
    except TournamentError as e:
        raise refusal(e, lang) from None
    except OSError as e:
        raise OptionError(UI.t(lang, "tournament.unwritable", path=folder, reason=os_reason(e, lang))) from None


def run_tournament(args: argparse.Namespace) -> int:
    from ..sim.tournament import TournamentError
    from .output import Screen
    from .simulate import progress_bar

    lang: str = args.lang
    tournament = open_tournament(args, lang)
    config = tournament.config
    console = Screen(stderr=True)
    done = len(tournament.done())
    left = config.games - done
    if done and left:
        print(UI.t(lang, "tournament.resuming", path=str(tournament.folder), done=done, left=left), file=sys.stderr)
    try:
        if args.json or args.no_progress or not left:
            tournament.play(jobs=args.jobs)
        else:
            with progress_bar(console, config.game, config.games, done) as advance:
                tournament.play(jobs=args.jobs, progress=advance)
    except KeyboardInterrupt:
        print(UI.t(lang, "tournament.stopped", path=str(tournament.folder), file=shell_word(tournament.folder),
                   done=len(tournament.done()), games=config.games), file=sys.stderr)
        return 130
    try:
        standings = tournament.standings()
    except TournamentError as e:
        raise refusal(e, lang) from None
    path = tournament.save_summary(standings)
    if args.json:
        print(json.dumps(standings.to_json(), indent=1, ensure_ascii=False))
    else:
        screen = Screen()
        print_standings(standings, lang, screen)
        screen.print(UI.t(lang, "tournament.saved", path=str(path.parent)), markup=False, highlight=False)
    if args.plot is not None:
        plotted = draw(standings, args.plot, lang)
        console.print(UI.t(lang, "simulate.plot", path=str(plotted)), markup=False, highlight=False)
    return 0


def print_standings(standings: Standings, lang: str, console: Console) -> None:
    """The standings as two tables (the bots by rating, then their win rates by seat) and a few lines."""
    from rich.text import Text

    from ..engine.game import get_game
    from ..engine.words import format_number, format_percent
    from ..ratings import MU, SIGMA
    from .render import name_and_number_table, wrapped

    c = standings.config
    game = get_game(c.game)
    entrants = standings.ranked()
    title = Text(UI.t(lang, "tournament.title", game=game.info.title(lang), players=c.players,
                      games=format_number(standings.games, lang)))
    uneven = len({e.games for e in entrants}) > 1  # a column only when the bots played unequal numbers of games
    games_column = ("tournament.games_column",) if uneven else ()
    keys = ("simulate.bot", "tournament.rating", "tournament.ordinal", *games_column, "simulate.wins", "simulate.ci",
            "simulate.rank")
    rows = []
    for e in entrants:
        lo, hi = e.interval
        rows.append((e.name, f"{format_number(e.rating.mu, lang, 1)} ± {format_number(e.rating.sigma, lang, 1)}",
                     format_number(e.rating.ordinal, lang, 1), *((format_number(e.games, lang),) if uneven else ()),
                     format_percent(e.win_rate, lang), f"{format_percent(lo, lang)} – {format_percent(hi, lang)}",
                     format_number(e.mean_rank, lang, 2)))
    console.print(name_and_number_table(title, [UI.t(lang, key) for key in keys], rows, console.width))
    rates = [[e.name, *(format_percent(e.seat_rate(s), lang) if e.seat_games[s] else "—" for s in range(c.players))]
             for e in entrants]
    rates.append([UI.t(lang, "tournament.every_bot"), *(format_percent(r, lang) for r in standings.seat_win_rates())])
    places = [UI.t(lang, "tournament.seat_column", seat=s) for s in range(c.players)]
    console.print(name_and_number_table(Text(UI.t(lang, "tournament.seat_title")),
                                        [UI.t(lang, "simulate.bot"), *places], rates, console.width,
                                        styles=[""] * len(entrants) + ["italic"]))
    lines = [UI.t(lang, "tournament.legend", mu=format_number(MU, lang, 0), sigma=format_number(SIGMA, lang, 1)),
             UI.t(lang, "simulate.fair", fair=format_percent(1 / c.players, lang),
                  length=format_number(standings.mean_actions(), lang)),
             UI.t(lang, "tournament.cycle", cycle=c.cycle, players=c.players)]
    if not standings.balanced():
        lines.append(UI.t(lang, "tournament.unbalanced", cycle=c.cycle))
    for line in lines:
        console.print(wrapped(line, console.width, indent="  "))


def draw(standings: Standings, path: str, lang: str) -> Path:
    from ..engine.game import get_game
    from ..engine.words import format_number
    from ..sim.plot import plot_tournament

    c = standings.config
    labels = {"rating": UI.t(lang, "tournament_plot.rating"), "start": UI.t(lang, "tournament_plot.start"),
              "wins": UI.t(lang, "tournament_plot.wins"), "fair": UI.t(lang, "plot.fair"),
              "seat": UI.t(lang, "tournament_plot.seat", seat="{seat}"),
              "title": UI.t(lang, "tournament_plot.title", title=get_game(c.game).info.title(lang),
                            players=c.players, games=format_number(standings.games, lang))}
    return plot_tournament(standings, path, labels, lang)


__all__ = ["add_arguments", "print_standings", "run_tournament"]
