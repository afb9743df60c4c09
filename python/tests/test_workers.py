"""A batch split over several servers (``Workers``, ``VectorEnv(workers=)``): the same games as one
server for the same seed, each request routed to the server of its env, a refusal that moves no
block, every server stopped by close, and bad arguments refused."""
import json

import numpy as np
import pytest

from conftest import random_actions
from redzone import Client, RedzoneError, VectorEnv, Workers
from redzone.workers import split


def test_split_gives_contiguous_blocks_as_even_as_can_be():
    assert split(7, 3) == [(0, 3), (3, 2), (5, 2)]
    assert split(8, 2) == [(0, 4), (4, 4)]
    assert split(3, 3) == [(0, 1), (1, 1), (2, 1)]


@pytest.mark.parametrize("opponent", ["self", "random"])
def test_workers_play_the_games_one_server_plays_for_the_same_seed(tmp_path, opponent):
    one_records, many_records = tmp_path / "one.jsonl", tmp_path / "many.jsonl"
    one = VectorEnv(num_envs=7, opponent=opponent, seed=5, records=str(one_records))
    many = VectorEnv(num_envs=7, opponent=opponent, seed=5, records=str(many_records), workers=3)
    try:
        assert isinstance(many.client, Workers) and isinstance(one.client, Client)
        assert many.client.blocks == [(0, 3), (3, 2), (5, 2)]
        a, _ = one.reset(seed=9)
        b, _ = many.reset(seed=9)
        rng = np.random.default_rng(1)
        ended = 0
        for _ in range(400):
            assert np.array_equal(a["observation"], b["observation"]) and np.array_equal(a["action_mask"], b["action_mask"])
            actions = random_actions(a["action_mask"], rng)
            a, ra, ta, ua, ia = one.step(actions)
            b, rb, tb, ub, ib = many.step(actions)
            for x, y in ((ra, rb), (ta, tb), (ua, ub), (ia["seat"], ib["seat"]), (ia["winner"], ib["winner"])):
                assert x.dtype == y.dtype and np.array_equal(x, y)
            assert set(ia) == set(ib)
            if "final_obs" in ia:
                ended += int(ia["_final_obs"].sum())
                assert np.array_equal(ia["_final_obs"], ib["_final_obs"])
                for i in np.flatnonzero(ia["_final_obs"]):
                    assert np.array_equal(ia["final_obs"][i]["observation"], ib["final_obs"][i]["observation"])
                    assert ia["final_info"]["winner"][i] == ib["final_info"]["winner"][i]
        # Games ended in blocks of every server, and the next ones began from the same seeds.
        assert ended >= 6
        assert one.stats() == many.stats()
    finally:
        one.close()
        many.close()
    # The same records (every server appends whole lines to the one file; the order is the order games end).
    key = lambda line: json.loads(line)["seed"]  # noqa: E731
    assert sorted(one_records.read_text().splitlines(), key=key) == sorted(many_records.read_text().splitlines(), key=key)
    assert len(one_records.read_text().splitlines()) == ended


def test_restart_and_observe_go_to_the_server_of_the_env():
    with Client(n=5, seed=3, opponent="self") as one, Workers(n=5, workers=2, seed=3, opponent="self") as many:
        rng = np.random.default_rng(2)
        for _ in range(30):
            actions = random_actions(one.mask, rng)
            one.step(actions)
            many.step(actions)
        for env in (1, 4):  # one in each block
            one.restart(env)
            many.restart(env)
            assert np.array_equal(one.obs, many.obs) and np.array_equal(one.mask, many.mask)
            for seat in (0, 1):
                assert np.array_equal(one.observe(env, seat), many.observe(env, seat))
        with pytest.raises(ValueError):
            many.restart(5)


