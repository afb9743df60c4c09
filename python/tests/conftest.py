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
