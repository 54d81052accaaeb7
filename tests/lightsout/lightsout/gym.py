"""The Gymnasium adapter of Lights Out: one action per light, the lights as the observation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from puzzlekit.gym import Adapter, Observation


class LightsOutAdapter(Adapter):
    """Boards of *params* (``WIDTHxHEIGHT``), observed as ``(height, width)`` 0/1 lights."""

    name = "lightsout"
    palette = np.array([[40, 40, 40], [255, 217, 47]], dtype=np.uint8)

    def __init__(self, params: Any = None, **options: Any) -> None:
        super().__init__(params, **options)
        shape = (self.params.height, self.params.width)
        self.observation_space = spaces.Box(0, 1, shape, np.int8)

    def action_texts(self) -> Sequence[str]:
        return [f"{row},{col}" for row in range(self.params.height)
                for col in range(self.params.width)]

    def observe(self, state: Any) -> Observation:
        cells = self.params.width * self.params.height
        bits = [state.lights >> index & 1 for index in range(cells)]
        return np.array(bits, dtype=np.int8).reshape(self.params.height, self.params.width)

    def picture(self, state: Any) -> npt.NDArray[np.intp]:
        return self.observe(state).astype(np.intp)
