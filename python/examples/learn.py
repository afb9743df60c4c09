#!/usr/bin/env python3
"""Learning example: a small policy trained with numpy only, through redzone's Python client.

    npm run learn                       # train about 7 minutes, then 1,000 evaluation games against random
    npm run learn -- --json             # the same; the last stdout line is the JSON report
    npm run learn -- --steps 200000     # a step budget instead (deterministic for a given --seed)
    npm run learn -- --save w.npz       # keep the weights; later: --eval-only --load w.npz

What it trains: an actor-critic with PPO's clipped objective (GAE advantages, entropy bonus, Adam),
in numpy on one core, against the built-in `random` agent, N games in lockstep in one server
process (`Client(n, opponent='random', seat='alternate')`: the learner plays both decks, green-white
in seat 0 and black-red in seat 1, one game each in turn).

The policy scores each allowed action on its own (a pointer network over the action slots): an
action names a slot (the viewer, the opponent, or an object of the observation: a card in hand, a
permanent, a spell on the stack, ...), and its score is a one-hidden-layer network of

  * the action's features: its kind (stop, mulligan, primary or alternate verb on a player or an
    object), the object's section, and the object's row (its card id one-hot, characteristics,
    keywords, types, tapped, sick, attacking/blocking, ...);
  * the context, shared by every action of the decision: the globals (turn, step, the decision and
    the phase of the choice being built), both player blocks, the row of the object in focus (the
    creature whose attack or block is being chosen, the spell whose target is), sums of the object
    rows of each section, and a few board totals (untapped power, ...).

The scores of the allowed actions go through a masked softmax (64 hidden units by default). The
critic is a one-hidden-layer network of the context. Evaluation plays `--eval-games` games
against `random` on a base seed of its own, checked to share no game seed with the training games
(the weights file lists them, so `--eval-only --load` avoids them too), the learner alternating
seats, with the greedy policy (the highest-scoring allowed action; `--eval-policy sample` samples
instead); a draw counts as a non-win; the win rate is reported with its 95% Wilson interval.

Deterministic for a given `--seed` and `--steps` (the server's games are seeded, numpy's BLAS is
single-threaded); a `--minutes` budget stops at a time, so the number of steps depends on the
machine.
"""
from __future__ import annotations

import os

# One core: numpy's BLAS single-threaded (set before numpy is imported).
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "BLIS_NUM_THREADS", "VECLIB_MAXIMUM_THREADS", "NUMEXPR_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse
import json
import math
import sys
import time
from collections import deque
from typing import Dict, List, Optional, Tuple

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.normpath(os.path.join(HERE, "..")))

from redzone.client import Client  # noqa: E402

FORMAT = "redzone-learn/1"
SEED_MAX = 2**32 - 1
HIDDEN = 64  # the policy's hidden units unless --hidden (or --load) says otherwise

# ---------------------------------------------------------------------------------------------
# Features
# ---------------------------------------------------------------------------------------------

# Action kinds (the first features of an action's row).
K_STOP, K_MULLIGAN, K_SEL_ME, K_SEL_OPP, K_ALT_ME, K_ALT_OPP, K_SEL_OBJ, K_ALT_OBJ = range(8)
KINDS = 8
# Pooled sections of the context (sums of their object rows).
POOLED = ("myHand", "myBattlefield", "theirBattlefield", "myExile", "stack")


