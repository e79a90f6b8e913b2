"""``oddscalc serve``: the designer's workbench, a local page where every pay, rule and strategy
of a game is changed and the exact figures come back at once (``pip install 'oddscalc[web]'``).

It listens on 127.0.0.1 only unless ``--host`` is given; it reads game files from, and writes
exports to, one folder (``--dir``, default the current one); every task is sized by the same
limits as the other commands (``--max-seconds``, ``--max-memory``) and stopped past its time.

>>> serve_command(["--port", "70000"])
Traceback (most recent call last):
oddscalc.core.errors.InputError: --port must be between 0 and 65535, got 70000
"""
from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from oddscalc.cli.options import OneLineParser, Output, Shown, add_limits
from oddscalc.core.budget import Limits
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import list_games
from oddscalc.core.numbers import parse_int
from oddscalc.report.model import Report
from oddscalc.web.folder import Folder
from oddscalc.web.settings import LOCAL, MAX_JOBS, PORT, WARM, Settings

MAX_WORKERS = 16


def serve_parser() -> OneLineParser:
    parser = OneLineParser(prog="oddscalc serve", description=(
        "The designer's workbench: a local web page where any pay, rule or strategy of a game is changed and "
        "the exact figures are re-solved at once; design, sweep, compare and the par sheet, with progress and "
        "cancel; a JSON API under /api/ (GET /api/schema)."))
    parser.add_argument("--host", default=LOCAL, help=f"the address to listen on (default {LOCAL}: this machine only)")
    parser.add_argument("--port", default=str(PORT), metavar="P", help=f"the port (default {PORT}; 0: any free one)")
    parser.add_argument("--dir", default=".", metavar="FOLDER",
                        help="the one folder game files are read from and exports written to (default: this one)")
    parser.add_argument("--workers", default="1", metavar="N",
                        help="processes for long tasks (design, sweep, compare, par sheet; default 1)")
    parser.add_argument("--warm", default=",".join(WARM), metavar="GAMES",
                        help=f"games whose counts are made at start, comma-separated (default {','.join(WARM)}; "
                             "none: no game)")
    add_limits(parser)
    return parser


def settings_of(args: argparse.Namespace) -> Settings:
    """The server's settings from a command line, each checked before anything starts."""
    warm = () if args.warm.strip().lower() == "none" else tuple(w.strip() for w in args.warm.split(",") if w.strip())
    for game in warm:
        if game not in list_games():
            raise InputError(f"--warm: unknown game '{game[:60]}' (a built-in game, see oddscalc games)")
    if not args.host.strip():
        raise InputError("--host: give an address such as 127.0.0.1")
    return Settings(host=args.host.strip(), port=parse_int(args.port, "--port", 0, 65535),
                    folder=Folder.at(Path(args.dir)).root,
                    workers=parse_int(args.workers, "--workers", 1, MAX_WORKERS), limits=Limits.resolve(),
                    max_jobs=MAX_JOBS, warm=warm)


def serve_command(argv: Sequence[str]) -> Output:
    """``oddscalc serve [--host H] [--port P] [--dir FOLDER] [--workers N] [--warm GAMES]``."""
    settings = settings_of(serve_parser().parse(argv))
    try:
        # imported here: the web extra is optional, and only this command needs it
        from oddscalc.web.server import serve
    except ImportError as missing:
        raise InputError(f"serve needs the web extra ({missing.name} is not installed): "
                         "pip install 'oddscalc[web]'") from None
    from oddscalc.cli.main import write

    def announce(url: str) -> None:
        write(f"oddscalc workbench: {url}/ (folder {settings.folder}; Ctrl-C stops it)\n")
    try:
        serve(settings, announce)
    except KeyboardInterrupt:
        pass          # Ctrl-C is how a server ends: uvicorn has shut down cleanly and passes the signal on
    return Report("oddscalc serve", (), {"stopped": True}, ("the workbench stopped",)), Shown("text")
