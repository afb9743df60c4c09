"""A batch of games split over several servers: one process each, so one core each.

``Workers(n, workers=k)`` starts ``k`` servers (``redzone serve --stdio``) holding envs
``0 .. n-1`` in contiguous blocks, and looks like one ``Client`` of ``n`` envs: the same arrays,
the same requests. Server ``j`` is told the number of its first env (``first_env``), so env ``i``
plays the games env ``i`` of a single server plays (its seeds ``envSeed(seed, i, k)``, its
alternate seats): the seed reproduces the same games whatever the number of workers.

A step sends each server its block of actions, then reads the answers in turn: the servers step
at the same time. Each server's frames write its rows of ``obs`` and ``mask`` in place (the delta
transport, ``Rows``): nothing is copied together; the small arrays (``reward`` .. ``winner``) and
the final observations are gathered after each batch.
"""
from __future__ import annotations

import os
from typing import Any, Optional, Sequence, Union

import numpy as np

from .client import MAX_ENVS, Client, RedzoneError, Rows, _check_int, check_actions


def split(n: int, workers: int) -> list:
    """The blocks ``(first, count)`` of ``n`` envs over ``workers`` servers, as even as can be (the first ones one more)."""
    base, extra = divmod(n, workers)
    blocks = []
    first = 0
    for j in range(workers):
        count = base + (1 if j < extra else 0)
        blocks.append((first, count))
        first += count
    return blocks


def resolve_workers(workers: Union[int, str], n: int, envs: str = "n") -> int:
    """``auto``: one server per core (``os.cpu_count()``), at most one per env; else a whole number from 1 to ``n``.

    ``envs``: the name of ``n`` for the caller (``num_envs`` in ``VectorEnv``), which the error names
    as the limit, with ``'auto'``: ``workers: 'auto' or a whole number from 1 to 4 (at most num_envs,
    one server per env), not 5``.
    """
    if isinstance(workers, str) and workers == "auto":
        return max(1, min(os.cpu_count() or 1, n))
    expected = f"workers: 'auto' or a whole number from 1 to {n} (at most {envs}, one server per env)"
    if isinstance(workers, bool) or not isinstance(workers, (int, np.integer)):
        raise TypeError(f"{expected}, not {workers!r}")
    if not 1 <= int(workers) <= n:
        raise ValueError(f"{expected}, not {int(workers)}")
    return int(workers)


