"""redzone's learning environment in Python (numpy only).

- ``Client``: the protocol to ``redzone serve --stdio`` (N games in lockstep; zero-copy arrays).
- ``Workers``: a batch split over several servers (one core each), with ``Client``'s interface.
- ``VectorEnv``: the Gymnasium vector API (``reset``, ``step``, masks in the observation dict; ``workers=``).
- ``AECEnv`` / ``env()``: a two-player env with PettingZoo's AEC API.
"""
from .client import Client, RedzoneError, ServerExited, default_command, PROTOCOL
from .workers import Workers
from .vector import VectorEnv
from .aec import AECEnv, env, raw_env

__all__ = ["Client", "RedzoneError", "ServerExited", "default_command", "PROTOCOL", "Workers", "VectorEnv", "AECEnv", "env", "raw_env"]
__version__ = "0.1.1"
