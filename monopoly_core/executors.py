"""Where a batch's games are played: the local process pool (the default, in :mod:`.simulate`) or a Dask
distributed cluster (:class:`DaskExecutor`, ``--cluster ADDRESS``).

An executor has one method, ``results(tasks, fn)``: ``fn(task)`` of every task, in task order, as a generator.
The tasks are the same chunks of per-game seeds whatever plays them, so the games, and the database they end up
in, are the same (the events hash of :mod:`.parquet_runs` says so). The cluster needs the optional ``cluster``
extra (``pip install monopoly-rules-lab[cluster]``: the ``distributed`` package) here and this package, at the
same version, on every worker.
"""
from __future__ import annotations

from collections import deque

from .errors import InvalidRules

#: Longest scheduler address accepted.
MAX_ADDRESS = 500


def _distributed():
    try:
        import distributed
    except ImportError:
        raise InvalidRules("cluster", "running on a cluster needs the 'distributed' package: install the "
                           "project's cluster extra (pip install -e '.[cluster]')") from None
    return distributed


class DaskExecutor:
    """Plays chunks on a Dask cluster: a scheduler ``address`` (``tcp://host:8786``) or a ``distributed.Client``
    (or anything with a ``scheduler_address``, such as a ``LocalCluster``). At most two chunks per worker are in
    flight, so a slow writer does not pile up results in memory."""

    def __init__(self, address, *, timeout: float = 30.0):
        distributed = _distributed()
        self._own = True
        if isinstance(address, distributed.Client):
            self.client, self._own = address, False
        else:
            if not isinstance(address, str):
                address = getattr(address, "scheduler_address", address)
            if not isinstance(address, str) or not address.strip() or len(address) > MAX_ADDRESS:
                raise InvalidRules("cluster", "give the scheduler's address, e.g. tcp://10.0.0.5:8786")
            try:
                self.client = distributed.Client(address.strip(), timeout=timeout)
            except Exception as exc:
                # (any kind: a port that answers but is no Dask scheduler made Dask read its first bytes as a
                # length and ask for 3 EiB, an ArrayMemoryError; tls:// without certificates a TypeError: an
                # outside review)
                why = ("something answers there, but not a Dask scheduler" if isinstance(exc, MemoryError)
                       else f"{exc.__class__.__name__}: {str(exc)[:120]}")
                raise InvalidRules("cluster", f"cannot reach the scheduler at {address.strip()[:80]} ({why})") \
                    from None

    def workers(self) -> int:
        return max(1, len(self.client.scheduler_info().get("workers", {})))

    def results(self, tasks, fn):
        pending: deque = deque()
        queue = iter(tasks)
        in_flight = 2 * self.workers()
        try:
            for task in queue:
                pending.append(self.client.submit(fn, task, pure=False))
                if len(pending) >= in_flight:
                    break
            while pending:
                result = pending.popleft().result()
                nxt = next(queue, None)
                if nxt is not None:
                    pending.append(self.client.submit(fn, nxt, pure=False))
                yield result
        finally:
            for f in pending:
                f.cancel()

    def close(self) -> None:
        if self._own:
            self.client.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()
