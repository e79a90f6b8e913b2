"""The workbench's HTTP routes: the page, and the JSON API under ``/api/`` that the page uses and
a lab's own tools may call (documented by ``GET /api/schema``, :mod:`oddscalc.web.schema`).

Every answer is JSON; a refusal is ``{"error": "<the API's one-line message>"}`` with status 400
(``errors`` lists each refused field of a form: ``pays.TABLE.CATEGORY``, ``rules.KEY``), 404, 405,
413 (a body over the limit), 415 (a POST that is not JSON) or 503 (too many tasks).  A POST must
say it is JSON: a page of another site cannot send that without the browser asking first, so it
cannot make the workbench write into its folder.  Only the local names of the host are answered
unless ``--host`` was given (a site that rebinds its name to 127.0.0.1 reaches nothing).

The figures of a table are answered in the server, in a thread (a tenth of a second once the
counts are made); everything longer is a task in a worker process (:mod:`oddscalc.web.workers`),
answered ``202`` with its id, read with ``GET /api/jobs/ID`` (``?wait=S``: up to S seconds for it
to finish) and cancelled with ``DELETE /api/jobs/ID``.
"""
from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from functools import partial
from importlib.resources import files
from pathlib import Path
from typing import Any, TypeVar

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from oddscalc.api.tables import games
from oddscalc.api.tables import load as load_game
from oddscalc.core.budget import override, scope
from oddscalc.core.errors import InputError
from oddscalc.core.version import __version__
from oddscalc.web import requests as checked
from oddscalc.web.folder import EXPORT_PREFIX, Folder
from oddscalc.web.form import game_form
from oddscalc.web.overlay import changes, overlay_toml
from oddscalc.web.schema import api_schema
from oddscalc.web.settings import LOCAL, Settings
from oddscalc.web.work import figures, load, needs_worker, refusals, shipped, warm_up, warming
from oddscalc.web.workers import Busy, Job, Pool

T = TypeVar("T")
MAX_WAIT = 30.0                       # ?wait=S: the longest a request holds on for a task
LOCAL_NAMES = ["127.0.0.1", "localhost", "[::1]", "::1"]
PAGE_FILES = {"index.html": "text/html; charset=utf-8", "app.js": "text/javascript; charset=utf-8",
              "app.css": "text/css; charset=utf-8"}
EXPORT_TYPES = {".html": "text/html; charset=utf-8", ".pdf": "application/pdf", ".toml": "application/toml"}
# the page loads only its own files; an exported par sheet has inline style and SVG, no script
PAGE_POLICY = "default-src 'self'; img-src 'self' data:; style-src 'self'; frame-ancestors 'none'"
SHEET_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'"


class TooLarge(InputError):
    """A request body over the limit (HTTP 413)."""


class NotJson(InputError):
    """A POST whose body is not said to be JSON (HTTP 415)."""


def refused(message: str, status: int = 400, errors: list[dict[str, str | None]] | None = None) -> JSONResponse:
    body: dict[str, Any] = {"error": message}
    if errors:
        body["errors"] = errors
    return JSONResponse(body, status_code=status)


