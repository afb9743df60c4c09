"""Spaces with the Gymnasium interface (``shape``, ``dtype``, ``sample``, ``contains``, ``seed``).

Gymnasium's own classes are used when it is installed; otherwise these stand-ins, which follow
the same API for what redzone's envs use: ``Box``, ``Discrete``, ``MultiDiscrete`` and ``Dict``.
"""
from __future__ import annotations

from typing import Any, Mapping, Optional

import numpy as np

try:  # pragma: no cover - depends on the machine
    from gymnasium import spaces as _gym_spaces  # type: ignore

    Box = _gym_spaces.Box
    Discrete = _gym_spaces.Discrete
    MultiDiscrete = _gym_spaces.MultiDiscrete
    Dict = _gym_spaces.Dict
    GYMNASIUM = True
except ImportError:
    GYMNASIUM = False

    def _allowed(mask: Any, n: int, where: str) -> np.ndarray:
        """The values a mask allows (the indices of its 1s), checked as Gymnasium checks a ``Discrete``
        mask: an int8 array of ``n`` zeros and ones (a ``ValueError`` naming ``where`` otherwise)."""
        mask = np.asarray(mask)
        if mask.shape != (n,) or mask.dtype != np.int8:
            raise ValueError(f"{where}: an int8 array of shape ({n},), not {mask.dtype} {mask.shape}")
        allowed = mask == 1
        if not np.all(allowed | (mask == 0)):
            raise ValueError(f"{where}: zeros and ones only, not {np.unique(mask[~allowed & (mask != 0)]).tolist()}")
        return np.flatnonzero(allowed)

    class Space:
        def __init__(self, shape, dtype, seed: Optional[int] = None):
            self.shape = tuple(shape) if shape is not None else None
            self.dtype = np.dtype(dtype) if dtype is not None else None
            self._np_random = np.random.default_rng(seed)

        @property
        def np_random(self) -> np.random.Generator:
            return self._np_random

        def seed(self, seed: Optional[int] = None):
            self._np_random = np.random.default_rng(seed)
            return [seed]

        def __contains__(self, x: Any) -> bool:
            return self.contains(x)

    class Box(Space):
        """A box in R^n: ``low <= x <= high`` elementwise, of one dtype."""

        def __init__(self, low, high, shape=None, dtype=np.float32, seed: Optional[int] = None):
            dtype = np.dtype(dtype)
            if shape is None:
                shape = np.shape(low)
            super().__init__(shape, dtype, seed)
            self.low = np.full(self.shape, low, dtype=dtype) if np.isscalar(low) else np.asarray(low, dtype=dtype)
            self.high = np.full(self.shape, high, dtype=dtype) if np.isscalar(high) else np.asarray(high, dtype=dtype)

        def contains(self, x: Any) -> bool:
            if not isinstance(x, np.ndarray):
                return False
            return bool(
                x.shape == self.shape
                and np.can_cast(x.dtype, self.dtype)
                and np.all(x >= self.low)
                and np.all(x <= self.high)
            )

        def sample(self, mask=None) -> np.ndarray:
            if np.issubdtype(self.dtype, np.integer):
                return self.np_random.integers(self.low, self.high.astype(np.int64) + 1, size=self.shape).astype(self.dtype)
            return self.np_random.uniform(self.low, self.high, size=self.shape).astype(self.dtype)

        def __eq__(self, other) -> bool:
            return isinstance(other, Box) and self.shape == other.shape and self.dtype == other.dtype and np.array_equal(self.low, other.low) and np.array_equal(self.high, other.high)

        def __repr__(self) -> str:
            return f"Box({self.low.min()}, {self.high.max()}, {self.shape}, {self.dtype})"

    class Discrete(Space):
        """The integers ``0 .. n - 1``; ``sample(mask)`` draws among those whose mask byte is 1."""

        def __init__(self, n: int, seed: Optional[int] = None, start: int = 0):
            super().__init__((), np.int64, seed)
            self.n = int(n)
            self.start = int(start)

        def contains(self, x: Any) -> bool:
            if isinstance(x, (np.generic, np.ndarray)):
                if not (np.issubdtype(x.dtype, np.integer) and x.shape == ()):
                    return False
                x = int(x)
            elif not isinstance(x, int) or isinstance(x, bool):
                return False
            return self.start <= x < self.start + self.n

        def sample(self, mask: Optional[np.ndarray] = None) -> np.int64:
            if mask is not None:
                allowed = _allowed(mask, self.n, "Discrete.sample: mask")
                # As Gymnasium's: a mask that allows nothing gives `start`.
                if allowed.size == 0:
                    return np.int64(self.start)
                return np.int64(self.start + self.np_random.choice(allowed))
            return np.int64(self.start + self.np_random.integers(self.n))

        def __eq__(self, other) -> bool:
            return isinstance(other, Discrete) and self.n == other.n and self.start == other.start

        def __repr__(self) -> str:
            return f"Discrete({self.n})"

    class MultiDiscrete(Space):
        """One ``Discrete(nvec[i], start=start[i])`` per position (a batch of discrete actions)."""

        def __init__(self, nvec, dtype=np.int64, seed: Optional[int] = None, start=None):
            self.nvec = np.asarray(nvec, dtype=np.int64)
            self.start = np.zeros(self.nvec.shape, dtype=np.int64) if start is None else np.asarray(start, dtype=np.int64)
            if self.start.shape != self.nvec.shape:
                raise ValueError(f"MultiDiscrete: start has the shape of nvec {self.nvec.shape}, not {self.start.shape}")
            super().__init__(self.nvec.shape, dtype, seed)

        def contains(self, x: Any) -> bool:
            x = np.asarray(x)
            return bool(x.shape == self.shape and np.issubdtype(x.dtype, np.integer) and np.all(x >= self.start) and np.all(x - self.start < self.nvec))

        def sample(self, mask=None) -> np.ndarray:
            """A uniform value per position; with ``mask`` (as Gymnasium's: a tuple of one int8 mask per
            position, e.g. ``tuple(obs["action_mask"])``), a uniform allowed value per position, and
            ``start`` where a mask allows nothing (what ``Discrete.sample`` gives)."""
            if mask is None:
                return (self.np_random.random(self.nvec.shape) * self.nvec).astype(self.dtype) + self.start.astype(self.dtype)
            # Every position's mask is checked before any is drawn: a refused mask leaves the generator as it was.
            allowed = self._allowed_each(mask, self.nvec, "MultiDiscrete.sample: mask")
            return np.array(self._draw(allowed, self.start), dtype=self.dtype)

        def _allowed_each(self, mask: Any, nvec: np.ndarray, where: str) -> list:
            """The allowed values of each position of ``nvec`` (Gymnasium's nesting: one tuple per axis of ``nvec``)."""
            if not isinstance(mask, tuple):
                raise ValueError(f"{where}: a tuple of {len(nvec)} masks, one per position (e.g. tuple(obs['action_mask'])), not {type(mask).__name__}")
            if len(mask) != len(nvec):
                raise ValueError(f"{where}: a tuple of {len(nvec)} masks, one per position, not {len(mask)}")
            if nvec.ndim > 1:
                return [self._allowed_each(m, v, f"{where}[{i}]") for i, (m, v) in enumerate(zip(mask, nvec))]
            return [_allowed(m, int(v), f"{where}[{i}]") for i, (m, v) in enumerate(zip(mask, nvec))]

        def _draw(self, allowed: list, start: np.ndarray) -> list:
            """A uniform allowed value per position; ``start`` where nothing is allowed (as ``Discrete.sample``)."""
            if start.ndim > 1:
                return [self._draw(a, s) for a, s in zip(allowed, start)]
            return [int(s) if a.size == 0 else int(s + self.np_random.choice(a)) for a, s in zip(allowed, start)]

        def __eq__(self, other) -> bool:
            return isinstance(other, MultiDiscrete) and np.array_equal(self.nvec, other.nvec) and np.array_equal(self.start, other.start)

        def __repr__(self) -> str:
            if np.any(self.start != 0):
                return f"MultiDiscrete({self.nvec.tolist()}, start={self.start.tolist()})"
            return f"MultiDiscrete({self.nvec.tolist()})"

    class Dict(Space):
        """A dictionary of spaces; a sample is a dict with the same keys."""

        def __init__(self, spaces: Mapping[str, Space], seed: Optional[int] = None):
            self.spaces = dict(spaces)
            super().__init__(None, None, seed)

        def __getitem__(self, key: str) -> Space:
            return self.spaces[key]

        def keys(self):
            return self.spaces.keys()

        def contains(self, x: Any) -> bool:
            return isinstance(x, dict) and x.keys() == self.spaces.keys() and all(self.spaces[k].contains(x[k]) for k in self.spaces)

        def sample(self, mask=None) -> dict:
            return {k: s.sample() for k, s in self.spaces.items()}

        def seed(self, seed: Optional[int] = None):
            seeds = np.random.SeedSequence(seed).spawn(len(self.spaces))
            for s, ss in zip(self.spaces.values(), seeds):
                s.seed(int(ss.generate_state(1)[0]))
            return [seed]

        def __eq__(self, other) -> bool:
            return isinstance(other, Dict) and self.spaces == other.spaces

        def __repr__(self) -> str:
            return "Dict(" + ", ".join(f"{k!r}: {v}" for k, v in self.spaces.items()) + ")"
