"""The web server: a thin FastAPI layer over the hub of live tables. Routes turn JSON into calls and errors into
4xx answers with a message; everything about the games happens in the table service.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from functools import partial
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

import orjson
from fastapi import FastAPI, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from ..bots import bot_names
from ..bots.levels import bot_help, bot_title, levels_json
from ..engine.errors import LudoError, OptionError
from ..engine.game import all_games, get_game
from ..engine.match import Match
from ..engine.options import OptionSpec
from ..ratings import Rating
from .accounts import COOKIE, PASSWORD_MAX, SESSION_SECONDS, Accounts
from .bus import make_bus
from .errors import Refusal
from .hub import LEASE_SECONDS, OVER, Client, Hub, LiveTable, SeatSpec, TableSpec, default_instance
from .protocol import (
    MAX_CHAT_CHARS,
    MAX_MESSAGE_BYTES,
    MAX_NAME_CHARS,
    SERVER_TEXTS,
    RateLimit,
    clean_text,
    frame,
    hint_message,
    lobby_entry,
    refusal,
    server_refusal,
    spectator_frame,
)
from .storage import Account, RatingRecord, Store, TableNotFound

WEB = SERVER_TEXTS
"""The shared page's own texts (lobby, seats, clock, chat); each game's come from its catalogue."""
STATIC = files("ludotheque.server").joinpath("static")
MAX_LEADERBOARD = 500
"""The most rows a leaderboard request may ask for (``limit``)."""
log = logging.getLogger("ludotheque.server")


class SeatIn(BaseModel):
    name: str | None = Field(default=None, max_length=MAX_NAME_CHARS)
    bot: str | None = Field(default=None, max_length=64)
    settings: dict[str, Any] = Field(default_factory=dict, max_length=32)
    """The seat's own settings (the game's ``seat_options``: Stack Market's steadiness)."""


class TableIn(BaseModel):
    game: str = Field(max_length=64)
    players: int = Field(ge=1, le=64)
    options: dict[str, Any] = Field(default_factory=dict, max_length=32)
    seats: list[SeatIn] | None = Field(default=None, max_length=64)
    bot_delay_ms: int = Field(default=600, ge=0, le=10_000)
    move_seconds: float | None = Field(default=None, ge=5, le=86_400)
    rated: bool = False
    """Only accounts take its person seats, and the result changes their ratings (the creator must be logged in)."""


class JoinIn(BaseModel):
    name: str = Field(default="", max_length=200)
    """A guest's name (a logged-in person's account name when left empty; always the account's at a rated
    table)."""


class AccountIn(BaseModel):
    name: str = Field(max_length=200)
    password: str = Field(max_length=PASSWORD_MAX * 4)