class Features:
    """Reads the observation with the layout the server sends (`client.obs_layout`, `client.action_layout`):
    nothing about offsets is hard-coded, so a layout change fails here loudly, not silently."""

    def __init__(self, obs_layout: dict, action_layout: dict):
        self.version = int(obs_layout["version"])
        sections = {s["name"]: s for s in obs_layout["sections"]}
        glob, me, opp = sections["global"], sections["me"], sections["opponent"]
        self.global_slice = slice(glob["offset"], glob["offset"] + glob["size"])
        self.me_slice = slice(me["offset"], me["offset"] + me["size"])
        self.opp_slice = slice(opp["offset"], opp["offset"] + opp["size"])
        self.object_size = len(obs_layout["object"])
        objects = [s for s in obs_layout["sections"] if s.get("slots")]
        self.object_offset = objects[0]["offset"]
        self.player_slots = objects[0]["firstActionSlot"]
        self.section_names = [s["name"] for s in objects]
        section_of = []
        at = self.object_offset
        for k, s in enumerate(objects):
            if s["offset"] != at or s["size"] != s["slots"] * self.object_size:
                raise RuntimeError(f"learn: the object sections are not contiguous at {s['name']} (layout version {self.version})")
            if s["firstActionSlot"] != self.player_slots + len(section_of):
                raise RuntimeError(f"learn: section {s['name']}'s action slots do not follow the previous sections'")
            section_of += [k] * s["slots"]
            at += s["size"]
        self.slots = len(section_of)
        self.section_of = np.array(section_of, dtype=np.int64)
        self.sections = len(objects)
        self.section_onehot = np.eye(self.sections, dtype=np.float32)[self.section_of]
        self.cards = len(obs_layout["cards"])
        obj = obs_layout["object"]
        names = [f["name"] for f in obj]
        self.col = {n: i for i, n in enumerate(names)}
        self.card_col = next(f["index"] for f in obj if f["kind"] == "id")
        self.ref_cols = np.array([f["index"] for f in obj if f["kind"] == "ref"], dtype=np.int64)
        self.num_cols = np.array([f["index"] for f in obj if f["kind"] in ("bit", "scaled")], dtype=np.int64)
        self.row_size = len(self.num_cols) + 3 * len(self.ref_cols)  # numbers, then 3 indicators per reference
        self.object_features = self.row_size + self.cards  # + the card id one-hot
        player = [f["name"] for f in obs_layout["player"]]
        self.p_life = player.index("life")
        g = [f["name"] for f in obs_layout["global"]]
        self.phase_cols = np.array([g.index(f"phase.{p}") for p in ("priority", "target", "attacker", "blocker", "damage", "pick", "mulligan")])
        self.action_size = int(action_layout["size"])
        self.a_select = int(action_layout["select"])
        self.a_alt = int(action_layout["alt"])
        self.a_stop = int(action_layout["stop"])
        self.a_mulligan = int(action_layout["mulligan"])
        if int(action_layout["slots"]) != self.player_slots + self.slots:
            raise RuntimeError("learn: the action slots are not the players' and the object sections'")
        # Per action index: its kind and its object slot (-1 for none).
        kind = np.zeros(self.action_size, dtype=np.int64)
        slot = np.full(self.action_size, -1, dtype=np.int64)
        kind[self.a_stop] = K_STOP
        kind[self.a_mulligan] = K_MULLIGAN
        for base, me_kind, opp_kind, obj_kind in ((self.a_select, K_SEL_ME, K_SEL_OPP, K_SEL_OBJ), (self.a_alt, K_ALT_ME, K_ALT_OPP, K_ALT_OBJ)):
            kind[base] = me_kind
            kind[base + 1] = opp_kind
            for s in range(self.slots):
                kind[base + self.player_slots + s] = obj_kind
                slot[base + self.player_slots + s] = s
        self.action_kind = kind
        self.action_slot = slot
        self.kind_onehot = np.eye(KINDS, dtype=np.float32)
        c = self.col
        self.c_focus = c["focus"]
        self.c_present, self.c_power, self.c_toughness = c["present"], c["power"], c["toughness"]
        self.c_tapped, self.c_sick, self.c_creature, self.c_attacking = c["tapped"], c["sick"], c["type.creature"], c["attacking"]
        self.pooled = [self.section_names.index(n) for n in POOLED]
        self.extra = 8
        self.context_size = (glob["size"] + me["size"] + opp["size"] + self.object_features + len(self.pooled) * self.row_size + self.extra)
        self.action_features = KINDS + self.sections + self.object_features

    def rows(self, obs: np.ndarray) -> np.ndarray:
        """The object rows, `[n, slots, object features]` (a view)."""
        n = obs.shape[0]
        return obs[:, self.object_offset : self.object_offset + self.slots * self.object_size].reshape(n, self.slots, self.object_size)

    def dense_rows(self, rows: np.ndarray) -> np.ndarray:
        """Numbers and reference indicators of rows `[..., object features]` (no card id)."""
        refs = rows[..., self.ref_cols]
        return np.concatenate([rows[..., self.num_cols], refs != 0, refs == 1, refs == 2], axis=-1).astype(np.float32)

    def card_onehot(self, rows: np.ndarray) -> np.ndarray:
        ids = rows[..., self.card_col].astype(np.int64)
        out = np.zeros(ids.shape + (self.cards,), dtype=np.float32)
        has = ids > 0
        idx = np.nonzero(has)
        out[idx + (np.clip(ids[has], 1, self.cards) - 1,)] = 1
        return out

    def build(self, obs: np.ndarray, mask: np.ndarray):
        """The context `[n, context]`, the allowed actions as pairs (`env`, `action`, sorted by env)
        and their features `[pairs, action features]`."""
        n = obs.shape[0]
        rows = self.rows(obs)
        dense = self.dense_rows(rows)  # [n, slots, row]
        # The object in focus (at most one).
        focus = rows[:, :, self.c_focus] > 0.5
        focus_env, focus_slot = np.nonzero(focus)
        focus_row = np.zeros((n, self.object_features), dtype=np.float32)
        if focus_env.size:
            sel = rows[focus_env, focus_slot]
            focus_row[focus_env] = np.concatenate([self.dense_rows(sel), self.card_onehot(sel)], axis=-1)
        # Sums of each pooled section's rows.
        pooled = []
        for k in self.pooled:
            pooled.append(dense[:, self.section_of == k, :].sum(axis=1) * 0.25)
        # Board totals: untapped creature power and toughness, ready attackers, attacking power.
        mine, theirs = self.section_names.index("myBattlefield"), self.section_names.index("theirBattlefield")
        extra = np.zeros((n, self.extra), dtype=np.float32)
        for j, k in enumerate((mine, theirs)):
            r = rows[:, self.section_of == k, :]
            creature = r[:, :, self.c_creature] * r[:, :, self.c_present]
            untapped = creature * (1 - r[:, :, self.c_tapped])
            extra[:, 4 * j + 0] = (untapped * r[:, :, self.c_power]).sum(1)
            extra[:, 4 * j + 1] = (untapped * r[:, :, self.c_toughness]).sum(1)
            extra[:, 4 * j + 2] = (untapped * (1 - r[:, :, self.c_sick]) * r[:, :, self.c_power]).sum(1)
            extra[:, 4 * j + 3] = (creature * r[:, :, self.c_attacking] * r[:, :, self.c_power]).sum(1)
        ctx = np.concatenate([obs[:, self.global_slice], obs[:, self.me_slice], obs[:, self.opp_slice], focus_row] + pooled + [extra], axis=1).astype(np.float32)
        env, action = np.nonzero(mask)
        kind = self.action_kind[action]
        slot = self.action_slot[action]
        x = np.zeros((env.size, self.action_features), dtype=np.float32)
        x[np.arange(env.size), kind] = 1
        obj = slot >= 0
        if obj.any():
            oe, os_ = env[obj], slot[obj]
            sel = rows[oe, os_]
            x[obj, KINDS : KINDS + self.sections] = self.section_onehot[os_]
            x[obj, KINDS + self.sections : KINDS + self.sections + self.row_size] = dense[oe, os_]
            x[obj, KINDS + self.sections + self.row_size :] = self.card_onehot(sel)
        return ctx, env, action, x


