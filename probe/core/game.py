"""The auditing game as a Gymnasium environment (DESIGN section 6).

One episode: the auditor (the agent of this env) plays a customer. Each action is its next user
message; the target answers, calling tools against the episode's private state. The observation
is the auditor's information set -- scenario text, redacted public dialogue and the turn number
-- built only by ``probe.core.observation.public_observation``. Everything private (the raw trace with
tool calls and outputs, violations, the scenario record) travels in ``info`` for trainers and
verifiers.

Reward: by default, the sum of severities of violations that are *new* in this step (a violation
is identified by its policy and message index, so re-scoring the whole trace every turn does not
pay twice). The composite reward of DESIGN section 7 plugs in through ``reward_fn(info)``.

Episodes end (``terminated``) when the target ends the conversation or when the auditor loops
(its last three messages are identical after normalisation), and are ``truncated`` at
``max_turns``. ``fork()`` copies the environment so one prefix can be continued several ways.

Every known environment is registered under the Gymnasium id its package declares
(``probe.core.registry.gym_id``; ``ENV_IDS`` maps env name -> id), lazily: the entry point is
this class with ``kwargs={"env": name}``, so no environment is built until ``gymnasium.make``::

    import gymnasium, probe.core.game
    env = gymnasium.make("probe/Mock-v0", faults="demo")
"""

from __future__ import annotations

import copy
import re
from typing import Any, Callable

import gymnasium
import numpy as np
from gymnasium import spaces

from probe.core.domain import Domain
from probe.core.episode import Episode
from probe.core.observation import prompt_shingles, public_observation
from probe.core.policy import Violation
from probe.core.registry import default_env, env_names, get_domain, gym_id

PRINTABLE = "".join(chr(c) for c in range(32, 127))  # printable ASCII including space
ACTION_MAX_CHARS = 2000
SCENARIO_MAX_CHARS = 20_000
DIALOGUE_MAX_CHARS = 2_000_000
LOOP_REPEATS = 3


class FreeText(spaces.Text):
    """A Text space that contains any ``str`` up to ``max_length`` (any characters).

    Gymnasium's ``Text`` only contains strings over its charset; customer and agent messages are
    free text (accents, currency symbols, ...). Sampling still draws from the charset, with the
    length capped at ``sample_max_length`` so that samples of a huge space stay small.
    """

    def __init__(self, max_length: int, *, min_length: int = 0, charset: str = PRINTABLE,
                 sample_max_length: int = 200, seed: int | np.random.Generator | None = None):
        super().__init__(max_length, min_length=min_length, charset=charset, seed=seed)
        self.sample_max_length = max(min_length, min(sample_max_length, max_length))

    def contains(self, x: Any) -> bool:
        return isinstance(x, str) and self.min_length <= len(x) <= self.max_length

    def sample(self, mask: Any = None, probability: Any = None) -> str:
        if mask is None and probability is None:
            length = int(self.np_random.integers(max(self.min_length, 1), self.sample_max_length + 1))
            mask = (length, None)
        return super().sample(mask=mask, probability=probability)

    def __repr__(self) -> str:
        return f"FreeText({self.min_length}, {self.max_length})"


