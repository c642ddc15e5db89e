"""Bots by name, with parameters. ``random``, ``mcts`` and the levels play every game; each game package brings
its own (``Game.bots``); other installed packages add theirs through the ``ludotheque.bots`` entry points.

A bot is named by a spec: its name, then ``:key=value`` parameters (``mcts:iterations=800:seconds=0.5``,
``expert:seconds=0.3``). Specs are plain text, so a seat's bot is saved in a record and made again in any
process (a simulator's workers, a server instance) from its spec alone.

Bots depend on games, never the other way round; the CLI, simulator and server find bots here, and here
finds them through the games' registry.
"""

from __future__ import annotations

import logging
import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from typing import Any, TypeVar

from ..engine.bots import Bot, RandomBot
from ..engine.errors import OptionError, Reason
from ..engine.game import Game, get_game
from ..engine.i18n import Catalog
from ..engine.options import FALSE_WORDS, TRUE_WORDS
from .search import SearchBot

log = logging.getLogger(__name__)
WORDS = Catalog.load("ludotheque.bots")
"""The bots' words (``bots/locale``): levels, the hints' figures, and why a bot spec is refused."""
ENTRY_POINTS = "ludotheque.bots"
"""Where other packages register bots: the entry point's name is the bot's, its object a ``BotMaker`` (or a
class with the same attributes: ``make``, ``parameters``, ``games``, ``description``)."""


@dataclass(frozen=True)
class BotMaker:
    """How to make one kind of bot: ``make(seat, rng, game, **parameters)``, with the parameters it takes
    (each with its type: ``int``, ``float``, ``str`` or ``bool``) and the games it plays (None: every game)."""

    make: Callable[..., Bot]
    parameters: Mapping[str, type] | None = None
    games: tuple[str, ...] | None = None
    description: str = ""
    defaults: Mapping[str, Any] | None = None
    """Parameters given unless the spec says otherwise (a level's budget)."""
    signed: bool = True
    """Whether its numbers may be below 0 (the search's may not, and its ``POSITIVE`` ones must be above 0)."""


SEARCH_PARAMETERS: dict[str, type] = {"iterations": int, "seconds": float, "exploration": float,
                                      "temperature": float, "trust": float, "paired": bool,
                                      "model": bool}


def _search(seat: int, rng: random.Random, game: Game, **params: Any) -> Bot:
    return SearchBot(seat, rng, game=game, **params)


def _random(seat: int, rng: random.Random, game: Game) -> Bot:
    return RandomBot(seat, rng)


LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 40, "temperature": 1.0, "model": False},
    "medium": {"iterations": 400, "model": False},
    "hard": {"iterations": 4000, "seconds": 0.3},
    "expert": {"seconds": 1.0},
}
"""The levels people choose from, weakest first: each the search bot with a budget (``easy`` also picks its
moves in proportion to how much it tried them, so it blunders now and then). ``hard`` and ``expert`` think by
the clock; for reproducible games name an iteration budget (``mcts:iterations=5000``). ``easy`` and ``medium``
search without the game's opponent model (``SearchHooks.model``): it costs time, and it plays the others well."""

UNIVERSAL: dict[str, BotMaker] = {
    "random": BotMaker(_random, description="uniformly random legal moves"),
    "mcts": BotMaker(_search, SEARCH_PARAMETERS, description="information-set tree search (IS-MCTS)", signed=False),
    **{level: BotMaker(_search, SEARCH_PARAMETERS, defaults=budget, description=f"level {level}", signed=False)
       for level, budget in LEVELS.items()},
}
"""Bots that play every game."""


@cache
def _plugins() -> dict[str, BotMaker]:
    """The bots other packages register, by name; one that cannot be loaded, or is not a bot maker, is left out
    with a warning naming it and why, so that the other bots (and every command) still work."""
    found: dict[str, BotMaker] = {}
    for ep in entry_points(group=ENTRY_POINTS):
        try:
            found[ep.name.lower()] = _maker_of(ep.load())
        except Exception as e:  # a third party's package: whatever goes wrong, the others go on
            _warn("broken", name=ep.name, value=ep.value, group=ENTRY_POINTS, detail=f"{type(e).__name__}: {e}")
    for name in sorted(found.keys() & UNIVERSAL.keys()):
        _warn("named_like_ours", name=name)
    return found


