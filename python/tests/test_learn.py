"""The learning example (python/examples/learn.py): its command line and JSON contract, the saved
weights, and that an update learns (a finite-difference check of the gradients, a toy problem
whose loss falls). Win rates are measured (`npm run learn`), never asserted here."""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys

import numpy as np
import pytest

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SCRIPT = os.path.join(ROOT, "python", "examples", "learn.py")

spec = importlib.util.spec_from_file_location("redzone_learn_example", SCRIPT)
learn = importlib.util.module_from_spec(spec)
spec.loader.exec_module(learn)


def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT)


def last_json(out: str) -> dict:
    lines = [line for line in out.splitlines() if line.strip()]
    assert lines, "no output"
    return json.loads(lines[-1])


# --- the command line ---


def test_train_save_evaluate_json_contract(tmp_path):
    weights = str(tmp_path / "w.npz")
    done = run("--json", "--seed", "3", "--steps", "1024", "--envs", "16", "--rollout", "16", "--eval-games", "30", "--eval-envs", "10", "--save", weights, "--log-every", "0.5")
    assert done.returncode == 0, done.stderr
    report = last_json(done.stdout)
    for key in ("winRateVsRandom", "evalGames", "minutes", "steps"):
        assert key in report
    assert isinstance(report["winRateVsRandom"], float) and 0 <= report["winRateVsRandom"] <= 1
    assert report["evalGames"] == 30 and isinstance(report["evalGames"], int)
    assert isinstance(report["minutes"], float) and report["minutes"] > 0
    assert report["steps"] == 1024  # 4 rollouts of 16 envs x 16 steps
    lo, hi = report["interval95"]
    assert 0 <= lo <= report["winRateVsRandom"] <= hi <= 1
    assert report["wins"] + report["draws"] <= 30
    assert report["trainGames"] >= 0 and report["seed"] == 3 and report["evalPolicy"] == "greedy"
    assert "learn:" in done.stderr and "steps" in done.stderr  # progress on standard error
    # The human line comes before the JSON line.
    assert "win rate against random" in done.stdout.splitlines()[-2]

    # The saved weights: trained (not the initial ones), and evaluated again without training.
    with np.load(weights) as data:
        meta = json.loads(str(data["meta"]))
        fresh = learn.Policy(meta["context"], meta["action"], meta["hidden"], seed=3)
        assert meta["steps"] == 1024 and meta["format"] == learn.FORMAT
        # Every game started in training (finished, and one in progress per env), for evaluation to avoid.
        (run_,) = meta["trainedOn"]
        assert len(run_["games"]) == 16 and sum(run_["games"]) == meta["trainGames"] + 16
        changed = [k for k in learn.Policy.PARAMS if not np.array_equal(data[k], fresh.p[k])]
    assert set(changed) == set(learn.Policy.PARAMS)
    again = run("--json", "--eval-only", "--load", weights, "--eval-games", "12", "--eval-envs", "6")
    assert again.returncode == 0, again.stderr
    report = last_json(again.stdout)
    assert report["steps"] == 0 and report["evalGames"] == 12 and 0 <= report["winRateVsRandom"] <= 1
    # Greedy evaluation on the same seed is deterministic.
    third = run("--json", "--eval-only", "--load", weights, "--eval-games", "12", "--eval-envs", "6")
    assert last_json(third.stdout)["wins"] == report["wins"]
    # The evaluation games share no seed with the training games.
    played = learn.seeds_played(meta["trainedOn"])
    quota = learn.eval_quota(12, 6)
    assert not {learn.env_seed(report["evalSeed"], i, k) for i, q in enumerate(quota) for k in range(q)} & played


@pytest.mark.parametrize(
    "args, message",
    [
        (["--eval-only"], "--eval-only needs --load"),
        (["--minutes", "-1"], "out of range"),
        (["--steps", "many"], "not a whole number"),
        (["--eval-games", "0"], "out of range"),
        (["--seed", str(2**32)], "out of range"),
        (["--load", "/nonexistent/w.npz"], "no such file"),
        (["--save", "/nonexistent/dir/w.npz"], "does not exist"),
        (["--eval-policy", "best"], "invalid choice"),
        # Training of nothing (it printed nan% win rates, then evaluated the untrained weights): --eval-only is that.
        (["--steps", "0"], "--steps: 0 is out of range: 1 or more (to evaluate without training: --eval-only --load PATH)"),
        (["--minutes", "0"], "--minutes: 0 is out of range: more than 0 (to evaluate without training: --eval-only --load PATH)"),
    ],
)
def test_bad_arguments(args, message):
    done = run(*args, timeout=30)
    assert done.returncode == 2
    assert message in done.stderr
    assert done.stdout == ""


