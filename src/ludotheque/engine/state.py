"""The contract every game's state fulfils (OpenSpiel's small, fixed State API).

A state answers whose turn it is (a seat, ``CHANCE`` or ``TERMINAL``), lists legal actions in a
deterministic order, applies an action or refuses it without changing, and gives the outcome.
Random events are chance actions: listed with their probabilities and applied like any other action,
so a game is fully described by its configuration and its list of actions.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Self

from .errors import IllegalActionError, allowed_list

CHANCE = -1
"""``current_player`` when the next action is a random event, drawn by the driver."""
TERMINAL = -2
"""``current_player`` when the game is over."""


class Action:
    """A move (or a chance outcome). Subclasses are frozen slots dataclasses with a text form."""

    __slots__ = ()

    def text(self) -> str:
        """The context-free text form; ``game.parse_action(a.text()) == a``."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()


class Word(Action):
    """A move said in one word, the class's ``WORD`` (``buy``, ``pass``): a game declares one in three lines,
    ``class Buy(Word)``, ``__slots__ = ()``, ``WORD = "buy"``. Equal to the same class only; matched as
    ``case Buy():``."""

    __slots__ = ()
    WORD = ""

    def text(self) -> str:
        return self.WORD

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(type(self))

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game came out."""

    scores: tuple[int, ...]
    """Each seat's final score (for money games: cash)."""
    ranks: tuple[int, ...]
    """Each seat's rank, 1 for the best; tied seats share a rank."""
    winners: tuple[int, ...]
    """The seats ranked first (several on a shared win)."""
    termination: str
    """How the game ended, a short identifier such as ``announced`` or ``tiles_exhausted``."""
    columns: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """What decided the ranking when the score alone does not say it (Luxembourg-Shopping ranks by signs, then
    galleries…): each the game catalogue's key of its heading and each seat's figure; a final ranking shows them
    instead of the score. Not part of ``to_json`` (a record's result): worked out again from the final position."""

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "ranks": list(self.ranks),
                "winners": list(self.winners), "termination": self.termination}


def rank_scores(scores: tuple[int, ...], tiebreak: tuple[tuple[int, ...], ...] | None = None) -> tuple[int, ...]:
    """Competition ranks (1, 1, 3, …) from scores, higher is better, with optional tie-break keys."""
    return rank_keys([(scores[i], *(tiebreak[i] if tiebreak else ())) for i in range(len(scores))])


