"""The workbench answers a pay change at once: a Caribbean Stud pay changed over HTTP, from the
request leaving the client to the exact figures back, on a warmed-up server.

    python bench/web.py

One run, in this order: start a workbench (as ``oddscalc serve`` does: Caribbean Stud warmed up
in the server and in its worker) and time the warm-up; then 20 pay changes, each a pay value not
asked before (so no answer comes from the server's memory of earlier ones), one after another;
then the same 20 while the worker writes a Caribbean Stud par sheet (the two cores shared, as when
the designer exports while she edits); then 16 changes sent at once.  Each pay change is a full
exact analysis (every deal, the optimal strategy re-solved) and the page's JSON.  For scale, the
same analysis through the Python API in this process (what the server does for each request).

Limit (issue 22): a pay change on Caribbean Stud answered in under 0.3 s on two cores (the median
of the changes one after another; the others are printed beside it).
"""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path

import httpx

import oddscalc
from oddscalc.web.server import start
from oddscalc.web.settings import Settings

LIMIT = 0.3
CHANGES = 20


def change(client: httpx.Client, flush: Fraction) -> tuple[float, str]:
    """One pay change: the wall time of the request, and the house edge it shows."""
    begin = time.perf_counter()
    answer = client.post("/api/analyze", json={"game": "caribbean-stud", "pays": {"call.flush": str(flush)}})
    seconds = time.perf_counter() - begin
    answer.raise_for_status()
    return seconds, answer.json()["report"]["house_edge"]


def summary(label: str, seconds: list[float]) -> str:
    return (f"  {label:<46} median {statistics.median(seconds):.3f} s   max {max(seconds):.3f} s   "
            f"min {min(seconds):.3f} s   ({len(seconds)} changes)")


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="oddscalc-bench-web-"))
    begin = time.perf_counter()
    running = start(Settings(port=0, folder=folder))
    values = iter(Fraction(n, 8) for n in range(8 * 6 + 1, 8 * 40))
    print(f"Workbench pay changes on Caribbean Stud ({os.cpu_count()} cores)")
    with httpx.Client(base_url=running.url, timeout=120) as client:
        first, _ = change(client, next(values))           # waits for the server's warm-up, then answers
        print(f"  start and warm-up, then the first change      {time.perf_counter() - begin:.3f} s "
              f"(the change itself {first:.3f} s)")
        alone = []
        for _ in range(CHANGES):
            flush = next(values)
            seconds, edge = change(client, flush)
            assert edge == str(oddscalc.analyze("caribbean-stud", pays={"flush": flush}).house_edge)
            alone.append(seconds)
        print(summary("one after another", alone))
        sheet = client.post("/api/parsheet", json={"game": "caribbean-stud", "sweep_points": 3}).json()
        while client.get(f"/api/jobs/{sheet['id']}").json()["state"] == "queued":    # the worker warming up
            time.sleep(0.1)
        time.sleep(1.0)
        busy = [change(client, next(values))[0] for _ in range(CHANGES)]
        state = client.get(f"/api/jobs/{sheet['id']}").json()
        print(summary(f"while a par sheet is written ({state['state']}, "
                      f"{(state['progress'] or 0) * 100:.0f} %)", busy))
        client.delete(f"/api/jobs/{sheet['id']}")
        batch = [next(values) for _ in range(16)]
        with ThreadPoolExecutor(max_workers=16) as pool:
            begin = time.perf_counter()
            at_once = [seconds for seconds, _ in pool.map(lambda f: change(client, f), batch)]
            wall = time.perf_counter() - begin
        print(summary("16 sent at once (each)", at_once) + f"   all 16 in {wall:.3f} s")
    running.stop()
    direct = []
    for _ in range(5):
        flush = next(values)
        begin = time.perf_counter()
        oddscalc.analyze("caribbean-stud", pays={"flush": flush}).exact_analysis()
        direct.append(time.perf_counter() - begin)
    print(summary("the API in-process (no HTTP, no page JSON)", direct))
    median = statistics.median(alone)
    ratio = median / statistics.median(direct)
    print(f"  HTTP and page JSON over the API alone: x{ratio:.2f}")
    passed = median < LIMIT
    print(f"\n  a pay change answered in {median:.3f} s (limit {LIMIT} s): {'ok' if passed else 'OVER'}")
    sys.exit(0 if passed else 1)


if __name__ == "__main__":
    main()
