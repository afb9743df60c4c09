"""The client and the protocol: Node and Python give the same bytes for the same seed, both
transports agree, bad input is refused with a clear error, a dead server is said."""
import hashlib
import json
import os
import subprocess
import sys

import numpy as np
import pytest

from conftest import ROOT
from redzone import Client, RedzoneError, ServerExited

# The same deterministic choice in both languages: the (step mod count)-th allowed action of each env.
NODE_SCRIPT = r"""
import { VecEnv } from %s
const [n, seed, steps, opponent] = JSON.parse(process.argv[1])
const env = new VecEnv({ n, seed, opponent })
const { createHash } = await import('node:crypto')
const hash = createHash('sha256')
const actions = new Int32Array(n)
const put = () => {
  hash.update(new Uint8Array(env.obs.buffer, env.obs.byteOffset, env.obs.byteLength))
  hash.update(env.mask)
  hash.update(new Uint8Array(env.reward.buffer))
  hash.update(env.seat)
  for (let i = 0; i < n; i++) {
    if (env.terminated[i] || env.truncated[i]) hash.update(new Uint8Array(env.finalObs.buffer, i * 2 * env.obsSize * 4, 2 * env.obsSize * 4))
  }
}
put()
for (let s = 0; s < steps; s++) {
  for (let i = 0; i < n; i++) {
    const row = env.mask.subarray(i * env.actionSize, (i + 1) * env.actionSize)
    const allowed = []
    for (let a = 0; a < row.length; a++) if (row[a] === 1) allowed.push(a)
    actions[i] = allowed[s %% allowed.length]
  }
  env.step(actions)
  put()
}
process.stdout.write(hash.digest('hex'))
"""


def python_hash(client: Client, steps: int) -> str:
    h = hashlib.sha256()

    def put():
        h.update(client.obs.tobytes())
        h.update(client.mask.tobytes())
        h.update(client.reward.tobytes())
        h.update(client.seat.tobytes())
        h.update(client.final_obs.tobytes())

    put()
    for s in range(steps):
        actions = np.array([np.flatnonzero(row)[s % int(row.sum())] for row in client.mask])
        client.step(actions)
        put()
    return h.hexdigest()


@pytest.mark.parametrize("opponent", ["self", "heuristic"])
def test_node_and_python_give_identical_observations_for_the_same_seed(opponent):
    n, seed, steps = 6, 1234, 400
    rl = json.dumps("file://" + os.path.join(ROOT, "dist", "rl.js"))
    node = subprocess.run(
        ["node", "--input-type=module", "-e", NODE_SCRIPT % rl, json.dumps([n, seed, steps, opponent])],
        capture_output=True, text=True, check=True, timeout=300,
    )
    with Client(n=n, seed=seed, opponent=opponent) as client:
        mine = python_hash(client, steps)
        assert client.stats()["games"] > 0  # so the final observations are compared too
    assert len(node.stdout) == 64
    assert mine == node.stdout


def test_the_delta_shared_memory_and_pipe_transports_give_the_same_bytes():
    clients = [Client(n=5, seed=77, opponent="self", transport=t, max_steps=60) for t in ("delta", "shm", "pipe")]
    try:
        assert [c.transport for c in clients] == ["delta", "shm", "pipe"]
        hashes = [python_hash(c, 200) for c in clients]
        assert hashes[0] == hashes[1] == hashes[2]
        assert clients[0].stats()["truncations"] > 0  # final observations crossed every transport
    finally:
        for c in clients:
            c.close()


def test_the_delta_transport_keeps_every_float_of_obs_across_resets_restarts_and_game_ends():
    # Many steps, new seeds and restarts: after each, obs as the deltas built it equals obs sent whole.
    with Client(n=7, seed=5, opponent="self", transport="delta", max_steps=90) as d, Client(n=7, seed=5, opponent="self", transport="pipe", max_steps=90) as p:
        assert d.transport == "delta" and p.transport == "pipe"
        rng = np.random.default_rng(3)
        for s in range(600):
            if s % 150 == 149:
                d.reset(s)
                p.reset(s)
            elif s % 97 == 96:
                d.restart(s % 7)
                p.restart(s % 7)
            else:
                actions = np.array([rng.choice(np.flatnonzero(row)) for row in p.mask])
                d.step(actions)
                p.step(actions)
            assert np.array_equal(d.obs.view(np.uint32), p.obs.view(np.uint32)), f"obs differ after request {s}"
            assert np.array_equal(d.mask, p.mask)
        assert d.stats()["games"] > 5


def test_the_delta_transport_hands_out_read_only_obs_and_mask():
    with Client(n=2, transport="delta") as c:
        with pytest.raises(ValueError):
            c.obs[0, 0] = 1.0
        with pytest.raises(ValueError):
            c.mask[0, 0] = 1


