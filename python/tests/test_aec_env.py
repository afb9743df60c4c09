"""PettingZoo's AEC API, checked as PettingZoo's api_test does: agents and spaces, agent_iter /
last / step, action masks in the observation (int8), dead steps with None, rewards, seeds."""
import numpy as np
import pytest

from conftest import feature, node_final_views, sha
from redzone import AECEnv, RedzoneError, env as make_env


@pytest.fixture()
def aec():
    e = make_env()
    yield e
    e.close()


def play(e, seed, rng, max_iter=20000):
    """Plays one game with random masked actions; the trace of (agent, obs bytes, mask bytes, reward, done)."""
    e.reset(seed=seed)
    trace = []
    for agent in e.agent_iter(max_iter):
        obs, reward, termination, truncation, info = e.last()
        assert e.observation_space(agent).contains(obs), agent
        done = termination or truncation
        trace.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward, done))
        if done:
            action = None
        else:
            action = e.action_space(agent).sample(obs["action_mask"])
            if rng is not None:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        e.step(action)
    return trace


def test_agents_and_spaces(aec):
    aec.reset(seed=1)
    assert aec.possible_agents == ["player_0", "player_1"]
    assert aec.agents == aec.possible_agents and aec.num_agents == 2 and aec.max_num_agents == 2
    for agent in aec.agents:
        # The same space object on every call, as PettingZoo's api_test asks.
        assert aec.observation_space(agent) is aec.observation_space(agent)
        assert aec.action_space(agent) is aec.action_space(agent)
        assert aec.observation_space(agent)["action_mask"].dtype == np.int8
    assert set(aec.rewards) == set(aec.terminations) == set(aec.truncations) == set(aec.infos) == set(aec.agents)
    assert aec.agent_selection in aec.agents


def test_a_whole_game_ends_with_dead_steps_and_opposite_rewards(aec):
    trace = play(aec, seed=3, rng=np.random.default_rng(3))
    assert aec.agents == []
    finals = [t for t in trace if t[4]]
    # Each agent gets exactly one dead step, with the game's final reward.
    assert sorted(t[0] for t in finals) == ["player_0", "player_1"]
    rewards = {t[0]: t[3] for t in finals}
    assert rewards["player_0"] == -rewards["player_1"]
    assert abs(rewards["player_0"]) in (0.0, 1.0)
    # Only the agent to act has a mask; a dead agent's mask is empty.
    for agent, _obs, mask, _reward, done in trace:
        assert (np.frombuffer(mask, dtype=np.int8).sum() == 0) == done


def test_only_the_agent_to_act_decides_and_the_other_observes_its_own_view(aec):
    aec.reset(seed=4)
    i_decide = feature(aec.client.obs_layout, "global", "iDecide")
    me = aec.agent_selection
    other = [a for a in aec.agents if a != me][0]
    mine = aec.observe(me)
    theirs = aec.observe(other)
    assert mine["observation"][i_decide] == 1 and mine["action_mask"].sum() >= 2
    assert theirs["observation"][i_decide] == 0 and theirs["action_mask"].sum() == 0
    assert not np.array_equal(mine["observation"], theirs["observation"])


def test_seeds_reproduce_games_and_different_seeds_differ():
    a, b = make_env(), make_env()
    try:
        t1 = play(a, seed=8, rng=np.random.default_rng(1))
        t2 = play(b, seed=8, rng=np.random.default_rng(1))
        t3 = play(b, seed=9, rng=np.random.default_rng(1))
    finally:
        a.close()
        b.close()
    assert t1 == t2
    assert t1 != t3


def test_reset_without_a_seed_after_a_game_plays_the_next_game(aec):
    first = play(aec, seed=5, rng=np.random.default_rng(0))
    aec.reset()
    assert aec.agents == ["player_0", "player_1"]
    obs, reward, term, trunc, _ = aec.last()
    assert not term and not trunc and reward == 0
    assert obs["observation"].tobytes() != first[0][1] or obs["action_mask"].tobytes() != first[0][2]


