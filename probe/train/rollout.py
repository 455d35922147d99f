"""The shared rollout engine (DESIGN section 8): one batch format for GRPO, DPO and GFlowNet.

One call of ``RolloutEngine.collect`` produces the data of one update:

1. pick ``prefixes`` training scenarios and, for each, its own candidate turn ``t_b`` drawn
   uniformly from ``1 .. K_max`` (seeded by ``seed`` and the update number), so that every
   curriculum level trains customer messages at several depths, openers and later turns alike;
2. roll the current auditor for ``t_b - 1`` turns to build each prefix;
3. sample ``G`` candidate customer messages from every shared prefix;
4. fork the game once per candidate and continue each branch for ``C`` turns, the auditor
   sampling without gradient (the branch's turn limit is ``t_b + C``, so every window is complete:
   ``K_max`` bounds how deep the candidate turn lies, not where its window is cut);
5. score every turn with the verifiers and the composite reward and give candidate ``i`` the
   return ``R_i = sum_{k=t}^{t+C} gamma^(k-t) r_k``.

Sampling settings: every prefix and continuation turn samples at ``temperature`` / ``top_p`` /
``max_new_tokens``, whatever the optimizer; only the candidate messages use
``candidate_temperature`` when it is set (GFlowNet's off-policy exploration temperature), so the
rollout interface is the same for GRPO, DPO and GFlowNet and only the sampled candidates differ.

Generation is batched across everything that needs a customer message at the same turn: one
``auditor.generate`` call per turn of the rollout, never one per message (prefixes of different
depths share the calls of the turns they have in common; all candidates are one call). Target turns of all
branches run concurrently on a thread pool (``target_workers``) for model targets: HTTP targets
overlap their requests. The in-process reference target is CPU-bound Python under the GIL and gains
nothing from threads (the benchmark showed it), so its turns run on the engine's own thread
(``probe.train.threads.target_pool_size``).

The auditor only ever sees ``AuditGame`` observations (public scenario text and redacted public
dialogue). Everything private (traces, violations) stays on the engine's side.
"""

from __future__ import annotations

import copy
import json
import random
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

import torch

from probe.core.game import AuditGame
from probe.core.registry import get_domain
from probe.core.trace import Trace
from probe.train.config import RolloutSettings
from probe.train.families import FamilySampler
from probe.train.reward import CompositeReward, EpisodeRewardState, TurnReward, discounted_return
from probe.train.threads import target_pool_size


class SamplingAuditor(Protocol):
    """What the engine needs from an auditor (probe.auditor.model.Auditor implements it)."""

    def prompt(self, scenario_text: str, dialogue: list[dict[str, str]]) -> str: ...

    def generate(self, prompts: list[str], *, max_new_tokens: int, temperature: float, top_p: float,
                 seed: int | None) -> Any: ...


@dataclass(frozen=True)
class SamplingSettings:
    """How an auditor writes its messages: generation settings and the prompt variant.

    ``of_run`` reads them from a training run's config, so that evaluating a checkpoint samples
    the way it was trained: ``rollout.max_new_tokens`` / ``temperature`` / ``top_p`` (for GFlowNet
    ``rollout.temperature`` is the non-exploration temperature; ``gfn.exploration_temperature``
    is a training-time exploration device for candidates only) and the reward variant's
    ``auditor_prompt`` / ``scenario_conditioning``. The defaults are what ``probe eval`` uses for
    an auditor without a run config."""

    max_new_tokens: int = 40
    temperature: float = 0.8
    top_p: float = 1.0
    prompt_style: str = "customer"
    scenario_conditioning: bool = True
    source: str = "defaults"

    @classmethod
    def of_run(cls, config: Any, source: str = "run config") -> "SamplingSettings":
        from probe.train.loop import reward_config  # noqa: PLC0415  (training imports this module)

        r, rc = config.rollout, reward_config(config.reward)
        return cls(max_new_tokens=r.max_new_tokens, temperature=r.temperature, top_p=r.top_p,
                   prompt_style=rc.auditor_prompt, scenario_conditioning=rc.scenario_conditioning, source=source)

    def overridden(self, **values: Any) -> "SamplingSettings":
        """A copy with the given (non-None) values; ``source`` names what was overridden."""
        given = {k: v for k, v in values.items() if v is not None}
        if not given:
            return self
        fields = {**self.__dict__, **given}
        fields["source"] = f"{self.source}; overridden: {', '.join(sorted(given))}"
        return SamplingSettings(**fields)

    def apply_prompt(self, auditor: Any) -> None:
        """Set the auditor's prompt variant (``probe.auditor.model.Auditor.prompt`` reads it)."""
        if hasattr(auditor, "prompt_style"):
            auditor.prompt_style = self.prompt_style
            auditor.scenario_conditioning = self.scenario_conditioning

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)

    def describe(self) -> str:
        return (f"max_new_tokens={self.max_new_tokens}, temperature={self.temperature:g}, top_p={self.top_p:g}, "
                f"prompt={self.prompt_style}, scenario={'yes' if self.scenario_conditioning else 'no'} "
                f"({self.source})")


