"""A vector env with the Gymnasium vector API over redzone's ``VecEnv``.

``reset(seed=None, options=None) -> (obs, info)`` and ``step(actions) -> (obs, reward,
terminated, truncated, info)``; ``obs`` is a dict as PettingZoo's classic games give it:
``{"observation": float32 [n, OBS_SIZE], "action_mask": int8 [n, ACTION_SIZE]}``. Every action
the mask allows is legal. Auto-reset in the same step (Gymnasium's ``AutoresetMode.SAME_STEP``):
on the step that ends a game, ``reward``/``terminated``/``truncated`` and ``info["winner"]`` are
that game's, ``obs`` is already the next game's first decision, and, as Gymnasium's
``SyncVectorEnv`` in that mode, ``info["final_obs"]`` (an object array of ``num_envs``, ``None``
but for the envs that ended, with ``info["_final_obs"]`` the boolean mask) holds the ended game's
last observation: the final state seen by the seat the reward is for, with an all-zero mask
(terminated or truncated alike), and ``info["final_info"]`` / ``info["_final_info"]`` that game's
info (``seat``: the seat the final observation and reward are for, ``winner``). The keys are
absent on steps that end no game. Rewards are terminal only: +1 a win of the learner's seat (in
self-play, of the seat that chose), -1 a loss, 0 a draw or a truncation (the step cap).

Seeds: ``reset(seed=s)`` plays game k of env i with redzone's ``envSeed(s, i, k)``, the same game
the Node ``VecEnv({ seed: s })`` plays; ``reset()`` without a seed starts each env's next game.
"""
from __future__ import annotations

from typing import Any, Optional, Sequence, Union

import numpy as np

from . import spaces
from .workers import Workers, resolve_workers
from .client import Client, _check_int

try:  # pragma: no cover - depends on the machine
    from gymnasium.vector import AutoresetMode  # type: ignore

    SAME_STEP: Any = AutoresetMode.SAME_STEP
except ImportError:
    SAME_STEP = "SameStep"

try:  # pragma: no cover - depends on the machine
    from gymnasium.vector import VectorEnv as _VectorBase  # type: ignore
except ImportError:
    _VectorBase = object


def observation_bounds(obs_layout: dict, action_layout: dict) -> tuple:
    """The least and greatest value of any feature: scaled numbers are clipped to ``clip``, card
    ids go up to the number of card ids, action-slot references up to the number of slots, -1 for
    a reference to an object the observation does not hold."""
    clip = float(obs_layout["clip"])
    return -clip, max(clip, float(len(obs_layout["cards"])), float(action_layout["slots"]))


def observation_space(obs_layout: dict, action_layout: dict, n: Optional[int] = None) -> "spaces.Dict":
    """One env's (``n`` None) or a batch's observation space."""
    lead = () if n is None else (n,)
    low, high = observation_bounds(obs_layout, action_layout)
    return spaces.Dict(
        {
            "observation": spaces.Box(low, high, shape=lead + (int(obs_layout["size"]),), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=lead + (int(action_layout["size"]),), dtype=np.int8),
        }
    )


