"""The Gymnasium vector API, checked as Gymnasium's own env checks do (reset/step signatures,
spaces, dtypes, determinism under seeds, auto-reset), plus redzone's promise: every action the
mask allows is legal."""
import json

import numpy as np
import pytest

from conftest import feature, node_final_views, random_actions, sha
from redzone import RedzoneError, VectorEnv


@pytest.fixture(scope="module")
def env():
    e = VectorEnv(num_envs=8, opponent="random", copy=True)
    yield e
    e.close()


def test_reset_returns_obs_and_info_in_the_observation_space(env):
    obs, info = env.reset(seed=42)
    assert isinstance(obs, dict) and set(obs) == {"observation", "action_mask"}
    assert obs["observation"].dtype == np.float32 and obs["observation"].shape == (8, env.client.obs_size)
    assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].shape == (8, env.client.action_size)
    assert env.observation_space.contains(obs)
    for i in range(8):
        assert env.single_observation_space.contains({k: v[i] for k, v in obs.items()})
    assert isinstance(info, dict) and info["seat"].shape == (8,) and info["_seat"].all()
    # Every env is at a decision of the learner with a real choice.
    assert (obs["action_mask"].sum(axis=1) >= 2).all()
    i_decide = feature(env.obs_layout, "global", "iDecide")
    assert (obs["observation"][:, i_decide] == 1).all()


def test_step_returns_the_five_arrays_with_their_types(env):
    obs, _ = env.reset(seed=1)
    rng = np.random.default_rng(0)
    out = env.step(random_actions(obs["action_mask"], rng))
    assert len(out) == 5
    obs, reward, terminated, truncated, info = out
    assert env.observation_space.contains(obs)
    assert reward.shape == (8,) and np.issubdtype(reward.dtype, np.floating)
    assert terminated.dtype == np.bool_ and terminated.shape == (8,)
    assert truncated.dtype == np.bool_ and truncated.shape == (8,)
    assert set(info) >= {"seat", "_seat", "winner", "_winner"}
    assert env.action_space.contains(random_actions(obs["action_mask"], rng))


def test_same_seed_same_actions_give_the_same_games():
    def run(seed):
        rows = []
        with VectorEnv(num_envs=4) as e:
            obs, _ = e.reset(seed=seed)
            rng = np.random.default_rng(7)
            for _ in range(150):
                obs, reward, term, trunc, _ = e.step(random_actions(obs["action_mask"], rng))
                rows.append((obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward.tobytes(), term.tobytes()))
        return rows

    a, b, c = run(5), run(5), run(6)
    assert a == b
    assert a != c


def test_reset_with_the_seed_again_replays_the_first_game(env):
    first, _ = env.reset(seed=9)
    rng = np.random.default_rng(1)
    for _ in range(20):
        env.step(random_actions(env.client.mask, rng))
    again, _ = env.reset(seed=9)
    assert np.array_equal(first["observation"], again["observation"])
    assert np.array_equal(first["action_mask"], again["action_mask"])
    later, _ = env.reset()  # no seed: each env's next game, not the same one again
    assert not np.array_equal(first["observation"], later["observation"])


def test_auto_reset_in_the_same_step_ends_games_with_terminal_rewards():
    with VectorEnv(num_envs=16, opponent="random", seed=3) as e:
        obs, _ = e.reset()
        rng = np.random.default_rng(3)
        turn = feature(e.obs_layout, "global", "turn")
        ended = 0
        for _ in range(3000):
            obs, reward, term, trunc, info = e.step(random_actions(obs["action_mask"], rng))
            done = term | trunc
            assert np.array_equal(info["_winner"], done)
            # Rewards are terminal only, +-1 for a decided game, and a new game is already there.
            assert (reward[~done] == 0).all()
            assert set(np.unique(reward[done])) <= {-1.0, 0.0, 1.0}
            assert (obs["observation"][done, turn] * 20 <= 2).all()
            assert (obs["action_mask"].sum(axis=1) >= 2).all()
            ended += int(done.sum())
            if ended >= 20:
                break
        assert ended >= 20
        stats = e.stats()
        assert stats["rejected"] == 0 and stats["errors"] == 0
        assert stats["games"] == ended


def test_an_action_the_mask_does_not_allow_is_refused_and_nothing_moves(env):
    obs, _ = env.reset(seed=11)
    before = (obs["observation"].copy(), obs["action_mask"].copy())
    actions = random_actions(obs["action_mask"], np.random.default_rng(0))
    bad = int(np.flatnonzero(obs["action_mask"][3] == 0)[0])
    actions[3] = bad
    with pytest.raises(RedzoneError) as caught:
        env.step(actions)
    assert caught.value.code == "invalid-argument" and "env 3" in caught.value.message
    assert np.array_equal(env.client.obs, before[0]) and np.array_equal(env.client.mask, before[1])
    # The env still steps after the refusal.
    env.step(random_actions(env.client.mask, np.random.default_rng(0)))


