"""The learning environment driven from Python (python/redzone): masked random steps per second of
N games in lockstep, self-play, observations and masks read through the client's zero-copy arrays.
Run by bench/rl.ts with Debian's /usr/bin/python3 (numpy).

Alone it warms up, measures ``--seconds`` and prints one JSON line. With ``--rounds``, it keeps one
client (and its server) for the whole run, so that the rounds bench/rl.ts alternates with its
in-process ones compare two loops warmed alike: after ``--warmup`` seconds it prints
``{"ready": true}``, then for each line ``{"seconds": S}`` on standard input runs S seconds and
prints that round's JSON line, until ``{"quit": true}`` or the end of input."""
import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import numpy as np  # noqa: E402

from redzone import Client, Workers  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--n", type=int, default=256)
parser.add_argument("--seconds", type=float, default=5.0)
parser.add_argument("--warmup", type=float, default=2.0)
parser.add_argument("--seed", type=int, default=1)
parser.add_argument("--transport", default="auto")
parser.add_argument("--workers", type=int, default=1, help="server processes the envs are split over (redzone.Workers)")
parser.add_argument("--rounds", action="store_true", help="rounds on request (standard input), one client throughout")
args = parser.parse_args()

def make():
    if args.workers > 1:
        return Workers(n=args.n, workers=args.workers, seed=args.seed, opponent="self", transport=args.transport)
    return Client(n=args.n, seed=args.seed, opponent="self", transport=args.transport)


with make() as client:
    rng = np.random.default_rng(args.seed)
    noise = np.empty(client.mask.shape, dtype=np.float32)

    def run(seconds):
        start = client.stats()
        t0 = time.perf_counter()
        batches = 0
        while time.perf_counter() - t0 < seconds:
            for _ in range(5):
                rng.random(out=noise, dtype=np.float32)
                np.multiply(noise, client.mask, out=noise)
                client.step(np.argmax(noise, axis=1))
                batches += 1
        elapsed = time.perf_counter() - t0
        end = client.stats()
        return {"stepsPerSec": (end["steps"] - start["steps"]) / elapsed, "n": args.n, "transport": client.transport, "workers": args.workers, "rejected": end["rejected"], "errors": end["errors"], "steps": end["steps"]}

    def say(line):
        print(json.dumps(line), flush=True)

    if not args.rounds:
        run(min(args.warmup, args.seconds))
        say(run(args.seconds))
    else:
        warm = run(args.warmup)
        say({"ready": True, "warmupStepsPerSec": warm["stepsPerSec"]})
        for line in sys.stdin:
            request = json.loads(line)
            if request.get("quit"):
                break
            say(run(float(request["seconds"])))
