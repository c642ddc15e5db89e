"""What a game declares about itself, and the registry through which everything else finds games."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from importlib.metadata import entry_points
from typing import Any

from .bots import BotFactory
from .errors import OptionError, Reason, as_json
from .i18n import Catalog
from .options import OptionSpec, OptionValue, resolve_options
from .search import NO_HOOKS, SearchHooks
from .state import Action, Event, State
from .words import format_int


@dataclass(frozen=True)
class GameInfo:
    """A game's metadata."""

    name: str
    """Registry name, as typed on the command line (``acquire``)."""
    aliases: tuple[str, ...]
    """Other accepted names (``grand-hotel``)."""
    title_en: str
    """The title players know in English (``Acquire``)."""
    title_fr: str
    """The title in French (``Grand Hôtel``)."""
    min_players: int
    """Fewest players the rulebook allows."""
    max_players: int
    """Most players the rulebook allows."""
    options: tuple[OptionSpec, ...]
    """The options a game of it may be configured with (readings players may want the other way)."""
    seed_file: str
    """The rulebook this game implements, in ../shared/seeds."""
    hidden_information: bool
    """Whether seats hold secrets (so views and logs differ per seat)."""
    chance: bool
    """Whether the game has random events (chance actions)."""
    rules_version: str = "1"
    """Changes when the rules code changes what a record means (records and tables keep it)."""
    redeals: bool = True
    """Whether ``resample`` has something to re-deal; False when every secret follows from what all have seen
    (Stack Market: cash is hidden at the table, but every payment follows the rules from public events)."""
    max_actions: int = 100_000
    """The most actions (chance included) a game of it may take; a longer one is a bug, and drivers stop it there.
    Games declare a bound their rules guarantee (with room to spare) or, where the rules have none, a length no
    real game reaches (search stops its rollouts there and judges the position)."""
    seat_options: tuple[OptionSpec, ...] = ()
    """Settings that belong to a seat, not to the game (Stack Market: a player's steadiness); each seat has its
    own values, saved in the record with the seat and shown at the table."""

    def title(self, lang: str) -> str:
        """The title in ``lang`` (``fr`` or ``en``)."""
        return self.title_fr if lang == "fr" else self.title_en


