"""``ludo``: one command with subcommands. Options are ``--option name=value``; a seat's own settings
``--seat-option SEAT:name=value``; bots ``--bots a,b``.

Everything the user reads is in their language, ``--help`` and argparse's own errors included: ``--lang fr``
(before or after the command) is found in the arguments first, the parser is built with the French texts, and
argparse's messages are translated while it runs (``argparse_language``)."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from ..engine.errors import LudoError
from .limits import MAX_SEED, max_jobs
from .texts import UI

ARGPARSE_FR = {
    "usage: ": "utilisation\u00a0: ",
    # argparse writes a heading and then ":", so the French heading ends with the no-break space before it
    "positional arguments": "arguments\u00a0",
    "options": "options\u00a0",
    "show this help message and exit": "afficher cette aide et quitter",
    "%(prog)s: error: %(message)s\n": "%(prog)s\u00a0: erreur\u00a0: %(message)s\n",
    "argument %(argument_name)s: %(message)s": "argument %(argument_name)s\u00a0: %(message)s",
    "the following arguments are required: %s": "ces arguments sont obligatoires\u00a0: %s",
    "invalid %(type)s value: %(value)r": "%(value)r n'est pas une valeur valable (il faut un %(type)s)",
    "invalid choice: %(value)r (choose from %(choices)s)": "%(value)r n'est pas un choix possible (choisissez "
                                                           "parmi %(choices)s)",
    "unrecognized arguments: %s": "arguments inconnus\u00a0: %s",
    "expected one argument": "une valeur est attendue",
    "expected at most one argument": "une valeur au plus est attendue",
    "expected at least one argument": "une valeur au moins est attendue",
    "expected %s argument": "%s valeur attendue",
    "expected %s arguments": "%s valeurs attendues",
    "ambiguous option: %(option)s could match %(matches)s": "option ambiguë\u00a0: %(option)s peut désigner "
                                                            "%(matches)s",
    "not allowed with argument %s": "incompatible avec l'argument %s",
    "one of the arguments %s is required": "l'un des arguments %s est obligatoire",
    "ignored explicit argument %r": "valeur %r ignorée",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "commande inconnue %(parser_name)r (les commandes\u00a0: "
                                                             "%(choices)s)",
}
"""argparse's own messages in French (the others stay as argparse says them)."""


@contextmanager
def argparse_language(lang: str) -> Iterator[None]:
    """While building and running the parser, argparse speaks ``lang``: its messages (``gettext``) are looked up
    in ``ARGPARSE_FR`` for French. argparse reads them through its module's ``_`` and ``ngettext`` when it builds a
    parser, prints help and reports an error, so those two are swapped for the time being and put back after."""
    if lang != "fr":
        yield
        return
    saved: tuple[Callable[[str], str], Callable[[str, str, int], str]] = (
        argparse._,  # type: ignore[attr-defined]
        argparse.ngettext,  # type: ignore[attr-defined]
    )

    def french(message: str) -> str:
        return ARGPARSE_FR.get(message, message)

    def french_n(one: str, other: str, n: int) -> str:
        return french(one if n in (0, 1) else other)

    argparse._ = french  # type: ignore[attr-defined]
    argparse.ngettext = french_n  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


class WholeNumber:
    """``type=`` for whole-number options, named in the user's language in argparse's errors
    (``'abc' n'est pas une valeur valable (il faut un nombre entier)``)."""

    def __init__(self, lang: str) -> None:
        self.__name__ = UI.t(lang, "args.whole")

    def __call__(self, text: str) -> int:
        return int(text)


