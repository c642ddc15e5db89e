"""``ludo``: one command with subcommands. Options are ``--option name=value``; bots ``--bots a,b``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ..engine.errors import LudoError


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

    def game_config(p: argparse.ArgumentParser, players_default: int | None) -> None:
        p.add_argument("game", help="a game's name, as listed by 'ludo games'")
        p.add_argument("--players", type=int, default=players_default, help="number of players")
        p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                       help="a game option (repeatable), e.g. --option cards=true")
        p.add_argument("--bots", default="", help="bots by seat, comma-separated, e.g. heuristic,random; in 'play' "
                       "people take the first seats and bots the last ('-' marks a person's seat: random,-,random)")
        p.add_argument("--seed", type=int, default=None, help="the seed (a game is its seed and its actions)")

    play = add("play", "play a game in the terminal, against bots or hot-seat")
    game_config(play, None)
    play.add_argument("--names", default="", help="the people's names, comma-separated")
    play.add_argument("--load", metavar="FILE", help="continue a saved game record")

    simulate = add("simulate", "play many games between bots and report the results")
    game_config(simulate, None)
    simulate.add_argument("--games", type=int, default=100, help="how many games")
    simulate.add_argument("--jobs", type=int, default=1, help="worker processes")
    simulate.add_argument("--json", action="store_true", help="machine-readable output")
    simulate.add_argument("--no-progress", action="store_true", help="no progress bar")
    simulate.add_argument("--plot", metavar="FILE.png", help="also draw win rates and scores to an image")

    replay = add("replay", "replay a game record and show how it ends")
    replay.add_argument("file", help="a game record (JSON)")
    replay.add_argument("--json", action="store_true", help="print the final state as JSON")
    replay.add_argument("--log", action="store_true", help="print the game's events in words")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
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
    except LudoError as e:
        print(f"ludo: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    return 2


if __name__ == "__main__":
    sys.exit(main())