class Game(ABC):
    """A game: its metadata, how to start it, and how to read its actions and positions."""

    info: GameInfo
    catalog: Catalog
    """Every text a player reads, in French and English."""

    def resolve(self, players: int, options: Mapping[str, Any]) -> dict[str, OptionValue]:
        """Check a player count and options; return all options with defaults filled in."""
        i = self.info
        if not isinstance(players, int) or not i.min_players <= players <= i.max_players:
            raise OptionError(f"{i.name} is for {i.min_players} to {i.max_players} players, not {players!r}",
                              Reason("option.players", {"game": i.name, "min": i.min_players, "max": i.max_players,
                                                        "value": as_json(players)}))
        return resolve_options(i.options, options, i.name)

    def resolve_seats(self, players: int,
                      settings: Sequence[Mapping[str, Any]] | None = None) -> list[dict[str, OptionValue]]:
        """Check each seat's own settings (``seat_options``); return them all with defaults filled in."""
        given = list(settings) if settings is not None else [{} for _ in range(players)]
        if len(given) != players:
            raise OptionError(f"{len(given)} seats' settings given for {players} players")
        return [resolve_options(self.info.seat_options, g, f"{self.info.name} (seat {i})")
                for i, g in enumerate(given)]

    def new_game(self, players: int, options: Mapping[str, Any] | None = None,
                 seat_settings: Sequence[Mapping[str, Any]] | None = None) -> State:
        """The initial state (usually a chance node: the first deal)."""
        return self.initial_state(players, self.resolve(players, options or {}),
                                  self.resolve_seats(players, seat_settings))

    @abstractmethod
    def initial_state(self, players: int, options: dict[str, OptionValue],
                      seat_settings: list[dict[str, OptionValue]]) -> State:
        """The initial state for ``players`` with resolved options and each seat's resolved settings."""

    @abstractmethod
    def state_from_json(self, data: Any) -> State:
        """Read a position written by ``State.to_json`` or by hand; raise ``StateFormatError``."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Context-free parse of an action's text; raise ``InvalidActionError``."""

    # --- what the game brings besides its rules, found through the registry ------------------
    bot_paths: Mapping[str, str] = {}
    """The game's own bots by name, as ``"package.module:Class"`` (``random`` plays every game)."""
    terminal_path: str | None = None
    """The game's terminal screen, as ``"package.module:Class"`` (a ``ludotheque.cli.render.Renderer``)."""

    search_path: str | None = None
    """The game's ``SearchHooks`` for search bots, as ``"package.module:NAME"`` (None: generic search only)."""

    def search_hooks(self) -> SearchHooks:
        """What makes search strong in this game (``engine/search.py``), imported when asked."""
        return _load(self.search_path) if self.search_path else NO_HOOKS

    def bots(self) -> Mapping[str, BotFactory]:
        """The game's own bots by name, imported when asked (so that the rules never load them)."""
        return {name: _load(path) for name, path in self.bot_paths.items()}

    def terminal_renderer(self) -> Any:
        """A new terminal renderer for the game, or None for the generic one (imported when asked, so that
        the rules never load a front end)."""
        return _load(self.terminal_path)() if self.terminal_path else None

    data_formats: Mapping[str, type[Any]] = {}
    """The data files the game reads, by the ``format`` a file declares (``luxembourg-shopping/board``): each a
    ``DataModel`` (``engine/datafiles.py``). ``ludo check-data`` finds a file's game through them."""

    def describe_data(self, value: Any) -> dict[str, Any]:
        """What a checked data file of this game holds, in a few figures (``ludo check-data``)."""
        return {}

    def secret_words(self, state: State, seat: int | None) -> set[str]:
        """Words that ``seat``'s view and log must never contain (another seat's tiles, the bag…): the leak
        tests look for them in everything a seat or a spectator (None) receives."""
        return set()

    def table_extra(self, name: str, state: State, seat: int | None) -> Any:
        """Something a front end may ask for besides the view, by ``name`` (Stack Market: ``fall``, a collapse's
        trajectory to animate), computed from a copy of ``state`` for ``seat`` (None: a spectator). It must show
        no more than ``seat`` may see; it may be slow (servers run it off their event loop and keep the answer
        until the next move). ``None``: nothing to give now; an unknown name raises ``KeyError``."""
        raise KeyError(name)

    def describe(self, event: Event, lang: str, names: Sequence[str]) -> str:
        """An event in words, from the catalogue's ``event.<kind>`` entry (``player`` is the seat's name)."""
        return self.catalog.t(lang, f"event.{event.kind}", **with_player(event.args, names))

    def describe_reason(self, key: str, fields: Mapping[str, Any], lang: str, names: Sequence[str]) -> str:
        """Why a move is good (``SearchHooks.reasons``) in words, from the catalogue's ``hint.<key>`` entry, or its
        plural forms ``hint.<key>_one``/``_other`` by the field ``count`` (``player`` is the seat's name). Whole
        numbers are written as ``lang`` writes them (``8,000``, ``8 000``)."""
        count = int(fields.get("count", 0))
        words = {k: format_int(v, lang) if type(v) is int else v for k, v in with_player(fields, names).items()}
        if self.catalog.has(f"hint.{key}_one"):
            return self.catalog.plural(lang, f"hint.{key}", count, **words)
        return self.catalog.t(lang, f"hint.{key}", **words)


def with_player(fields: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """``fields`` and, when they name a seat (``seat``), that seat's name as ``player``."""
    out = dict(fields)
    seat = out.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(names):
        out["player"] = names[seat]
    return out


def _load(path: str) -> Any:
    """``"package.module:Name"`` -> that object."""
    module, _, name = path.partition(":")
    return getattr(import_module(module), name)


_REGISTRY: dict[str, Game] = {}
_LOADED = False


def register(game: Game) -> Game:
    """Add a game to the registry (entry points do this for installed games)."""
    for key in (game.info.name, *game.info.aliases):
        _REGISTRY[key.lower()] = game
    return game


def _load_entry_points() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    for ep in entry_points(group="ludotheque.games"):
        register(ep.load())


def all_games() -> list[Game]:
    """Every registered game, once each, by name."""
    _load_entry_points()
    return sorted({id(g): g for g in _REGISTRY.values()}.values(), key=lambda g: g.info.name)


def get_game(name: str) -> Game:
    """A game by name or alias; an unknown name is refused with the list of games."""
    _load_entry_points()
    game = _REGISTRY.get(name.strip().lower())
    if game is None:
        names = ", ".join(g.info.name for g in all_games()) or "none installed"
        raise OptionError(f"no game named {name!r}; the games are: {names}")
    return game