def create_app(db_url: str = "sqlite:///ludotheque.db", *, allowed_origins: tuple[str, ...] = (),
               clock: Callable[[], float] = time.time, redis_url: str | None = None, instance: str | None = None,
               lease_seconds: float = LEASE_SECONDS, secure_cookies: bool | None = None) -> FastAPI:
    """The application, on the database at ``db_url`` (created and migrated on start). With ``redis_url``, one
    instance of a site: the others share the database and hear this one's news on Redis. ``secure_cookies``: the
    session cookie's ``Secure`` flag, always (True), never (False), or when the request came over https (None:
    uvicorn takes the scheme from ``X-Forwarded-Proto`` when a trusted proxy sends it)."""
    store = Store(db_url)
    if store.shared is False and redis_url:
        raise OptionError("several instances need a database they can share (PostgreSQL), not a SQLite file")
    name = instance or default_instance()
    hub = Hub(store, clock, bus=make_bus(redis_url, name), instance=name, lease_seconds=lease_seconds)
    accounts = Accounts(store, hub.db, clock, metrics=hub.metrics)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        yield
        await hub.drain()
        await hub.close()
        accounts.close()
        store.close()

    app = FastAPI(title="Ludothèque", lifespan=lifespan)
    app.state.hub = hub
    app.state.accounts = accounts

    async def broadcast(live: LiveTable) -> None:
        online = live.online(clock())
        for client in list(live.clients):
            try:
                await client.send(frame(live, client, online))
            except Exception:  # a connection that went away: the others go on
                with contextlib.suppress(ValueError):
                    live.clients.remove(client)

    hub.on_update = broadcast

    @app.exception_handler(LudoError)
    async def _refused(request: Request, error: LudoError) -> JSONResponse:
        lang = "fr" if request.query_params.get("lang") == "fr" else "en"  # the asker's language (?lang=fr)
        if isinstance(error, Refusal):  # the server's own
            detail = SERVER_TEXTS.reason(lang, error.reason) or str(error)
            headers = {"Retry-After": str(error.retry_after)} if error.retry_after is not None else None
            key = error.reason.key if error.reason is not None else None
            return JSONResponse({"detail": detail, "error": key}, status_code=error.status, headers=headers)
        status = 404 if isinstance(error, TableNotFound) else 400
        return JSONResponse({"detail": SERVER_TEXTS.reason(lang, error.reason) or str(error)}, status_code=status)

    async def who(request: Request) -> Account | None:
        """The account a request's session stands for (its cookie, or an ``Authorization: Bearer`` header)."""
        return await accounts.account(_session_token(request))

    def set_session_cookie(request: Request, response: Response, token: str) -> None:
        secure = request.url.scheme == "https" if secure_cookies is None else secure_cookies
        response.set_cookie(COOKIE, token, max_age=SESSION_SECONDS, path="/", httponly=True, samesite="lax",
                            secure=secure)

    # --- for the operator ---------------------------------------------------------------------
    @app.get("/healthz")
    async def healthz() -> dict[str, Any]:
        """The process lives (a supervisor restarts it when this fails)."""
        return {"status": "ok", "instance": hub.instance}

    @app.get("/readyz")
    async def readyz() -> JSONResponse:
        """This instance can serve: its database and bus answer, and it is not stopping (a balancer sends
        connections only to ready instances)."""
        problem = "stopping" if hub.draining else None
        if problem is None:
            try:
                await asyncio.wait_for(hub.lease_db(store.ping), 3)
            except Exception as error:
                problem = f"database unreachable: {type(error).__name__}"
        if problem is None:
            try:
                await asyncio.wait_for(hub.bus.ping(), 3)
            except Exception as error:
                problem = f"redis unreachable: {type(error).__name__}"
        body = {"status": problem or "ready", "instance": hub.instance, "tables_in_progress": hub.driven(),
                "connections": sum(len(lv.clients) for lv in hub.live.values())}
        return JSONResponse(body, status_code=503 if problem else 200)

    @app.get("/metrics")
    async def metrics() -> Response:
        """Prometheus's text format."""
        hub.metrics.tables_live.set(len(hub.live))
        hub.metrics.tables_in_progress.set(hub.driven())
        body, content_type = hub.metrics.exposition()
        return Response(body, media_type=content_type)

    # --- the API ------------------------------------------------------------------------------
    @app.get("/api/games")
    async def games(lang: str = "en") -> list[dict[str, Any]]:
        return [{"name": g.info.name, "title": g.info.title(lang), "min_players": g.info.min_players,
                 "max_players": g.info.max_players, "bots": bot_names(g.info.name),
                 "bot_titles": {b: bot_title(b, lang) for b in bot_names(g.info.name)},
                 "bot_helps": {b: bot_help(b, lang) for b in bot_names(g.info.name)},
                 "levels": levels_json(), "rules": g.info.rules_version,
                 "options": [_option(o, lang) for o in g.info.options if not o.file],
                 "seat_options": [_option(o, lang) for o in g.info.seat_options]}
                for g in all_games()]

    @app.post("/api/tables", status_code=201)
    async def create_table(body: TableIn, request: Request) -> dict[str, Any]:
        seats = [SeatSpec(clean_text(s.name, MAX_NAME_CHARS) or None, s.bot, dict(s.settings)) for s in body.seats] \
            if body.seats else [SeatSpec()] * body.players
        creator = await who(request) if body.rated else None
        stored, tokens = await hub.create(TableSpec(body.game, body.players, body.options, seats, body.bot_delay_ms,
                                                    body.move_seconds, body.rated, creator))
        return {"id": stored.id, "url": f"/#/table/{stored.id}", "tokens": {str(k): v for k, v in tokens.items()}}

    @app.get("/api/tables")
    async def lobby(status: str | None = None, lang: str = "en") -> list[dict[str, Any]]:
        return [lobby_entry(t, lang) for t in await hub.db(store.tables, status, 100)]

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str, lang: str = "en") -> dict[str, Any]:
        live = hub.live.get(table_id)
        stored = live.stored if live is not None else await hub.db(store.table, table_id)
        entry = lobby_entry(stored, lang)
        if stored.rated and stored.status == OVER:  # what the game did to the ratings (null: not applied yet)
            entry["rating_changes"] = await hub.db(store.rated_result, table_id)
        return entry

    @app.post("/api/tables/{table_id}/seats/{seat}")
    async def take_seat(table_id: str, seat: int, body: JoinIn, request: Request) -> dict[str, Any]:
        account = await who(request)
        name = clean_text(body.name, MAX_NAME_CHARS) or (account.name if account is not None else "")
        live = await hub.open(table_id)
        if not name and not live.stored.rated:
            raise HTTPException(400, "a name is needed to take a seat")
        return {"seat": seat, "token": await hub.take_seat(live, seat, name, account)}

    # --- accounts and ratings -----------------------------------------------------------------------
    @app.post("/api/accounts", status_code=201)
    async def register(body: AccountIn, request: Request, response: Response) -> dict[str, Any]:
        """A new account, logged in at once (the session's cookie, and its token for scripts)."""
        account, token = await accounts.register(body.name, body.password, _address(request))
        set_session_cookie(request, response, token)
        return {"name": account.name, "token": token}

    @app.post("/api/login")
    async def login(body: AccountIn, request: Request, response: Response) -> dict[str, Any]:
        account, token = await accounts.login(body.name, body.password, _address(request))
        set_session_cookie(request, response, token)
        return {"name": account.name, "token": token}

    @app.post("/api/logout")
    async def logout(request: Request, response: Response) -> dict[str, Any]:
        token = _session_token(request)
        if token:
            await accounts.logout(token)
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
        return {"name": None}

    @app.get("/api/me")
    async def me(request: Request, lang: str = "en") -> dict[str, Any]:
        """Who is logged in (``name`` null: a guest), and their rating at each game played rated."""
        account = await who(request)
        if account is None:
            return {"name": None}
        ratings = await hub.db(store.ratings_of, account.id)
        return {"name": account.name, "created": account.created,
                "ratings": [{**_rating(r, lang), "rank": rank} for r, rank in ratings]}

    @app.get("/api/leaderboard/{game}")
    async def leaderboard(game: str, lang: str = "en",
                          limit: Annotated[int, Query(ge=1, le=MAX_LEADERBOARD)] = 100) -> dict[str, Any]:
        """A game's ratings, the best conservative estimate (``ordinal``, mu − 3 sigma) first; ``limit`` out of range
        is refused (422, saying the range)."""
        try:
            found = get_game(game)
        except LudoError:
            raise HTTPException(404, f"no game named {game[:64]!r}") from None
        rows = await hub.db(store.leaderboard, found.info.name, limit)
        return {"game": found.info.name, "title": found.info.title(lang),
                "ratings": [{"rank": i + 1, **_rating(r, lang)} for i, r in enumerate(rows)]}

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> Response:
        live = await hub.open(table_id)
        if live.stored.status != OVER:
            hub.forget(live)
            raise HTTPException(409, "the record is published when the game is over (it holds every hidden card)")
        data = live.table.record().to_json()
        hub.forget(live)
        return Response(json.dumps(data, ensure_ascii=False), media_type="application/json")

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, at: int = 0, lang: str = "en") -> dict[str, Any]:
        """A finished game as a spectator saw it after ``at`` actions (to step through it)."""
        live = await hub.open(table_id)
        if live.stored.status != OVER:
            hub.forget(live)
            raise Refusal("a game can be replayed once it is over", "replay_playing", 409)
        record = live.table.record()
        hub.forget(live)
        at = max(0, min(at, len(record.actions)))
        return spectator_frame(Match.from_record(record, upto=at), live.id, lang, len(record.actions))

    @app.get("/api/tables/{table_id}/extra/{name}")
    async def extra(table_id: str, name: str, token: str | None = None, at: int | None = None) -> Any:
        """What the game's view may ask for besides its frames (``Game.table_extra``: Stack Market's ``fall``), as
        the token's seat (or, without one, a spectator) may see it; ``at``: a finished game's step (a replay)."""
        live = await hub.open(table_id)
        seat = await hub.seat_of(live, token) if token else None
        if token and seat is None:
            raise HTTPException(403, "this token holds no seat at this table")
        game = live.table.match.game
        try:
            value = await hub.extra(live, name[:64], seat, at)
        except KeyError:
            raise HTTPException(404, f"{game.info.name} gives nothing named {name[:64]!r}") from None
        if value is None:
            raise HTTPException(404, f"{name[:64]}: nothing to give now")
        return value

    @app.get("/api/texts/{lang}")
    async def texts(lang: str, game: str | None = None) -> dict[str, str]:
        out = dict(WEB.messages.get(lang) or WEB.messages["en"])
        if game:
            out.update(get_game(game).catalog.messages.get(lang) or {})
        return out

    # --- a table's connection -------------------------------------------------------------------
    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str, token: str | None = None, lang: str = "en") -> None:
        if not _origin_ok(websocket, allowed_origins):
            await websocket.close(code=1008, reason="origin not allowed")
            return
        try:
            live = await hub.open(table_id)
        except TableNotFound:
            await websocket.accept()  # then closed with a code that says why (a refused handshake says nothing)
            await websocket.close(code=4404, reason="no such table")
            return
        seat = await hub.seat_of(live, token) if token else None
        await websocket.accept()
        if token and seat is None:
            await websocket.close(code=4403, reason="this token holds no seat at this table")
            return
        client = Client(seat, "fr" if lang == "fr" else "en", partial(send_json, websocket))
        await hub.connected(live, client)
        rate = RateLimit()
        try:
            while True:
                text = await websocket.receive_text()
                if len(text.encode()) > MAX_MESSAGE_BYTES:
                    await client.send({"type": "error", "message": f"message over {MAX_MESSAGE_BYTES} bytes",
                                       "at": live.table.at})
                    continue
                if not rate.allow():
                    await client.send(server_refusal(client.lang, "rate", live.table.at))
                    continue
                await _handle(live, client, text)
        except WebSocketDisconnect:
            pass
        finally:
            await hub.disconnected(live, client)

    async def _handle(live: LiveTable, client: Client, text: str) -> None:
        try:
            message = json.loads(text)
        except json.JSONDecodeError:
            message = None
        kind = message.get("type") if isinstance(message, dict) else None
        game = live.table.match.game
        try:
            if kind == "act" and isinstance(message, dict):
                action, at = message.get("action"), message.get("at")
                if client.seat is None:
                    raise LudoError("spectators cannot play")
                if not isinstance(action, str) or not isinstance(at, int) or isinstance(at, bool):
                    raise LudoError('an action is {"type": "act", "action": TEXT, "at": ACTIONS SEEN}')
                await hub.submit(live, client.seat, action[:200], at)
            elif kind == "chat" and isinstance(message, dict):
                said = clean_text(message.get("text"), MAX_CHAT_CHARS)
                if said:
                    await hub.say(live, client, said)
            elif kind == "hint" and isinstance(message, dict):
                await client.send(hint_message(live, client, *await hub.hint(live, client, message.get("at"))))
            elif kind == "sync" and isinstance(message, dict):
                client.lang = "fr" if message.get("lang") == "fr" else client.lang if "lang" not in message else "en"
                client.events = client.chat = 0
                await client.send(frame(live, client, live.online(clock())))
            else:
                raise LudoError('unknown message; the messages are {"type": "act" | "chat" | "hint" | "sync", …}')
        except LudoError as error:
            await client.send(refusal(game, client.lang, error, live.table.at))
        except Exception:  # the database away: nothing was played (memory went back to what is stored)
            log.exception("a message could not be handled", extra={"instance": hub.instance, "table": live.id})
            await client.send(server_refusal(client.lang, "unsaid" if kind == "chat" else "unstored",
                                             live.table.at))

    # --- the pages ------------------------------------------------------------------------------
    @app.get("/")
    async def index() -> FileResponse:
        return FileResponse(str(STATIC.joinpath("index.html")))

    @app.get("/games/{game}/{path:path}")
    async def game_file(game: str, path: str) -> FileResponse:
        try:
            package = type(get_game(game)).__module__
        except LudoError:
            raise HTTPException(404, "no such game") from None
        folder = Path(str(files(package).joinpath("web"))).resolve()
        target = (folder / path).resolve()
        if not target.is_file() or folder not in target.parents:
            raise HTTPException(404, "no such file")
        return FileResponse(target)

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    return app


