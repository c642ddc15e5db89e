"""How a ``ludo play`` or ``ludo simulate`` starts: the seats from ``--players``, ``--bots``, ``--names`` and
``--seat-option`` (a seat's own settings, saved with the seat in the record), a saved game read back (its refusals
said in the player's language), and the arguments checked before anything runs."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..bots import bot_names, check_bot, spec_name
from ..bots.levels import bot_title
from ..engine.errors import (
    LudoError,
    OptionError,
    Reason,
    RecordError,
    ReplayError,
    StateFormatError,
)
from ..engine.game import Game, all_games, get_game
from ..engine.i18n import LANGUAGES
from ..engine.match import Match
from ..engine.options import OptionSpec, OptionValue, parse_option_args, written
from ..engine.record import GameRecord, SeatConfig
from ..engine.texts import ENGINE_TEXTS
from ..engine.words import format_int, join_words
from .limits import check_numbers
from .output import os_reason
from .texts import UI

PERSON_MARKS = {"-", "person", "human", "personne", "humain"}


def split_bots(text: str | None, lang: str) -> list[str]:
    """The names in ``--bots`` (None: not given); an empty name (``--bots ""``, ``,``, ``random,``) is refused."""
    if text is None:
        return []
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise OptionError(UI.t(lang, "error.bots_empty", bots=text))
    return names


def check_players(game: Game, players: int, lang: str, bots: str | None = None) -> None:
    """Refuse a player count outside the game's range: given by ``--players``, or made by ``--bots``."""
    i = game.info
    if not i.min_players <= players <= i.max_players:
        key = "error.players" if bots is None else "error.players_bots"
        raise OptionError(UI.t(lang, key, players=players, bots=bots, game=i.title(lang), min=i.min_players,
                               max=i.max_players))


SeatSettings = dict[int, dict[str, OptionValue]]
"""Per seat number, the settings ``--seat-option`` gives it (seats not named: none, so the game's defaults)."""


def parse_seat_options(game: Game, pairs: list[str], lang: str, players: int | None = None) -> SeatSettings:
    """``--seat-option SEAT:NAME=VALUE`` (repeatable), each checked against the game's seat options
    (``GameInfo.seat_options``) and refused in the user's language with what is allowed: a pair not written so, a
    game without seat settings, a seat that is not a number (or, ``players`` known, not at the table), a setting the
    game does not have, a value out of its bounds. The last value given for a seat's setting wins."""
    info = game.info
    specs: dict[str, OptionSpec] = {o.name: o for o in info.seat_options}
    out: SeatSettings = {}
    for pair in pairs:
        seat_text, colon, setting = pair.partition(":")
        name, equals, value = (part.strip() for part in setting.partition("="))
        seat_text = seat_text.strip()
        if not colon or not equals or not name or not seat_text:
            raise OptionError(UI.t(lang, "error.seat_option_pair", pair=pair))
        if not specs:
            raise OptionError(UI.t(lang, "error.seat_option_none", pair=pair, game=info.title(lang)))
        last = (players if players is not None else info.max_players) - 1
        if not seat_text.isdigit() or int(seat_text) > last:
            raise OptionError(UI.t(lang, "error.seat_option_seat", pair=pair, seat=seat_text, last=last))
        spec = specs.get(name)
        if spec is None:
            raise OptionError(UI.t(lang, "error.seat_option_unknown", pair=pair, name=name, game=info.title(lang),
                                   options=join_words(specs, lang)))
        try:
            parsed = spec.parse(value)
        except OptionError:
            from .games import allowed

            raise OptionError(UI.t(lang, "error.seat_option_value", pair=pair, name=name,
                                   allowed=allowed(spec, lang))) from None
        out.setdefault(int(seat_text), {})[name] = parsed
    return out


