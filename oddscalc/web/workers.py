"""Long tasks in worker processes, off the server's event loop: each shows its progress, can be
cancelled, and is stopped once it runs past the time limit; none holds up another request.

A worker is a process of its own (``python -m oddscalc.web.worker``, started fresh: the server's
threads are not copied into it, and nothing of the server's main module is run again), so
cancelling a task is ending its process, and a task that runs out of memory takes only its worker
down; a new worker takes its place.  Each worker makes the counts of the warm games first
(Caribbean Stud's take seconds once per process), then runs one task at a time.  A worker that
dies before it is ready, three times running, is not started again until the next task asks.

Tasks wait in line for a free worker; at most ``max_jobs`` wait or run at once, and one more is
refused (one line) rather than queued without end.  Finished tasks are kept for a while (the page
reads their result once), the oldest dropped first.
"""
from __future__ import annotations

import itertools
import os
import socket
import subprocess
import sys
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from oddscalc.core.errors import InputError
from oddscalc.web.settings import Settings

KEPT = 200                    # finished tasks whose result can still be read
STOP_GRACE = 2.0              # seconds an ended worker has to exit before it is killed
START_FAILURES = 3            # workers dying before they are ready, in a row, before the pool gives up


@dataclass
class Job:
    """One task: its state (``queued``, ``running``, ``done``, ``failed``, ``cancelled``), its
    progress (a fraction, or None while unknown), what it is doing, and its result or error."""
    id: str
    kind: str
    request: Mapping[str, Any]
    state: str = "queued"
    progress: float | None = None
    label: str = "waiting for a worker"
    result: dict[str, Any] | None = None
    error: str | None = None
    created: float = field(default_factory=time.monotonic)
    started: float | None = None
    finished: float | None = None

    @property
    def over(self) -> bool:
        return self.state in ("done", "failed", "cancelled")

    def view(self) -> dict[str, Any]:
        """The task as the JSON API shows it."""
        now = time.monotonic()
        return {"id": self.id, "kind": self.kind, "state": self.state, "progress": self.progress,
                "label": self.label, "elapsed": round((self.finished or now) - (self.started or self.created), 3),
                "result": self.result, "error": self.error}


class Worker:
    """One worker process and the thread that hears it."""

    def __init__(self, pool: Pool):
        self.pool = pool
        ours, theirs = socket.socketpair()
        settings = pool.settings
        self.process = subprocess.Popen(
            [sys.executable, "-m", "oddscalc.web.worker", str(theirs.fileno()), ",".join(settings.warm)],
            pass_fds=(theirs.fileno(),), env={**os.environ, **settings.environment()}, stdin=subprocess.DEVNULL)
        theirs.close()
        self.connection = Connection(ours.detach())
        self.ready = False
        self.retired = False
        self.job: Job | None = None
        self.listener = threading.Thread(target=self.listen, name="oddscalc-worker-listener", daemon=True)
        self.listener.start()

    def listen(self) -> None:
        while True:
            try:
                message = self.connection.recv()
            except (EOFError, OSError):
                self.pool.ended(self)
                return
            self.pool.heard(self, message)

    def send(self, job: Job) -> None:
        self.job = job
        self.connection.send((job.id, job.kind, dict(job.request)))

    def stop(self) -> None:
        """End the process (a cancelled or overrunning task goes with it)."""
        self.retired = True
        self.process.terminate()
        try:
            self.process.wait(STOP_GRACE)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(STOP_GRACE)
        self.connection.close()