def test_reset_mid_game_abandons_it(aec):
    aec.reset(seed=6)
    for _ in range(10):
        obs = aec.last()[0]
        aec.step(int(np.flatnonzero(obs["action_mask"])[0]))
    aec.reset()
    assert aec.agents == ["player_0", "player_1"] and not any(aec.terminations.values())
    turn = feature(aec.client.obs_layout, "global", "turn")
    assert aec.last()[0]["observation"][turn] * 20 <= 1


def test_bad_actions_are_refused_and_the_game_is_unchanged(aec):
    aec.reset(seed=7)
    obs = aec.last()[0]
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(RedzoneError):
        aec.step(bad)
    assert np.array_equal(aec.last()[0]["observation"], obs["observation"])
    with pytest.raises(ValueError):
        aec.step(None)  # None is for a dead agent only


def test_a_dead_agent_must_step_with_none(aec):
    trace = []
    aec.reset(seed=3)
    rng = np.random.default_rng(3)
    for agent in aec.agent_iter():
        obs, _r, term, trunc, _ = aec.last()
        if term or trunc:
            with pytest.raises(ValueError):
                aec.step(0)
            aec.step(None)
            trace.append(agent)
            continue
        aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert len(trace) == 2


def test_the_env_class_is_the_factorys():
    e = make_env()
    try:
        assert isinstance(e, AECEnv) and e.unwrapped is e and e.metadata["is_parallelizable"] is False
    finally:
        e.close()


def test_a_dead_step_clears_the_step_rewards_so_last_gives_each_agent_its_own_total_once(aec):
    aec.reset(seed=3)
    rng = np.random.default_rng(3)
    seen = {}
    for agent in aec.agent_iter():
        obs, reward, term, trunc, _ = aec.last()
        if term or trunc:
            seen[agent] = reward
            # What PettingZoo's api_test checks: the reward `last` gives is the agent's accumulated reward.
            assert reward == aec._cumulative_rewards[agent]
            aec.step(None)
            assert all(r == 0.0 for r in aec.rewards.values())
            continue
        aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(seen) == ["player_0", "player_1"] and seen["player_0"] == -seen["player_1"]


def test_reset_takes_options_as_the_apis_do():
    e = make_env()
    try:
        e.reset(seed=0, options={"options": 1})
        assert e.agents == ["player_0", "player_1"]
    finally:
        e.close()


def play_to_the_end(e, seed, rng):
    """Plays random masked actions until the game ends; then each agent's observation (before any dead step)."""
    e.reset(seed=seed)
    for agent in e.agent_iter():
        obs, _r, term, trunc, _ = e.last()
        if term or trunc:
            return {a: e.observe(a) for a in e.possible_agents}
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    raise AssertionError("the game did not end")


def test_at_the_end_both_agents_observe_the_finished_game_from_their_own_seat():
    e = make_env(seed=1)
    try:
        layout = e.client.obs_layout
        over, lost, their_lost = (feature(layout, "global", "decision.gameOver"), feature(layout, "me", "lost"), feature(layout, "opponent", "lost"))
        views = play_to_the_end(e, 3, np.random.default_rng(3))
        assert all(e.terminations.values())
        winner = e.infos["player_0"]["winner"]
        assert winner in ("player_0", "player_1")
        loser = "player_1" if winner == "player_0" else "player_0"
        for agent, obs in views.items():
            # The final state, not the agent's view at its last decision: the game is over in it.
            assert obs["observation"][over] == 1, agent
            assert obs["action_mask"].sum() == 0, agent
        assert views[winner]["observation"][their_lost] == 1 and views[winner]["observation"][lost] == 0
        assert views[loser]["observation"][lost] == 1 and views[loser]["observation"][their_lost] == 0
        # last() on each dead step gives the same observation.
        for agent in e.agent_iter():
            assert np.array_equal(e.last()[0]["observation"], views[agent]["observation"])
            e.step(None)
        assert e.agents == [] and all(np.array_equal(e.observe(a)["observation"], views[a]["observation"]) for a in views)
    finally:
        e.close()