def _warn(key: str, **fields: Any) -> None:
    """Say that another package's bot is left out: in English to the log, with the words' catalogue key and fields
    (``record.ludo_words``) for a reader in another language (the command line says it in the user's)."""
    key = f"warning.{key}"
    log.warning("%s", WORDS.t("en", key, **fields), extra={"ludo_words": (WORDS, key, fields)})


def _maker_of(obj: Any) -> BotMaker:
    """A registered object as a ``BotMaker``: one already, or an object with its attributes (``make`` at least)."""
    if isinstance(obj, BotMaker):
        return obj
    make = getattr(obj, "make", None)
    parameters = getattr(obj, "parameters", None)
    if not callable(make) or not (parameters is None or isinstance(parameters, Mapping)):
        raise TypeError(f"{obj!r} is not a ludotheque.bots.BotMaker (nor has a make(seat, rng, game, **parameters) "
                        f"and a mapping of parameters)")
    return BotMaker(make, parameters, getattr(obj, "games", None), getattr(obj, "description", ""),
                    getattr(obj, "defaults", None))


def _makers(game: str) -> dict[str, BotMaker]:
    g = get_game(game)
    own = {name: BotMaker(_game_bot(factory)) for name, factory in g.bots().items()}
    plugins = {name: m for name, m in _plugins().items() if m.games is None or g.info.name in m.games}
    for name in sorted(plugins.keys() & own.keys() - _SHADOWED.get(game, set())):
        _SHADOWED.setdefault(game, set()).add(name)
        _warn("named_like_games", name=name, game=game)
    return {**plugins, **UNIVERSAL, **own}


_SHADOWED: dict[str, set[str]] = {}
"""The other packages' bots a game's own bot hides, by game: each said once."""


def _game_bot(factory: Callable[[int, random.Random], Bot]) -> Callable[..., Bot]:
    def make(seat: int, rng: random.Random, game: Game) -> Bot:
        return factory(seat, rng)
    return make


def bot_names(game: str) -> list[str]:
    """The bots that can play ``game`` (names, without parameters)."""
    return sorted(_makers(game))


def stand_in_bot(game: str) -> str:
    """The bot that plays for a seat out of time (a person at a table, a bot over a simulation's move limit): the
    game's heuristic bot where it has one (it answers at once), else a random one."""
    return "heuristic" if "heuristic" in _makers(game) else "random"


def other_bots(game: str | None = None) -> dict[str, BotMaker]:
    """The bots other installed packages register (``ENTRY_POINTS``), by name: those that play ``game`` and are not
    hidden by one of its own, or every one."""
    if game is None:
        return {name: m for name, m in sorted(_plugins().items()) if name not in UNIVERSAL}
    makers = _makers(game)
    return {name: m for name, m in sorted(_plugins().items()) if makers.get(name) is m}


def describe_parameters(maker: BotMaker) -> str:
    """A bot's parameters as a spec takes them: ``offset (int), label (str)``."""
    return ", ".join(f"{k} ({t.__name__})" for k, t in (maker.parameters or {}).items())


def level_names() -> list[str]:
    """The levels, weakest first."""
    return list(LEVELS)