class Workbench:
    """The routes, over one folder, one pool of workers and the server's own analyses."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.folder = Folder.at(settings.folder)
        self.pool = Pool(settings)
        self.limiter: anyio.CapacityLimiter | None = None

    # --- plumbing ---------------------------------------------------------------------------------

    async def quick(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a thread (at most ``quick_threads`` at once), under the server's
        work limits, so the event loop goes on answering."""
        limits = self.settings.limits

        def limited() -> T:
            with scope():
                override(limits.memory_mb, limits.seconds)
                return function(*args)
        if self.limiter is None:
            self.limiter = anyio.CapacityLimiter(self.settings.quick_threads)
        return await anyio.to_thread.run_sync(limited, limiter=self.limiter)

    async def body(self, request: Request) -> Any:
        """The JSON body, read up to the size limit."""
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise NotJson("a POST body must be JSON, sent as Content-Type: application/json")
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.settings.max_body:
            raise TooLarge(f"the request body is larger than {self.settings.max_body // 1024} KB")
        data = bytearray()
        async for chunk in request.stream():
            data += chunk
            if len(data) > self.settings.max_body:
                raise TooLarge(f"the request body is larger than {self.settings.max_body // 1024} KB")
        try:
            return json.loads(data or b"{}")
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise InputError(f"the request body is not JSON: {error}") from None

    async def job_answer(self, request: Request, job: Job) -> JSONResponse:
        """A task's state; with ``?wait=S``, once it is over or S seconds have passed."""
        text = request.query_params.get("wait", "0")
        try:
            wait = min(max(float(text), 0.0), MAX_WAIT)
        except ValueError:
            raise InputError(f"wait must be a number of seconds, got {text[:40]!r}") from None
        end = time.monotonic() + wait
        while not job.over and time.monotonic() < end:
            await asyncio.sleep(0.02)
        with self.pool.lock:
            view = job.view()
        return JSONResponse(view, status_code=200 if job.over else 202)

    # --- the page ---------------------------------------------------------------------------------

    async def page(self, request: Request) -> Response:
        name = request.path_params.get("name", "index.html")
        if name not in PAGE_FILES:
            raise HTTPException(404)
        text = files("oddscalc.web").joinpath("static", name).read_bytes()
        return Response(text, media_type=PAGE_FILES[name],
                        headers={"Content-Security-Policy": PAGE_POLICY, "Cache-Control": "no-cache"})

    # --- the JSON API -------------------------------------------------------------------------------

    async def icon(self, request: Request) -> Response:
        return Response(status_code=204)          # no icon: a browser asks for one anyway

    async def index(self, request: Request) -> Response:
        return JSONResponse({"oddscalc": __version__, "schema": "/api/schema",
                             "limits": {"seconds": self.settings.limits.seconds,
                                        "memory_mb": self.settings.limits.memory_mb,
                                        "body_bytes": self.settings.max_body, "tasks": self.settings.max_jobs}})

    async def schema(self, request: Request) -> Response:
        return JSONResponse(api_schema())

    async def games(self, request: Request) -> Response:
        found = await self.quick(games)
        return JSONResponse({"games": [{"name": g.name, "title": g.title, "engine": g.engine, "exact": g.exact,
                                        "capabilities": list(g.capabilities)} for g in found],
                             "files": self.folder.game_files()})

    async def form(self, request: Request) -> Response:
        name = request.query_params.get("game", "")
        game = checked.game_of(name[:checked.MAX_NAME], self.folder)
        return JSONResponse(await self.quick(lambda: game_form(load_game(game), name)))

    async def analyze(self, request: Request) -> Response:
        asked = checked.game_request(await self.body(request), self.folder)
        errors = await self.quick(refusals, asked)
        if errors:
            return refused(str(errors[0]["message"]), errors=errors)
        if await self.quick(needs_worker, asked):
            return await self.job_answer(request, self.pool.submit("analyze", asked))
        return JSONResponse(await self.quick(figures, asked))

    async def overlay(self, request: Request) -> Response:
        asked = checked.game_request(await self.body(request), self.folder, "overlay")
        errors = await self.quick(refusals, asked)
        if errors:
            return refused(str(errors[0]["message"]), errors=errors)

        def written() -> dict[str, Any]:
            table, base = load(asked), shipped(asked)
            game = Path(asked["game"]).name if asked["game"].lower().endswith(".toml") else asked["game"]
            text = overlay_toml(table, base, game)
            name = f"{EXPORT_PREFIX}{table.name}-{table.digest()[:12]}.toml"
            self.folder.write(name, text)
            return {"toml": text, "file": name, "changes": [change.to_dict() for change in changes(table, base)]}
        return JSONResponse(await self.quick(written))

    def task(self, kind: str, read: Callable[[Any, Folder], dict[str, Any]]
             ) -> Callable[[Request], Awaitable[Response]]:
        """The route that queues a task of ``kind`` (its request read by ``read``)."""
        async def queued(request: Request) -> Response:
            asked = read(await self.body(request), self.folder)
            errors = await self.quick(refusals, asked)
            if errors:
                return refused(str(errors[0]["message"]), errors=errors)
            if kind == "parsheet":
                table = await self.quick(load, asked)
                name = f"{EXPORT_PREFIX}{table.name}-{table.digest()[:12]}.{asked['format']}"
                asked = {**asked, "output": str(self.folder.export(name))}
            return await self.job_answer(request, self.pool.submit(kind, asked))
        return queued

    async def job(self, request: Request) -> Response:
        job = self.pool.get(request.path_params["job"])
        if job is None:
            return refused(f"no task {request.path_params['job'][:40]!r} (it may have finished long ago)", 404)
        if request.method == "DELETE":
            self.pool.cancel(job.id)
        return await self.job_answer(request, job)

    async def jobs(self, request: Request) -> Response:
        with self.pool.lock:
            views = [{key: value for key, value in job.view().items() if key != "result"}
                     for job in self.pool.jobs.values()]
        return JSONResponse({"jobs": views})

    async def upload(self, request: Request) -> Response:
        name, text = checked.upload_request(await self.body(request), self.folder)
        path = self.folder.save_game(name, text)
        try:
            made = await self.quick(lambda: game_form(load_game(str(path)), name))
        except InputError:
            path.unlink()                 # a file that does not load is not kept: say why instead
            raise
        return JSONResponse(made)

    async def export(self, request: Request) -> Response:
        name = request.path_params["name"]
        data = self.folder.read_export(name)
        suffix = name[name.rfind("."):].lower()
        headers = {"Content-Security-Policy": SHEET_POLICY}
        if suffix != ".html":
            headers["Content-Disposition"] = f'attachment; filename="{name}"'
        return Response(data, media_type=EXPORT_TYPES[suffix], headers=headers)

    # --- the application ------------------------------------------------------------------------------

    def routes(self) -> list[Route]:
        return [
            Route("/", self.page), Route("/static/{name}", self.page), Route("/favicon.ico", self.icon),
            Route("/api", self.index), Route("/api/schema", self.schema), Route("/api/games", self.games),
            Route("/api/form", self.form), Route("/api/analyze", self.analyze, methods=["POST"]),
            Route("/api/overlay", self.overlay, methods=["POST"]),
            Route("/api/strategy", self.task("strategy", partial(checked.game_request, kind="strategy")),
                  methods=["POST"]),
            Route("/api/design", self.task("design", checked.design_request), methods=["POST"]),
            Route("/api/sweep", self.task("sweep", checked.sweep_request), methods=["POST"]),
            Route("/api/compare", self.task("compare", checked.compare_request), methods=["POST"]),
            Route("/api/parsheet", self.task("parsheet", checked.sheet_request), methods=["POST"]),
            Route("/api/jobs", self.jobs), Route("/api/jobs/{job}", self.job, methods=["GET", "DELETE"]),
            Route("/api/files", self.upload, methods=["POST"]), Route("/api/files/{name}", self.export),
        ]

    @asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        self.pool.start()
        # the server's own counts (a pay change is answered here): made in the background at start
        warming(self.settings.warm)
        threading.Thread(target=partial(warm_up, self.settings.warm), name="oddscalc-warm-up", daemon=True).start()
        try:
            yield
        finally:
            self.pool.stop()


async def _input_error(request: Request, error: Exception) -> Response:
    status = 503 if isinstance(error, Busy) else 413 if isinstance(error, TooLarge) else \
        415 if isinstance(error, NotJson) else 400
    return refused(str(error), status)


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    messages = {404: f"no such route: {request.url.path[:80]}", 405: f"{request.method} is not taken by "
                f"{request.url.path[:80]}"}
    return refused(messages.get(error.status_code, str(error.detail)), error.status_code)


async def _internal_error(request: Request, error: Exception) -> Response:
    return refused(f"internal error: {type(error).__name__}: {str(error)[:300]}", 500)


def create_app(settings: Settings) -> Starlette:
    """The workbench as an ASGI application."""
    bench = Workbench(settings)
    hosts = LOCAL_NAMES if settings.host == LOCAL else [*LOCAL_NAMES, settings.host] \
        if settings.host not in ("0.0.0.0", "::") else ["*"]
    return Starlette(routes=bench.routes(), lifespan=bench.lifespan,
                     middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=hosts)],
                     exception_handlers={InputError: _input_error, HTTPException: _http_error,
                                         Exception: _internal_error})