@pytest.mark.parametrize("max_steps, ending", [(None, "terminated"), (60, "truncated")])
def test_the_final_observations_are_nodes_of_the_replayed_game(tmp_path, max_steps, ending):
    records = tmp_path / "games.jsonl"
    e = make_env(records=str(records), max_steps=max_steps)
    try:
        seen = []
        for seed in (4, 5):
            views = play_to_the_end(e, seed, np.random.default_rng(seed))
            assert all((e.terminations if ending == "terminated" else e.truncations).values())
            seen.append([sha(views[a]["observation"]) for a in ("player_0", "player_1")])
    finally:
        e.close()
    assert node_final_views(records) == seen


def test_after_a_truncation_both_agents_have_zero_rewards_and_empty_masks():
    e = make_env(max_steps=40)
    try:
        views = play_to_the_end(e, 2, np.random.default_rng(2))
        assert all(e.truncations.values()) and not any(e.terminations.values())
        assert e.rewards == {"player_0": 0.0, "player_1": 0.0}
        assert all(e.infos[a]["winner"] is None for a in e.agents)
        assert all(v["action_mask"].sum() == 0 for v in views.values())
    finally:
        e.close()


@pytest.mark.parametrize("action", [1.5, 0.9, 1.0, np.float64(0.0), "0", True, np.bool_(False), np.array([0]), [0], b"\x00"])
def test_step_refuses_an_action_that_is_not_one_integer_and_the_game_does_not_move(aec, action):
    aec.reset(seed=1)
    obs = aec.last()[0]
    assert obs["action_mask"][0] == 1 and obs["action_mask"][1] == 1  # 0 and 1 are both moves: a conversion would take one
    agent = aec.agent_selection
    with pytest.raises(TypeError, match=r"^action: expected one integer") as caught:
        aec.step(action)
    assert "env" not in str(caught.value)
    assert aec.agent_selection == agent and np.array_equal(aec.last()[0]["observation"], obs["observation"])
    assert aec.client.stats()["steps"] == 0
    # Integers of numpy's types are actions (what action_space(agent).sample(mask) gives), and a 0-d integer array is one.
    aec.step(np.int8(0))
    aec.step(np.array(int(np.flatnonzero(aec.last()[0]["action_mask"])[0])))
    assert aec.client.stats()["steps"] == 2


def test_an_array_of_one_action_is_refused_in_the_agents_terms(aec):
    aec.reset(seed=1)
    with pytest.raises(TypeError) as caught:
        aec.step(np.array([0]))
    assert str(caught.value) == "action: expected one integer, got an array of shape (1,) (int64)"


def test_an_integer_outside_the_mask_is_refused_naming_the_agent_not_an_env(aec):
    aec.reset(seed=1)
    agent = aec.agent_selection
    obs = aec.last()[0]
    with pytest.raises(RedzoneError) as caught:
        aec.step(23)
    assert obs["action_mask"][23] == 0
    assert caught.value.code == "invalid-argument"
    assert caught.value.message.startswith(f"action 23 is not allowed by the action mask of {agent} (allowed: 0, 1)")
    assert "env" not in caught.value.message
    for bad in (-1, aec.client.action_size, 2**40):
        with pytest.raises(ValueError, match=rf"^action: expected an integer from 0 to {aec.client.action_size - 1}, got {bad}"):
            aec.step(bad)
    assert aec.agent_selection == agent and np.array_equal(aec.last()[0]["observation"], obs["observation"])
    assert aec.client.stats()["steps"] == 0


def test_last_observe_and_step_after_close_raise_instead_of_giving_stale_arrays():
    e = make_env()
    e.reset(seed=1)
    e.close()
    for name, call in (("last", lambda: e.last()), ("observe", lambda: e.observe("player_0")), ("step", lambda: e.step(0)), ("reset", lambda: e.reset())):
        with pytest.raises(RuntimeError, match=rf"^AECEnv: closed \({name} after close\(\)"):
            call()