@dataclass
class RolloutBatch:
    """The one batch every loss consumes. Row ``i`` is candidate ``i`` (groups are contiguous)."""

    prompt_ids: list[list[int]]  # the shared-prefix prompt of the candidate's group
    candidate_ids: list[list[int]]  # the candidate message's tokens (the only ones with gradient)
    old_logprobs: list[list[float]]  # per candidate token, under the sampling policy
    returns: torch.Tensor  # [N] discounted return of each candidate's window
    group_ids: torch.Tensor  # [N] which shared prefix the candidate belongs to
    candidate_texts: list[str]
    prompts: list[str]
    traces: list[Trace]  # one per candidate: prefix + candidate + continuation
    turn_rewards: list[list[TurnReward]]  # per candidate, r_t .. r_{t+C}
    policy_hits: Counter  # per policy, hits inside the candidates' windows
    candidate_turn: list[int]  # t of each candidate (1-based)
    k_max: int
    stats: dict[str, Any] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.candidate_ids)

    @property
    def violation_yield(self) -> float:
        """Share of candidates whose window exposed at least one violation (drives the curriculum)."""
        if not self.turn_rewards:
            return 0.0
        hit = sum(any(tr.violations for tr in window) for window in self.turn_rewards)
        return hit / len(self.turn_rewards)

    def padded(self, pad_id: int) -> dict[str, torch.Tensor]:
        """Right-padded ``prompt + candidate`` ids with an attention mask and a mask that is 1 on
        candidate tokens only (what the losses use)."""
        rows = [p + c for p, c in zip(self.prompt_ids, self.candidate_ids)]
        width = max(len(r) for r in rows)
        input_ids = torch.full((len(rows), width), pad_id, dtype=torch.long)
        attention = torch.zeros((len(rows), width), dtype=torch.long)
        completion = torch.zeros((len(rows), width), dtype=torch.long)
        for i, (p, c) in enumerate(zip(self.prompt_ids, self.candidate_ids)):
            input_ids[i, : len(p) + len(c)] = torch.tensor(p + c, dtype=torch.long)
            attention[i, : len(p) + len(c)] = 1
            completion[i, len(p): len(p) + len(c)] = 1
        return {"input_ids": input_ids, "attention_mask": attention, "completion_mask": completion}


@dataclass
class _Branch:
    """One live conversation inside the engine, with its reward bookkeeping."""

    game: AuditGame
    obs: dict[str, Any]
    reward_state: EpisodeRewardState
    done: bool = False
    window: list[TurnReward] = field(default_factory=list)
    judge_log: list[dict[str, Any]] = field(default_factory=list)  # the judge's verdicts per turn (if any)
    customer: Any = None  # rollout.prefix_customer: the corpus customer writing this prefix (None: the auditor)

    def fork(self) -> "_Branch":
        return _Branch(self.game.fork(), dict(self.obs), self.reward_state.fork(), self.done, list(self.window),
                       copy.deepcopy(self.judge_log))


