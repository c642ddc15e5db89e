"""``ludo serve``: the server (FastAPI on uvicorn), on SQLite by default."""

from __future__ import annotations

import argparse

from ..engine.errors import OptionError


def run_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from ..server.app import create_app
    except ImportError as e:  # pragma: no cover - the server's packages are dependencies of the project
        raise OptionError(f"the server needs its packages ({e.name}); install the project again") from None
    if not 0 < args.port < 65536:
        raise OptionError(f"--port {args.port}: a port is a number from 1 to 65535")
    app = create_app(args.db, allowed_origins=tuple(args.origin))
    print(f"Ludothèque: http://{args.host}:{args.port}/  (database {args.db})", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=64 * 1024)
    return 0