class Seconds:
    """``type=`` for a number of seconds (``0.5``; in French ``0,5`` too), named in the user's language in argparse's
    errors (``'abc' n'est pas une valeur valable (il faut un nombre de secondes, par exemple 0,5)``)."""

    def __init__(self, lang: str) -> None:
        self.__name__ = UI.t(lang, "args.seconds")
        self.lang = lang

    def __call__(self, text: str) -> float:
        return float(text.replace(",", ".") if self.lang == "fr" else text)


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The ``ludo`` parser, its help in ``lang`` (call it within ``argparse_language(lang)`` for argparse's own
    words to be in ``lang`` too)."""

    def h(key: str, **fields: object) -> str:
        return UI.t(lang, key, **fields).replace("%", "%%")

    whole = WholeNumber(lang)
    seconds = Seconds(lang)
    parser = argparse.ArgumentParser(prog="ludo", description=h("args.description"))
    parser.add_argument("--lang", choices=("en", "fr"), default="en", help=h("args.lang"))
    # --lang is also accepted after the subcommand (ludo play acquire --lang fr).
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--lang", choices=("en", "fr"), default=argparse.SUPPRESS, help=h("args.lang"))
    sub = parser.add_subparsers(dest="command", required=True, metavar=h("args.mv_command"), help=h("args.commands"))

    def add(name: str, key: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=h(key), description=h(key), parents=[common])

    games = add("games", "args.games")
    games.add_argument("game", nargs="?", metavar=h("args.mv_game"), help=h("args.games_game"))
    games.add_argument("--json", action="store_true", help=h("args.json_games"))

    def game_config(p: argparse.ArgumentParser, players: str, bots: str, seed: str) -> None:
        p.add_argument("--players", type=whole, default=None, metavar=h("args.mv_players"), help=players)
        p.add_argument("--option", action="append", default=[], metavar=h("args.mv_option"), help=h("args.option"))
        p.add_argument("--seat-option", action="append", default=[], metavar=h("args.mv_seat_option"),
                       help=h("args.seat_option"))
        p.add_argument("--bots", default=None, metavar="BOTS", help=bots)
        p.add_argument("--seed", type=whole, default=None, metavar=h("args.mv_seed"), help=seed)

    play = add("play", "args.play")
    play.add_argument("game", nargs="?", metavar=h("args.mv_game"), help=h("args.play_game"))
    game_config(play, h("args.play_players"), h("args.play_bots"), h("args.play_seed", max=MAX_SEED))
    play.add_argument("--names", default="", metavar=h("args.mv_names"), help=h("args.names"))
    play.add_argument("--load", metavar=h("args.mv_file"), help=h("args.load"))
    play.add_argument("--server", metavar=h("args.mv_url"), help=h("args.server"))
    play.add_argument("--table", metavar=h("args.mv_table"), help=h("args.table"))
    play.add_argument("--seat", type=int, metavar=h("args.mv_seat"), help=h("args.seat"))
    play.add_argument("--token", metavar=h("args.mv_token"), help=h("args.token"))
    play.add_argument("--account", metavar=h("args.mv_account"), help=h("args.account"))

    simulate = add("simulate", "args.simulate")
    simulate.add_argument("game", metavar=h("args.mv_game"), help=h("args.simulate_game"))
    game_config(simulate, h("args.simulate_players"), h("args.simulate_bots"),
                h("args.simulate_seed", max=MAX_SEED))
    simulate.add_argument("--games", type=whole, default=100, metavar=h("args.mv_games"), help=h("args.games_count"))
    simulate.add_argument("--jobs", type=whole, default=1, metavar=h("args.mv_jobs"),
                          help=h("args.jobs", max=max_jobs()))
    simulate.add_argument("--json", action="store_true", help=h("args.json_simulate"))
    simulate.add_argument("--no-progress", action="store_true", help=h("args.no_progress"))
    simulate.add_argument("--plot", metavar=h("args.mv_picture"), help=h("args.plot"))
    simulate.add_argument("--move-limit", type=seconds, default=None, metavar=h("args.mv_seconds"),
                          help=h("args.move_limit"))

    from .tournament import add_arguments as tournament_arguments

    tournament_arguments(add("tournament", "args.tournament"), h, whole)

    replay = add("replay", "args.replay")
    replay.add_argument("file", metavar=h("args.mv_record"), help=h("args.file"))
    replay.add_argument("--json", action="store_true", help=h("args.json_replay"))
    replay.add_argument("--log", action="store_true", help=h("args.log"))

    check = add("check-data", "args.check_data")
    check.add_argument("file", metavar=h("args.mv_file"), help=h("args.data_file"))
    check.add_argument("--json", action="store_true", help=h("args.json_check"))
    check.add_argument("--schema", action="store_true", help=h("args.schema"))

    serve = add("serve", "args.serve")
    serve.add_argument("--host", default="127.0.0.1", help=h("args.host"))
    serve.add_argument("--port", type=whole, default=8000, help=h("args.port"))
    serve.add_argument("--db", default="sqlite:///ludotheque.db", metavar="URL", help=h("args.db"))
    serve.add_argument("--origin", action="append", default=[], metavar="URL", help=h("args.origin"))
    serve.add_argument("--redis", metavar="URL", help=h("args.redis"))
    serve.add_argument("--instance", metavar="NAME", help=h("args.instance"))
    serve.add_argument("--lease-seconds", type=seconds, default=4.0, metavar="SECONDS",
                       help=h("args.lease_seconds", default=4))
    serve.add_argument("--log-format", choices=("json", "text"), default=None, help=h("args.log_format"))
    serve.add_argument("--drain-seconds", type=seconds, default=None, metavar="SECONDS", help=h("args.drain_seconds"))
    return parser


def scan_lang(argv: Sequence[str]) -> str:
    """The language asked for anywhere in ``argv`` (``--lang fr``, ``--lang=fr``, before or after the command;
    the last one wins, as argparse would have it), before anything is parsed: "en" when none is."""
    lang = "en"
    for i, word in enumerate(argv):
        if word == "--":
            break
        name, equals, value = word.partition("=")
        if len(name) >= 4 and "--lang".startswith(name):  # argparse accepts --la, --lan
            value = value if equals else (argv[i + 1] if i + 1 < len(argv) else "")
            if value in ("en", "fr"):
                lang = value
    return lang


def _join_dash_values(argv: list[str]) -> list[str]:
    """``--bots -,random`` as ``--bots=-,random``, ``--seat-option -1:…`` as ``--seat-option=-1:…`` (the seat is
    then refused in words), and ``--table -Jt7…`` as ``--table=-Jt7…`` (the same for ``--token``: ids a server made
    before it stopped making ids that begin with a dash). argparse would take such a value for an option. A value
    that begins with two dashes is left alone: it is the next option, and a missing id is refused by argparse."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        following = argv[i + 1] if i + 1 < len(argv) else ""
        if (argv[i] == "--bots" and (following == "-" or following.startswith("-,"))) or \
                (argv[i] == "--seat-option" and following.startswith("-") and ":" in following) or \
                (argv[i] in ("--table", "--token") and following.startswith("-") and not following.startswith("--")):
            out.append(f"{argv[i]}={following}")
            i += 2
        else:
            out.append(argv[i])
            i += 1
    return out


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """The arguments, parsed in the language they ask for (help and errors included)."""
    words = _join_dash_values(list(argv))
    lang = scan_lang(words)
    with argparse_language(lang):
        return build_parser(lang).parse_args(words)