class VectorEnv(_VectorBase):
    """``num_envs`` redzone games stepping in lockstep in one server process (see the module doc).

    ``opponent``: ``random`` (default), ``heuristic``, ``search`` or ``self`` (the policy plays both
    seats: ``info["seat"]`` says whose decision each row is, and a reward is for the seat that made
    the step's choice). ``copy``: return copies (True, the default, as Gymnasium's SyncVectorEnv) or
    views the next step overwrites (False: no copy of the observations at all). ``workers``: server
    processes the envs are split over (``Workers``: one core each; ``auto``, one per core), 1 by
    default; the same seed plays the same games whatever their number.
    """

    metadata = {"autoreset_mode": SAME_STEP, "render_modes": []}
    render_mode = None

    def __init__(
        self,
        num_envs: int = 1,
        opponent: str = "random",
        seat: Union[int, str] = "alternate",
        decks: Optional[Sequence[Any]] = None,
        max_steps: Optional[int] = None,
        records: Optional[str] = None,
        copy: bool = True,
        transport: str = "auto",
        command: Optional[Sequence[str]] = None,
        seed: int = 1,
        workers: Union[int, str] = 1,
    ):
        options = dict(n=num_envs, seed=seed, opponent=opponent, seat=seat, decks=decks, max_steps=max_steps, records=records, transport=transport, command=command)
        if isinstance(num_envs, int) and not isinstance(num_envs, bool) and num_envs >= 1 and resolve_workers(workers, num_envs, "num_envs") > 1:
            self.client = Workers(workers=workers, **options)
        else:
            self.client = Client(**options)
        self.num_envs = num_envs
        self.copy = bool(copy)
        c = self.client
        self.single_observation_space = observation_space(c.obs_layout, c.action_layout)
        self.single_action_space = spaces.Discrete(c.action_size)
        self.observation_space = observation_space(c.obs_layout, c.action_layout, num_envs)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, c.action_size, dtype=np.int64))
        self.obs_layout = c.obs_layout
        self.action_layout = c.action_layout
        self.closed = False
        self._ended = np.zeros(num_envs, dtype=np.bool_)
        # The client starts every env's game 0 of `seed`: a first reset() without a seed plays those.
        self._fresh = True

    @property
    def unwrapped(self) -> "VectorEnv":
        return self

    def _obs(self) -> dict:
        c = self.client
        if self.copy:
            return {"observation": c.obs.copy(), "action_mask": c.mask.copy()}
        return {"observation": c.obs, "action_mask": c.mask}

    def _info(self, chose: Optional[np.ndarray] = None) -> dict:
        c = self.client
        np.logical_or(c.terminated, c.truncated, out=self._ended)
        info = {
            "seat": c.seat.copy(),
            "_seat": np.ones(self.num_envs, dtype=np.bool_),
            "winner": c.winner.copy(),
            "_winner": self._ended.copy(),
        }
        if chose is not None and len(c.final_envs) > 0:
            self._add_finals(info, chose)
        return info

    def _add_finals(self, info: dict, chose: np.ndarray) -> None:
        """``final_obs`` / ``final_info`` as Gymnasium's SyncVectorEnv builds them in SAME_STEP mode;
        only the envs that ended are touched (their rows of ``client.final_obs`` are fresh, nobody
        else's to overwrite)."""
        c = self.client
        n = self.num_envs
        envs = c.final_envs
        ended = np.zeros(n, dtype=np.bool_)
        ended[envs] = True
        final_obs = np.full(n, None, dtype=object)
        masks = np.zeros((len(envs), c.action_size), dtype=np.int8)
        seats = np.zeros(n, dtype=np.uint8)
        for k, i in enumerate(envs):
            seat = int(chose[i])
            seats[i] = seat
            final_obs[i] = {"observation": c.final_obs[k, seat], "action_mask": masks[k]}
        winner = c.winner.copy()  # -1 but for the envs that ended
        info["final_obs"] = final_obs
        info["_final_obs"] = ended
        info["final_info"] = {"seat": seats, "_seat": ended.copy(), "winner": winner, "_winner": ended.copy()}
        info["_final_info"] = ended.copy()

    def reset(self, *, seed: Optional[Union[int, Sequence[int]]] = None, options: Optional[dict] = None):
        """Every env starts a game: game 0 of seed ``seed``'s stream, or (None) each env's next game. ``(obs, info)``."""
        if self.closed:
            raise RuntimeError("VectorEnv: closed")
        if isinstance(seed, (list, tuple, np.ndarray)):
            raise TypeError("reset: one seed for the batch (env i plays envSeed(seed, i, k)), not one per env")
        # `options` is accepted and unused: the games are set by the seed (decks, opponent and step cap by the constructor).
        if seed is not None:
            # Checked before the spaces are seeded: a refused reset changes nothing.
            seed = _check_int("seed", seed, 0, 2**32 - 1)
            self.action_space.seed(seed)
            self.single_action_space.seed(seed)
        if seed is not None or not self._fresh:
            self.client.reset(seed)
        self._fresh = False
        return self._obs(), self._info()

    def step(self, actions):
        """One masked action per env. ``(obs, reward, terminated, truncated, info)``."""
        if self.closed:
            raise RuntimeError("VectorEnv: closed")
        c = self.client
        # The seat each env's choice is for: its reward's, and its final observation's if its game ends.
        chose = c.seat.copy()
        c.step(actions)
        self._fresh = False
        reward = c.reward.astype(np.float64)
        return self._obs(), reward, c.terminated.copy(), c.truncated.copy(), self._info(chose)

    def sample_actions(self, rng: Optional[np.random.Generator] = None) -> np.ndarray:
        """A uniformly random allowed action per env (every one of them legal)."""
        rng = rng if rng is not None else self.action_space.np_random
        return np.argmax(rng.random(self.client.mask.shape, dtype=np.float32) * self.client.mask, axis=1)

    def stats(self) -> dict:
        return self.client.stats()

    def close(self, **kwargs) -> None:
        # An env dropped without close() is closed by its client's finalizer (the server stops with it).
        if not self.closed:
            self.client.close()
            self.closed = True

    def __enter__(self) -> "VectorEnv":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"redzone.VectorEnv(num_envs={self.num_envs}, obs={self.client.obs_size}, actions={self.client.action_size})"