async def send_json(websocket: WebSocket, message: dict[str, Any]) -> None:
    """A message as JSON text, encoded by orjson (every frame of every move goes through here)."""
    await websocket.send_text(orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode())


def _option(o: OptionSpec, lang: str) -> dict[str, Any]:
    """An option (or seat option) as the lobby's form shows it."""
    return {"name": o.name, "title": o.title(lang), "default": o.default, "choices": list(o.choices),
            "labels": {str(c): o.label(c, lang) for c in o.choices},
            "bounds": list(o.bounds) if o.bounds is not None else None,
            "help": o.help_fr if lang == "fr" else o.help_en}


def _session_token(request: Request) -> str | None:
    """A request's session token: its ``Authorization: Bearer`` header (scripts), else its cookie (pages)."""
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return request.cookies.get(COOKIE)


def _address(request: Request) -> str:
    """Where a request comes from (behind a trusted proxy, uvicorn has put ``X-Forwarded-For``'s address here)."""
    return request.client.host if request.client is not None else "unknown"


def _rating(r: RatingRecord, lang: str) -> dict[str, Any]:
    """A rating as the leaderboard and the profile show it."""
    try:
        title = get_game(r.game).info.title(lang)
    except LudoError:  # a game no longer installed
        title = r.game
    spec = r.name.removeprefix("bot:")
    # a level or a common bot in the page's language; a bot with parameters as it was named, to tell it apart
    kind = (spec if ":" in spec else bot_title(spec, lang)) if r.bot else None
    return {"name": r.name, "bot": r.bot, "kind": kind, "game": r.game, "title": title,
            **Rating(r.mu, r.sigma).to_json(), "games": r.games}


def _origin_ok(websocket: WebSocket, allowed: tuple[str, ...]) -> bool:
    """A browser's WebSocket must come from a page of this site (or an allowed origin); clients that send no
    Origin (the terminal, scripts) are let in: they prove their seat with its token like everybody."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    return urlsplit(origin).netloc == websocket.headers.get("host")