def test_final_obs_lists_the_envs_that_ended_with_both_seats_views():
    with Client(n=4, seed=6, opponent="self", max_steps=50) as c:
        assert c.final_obs.shape == (0, 2, c.obs_size) and len(c.final_envs) == 0
        while len(c.final_envs) == 0:
            c.step(np.array([np.flatnonzero(r)[0] for r in c.mask]))
        ended = np.flatnonzero(c.terminated | c.truncated)
        assert np.array_equal(c.final_envs, ended)
        assert c.final_obs.shape == (len(ended), 2, c.obs_size) and c.final_obs.dtype == np.float32
        assert not np.array_equal(c.final_obs[0, 0], c.final_obs[0, 1])
        kept = c.final_obs
        c.step(np.array([np.flatnonzero(r)[0] for r in c.mask]))
        assert c.final_obs is not kept  # a new array per request: what was handed out stays


@pytest.fixture()
def shm_files(monkeypatch):
    """The shared-memory files the client creates (other processes on the machine may make their own)."""
    import redzone.client as client_module

    made = []
    real = client_module.tempfile.mkstemp

    def spy(*args, **kwargs):
        fd, path = real(*args, **kwargs)
        made.append(path)
        return fd, path

    monkeypatch.setattr(client_module.tempfile, "mkstemp", spy)
    return made


def test_the_shared_memory_file_is_gone_once_the_client_is_up(shm_files):
    with Client(n=2, transport="shm"):
        assert len(shm_files) == 1 and not os.path.exists(shm_files[0])


def test_observe_gives_each_seat_its_own_view():
    with Client(n=1, seed=5, opponent="self") as c:
        decider = int(c.seat[0])
        mine = c.observe(0, decider)
        theirs = c.observe(0, 1 - decider)
        assert mine.dtype == np.float32 and mine.shape == (c.obs_size,)
        assert np.array_equal(mine, c.obs[0])
        assert not np.array_equal(theirs, mine)
        with pytest.raises(ValueError):
            c.observe(0, 2)
        with pytest.raises(ValueError):
            c.observe(1, 0)


def test_restart_starts_the_next_game_of_one_env():
    with Client(n=3, seed=8, opponent="self") as c:
        for _ in range(30):
            c.step(np.array([np.flatnonzero(r)[0] for r in c.mask]))
        others = c.obs[1:].copy()
        c.restart(0)
        assert np.array_equal(c.obs[1:], others)
        assert c.stats()["games"] == 0  # an abandoned game is not counted


@pytest.mark.parametrize(
    "kwargs, error",
    [
        (dict(n=0), ValueError),
        (dict(n=1.5), TypeError),
        (dict(seed=-1), ValueError),
        (dict(opponent="alphazero"), ValueError),
        (dict(seat=2), ValueError),
        (dict(transport="tcp"), ValueError),
        (dict(decks=["green-white"]), ValueError),
    ],
)
def test_bad_arguments_are_refused_before_a_server_starts(kwargs, error):
    with pytest.raises(error):
        Client(**kwargs)


def test_the_server_refuses_an_unknown_deck_by_name():
    with pytest.raises(RedzoneError) as caught:
        Client(decks=["green-white", "no-such-deck"])
    assert caught.value.code == "invalid-argument" and "no-such-deck" in caught.value.message


def test_records_are_written_and_replay(tmp_path):
    path = tmp_path / "games.jsonl"
    with Client(n=4, seed=2, opponent="random", records=str(path)) as c:
        rng = np.random.default_rng(2)
        while c.stats()["games"] < 6:
            c.step(np.argmax(rng.random(c.mask.shape, dtype=np.float32) * c.mask, axis=1))
    lines = path.read_text().splitlines()
    assert len(lines) >= 6
    assert all(json.loads(line)["format"] == "redzone-game/1" for line in lines)
    replay = subprocess.run(["node", os.path.join(ROOT, "dist", "cli.js"), "replay", str(path), "--quiet"], capture_output=True, text=True, timeout=300)
    assert replay.returncode == 0, replay.stdout + replay.stderr
    assert f"{len(lines)} replayed, 0 differ" in replay.stdout


def test_a_server_that_dies_is_said_not_hung():
    c = Client(n=1)
    c._proc.kill()
    c._proc.wait()
    with pytest.raises(ServerExited):
        c.step(np.array([np.flatnonzero(c.mask[0])[0]]))
    c.close()


def test_a_missing_server_says_how_to_get_one_and_leaves_no_file_behind(shm_files):
    with pytest.raises(FileNotFoundError):
        Client(command=["/nonexistent/redzone", "serve", "--stdio"], transport="shm")
    assert len(shm_files) == 1 and not os.path.exists(shm_files[0])


def test_a_server_that_refuses_hello_leaves_no_file_behind(shm_files):
    with pytest.raises(RedzoneError):
        Client(decks=["green-white", "no-such-deck"], transport="shm")
    assert len(shm_files) == 1 and not os.path.exists(shm_files[0])