def test_the_delta_transport_is_accepted_by_its_name_and_no_figure_is_nan():
    # The README calls the default transport delta: --transport takes that name as Client's transport= does.
    done = run("--json", "--seed", "2", "--steps", "64", "--envs", "2", "--rollout", "32", "--eval-games", "2", "--eval-envs", "2", "--transport", "delta")
    assert done.returncode == 0, done.stderr
    report = last_json(done.stdout)
    assert report["steps"] == 64 and report["evalGames"] == 2
    # A progress line with no game finished says so rather than print nan%.
    assert "nan" not in done.stderr.lower()
    assert ("no game finished yet" in done.stderr) == (report["trainGames"] == 0)


def weights_file(path: str, hidden: int) -> str:
    """A weights file as --save writes it, of `hidden` hidden units, untrained."""
    from redzone.client import Client

    with Client(1) as client:
        features = learn.Features(client.obs_layout, client.action_layout)
    policy = learn.Policy(features.context_size, features.action_features, hidden, seed=1)
    policy.save(path, {"obsVersion": features.version, "seed": 1, "steps": 0, "trainGames": 0, "trainedOn": []})
    return path


def test_load_refuses_a_hidden_that_disagrees_with_the_file(tmp_path):
    path = weights_file(str(tmp_path / "w16.npz"), 16)
    done = run("--eval-only", "--load", path, "--hidden", "32", "--eval-games", "2", "--eval-envs", "2", timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert f"--hidden 32: the weights of --load {path} have 16 hidden units" in done.stderr
    # The file's own number (or none) is taken.
    for extra in (["--hidden", "16"], []):
        done = run("--json", "--eval-only", "--load", path, "--eval-games", "2", "--eval-envs", "2", *extra, timeout=60)
        assert done.returncode == 0, done.stderr
        assert last_json(done.stdout)["evalGames"] == 2


def test_load_rejects_a_file_it_did_not_write(tmp_path):
    path = str(tmp_path / "other.npz")
    np.savez(path, a=np.zeros(3))
    done = run("--eval-only", "--load", path, "--eval-games", "2", timeout=30)
    assert done.returncode != 0 and "not a weights file" in done.stderr


# --- the learning step ---


def toy_batch(rng, n=64, actions=4, features=6, context=5):
    """n decisions of `actions` allowed actions each; feature 0 marks the action that pays."""
    counts = np.full(n, actions)
    env = np.repeat(np.arange(n), counts)
    x = rng.standard_normal((env.size, features)).astype(np.float32)
    x[:, 0] = 0
    good = rng.integers(0, actions, n)
    x[np.arange(n) * actions + good, 0] = 1
    return {"ctx": rng.standard_normal((n, context)).astype(np.float32), "env": env, "x": x, "good": good, "n": n, "actions": actions}


def good_probability(policy, b):
    starts, _ = learn.segments(b["env"], b["n"])
    prob, _ = learn.Policy.softmax(policy.logits(b["ctx"], b["env"], b["x"]).astype(np.float64), starts, b["env"])
    return prob[np.arange(b["n"]) * b["actions"] + b["good"]].mean()


def test_updates_learn_a_toy_problem():
    rng = np.random.default_rng(0)
    b = toy_batch(rng)
    policy = learn.Policy(5, 6, hidden=16, value_hidden=8, seed=1, lr=1e-2)
    before = {k: v.copy() for k, v in policy.p.items()}
    p0 = good_probability(policy, b)
    first = last = None
    for it in range(60):
        # Sample an action per decision; advantage +1 for the paying one, -1 otherwise; returns to fit.
        starts, _ = learn.segments(b["env"], b["n"])
        prob, logp = learn.Policy.softmax(policy.logits(b["ctx"], b["env"], b["x"]).astype(np.float64), starts, b["env"])
        chosen = np.array([s + rng.choice(b["actions"], p=prob[s : s + b["actions"]] / prob[s : s + b["actions"]].sum()) for s in starts])
        adv = np.where(chosen - starts == b["good"], 1.0, -1.0)
        batch = {"ctx": b["ctx"], "env": b["env"], "x": b["x"], "chosen": chosen, "old_logp": logp[chosen], "adv": adv, "ret": b["ctx"][:, 0].astype(np.float64)}
        info, grads = policy.loss_and_grads(batch, clip=0.2, ent_coef=0.0, vf_coef=0.5)
        policy.apply(grads, max_norm=10.0)
        first = info["value"] if first is None else first
        last = info["value"]
    assert all(not np.array_equal(before[k], policy.p[k]) for k in learn.Policy.PARAMS)
    assert good_probability(policy, b) > max(0.6, p0 + 0.3)  # from about 1/4
    assert last < 0.5 * first  # the critic fits its targets


def test_gradients_match_finite_differences():
    rng = np.random.default_rng(5)
    n, context, features = 5, 7, 6
    policy = learn.Policy(context, features, hidden=8, value_hidden=4, seed=2)
    for k in policy.p:
        policy.p[k] = policy.p[k].astype(np.float64) + rng.standard_normal(policy.p[k].shape) * 0.3
    counts = np.array([2, 3, 1, 4, 2])
    env = np.repeat(np.arange(n), counts)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    batch = {
        "ctx": rng.standard_normal((n, context)),
        "env": env,
        "x": rng.standard_normal((env.size, features)),
        "chosen": starts + np.array([1, 0, 0, 3, 1]),
        "old_logp": rng.standard_normal(n) * 0.3 - 1,
        "adv": rng.standard_normal(n),
        "ret": rng.standard_normal(n),
    }
    args = (0.2, 0.05, 0.5)
    _, grads = policy.loss_and_grads(batch, *args)
    for k, param in policy.p.items():
        flat = param.reshape(-1)
        numeric = np.zeros_like(flat)
        for j in range(flat.size):
            keep = flat[j]
            flat[j] = keep + 1e-6
            up = policy.loss_and_grads(batch, *args)[0]["loss"]
            flat[j] = keep - 1e-6
            down = policy.loss_and_grads(batch, *args)[0]["loss"]
            flat[j] = keep
            numeric[j] = (up - down) / 2e-6
        assert np.allclose(grads[k].reshape(-1), numeric, atol=1e-6), k


def test_gae_and_wilson():
    # One game of three steps ending in a win, gamma = lambda = 1, zero values: every advantage is the return.
    adv, ret = learn.gae(np.array([[0.0], [0.0], [1.0]]), np.zeros((3, 1)), np.array([[0.0], [0.0], [1.0]]), np.array([5.0]), 1.0, 1.0)
    assert np.allclose(adv[:, 0], [1, 1, 1]) and np.allclose(ret, adv)
    lo, hi = learn.wilson(80, 100)
    assert 0.71 < lo < 0.72 and 0.86 < hi < 0.87
    assert learn.wilson(0, 10)[0] == pytest.approx(0) and learn.wilson(10, 10)[1] == pytest.approx(1)


def test_env_seed_is_the_servers(tmp_path):
    from redzone.client import Client

    records = str(tmp_path / "games.jsonl")
    rng = np.random.default_rng(1)
    with Client(3, seed=123456789, records=records) as client:
        for _ in range(600):
            client.step(np.argmax(rng.random(client.mask.shape) * client.mask, axis=1))
    with open(records) as f:
        seeds = [json.loads(line)["seed"] for line in f]
    assert seeds
    assert set(seeds) <= {learn.env_seed(123456789, i, k) for i in range(3) for k in range(50)}
    assert learn.evaluation_seed(7, np.array([2, 2]), {learn.env_seed(learn.derived_seed(7, 2), 1, 1)}) == learn.derived_seed(7, 3)


def test_features_read_the_servers_observations():
    from redzone.client import Client

    with Client(4, seed=9, opponent="random") as client:
        features = learn.Features(client.obs_layout, client.action_layout)
        for _ in range(20):
            ctx, env, action, x = features.build(client.obs, client.mask)
            assert ctx.shape == (4, features.context_size) and np.isfinite(ctx).all()
            assert x.shape == (env.size, features.action_features) and np.isfinite(x).all()
            assert env.size == int(client.mask.sum())
            assert (client.mask[env, action] == 1).all()
            assert np.allclose(x[:, : learn.KINDS].sum(1), 1)
            client.step(action[learn.segments(env, 4)[0]])  # the first allowed action of each env