class RolloutEngine:
    """Collects the batch of one update (module docstring). ``settings`` is the run config's
    ``rollout`` section as it is; what it does not hold comes from the rest of the run: the
    environment, the reference target's kind and faults, the run's seed, and the candidates'
    temperature (GFlowNet's ``gfn.exploration_temperature``; None = ``settings.temperature``)."""

    def __init__(self, settings: RolloutSettings, reward: CompositeReward, *, env: str, target: str = "reference",
                 faults: str = "demo", seed: int = 0, candidate_temperature: float | None = None,
                 target_factory: Callable[[], Any] | None = None, judge: Any = None):
        if not isinstance(settings, RolloutSettings):
            raise TypeError(f"RolloutEngine takes probe.train.config.RolloutSettings, got {type(settings).__name__}")
        if candidate_temperature is not None and not candidate_temperature > 0:
            raise ValueError(f"gfn.exploration_temperature must be > 0, got {candidate_temperature}")
        self.settings = settings
        self.env, self.target, self.faults, self.seed = env, target, faults, seed
        self.candidate_temperature = candidate_temperature
        self.reward = reward
        self.target_factory = target_factory
        self.judge = judge  # probe.train.judge.Judge or None (verifier-only reward, the default)
        # the in-process reference target runs on this thread; model targets on target_workers threads
        self.pool_size = target_pool_size(target_factory is None, settings.target_workers)
        self.pool = (ThreadPoolExecutor(max_workers=self.pool_size, thread_name_prefix="target")
                     if self.pool_size > 1 else None)
        self.generate_calls: list[int] = []  # batch size of every generate call (for the benchmark)
        self.families = FamilySampler(get_domain(env).families, settings.scenario_sampling,
                                      beta=settings.prioritized_beta, rho=settings.prioritized_rho, seed=seed)

    def state_dict(self) -> dict[str, Any]:
        """What a resumed run needs to draw the same scenarios: the family sampler's state."""
        return {"families": self.families.state_dict()}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        if self.families.mode != "uniform":  # uniform keeps no state (checkpoints written before it have none)
            self.families.load_state_dict(state["families"])

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True)

    # --- the update ---------------------------------------------------------------------------
    def collect(self, auditor: SamplingAuditor, step: int, k_max: int) -> RolloutBatch:
        cfg = self.settings
        wall0 = time.perf_counter()
        timers = {"generate_s": 0.0, "target_s": 0.0, "score_s": 0.0, "generate_calls": 0, "generate_batch_sizes": [],
                  "judge_s": 0.0, "judge_calls": 0, "judge_failures": 0}
        rng = random.Random(f"rollout:{self.seed}:{step}")
        prefixes: list[_Branch] = []
        depth: dict[int, int] = {}  # id(branch) -> its candidate turn t_b
        for k in range(cfg.prefixes):
            t_b = rng.randint(1, max(1, k_max))  # the candidate turn of this prefix (documented above)
            branch = self._new_branch(rng, t_b + cfg.continuation_turns, self.families.draw(rng))
            if cfg.prefix_customer == "corpus" or (cfg.prefix_customer == "mixed" and k % 2 == 1):
                branch.customer = branch.game.domain.corpus_customer(
                    branch.game.scenario, random.Random(f"prefix-customer:{self.seed}:{step}:{k}"))
            depth[id(branch)] = t_b
            prefixes.append(branch)
        for turn in range(1, max(depth.values())):  # roll each prefix to its own depth (rollout.prefix_customer)
            live = [b for b in prefixes if not b.done and depth[id(b)] > turn]
            self._advance(auditor, [b for b in live if b.customer is None], step, f"prefix{turn}", timers)
            self._advance_corpus([b for b in live if b.customer is not None], step, timers)
        groups = [b for b in prefixes if not b.done]
        for b in groups:
            b.window = []  # the prefix's turns shaped the reward state but are not part of any return
        group_t = [depth[id(b)] for b in groups]

        # G candidates from each shared prefix: one generate call for all of them
        prompts = [self._prompt(auditor, b) for b in groups]
        gen = self._generate(auditor, [p for p in prompts for _ in range(cfg.group_size)], step, "candidates", timers,
                             temperature=self.candidate_temperature)
        branches = [b.fork() for b in groups for _ in range(cfg.group_size)]
        self._step_all(branches, gen.texts, step, timers)

        for k in range(cfg.continuation_turns):  # continue each branch for C turns, no gradient
            self._advance(auditor, [b for b in branches if not b.done], step, f"cont{k}", timers)

        returns = [self._discounted(b.window) for b in branches]
        if self.families.mode != "uniform":  # what each prefix paid (one that ended before its candidates: nothing)
            paid = {id(b): max(self._plausible_credit(f.window) for f in branches[g * cfg.group_size:(g + 1) * cfg.group_size])
                    for g, b in enumerate(groups)}
            for b in prefixes:
                self.families.update(b.game.family, paid.get(id(b), 0.0))
        hits: Counter = Counter(v.policy for b in branches for tr in b.window for v in tr.violations)
        self.reward.update_global([v.policy for b in branches for tr in b.window for v in tr.violations],
                                  boundaries=[k for b in branches for tr in b.window for k in tr.boundaries])
        wall = time.perf_counter() - wall0
        n = len(branches)
        stats = dict(timers, wall_s=wall, groups=len(groups), dropped_prefixes=cfg.prefixes - len(groups),
                     candidate_turn=group_t, k_max=k_max)
        if self.families.mode != "uniform":
            stats["families"] = [b.game.scenario.get("family") for b in groups]
        traces = [self._trace(b, step, i) for i, b in enumerate(branches)]
        for i, trace in enumerate(traces):  # where the candidate sits in this update
            g = i // cfg.group_size
            trace.meta.rollout = {"update": step, "group": g, "candidate": i, "candidate_turn": group_t[g]}
        return RolloutBatch(
            prompt_ids=[gen.prompt_ids[i] for i in range(n)],
            candidate_ids=[list(c) for c in gen.completion_ids],
            old_logprobs=[list(lp) for lp in gen.logprobs],
            returns=torch.tensor(returns, dtype=torch.float32),
            group_ids=torch.tensor([i // cfg.group_size for i in range(n)], dtype=torch.long),
            candidate_texts=list(gen.texts), prompts=[p for p in prompts for _ in range(cfg.group_size)],
            traces=traces,
            turn_rewards=[b.window for b in branches], policy_hits=hits,
            candidate_turn=[t for t in group_t for _ in range(cfg.group_size)], k_max=k_max, stats=stats,
        )

    # --- pieces -------------------------------------------------------------------------------
    def _new_branch(self, rng: random.Random, max_turns: int, family: str | None = None) -> _Branch:
        game = AuditGame(env=self.env, target=self.target, faults=self.faults, max_turns=max_turns, split="train",
                         target_factory=self.target_factory, family=family)
        obs, _ = game.reset(seed=rng.randrange(len(game.domain.train_seeds)))
        return _Branch(game, obs, self.reward.new_episode())

    @staticmethod
    def _prompt(auditor: SamplingAuditor, branch: _Branch) -> str:
        return auditor.prompt(branch.obs["scenario"], json.loads(branch.obs["dialogue"]))

    def _generate(self, auditor: SamplingAuditor, prompts: list[str], step: int, phase: str, timers: dict,
                  temperature: float | None = None) -> Any:
        cfg = self.settings
        seed = random.Random(f"gen:{self.seed}:{step}:{phase}").randrange(2**31)
        t0 = time.perf_counter()
        temp = cfg.temperature if temperature is None else temperature
        gen = auditor.generate(prompts, max_new_tokens=cfg.max_new_tokens, temperature=temp,
                               top_p=cfg.top_p, seed=seed)
        timers["generate_s"] += time.perf_counter() - t0
        timers["generate_calls"] += 1
        timers["generate_batch_sizes"].append(len(prompts))
        self.generate_calls.append(len(prompts))
        return gen

    def _advance(self, auditor: SamplingAuditor, live: list[_Branch], step: int, phase: str, timers: dict) -> None:
        if not live:
            return
        gen = self._generate(auditor, [self._prompt(auditor, b) for b in live], step, phase, timers)
        self._step_all(live, gen.texts, step, timers)

    def _advance_corpus(self, live: list[_Branch], step: int, timers: dict) -> None:
        """One prefix turn written by each branch's corpus customer, which reads the agent's last reply; a
        customer with nothing more to say ends its prefix (the prefix is dropped, as one the target ended)."""
        texts, going = [], []
        for b in live:
            agent = next((str(m.get("content") or "") for m in reversed(b.game.episode.messages)
                          if m.get("role") == "assistant"), "")  # "" before the agent has said anything
            text = b.customer.next(agent)
            if text:
                texts.append(text)
                going.append(b)
            else:
                b.done = True
        if going:
            self._step_all(going, texts, step, timers)

    def _step_all(self, branches: list[_Branch], texts: list[str], step: int, timers: dict) -> None:
        """One target turn for every branch, concurrently; then verify and score each turn.

        Only the target turns (``AuditGame.play_turn``) run on the pool and count as target time;
        verification, the observation and the composite reward run here, on the engine's thread,
        and count as engine overhead (``score_s``)."""
        t0 = time.perf_counter()
        if self.pool is None:  # the in-process reference target: on this thread
            for branch, text in zip(branches, texts):
                branch.game.play_turn(text)
        else:
            list(self.pool.map(lambda bt: bt[0].game.play_turn(bt[1]), zip(branches, texts)))
        t1 = time.perf_counter()
        timers["target_s"] += t1 - t0
        judge_before = timers["judge_s"]
        finished = [b.game.finish_turn(full_info=False) for b in branches]
        verdicts = self._judge_turns(branches, timers)
        self.reward.score_ahead(texts)  # one batched fluency pass for the step's messages
        for branch, text, (obs, _, terminated, truncated, info), vd in zip(branches, texts, finished, verdicts):
            new = info["new_violations"]
            if vd is not None:
                from probe.train.judge import combine_violations  # noqa: PLC0415

                messages = branch.game.episode.messages
                last = max((i for i, m in enumerate(messages) if m.get("role") == "assistant"), default=len(messages) - 1)
                new = combine_violations(new, vd, self.judge.combine, last)
                branch.judge_log.append({"turn": branch.reward_state.turns + 1,
                                         "verdicts": [v.to_json() for v in vd.values()]})
            tr = self._score_turn(branch, text, new, step)
            branch.obs = obs
            branch.window.append(tr)
            branch.done = bool(terminated or truncated or tr.stop)
        timers["score_s"] += time.perf_counter() - t1 - (timers["judge_s"] - judge_before)

    def _judge_turns(self, branches: list[_Branch], timers: dict) -> list[Any]:
        """The judge's verdicts on every branch's latest turn (all requests at once); None per
        branch without a judge. Failures are counted; ``combine_violations`` keeps the verifier's
        label where the judge failed."""
        if self.judge is None:
            return [None] * len(branches)
        def answered(messages: list[dict[str, Any]]) -> bool:  # the target said something this turn
            start = max(i for i, m in enumerate(messages) if m.get("role") == "user")
            return any(m.get("role") == "assistant" and isinstance(m.get("content"), str) and m["content"].strip()
                       for m in messages[start:])

        todo = [i for i, b in enumerate(branches) if answered(b.game.episode.messages)]
        t0 = time.perf_counter()
        failures_before = sum(self.judge.failures.values())
        calls_before = self.judge.calls
        judged = self.judge.judge([branches[i].game.episode.messages for i in todo]) if todo else []
        timers["judge_s"] += time.perf_counter() - t0
        timers["judge_calls"] += self.judge.calls - calls_before
        timers["judge_failures"] += sum(self.judge.failures.values()) - failures_before
        verdicts: list[Any] = [None] * len(branches)  # a silent turn is not judged: the verifiers' labels stand
        for i, vd in zip(todo, judged):
            verdicts[i] = vd
        return verdicts

    def _score_turn(self, branch: _Branch, text: str, new_violations: list, step: int) -> TurnReward:
        """Composite reward of the turn just played; the branch's reward state remembers the rest
        (states entered, policy counts, the previous assistant reply, recent customer messages)."""
        messages = branch.game.episode.messages  # read only; the trace copies it once, at the end
        start = max(i for i, m in enumerate(messages) if m.get("role") == "user")
        return self.reward.turn_reward(step=step, state=branch.reward_state, turn_messages=messages[start:],
                                       new_violations=new_violations, user_message=text)

    @staticmethod
    def _plausible_credit(window: list[TurnReward]) -> float:
        """The violation credit a window earned in turns whose message passed every plausibility check."""
        return sum(tr.violation for tr in window if not any(tr.flags.values()))

    def _discounted(self, window: list[TurnReward]) -> float:
        """R_i = sum_k gamma^(k-t) r_k over the candidate turn and its continuation; with
        ``continuation_plausibility='void'`` a continuation turn whose message was penalised counts 0."""
        void = self.settings.continuation_plausibility == "void"
        return discounted_return((0.0 if void and k > 0 and tr.charged > 0 else tr.total
                                  for k, tr in enumerate(window)), self.settings.gamma)

    @staticmethod
    def _trace(branch: _Branch, step: int, index: int) -> Trace:
        trace = branch.game.episode.to_trace()
        trace.scenario = copy.deepcopy(trace.scenario)  # to_trace shares the live game's scenario
        trace.target = copy.deepcopy(trace.target)
        trace.id = f"u{step:05d}-c{index:03d}-{trace.id}"
        meta = trace.meta
        meta.source = "train"
        meta.stop = ("target_ended" if branch.game.episode.ended else
                     "loop" if branch.reward_state.stopped or branch.game._looping() else "turn_budget")
        meta.window_rewards = [tr.total for tr in branch.window]
        if branch.judge_log:  # the reward's judge labels; trace.violations stay the deterministic verifiers'
            meta.judge = copy.deepcopy(branch.judge_log)
        return trace
