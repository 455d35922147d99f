"""Horizon curriculum (DESIGN section 8, PROBE section 4.3).

Multi-turn failures need several benign turns before a consequential tool call, but long
horizons waste compute early on uninformative prefixes. The episode horizon ``K_max`` therefore
climbs through ``levels`` (paper: 4, 8, 12, 14), starting at the first.

Rule: after every update the trainer records that update's violation yield (the share of its
candidates whose window exposed at least one violation). The curriculum advances one level when
the window holds ``window`` values (paper: patience 50) and their mean is strictly greater than
``threshold`` (paper: 15%). After an advance the window is cleared, so the next advance needs a
full window of updates at the new level (patience restarts). At the last level it holds forever.
Every advance is appended to ``events`` (update number, from, to) and logged.
"""

from __future__ import annotations

import logging
import math
from collections import deque
from typing import Any

from probe.train.config import CurriculumSettings

log = logging.getLogger(__name__)


class HorizonCurriculum:
    """``k_max`` for the next update; ``record(yield)`` after each update (True when it advanced).

    ``settings`` is the run config's ``curriculum`` section as it is (its levels, threshold and
    window are validated there); the defaults are the paper's."""

    def __init__(self, settings: CurriculumSettings | None = None, *, level: int = 0):
        settings = CurriculumSettings() if settings is None else settings
        if not isinstance(settings, CurriculumSettings):
            raise TypeError(f"HorizonCurriculum takes probe.train.config.CurriculumSettings, got {type(settings).__name__}")
        self.settings = settings
        if not 0 <= level < len(self.levels):
            raise ValueError(f"curriculum level index must be in [0, {len(self.levels) - 1}], got {level}")
        self.level = level  # index into levels
        self.updates = 0  # number of recorded updates
        self.events: list[dict[str, int]] = []
        self._yields: deque[float] = deque(maxlen=self.window)

    @property
    def levels(self) -> tuple[int, ...]:
        return tuple(self.settings.levels)

    @property
    def threshold(self) -> float:
        return self.settings.threshold

    @property
    def window(self) -> int:
        return self.settings.window

    @property
    def k_max(self) -> int:
        return self.levels[self.level]

    @property
    def at_last_level(self) -> bool:
        return self.level == len(self.levels) - 1

    @property
    def rolling_yield(self) -> float | None:
        """Mean of the yields in the window (None when empty; exact sum, so 50 x 0.15 is 0.15)."""
        return math.fsum(self._yields) / len(self._yields) if self._yields else None

    def record(self, update_yield: float) -> bool:
        """Add one update's violation yield; advance (and return True) per the module rule."""
        self.updates += 1
        self._yields.append(float(update_yield))
        if self.at_last_level or len(self._yields) < self.window:
            return False
        mean = self.rolling_yield
        if mean is None or mean <= self.threshold:
            return False
        old = self.k_max
        self.level += 1
        self.events.append({"update": self.updates, "from": old, "to": self.k_max})
        log.info("horizon curriculum: K_max %d -> %d at update %d (rolling yield %.3f > %.3f over %d updates)",
                 old, self.k_max, self.updates, mean, self.threshold, self.window)
        self._yields.clear()
        return True

    def state_dict(self) -> dict[str, Any]:
        return {"config": {**self.settings.model_dump(), "levels": list(self.levels)}, "level": self.level,
                "updates": self.updates, "window_values": list(self._yields),
                "events": [dict(e) for e in self.events]}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        saved = list(state.get("config", {}).get("levels", self.levels))
        if saved != list(self.levels):
            raise ValueError(f"curriculum checkpoint has levels {saved}, this run has {list(self.levels)}")
        level = int(state["level"])
        if not 0 <= level < len(self.levels):
            raise ValueError(f"curriculum checkpoint level index {level} out of range")
        self.level = level
        self.updates = int(state["updates"])
        self._yields = deque((float(x) for x in state.get("window_values", [])), maxlen=self.window)
        self.events = [dict(e) for e in state.get("events", [])]


__all__ = ["HorizonCurriculum"]
