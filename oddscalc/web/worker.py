"""A worker process of the workbench: ``python -m oddscalc.web.worker FD WARM``.

It talks to the server over the socket ``FD`` (``multiprocessing.connection`` messages), makes
the counts of the comma-separated ``WARM`` games, says it is ready, then runs each task it is
sent and answers ``("done", id, result)`` or ``("failed", id, message)``, with
``("progress", id, fraction, label)`` as it goes.  Its stderr is a :class:`~oddscalc.web.progress.Tap`:
the API's progress bars are read off it, anything else is passed on to the server's log.
"""
from __future__ import annotations

import os
import sys
import threading
from collections.abc import Sequence
from multiprocessing.connection import Connection

from oddscalc.core.errors import InputError
from oddscalc.web.progress import Tap


def run(connection: Connection, warm: tuple[str, ...]) -> None:
    """Warm up, then run tasks until the server closes the connection."""
    current = [""]
    # tqdm may redraw a bar from its own monitor thread: one message at a time on the socket
    sending = threading.Lock()

    def send(message: tuple[object, ...]) -> None:
        with sending:
            connection.send(message)

    def heard(done: float | None, label: str) -> None:
        send(("progress", current[0], done, label))

    sys.stderr = Tap(heard, sys.__stderr__)
    # imported after the tap is in place: what the API draws is heard from the first task
    from oddscalc.web.work import TASKS, warm_up
    try:
        warm_up(warm)
    except InputError as error:
        if sys.__stderr__ is not None:
            sys.__stderr__.write(f"oddscalc serve: warming up: {error}\n")
    send(("ready",))
    while True:
        try:
            job_id, kind, request = connection.recv()
        except (EOFError, OSError):
            return
        current[0] = job_id
        try:
            send(("done", job_id, TASKS[kind](request, heard)))
        except InputError as error:
            send(("failed", job_id, str(error)))
        except Exception as error:     # a bug or a resource failure: one line, and the worker lives on
            send(("failed", job_id, f"internal error: {type(error).__name__}: {str(error)[:300]}"))


# a worker's tasks are the long ones: below the server's own priority, so a pay change answered
# in the server keeps its tenth of a second while a par sheet is written on the same cores
NICENESS = 10


def main(argv: Sequence[str]) -> None:
    descriptor, warm = int(argv[0]), argv[1] if len(argv) > 1 else ""
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    run(Connection(descriptor), tuple(game for game in warm.split(",") if game))


if __name__ == "__main__":
    main(sys.argv[1:])
