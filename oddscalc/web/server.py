"""Running the workbench under uvicorn: in the foreground (``oddscalc serve``), or in a thread
(the tests and ``bench/web.py``), on a socket bound before the server starts so its port is
known."""
from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import uvicorn

from oddscalc.core.errors import InputError
from oddscalc.web.app import create_app
from oddscalc.web.settings import Settings

CONNECTIONS = 64          # open connections at once; beyond them uvicorn answers 503
START_TIMEOUT = 30.0


def _config(settings: Settings) -> uvicorn.Config:
    return uvicorn.Config(create_app(settings), host=settings.host, port=settings.port, log_level="warning",
                          limit_concurrency=CONNECTIONS, timeout_keep_alive=5, lifespan="on")


def bound(settings: Settings) -> socket.socket:
    """The listening socket (refused in one line when the address is taken or not ours)."""
    family = socket.AF_INET6 if ":" in settings.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((settings.host, settings.port))
    except OSError as error:
        sock.close()
        raise InputError(f"--port: cannot listen on {settings.host}:{settings.port}: "
                         f"{(error.strerror or str(error)).lower()}") from None
    sock.listen(128)
    return sock


def url_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return f"http://{'[' + host + ']' if ':' in host else host}:{port}"


def serve(settings: Settings, announce: Callable[[str], None] = lambda url: None) -> None:
    """Serve until interrupted (Ctrl-C); ``announce`` hears the address once it is bound."""
    sock = bound(settings)
    announce(url_of(sock))
    uvicorn.Server(_config(settings)).run(sockets=[sock])


@dataclass
class Running:
    """A workbench serving in a thread of this process."""
    url: str
    server: uvicorn.Server
    thread: threading.Thread

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(START_TIMEOUT)


def start(settings: Settings) -> Running:
    """Serve in a thread (port 0: any free one); returns once the server answers."""
    sock = bound(settings)
    server = uvicorn.Server(_config(settings))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name="oddscalc-serve", daemon=True)
    thread.start()
    deadline = time.monotonic() + START_TIMEOUT
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the workbench did not start")
        time.sleep(0.02)
    return Running(url_of(sock), server, thread)
