"""``ludo``: one command with subcommands. Options are ``--option name=value``; bots ``--bots a,b``."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from ..engine.errors import LudoError

PLAY_BOTS_HELP = ("the bots by seat, comma-separated, e.g. heuristic,random: people take the first seats and "
                  "the bots the last; 'person' (or '-') marks a person's seat: --bots random,person,random "
                  "(write --bots=-,random when the list starts with '-')")
SIMULATE_BOTS_HELP = ("the bots by seat, comma-separated, e.g. heuristic,random,random; one name plays every "
                      "seat (default: random)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ludo", description="Ludothèque: board games, bots and a simulator.")
    parser.add_argument("--lang", choices=("en", "fr"), default="en", help="language of what players read")
    # --lang is also accepted after the subcommand (ludo play acquire --lang fr).
    lang = argparse.ArgumentParser(add_help=False)
    lang.add_argument("--lang", choices=("en", "fr"), default=argparse.SUPPRESS, help="language (en or fr)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add(name: str, help_text: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=help_text, parents=[lang])

    games = add("games", "list the games with their players and options")
    games.add_argument("--json", action="store_true", help="machine-readable output")

    def game_config(p: argparse.ArgumentParser, players_help: str, bots_help: str, seed_help: str) -> None:
        p.add_argument("--players", type=int, default=None, help=players_help)
        p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                       help="a game option (repeatable), e.g. --option cards=true")
        p.add_argument("--bots", default=None, help=bots_help)
        p.add_argument("--seed", type=int, default=None, help=seed_help)

    play = add("play", "play a game in the terminal, against bots or hot-seat")
    play.add_argument("game", nargs="?", help="a game's name, as listed by 'ludo games' (not needed with --load)")
    game_config(play, "number of players (default: the bots plus one person, at least the game's minimum)",
                PLAY_BOTS_HELP, "the seed, which decides every draw (default: a random seed, shown when the game "
                "ends and kept in saved games)")
    play.add_argument("--names", default="", help="the people's names, comma-separated, one per person's seat")
    play.add_argument("--load", metavar="FILE", help="continue a saved game record (its game, seats and seed)")

    simulate = add("simulate", "play many games between bots and report the results")
    simulate.add_argument("game", help="a game's name, as listed by 'ludo games'")
    game_config(simulate, "number of players (default: as many as bots named, at least the game's minimum)",
                SIMULATE_BOTS_HELP, "the seed of the first game (default: 0, so results repeat from run to run)")
    simulate.add_argument("--games", type=int, default=100, help="how many games")
    simulate.add_argument("--jobs", type=int, default=1, help="worker processes")
    simulate.add_argument("--json", action="store_true", help="machine-readable output")
    simulate.add_argument("--no-progress", action="store_true", help="no progress bar")
    simulate.add_argument("--plot", metavar="FILE.png", help="also draw win rates and scores to an image "
                          "(.png, .svg or .pdf; needs matplotlib)")

    replay = add("replay", "replay a game record and show how it ends")
    replay.add_argument("file", help="a game record (JSON)")
    replay.add_argument("--json", action="store_true", help="print the final state as JSON")
    replay.add_argument("--log", action="store_true", help="print the game's events in words")

    serve = add("serve", "hold tables online: the lobby and the games in the browser")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (0.0.0.0: every network)")
    serve.add_argument("--port", type=int, default=8000, help="the port to listen on")
    serve.add_argument("--db", default="sqlite:///ludotheque.db", metavar="URL",
                       help="the database, as a SQLAlchemy URL (default: the file ludotheque.db here, created and "
                       "migrated on start)")
    serve.add_argument("--origin", action="append", default=[], metavar="URL",
                       help="another origin whose pages may open the tables' WebSockets (repeatable)")
    return parser


def _join_dash_values(argv: list[str]) -> list[str]:
    """``--bots -,random`` as ``--bots=-,random`` (argparse would take ``-,random`` for an option)."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        if argv[i] == "--bots" and i + 1 < len(argv) and (argv[i + 1] == "-" or argv[i + 1].startswith("-,")):
            out.append(f"--bots={argv[i + 1]}")
            i += 2
        else:
            out.append(argv[i])
            i += 1
    return out


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(_join_dash_values(list(sys.argv[1:] if argv is None else argv)))
    try:
        _check_arguments(args)
        code = _run(args)
        sys.stdout.flush()
        return code
    except LudoError as e:
        from .play import UI

        print(UI.t(args.lang, "main.error", message=str(e)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (ludo ... | head): stop quietly. Python's documented recipe: point stdout at
        # devnull so the interpreter's last flush does not fail again.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 0


def _check_arguments(args: argparse.Namespace) -> None:
    """What is refused before anything runs, in the user's language: a ``--bots`` list with an empty name (also
    with ``--load``), and a game, option or bot that does not exist."""
    if args.command not in ("play", "simulate"):
        return
    from .play import check_arguments, split_bots

    if args.bots is not None:
        split_bots(args.bots, args.lang)
    check_arguments(args, args.lang)


def _run(args: argparse.Namespace) -> int:
    if args.command == "games":
        from .games import run_games

        return run_games(args)
    if args.command == "play":
        from .play import run_play

        return run_play(args)
    if args.command == "simulate":
        from .simulate import run_simulate

        return run_simulate(args)
    if args.command == "replay":
        from .replay import run_replay

        return run_replay(args)
    if args.command == "serve":
        from .serve import run_serve

        return run_serve(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