# ---------------------------------------------------------------------------------------------
# The network
# ---------------------------------------------------------------------------------------------


def segments(env: np.ndarray, n: int) -> Tuple[np.ndarray, np.ndarray]:
    """Start and length of each env's run of pairs (pairs are sorted by env; every env has one)."""
    counts = np.bincount(env, minlength=n)
    if (counts == 0).any():
        raise RuntimeError(f"learn: env {int(np.argmin(counts))} has no allowed action (an empty mask)")
    starts = np.zeros(n, dtype=np.int64)
    np.cumsum(counts[:-1], out=starts[1:])
    return starts, counts


class Policy:
    """A pointer policy over the allowed actions and a critic, both one hidden layer; Adam."""

    PARAMS = ("Wc", "b1", "Wa", "v", "u", "Wv", "bv", "wv", "cv")

    def __init__(self, context: int, action: int, hidden: int = 64, value_hidden: int = 64, seed: int = 0, lr: float = 1e-3):
        rng = np.random.default_rng(seed)
        self.context, self.action, self.hidden, self.value_hidden = context, action, hidden, value_hidden

        def init(rows: int, cols: int, gain: float = 1.0) -> np.ndarray:
            return (rng.standard_normal((rows, cols)) * gain / math.sqrt(rows)).astype(np.float32)

        self.p: Dict[str, np.ndarray] = {
            "Wc": init(context, hidden),
            "b1": np.zeros(hidden, dtype=np.float32),
            "Wa": init(action, hidden),
            "v": (rng.standard_normal(hidden) * 0.01).astype(np.float32),
            "u": np.zeros(action, dtype=np.float32),
            "Wv": init(context, value_hidden),
            "bv": np.zeros(value_hidden, dtype=np.float32),
            "wv": (rng.standard_normal(value_hidden) * 0.01).astype(np.float32),
            "cv": np.zeros(1, dtype=np.float32),
        }
        self.lr = lr
        self.m = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.s = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.t = 0

    # -- forward --

    def logits(self, ctx: np.ndarray, env: np.ndarray, x: np.ndarray, cache: Optional[dict] = None) -> np.ndarray:
        p = self.p
        hc = ctx @ p["Wc"] + p["b1"]
        pre = x @ p["Wa"] + hc[env]
        h = np.maximum(pre, 0)
        logit = h @ p["v"] + x @ p["u"]
        if cache is not None:
            cache.update(hc=hc, pre=pre, h=h)
        return logit

    def value(self, ctx: np.ndarray, cache: Optional[dict] = None) -> np.ndarray:
        p = self.p
        hv = np.maximum(ctx @ p["Wv"] + p["bv"], 0)
        if cache is not None:
            cache["hv"] = hv
        return hv @ p["wv"] + p["cv"][0]

    @staticmethod
    def softmax(logit: np.ndarray, starts: np.ndarray, env: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
        """Per-pair probability and log-probability within each env's allowed actions."""
        m = np.maximum.reduceat(logit, starts)
        z = logit - m[env]
        e = np.exp(z)
        s = np.add.reduceat(e, starts)
        logp = z - np.log(s)[env]
        return np.exp(logp), logp

    def act(self, ctx: np.ndarray, env: np.ndarray, x: np.ndarray, rng: Optional[np.random.Generator], n: int):
        """The chosen pair of each env (sampled with `rng`, greedy without), its log-probability, and the value."""
        starts, _ = segments(env, n)
        logit = self.logits(ctx, env, x).astype(np.float64)
        prob, logp = self.softmax(logit, starts, env)
        score = logit if rng is None else logit - np.log(-np.log(rng.random(logit.size)))
        best = np.maximum.reduceat(score, starts)
        hit = np.flatnonzero(score == best[env])
        # The first hit in each env.
        first = hit[np.unique(env[hit], return_index=True)[1]]
        return first, logp[first], self.value(ctx)

    # -- learning --

    def loss_and_grads(self, batch: dict, clip: float = 0.2, ent_coef: float = 0.01, vf_coef: float = 0.5):
        """PPO's clipped loss on a batch (`ctx`, `env`, `x`, `chosen` (a pair index per sample),
        `old_logp`, `adv`, `ret`); the loss parts and the gradients."""
        p = self.p
        ctx, env, x = batch["ctx"], batch["env"], batch["x"]
        n = ctx.shape[0]
        starts, _ = segments(env, n)
        cache: dict = {}
        logit = self.logits(ctx, env, x, cache).astype(np.float64)
        prob, logp = self.softmax(logit, starts, env)
        chosen = batch["chosen"]
        lp = logp[chosen]
        ratio = np.exp(lp - batch["old_logp"])
        adv = batch["adv"]
        surr1 = ratio * adv
        surr2 = np.clip(ratio, 1 - clip, 1 + clip) * adv
        pg_loss = -np.mean(np.minimum(surr1, surr2))
        entropy = -np.add.reduceat(prob * logp, starts)
        ent = entropy.mean()
        # d(loss)/d(logit): the policy term through the chosen log-probabilities, then the entropy term.
        active = (surr1 <= surr2).astype(np.float64)
        w = -(adv * ratio * active) / n  # d loss / d logp[chosen]
        dlogit = -prob * w[env]
        dlogit[chosen] += w
        dlogit += (ent_coef / n) * prob * (logp + entropy[env])
        dlogit = dlogit.astype(np.float32)
        g: Dict[str, np.ndarray] = {}
        g["v"] = cache["h"].T @ dlogit
        g["u"] = x.T @ dlogit
        dpre = (dlogit[:, None] * p["v"][None, :]) * (cache["pre"] > 0)
        g["Wa"] = x.T @ dpre
        dhc = np.add.reduceat(dpre, starts, axis=0)
        g["Wc"] = ctx.T @ dhc
        g["b1"] = dhc.sum(0)
        # The critic.
        vcache: dict = {}
        value = self.value(ctx, vcache)
        err = value - batch["ret"]
        v_loss = 0.5 * np.mean(err**2)
        dv = (vf_coef * err / n).astype(np.float32)
        g["wv"] = vcache["hv"].T @ dv
        g["cv"] = np.array([dv.sum()], dtype=np.float32)
        dhv = (dv[:, None] * p["wv"][None, :]) * (vcache["hv"] > 0)
        g["Wv"] = ctx.T @ dhv
        g["bv"] = dhv.sum(0)
        loss = pg_loss - ent_coef * ent + vf_coef * v_loss
        info = {"loss": float(loss), "pg": float(pg_loss), "value": float(v_loss), "entropy": float(ent), "clipped": float(1 - active.mean())}
        return info, g

    def apply(self, g: Dict[str, np.ndarray], max_norm: float = 1.0) -> float:
        """One Adam step (gradients clipped to a global norm); the norm before clipping."""
        norm = math.sqrt(sum(float(np.sum(v.astype(np.float64) ** 2)) for v in g.values()))
        scale = min(1.0, max_norm / (norm + 1e-8))
        self.t += 1
        b1, b2, eps = 0.9, 0.999, 1e-8
        c1 = 1 - b1**self.t
        c2 = 1 - b2**self.t
        for k, grad in g.items():
            grad = grad * scale
            self.m[k] = b1 * self.m[k] + (1 - b1) * grad
            self.s[k] = b2 * self.s[k] + (1 - b2) * grad * grad
            self.p[k] -= (self.lr * (self.m[k] / c1) / (np.sqrt(self.s[k] / c2) + eps)).astype(np.float32)
        return norm

    # -- files --

    def save(self, path: str, meta: dict) -> None:
        arrays = {k: v for k, v in self.p.items()}
        meta = dict(meta, format=FORMAT, context=self.context, action=self.action, hidden=self.hidden, valueHidden=self.value_hidden)
        np.savez(path, meta=np.array(json.dumps(meta)), **arrays)

    @classmethod
    def load(cls, path: str, features: Features) -> Tuple["Policy", dict]:
        try:
            data = np.load(path, allow_pickle=False)
        except (OSError, ValueError) as error:
            raise SystemExit(f"learn: --load {path}: not a weights file this example wrote ({error})")
        with data:
            if "meta" not in data.files:
                raise SystemExit(f"learn: --load {path}: no 'meta' entry: not a weights file this example wrote")
            meta = json.loads(str(data["meta"]))
            if meta.get("format") != FORMAT:
                raise SystemExit(f"learn: --load {path}: format {meta.get('format')!r}, expected {FORMAT!r}")
            if meta.get("obsVersion") != features.version or meta.get("context") != features.context_size or meta.get("action") != features.action_features:
                raise SystemExit(
                    f"learn: --load {path}: trained on observation layout version {meta.get('obsVersion')} "
                    f"({meta.get('context')} context / {meta.get('action')} action features); this server's is version "
                    f"{features.version} ({features.context_size} / {features.action_features}): train again"
                )
            policy = cls(meta["context"], meta["action"], meta["hidden"], meta["valueHidden"])
            for k in cls.PARAMS:
                if k not in data.files or data[k].shape != policy.p[k].shape:
                    raise SystemExit(f"learn: --load {path}: parameter {k} is missing or has the wrong shape")
                policy.p[k] = data[k].astype(np.float32)
        return policy, meta


# ---------------------------------------------------------------------------------------------
# Training
# ---------------------------------------------------------------------------------------------


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def gae(rewards: np.ndarray, values: np.ndarray, dones: np.ndarray, last: np.ndarray, gamma: float, lam: float) -> Tuple[np.ndarray, np.ndarray]:
    """Generalized advantage estimates and returns, `[T, n]` each."""
    T = rewards.shape[0]
    adv = np.zeros_like(values)
    running = np.zeros(values.shape[1], dtype=np.float64)
    for t in range(T - 1, -1, -1):
        nxt = last if t == T - 1 else values[t + 1]
        alive = 1.0 - dones[t]
        delta = rewards[t] + gamma * nxt * alive - values[t]
        running = delta + gamma * lam * alive * running
        adv[t] = running
    return adv, adv + values


def take(batch: dict, samples: np.ndarray) -> dict:
    """The sub-batch of some samples (with their pairs)."""
    starts, counts = batch["starts"], batch["counts"]
    c = counts[samples]
    offsets = np.zeros(samples.size, dtype=np.int64)
    np.cumsum(c[:-1], out=offsets[1:])
    pairs = np.repeat(starts[samples] - offsets, c) + np.arange(int(c.sum()))
    return {
        "ctx": batch["ctx"][samples],
        "env": np.repeat(np.arange(samples.size), c),
        "x": batch["x"][pairs],
        "chosen": offsets + (batch["chosen"][samples] - starts[samples]),
        "old_logp": batch["old_logp"][samples],
        "adv": batch["adv"][samples],
        "ret": batch["ret"][samples],
    }


class Trainer:
    def __init__(self, args, features: Features, policy: Policy, rng: np.random.Generator):
        self.args, self.f, self.policy, self.rng = args, features, policy, rng
        self.steps = 0
        self.games = 0
        self.updates = 0
        self.recent: deque = deque(maxlen=1000)  # (seat, reward)
        self.last_info: dict = {}
        self.started: Optional[np.ndarray] = None  # games started per env (what evaluation must not replay)

    def run(self, client: Client, deadline: float, max_steps: int, started: float) -> None:
        args, f, policy, rng = self.args, self.f, self.policy, self.rng
        n, T = client.n, args.rollout
        self.started = np.ones(n, dtype=np.int64)
        next_log = time.monotonic() + args.log_every
        while self.steps < max_steps and time.monotonic() < deadline:
            ctxs, envs, xs, chosen, logps, values, rewards, dones = [], [], [], [], [], [], [], []
            for _ in range(T):
                ctx, env, action, x = f.build(client.obs, client.mask)
                pick, logp, value = policy.act(ctx, env, x, rng, n)
                seat = client.seat.copy()
                client.step(action[pick])
                ctxs.append(ctx)
                envs.append(env)
                xs.append(x)
                chosen.append(pick)
                logps.append(logp)
                values.append(value)
                done = client.terminated | client.truncated
                rewards.append(client.reward.astype(np.float64))
                dones.append(done.astype(np.float64))
                for i in np.flatnonzero(done):
                    self.recent.append((int(seat[i]), float(client.reward[i])))
                self.games += int(done.sum())
                self.started += done
                self.steps += n
            ctx, env, _, x = f.build(client.obs, client.mask)
            last = policy.value(ctx)
            adv, ret = gae(np.array(rewards), np.array(values, dtype=np.float64), np.array(dones), last, args.gamma, args.lam)
            # Flatten: sample t * n + i; its pairs offset by the pairs before step t.
            pair_offsets = np.cumsum([0] + [e.size for e in envs[:-1]])
            flat_env = np.concatenate([e + t * n for t, e in enumerate(envs)])
            starts, counts = segments(flat_env, T * n)
            batch = {
                "ctx": np.concatenate(ctxs),
                "x": np.concatenate(xs),
                "starts": starts,
                "counts": counts,
                "chosen": np.concatenate([c + o for c, o in zip(chosen, pair_offsets)]),
                "old_logp": np.concatenate(logps),
                "adv": adv.reshape(-1),
                "ret": ret.reshape(-1),
            }
            a = batch["adv"]
            batch["adv"] = (a - a.mean()) / (a.std() + 1e-8)
            self.update(batch, T * n)
            now = time.monotonic()
            if now >= next_log:
                next_log = now + args.log_every
                self.progress(now - started)

    def update(self, batch: dict, size: int) -> None:
        args = self.args
        mb = max(1, size // args.minibatches)
        for _ in range(args.epochs):
            order = self.rng.permutation(size)
            for k in range(0, size, mb):
                info, g = self.policy.loss_and_grads(take(batch, order[k : k + mb]), args.clip, args.ent_coef, args.vf_coef)
                self.policy.apply(g, args.max_grad_norm)
                self.last_info = info
        self.updates += 1

    def win_rates(self) -> Tuple[float, List[float]]:
        if not self.recent:
            return float("nan"), [float("nan"), float("nan")]
        r = np.array(self.recent)
        by_seat = [float((r[r[:, 0] == s, 1] > 0).mean()) if (r[:, 0] == s).any() else float("nan") for s in (0, 1)]
        return float((r[:, 1] > 0).mean()), by_seat

    def progress(self, elapsed: float) -> None:
        """A progress line; a figure with nothing behind it yet (no game finished, no update) is left out, not printed as nan."""
        wr, seats = self.win_rates()
        i = self.last_info
        line = f"learn: {elapsed:6.1f}s  steps {self.steps:,}  games {self.games:,}  updates {self.updates:,}  "
        if self.recent:
            s0, s1 = ("-" if math.isnan(s) else f"{100 * s:.0f}%" for s in seats)
            line += f"win (last {len(self.recent)}) {100 * wr:.1f}% (seat 0 {s0}, seat 1 {s1})"
        else:
            line += "no game finished yet"
        if i:
            line += f"  entropy {i['entropy']:.3f}  value loss {i['value']:.3f}"
        log(line)


# ---------------------------------------------------------------------------------------------
# Evaluation
# ---------------------------------------------------------------------------------------------


def wilson(wins: int, games: int, z: float = 1.959963984540054) -> Tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def eval_quota(games: int, envs: int) -> np.ndarray:
    """Games counted per evaluation env (env i counts its first quota[i] games)."""
    n = max(1, min(envs, games))
    quota = np.full(n, games // n, dtype=np.int64)
    quota[: games % n] += 1
    return quota


def evaluate(policy: Policy, features: Features, games: int, seed: int, envs: int, greedy: bool, rng: np.random.Generator, transport: str) -> dict:
    """`games` games against `random` on base seed `seed`: env i plays its first quota[i] games (seats alternate)."""
    quota = eval_quota(games, envs)
    n = quota.size
    played = np.zeros(n, dtype=np.int64)
    wins = losses = draws = 0
    seat_games, seat_wins = [0, 0], [0, 0]
    with Client(n, seed=seed, opponent="random", seat="alternate", transport=transport) as client:
        while (played < quota).any():
            ctx, env, action, x = features.build(client.obs, client.mask)
            pick, _, _ = policy.act(ctx, env, x, None if greedy else rng, n)
            seat = client.seat.copy()
            client.step(action[pick])
            done = client.terminated | client.truncated
            for i in np.flatnonzero(done & (played < quota)):
                r = float(client.reward[i])
                wins += r > 0
                losses += r < 0
                draws += r == 0
                seat_games[seat[i]] += 1
                seat_wins[seat[i]] += r > 0
                played[i] += 1
    lo, hi = wilson(wins, games)
    return {
        "games": games,
        "wins": int(wins),
        "losses": int(losses),
        "draws": int(draws),
        "winRate": wins / games,
        "interval": [lo, hi],
        "bySeat": [seat_wins[s] / seat_games[s] if seat_games[s] else None for s in (0, 1)],
    }


# ---------------------------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------------------------


def _number(kind, low, high=None, name="", above=False, hint=""):
    """An argparse type: a number of ``kind`` from ``low`` (more than ``low`` if ``above``) to ``high``; ``hint`` follows the range in the error."""

    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a {'whole number' if kind is int else 'number'}")
        if not (value > low if above else value >= low) or (high is not None and value > high) or (kind is float and not math.isfinite(value)):
            if above:
                span = f"more than {low}" + (f" and at most {high}" if high is not None else "")
            else:
                span = f"from {low} to {high}" if high is not None else f"{low} or more"
            raise argparse.ArgumentTypeError(f"{text} is out of range: {span}{hint}")
        return value

    return parse


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="npm run learn --",
        description="Trains a small policy against redzone's random agent (numpy only, one core), then evaluates it against random.",
    )
    p.add_argument("--seed", type=_number(int, 0, SEED_MAX), default=None, help="seeds the weights, the sampling, the training and the evaluation games (default 1; with --eval-only, the seed the loaded weights were trained with)")
    # No budget of nothing: a run that trains not a step would print a trained policy's report (win
    # rates of no games) and evaluate the initial weights; --eval-only is the way to skip training.
    no_training = " (to evaluate without training: --eval-only --load PATH)"
    p.add_argument("--minutes", type=_number(float, 0, above=True, hint=no_training), default=7.0, help="training budget in wall-clock minutes, more than 0 (default 7: with evaluation the run stays under 10)")
    p.add_argument("--steps", type=_number(int, 1, hint=no_training), default=None, help="training budget in learner steps (masked choices, summed over envs; rounded up to whole rollouts of --envs x --rollout); with --minutes, the first reached ends training")
    p.add_argument("--envs", type=_number(int, 1, 4096), default=128, help="games in lockstep during training (default 128)")
    p.add_argument("--eval-games", type=_number(int, 1, 1_000_000), default=1000, help="evaluation games against random (default 1000)")
    p.add_argument("--eval-envs", type=_number(int, 1, 4096), default=100, help="games in lockstep during evaluation (default 100)")
    p.add_argument("--eval-policy", choices=("greedy", "sample"), default="greedy", help="evaluate the greedy policy (default) or sample from it")
    p.add_argument("--eval-only", action="store_true", help="skip training: evaluate the weights of --load")
    p.add_argument("--load", metavar="PATH", help="start from these weights (.npz written by --save)")
    p.add_argument("--save", metavar="PATH", help="write the trained weights to this .npz")
    p.add_argument("--json", action="store_true", help="print the report as one JSON line (the last line of stdout)")
    p.add_argument("--hidden", type=_number(int, 1, 4096), default=None, help=f"hidden units of the policy (default {HIDDEN}; with --load, the file's: another number is refused)")
    p.add_argument("--lr", type=_number(float, 1e-7, 1.0), default=1e-3, help="Adam's learning rate (default 1e-3)")
    p.add_argument("--rollout", type=_number(int, 1, 4096), default=32, help="steps per env between updates (default 32)")
    p.add_argument("--epochs", type=_number(int, 1, 100), default=2, help="passes over each rollout (default 2)")
    p.add_argument("--minibatches", type=_number(int, 1, 1024), default=4, help="minibatches per pass (default 4)")
    p.add_argument("--gamma", type=_number(float, 0.0, 1.0), default=0.995, help="discount per learner step (default 0.995)")
    p.add_argument("--lam", type=_number(float, 0.0, 1.0), default=0.95, help="GAE lambda (default 0.95)")
    p.add_argument("--clip", type=_number(float, 0.0, 10.0), default=0.2, help="PPO ratio clip (default 0.2)")
    p.add_argument("--ent-coef", type=_number(float, 0.0, 10.0), default=0.01, help="entropy bonus (default 0.01)")
    p.add_argument("--vf-coef", type=_number(float, 0.0, 10.0), default=0.5, help="value loss weight (default 0.5)")
    p.add_argument("--max-grad-norm", type=_number(float, 1e-6, 1e6), default=1.0, help="global gradient norm clip (default 1)")
    p.add_argument("--log-every", type=_number(float, 0.1), default=15.0, help="seconds between progress lines on stderr (default 15)")
    p.add_argument("--transport", choices=("auto", "delta", "shm", "pipe"), default="auto", help="the client's transport (Client's transport=; default auto, which is delta: the masks and the changed floats of obs in each frame; shm and pipe give the same bytes)")
    return p


def mix_seed(a: int, b: int) -> int:
    """redzone's `mixSeed` (src/play/play-game.ts), in 32-bit unsigned arithmetic."""
    m = 0xFFFFFFFF
    h = ((((a ^ 0x9E3779B9) & m) * 0x85EBCA6B) & m) ^ ((((b + 0x632BE5AB) & m) * 0xC2B2AE35) & m)
    h = ((h ^ (h >> 16)) * 0x7FEB352D) & m
    h = ((h ^ (h >> 15)) * 0x846CA68B) & m
    return h ^ (h >> 16)


def env_seed(base: int, env: int, game: int) -> int:
    """The seed of game `game` of env `env` in a batch with base seed `base` (redzone's `envSeed`)."""
    return mix_seed(mix_seed(base, env), game)


def seeds_played(trained_on: List[dict]) -> set:
    """Every game seed of the training runs listed (`{"seed": base, "games": [games started per env]}`)."""
    return {env_seed(run["seed"], i, k) for run in trained_on for i, count in enumerate(run["games"]) for k in range(count)}


def evaluation_seed(seed: int, quota: np.ndarray, played: set) -> int:
    """A base seed for evaluation whose counted games (env i: games 0 .. quota[i] - 1) share no seed with training."""
    for salt in range(2, 1000):
        base = derived_seed(seed, salt)
        if not any(env_seed(base, i, k) in played for i, q in enumerate(quota) for k in range(int(q))):
            return base
    raise RuntimeError("learn: no evaluation seed found that training did not use")


def derived_seed(seed: int, salt: int) -> int:
    """A seed of its own stream (a 32-bit mix), so the evaluation games never replay the training ones."""
    x = (seed * 0x9E3779B1 + salt * 0x85EBCA77 + 0x165667B1) & 0xFFFFFFFF
    x ^= x >> 15
    x = (x * 0x2C1B3C6D) & 0xFFFFFFFF
    x ^= x >> 12
    return x


def main(argv: Optional[List[str]] = None) -> int:
    args = parser().parse_args(argv)
    if args.eval_only and not args.load:
        parser().error("--eval-only needs --load PATH (the weights to evaluate)")
    if args.load and not os.path.isfile(args.load):
        parser().error(f"--load {args.load}: no such file")
    if args.save:
        folder = os.path.dirname(os.path.abspath(args.save))
        if not os.path.isdir(folder):
            parser().error(f"--save {args.save}: the folder {folder} does not exist")
    started = time.monotonic()
    trainer = None
    with Client(1, seed=1, transport=args.transport) as probe:
        features = Features(probe.obs_layout, probe.action_layout)
    trained_on: List[dict] = []
    loaded_steps = loaded_games = 0
    if args.load:
        policy, meta = Policy.load(args.load, features)
        if args.hidden is not None and args.hidden != policy.hidden:
            # The file's shape wins: a --hidden taken silently would describe a network that is not the one trained.
            parser().error(f"--hidden {args.hidden}: the weights of --load {args.load} have {policy.hidden} hidden units (leave --hidden out, or train new weights without --load)")
        policy.lr = args.lr
        trained_on = list(meta.get("trainedOn", []))
        loaded_steps, loaded_games = int(meta.get("steps", 0)), int(meta.get("trainGames", 0))
        if args.seed is None and args.eval_only:
            args.seed = int(meta.get("seed", 1))
        log(f"learn: loaded {args.load} (seed {meta.get('seed', '?')}, {loaded_steps:,} steps, {loaded_games:,} games)")
    if args.seed is None:
        args.seed = 1
    rng = np.random.default_rng(args.seed)
    train_seed = derived_seed(args.seed, 1)
    if not args.load:
        policy = Policy(features.context_size, features.action_features, args.hidden if args.hidden is not None else HIDDEN, seed=args.seed, lr=args.lr)
    train_minutes = 0.0
    if not args.eval_only:
        budget = args.steps if args.steps is not None else float("inf")
        log(
            f"learn: training against random: {args.envs} games in lockstep, PPO (rollout {args.rollout}, {args.epochs} epochs x {args.minibatches} minibatches), "
            f"budget {args.minutes:g} min" + (f" or {args.steps:,} steps" if args.steps is not None else "") + f", seed {args.seed}"
        )
        trainer = Trainer(args, features, policy, rng)
        with Client(args.envs, seed=train_seed, opponent="random", seat="alternate", transport=args.transport) as client:
            trainer.run(client, started + args.minutes * 60, budget, started)
        train_minutes = (time.monotonic() - started) / 60
        trainer.progress(time.monotonic() - started)
        trained_on.append({"seed": train_seed, "games": trainer.started.tolist()})
    if args.save:
        policy.save(args.save, {
            "obsVersion": features.version,
            "seed": args.seed,
            "steps": loaded_steps + (trainer.steps if trainer else 0),
            "trainGames": loaded_games + (trainer.games if trainer else 0),
            "trainedOn": trained_on,
        })
        log(f"learn: weights written to {args.save}")
    eval_seed = evaluation_seed(args.seed, eval_quota(args.eval_games, args.eval_envs), seeds_played(trained_on))
    log(f"learn: evaluating: {args.eval_games:,} games against random ({args.eval_policy} policy, seats alternate, base seed {eval_seed}: no game seed of training)")
    result = evaluate(policy, features, args.eval_games, eval_seed, args.eval_envs, args.eval_policy == "greedy", rng, args.transport)
    minutes = (time.monotonic() - started) / 60
    lo, hi = result["interval"]
    steps = trainer.steps if trainer else 0
    games = trainer.games if trainer else 0
    by = result["bySeat"]
    print(
        f"win rate against random: {100 * result['winRate']:.1f}% ({result['wins']}/{result['games']}, 95% CI {100 * lo:.1f}-{100 * hi:.1f}%; "
        f"{result['draws']} draws; seat 0 (green-white) {100 * (by[0] or 0):.1f}%, seat 1 (black-red) {100 * (by[1] or 0):.1f}%), "
        f"{args.eval_policy} policy, after {steps:,} training steps ({games:,} games, {train_minutes:.2f} min); {minutes:.2f} min in all "
        f"(this process's CPU: {time.process_time() / 60:.2f} min)"
    )
    if args.json:
        report = {
            "winRateVsRandom": round(result["winRate"], 4),
            "evalGames": result["games"],
            "minutes": round(minutes, 3),
            "steps": steps,
            "interval95": [round(lo, 4), round(hi, 4)],
            "wins": result["wins"],
            "draws": result["draws"],
            "winRateBySeat": [None if b is None else round(b, 4) for b in by],
            "trainGames": games,
            "trainMinutes": round(train_minutes, 3),
            "evalPolicy": args.eval_policy,
            "learnerCpuMinutes": round(time.process_time() / 60, 3),
            "seed": args.seed,
            "evalSeed": eval_seed,
        }
        print(json.dumps(report))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        log("learn: interrupted")
        sys.exit(130)