class SaidInLanguage(logging.Handler):
    """Warnings the library logs (another package's bot left out), said on stderr in the user's language where the
    record carries its words (``ludo_words``: catalogue, key, fields), else as logged."""

    def __init__(self, lang: str) -> None:
        super().__init__(logging.WARNING)
        self.lang = lang

    def emit(self, record: logging.LogRecord) -> None:
        words = getattr(record, "ludo_words", None)
        message = words[0].t(self.lang, words[1], **words[2]) if words else record.getMessage()
        print(UI.t(self.lang, "main.warning", message=message), file=sys.stderr)


@contextmanager
def warnings_in(lang: str) -> Iterator[None]:
    """While a command runs (not ``serve``, whose logs are the server's), the library's warnings in ``lang``."""
    logger = logging.getLogger("ludotheque")
    handler = SaidInLanguage(lang)
    logger.addHandler(handler)
    kept, logger.propagate = logger.propagate, False
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.propagate = kept


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    if args.command != "serve":
        with warnings_in(args.lang):
            return _main(args)
    return _main(args)


def _main(args: argparse.Namespace) -> int:
    try:
        _check_arguments(args)
        code = _run(args)
        sys.stdout.flush()
        return code
    except LudoError as e:
        print(UI.t(args.lang, "main.error", message=_said(e, args.lang)), file=sys.stderr)
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


def _said(error: LudoError, lang: str) -> str:
    """A refusal as the user reads it: a refused board or deck each problem in ``lang`` (``data_refusal``); the
    others are already in it."""
    from ..engine.datafiles import DataFileError  # (pydantic: only when a data file was refused)

    if isinstance(error, DataFileError):
        from .check_data import data_refusal

        return data_refusal(error, lang)
    return str(error)


def _check_arguments(args: argparse.Namespace) -> None:
    """What is refused before anything runs, in the user's language: a seed out of range, too many processes, a
    ``--bots`` list with an empty name (also with ``--load``), and a game, option or bot that does not exist."""
    if args.command not in ("play", "simulate"):
        return
    from .start import check_arguments, split_bots

    if args.bots is not None:
        split_bots(args.bots, args.lang)
    check_arguments(args, args.lang)


def _run(args: argparse.Namespace) -> int:
    if args.command == "games":
        from .games import run_games

        return run_games(args)
    if args.command == "play" and args.server:
        from .remote import run_remote

        return run_remote(args)
    if args.command == "play":
        from .play import run_play

        return run_play(args)
    if args.command == "simulate":
        from .simulate import run_simulate

        return run_simulate(args)
    if args.command == "tournament":
        from .tournament import run_tournament

        return run_tournament(args)
    if args.command == "replay":
        from .replay import run_replay

        return run_replay(args)
    if args.command == "check-data":
        from .check_data import run_check_data

        return run_check_data(args)
    if args.command == "serve":
        from .serve import run_serve

        return run_serve(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
