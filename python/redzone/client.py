"""The client of ``redzone serve --stdio`` (protocol ``redzone-rl/3``).

One server process holds ``n`` games stepping in lockstep (redzone's ``VecEnv``). A request is one
binary frame; the answer to ``reset`` and ``step`` is one frame read into arrays numpy views
without a copy. Three transports give the same bytes. With ``delta`` (the default) the frame
carries the masks and only the floats of the observations that changed, with a few unchanged
ones (about 54 of each env's 4,156 a step, tens of kB a batch), which this process sets in its
own ``obs``. With ``shm`` the server
writes every observation and mask into a shared-memory file this process maps (a copy of the
whole ``n x obs_size`` array each batch); with ``pipe`` they all travel in the frame.

The arrays (``obs``, ``mask``, ``reward``, ``terminated``, ``truncated``, ``seat``, ``winner``)
are views that the next ``reset``/``step`` overwrites: copy what you keep (``obs`` and ``mask``
are read-only). ``final_obs`` (the final observations of the games that ended, each seat's) is a
new array after each request: it is yours to keep.
"""
from __future__ import annotations

import json
import mmap
import os
import select
import shlex
import shutil
import struct
import subprocess
import tempfile
from typing import Any, Optional, Sequence, Union

import numpy as np

PROTOCOL = "redzone-rl/3"

OP_HELLO = 1
OP_RESET = 2
OP_STEP = 3
OP_RESTART = 4
OP_OBSERVE = 5
OP_STATS = 6
OP_CLOSE = 7

OPPONENTS = ("random", "heuristic", "search", "self")

# The most envs one server holds (redzone's ``VecEnv``, the same number): an env's game is about
# 150 KB of Node's heap, and more games than this exhaust its default heap (the process dies minutes
# later, in an out-of-memory abort, not at the start). A larger batch is several servers: ``Workers``.
MAX_ENVS = 16384

# Far more than any HELLO answer (the layouts: about 17 KB). A command that is not a redzone server
# and prints text gives a "length" past this from its first four characters (printable bytes make at
# least 512 MiB), so it is said at once instead of read until it exits.
HELLO_MAX_BYTES = 16 * 1024 * 1024


