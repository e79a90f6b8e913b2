"""Screenshot of a par sheet as a browser shows it: makes the page with ``oddscalc report`` and has
headless Chromium draw it (the README's docs/report-caribbean-stud.png comes from here).

    python docs/screenshot.py                      # caribbean-stud -> docs/report-caribbean-stud.png
    python docs/screenshot.py three-card-poker --output /tmp/tcp.png --height 2400 --keep-html /tmp/tcp.html

Needs Chromium (Debian: ``apt-get install chromium``).  It runs headless with a fresh profile, no
network services, no extensions; as root it also needs ``--no-sandbox``, which it adds then.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from oddscalc.report.pdf import find_browser, headless_flags

HERE = Path(__file__).resolve().parent


def browser() -> str:
    found = find_browser()
    if found is None:
        sys.exit("chromium not installed: apt-get install chromium")
    return found


def screenshot(page: Path, png: Path, width: int, height: int) -> None:
    """Draw ``page`` in a ``width`` x ``height`` window into ``png``."""
    with tempfile.TemporaryDirectory() as profile:
        flags = [*headless_flags(browser(), Path(profile)), "--hide-scrollbars", f"--window-size={width},{height}",
                 f"--screenshot={png}"]
        done = subprocess.run([*flags, page.as_uri()], capture_output=True, text=True, timeout=300)
    if done.returncode != 0 or not png.is_file():
        sys.exit(f"chromium failed: {done.stderr[-2000:]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="caribbean-stud")
    parser.add_argument("--output", type=Path, help="the PNG (default docs/report-GAME.png)")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=3400, help="window height: how much of the page is drawn")
    parser.add_argument("--keep-html", type=Path, help="also keep the page here")
    args = parser.parse_args()
    png = (args.output or HERE / f"report-{args.game}.png").resolve()
    with tempfile.TemporaryDirectory() as work:
        page = args.keep_html.resolve() if args.keep_html else Path(work) / f"{args.game}.html"
        subprocess.run([sys.executable, "-m", "oddscalc", "report", args.game, "--output", str(page)], check=True,
                       stdout=subprocess.DEVNULL)
        screenshot(page, png, args.width, args.height)
    print(f"{png} ({png.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