def test_actions_of_the_wrong_shape_or_type_are_refused(env):
    env.reset(seed=1)
    with pytest.raises(ValueError):
        env.step(np.zeros(7, dtype=np.int64))
    with pytest.raises(ValueError):
        env.step(np.zeros(8, dtype=np.float32))


def test_copy_false_returns_views_of_the_shared_buffers():
    with VectorEnv(num_envs=2, copy=False) as e:
        obs, _ = e.reset(seed=2)
        assert obs["observation"] is e.client.obs
        assert not obs["observation"].flags.owndata


def test_self_play_masks_are_legal_for_both_seats_over_many_steps():
    with VectorEnv(num_envs=32, opponent="self", seed=17, copy=False) as e:
        obs, info = e.reset()
        rng = np.random.default_rng(17)
        seats = set()
        for k in range(600):
            obs, *_rest, info = e.step(random_actions(obs["action_mask"], rng))
            seats.update(info["seat"].tolist())
            if k % 50 == 0:
                assert e.observation_space.contains(obs)
        stats = e.stats()
    assert seats == {0, 1}
    assert stats["steps"] == 600 * 32 and stats["rejected"] == 0 and stats["errors"] == 0
    assert stats["games"] > 0


def test_reset_takes_options_as_the_api_does(env):
    obs, info = env.reset(seed=4, options={"anything": True})
    assert env.observation_space.contains(obs)


@pytest.mark.parametrize("opponent, max_steps", [("random", None), ("self", None), ("heuristic", 90)])
def test_an_ended_game_s_last_observation_is_in_final_obs_and_the_returned_one_is_the_next_game_s(tmp_path, opponent, max_steps):
    records = tmp_path / "games.jsonl"
    expected = []  # per ended game, in the order the records are written: (sha of final obs, its seat, winner)
    with VectorEnv(num_envs=6, opponent=opponent, seed=12, max_steps=max_steps, records=str(records)) as e:
        obs, info = e.reset()
        assert "final_obs" not in info
        rng = np.random.default_rng(12)
        turn = feature(e.obs_layout, "global", "turn")
        over = feature(e.obs_layout, "global", "decision.gameOver")
        while len(expected) < 8:
            seats = info["seat"]
            obs, reward, term, trunc, info = e.step(random_actions(obs["action_mask"], rng))
            done = term | trunc
            if not done.any():
                assert "final_obs" not in info and "final_info" not in info
                continue
            assert np.array_equal(info["_final_obs"], done) and np.array_equal(info["_final_info"], done)
            assert info["final_obs"].dtype == object and info["final_obs"].shape == (6,)
            for i in range(6):
                final = info["final_obs"][i]
                if not done[i]:
                    assert final is None
                    continue
                assert e.single_observation_space.contains(final)
                assert final["action_mask"].sum() == 0
                assert final["observation"][over] == (1 if term[i] else 0)
                # The returned observation is the next game's first decision, not the ended one.
                assert obs["observation"][i, turn] * 20 <= 1 and obs["action_mask"][i].sum() >= 2
                assert not np.array_equal(final["observation"], obs["observation"][i])
                # The final observation is the view of the seat the reward is for (the seat that chose).
                assert info["final_info"]["seat"][i] == seats[i]
                assert info["final_info"]["winner"][i] == info["winner"][i]
                if trunc[i]:
                    assert reward[i] == 0 and info["winner"][i] == -1
                expected.append((sha(final["observation"]), int(seats[i]), int(info["winner"][i])))
        if max_steps is not None:
            assert e.stats()["truncations"] >= 8
    lines = [json.loads(line) for line in records.read_text().splitlines()]
    views = node_final_views(records)
    assert len(lines) == len(expected)
    for record, seat_views, (final, seat, winner) in zip(lines, views, expected):
        assert seat_views[seat] == final
        assert (record["winner"] if record["winner"] is not None else -1) == winner
        if max_steps is not None:
            assert record["reason"] == "step-cap"
            if opponent != "self":
                assert record["agents"][seat] == "python"


def test_final_obs_survives_the_next_step_with_copy_false():
    with VectorEnv(num_envs=4, opponent="random", seed=2, max_steps=30, copy=False) as e:
        obs, info = e.reset()
        rng = np.random.default_rng(2)
        while True:
            obs, _r, term, trunc, info = e.step(random_actions(obs["action_mask"], rng))
            if (term | trunc).any():
                break
        i = int(np.flatnonzero(term | trunc)[0])
        kept = info["final_obs"][i]["observation"]
        before = kept.copy()
        e.step(random_actions(obs["action_mask"], rng))
        assert np.array_equal(kept, before)