class RedzoneError(Exception):
    """An error the server answered (``code`` is a redzone error code, e.g. ``invalid-argument``); the env is as before the request."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class ServerExited(RuntimeError):
    """The server process ended (its standard error went to this process's)."""


def default_command() -> list:
    """How to start the server: ``$REDZONE_SERVE`` (a command line, e.g. ``node /path/dist/cli.js
    serve --stdio``, or just the path of a ``cli.js``, run with the ``node`` on the PATH), else this
    checkout's ``dist/cli.js`` (``npm run build``), else ``redzone`` on the PATH."""
    env = os.environ.get("REDZONE_SERVE")
    if env:
        words = shlex.split(env)
        # A lone path to cli.js is what "the server is dist/cli.js" suggests setting: run it as the
        # checkout's own is run, rather than execute the file with no arguments (its help, not a server).
        if len(words) == 1 and words[0].endswith(".js"):
            return _node_command("REDZONE_SERVE", words[0])
        return words
    here = os.path.dirname(os.path.abspath(__file__))
    cli = os.path.normpath(os.path.join(here, "..", "..", "dist", "cli.js"))
    node = shutil.which("node")
    if os.path.isfile(cli) and node:
        return [node, cli, "serve", "--stdio"]
    redzone = shutil.which("redzone")
    if redzone:
        return [redzone, "serve", "--stdio"]
    raise FileNotFoundError(
        "redzone: no server found: build the project (`npm run build`, which writes dist/cli.js beside python/), "
        "install the npm package so `redzone` is on the PATH, or pass command=[...] / set REDZONE_SERVE"
    )


def _node_command(name: str, cli: str) -> list:
    """``node <cli> serve --stdio`` for a ``cli.js`` named by ``name`` (a clear error if it or node is missing)."""
    if not os.path.isfile(cli):
        raise FileNotFoundError(f"{name}: {cli!r} is not a file: set it to redzone's dist/cli.js (npm run build writes it) or to a whole command line, e.g. 'node /path/dist/cli.js serve --stdio'")
    node = shutil.which("node")
    if node is None:
        raise FileNotFoundError(f"{name}: {cli!r} is run with node, and there is no node on the PATH: install Node.js or set {name} to a whole command line")
    return [node, os.path.abspath(cli), "serve", "--stdio"]


def check_envs(name: str, n: Any) -> int:
    """``n`` envs for one server: a whole number from 1 to ``MAX_ENVS``, the error saying why that limit and what to do for more."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or int(n) <= MAX_ENVS:
        return _check_int(name, n, 1, MAX_ENVS)
    raise ValueError(
        f"{name}: a whole number from 1 to {MAX_ENVS}, not {int(n)}: a server holds at most {MAX_ENVS} envs "
        f"(each game is about 150 KB of Node's heap; more exhaust it and the server dies minutes later); "
        f"for a larger batch use more processes: redzone.Workers(n, workers=k) or VectorEnv(num_envs, workers=k) "
        f"with k of at least {-(-int(n) // MAX_ENVS)}, or several clients"
    )


def _check_int(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name}: a whole number from {low} to {high}, not {value!r}")
    value = int(value)
    if not low <= value <= high:
        raise ValueError(f"{name}: a whole number from {low} to {high}, not {value}")
    return value


def check_actions(actions, n: int, action_size: int) -> np.ndarray:
    """``actions`` as an array of ``n`` whole numbers from 0 to ``action_size - 1`` (``ValueError`` otherwise: no game is stepped)."""
    actions = np.asarray(actions)
    if actions.shape != (n,) or not np.issubdtype(actions.dtype, np.integer):
        raise ValueError(f"step: {n} integer actions (shape ({n},)), not {actions.dtype} {actions.shape}")
    bad = np.flatnonzero((actions < 0) | (actions >= action_size))
    if bad.size > 0:
        raise ValueError(f"step: action {actions[bad[0]]} of env {bad[0]} is not one of 0..{action_size - 1}; no game was stepped")
    return actions


def _trimmed(data: bytes, limit: int = 120) -> str:
    """``data`` for a message: its first ``limit`` bytes, and how many there were if more."""
    if len(data) <= limit:
        return repr(data)
    return f"{data[:limit]!r}... ({len(data)} bytes)"


class Rows:
    """The arrays of a batch split over several clients (``Workers``): ``obs`` (float32 [n, obs_size])
    and ``mask`` (int8 [n, action_size]), read-only; each client's delta frames write its own rows
    in place (``claim``), so the batch's arrays are never copied together."""

    def __init__(self, n: int):
        self.n = n
        self.obs = None
        self.mask = None
        self._obs_bits = None
        self._mask_bytes = None
        self._sizes = None

    def claim(self, first: int, count: int, obs_size: int, action_size: int):
        """Rows ``first .. first + count - 1`` for a client: its writable views (the observations' bits, the masks' bytes)."""
        if self._sizes is None:
            self._sizes = (obs_size, action_size)
            self._obs_bits = np.zeros(self.n * obs_size, dtype=np.uint32)
            self._mask_bytes = bytearray(self.n * action_size)
            self.obs = self._obs_bits.view(np.float32).reshape(self.n, obs_size)
            self.obs.flags.writeable = False
            self.mask = np.frombuffer(self._mask_bytes, dtype=np.int8).reshape(self.n, action_size)
            self.mask.flags.writeable = False
        if self._sizes != (obs_size, action_size) or first < 0 or first + count > self.n:
            raise RuntimeError(f"redzone: rows {first}..{first + count - 1} of sizes {obs_size}/{action_size} do not fit a batch of {self.n} with sizes {self._sizes}")
        bits = self._obs_bits[first * obs_size:(first + count) * obs_size]
        return bits, memoryview(self._mask_bytes)[first * action_size:(first + count) * action_size]


class Client:
    """``n`` redzone games in lockstep in a server process.

    ``opponent``: the built-in agent of the seat the learner does not play (``random``,
    ``heuristic``, ``search``) or ``self`` (the learner plays both seats; ``seat`` says who
    decides). ``seat``: the learner's seat, 0, 1 or ``alternate`` (game k of env i: seat
    (i + k) % 2). ``records``: a file the server appends every finished game's record to (JSONL,
    what ``redzone replay`` and ``redzone export`` read). ``transport``: ``auto`` (``delta``),
    ``delta``, ``shm`` or ``pipe``. ``command``: the server's command line (default: ``default_command()``).
    ``first_env``: the number in a batch split over several servers of this client's env 0
    (``Workers``): env i here plays what env ``first_env + i`` of the whole batch plays. ``n`` is at
    most ``MAX_ENVS`` (16384): a server of more would run out of memory; more envs are ``Workers``.

    ``step`` is ``step_async`` then ``step_wait``: between the two the server works while this
    process does anything else but talk to it (``Workers`` sends to every server, then waits).

    After each ``reset``/``step``/``restart``: ``final_envs`` (int64 [k]) lists the envs whose game
    ended on it (``terminated | truncated``) and ``final_obs`` (float32 [k, 2, obs_size]) holds,
    for each of them, seat 0's and seat 1's observation of the game that ended (``obs`` already
    describes the next game).
    """

    def __init__(
        self,
        n: int = 1,
        seed: int = 1,
        opponent: str = "random",
        seat: Union[int, str] = "alternate",
        decks: Optional[Sequence[Any]] = None,
        max_steps: Optional[int] = None,
        records: Optional[str] = None,
        transport: str = "auto",
        command: Optional[Sequence[str]] = None,
        first_env: int = 0,
        _into: Optional["Rows"] = None,
    ):
        n = check_envs("n", n)
        seed = _check_int("seed", seed, 0, 2**32 - 1)
        first_env = _check_int("first_env", first_env, 0, 2**31 - n)
        if opponent not in OPPONENTS:
            raise ValueError(f"opponent: one of {', '.join(OPPONENTS)}, not {opponent!r}")
        if seat not in (0, 1, "alternate"):
            raise ValueError(f"seat: 0, 1 or 'alternate', not {seat!r}")
        if transport not in ("auto", "delta", "shm", "pipe"):
            raise ValueError(f"transport: 'auto', 'delta', 'shm' or 'pipe', not {transport!r}")
        if transport == "auto":
            transport = "delta"
        if _into is not None and transport != "delta":
            raise ValueError(f"transport: rows of a shared batch are written by the delta transport only, not {transport!r}")
        options: dict = {"n": n, "seed": seed, "opponent": opponent, "seat": seat}
        if first_env != 0:
            options["firstEnv"] = first_env
        if decks is not None:
            if len(decks) != 2:
                raise ValueError("decks: a pair (seat 0's deck, seat 1's deck)")
            options["decks"] = list(decks)
        if max_steps is not None:
            options["maxSteps"] = _check_int("max_steps", max_steps, 1, 2**31 - 1)
        if records is not None:
            options["records"] = os.path.abspath(records)
        if transport == "delta":
            options["delta"] = True
        self._shm_path = None
        if transport == "shm":
            fd, self._shm_path = tempfile.mkstemp(prefix="redzone-rl-", dir="/dev/shm")
            os.close(fd)
            options["shm"] = self._shm_path

        self._closed = False
        self._broken = None
        self._waiting = False
        try:
            self.command = list(command) if command is not None else default_command()
            self._proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        except BaseException:
            self._closed = True
            if self._shm_path is not None:
                os.unlink(self._shm_path)
                self._shm_path = None
            raise
        self._header = bytearray(5)
        self._shm_map = None
        try:
            shm_file = open(self._shm_path, "r+b") if self._shm_path is not None else None
            try:
                info = self._hello(json.dumps(options).encode("utf-8"))
                if shm_file is not None:
                    # The server sized the file; the mapping outlives the file's name and this handle.
                    self._shm_map = mmap.mmap(shm_file.fileno(), int(info["shmBytes"]))
            finally:
                if shm_file is not None:
                    shm_file.close()
            if self._shm_path is not None:
                os.unlink(self._shm_path)  # both processes hold it: nothing is left behind if either dies
                self._shm_path = None
        except BaseException:
            self.close()
            raise
        if info.get("protocol") != PROTOCOL:
            self.close()
            raise RuntimeError(f"redzone: the server speaks {info.get('protocol')!r}, this client {PROTOCOL!r}")
        self.info = info
        self.n = n
        self.transport = info["transport"]
        self.obs_size = int(info["obsSize"])
        self.action_size = int(info["actionSize"])
        self.obs_version = int(info["obsVersion"])
        self.obs_layout = info["obsLayout"]
        self.action_layout = info["actionLayout"]
        head_bytes = int(info["headBytes"])
        shm_bytes = int(info["shmBytes"])
        self._head = bytearray(head_bytes)
        if self.transport == "shm":
            body = self._shm_map
        else:
            body = bytearray(shm_bytes)
        self._body = body
        self._body_view = memoryview(body)
        mask_offset = int(info["maskOffset"])
        # delta: the mask's bytes as the frame carries them; obs set float by float (``_obs_bits``).
        self._mask_view = self._body_view[mask_offset:mask_offset + n * self.action_size]
        self._obs_bits = np.frombuffer(body, dtype=np.uint32, count=n * self.obs_size, offset=0) if self.transport == "delta" else None
        if _into is not None:
            # This client's rows of a batch's shared arrays (``Rows``): the frames write there, in place.
            self._obs_bits, self._mask_view = _into.claim(first_env, n, self.obs_size, self.action_size)
        self._delta_count = bytearray(4)
        self._delta = np.empty(2 * 256 * n, dtype=np.uint32)
        self.reward = np.frombuffer(self._head, dtype=np.float32, count=n, offset=0)
        self.terminated = np.frombuffer(self._head, dtype=np.bool_, count=n, offset=4 * n)
        self.truncated = np.frombuffer(self._head, dtype=np.bool_, count=n, offset=5 * n)
        self.seat = np.frombuffer(self._head, dtype=np.uint8, count=n, offset=6 * n)
        self.winner = np.frombuffer(self._head, dtype=np.int8, count=n, offset=7 * n)
        if _into is None:
            self.obs = np.frombuffer(body, dtype=np.float32, count=n * self.obs_size, offset=0).reshape(n, self.obs_size)
            self.mask = np.frombuffer(body, dtype=np.int8, count=n * self.action_size, offset=mask_offset).reshape(n, self.action_size)
        else:
            self.obs = self._obs_bits.view(np.float32).reshape(n, self.obs_size)
            self.mask = np.frombuffer(self._mask_view, dtype=np.int8).reshape(n, self.action_size)
        if self.transport == "delta":
            # Only the frames write them (the server sends changes to what it last sent: a write of the caller's would stay).
            self.obs.flags.writeable = False
            self.mask.flags.writeable = False
        self._actions = np.zeros(n, dtype="<i4")
        self._observed = np.zeros(self.obs_size, dtype=np.float32)
        self._ended = np.zeros(n, dtype=np.bool_)
        self._no_finals = np.zeros((0, 2, self.obs_size), dtype=np.float32)
        self._no_envs = np.zeros(0, dtype=np.int64)
        self._no_envs.flags.writeable = False
        self._no_finals.flags.writeable = False
        self.final_envs = self._no_envs
        self.final_obs = self._no_finals
        self.reset(seed)

    # --- the protocol ---

    def _send(self, op: int, payload: bytes) -> None:
        if self._closed:
            raise RuntimeError("redzone: the client is closed")
        if self._waiting:
            raise RuntimeError("redzone: a step was sent and not waited for: call step_wait() first")
        if self._broken is not None:
            # A request cut short by the server's death (a broken pipe) leaves the client broken too:
            # the cause to say is the death, which every later request meets as well.
            if self._proc.poll() is not None:
                raise self._exited()
            raise RuntimeError(f"redzone: the client lost its place in the protocol ({self._broken}); make a new one")
        frame = memoryview(struct.pack("<IB", len(payload) + 1, op) + payload)
        try:
            done = 0
            while done < len(frame):  # a raw pipe may take fewer bytes at a time
                done += self._proc.stdin.write(frame[done:]) or 0
        except BaseException as error:
            self._broken = f"a request was cut short: {error!r}"
            if isinstance(error, (BrokenPipeError, OSError)):
                raise self._exited() from error
            raise

    def _disagree(self, problem: str) -> RuntimeError:
        """Client and server read a batch differently: no later answer can be trusted (``_broken``)."""
        self._broken = problem
        return RuntimeError(f"redzone: {problem}")

    def _read_into(self, view: memoryview) -> None:
        stream = self._proc.stdout
        done = 0
        total = len(view)
        try:
            while done < total:
                k = stream.readinto(view[done:])
                if not k:
                    raise self._exited()
                done += k
        except BaseException as error:
            # An answer read in part (an interrupt, a dead server) leaves the rest in the pipe: no later answer can be trusted.
            self._broken = f"an answer was cut short: {error!r}"
            raise

    def _exited(self, when: str = "") -> ServerExited:
        code = self._proc.poll()
        if code is None:
            try:
                code = self._proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                code = "still running"
        return ServerExited(f"redzone: the server ({' '.join(self.command)}) stopped answering{when} (exit code {code}); its messages are on standard error above")

    def _answer(self) -> int:
        """Reads a response's header; raises the server's error; the payload length."""
        self._read_into(memoryview(self._header))
        length, status = struct.unpack("<IB", self._header)
        if status not in (0, 1) or length < 1:
            raise self._disagree(f"an answer with status {status} and length {length}: client and server disagree")
        size = length - 1
        if status != 0:
            data = bytearray(size)
            self._read_into(memoryview(data))
            try:
                error = json.loads(data.decode("utf-8"))
            except ValueError:  # a UnicodeDecodeError is one too
                error = None
            if not isinstance(error, dict):
                raise self._disagree(f"an error answer that is not a JSON object ({_trimmed(bytes(data))}): client and server disagree")
            raise RedzoneError(error.get("code", "internal-error"), error.get("message", ""))
        return size

    def _hello(self, options: bytes) -> dict:
        """The HELLO exchange, every byte checked: a command that is not a redzone server (one that
        echoes, or prints text) is said as such, with what it sent, rather than read as a frame (a
        "length" of gigabytes, a stray JSON error); one that exits before a whole answer is ``ServerExited``."""
        try:
            self._send(OP_HELLO, options)
        except ServerExited as error:  # gone before the request was written: what it printed, if anything, says why
            printed = self._available()
            raise (self._not_a_server(printed) if printed else self._exited(" before its HELLO answer")) from error
        sent = self._read_hello(5)
        plausible = True  # what was sent so far may begin a HELLO answer
        if len(sent) == 5:
            length, status = struct.unpack("<IB", sent)
            plausible = status in (0, 1) and 1 <= length <= HELLO_MAX_BYTES
            if plausible:
                sent += self._read_hello(length - 1)
                if len(sent) == 4 + length:
                    try:
                        answer = json.loads(sent[5:].decode("utf-8"))
                    except ValueError:  # a UnicodeDecodeError is one too
                        answer = None
                    if isinstance(answer, dict) and status == 1 and isinstance(answer.get("code"), str):
                        raise RedzoneError(answer["code"], str(answer.get("message", "")))
                    if isinstance(answer, dict) and status == 0 and "protocol" in answer:
                        return answer
                    plausible = False
        # Not a HELLO answer: nothing later can be read as one.
        self._broken = "the command did not answer HELLO as a redzone server"
        if plausible:  # cut short: the output closed (a server that died starting, a command that printed nothing)
            raise self._exited(" before its HELLO answer" + (f" was whole (it sent {_trimmed(sent)})" if sent else ""))
        raise self._not_a_server(sent + self._available())

    def _not_a_server(self, sent: bytes) -> RuntimeError:
        """The error for a command that answered HELLO with ``sent``, which is not a redzone server's answer."""
        self._broken = "the command did not answer HELLO as a redzone server"
        code = self._proc.poll()
        return RuntimeError(
            f"redzone: {' '.join(self.command)} did not answer as a redzone server (`redzone serve --stdio`, protocol {PROTOCOL}): "
            f"it sent {_trimmed(sent)}" + ("" if code is None else f" and exited (exit code {code})")
            + "; pass command=[...] or set REDZONE_SERVE to a redzone server's command line, e.g. 'node /path/dist/cli.js serve --stdio'"
        )

    def _read_hello(self, count: int) -> bytes:
        """Up to ``count`` bytes of the HELLO answer: fewer only if the command closed its output."""
        got = bytearray()
        try:
            while len(got) < count:
                chunk = self._proc.stdout.read(count - len(got))
                if not chunk:
                    break
                got += chunk
        except BaseException as error:
            self._broken = f"the HELLO answer was cut short: {error!r}"
            raise
        return bytes(got)

    def _available(self, limit: int = 200, wait: float = 0.2) -> bytes:
        """What else the command has written (up to ``limit`` bytes, waiting at most ``wait`` s): context for an error."""
        got = b""
        fd = self._proc.stdout.fileno()
        while len(got) < limit and select.select([fd], [], [], wait)[0]:
            chunk = os.read(fd, limit - len(got))
            if not chunk:
                break
            got += chunk
        return got

    def _request(self, op: int, payload: bytes = b"") -> bytes:
        self._send(op, payload)
        size = self._answer()
        data = bytearray(size)
        self._read_into(memoryview(data))
        return bytes(data)

    def _batch(self, op: int, payload: bytes) -> None:
        self._send(op, payload)
        self._receive_batch()

    def _receive_batch(self) -> None:
        size = self._answer()
        head = len(self._head)
        # The bytes of obs and mask in the frame: none with shm, all with pipe, counted as read with delta.
        body = len(self._body) if self.transport == "pipe" else 0
        if size < head + body:
            raise self._disagree(f"a batch of {size} bytes, expected at least {head + body}: client and server disagree")
        self._read_into(memoryview(self._head))
        if self.transport == "pipe":
            self._read_into(self._body_view)
        elif self.transport == "delta":
            body = self._read_delta(size - head)
        # The final observations of the envs that ended: only those travel, each seat's.
        np.logical_or(self.terminated, self.truncated, out=self._ended)
        envs = np.flatnonzero(self._ended)
        final_bytes = len(envs) * 2 * self.obs_size * 4
        if size != head + body + final_bytes:
            raise self._disagree(f"a batch of {size} bytes, expected {head + body + final_bytes}: client and server disagree")
        if len(envs) == 0:
            self.final_envs, self.final_obs = self._no_envs, self._no_finals
            return
        finals = np.empty((len(envs), 2, self.obs_size), dtype=np.float32)
        self._read_into(memoryview(finals).cast("B"))
        self.final_envs, self.final_obs = envs, finals

    def _read_delta(self, room: int) -> int:
        """The delta transport's part of a batch (the masks, then the floats of obs that changed, set in place); its bytes."""
        mask_bytes = len(self._mask_view)
        if room < mask_bytes + 4:
            raise self._disagree(f"a delta batch with {room} bytes after its head, expected at least {mask_bytes + 4}: client and server disagree")
        self._read_into(self._mask_view)
        self._read_into(memoryview(self._delta_count))
        (count,) = struct.unpack("<I", self._delta_count)
        if mask_bytes + 4 + 8 * count > room or count > len(self._obs_bits):
            raise self._disagree(f"a delta batch of {count} floats in {room} bytes: client and server disagree")
        if 2 * count > len(self._delta):
            self._delta = np.empty(2 * max(count, len(self._delta)), dtype=np.uint32)
        delta = self._delta[: 2 * count]
        self._read_into(memoryview(delta).cast("B"))
        index = delta[:count]
        if count > 0 and int(index.max()) >= len(self._obs_bits):
            raise self._disagree("a delta batch names a float past the observations: client and server disagree")
        # The new values' bits into the observations' bits: each float exactly as the server holds it.
        self._obs_bits[index] = delta[count:]
        return mask_bytes + 4 + 8 * count

    # --- the env ---

    def reset(self, seed: Optional[int] = None) -> None:
        """Every env starts a game: game 0 of a new seed stream (``seed``), or each its next game (None)."""
        value = float("nan") if seed is None else float(_check_int("seed", seed, 0, 2**32 - 1))
        self._batch(OP_RESET, struct.pack("<d", value))

    def step(self, actions) -> None:
        """One masked action per env (``actions[i]`` allowed by ``mask[i]``); the arrays then describe each env's next decision.
        An action the mask does not allow raises ``RedzoneError`` and steps no env."""
        self.step_async(actions)
        self.step_wait()

    def step_async(self, actions) -> None:
        """The first half of ``step``: checks and sends the actions; the server steps while this returns.
        Nothing else may be asked of this client before ``step_wait``."""
        self._actions[:] = check_actions(actions, self.n, self.action_size)
        self._send(OP_STEP, self._actions.tobytes())
        self._waiting = True

    def step_wait(self) -> None:
        """The second half of ``step``: reads the batch (the arrays then describe each env's next decision);
        an action the mask did not allow raises ``RedzoneError`` here, and no env of this client moved."""
        if not self._waiting:
            raise RuntimeError("redzone: step_wait() without a step_async() before it")
        self._waiting = False
        self._receive_batch()

    def restart(self, env: int) -> None:
        """Abandons env ``env``'s game (no record) and starts its next one."""
        self._batch(OP_RESTART, struct.pack("<I", _check_int("env", env, 0, self.n - 1)))

    def observe(self, env: int, seat: int, out: Optional[np.ndarray] = None) -> np.ndarray:
        """Seat ``seat``'s observation of env ``env`` now (its own view: what a player not deciding sees)."""
        env = _check_int("env", env, 0, self.n - 1)
        seat = _check_int("seat", seat, 0, 1)
        target = self._observed if out is None else out
        if not isinstance(target, np.ndarray) or target.dtype != np.float32 or target.shape != (self.obs_size,) or not target.flags.c_contiguous or not target.flags.writeable:
            raise ValueError(f"observe: out is a writable contiguous float32 array of shape ({self.obs_size},)")
        self._send(OP_OBSERVE, struct.pack("<II", env, seat))
        size = self._answer()
        if size != self.obs_size * 4:
            raise self._disagree(f"an observation of {size} bytes, expected {self.obs_size * 4}")
        self._read_into(memoryview(target).cast("B"))
        return target if out is not None else target.copy()

    def stats(self) -> dict:
        """The server env's counters (steps, autoSteps, decisions, games, rejected, errors, truncations, overflow)."""
        return json.loads(self._request(OP_STATS))

    def close(self) -> None:
        if getattr(self, "_closed", True):
            return
        try:
            if self._proc.poll() is None and self._broken is None:
                try:
                    self._send(OP_CLOSE, b"")
                    self._answer()
                except Exception:
                    pass  # a goodbye only: the process is stopped below whatever it answered
        finally:
            self._closed = True
            for stream in (self._proc.stdin, self._proc.stdout):
                try:
                    stream.close()
                except OSError:
                    pass
            try:
                self._proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
            if self._shm_path is not None and os.path.exists(self._shm_path):
                os.unlink(self._shm_path)
                self._shm_path = None

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