def plan_seats(game: Game, args: argparse.Namespace, lang: str) -> list[SeatConfig]:
    """The seats from ``--players``, ``--bots``, ``--names`` and ``--seat-option`` (see the module's docstring)."""
    entries = split_bots(args.bots, lang)
    explicit = any(e.lower() in PERSON_MARKS for e in entries)
    bots = [e for e in entries if e.lower() not in PERSON_MARKS]
    players: int = args.players if args.players is not None else max(
        len(entries) if explicit else len(bots) + 1, game.info.min_players)
    check_players(game, players, lang, None if args.players is not None else args.bots)
    if len(entries if explicit else bots) > players:
        raise OptionError(UI.t(lang, "error.too_many_bots", bots=", ".join(entries), players=players))
    kinds: list[str | None]
    if explicit:
        kinds = [None if e.lower() in PERSON_MARKS else e for e in entries]
        kinds += [None] * (players - len(kinds))
    else:
        kinds = [None] * (players - len(bots)) + list(bots)
    settings = parse_seat_options(game, getattr(args, "seat_option", None) or [], lang, players)
    names = [n.strip() for n in args.names.split(",")] if (args.names or "").strip() else []
    people = kinds.count(None)
    if len(names) > people:
        raise OptionError(UI.t(lang, "error.too_many_names", names=len(names), people=people))
    seats = []
    for seat, bot in enumerate(kinds):
        # Default names carry the seat number that actions and records use ("give 2", "2: buy Luxor"); a bot's, its
        # kind without parameters in the player's language ("Bot 1 (moyen)", « Bot 2 (heuristique) »; its whole spec
        # is the seat's bot), short enough for a column; a bot from another package as --bots named it. Where room is
        # short (two mergers on 80 x 24), the log's short forms leave the kind out ("Bot 2").
        if bot is None:  # an empty name in --names (",Bob") keeps its seat's default name
            name = (names.pop(0) if names else "") or default_name(seat, None, lang)
        else:
            name = default_name(seat, bot, lang)
        seats.append(SeatConfig(name, bot, dict(settings.get(seat, {}))))
    seen: dict[str, str] = {}
    for s in seats:  # the log and the screens tell the players apart by their names
        key = " ".join(s.name.split()).casefold()
        if key in seen:
            raise OptionError(UI.t(lang, "error.same_name", name=s.name))
        seen[key] = s.name
    return seats


def default_name(seat: int, bot: str | None, lang: str) -> str:
    """A seat's name unless one is given: « Joueur 2 », "Bot 1 (heuristic)", « Bot 1 (heuristique) »."""
    return UI.t(lang, "seat.person", n=seat) if bot is None else \
        UI.t(lang, "seat.bot", n=seat, bot=bot_title(bot, lang))


def default_names_in(record: GameRecord, lang: str) -> GameRecord:
    """``record`` with every seat still under its default name in one language named as ``lang`` names it: a game
    saved in French and loaded in English says "Player 2", not « Joueur 2 ». A name someone chose stays."""
    seats = [replace(s, name=default_name(k, s.bot, lang))
             if any(s.name == default_name(k, s.bot, other) for other in LANGUAGES) else s
             for k, s in enumerate(record.seats)]
    return replace(record, seats=seats) if seats != record.seats else record


RECORD_TEXTS: dict[str, str | tuple[str, str]] = {
    "unreadable": "record.unreadable", "too_large": "record.too_large", "not_text": "record.not_text",
    "length": "record.length", "containers": "record.containers", "json": "record.json", "json_at": "record.json_at",
    "nested": "record.nested", "number": "record.number", "not_object": "record.not_object",
    "unknown_field": "record.unknown_field", "format": "record.format", "version": "record.version",
    "no_version": "record.no_version", "players": "record.players", "start": "record.start",
    "missing": "record.missing", "wrong_type": "record.wrong_type", "long_text": "record.long_text",
    "whole": "record.whole", "options": "record.options", "option_name": "record.option_name",
    "option_value": "record.option_value", "actions": "record.actions", "action": "record.action",
    "played": ("record.played_one", "record.played_other"), "played_at": "record.played_at",
    "played_by": "record.played_by", "seats": ("record.seats_one", "record.seats_other"), "seat": "record.seat",
    "seat_field": "record.seat_field", "seat_name": "record.seat_name", "seat_bot": "record.seat_bot",
    "seat_settings": "record.seat_settings", "data": "record.data", "data_entry": "record.data_entry",
    "depth": "record.depth", "values": "record.values", "key": "record.key", "not_json": "record.not_json",
    # the game's own checks of a record it replays (``engine/match.py``)
    "seat_count": ("record.seat_count_one", "record.seat_count_other"), "start_settings": "record.start_settings",
    "start_players": "record.start_players", "start_options": "record.start_options",
    "rules_version": "record.rules_version", "data_unknown": "record.data_unknown",
    "data_changed": "record.data_changed",
    # the parts of a refusal: an input described, a place in the record, a type, what the JSON parser found
    "value.long_text": "record_value.long_text", "value.bits": "record_value.bits",
    "value.list": ("record_value.list_one", "record_value.list_other"),
    "value.object": ("record_value.object_one", "record_value.object_other"),
    "where.option": "record_where.option", "where.setting": "record_where.setting",
    "where.option_name": "record_where.option_name",
    "where.data": "record_where.data", "where.data_file": "record_where.data_file",
    "where.data_name": "record_where.data_name", "where.key": "record_where.key", "where.text": "record_where.text",
    "where.number": "record_where.number",
    "type.str": "record_type.str", "type.int": "record_type.int", "type.float": "record_type.float",
    "type.bool": "record_type.bool", "type.list": "record_type.list", "type.dict": "record_type.dict",
    "type.NoneType": "record_type.null",
    "syntax.value": "record_syntax.value", "syntax.name": "record_syntax.name", "syntax.colon": "record_syntax.colon",
    "syntax.comma": "record_syntax.comma", "syntax.string": "record_syntax.string",
    "syntax.control": "record_syntax.control", "syntax.escape": "record_syntax.escape",
    "syntax.unicode": "record_syntax.unicode", "syntax.extra": "record_syntax.extra",
}
"""The catalogue's text for each reason the record module gives (``engine/record.py``) and each part of one; a pair
for a text that agrees with its ``count`` (one, other)."""
LOAD_SENTENCES = {"unreadable": "load.unreadable", "too_large": "load.too_large", "not_text": "load.not_text",
                  "json": "load.json", "format": "load.format", "version": "load.version",
                  "no_version": "load.no_version"}
