"""The README's load figures in one run: ``.venv/bin/python bench/load_figures.py`` (--seats, --seconds, --think).

Runs ``bench/load.py`` three times, one after the other, with the same seats, length and think time: one instance
behind HAProxy, two instances behind HAProxy, and two instances of which one is killed (``kill -9``) halfway
through. Prints one Markdown table of the figures (and ``--json`` the three reports). Each run is bounded and tears
its cluster down; nothing leaves this machine.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

LOAD = Path(__file__).with_name("load.py")
RUNS = (("one instance", ["--instances", "1"]), ("two instances", ["--instances", "2"]),
        ("two, one killed (kill -9) halfway", ["--instances", "2", "--kill"]))


def run(extra: list[str], common: list[str]) -> dict[str, Any]:
    done = subprocess.run([sys.executable, str(LOAD), *common, *extra, "--json"], capture_output=True, text=True,
                          check=False)
    if not done.stdout.strip():
        raise SystemExit(f"bench/load.py {' '.join(extra)} failed:\n{done.stderr[-3000:]}")
    report: dict[str, Any] = json.loads(done.stdout)
    report["exit_code"] = done.returncode
    return report


def ms(value: float | None) -> str:
    return "–" if value is None else f"{value:.0f} ms" if value >= 10 else f"{value:.1f} ms"


def sec(value: float | None) -> str:
    return "–" if value is None else f"{value:.1f} s"


def table(reports: list[tuple[str, dict[str, Any]]]) -> str:
    rows = ["| run | seats connected (peak) | moves/s (people / all) | move → every seat told: median, p99, max "
            "| errors | acknowledged moves lost | verdict |", "| --- | --- | --- | --- | --- | --- | --- |"]
    for name, r in reports:
        lat = r["latency"]
        rows.append(
            f"| {name} | {r['connections']['held_at_end']} ({r['connections']['peak']}) "
            f"| {r['person_moves_per_second']:.0f} / {r['all_moves_per_second']:.0f} "
            f"| {ms(lat['median_ms'])}, {ms(lat['p99_ms'])}, {ms(lat['max_ms'])} | {r['error_count']} "
            f"| {r['lost_moves']} of {r['acknowledged_moves']} "
            f"| {'every check holds' if not r['failures'] else '; '.join(r['failures'])} |")
    kill = next((r for name, r in reports if r.get("kill_details")), None)
    if kill is not None:
        k = kill["kill_details"]
        rows.append("")
        rows.append(
            f"Fail-over ({k['signal']} of {k['victim']} at {sec(k['killed_at_s'])}): "
            f"{k['lost_of_those']} of the {k['acknowledged_before_kill']} moves acknowledged before the kill missing "
            f"afterwards; {k['tables_moved_again']} of the {k['tables_in_play']} tables in play moved again, all "
            f"within {sec(k['all_tables_moved_again_after_s'])} (median {sec(k['median_table_moved_again_after_s'])};"
            f" the {k['tables_driven_by_victim']} it drove were held by the other instance "
            f"{sec(k['their_leases_taken_over_after_s'])} after the kill and had all moved again within "
            f"{sec(k['those_moved_again_after_s_max'])}; a table waiting for a person waits for the person to come "
            f"back and think); "
            f"{k['came_back']} of the {k['seats_on_victim']} seats it held came back through HAProxy "
            f"(reconnection to a fresh frame: median {sec(k['reconnect_to_fresh_frame_s']['median'])}). Move → every "
            f"seat told, before the kill: median {ms(kill['latency_before_kill']['median_ms'])}, p99 "
            f"{ms(kill['latency_before_kill']['p99_ms'])}; after it (a seat that was on the killed instance is told "
            f"when it is back): median {ms(kill['latency_after_kill']['median_ms'])}, p99 "
            f"{ms(kill['latency_after_kill']['p99_ms'])}.")
    first = reports[0][1]
    rows.append("")
    rows.append(f"{first['tables']} tables of {first['game']['name']} ({first['game']['people_per_table']} people and "
                f"a {first['game']['bot']} bot each), think time {first['setup']['think_s'][0]:g}–"
                f"{first['setup']['think_s'][1]:g} s, {first['seconds']:.0f} s per run; machine busy: "
                + ", ".join(f"{name} {r['cpu']['machine_busy_fraction']:.0%}" for name, r in reports) + ".")
    return "\n".join(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seats", default="1000")
    parser.add_argument("--seconds", default="60")
    parser.add_argument("--think", default="2,6", help="a person's think time, MIN,MAX s")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    common = ["--seats", args.seats, "--seconds", args.seconds, "--think", args.think]
    reports = []
    for name, extra in RUNS:
        print(f"{name}…", file=sys.stderr, flush=True)
        reports.append((name, run(extra, common)))
    if args.json:
        print(json.dumps({name: r for name, r in reports}, indent=1))
    else:
        print(table(reports))
    return 0 if all(not r["failures"] for _, r in reports) else 1


if __name__ == "__main__":
    sys.exit(main())
