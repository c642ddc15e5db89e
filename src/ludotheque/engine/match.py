"""A match: a state being played, with its configuration, seeded chance, history and event log.

It is what the terminal, the simulator and (later) the server drive, and what saves to a game record.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .errors import IllegalActionError, LudoError, Reason, RecordError, ReplayError
from .game import Game, get_game
from .options import OptionValue
from .record import GameRecord, SeatConfig, split_actor
from .state import CHANCE, TERMINAL, Action, Event


def chance_rng(seed: int) -> random.Random:
    """The generator chance actions are drawn from; derived from the game's seed only."""
    return random.Random(f"ludotheque:{seed}:chance")


def bot_rng(seed: int, seat: int, at: int = 0) -> random.Random:
    """A bot's own generator, from the seed, its seat, and the action count when it was created."""
    return random.Random(f"ludotheque:{seed}:bot:{seat}:{at}")


class Match:
    """A game in progress. ``apply`` takes an action or its text; chance is drawn from the seed."""

    def __init__(self, game: Game, players: int, options: Mapping[str, Any] | None = None, seed: int = 0,
                 seats: list[SeatConfig] | None = None, start: dict[str, Any] | None = None,
                 log: bool = True) -> None:
        self.game = game
        self.options: dict[str, OptionValue] = game.resolve(players, options or {})
        self.players = players
        self.seed = seed
        seats = seats or [SeatConfig(f"Player {i + 1}") for i in range(players)]
        if len(seats) != players:
            raise RecordError(f"{len(seats)} seat{'' if len(seats) == 1 else 's'} given for {players} players",
                              Reason("seat_count", {"count": len(seats), "players": players}))
        settings = game.resolve_seats(players, [s.settings for s in seats])
        self.seats = [replace(s, settings=dict(v)) for s, v in zip(seats, settings, strict=True)]
        """The seats, each with its settings filled in (saved in the record)."""
        self.start = start
        if start is not None:
            self.state = game.state_from_json(start)
            self._check_start_matches(settings)
        else:
            self.state = game.initial_state(players, self.options, settings)
        self.rng = chance_rng(seed)
        self.history: list[tuple[int, Action]] = []
        self.events: list[Event] = []
        if log:
            self.state.events = self.events

    def _check_start_matches(self, settings: list[dict[str, OptionValue]]) -> None:
        st = self.state
        if st.seat_settings() != (settings if self.game.info.seat_options else []):
            raise RecordError(f"the start position's seat settings {st.seat_settings()} differ from the record's "
                              f"{settings}", Reason("start_settings", {"start": str(st.seat_settings()),
                                                                       "record": str(settings)}))
        if st.num_players != self.players:
            raise RecordError(f"the start position's number of players is {st.num_players}, the record's "
                              f"{self.players}",
                              Reason("start_players", {"start": st.num_players, "record": self.players}))
        if st.options != self.options:
            raise RecordError(f"the start position's options {st.options} differ from the record's {self.options}",
                              Reason("start_options", {"start": str(st.options), "record": str(self.options)}))

    # --- playing ------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.state.current_player

    def is_over(self) -> bool:
        return self.state.current_player == TERMINAL

    def legal_actions(self) -> list[Action]:
        return self.state.legal_actions()

    def parse(self, text: str) -> Action:
        return self.state.parse_action(text)

    def apply(self, action: Action | str) -> Action:
        """Apply a seat's action (or a chance outcome); illegal input raises and changes nothing."""
        if isinstance(action, str):
            action = self.parse(action)
        actor = self.state.current_player
        if actor == TERMINAL:
            raise IllegalActionError(f"{action.text()!r}: the game is over")
        if actor == CHANCE:
            if not self.state.is_legal(action):
                raise self.state.illegal(action, [a for a, _ in self.state.chance_outcomes()])
            # Advance the generator exactly as a drawn event would, so that a replayed game continues
            # with the same future draws as the original.
            self.state.sample_chance(self.rng)
            self.state.apply_legal(action)
        else:
            self.state.apply(action)
        self.history.append((actor, action))
        return action

    def draw_chance(self) -> Action:
        """Draw and apply the pending chance event from the match's generator."""
        action = self.state.sample_chance(self.rng)
        self.state.apply_legal(action)
        self.history.append((CHANCE, action))
        return action

    def run_chance(self) -> None:
        """Apply chance events until a seat must act or the game is over."""
        while self.state.current_player == CHANCE:
            self.draw_chance()

    def play_randomly(self, rng: random.Random, max_actions: int | None = None) -> None:
        """Play uniformly random legal moves (chance from the seed) until the end or ``max_actions``."""
        done = 0
        while self.state.current_player != TERMINAL and (max_actions is None or done < max_actions):
            if self.state.current_player == CHANCE:
                self.draw_chance()
            else:
                self.apply(rng.choice(self.state.legal_actions()))
            done += 1

    def log_for(self, viewer: int | None) -> list[Event]:
        """The event log as ``viewer`` (a seat, or None for spectators) may see it."""
        return [e.seen_by(viewer) for e in self.events]

    # --- records ------------------------------------------------------------------------------
    def to_record(self) -> GameRecord:
        actions = [f"{'chance' if actor == CHANCE else actor}: {a.text()}" for actor, a in self.history]
        result = self.state.outcome().to_json() if self.is_over() else None
        files = {name: {"file": src, "sha256": sha} for name, (src, sha) in self.state.data_files().items()}
        return GameRecord(self.game.info.name, self.players, dict(self.options), self.seed, list(self.seats),
                          actions, self.start, result, rules=self.game.info.rules_version, data=files or None)

    @classmethod
    def from_record(cls, record: GameRecord, upto: int | None = None, log: bool = True) -> Match:
        """Replay a record (its first ``upto`` actions); stops at the first bad action with ``ReplayError``."""
        game = get_game(record.game)
        if record.rules is not None and record.rules != game.info.rules_version:
            raise RecordError(f"this record was played with {game.info.name}'s rules version {record.rules!r}; this "
                              f"program has version {game.info.rules_version!r}, which may read its actions otherwise",
                              Reason("rules_version", {"game": game.info.name, "record": repr(record.rules),
                                                       "program": repr(game.info.rules_version)}))
        match = cls(game, record.players, record.options, record.seed, record.seats, record.start, log=log)
        match.check_data_files(record.data)
        for i, entry in enumerate(record.actions[:upto]):
            who, text = split_actor(entry)
            actor = match.state.current_player
            if actor == TERMINAL:
                raise ReplayError(i, entry, "the game is already over")
            expected = "chance" if actor == CHANCE else str(actor)
            if who is not None and who != expected:
                raise ReplayError(i, entry, f"it is {'a chance event' if actor == CHANCE else f'seat {actor}'}'s "
                                  f"turn, not {'chance' if who == 'chance' else 'seat ' + who}'s")
            try:
                match.apply(text)
            except LudoError as e:
                raise ReplayError(i, entry, str(e)) from None
        return match

    def check_data_files(self, recorded: dict[str, dict[str, str]] | None) -> None:
        """Refuse to replay on data files other than those the record was played on (same content, by SHA-256)."""
        now = self.state.data_files()
        for name, entry in (recorded or {}).items():
            if name not in now:
                raise RecordError(f"the record was played on a data file {name!r} ({entry['file']}); "
                                  f"{self.game.info.name} has no such file",
                                  Reason("data_unknown", {"name": repr(name), "file": entry["file"],
                                                          "game": self.game.info.name}))
            source, sha = now[name]
            if sha != entry["sha256"]:
                raise RecordError(f"the record was played on {name} file {entry['file']} with SHA-256 "
                                  f"{entry['sha256'][:16]}…; {source} now has {sha[:16]}…: the file has changed, so "
                                  "the game cannot be replayed on it",
                                  Reason("data_changed", {"name": name, "file": entry["file"],
                                                          "recorded": entry["sha256"][:16], "source": source,
                                                          "now": sha[:16]}))

    def replay_prefix(self, n: int) -> Match:
        """A new match holding this one's first ``n`` actions (for undo)."""
        return Match.from_record(self.to_record(), upto=n)
