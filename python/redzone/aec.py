"""A two-player env with PettingZoo's AEC API over one redzone game.

``agent_iter``, ``last``, ``step``, ``observe``, ``observation_space(agent)``,
``action_space(agent)``, ``rewards``, ``terminations``, ``truncations``, ``infos``,
``agent_selection``; ``observation["action_mask"]`` (int8) marks the legal actions of the agent
to act, as in PettingZoo's classic games. Agents ``player_0`` and ``player_1`` are the game's
seats 0 and 1 (seat 0 the first deck). A game ends with +1 for the winner and -1 for the loser (0
each for a draw, e.g. the step cap, which is a truncation). From the end on, ``observe(agent)`` and
``last()`` give each agent the finished game seen from its own seat (its final state, the agent
that acted last or not) with an all-zero action mask, as PettingZoo's classic games do; each agent
is then stepped with ``None`` (a "dead step") until ``agents`` is empty, then ``reset``.

Seeds: ``reset(seed=s)`` plays redzone's game ``envSeed(s, 0, 0)``, the game the Node
``VecEnv({ n: 1, seed: s, opponent: 'self' })`` plays; ``reset()`` without a seed plays the next
game of the current stream.
"""
from __future__ import annotations

from typing import Any, Iterator, Optional, Sequence

import numpy as np

from . import spaces
from .client import Client, RedzoneError
from .vector import observation_space

try:  # pragma: no cover - depends on the machine
    from pettingzoo import AECEnv as _AECBase  # type: ignore
except ImportError:
    _AECBase = object

AGENTS = ("player_0", "player_1")