def _normalize(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


class AuditGame(gymnasium.Env):
    """Auditor-vs-target episode over any registered domain. See the module docstring."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, env: str | None = None, target: str = "reference", faults: str | list[str] | None = "none",
                 max_turns: int = 8, split: str = "train", family: str | None = None,
                 reward_fn: Callable[[dict[str, Any]], float] | None = None, render_mode: str | None = None,
                 target_factory: Callable[[], Any] | None = None, target_options: dict[str, Any] | None = None):
        if split not in ("train", "heldout"):
            raise ValueError(f"unknown split {split!r}; allowed: train, heldout")
        if max_turns < 1:
            raise ValueError(f"max_turns must be >= 1, got {max_turns}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"unknown render_mode {render_mode!r}; allowed: None, ansi")
        env = env or default_env()  # the documented default environment (envs.DEFAULT_ENV)
        self.domain: Domain = get_domain(env)
        if family is not None and family not in self.domain.families:
            raise ValueError(f"unknown family {family!r}; allowed: {', '.join(self.domain.families)}")
        self.env_name, self.target_kind, self.split, self.family = env, target, split, family
        self.faults = self.domain.resolve_faults(faults)
        self.max_turns = int(max_turns)
        self.reward_fn = reward_fn
        self.render_mode = render_mode
        # a fresh target per episode: target_factory() when given (tests, custom agents), else
        # probe.targets.make_target(kind, faults, **target_options) -- reference, openai, hf, replay
        self.target_factory = target_factory
        self.target_options = dict(target_options or {})
        if target_factory is None:
            self._make_target()  # bad kind or options fail here, in one line
        self.action_space = FreeText(ACTION_MAX_CHARS, min_length=1)
        self.observation_space = spaces.Dict({
            "scenario": FreeText(SCENARIO_MAX_CHARS),
            "dialogue": FreeText(DIALOGUE_MAX_CHARS),
            "turn": spaces.Discrete(self.max_turns + 1),
        })
        self._shingles = prompt_shingles(self.domain.system_prompt)
        self._policy_ids = list(self.domain.redacted_ids())  # redacted in any case or spacing
        self.episode: Episode | None = None
        self.scenario: dict[str, Any] = {}
        self._seen: set[tuple[str, int]] = set()
        self._private: list[str] = []
        self._pending = False  # play_turn() done, finish_turn() not yet

    # --- gymnasium API ------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        super().reset(seed=seed)
        options = options or {}
        seeds = self.domain.train_seeds if self.split == "train" else self.domain.heldout_seeds
        index = seed if seed is not None else int(self.np_random.integers(len(seeds)))
        scenario_seed = seeds[index % len(seeds)]
        if "scenario" in options:
            scenario = copy.deepcopy(dict(options["scenario"]))
        else:
            family = options.get("family", self.family)
            scenario = (self.domain.scenario(family, scenario_seed) if family is not None
                        else self.domain.sample_scenario(scenario_seed))
        self.scenario = scenario
        episode_id = f"ep-{self.env_name}-{scenario.get('family', 'custom')}-{scenario.get('seed', scenario_seed)}"
        target = self.target_factory() if self.target_factory is not None else self._make_target()
        self.episode = Episode(self.domain, scenario, target, episode_id)
        self._seen = set()
        self._pending = False
        self._private = list(self.domain.private_strings(scenario)) + self._policy_ids
        return self._observation(), {"scenario": copy.deepcopy(scenario), "episode_id": episode_id}

    def step(self, action: str):
        self.play_turn(action)
        return self.finish_turn()

    def play_turn(self, action: str) -> None:
        """The first half of ``step``: add the user message and let the target answer it.

        Nothing is verified or scored here, so the rollout engine can run only this part on its
        target pool (the time it reports as target time) and score on its own thread."""
        if self.episode is None:
            raise RuntimeError("call reset() before step()")
        if not isinstance(action, str):
            raise TypeError(f"action must be a str (the next user message), got {type(action).__name__}")
        if self._pending:
            raise RuntimeError("finish_turn() the previous play_turn() first")
        self.episode.user_turn(action[:ACTION_MAX_CHARS])
        self._pending = True

    def finish_turn(self, *, full_info: bool = True):
        """The second half of ``step``: verify, find the new violations, build the observation.

        Returns ``step``'s tuple. ``full_info=False`` leaves the deep copies out of ``info`` (no
        ``trace``, no ``scenario``) unless a ``reward_fn`` needs them: callers that read
        ``self.episode.messages`` directly (the rollout engine) save a copy of the dialogue per turn."""
        if not self._pending:
            raise RuntimeError("call play_turn() before finish_turn()")
        self._pending = False
        episode = self.episode
        violations = episode.violations()
        new = [v for v in violations if (v.policy, v.message_index) not in self._seen]
        self._seen.update((v.policy, v.message_index) for v in new)
        info: dict[str, Any] = {"new_violations": new, "violations": violations, "turn": episode.turns}
        if full_info or self.reward_fn is not None:
            info["trace"] = episode.to_trace(violations)
            info["scenario"] = copy.deepcopy(self.scenario)
        reward = float(self.reward_fn(info)) if self.reward_fn is not None else self._severity_reward(new)
        terminated = bool(episode.ended or self._looping())
        truncated = bool(not terminated and episode.turns >= self.max_turns)
        return self._observation(), reward, terminated, truncated, info

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        obs = self._observation()
        return f"{obs['scenario']}\n{obs['dialogue']}\n"

    # --- forking ------------------------------------------------------------------------------
    def fork(self) -> "AuditGame":
        """An independent copy: same scenario, dialogue, state, counters; nothing shared but the domain.

        Call it on the unwrapped env (``env.unwrapped.fork()``); branches never affect each other.
        """
        other = copy.copy(self)
        other.scenario = copy.deepcopy(self.scenario)
        if self.episode is not None:
            other.episode = self.episode.fork()
            other.episode.scenario = other.scenario
        other._seen = set(self._seen)
        other._private = list(self._private)
        other._np_random = copy.deepcopy(self._np_random)
        other.action_space = copy.deepcopy(self.action_space)
        other.observation_space = copy.deepcopy(self.observation_space)
        return other

    def _make_target(self) -> Any:
        from probe.targets import make_target

        faults = self.faults if self.target_kind == "reference" else ()
        return make_target(self.domain, self.target_kind, faults, **self.target_options)

    # --- internals ----------------------------------------------------------------------------
    def _observation(self) -> dict[str, Any]:
        messages = self.episode.messages if self.episode is not None else []
        obs: dict[str, Any] = public_observation(self.domain.scenario_text(self.scenario), messages,
                                                 self._private, self._shingles)
        obs["turn"] = int(self.episode.turns if self.episode is not None else 0)
        return obs

    def _severity_reward(self, new: list[Violation]) -> float:
        severity = self.domain.severity
        return float(sum(severity.get(v.policy, 0.0) for v in new))

    def _looping(self) -> bool:
        users = [_normalize(str(m.get("content") or "")) for m in self.episode.messages if m.get("role") == "user"]
        return len(users) >= LOOP_REPEATS and len(set(users[-LOOP_REPEATS:])) == 1


def register_envs() -> dict[str, str]:
    """Register every known environment with Gymnasium (idempotent); env name -> Gymnasium id."""
    ids: dict[str, str] = {}
    for name in env_names():
        ids[name] = gid = gym_id(name)
        if gid not in gymnasium.registry:
            gymnasium.register(id=gid, entry_point="probe.core.game:AuditGame", kwargs={"env": name})
    return ids


ENV_IDS: dict[str, str] = register_envs()
ENV_ID = ENV_IDS.get(default_env(), "")  # the default environment's id

__all__ = ["AuditGame", "FreeText", "ENV_ID", "ENV_IDS", "PRINTABLE", "register_envs"]
