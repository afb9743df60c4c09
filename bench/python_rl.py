"""The learning environment driven from Python (python/redzone): masked random steps per second of
N games in lockstep, self-play, observations and masks read through the client's zero-copy arrays.
Prints one JSON line. Run by bench/rl.ts with Debian's /usr/bin/python3 (numpy)."""
import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import numpy as np  # noqa: E402

from redzone import Client  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--n", type=int, default=256)
parser.add_argument("--seconds", type=float, default=5.0)
parser.add_argument("--seed", type=int, default=1)
parser.add_argument("--transport", default="auto")
args = parser.parse_args()

with Client(n=args.n, seed=args.seed, opponent="self", transport=args.transport) as client:
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
        return (end["steps"] - start["steps"]) / elapsed, end

    run(min(2.0, args.seconds))
    rate, stats = run(args.seconds)
    print(json.dumps({"stepsPerSec": rate, "n": args.n, "transport": client.transport, "rejected": stats["rejected"], "errors": stats["errors"], "steps": stats["steps"]}))