class Pool:
    """The workers, the tasks waiting for them, and every task's state."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.lock = threading.RLock()
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self.waiting: deque[Job] = deque()
        self.workers: list[Worker] = []
        self.numbers = itertools.count(1)
        self.running = False
        self.failures = 0                 # workers that died before they were ready, in a row
        self.watcher: threading.Thread | None = None

    def start(self) -> None:
        with self.lock:
            self.running = True
            self.workers = [Worker(self) for _ in range(self.settings.workers)]
        self.watcher = threading.Thread(target=self.watch, name="oddscalc-job-timer", daemon=True)
        self.watcher.start()

    def stop(self) -> None:
        with self.lock:
            self.running = False
            workers, self.workers = self.workers, []
            for job in [*self.waiting, *(w.job for w in workers if w.job)]:
                self._finish(job, "cancelled", error="the server stopped")
            self.waiting.clear()
        for worker in workers:
            worker.stop()

    def submit(self, kind: str, request: Mapping[str, Any]) -> Job:
        """Queue a task (refused, one line, when ``max_jobs`` already wait or run)."""
        with self.lock:
            active = len(self.waiting) + sum(1 for w in self.workers if w.job is not None)
            if active >= self.settings.max_jobs:
                raise Busy(f"busy: {active} tasks are waiting or running (at most {self.settings.max_jobs}); "
                           "cancel one or try again")
            job = Job(f"{next(self.numbers)}-{os.urandom(4).hex()}", kind, request)
            self.jobs[job.id] = job
            if self.running and len(self.workers) < self.settings.workers:
                self.failures = 0                       # the pool gave up on its workers: one more try
                self.workers += [Worker(self) for _ in range(self.settings.workers - len(self.workers))]
            self.waiting.append(job)
            self._forget_old()
            self._dispatch()
            return job

    def get(self, job_id: str) -> Job | None:
        with self.lock:
            return self.jobs.get(job_id)

    def cancel(self, job_id: str) -> Job | None:
        """Cancel a task: a waiting one leaves the line, a running one's worker is ended and
        replaced."""
        with self.lock:
            job = self.jobs.get(job_id)
            if job is None or job.over:
                return job
            if job in self.waiting:
                self.waiting.remove(job)
                self._finish(job, "cancelled", error="cancelled")
                return job
            worker = next((w for w in self.workers if w.job is job), None)
            self._finish(job, "cancelled", error="cancelled")
            if worker is not None:
                self._replace(worker)
            return job

    # --- what the workers say (each worker's listener thread) -----------------------------------

    def heard(self, worker: Worker, message: tuple[Any, ...]) -> None:
        with self.lock:
            if worker.retired:
                return
            if message[0] == "ready":
                worker.ready, self.failures = True, 0
            elif message[0] == "progress":
                _, job_id, done, label = message
                job = worker.job
                if job is not None and job.id == job_id and not job.over:
                    job.progress, job.label = done, label
            else:
                kind, job_id, payload = message
                job = worker.job
                if job is not None and job.id == job_id:
                    worker.job = None
                    if not job.over:
                        self._finish(job, "done" if kind == "done" else "failed",
                                     result=payload if kind == "done" else None,
                                     error=None if kind == "done" else payload)
            self._dispatch()

    def ended(self, worker: Worker) -> None:
        """A worker's process went away on its own (killed, out of memory): its task failed."""
        code = None
        if not worker.retired:
            try:
                code = worker.process.wait(STOP_GRACE)          # so its exit status is known
            except subprocess.TimeoutExpired:
                pass
        with self.lock:
            if worker.retired or not self.running:
                return
            if worker.job is not None and not worker.job.over:
                self._finish(worker.job, "failed", error=f"the worker process ended (exit status {code}) "
                             "before the task finished")
            if not worker.ready:
                self.failures += 1
            if self.failures < START_FAILURES:
                self._replace(worker)
                return
            worker.retired = True
            self.workers.remove(worker)
            if not self.workers:            # none left to run what waits: say so rather than wait forever
                for job in self.waiting:
                    self._finish(job, "failed", error=f"the worker process could not start (exit status {code}; "
                                 "the server's log says why)")
                self.waiting.clear()

    def watch(self) -> None:
        """Stop every task that runs past the time limit (its estimate said it would fit)."""
        while self.running:
            time.sleep(0.25)
            with self.lock:
                limit = self.settings.limits.seconds
                for worker in list(self.workers):
                    job = worker.job
                    if job is not None and job.started is not None and time.monotonic() - job.started > limit:
                        self._finish(job, "failed", error=f"stopped: the task ran past the time limit of "
                                     f"{limit:,.0f} s (raise it with --max-seconds S or ODDSCALC_MAX_SECONDS)")
                        self._replace(worker)

    # --- inside the lock ------------------------------------------------------------------------

    def _dispatch(self) -> None:
        for worker in self.workers:
            if not self.waiting:
                return
            if worker.ready and worker.job is None:
                job = self.waiting.popleft()
                job.state, job.started, job.label = "running", time.monotonic(), "started"
                try:
                    worker.send(job)
                except (OSError, ValueError):
                    self._finish(job, "failed", error="the worker could not be reached")
                    self._replace(worker)

    def _replace(self, worker: Worker) -> None:
        worker.job, worker.retired = None, True          # what it still says is not heard
        if worker in self.workers:
            self.workers.remove(worker)
        threading.Thread(target=worker.stop, name="oddscalc-worker-stop", daemon=True).start()
        if self.running:
            self.workers.append(Worker(self))

    def _finish(self, job: Job, state: str, result: dict[str, Any] | None = None, error: str | None = None) -> None:
        job.state, job.result, job.error, job.finished = state, result, error, time.monotonic()
        if state == "done":
            job.progress, job.label = 1.0, "done"

    def _forget_old(self) -> None:
        over = [job_id for job_id, job in self.jobs.items() if job.over]
        for job_id in over[:max(0, len(over) - KEPT)]:
            del self.jobs[job_id]


class Busy(InputError):
    """Too many tasks at once: the request is fine, the server is full (HTTP 503)."""