def split_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"mcts:iterations=800"`` -> ``("mcts", {"iterations": "800"})``: the name and the parameters' names in lower
    case (a bot's names are matched whatever their case), the values as written; a malformed spec, or one that gives
    a parameter twice, is refused."""
    name, *parts = spec.strip().split(":")
    params: dict[str, str] = {}
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise _refused("spec_syntax", spec=spec, part=part)
        key = key.strip().lower()
        if key in params:
            raise _refused("spec_twice", spec=spec, parameter=key)
        params[key] = value.strip()
    return name.strip().lower(), params


def spec_name(spec: str, lang: str = "en") -> str:
    """The bot's name in ``spec``, lower case; a malformed spec refused in ``lang``."""
    return _said_in(lang, lambda: split_spec(spec))[0]


def normal_spec(spec: str, lang: str = "en") -> str:
    """``spec`` as one bot is always written: its name and parameters' names in lower case, the values as given
    (``Random`` and ``random`` are one bot, ``mcts:Iterations=50`` is ``mcts:iterations=50``); a malformed spec
    refused in ``lang``."""
    name, params = _said_in(lang, lambda: split_spec(spec))
    return ":".join([name, *(f"{k}={v}" for k, v in params.items())])


def one_bot_spec(spec: str, game: str) -> str:
    """The one way to write the bot ``spec`` makes for ``game``, where one bot must be counted once (its rating): its
    name and the parameters that differ from the bot's defaults, by name, each value as read (``medium:iterations=400``
    is ``medium``, ``mcts:seconds=1:iterations=020`` is ``mcts:iterations=20:seconds=1``). A spec the game does not
    know (a bot uninstalled since) stays as ``normal_spec`` writes it."""
    try:
        maker, params = resolve_bot(spec, game)
    except OptionError:
        return normal_spec(spec)
    defaults = maker.defaults or {}
    kept = sorted((key.lower(), _written(value)) for key, value in params.items()
                  if key not in defaults or defaults[key] != value)
    return ":".join([split_spec(spec)[0], *(f"{key}={value}" for key, value in kept)])


def _written(value: Any) -> str:
    """A parameter's value as ``one_bot_spec`` writes it: ``true``/``false``, ``20``, ``1``, ``0.25``, or the text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        text = repr(value)
        return text[:-2] if text.endswith(".0") else text
    return str(value)


def _refused(key: str, **fields: Any) -> OptionError:
    """A bot spec's refusal: said in English by the bots' catalogue (``error.<key>``), which says it in any language
    from its ``reason``."""
    reason = Reason(key, fields)
    return OptionError(WORDS.reason("en", reason) or key, reason)


POSITIVE = ("iterations", "seconds")
"""Parameters that must be above 0 (the others that are numbers must be 0 or more)."""


def _convert(spec: str, key: str, value: str, kind: type, signed: bool) -> Any:
    fields: dict[str, Any] = {"spec": spec, "parameter": key, "value": value}
    try:
        if kind is bool:
            if value.lower() not in TRUE_WORDS | FALSE_WORDS:
                raise ValueError(value)
            return value.lower() in TRUE_WORDS
        converted = kind(value)
    except ValueError:
        raise _refused("parameter_kind", **fields, kind_key=f"kind.{kind.__name__}") from None
    if kind is float and not math.isfinite(converted):
        raise _refused("parameter_finite", **fields)
    if kind in (int, float) and not signed and (converted <= 0 if key in POSITIVE else converted < 0):
        raise _refused("parameter_positive" if key in POSITIVE else "parameter_negative", **fields)
    return converted


def resolve_bot(spec: str, game: str) -> tuple[BotMaker, dict[str, Any]]:
    """The maker of the bot ``spec`` names for ``game`` and its parameters, checked; refused with what is
    allowed (the bots, or the bot's parameters)."""
    name, given = split_spec(spec)
    maker = _makers(game).get(name)
    if maker is None:
        raise _refused("no_bot", name=name, game=game, bots=", ".join(bot_names(game)))
    allowed = maker.parameters or {}
    declared = {k.lower(): k for k in allowed}
    params: dict[str, Any] = dict(maker.defaults or {})
    for key, value in given.items():
        if key not in declared:
            raise _refused("no_parameter" if allowed else "no_parameters", spec=spec, name=name, parameter=key,
                           takes=", ".join(allowed))
        params[declared[key]] = _convert(spec, key, value, allowed[declared[key]], maker.signed)
    return maker, params


def check_bot(spec: str, game: str, lang: str = "en") -> str:
    """Check a bot spec for ``game`` without making the bot; the spec as written, trimmed. Refused with an
    ``OptionError`` whose message is in ``lang`` (and whose ``reason`` says it in any language)."""
    _said_in(lang, lambda: resolve_bot(spec, game))
    return spec.strip()


T = TypeVar("T")


def _said_in(lang: str, work: Callable[[], T]) -> T:
    """``work()``, a refusal of a bot spec said in ``lang``."""
    try:
        return work()
    except OptionError as e:
        if lang == "en" or e.reason is None:
            raise
        raise OptionError(WORDS.reason(lang, e.reason) or str(e), e.reason) from None


def make_bot(spec: str, game: str, seat: int, rng: random.Random) -> Bot:
    """A bot by spec (``heuristic``, ``expert``, ``mcts:iterations=500``); an unknown name is refused with the
    list of bots for that game, a wrong parameter with what the bot takes."""
    maker, params = resolve_bot(spec, game)
    try:
        bot = maker.make(seat, rng, get_game(game), **params)
    except TypeError as e:  # another package's maker that does not take what it declares
        raise _refused("not_made", spec=spec, detail=f"{type(e).__name__}: {e}") from None
    if not callable(getattr(bot, "choose", None)):
        raise _refused("not_made", spec=spec, detail=f"its maker gave {type(bot).__name__}, not a bot (no choose)")
    return bot