def test_a_bad_out_array_is_refused_before_anything_is_sent_and_the_client_goes_on():
    with Client(n=2, seed=3, opponent="self") as c:
        with pytest.raises(ValueError):
            c.observe(0, 1, out=np.zeros(3, np.float32))
        assert c.stats()["steps"] == 0
        c.step(np.array([np.flatnonzero(r)[0] for r in c.mask]))
        assert c.stats()["steps"] == 2


def test_actions_out_of_the_action_range_are_refused_not_wrapped():
    with Client(n=1, seed=3) as c:
        legal = int(np.flatnonzero(c.mask[0])[0])
        with pytest.raises(ValueError):
            c.step(np.array([legal + 2**32], dtype=np.int64))
        with pytest.raises(ValueError):
            c.step(np.array([-1]))
        assert c.stats()["steps"] == 0


def test_a_client_that_lost_its_place_says_so_instead_of_reading_garbage():
    c = Client(n=1)
    c._broken = "simulated"
    with pytest.raises(RuntimeError, match="lost its place"):
        c.stats()
    c.close()


def test_without_a_server_anywhere_the_error_says_how_to_get_one(monkeypatch):
    import redzone.client as client_module

    monkeypatch.delenv("REDZONE_SERVE", raising=False)
    monkeypatch.setattr(client_module.os.path, "isfile", lambda path: False)
    monkeypatch.setattr(client_module.shutil, "which", lambda name: None)
    with pytest.raises(FileNotFoundError, match="npm run build.*REDZONE_SERVE"):
        client_module.default_command()


@pytest.mark.parametrize("n", [16385, 65536])
def test_a_server_holds_at_most_16384_envs_and_the_error_says_why_and_what_to_do(n):
    with pytest.raises(ValueError) as caught:
        Client(n=n)
    message = str(caught.value)
    assert message.startswith(f"n: a whole number from 1 to 16384, not {n}: ")
    assert "Node's heap" in message and "redzone.Workers" in message and "several clients" in message
    assert f"at least {-(-n // 16384)}" in message


def test_a_command_that_is_not_a_redzone_server_is_said_with_what_it_sent():
    # /bin/cat echoes the HELLO frame: an "error" whose payload is the options, not a redzone answer.
    with pytest.raises(RuntimeError) as caught:
        Client(2, command=["/bin/cat"])
    message = str(caught.value)
    assert message.startswith("redzone: /bin/cat did not answer as a redzone server")
    assert '"opponent": "random"' in message and "REDZONE_SERVE" in message
    # A command that prints text: its first bytes would be a length of gigabytes; said at once, trimmed.
    with pytest.raises(RuntimeError) as caught:
        Client(2, command=[sys.executable, "-c", "import os; os.write(1, b'usage: not-a-server [options]\\n' * 50)"])
    message = str(caught.value)
    assert "did not answer as a redzone server" in message and "b'usage: not-a-server [options]" in message
    # The header's 5 bytes and the next 200 the command wrote (in one write), shown up to 120: four of its lines
    # (then " and exited (exit code 0)" or not, as the command is gone by then or not).
    assert "it sent b'" + "usage: not-a-server [options]\\n" * 4 + "'... (205 bytes)" in message
    assert len(message) < 600
    # One that exits without a word has stopped, as a server that dies starting has.
    with pytest.raises(ServerExited, match="before its HELLO answer"):
        Client(2, command=["/bin/true"])


def test_a_server_that_dies_is_said_on_every_request_after():
    c = Client(n=1)
    c._proc.kill()
    c._proc.wait()
    action = np.array([np.flatnonzero(c.mask[0])[0]])
    for request in (lambda: c.step(action), lambda: c.step(action), lambda: c.stats(), lambda: c.reset(3)):
        with pytest.raises(ServerExited, match="exit code -9"):
            request()
    c.close()


def test_redzone_serve_may_be_the_path_of_cli_js(monkeypatch):
    import shutil

    import redzone.client as client_module

    cli = os.path.join(ROOT, "dist", "cli.js")
    monkeypatch.setenv("REDZONE_SERVE", cli)
    assert client_module.default_command() == [shutil.which("node"), cli, "serve", "--stdio"]
    with Client(n=2, seed=4) as c:
        assert c.command[1:] == [cli, "serve", "--stdio"] and c.mask.shape == (2, c.action_size)
    # A command line is taken as it is; a .js that is not there is said.
    monkeypatch.setenv("REDZONE_SERVE", f"node {cli} serve --stdio")
    assert client_module.default_command() == ["node", cli, "serve", "--stdio"]
    monkeypatch.setenv("REDZONE_SERVE", "/nonexistent/dist/cli.js")
    with pytest.raises(FileNotFoundError, match=r"^REDZONE_SERVE: '/nonexistent/dist/cli.js' is not a file"):
        client_module.default_command()