"""The record refusals that the catalogue says in a sentence of their own naming the file, by reason: a file that
cannot be read, or is not a game record at all. The record module's other refusals are said inside
``load.invalid``."""


def record_refusal(error: LudoError, path: str, lang: str) -> str:
    """Why a game record was refused, in ``lang``, from the record module's reason (``record_reason``): a file that
    cannot be read or is not a record at all in a sentence of the catalogue that names it; any other in the
    catalogue's ``load.invalid``, the reason inside."""
    reason = error.reason
    if reason is None:  # not a refusal of the record module's
        return UI.t(lang, "load.invalid", path=path, detail=str(error))
    if reason.key in LOAD_SENTENCES:
        return load_sentence(reason, path, lang)
    return UI.t(lang, "load.invalid", path=path, detail=record_reason(reason, lang))


def load_sentence(reason: Reason, path: str, lang: str) -> str:
    """A file that cannot be read, or is not a game record at all (a reason of ``LOAD_SENTENCES``), in the
    catalogue's sentence that names it."""
    return UI.t(lang, LOAD_SENTENCES[reason.key], **{**record_fields(reason, lang), "path": path})


def record_reason(reason: Reason, lang: str) -> str:
    """A refusal of the record module (a ``RecordError``'s reason, or a part of one) in ``lang``: its text in the
    catalogue (``RECORD_TEXTS``), in the form its count asks for, filled with its fields as ``lang`` writes them
    (``record_fields``)."""
    text = RECORD_TEXTS[reason.key]
    if isinstance(text, tuple):
        return UI.counted(lang, reason.fields["count"], *text, **record_fields(reason, lang))
    return UI.t(lang, text, **record_fields(reason, lang))


def record_fields(reason: Reason, lang: str) -> dict[str, Any]:
    """A record refusal's fields as ``lang`` writes them: its parts (a ``Reason`` each: an input described, a place
    in the record, a type…) said in ``lang``, whole numbers grouped (``format_int``), and why the system refused the
    file (its ``errno``) in the catalogue's words when it has them."""
    fields = {name: record_reason(value, lang) if isinstance(value, Reason)
              else format_int(value, lang) if type(value) is int else value
              for name, value in reason.fields.items()}
    if "errno" in reason.fields:
        fields["reason"] = os_reason(OSError(reason.fields["errno"], reason.fields["reason"]), lang)
    return fields


def load_record(path: str, lang: str) -> GameRecord:
    """``GameRecord.load(path)`` with its default names in the user's language (``default_names_in``), refused (a
    ``RecordError``) in that language, naming the file; a tournament's own files (its settings, its summary) are
    named as such, with where its games' records are."""
    try:
        return default_names_in(GameRecord.load(path), lang)
    except RecordError as e:
        if _tournament_file(path):
            from ..sim.tournament import GAMES_FOLDER

            raise RecordError(UI.t(lang, "load.tournament", path=path,
                                   games=str(Path(path).parent / GAMES_FOLDER))) from None
        raise RecordError(record_refusal(e, path, lang)) from None


