"""Worker processes for people's SQL, started ahead and reused, each under a memory ceiling and killed at its
deadline (the asking side of :mod:`monopoly_core.sqlworker`).

A query costs a round trip through a pipe to a worker that is already running, so a ready-made question is as
quick as it was in-process; a worker that is killed (deadline) or dies (memory) is replaced at once, in the
background, so the next query does not wait for a start. At most :data:`POOL_SIZE` workers live at a time per
process, so a whole class asking at once holds at most ``POOL_SIZE`` ceilings of memory; the others wait their
turn. Workers end when this process ends (their standard input closes).
"""
from __future__ import annotations

import atexit
import os
import subprocess
import sys
import threading
from pathlib import Path

import pyarrow as pa

from .sqlworker import (QueryError, QueryRefused, from_ipc, out_of_memory, read_frame, too_slow,
                        write_frame)

#: Workers alive at once in this process.
POOL_SIZE = 2
#: Seconds a worker gets after the query's time limit to stop by itself before it is killed.
GRACE = 1.0
#: Seconds a worker gets to start, or to open a database file.
START_TIMEOUT = 30.0
WORKER = Path(__file__).with_name("sqlworker.py")


class WorkerGone(Exception):
    """The worker ended before answering: ``expired`` when it was killed at its deadline."""

    def __init__(self, expired: bool):
        super().__init__("deadline" if expired else "died")
        self.expired = expired


class Worker:
    """One worker process with an address-space ceiling of ``ceiling`` bytes."""

    def __init__(self, ceiling: int):
        self.ceiling = ceiling
        env = dict(os.environ, MALLOC_ARENA_MAX="2")     # fewer malloc arenas: less address space per thread
        self.proc = subprocess.Popen([sys.executable, "-I", str(WORKER), str(ceiling)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        self._ready = False
        self._expired = False

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None

    def request(self, header: dict, timeout: float) -> tuple[dict, bytes]:
        """Send one request and wait at most ``timeout`` seconds for the answer; :class:`WorkerGone` (and the
        worker killed) when it does not come."""
        if not self._ready:
            self._answer(START_TIMEOUT)          # the worker's first frame says it is ready
            self._ready = True
        try:
            write_frame(self.proc.stdin, header)
        except (OSError, ValueError):
            self.kill()
            raise WorkerGone(False) from None
        return self._answer(timeout)

    def _answer(self, timeout: float) -> tuple[dict, bytes]:
        killer = threading.Timer(timeout, self._expire)
        killer.daemon = True
        killer.start()
        try:
            frame = read_frame(self.proc.stdout)
        except (OSError, ValueError):
            frame = None
        finally:
            killer.cancel()
        if frame is None:
            self.kill()
            raise WorkerGone(self._expired)
        return frame

    def _expire(self) -> None:
        """The deadline passed: kill the process (the waiting read then ends; it closes the pipes)."""
        self._expired = True
        if self.alive:
            self.proc.kill()

    def kill(self) -> None:
        if self.alive:
            self.proc.kill()
        self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()
            except OSError:
                pass


class Pool:
    """Idle workers by ceiling, and how many are alive; :meth:`acquire` a worker, :meth:`release` it after."""

    def __init__(self, size: int = POOL_SIZE):
        self.size = size
        self._idle: list[Worker] = []
        self._busy = 0
        self._cond = threading.Condition()

    def acquire(self, ceiling: int, timeout: float) -> Worker:
        with self._cond:
            if not self._cond.wait_for(lambda: self._busy < self.size, timeout):
                raise QueryError("the query runner is busy with other people's queries; try again in a moment")
            self._busy += 1
            for dead in [w for w in self._idle if not w.alive]:
                self._idle.remove(dead)
                dead.kill()
            match = next((w for w in self._idle if w.ceiling == ceiling), None)
            if match is not None:
                self._idle.remove(match)
                return match
            while self._idle and len(self._idle) + self._busy > self.size:
                self._idle.pop(0).kill()             # make room: a worker of another ceiling
        try:
            return Worker(ceiling)
        except OSError as exc:
            self._done()
            raise QueryError(f"the query runner could not start ({exc.strerror or exc})") from None

    def release(self, worker: Worker) -> None:
        """Give a worker back; a dead one is replaced by a fresh one started now, ready for the next query."""
        if not worker.alive:
            worker.kill()
            try:
                worker = Worker(worker.ceiling)
            except OSError:
                self._done()
                return
        with self._cond:
            self._idle.append(worker)
        self._done()

    def _done(self) -> None:
        with self._cond:
            self._busy -= 1
            self._cond.notify()

    def close(self) -> None:
        with self._cond:
            idle, self._idle = self._idle, []
        for w in idle:
            w.kill()


POOL = Pool()
atexit.register(POOL.close)


class RemoteConnection:
    """A hardened read-only connection to one database file, held by a worker of :data:`POOL`.

    The caller holds the file's gate while this is open. After a worker is killed (deadline or memory) the next
    :meth:`run` takes a fresh worker and opens the file again.
    """

    def __init__(self, path, memory_limit: str, ceiling: int, wait: float):
        self.path, self.memory_limit, self.ceiling, self.wait = path, memory_limit, ceiling, wait
        self._worker: Worker | None = None
        self._connect()

    def _connect(self) -> None:
        worker = POOL.acquire(self.ceiling, self.wait)
        try:
            reply, _ = worker.request({"op": "open", "path": str(self.path), "memory_limit": self.memory_limit},
                                      START_TIMEOUT)
        except WorkerGone:
            POOL.release(worker)
            raise QueryError("the query runner stopped while opening the database; try again") from None
        if reply.get("error"):
            POOL.release(worker)
            from .store import connect_error      # the store's words for a busy or unreadable file
            raise QueryError(str(connect_error(Exception(reply.get("message", "")), Path(self.path))))
        self._worker = worker

    def run(self, sql: str, cap: int, limit: float) -> tuple[pa.Table, bool, float]:
        """(rows, whether they were cut at ``cap``, seconds); :class:`QueryError` with the reason otherwise."""
        if self._worker is None:
            self._connect()
        worker = self._worker
        try:
            reply, payload = worker.request({"op": "run", "sql": sql, "cap": cap, "limit": limit}, limit + GRACE)
        except WorkerGone as gone:
            self._worker = None
            POOL.release(worker)
            raise QueryError(too_slow(limit) if gone.expired else out_of_memory(self.ceiling)) from None
        if reply.get("retire"):
            worker.kill()
            self._worker = None
            POOL.release(worker)
        if reply.get("error"):
            cls = QueryRefused if reply["error"] == "QueryRefused" else QueryError
            # (the file by its name only: a damaged file's "Could not read enough bytes from file
            # "/srv/.../games.duckdb"" showed the server's folders on the page: an outside review)
            raise cls(str(reply.get("message", "the query failed")).replace(str(self.path), Path(self.path).name))
        try:
            table = from_ipc(payload)
        except (pa.ArrowException, MemoryError):
            raise QueryError(out_of_memory(self.ceiling)) from None
        return table, bool(reply.get("truncated")), float(reply.get("seconds", 0.0))

    def close(self) -> None:
        worker, self._worker = self._worker, None
        if worker is None:
            return
        try:
            worker.request({"op": "close"}, START_TIMEOUT)
        except WorkerGone:
            pass
        POOL.release(worker)
