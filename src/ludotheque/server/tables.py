"""Tables brought into this instance's memory: a new one created (checked, stored, driven here), a stored one rebuilt
from its moves the first time it is asked for, and either let go when nobody here needs it any more.
"""

from __future__ import annotations

import asyncio
import secrets

from ..engine.errors import OptionError
from ..engine.game import Game, get_game
from ..engine.match import Match
from ..engine.options import OptionValue
from ..engine.record import GameRecord, SeatConfig
from ..table import Played, Table
from .base import HubBase
from .errors import Refusal
from .live import OVER, PLAYING, WAITING, LiveTable, SeatSpec, TableSpec, _with
from .storage import Account, SeatRecord, StoredAction, StoredTable, name_key
from .tokens import command_line_safe_id, hash_token, new_token


class TablesMixin(HubBase):
    """Creating, opening and forgetting the live tables."""

    # --- creating and opening tables ------------------------------------------------------------
    async def create(self, spec: TableSpec) -> tuple[StoredTable, dict[int, str]]:
        """A new table; the tokens of the person seats reserved for a name (the others are given when taken).
        This instance drives it."""
        game = get_game(spec.game)
        options = game.resolve(spec.players, spec.options)
        for o in game.info.options:
            if o.file and options[o.name] != o.default:
                raise OptionError(f"option {o.name}={options[o.name]!r}: a server plays only the files it ships "
                                  f"({o.name}={o.default!r}); play your own files with ludo play")
        if len(spec.seats) != spec.players:
            raise OptionError(f"'seats' lists {len(spec.seats)} seats for {spec.players} players")
        from ..bots import check_bot

        for i, s in enumerate(spec.seats):
            if s.bot is not None:
                try:
                    check_bot(s.bot, game.info.name)
                except OptionError as e:
                    raise OptionError(f"seats[{i}]: {e}") from None
        settings = seat_settings(game, spec.seats)
        kept = await self._rated_seats(spec) if spec.rated else {}
        if spec.rated:  # a seat kept for an account: only the creator's own is given a token now
            creator = spec.creator.id if spec.creator is not None else None
            tokens = {i: new_token() for i, a in kept.items() if a.id == creator}
        else:
            tokens = {i: new_token() for i, s in enumerate(spec.seats) if s.bot is None and s.name}
        # a bot's name is the same in every language ("Bot 1"); frames say its kind in the viewer's (``kind``)
        seats = [SeatRecord(i, (kept[i].name if i in kept else s.name) if s.bot is None else f"Bot {i}",
                            s.bot, reserved=s.bot is None and bool(s.name), taken=i in tokens,
                            settings=dict(settings[i]), account=kept[i].id if spec.rated and i in tokens else None)
                 for i, s in enumerate(spec.seats)]
        table_id = command_line_safe_id(9)
        stored = StoredTable(table_id, game.info.name, spec.players, dict(options),
                             secrets.randbits(48), game.info.rules_version, spec.bot_delay_ms, spec.move_seconds,
                             WAITING, self.clock(), seats, rated=spec.rated)
        if not any(s.bot is None and not s.taken for s in seats):
            stored = _with(stored, status=PLAYING)
        await self.db(self.store.create_table, stored, {i: hash_token(t) for i, t in tokens.items()},
                      self.instance, self.clock() + self.lease_seconds)
        await self._take(table_id, taken_over=False)
        return stored, tokens

    async def _rated_seats(self, spec: TableSpec) -> dict[int, Account]:
        """A rated table's seats kept for accounts (by seat), after checking who may create it and its seats: a
        logged-in creator, one person's seat at least, and seats kept only for accounts, each for one seat."""
        if spec.creator is None:
            raise Refusal("log in to create a rated table", "rated_create", 401)
        if all(s.bot is not None for s in spec.seats):
            raise Refusal("a rated table needs a seat for a person at least", "rated_people")
        kept: dict[int, Account] = {}
        for i, s in enumerate(spec.seats):
            if s.bot is not None or not s.name:
                continue
            found = await self.db(self.store.credentials, name_key(s.name))
            if found is None or found.password_hash is None:
                raise Refusal(f"seat {i}: no account is named {s.name!r}: a seat of a rated table is kept for an "
                              "account", "rated_unknown", name=s.name)
            if any(a.id == found.account.id for a in kept.values()):
                raise Refusal(f"seat {i}: {found.account.name!r} is given two seats: one seat per account at a "
                              "rated table", "rated_twice", name=found.account.name)
            kept[i] = found.account
        return kept

    async def open(self, table_id: str) -> LiveTable:
        """The live table (rebuilt from the store the first time it is asked for), followed on the bus."""
        live = self.live.get(table_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = self.live.get(table_id)
            if live is None:
                await self.bus.follow(table_id)  # first: what happens while it loads is then heard…
                try:
                    live = await self._load(table_id)
                except BaseException:
                    await self.bus.unfollow(table_id)
                    raise
                self.live[table_id] = live
                async with live.lock:  # …or read here
                    await self._catch_up(live)
        self._loading.pop(table_id, None)
        return live

    async def _load(self, table_id: str) -> LiveTable:
        stored = await self.db(self.store.table, table_id)
        actions = await self.db(self.store.actions, table_id)
        chat = await self.db(self.store.chat, table_id)
        return LiveTable(stored, self._table(stored, actions), len(actions), chat)

    def _table(self, stored: StoredTable, actions: list[StoredAction]) -> Table:
        """The table service for a stored table after ``actions`` (replayed, with when and by whom)."""
        record = GameRecord(stored.game, stored.players, stored.options, stored.seed, _seat_configs(stored),
                            [a.text for a in actions])
        return Table(Match.from_record(record), move_seconds=stored.move_seconds,
                     bot_delay=stored.bot_delay_ms / 1000, clock=self.clock,
                     played=[Played(a.played, a.by) for a in actions], bot_seconds=self.bot_seconds)

    def forget(self, live: LiveTable) -> None:
        """Let a table go from memory when nobody here looks at it and this instance does not drive it (it is
        read back from the store if asked for again)."""
        if live.clients or (live.driving and live.stored.status != OVER) or self.live.get(live.id) is not live:
            return
        del self.live[live.id]
        self._spawn(self.bus.unfollow(live.id))


def _seat_configs(stored: StoredTable) -> list[SeatConfig]:
    return [SeatConfig(s.name or f"Seat {s.seat}", s.bot, dict(s.settings)) for s in stored.seats]


def seat_settings(game: Game, seats: list[SeatSpec]) -> list[dict[str, OptionValue]]:
    """Every seat's settings checked by the game (``resolve_seats``) and filled in; a refusal names the seat, the
    setting and what it allows."""
    try:
        return game.resolve_seats(len(seats), [s.settings for s in seats])
    except OptionError as error:
        specs = {o.name: o for o in game.info.seat_options}
        for i, s in enumerate(seats):
            if not isinstance(s.settings, dict):
                raise OptionError(f"seat {i}: settings are an object of name: value") from None
            for name, value in s.settings.items():
                spec = specs.get(name)
                if spec is None:
                    known = ", ".join(specs) or "none"
                    raise OptionError(f"seat {i}: {game.info.name} has no seat setting {name!r}; its seat settings "
                                      f"are: {known}") from None
                try:
                    spec.parse(value)
                except OptionError:
                    raise OptionError(f"seat {i}: setting {name} = {value!r} is not allowed; {name} is "
                                      f"{spec.allowed()}") from None
        raise error
