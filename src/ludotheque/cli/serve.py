"""``ludo serve``: the server (FastAPI on uvicorn), on SQLite by default; one of several instances of a site with
``--db postgresql://… --redis redis://…``."""

from __future__ import annotations

import argparse
import socket
import sys

from ..engine.errors import OptionError
from .texts import UI


def run_serve(args: argparse.Namespace) -> int:
    lang: str = getattr(args, "lang", "en") or "en"
    try:
        import uvicorn

        from ..server.app import create_app
        from ..server.logs import log_config
        from ..server.serving import DrainingServer
        from ..server.storage import database_url
    except ImportError as e:  # pragma: no cover - the server's packages are dependencies of the project
        raise OptionError(UI.t(lang, "serve.packages", name=e.name)) from None
    if not 0 < args.port < 65536:
        raise OptionError(UI.t(lang, "serve.port", port=args.port))
    if not 1 <= args.lease_seconds <= 600:
        raise OptionError(UI.t(lang, "serve.lease", value=args.lease_seconds))
    if args.redis is not None:
        if not args.redis.startswith(("redis://", "rediss://", "unix://")):
            raise OptionError(UI.t(lang, "serve.redis_url", url=args.redis))
        if database_url(args.db).startswith("sqlite"):
            raise OptionError(UI.t(lang, "serve.shared_db"))
    instance = f"{socket.gethostname()}:{args.port}" if args.instance is None else args.instance
    if not 0 < len(instance) <= 64:
        raise OptionError(UI.t(lang, "serve.instance", name=instance))
    drain = args.drain_seconds if args.drain_seconds is not None else (2.0 if args.redis else 0.0)
    if not 0 <= drain <= 300:
        raise OptionError(UI.t(lang, "serve.drain", value=drain))
    app = create_app(args.db, allowed_origins=tuple(args.origin), redis_url=args.redis, instance=instance,
                     lease_seconds=args.lease_seconds)
    where = f"database {_without_password(args.db)}"
    if args.redis:
        where += f", redis {_without_password(args.redis)}"
    print(f"Ludothèque: http://{args.host}:{args.port}/  ({where}; instance {instance})", flush=True)
    log_format = args.log_format or ("text" if sys.stderr.isatty() else "json")  # a person reads a terminal
    # no permessage-deflate: compressing every frame costs more processor than the bandwidth it saves is worth here
    config = uvicorn.Config(app, host=args.host, port=args.port, ws_max_size=64 * 1024, ws_per_message_deflate=False,
                            log_config=log_config(log_format), timeout_graceful_shutdown=10)
    DrainingServer(config, app.state.hub, drain).run()
    return 0


def _without_password(url: str) -> str:
    """A URL as it may be printed: ``postgresql://ludo:secret@db/site`` → ``postgresql://ludo:***@db/site``."""
    scheme, sep, rest = url.partition("://")
    user, at, host = rest.rpartition("@")
    if not sep or not at or ":" not in user:
        return url
    return f"{scheme}://{user.split(':', 1)[0]}:***@{host}"