def _tournament_file(path: str) -> bool:
    """Whether ``path`` is a tournament's settings or summary (``ludo tournament``'s folder)."""
    from ..sim.tournament import CONFIG_FILE, SUMMARY_FILE
    from ..sim.tournament import FORMAT as TOURNAMENT_FORMAT

    if Path(path).name not in (CONFIG_FILE, SUMMARY_FILE):
        return False
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and (data.get("format") == TOURNAMENT_FORMAT or {"by_bot", "cycle"} <= set(data))


def game_title(name: str, lang: str) -> str:
    """A game's title in ``lang`` (Grand Hôtel), or the name a record gives when no such game is installed."""
    try:
        return get_game(name).info.title(lang)
    except OptionError:
        return name


def match_from_record(record: GameRecord, path: str, lang: str) -> Match:
    """The saved game replayed, its refusals in the user's language: a game that is not installed, an action the
    game refuses (where and why, as ``ludo replay`` says it), or what the game itself says."""
    try:
        return Match.from_record(record)
    except ReplayError as e:
        from .replay import stop_reason

        raise LudoError(UI.t(lang, "replay.stopped", path=path, index=e.index, action=e.action,
                             why=stop_reason(record, e, lang))) from e
    except LudoError as e:
        try:
            game = get_game(record.game)
        except OptionError:
            games = join_words((g.info.name for g in all_games()), lang)
            raise OptionError(UI.t(lang, "load.unknown_game", path=path, game=record.game, games=games)) from None
        i = game.info
        if not i.min_players <= record.players <= i.max_players:
            raise OptionError(UI.counted(lang, record.players, "load.players_one", "load.players_other", path=path,
                                         game=i.title(lang), players=record.players, min=i.min_players,
                                         max=i.max_players)) from None
        check_record_settings(record, game, path, lang)
        reason = e.reason if isinstance(e, RecordError | StateFormatError) else None
        if reason is not None and "game" in reason.fields:  # the game by its title, as the player knows it
            reason = Reason(reason.key, {**reason.fields, "game": i.title(lang)})
        if reason is not None and isinstance(e, StateFormatError):  # a start position: its game says it, or the engine
            detail = game.catalog.reason(lang, reason) or ENGINE_TEXTS.reason(lang, reason) or str(e)
        else:
            detail = record_reason(reason, lang) if reason is not None and reason.key in RECORD_TEXTS else str(e)
        raise OptionError(UI.t(lang, "load.invalid", path=path, detail=detail)) from None


def check_record_bots(record: GameRecord, game: Game, path: str, lang: str) -> None:
    """Refuse, in ``lang``, a saved game's seat whose bot its game does not have, or with parameters that bot does
    not take (a hand-edited record), naming where in the record it is and what the game has."""
    known = bot_names(game.info.name)
    for k, seat in enumerate(record.seats):
        if seat.bot is None:
            continue
        where = f"seats[{k}].bot"
        if spec_name(seat.bot, lang) not in known:
            raise OptionError(UI.t(lang, "load.bot_unknown", path=path, where=where, name=seat.bot,
                                   game=game.info.title(lang), bots=join_words(known, lang)))
        try:
            check_bot(seat.bot, game.info.name, lang)
        except OptionError as e:
            raise OptionError(UI.t(lang, "load.bot_refused", path=path, where=where, why=str(e))) from None


def check_record_settings(record: GameRecord, game: Game, path: str, lang: str) -> None:
    """Refuse, in ``lang``, a saved game's option or seat setting that its game does not have or whose value it does
    not take (a hand-edited record), naming where in the record it is and what the game allows."""
    from .games import allowed

    i = game.info
    given = [("options", i.options, record.options)]
    start_options = record.start.get("options") if isinstance(record.start, dict) else None
    if isinstance(start_options, dict):  # a start position's own options, as the record's
        given.append(("start.options", i.options, start_options))
    given += [(f"seats[{k}].settings", i.seat_options, seat.settings) for k, seat in enumerate(record.seats)]
    for where, specs, settings in given:
        by_name = {spec.name: spec for spec in specs}
        for name, value in settings.items():
            spec = by_name.get(name)
            if spec is None:
                raise OptionError(UI.t(lang, "load.setting_unknown", path=path, where=where, name=name,
                                       game=i.title(lang), known=join_words(by_name, lang) or "—"))
            try:
                spec.parse(value)
            except OptionError:
                raise OptionError(UI.t(lang, "load.setting_value", path=path, where=where, name=name,
                                       value=json.dumps(value), allowed=allowed(spec, lang))) from None