class Workers:
    """``n`` games in lockstep over ``workers`` server processes; the interface of ``Client`` (see the module doc).

    ``records``: every server appends to the same file, each game one whole line, in the order the
    games end. ``transport``: ``auto`` or ``delta`` (the servers write their rows of the batch's arrays in place).
    Each server holds at most ``MAX_ENVS`` (16384) envs, so ``n`` is at most that many per worker.
    """

    def __init__(
        self,
        n: int = 1,
        workers: Union[int, str] = "auto",
        seed: int = 1,
        opponent: str = "random",
        seat: Union[int, str] = "alternate",
        decks: Optional[Sequence[Any]] = None,
        max_steps: Optional[int] = None,
        records: Optional[str] = None,
        transport: str = "auto",
        command: Optional[Sequence[str]] = None,
    ):
        n = _check_int("n", n, 1, 2**31 - 1)
        workers = resolve_workers(workers, n)
        # The limit is each server's (its Node heap), not the batch's: more workers hold more envs.
        if -(-n // workers) > MAX_ENVS:
            raise ValueError(
                f"n: {n} envs over {workers} worker{'s' if workers > 1 else ''} puts {-(-n // workers)} in a server, more than the {MAX_ENVS} one holds "
                f"(each game is about 150 KB of Node's heap; more exhaust it and the server dies minutes later): "
                f"use workers={-(-n // MAX_ENVS)} or more"
            )
        if transport not in ("auto", "delta"):
            raise ValueError(f"transport: a batch over several servers uses the delta transport ('auto' or 'delta'), not {transport!r}")
        self.n = n
        self.workers = workers
        self.blocks = split(n, workers)
        self._rows = Rows(n)
        self.clients: list = []
        try:
            for first, count in self.blocks:
                self.clients.append(Client(
                    n=count, seed=seed, opponent=opponent, seat=seat, decks=decks, max_steps=max_steps,
                    records=records, transport="delta", command=command, first_env=first, _into=self._rows,
                ))
        except BaseException:
            self.close()
            raise
        c = self.clients[0]
        self.info = c.info
        self.transport = c.transport
        self.command = c.command
        self.obs_size = c.obs_size
        self.action_size = c.action_size
        self.obs_version = c.obs_version
        self.obs_layout = c.obs_layout
        self.action_layout = c.action_layout
        self.obs = self._rows.obs
        self.mask = self._rows.mask
        self.reward = np.zeros(n, dtype=np.float32)
        self.terminated = np.zeros(n, dtype=np.bool_)
        self.truncated = np.zeros(n, dtype=np.bool_)
        self.seat = np.zeros(n, dtype=np.uint8)
        self.winner = np.zeros(n, dtype=np.int8)
        self._closed = False
        self._gather()

    def _gather(self) -> None:
        """The clients' small arrays and final observations into the batch's."""
        for (first, count), c in zip(self.blocks, self.clients):
            end = first + count
            self.reward[first:end] = c.reward
            self.terminated[first:end] = c.terminated
            self.truncated[first:end] = c.truncated
            self.seat[first:end] = c.seat
            self.winner[first:end] = c.winner
        ended = [(first, c) for (first, _), c in zip(self.blocks, self.clients) if len(c.final_envs) > 0]
        if not ended:
            self.final_envs, self.final_obs = self.clients[0].final_envs, self.clients[0].final_obs
            return
        self.final_envs = np.concatenate([c.final_envs + first for first, c in ended])
        self.final_obs = np.concatenate([c.final_obs for _, c in ended])

    def _client_of(self, env: int):
        env = _check_int("env", env, 0, self.n - 1)
        for (first, count), c in zip(self.blocks, self.clients):
            if env < first + count:
                return c, env - first
        raise AssertionError("unreachable")

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError("redzone: the workers are closed")

    def reset(self, seed: Optional[int] = None) -> None:
        """Every env starts a game: game 0 of a new seed stream (``seed``), or each its next game (None)."""
        self._check_open()
        if seed is not None:
            _check_int("seed", seed, 0, 2**32 - 1)
        for c in self.clients:
            c.reset(seed)
        self._gather()

    def step(self, actions) -> None:
        """One masked action per env; every server steps its block at the same time. An action a mask
        does not allow raises ``RedzoneError`` and steps no env (the masks are checked here first)."""
        self._check_open()
        actions = check_actions(actions, self.n, self.action_size)
        # Checked against the masks before any server is asked, so that no block moves when another would refuse.
        refused = np.flatnonzero(self.mask[np.arange(self.n), actions] != 1)
        if refused.size > 0:
            i = int(refused[0])
            raise RedzoneError("invalid-argument", f"step: action {int(actions[i])} of env {i} is not allowed by its mask; no game was stepped")
        for (first, count), c in zip(self.blocks, self.clients):
            c.step_async(actions[first:first + count])
        failure = None
        for c in self.clients:
            try:
                c.step_wait()
            except BaseException as error:  # read every answer, so every client stays in step with its server
                failure = failure or error
        self._gather()
        if failure is not None:
            raise failure

    def restart(self, env: int) -> None:
        """Abandons env ``env``'s game (no record) and starts its next one."""
        self._check_open()
        c, i = self._client_of(env)
        c.restart(i)
        self._gather()

    def observe(self, env: int, seat: int, out: Optional[np.ndarray] = None) -> np.ndarray:
        """Seat ``seat``'s observation of env ``env`` now (its own view)."""
        self._check_open()
        c, i = self._client_of(env)
        return c.observe(i, seat, out)

    def stats(self) -> dict:
        """The servers' counters, summed."""
        self._check_open()
        total: dict = {}
        for c in self.clients:
            for key, value in c.stats().items():
                total[key] = total.get(key, 0) + value
        return total

    def close(self) -> None:
        self._closed = True
        for c in getattr(self, "clients", []):
            c.close()

    def __enter__(self) -> "Workers":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
    # Dropped without close(), each client's finalizer stops its server.