class AECEnv(_AECBase):
    """One two-player game with PettingZoo's AEC API (a ``pettingzoo.AECEnv`` when PettingZoo is installed)."""

    metadata = {"name": "redzone_v1", "render_modes": [], "is_parallelizable": False}
    render_mode = None

    def __init__(
        self,
        decks: Optional[Sequence[Any]] = None,
        max_steps: Optional[int] = None,
        records: Optional[str] = None,
        transport: str = "auto",
        command: Optional[Sequence[str]] = None,
        seed: int = 1,
    ):
        self.client = Client(n=1, seed=seed, opponent="self", decks=decks, max_steps=max_steps, records=records, transport=transport, command=command)
        c = self.client
        self.possible_agents = list(AGENTS)
        self._observation_spaces = {a: observation_space(c.obs_layout, c.action_layout) for a in AGENTS}
        self._action_spaces = {a: spaces.Discrete(c.action_size) for a in AGENTS}
        self._zero_mask = np.zeros(c.action_size, dtype=np.int8)
        # Each agent's view of the game that ended (the server sends both with the step that ends it,
        # having started the next game by then).
        self._final = {a: np.zeros(c.obs_size, dtype=np.float32) for a in AGENTS}
        self._fresh = True
        self._started = False
        self.agents: list = []
        self.rewards: dict = {}
        self._cumulative_rewards: dict = {}
        self.terminations: dict = {}
        self.truncations: dict = {}
        self.infos: dict = {}
        self.agent_selection: Optional[str] = None
        self.closed = False

    # --- the API ---

    @property
    def num_agents(self) -> int:
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        return len(self.possible_agents)

    @property
    def unwrapped(self) -> "AECEnv":
        return self

    def observation_space(self, agent: str) -> "spaces.Dict":
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> "spaces.Discrete":
        return self._action_spaces[agent]

    def _check_open(self, what: str) -> None:
        # After close() the game's arrays are gone with the server: what they held would be stale.
        if self.closed:
            raise RuntimeError(f"AECEnv: closed ({what} after close(); make a new env)")

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self._check_open("reset")
        # `options` is accepted and unused: the game is set by its seed (the decks and the step cap by the constructor).
        if seed is not None:
            self.client.reset(seed)
            for a in AGENTS:
                self._action_spaces[a].seed(seed + AGENTS.index(a))
        elif not self._fresh:
            # Mid-game: abandon it. After a game's end the server already holds the next one.
            self.client.restart(0)
        self._fresh = False
        self._started = True
        for a in AGENTS:
            self._final[a].fill(0)
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[int(self.client.seat[0])]

    def observe(self, agent: str) -> dict:
        """``agent``'s observation (what that player may know, CR 400.2) and its action mask (zeros unless it is to act)."""
        self._check_open("observe")
        if agent not in AGENTS:
            raise ValueError(f"observe: no agent {agent!r} (agents: {', '.join(AGENTS)})")
        c = self.client
        if agent not in self.agents or self.terminations.get(agent) or self.truncations.get(agent):
            return {"observation": self._final[agent].copy(), "action_mask": self._zero_mask.copy()}
        seat = AGENTS.index(agent)
        if agent == self.agent_selection:
            return {"observation": c.obs[0].copy(), "action_mask": c.mask[0].copy()}
        return {"observation": c.observe(0, seat), "action_mask": self._zero_mask.copy()}

    def last(self, observe: bool = True):
        self._check_open("last")
        agent = self.agent_selection
        if agent is None:
            raise RuntimeError("last: no agent to act (call reset)")
        obs = self.observe(agent) if observe else None
        return obs, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent], self.infos[agent]

    def step(self, action: Optional[int]) -> None:
        """The action of the agent to act: one integer its action mask allows (a Python or numpy
        integer, as ``action_space(agent).sample(mask)`` gives); ``None`` on a finished agent's dead step."""
        self._check_open("step")
        if not self._started:
            raise RuntimeError("step: call reset first")
        agent = self.agent_selection
        if agent is None:
            raise RuntimeError("step: the game is over and every agent has left (call reset)")
        if self.terminations[agent] or self.truncations[agent]:
            self._dead_step(action)
            return
        if action is None:
            raise ValueError(f"step: {agent} is to act: None is only for an agent whose game has ended")
        c = self.client
        action = self._check_action(agent, action)
        self._cumulative_rewards[agent] = 0.0
        c.step(np.array([action], dtype=np.int64))
        self.rewards = {a: 0.0 for a in AGENTS}
        if c.terminated[0] or c.truncated[0]:
            winner = int(c.winner[0])
            for a in AGENTS:
                seat = AGENTS.index(a)
                self._final[a][:] = c.final_obs[0, seat]
                self.rewards[a] = 0.0 if winner < 0 else (1.0 if seat == winner else -1.0)
                self.terminations[a] = bool(c.terminated[0])
                self.truncations[a] = bool(c.truncated[0])
                self.infos[a] = {"winner": None if winner < 0 else AGENTS[winner]}
            self._fresh = True
        else:
            self.agent_selection = AGENTS[int(c.seat[0])]
        for a in AGENTS:
            self._cumulative_rewards[a] += self.rewards[a]

    def _check_action(self, agent: str, action: Any) -> int:
        """``action`` as an int, in this env's terms (one agent, one integer): anything but an integer
        is a ``TypeError``, never converted (``1.5``, ``"0"`` or ``True`` would be another move); one the
        agent's mask does not allow is refused before the server is asked, as the server refuses it."""
        if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
            action = action[()]  # a 0-d integer array: one integer, as Discrete.contains takes it
        if isinstance(action, np.ndarray):
            raise TypeError(f"action: expected one integer, got an array of shape {action.shape} ({action.dtype})")
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise TypeError(f"action: expected one integer (an int or a numpy integer), got {action!r} ({type(action).__name__})")
        action = int(action)
        size = self.client.action_size
        if not 0 <= action < size:
            raise ValueError(f"action: expected an integer from 0 to {size - 1}, got {action}; the game did not move")
        if self.client.mask[0, action] != 1:
            allowed = np.flatnonzero(self.client.mask[0]).tolist()
            listed = ", ".join(map(str, allowed[:20])) + (f", ... ({len(allowed)} in all)" if len(allowed) > 20 else "")
            raise RedzoneError("invalid-argument", f"action {action} is not allowed by the action mask of {agent} (allowed: {listed}); the game did not move")
        return action

    def _dead_step(self, action: Optional[int]) -> None:
        if action is not None:
            raise ValueError(f"step: {self.agent_selection}'s game has ended: its action is None, not {action!r}")
        agent = self.agent_selection
        self.agents.remove(agent)
        # As PettingZoo's own dead step: this step's rewards are cleared (the others collected theirs with `last`).
        for a in self.rewards:
            self.rewards[a] = 0.0
        del self.rewards[agent]
        self._cumulative_rewards.pop(agent, None)
        del self.terminations[agent]
        del self.truncations[agent]
        del self.infos[agent]
        self.agent_selection = self.agents[0] if self.agents else None

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def state(self) -> np.ndarray:
        raise NotImplementedError("state: redzone has no global observation; each agent observes its own view")

    def render(self) -> None:
        return None

    def close(self) -> None:
        if not self.closed:
            self.client.close()
            self.closed = True

    def __str__(self) -> str:
        return self.metadata["name"]


def env(**kwargs) -> AECEnv:
    """The AEC env (PettingZoo's ``env()`` convention; no wrappers are needed: bad actions raise)."""
    return AECEnv(**kwargs)


raw_env = env