def rank_keys(keys: list[tuple[int, ...]]) -> tuple[int, ...]:
    """Competition ranks (1, 1, 3, …) from each seat's key, compared as tuples, higher is better."""
    return tuple(1 + sum(1 for k in keys if k > keys[i]) for i in range(len(keys)))


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, in words the UI translates. ``private_to`` sees ``args``; others see
    ``public_args``."""

    kind: str
    args: dict[str, Any]
    private_to: int | None = None
    public_args: dict[str, Any] | None = None

    def seen_by(self, viewer: int | None) -> Event:
        """The event as ``viewer`` (a seat, or None for a spectator) may see it."""
        if self.private_to is None or viewer == self.private_to:
            return self
        return Event(self.kind, self.public_args or {}, None, None)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.args}


class State(ABC):
    """A game position. Implementations use ``__slots__`` and hand-written ``clone``."""

    __slots__ = ("events",)

    events: list[Event] | None
    """When a list, the state appends what happens to it (for logs); None in fast simulations."""
    options: dict[str, Any]
    """The game's options, all of them (defaults filled in); games keep them in a slot of their own."""

    # --- whose turn -------------------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """A seat (0-based), ``CHANCE`` or ``TERMINAL``."""

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player == CHANCE

    # --- actions ----------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The current seat's legal actions in a deterministic order (empty at chance and terminal)."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node: every outcome with its probability, in a deterministic order."""

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw a chance outcome with ``rng``. Games may override with a faster equivalent."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalActionError("no chance event is pending here")
        r = rng.random()
        acc = 0.0
        for action, p in outcomes:
            acc += p
            if r < acc:
                return action
        return outcomes[-1][0]

    def play_chance(self, rng: random.Random) -> None:
        """Play the pending chance events, drawn with ``rng``, until a seat must act or the game ends (search plays
        chance this way between its decisions). By default one ``sample_chance`` at a time; a game whose chance
        comes in runs (a deal of many cards) may draw a whole run at once, each outcome as likely, without events."""
        while self.current_player == CHANCE:
            self.apply_legal(self.sample_chance(rng))

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` may be applied now: a move of the seat to act, or at a chance node a possible
        outcome. By default, membership of ``legal_actions()`` (or of ``chance_outcomes()``); a game whose
        moves are continuous (an aim, a hand error) decides here, and its lists are a finite, standard sample."""
        if self.current_player == CHANCE:
            return any(a == action for a, _ in self.chance_outcomes())
        return action in self.legal_actions()

    def random_action(self, rng: random.Random) -> Action:
        """A random legal move for the seat to act: by default one of ``legal_actions()``; a game with
        continuous moves may draw from all of them (the contract test plays off-grid moves with this)."""
        legal = self.legal_actions()
        return legal[int(rng.random() * len(legal))]

    def apply(self, action: Action) -> None:
        """Apply a legal action; an illegal one raises ``IllegalActionError`` and changes nothing."""
        if not self.is_legal(action):
            chance = self.current_player == CHANCE
            raise self.illegal(action, [a for a, _ in self.chance_outcomes()] if chance else self.legal_actions())
        self.apply_legal(action)

    def illegal(self, action: Action, legal: list[Action]) -> IllegalActionError:
        """The error for an illegal ``action``; games override to attach a translatable ``Reason``."""
        return IllegalActionError(self.explain_illegal(action, legal))

    @abstractmethod
    def apply_legal(self, action: Action) -> None:
        """Apply an action known to be legal here (the driver's fast path)."""

    def explain_illegal(self, action: Action, legal: list[Action]) -> str:
        """Why ``action`` is not legal here; games override to say more precisely."""
        if self.current_player == TERMINAL:
            return f"{action.text()!r}: the game is over"
        return f"{action.text()!r} is not legal now; allowed: {allowed_list([a.text() for a in legal])}"

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Parse an action's text in this position (may accept position-aware shorthands)."""

    # --- results ----------------------------------------------------------------------------
    @abstractmethod
    def outcome(self) -> Outcome:
        """The result; only valid when terminal."""

    # --- copies, snapshots, views -------------------------------------------------------------
    @abstractmethod
    def clone(self) -> Self:
        """An independent copy (events are not copied: the copy does not log)."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """A complete snapshot, readable and editable by hand; the game's ``state_from_json`` reads it."""

    @abstractmethod
    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator's public view), JSON-ready."""

    @abstractmethod
    def resample(self, seat: int, rng: random.Random) -> State:
        """A copy where everything ``seat`` cannot see is re-dealt consistently with what it has seen."""

    def seat_settings(self) -> list[dict[str, Any]]:
        """Each seat's own settings (the game's ``seat_options``) as the state holds them; [] when it has none."""
        return []

    def seats_out(self) -> list[int]:
        """The seats that have left the game (Luxembourg-Shopping: ruined); they no longer act, and views, bots and
        the simulator show them as out. Empty for games where every seat plays to the end."""
        return []

    def data_files(self) -> dict[str, tuple[str, str]]:
        """The data files the game is played on, by option: (where it was read, SHA-256 of its bytes). A record
        keeps them, and a replay refuses files whose content has changed. Empty for games without data files."""
        return {}

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` if a conservation invariant is broken (tests call it every step)."""
        return None

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


class SeatedState(State):
    """What every game's state has in common: its player count, its options, who acts next (``actor``: a
    seat, ``CHANCE`` or ``TERMINAL``) and the event log it appends to. Games subclass it and add their
    own fields; the State contract's bookkeeping is written here once."""

    __slots__ = ("actor", "n", "options")

    actor: int
    n: int

    @property
    def current_player(self) -> int:
        return self.actor

    @property
    def num_players(self) -> int:
        return self.n

    def to_move(self) -> int | str | None:
        """Who acts, as views and positions write it: a seat, ``"chance"``, or None once the game is over."""
        actor = self.actor
        return "chance" if actor == CHANCE else None if actor == TERMINAL else actor

    def _emit(self, kind: str, private_to: int | None = None, public: dict[str, Any] | None = None,
              **args: Any) -> None:
        """Log an event (when logging): ``private_to`` alone sees ``args``, the others ``public``."""
        if self.events is not None:
            self.events.append(Event(kind, args, private_to, public))