def test_action_space_sample_with_a_mask_gives_only_allowed_actions():
    with VectorEnv(num_envs=4, opponent="self") as e:
        obs, _ = e.reset(seed=11)
        mask = obs["action_mask"]
        assert (mask.sum(axis=1) < e.client.action_size).all()  # so an unmasked draw would be illegal
        seen = [set() for _ in range(4)]
        for _ in range(200):
            actions = e.action_space.sample(mask=tuple(mask))
            assert actions.shape == (4,) and e.action_space.contains(actions)
            assert (mask[np.arange(4), actions] == 1).all()
            for i, a in enumerate(actions):
                seen[i].add(int(a))
        # Uniform among the allowed values: every one of them comes up.
        assert seen == [set(np.flatnonzero(row).tolist()) for row in mask]
        e.step(e.action_space.sample(mask=tuple(mask)))  # legal, so the server takes it


def test_action_space_sample_gives_start_where_a_mask_allows_nothing_as_discrete_does():
    from redzone import spaces

    multi, single = spaces.MultiDiscrete([3, 3]), spaces.Discrete(3)
    none, last = np.zeros(3, dtype=np.int8), np.array([0, 0, 1], dtype=np.int8)
    for _ in range(20):
        assert multi.sample(mask=(none, last)).tolist() == [0, 2]
        assert int(single.sample(none)) == 0 and int(single.sample(last)) == 2


@pytest.mark.parametrize(
    "mask, message",
    [
        (np.ones((2, 3), dtype=np.int8), "a tuple of 2 masks"),  # the batch's array itself, not tuple(...) of its rows
        ((np.ones(3, dtype=np.int8),), "a tuple of 2 masks, one per position, not 1"),
        ((np.ones(3, dtype=np.int8), np.ones(2, dtype=np.int8)), r"mask\[1\]: an int8 array of shape \(3,\), not int8 \(2,\)"),
        ((np.ones(3, dtype=np.int8), np.ones(3, dtype=np.int64)), r"mask\[1\]: an int8 array of shape \(3,\), not int64 \(3,\)"),
        ((np.ones(3, dtype=np.int8), np.array([0, 2, 1], dtype=np.int8)), r"mask\[1\]: zeros and ones only, not \[2\]"),
    ],
)
def test_a_bad_multidiscrete_mask_is_refused_naming_what_is_expected(mask, message):
    from redzone import spaces

    space = spaces.MultiDiscrete([3, 3], seed=1)
    state = space.np_random.bit_generator.state
    # The stand-ins (no gymnasium here) raise ValueError; Gymnasium's own classes assert.
    with pytest.raises(AssertionError if spaces.GYMNASIUM else ValueError, match=None if spaces.GYMNASIUM else message):
        space.sample(mask=mask)
    if not spaces.GYMNASIUM:  # the stand-in checks every position's mask before it draws any (Gymnasium's draws as it goes)
        assert space.np_random.bit_generator.state == state


def test_discrete_and_multidiscrete_refuse_the_same_bad_mask_values():
    from redzone import spaces

    bad = np.array([0, 2, 1], dtype=np.int8)
    error = AssertionError if spaces.GYMNASIUM else ValueError
    with pytest.raises(error):
        spaces.Discrete(3).sample(bad)
    with pytest.raises(error):
        spaces.MultiDiscrete([3]).sample(mask=(bad,))


@pytest.mark.parametrize("seed, error", [(-1, ValueError), (2**32, ValueError), (2**40, ValueError), (1.5, TypeError), ("a", TypeError), (True, TypeError)])
def test_reset_refuses_a_bad_seed_before_anything_changes(seed, error):
    with VectorEnv(num_envs=2, seed=3) as e:
        obs, _ = e.reset(seed=5)
        spaces_before = (e.action_space.np_random.bit_generator.state, e.single_action_space.np_random.bit_generator.state)
        with pytest.raises(error) as caught:
            e.reset(seed=seed)
        assert str(caught.value) == f"seed: a whole number from 0 to 4294967295, not {seed!r}"
        assert (e.action_space.np_random.bit_generator.state, e.single_action_space.np_random.bit_generator.state) == spaces_before
        assert np.array_equal(e.client.obs, obs["observation"])
        # A good reset after the refusal is the one it would have been.
        again, _ = e.reset(seed=5)
        assert np.array_equal(again["observation"], obs["observation"])
