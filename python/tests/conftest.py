"""The tests run against this checkout's server (dist/cli.js, `npm run build`) unless REDZONE_SERVE says otherwise."""
import os
import sys

import pytest

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))

if not os.environ.get("REDZONE_SERVE") and not os.path.isfile(os.path.join(ROOT, "dist", "cli.js")):
    raise pytest.UsageError("redzone's python tests need the built server: run `npm run build` first (dist/cli.js)")


def feature(layout: dict, section: str, name: str) -> int:
    """The index in the observation of a global or player feature (OBS_LAYOUT)."""
    offset = next(s["offset"] for s in layout["sections"] if s["name"] == section)
    table = layout["global"] if section == "global" else layout["player"]
    return offset + next(f["index"] for f in table if f["name"] == name)


def random_actions(mask, rng):
    """A uniformly random allowed action per row of `mask`."""
    import numpy as np

    return np.argmax(rng.random(mask.shape, dtype=np.float32) * mask, axis=1)


# Replays each record of a games file in Node (redzone/sim's `replay`) and prints, per record, the
# sha256 of each seat's observation of the final state (redzone/rl's `observe`): the oracle for the
# final observations the envs give.
FINAL_VIEWS_SCRIPT = r"""
import { readFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
const { replay, worldOf } = await import(process.argv[2])
const { observe, OBS_SIZE } = await import(process.argv[3])
const lines = readFileSync(process.argv[1], 'utf8').split('\n').filter((l) => l.length > 0)
const out = lines.map((line) => {
  const record = JSON.parse(line)
  const world = worldOf(replay(record, { maxSteps: record.maxSteps }))
  return world.playerOrder.map((player) => {
    const obs = new Float32Array(OBS_SIZE)
    observe(world, player, obs)
    return createHash('sha256').update(new Uint8Array(obs.buffer)).digest('hex')
  })
})
process.stdout.write(JSON.stringify(out))
"""


def node_final_views(records_path) -> list:
    """For each record of `records_path`, in order: [sha256 of seat 0's final observation, of seat 1's]."""
    import json
    import subprocess

    dist = os.path.join(ROOT, "dist")
    run = subprocess.run(
        ["node", "--input-type=module", "-e", FINAL_VIEWS_SCRIPT, str(records_path), "file://" + os.path.join(dist, "sim.js"), "file://" + os.path.join(dist, "rl.js")],
        capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def sha(array) -> str:
    import hashlib

    return hashlib.sha256(array.tobytes()).hexdigest()