def test_an_action_a_mask_does_not_allow_moves_no_block():
    with Workers(n=6, workers=2, seed=4, opponent="random") as w:
        before = (w.obs.copy(), w.mask.copy())
        actions = random_actions(w.mask, np.random.default_rng(0))
        actions[4] = int(np.flatnonzero(w.mask[4] == 0)[0])  # in the second block
        with pytest.raises(RedzoneError) as caught:
            w.step(actions)
        assert caught.value.code == "invalid-argument" and "env 4" in caught.value.message
        assert np.array_equal(w.obs, before[0]) and np.array_equal(w.mask, before[1])
        assert w.stats()["steps"] == 0
        w.step(random_actions(w.mask, np.random.default_rng(0)))
        assert w.stats()["steps"] == 6


def test_the_batch_arrays_are_read_only_views_written_in_place():
    with Workers(n=4, workers=2, seed=1) as w:
        obs = w.obs
        with pytest.raises(ValueError):
            obs[0, 0] = 1
        with pytest.raises(ValueError):
            w.mask[0, 0] = 1
        before = obs.copy()
        w.step(random_actions(w.mask, np.random.default_rng(3)))
        # The same array, rewritten by the servers' frames.
        assert w.obs is obs and not np.array_equal(obs, before)


def test_close_stops_every_server():
    w = Workers(n=4, workers=2, seed=1)
    procs = [c._proc for c in w.clients]
    w.close()
    assert all(p.poll() is not None for p in procs)
    with pytest.raises(RuntimeError):
        w.step(np.zeros(4, dtype=np.int64))


@pytest.mark.parametrize("workers", [0, 5, "many", True, 1.5])
def test_bad_worker_counts_are_refused(workers):
    with pytest.raises((ValueError, TypeError)):
        Workers(n=4, workers=workers)
    with pytest.raises((ValueError, TypeError)):
        VectorEnv(num_envs=4, workers=workers)


def test_a_bad_worker_count_is_refused_naming_the_env_count_as_the_limit_and_auto():
    # It said "workers: a whole number from 1 to 4, not 5": not where 4 comes from, nor that 'auto' is allowed.
    for make, envs in ((lambda w: VectorEnv(num_envs=4, workers=w), "num_envs"), (lambda w: Workers(n=4, workers=w), "n")):
        expected = f"workers: 'auto' or a whole number from 1 to 4 (at most {envs}, one server per env), not "
        with pytest.raises(ValueError) as caught:
            make(5)
        assert str(caught.value) == expected + "5"
        with pytest.raises(ValueError) as caught:
            make(np.int64(0))
        assert str(caught.value) == expected + "0"
        with pytest.raises(TypeError) as caught:
            make("many")
        assert str(caught.value) == expected + "'many'"


def test_a_batch_over_several_servers_uses_the_delta_transport():
    with pytest.raises(ValueError, match="delta"):
        Workers(n=4, workers=2, transport="shm")


def test_step_wait_pairs_with_step_async():
    with Client(n=2, seed=1) as c:
        with pytest.raises(RuntimeError, match="step_async"):
            c.step_wait()
        c.step_async(random_actions(c.mask, np.random.default_rng(0)))
        with pytest.raises(RuntimeError, match="step_wait"):
            c.stats()
        c.step_wait()
        assert c.stats()["steps"] == 2


@pytest.mark.parametrize("n, workers, per_server, enough", [(16385, 1, 16385, 2), (40000, 2, 20000, 3), (65536, 3, 21846, 4)])
def test_each_server_holds_at_most_16384_envs_and_the_error_says_how_many_workers(n, workers, per_server, enough):
    with pytest.raises(ValueError) as caught:
        Workers(n=n, workers=workers)
    message = str(caught.value)
    assert message.startswith(f"n: {n} envs over {workers} worker")
    assert f"puts {per_server} in a server, more than the 16384 one holds" in message and f"use workers={enough} or more" in message
    with pytest.raises(ValueError, match="16384"):
        VectorEnv(num_envs=n, workers=workers)
