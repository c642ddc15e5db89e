"""``ludo serve``: the server (FastAPI on uvicorn), on SQLite by default."""

from __future__ import annotations

import argparse

from ..engine.errors import OptionError
from .texts import UI


def run_serve(args: argparse.Namespace) -> int:
    lang: str = getattr(args, "lang", "en") or "en"
    try:
        import uvicorn

        from ..server.app import create_app
    except ImportError as e:  # pragma: no cover - the server's packages are dependencies of the project
        raise OptionError(UI.t(lang, "serve.packages", name=e.name)) from None
    if not 0 < args.port < 65536:
        raise OptionError(UI.t(lang, "serve.port", port=args.port))
    app = create_app(args.db, allowed_origins=tuple(args.origin))
    print(f"Ludothèque: http://{args.host}:{args.port}/  (database {args.db})", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=64 * 1024)
    return 0