def check_load_agrees(match: Match, args: argparse.Namespace, lang: str) -> None:
    """Refuse ``--players``, ``--seed``, ``--option``, ``--seat-option`` or ``--bots`` that contradict the loaded game
    (ones that agree with it are accepted), saying what the saved game is (all but its seed, a secret until the end)."""
    game = match.game
    fields: dict[str, Any] = {"path": args.load, "game": game.info.title(lang), "players": match.players}
    if args.players is not None and args.players != match.players:
        raise OptionError(UI.t(lang, "error.load_players", given=args.players, **fields))
    if args.seed is not None and args.seed != match.seed:
        raise OptionError(UI.t(lang, "error.load_seed", given=args.seed, **fields))
    given = parse_option_args(args.option or [])
    wanted = game.resolve(match.players, given)
    for name, raw in given.items():
        if wanted[name] != match.options[name]:
            options = ", ".join(f"{k}={written(v)}"
                                for k, v in match.options.items())
            raise OptionError(UI.t(lang, "error.load_option", given=f"{name}={raw}", options=options, **fields))
    given_settings = parse_seat_options(game, getattr(args, "seat_option", None) or [], lang, match.players)
    for seat, values in given_settings.items():
        if any(match.seats[seat].settings.get(name) != value for name, value in values.items()):
            settings = "; ".join(f"{i}: " + ", ".join(f"{k}={v}" for k, v in s.settings.items())
                                 for i, s in enumerate(match.seats))
            pairs = " ".join(f"{seat}:{name}={value}" for name, value in values.items())
            raise OptionError(UI.t(lang, "error.load_seat_option", given=pairs, settings=settings, **fields))
    if args.bots:
        saved = [s.bot.lower() if s.bot else None for s in match.seats]
        try:
            plan = plan_seats(game, argparse.Namespace(bots=args.bots, players=match.players, names=""), lang)
            agrees = [s.bot.lower() if s.bot else None for s in plan] == saved
        except OptionError:
            agrees = False
        if not agrees:
            seats = ",".join(b or UI.t(lang, "seat.mark") for b in saved)
            raise OptionError(UI.t(lang, "error.load_bots", given=args.bots, seats=seats, **fields))


def check_arguments(args: argparse.Namespace, lang: str) -> None:
    """Refuse, in the player's language, a seed out of range or too many processes (``limits``), and a game, an
    option, a seat's setting or a bot that does not exist (for a new game; a saved game's record decides them; a seat
    past the table's last is refused once the players are counted, by ``plan_seats``)."""
    check_numbers(args, lang)
    if getattr(args, "load", None) or not getattr(args, "game", None):
        return
    try:
        game = get_game(args.game)
    except OptionError:
        games = join_words((g.info.name for g in all_games()), lang)
        raise OptionError(UI.t(lang, "error.no_such_game", name=args.game, games=games)) from None
    specs = {o.name: o for o in game.info.options}
    for pair in args.option or []:
        name, sep, value = (part.strip() for part in pair.partition("="))
        if not sep or not name:
            raise OptionError(UI.t(lang, "error.option_pair", pair=pair))
        spec = specs.get(name)
        if spec is None:
            raise OptionError(UI.t(lang, "error.option_unknown", name=name, game=game.info.title(lang),
                                   options=join_words(specs, lang) or "—"))
        try:
            spec.parse(value)
        except OptionError:
            from .games import allowed

            raise OptionError(UI.t(lang, "error.option_value", name=name, value=value,
                                   allowed=allowed(spec, lang))) from None
    parse_seat_options(game, getattr(args, "seat_option", None) or [], lang, getattr(args, "players", None))
    known = bot_names(game.info.name)
    for entry in (args.bots or "").split(","):
        bot = entry.strip()
        if bot and bot.lower() not in PERSON_MARKS:
            if spec_name(bot, lang) not in known:
                raise OptionError(UI.t(lang, "error.unknown_bot", name=bot, game=game.info.title(lang),
                                       bots=join_words(known, lang)))
            check_bot(bot, game.info.name, lang)
