"""redzone's learning environment in Python (numpy only).

- ``Client``: the protocol to ``redzone serve --stdio`` (N games in lockstep; zero-copy arrays).
- ``VectorEnv``: the Gymnasium vector API (``reset``, ``step``, masks in the observation dict).
- ``AECEnv`` / ``env()``: a two-player env with PettingZoo's AEC API.
"""
from .client import Client, RedzoneError, ServerExited, default_command, PROTOCOL
from .vector import VectorEnv
from .aec import AECEnv, env, raw_env

__all__ = ["Client", "RedzoneError", "ServerExited", "default_command", "PROTOCOL", "VectorEnv", "AECEnv", "env", "raw_env"]
__version__ = "0.1.1"
