"""``ludo replay FILE``: replay a game record; stop at the first illegal action with its index and reason."""

from __future__ import annotations

import argparse
import json

from rich.console import Console
from rich.table import Table

from ..engine.errors import ReplayError
from ..engine.match import Match
from ..engine.record import GameRecord


def run_replay(args: argparse.Namespace) -> int:
    record = GameRecord.load(args.file)
    try:
        match = Match.from_record(record)
    except ReplayError as e:
        if args.json:
            print(json.dumps({"ok": False, "index": e.index, "action": e.action, "reason": e.why}, indent=1))
        else:
            Console(stderr=True).print(f"[red]replay stopped at action #{e.index} {e.action!r}: {e.why}[/red]")
        return 1
    state = match.state
    outcome = state.outcome().to_json() if match.is_over() else None
    if args.json:
        print(json.dumps({"ok": True, "game": record.game, "players": record.players, "options": match.options,
                          "actions": len(match.history), "over": match.is_over(), "outcome": outcome,
                          "state": state.to_json()}, indent=1, ensure_ascii=False))
        return 0
    console = Console()
    names = [s.name for s in match.seats]
    if args.log:
        for event in match.log_for(None):
            console.print(match.game.describe(event, args.lang, names))
    data = state.to_json()
    table = Table(title=f"{match.game.info.title(args.lang)}: {len(match.history)} actions")
    table.add_column("seat")
    table.add_column("cash" if args.lang == "en" else "argent", justify="right")
    table.add_column("shares" if args.lang == "en" else "actions")
    for i, name in enumerate(names):
        cash = data.get("cash", [None] * len(names))[i]
        shares = data.get("shares", [{}] * len(names))[i]
        table.add_row(f"{i}: {name}", str(cash), ", ".join(f"{k} {v}" for k, v in shares.items()))
    console.print(table)
    if outcome:
        winners = ", ".join(names[w] for w in outcome["winners"])
        console.print(("Winner: " if args.lang == "en" else "Gagnant : ") + winners + f" ({outcome['termination']})")
    else:
        console.print("The game is not over." if args.lang == "en" else "La partie n'est pas terminée.")
    return 0
