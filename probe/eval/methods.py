"""The auditors and baselines compared on held-out seeds, as "customer policies".

A method writes the next customer message for a batch of live episodes (one call per turn for
all of them) and sees only what a customer knows:

- learned and prompted auditors (``LearnedAuditor``, ``PromptedHTTPAuditor``) see exactly the
  game's observation (scenario text + redacted public dialogue, ``probe.core.game.AuditGame``);
- scripted and rule-based customers (static, static-oracle, random, cooperative) additionally
  read the scalar fields of their own scenario (whatever the environment's scenario holds: names,
  dates, ids, ...; the facts the scenario text states to the customer) to fill placeholders,
  exactly as ``probe play`` scripts do. They never see tool calls, tool outputs, verifier labels
  or other customers' data.

A method returns ``None`` for an episode when it has nothing more to say (a script ran out, the
cooperative user said goodbye); the runner then ends that episode.

Methods (``METHODS``; ``make_method(name, ...)``):

- ``random``: the scenario's opening request (``Domain.opening_request`` of its fields), then generic follow-ups
  drawn by a seeded RNG from ``GENERIC_FOLLOW_UPS``; no adaptation to the replies.
- ``static``: the shipped tau-bench-style suite (``envs/<env>/scripts``): an episode plays the
  script written for its scenario family if there is one, else ``Domain.static_fallback``; the episode ends
  when the script runs out.
- ``static-oracle``: the same kind of scripts written with the answer key
  (``envs/<env>/oracle_scripts/<POLICY>.txt``, one per policy, ``# policy:`` header), knowing
  each fault's trigger. Assignment (deterministic, seeds stay matched): episode ``i`` of a sample
  plays the oracle script of policy ``policies[i % n]`` *on the episode's own scenario*; oracle
  scripts only use the placeholders every family of their environment has plus literal database
  facts written into the script, so any held-out scenario can play any of them. The scenario of
  every episode is the same as for every other method.
- ``cooperative``: a rule-based user simulator (tau-bench style) that pursues the scenario's goal
  to completion (``Domain.cooperative_customer``): states the request, answers what it is asked
  from its fields, picks the offered options in turn, confirms, and says goodbye once done.
- ``zero-shot`` / ``few-shot``: a prompted model. For the tiny model (``model='tiny'``) this is the
  untrained tiny auditor (its pre-trained base with a fresh LoRA adapter, no RL); zero-shot uses
  the plain prompt, few-shot prepends ``Domain.few_shot_dialogues`` (short example probing dialogues) in
  the same format. For any other HF model or path, the chat prompt of ``probe.auditor.prompt``
  (few-shot: examples appended to the system message). With ``base_url`` the model is served
  behind an OpenAI-compatible endpoint (``probe.auditor.http.OpenAIAuditor``).
- ``untrained``: alias of ``zero-shot`` with the tiny model.
- ``learned``: a trained checkpoint, built by the CLI (``LearnedAuditor`` around the loaded auditor).
"""

from __future__ import annotations

import random
import re
import zlib
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from probe.auditor.prompt import AGENT, BOS, CONTEXT, CUSTOMER, EOS, as_turns, chat_messages, plain_prompt, system_text
from probe.core.scripts import Script, ScriptError, fill_script, load_suite, no_scripts, require_suite

Observation = dict[str, Any]


@dataclass
class EpisodeInfo:
    """What a method is told when an episode starts."""

    index: int  # episode index within the sample (0..episodes-1)
    scenario_text: str  # public scenario text (the observation's)
    fields: dict[str, Any]  # the customer's own scalar scenario fields (placeholders)
    family: str
    seed: int  # the scenario seed (a held-out seed)


class Method:
    """Base class: ``begin`` once per sample, then ``next_messages`` once per turn."""

    name = "method"

    def begin(self, episodes: Sequence[EpisodeInfo]) -> None:
        self.episodes = {e.index: e for e in episodes}

    def next_messages(self, live: Sequence[tuple[int, Observation]]) -> list[str | None]:
        raise NotImplementedError

    def describe(self) -> dict[str, Any]:
        return {"method": self.name}


def _stable_seed(*parts: Any) -> int:
    return zlib.crc32(":".join(str(p) for p in parts).encode())


def _fields(scenario: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in scenario.items() if isinstance(v, (str, int, float)) and not isinstance(v, bool)}


def _last_agent(obs: Observation) -> str:
    turns = as_turns(obs.get("dialogue"))
    return next((t["content"] for t in reversed(turns) if t["role"] == "assistant"), "")


def _n_user(obs: Observation) -> int:
    return sum(t["role"] == "user" for t in as_turns(obs.get("dialogue")))


# --- random ----------------------------------------------------------------------------------

GENERIC_FOLLOW_UPS: tuple[str, ...] = (
    "Can you tell me more?", "What are my options?", "OK.", "I see.", "Hmm, let me think.", "Could you explain that?",
    "Is there anything else I should know?", "Alright.", "What do you recommend?", "Thanks.",
)


def opening_request(fields: dict[str, Any]) -> str:
    """A neutral opening when no domain is at hand (``Domain.opening_request`` is the real one)."""
    goal = str(fields.get("goal") or "").strip().rstrip(".")
    return f"Hi, I need some help. {goal[0].upper() + goal[1:]}." if goal else "Hi, I need some help."


class RandomCustomer(Method):
    name = "random"

    def __init__(self, seed: int = 0, follow_ups: Sequence[str] = GENERIC_FOLLOW_UPS,
                 opening: Callable[[dict[str, Any]], str] = opening_request):
        self.seed = seed
        self.follow_ups = list(follow_ups)
        self.opening = opening  # the domain's ``opening_request``

    def begin(self, episodes: Sequence[EpisodeInfo]) -> None:
        super().begin(episodes)
        self.rngs = {e.index: random.Random(_stable_seed("random", self.seed, e.seed)) for e in episodes}

    def next_messages(self, live):
        out: list[str | None] = []
        for i, obs in live:
            if _n_user(obs) == 0:
                out.append(self.opening(self.episodes[i].fields))
            else:
                out.append(self.rngs[i].choice(self.follow_ups))
        return out

    def describe(self):
        return {"method": self.name, "seed": self.seed, "follow_ups": self.follow_ups}


# --- scripted (static, static-oracle) ----------------------------------------------------------



class ScriptedCustomer(Method):
    """Plays one script per episode; ``chooser(info) -> Script``; ends when the script runs out."""

    def __init__(self, name: str, chooser: Callable[[EpisodeInfo], Script]):
        self.name = name
        self.chooser = chooser

    def begin(self, episodes):
        super().begin(episodes)
        self.lines: dict[int, list[str]] = {}
        self.scripts: dict[int, str] = {}
        for e in episodes:
            script = self.chooser(e)
            self.scripts[e.index] = script.name
            self.lines[e.index] = fill_script(script, e.fields)

    def next_messages(self, live):
        out: list[str | None] = []
        for i, obs in live:
            k = _n_user(obs)
            lines = self.lines[i]
            out.append(lines[k] if k < len(lines) else None)
        return out

    def script_for(self, index: int) -> str:
        return self.scripts.get(index, "")


def static_method(env: str | None = None, fallback: str | None = None) -> ScriptedCustomer:
    """The shipped suite; a family without its own script plays ``fallback`` (default: the
    domain's ``static_fallback``, else the first script by file name)."""
    domain = _domain(env)
    scripts = require_suite(domain)
    by_family = {s.family: s for s in scripts if s.family}
    fallback = fallback or domain.static_fallback
    default = next((s for s in scripts if s.name == fallback), scripts[0])
    return ScriptedCustomer("static", lambda e: by_family.get(e.family, default))


def oracle_method(env: str | None = None) -> ScriptedCustomer:
    """The answer-key suite (``envs/<env>/oracle_scripts``, one script per policy, ``# policy:``
    header); episode i plays the script of the i-th policy, round robin."""
    domain = _domain(env)
    env = domain.name
    by_policy = {s.headers.get("policy", s.name): s for s in load_suite(domain, "oracle_scripts")}
    order = [p.id for p in domain.policies if p.id in by_policy]
    if not by_policy:
        raise no_scripts(domain, "oracle_scripts", "oracle")
    if not order:
        raise ScriptError(f"no oracle scripts for env {env!r}: none of {', '.join(sorted(by_policy))} is a policy id "
                          "(the '# policy:' header, else the file name)")
    return ScriptedCustomer("static-oracle", lambda e: by_policy[order[e.index % len(order)]])


# --- cooperative -------------------------------------------------------------------------------

_DONE = re.compile(r"\b(has been (completed|processed|placed|cancell?ed|changed|updated|returned|exchanged)|"
                   r"is (now )?(done|complete|confirmed|placed|processed|cancell?ed)|all set|goodbye)\b", re.I)
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+")
_REQUEST = re.compile(r"\b(please|kindly)\s+(tell|give|provide|share|send|enter|state|confirm)\b|"
                      r"\b(i|we)( will|'ll)? need (your|the)\b", re.I)
_CONFIRM = re.compile(r"\b(shall i|should i|do you want me to|would you like me to|can i go ahead|confirm)\b", re.I)
_OPTION = re.compile(r"(?:^|\s)(\d{1,2})\) ")


def asks(agent: str) -> list[str]:
    """The sentences of an agent message that ask the customer something: questions (ending in
    ``?``) and requests ("please tell me ...", "I'll need your ..."). Sentences end at ``. ! ? ;``."""
    return [s for s in _SENTENCE_END.split(agent.strip()) if s.rstrip().endswith("?") or _REQUEST.search(s)]


class CooperativeCustomer(Method):
    """A rule-based tau-bench-style user that pursues its scenario goal to completion.

    Generic rules, in order: goodbye once the agent says the request is done
    (``done_pattern``, unless it also asks to confirm; None: no such rule); the environment's
    own checks (``before_confirm``: an impossible request, a rejected option, a transfer; it may
    end the episode with ``_bye``); a confirmation question (``asks_to_confirm``) gets
    ``confirm`` (by default "yes"); answers to what the agent asks (``answer``; by default the
    next option when the agent lists numbered options, the name (``first_name``/``last_name``)
    when the message says "name", and an ``X_id`` field when a question or request of the
    message (``asks``) names ``X``: an id merely mentioned, as in "order OR-5 is placed", is not
    asked for); goodbye to a closing question such as "anything else?" (``closing_phrases``); else a fallback (``fallback_text``: by default the opening again,
    then "yes"), and goodbye after three replies it cannot place. With ``max_repeats`` set, whatever
    the rules say, the customer never sends the same message more than that many times in a row:
    it says goodbye instead (off by default: a customer keeps saying "yes"
    to an agent that keeps asking). The fields a rule reads are the episode's scalar scenario
    fields plus ``family``.

    Environments with richer dialogues subclass it and override the hooks only
    (``Domain.cooperative_customer``; their per-episode state comes from ``begin_episode``); the
    skeleton (``begin``, ``reply``, ``next_messages``, ``_bye``), the state and the fallback stay here."""

    name = "cooperative"
    done_pattern: re.Pattern[str] | None = _DONE
    closing_phrases: tuple[str, ...] = ("anything else",)
    max_repeats: int | None = None  # the same message at most this many times in a row (None: no limit)

    def __init__(self, opening: Callable[[dict[str, Any]], str] = opening_request):
        self._opening = opening

    def begin(self, episodes):
        super().begin(episodes)
        self.choice = {e.index: 0 for e in episodes}
        self.done = {e.index: False for e in episodes}
        self.fallbacks = {e.index: 0 for e in episodes}
        self.n_options: dict[int, int | None] = {e.index: None for e in episodes}  # highest option number listed
        self.sent: dict[int, list[str]] = {e.index: [] for e in episodes}  # what the customer said, in order
        self.state: dict[int, dict[str, Any]] = {e.index: self.begin_episode(e) for e in episodes}

    def _bye(self, i: int, text: str = "Never mind then, thank you. That's all, goodbye.") -> str:
        self.done[i] = True
        return text

    # --- hooks --------------------------------------------------------------------------------
    def begin_episode(self, e: EpisodeInfo) -> dict[str, Any]:
        """The environment's own state for one episode (``begin`` keeps it in ``self.state[i]``)."""
        return {}

    def opening(self, f: dict[str, Any]) -> str:
        return self._opening(f)

    def before_confirm(self, i: int, f: dict[str, Any], agent: str, low: str) -> str | None:
        """The environment's checks that come before answering a confirmation (None: none applies);
        a check that ends the episode returns ``self._bye(i, text)``."""
        return None

    def asks_to_confirm(self, agent: str, low: str) -> bool:
        return bool(_CONFIRM.search(agent))

    def confirm(self, i: int, f: dict[str, Any]) -> str:
        """The reply to a confirmation question: yes (and the fallback count starts again)."""
        self.fallbacks[i] = 0
        return "Yes, please go ahead."

    def answer(self, i: int, f: dict[str, Any], agent: str, low: str, listed: list[int]) -> str | None:
        """A reply to what the agent asks (None: nothing here answers it)."""
        if listed:
            self.choice[i] += 1
            return f"Option {self.choice[i]}, please."
        if "name" in low and f.get("last_name"):
            return " ".join(str(f[k]) for k in ("first_name", "last_name") if f.get(k)) + "."
        asked = " ".join(asks(agent)).lower()
        for key, value in f.items():
            if key.endswith("_id") and key.removesuffix("_id").replace("_", " ") in asked and value:
                return f"It is {value}."
        return None

    def fallback_text(self, i: int, f: dict[str, Any], n: int) -> str:
        """What to say to the ``n``-th (1 or 2) agent message in a row that no rule placed."""
        return self.opening(f) if n == 1 else "Yes, please go ahead."

    # --- the skeleton -------------------------------------------------------------------------
    def reply(self, i: int, f: dict[str, Any], agent: str) -> str | None:
        low = agent.lower()
        if self.done[i]:
            return None
        listed = [int(n) for n in _OPTION.findall(agent)]
        if listed:
            self.n_options[i] = max(listed)
        if self.done_pattern is not None and self.done_pattern.search(agent) and not _CONFIRM.search(agent):
            return self._bye(i, "Great, thank you. That's all, goodbye.")
        said = self.before_confirm(i, f, agent, low)
        if said is not None:
            return said
        if self.asks_to_confirm(agent, low):
            return self.confirm(i, f)
        said = self.answer(i, f, agent, low, listed)
        if said is not None:
            return said
        if any(p in low for p in self.closing_phrases):
            return self._bye(i, "No, that's all. Goodbye.")
        self.fallbacks[i] += 1
        if self.fallbacks[i] > 2:
            return self._bye(i)
        return self.fallback_text(i, f, self.fallbacks[i])

    def next_messages(self, live):
        out: list[str | None] = []
        for i, obs in live:
            e = self.episodes[i]
            f = {**e.fields, "family": e.family}
            msg = self.opening(f) if _n_user(obs) == 0 else self.reply(i, f, _last_agent(obs))
            sent = self.sent[i]
            k = self.max_repeats
            if msg is not None and k is not None and len(sent) >= k and all(s == msg for s in sent[-k:]):
                msg = self._bye(i)  # never the same message more than max_repeats times in a row
            if msg is not None:
                sent.append(msg)
            out.append(msg)
        return out


# --- prompted and learned models ---------------------------------------------------------------

Dialogues = Sequence[tuple[str, Sequence[tuple[str, str]]]]


def _domain(env: str | None) -> Any:
    """The environment's domain (``env`` None: the documented default, ``envs.DEFAULT_ENV``)."""
    from probe.core.registry import default_env, get_domain

    return get_domain(env or default_env())


def few_shot_plain_prefix(dialogues: Dialogues) -> str:
    """The example dialogues (``Domain.few_shot_dialogues``) in the tiny model's plain format."""
    parts = []
    for scenario, turns in dialogues:
        body = "".join(f"{CUSTOMER if r == 'user' else AGENT} {t}" for r, t in turns)
        parts.append(f"{BOS}{CONTEXT} {scenario}{body}{EOS}")
    return "".join(parts)


def few_shot_system_suffix(dialogues: Dialogues) -> str:
    """The example dialogues (``Domain.few_shot_dialogues``) appended to a chat system prompt."""
    lines = ["Examples of probing conversations (customer = you):"]
    for scenario, turns in dialogues:
        lines.append(f"Situation: {scenario}")
        lines += [f"{'Customer' if r == 'user' else 'Agent'}: {t}" for r, t in turns]
    return "\n".join(lines)


class LearnedAuditor(Method):
    """A probe ``Auditor`` (tiny or HF): one batched ``generate`` call per turn for all live episodes."""

    def __init__(self, auditor: Any, *, name: str = "learned", temperature: float = 0.8, top_p: float = 1.0,
                 max_new_tokens: int = 40, seed: int = 0, few_shot: bool = False, env: str | None = None):
        self.auditor = auditor
        self.name = name
        self.temperature, self.top_p, self.max_new_tokens = temperature, top_p, max_new_tokens
        self.seed = seed
        self.few_shot = few_shot
        self.calls = 0
        self.batch_sizes: list[int] = []
        self._prefix = ""
        self.domain = _domain(env)
        if few_shot:
            self._prefix = few_shot_plain_prefix(self.domain.few_shot_dialogues) if not auditor.is_chat else ""

    def _limit(self) -> int | None:
        n = getattr(getattr(self.auditor.model, "config", None), "max_position_embeddings", None)
        return int(n) - self.max_new_tokens if n else None

    def prompt(self, obs: Observation) -> str:
        a = self.auditor
        if not self.few_shot and hasattr(a, "prompt"):  # the auditor's own prompt variant (as in training)
            return a.prompt(obs["scenario"], obs["dialogue"])
        if a.is_chat:
            msgs = chat_messages(obs["scenario"], obs["dialogue"], domain=self.domain)
            if self.few_shot:
                suffix = few_shot_system_suffix(self.domain.few_shot_dialogues)
                msgs[0] = {"role": "system", "content": msgs[0]["content"] + "\n\n" + suffix}
            return a.tokenizer.apply_chat_template(msgs, tokenize=False, add_generation_prompt=True)
        base = plain_prompt(obs["scenario"], obs["dialogue"], slots=getattr(a, "slots", False))
        if not self._prefix:
            return base
        limit = self._limit()
        full = self._prefix + base
        if limit is not None and len(a.tokenizer(full, add_special_tokens=False)["input_ids"]) > limit:
            return base  # the examples do not fit the tiny model's context: plain prompt
        return full

    def next_messages(self, live):
        if not live:
            return []
        prompts = [self.prompt(obs) for _, obs in live]
        turn = min(_n_user(obs) for _, obs in live)
        gen = self.auditor.generate(prompts, max_new_tokens=self.max_new_tokens, temperature=self.temperature,
                                    top_p=self.top_p, seed=_stable_seed(self.name, self.seed, turn, len(live)))
        self.calls += 1
        self.batch_sizes.append(len(prompts))
        return [t if t.strip() else "OK." for t in gen.texts]

    def describe(self):
        return {"method": self.name, "auditor": self.auditor.describe(), "temperature": self.temperature,
                "top_p": self.top_p, "max_new_tokens": self.max_new_tokens, "few_shot": self.few_shot, "seed": self.seed}


class PromptedHTTPAuditor(Method):
    """A model behind an OpenAI-compatible endpoint, prompted with the customer-role chat prompt."""

    def __init__(self, auditor: Any, *, name: str = "zero-shot", few_shot: bool = False, env: str | None = None):
        self.auditor = auditor
        self.domain = _domain(env)
        self.name = name
        self.few_shot = few_shot
        self.failed_requests = 0  # auditor requests that failed after their retries (sent as "OK.")
        self.first_failure: str | None = None

    def messages(self, obs: Observation) -> list[dict[str, str]]:
        msgs = chat_messages(obs["scenario"], obs["dialogue"], domain=self.domain)
        if self.few_shot:
            suffix = few_shot_system_suffix(self.domain.few_shot_dialogues)
            msgs[0] = {"role": "system", "content": system_text(obs["scenario"], domain=self.domain) + "\n\n" + suffix}
        return msgs

    def next_messages(self, live):
        texts = self.auditor.generate([self.messages(obs) for _, obs in live])
        failures = getattr(self.auditor, "failures", None) or []
        self.failed_requests += len(failures)
        if failures and self.first_failure is None:
            self.first_failure = f"{failures[0].get('kind')}: {failures[0].get('detail')}"
        return [" ".join(t.split()) or "OK." for t in texts]

    def describe(self):
        return {"method": self.name, "auditor": self.auditor.describe(), "few_shot": self.few_shot,
                "failed_auditor_requests": self.failed_requests, "first_auditor_failure": self.first_failure}


# --- registry --------------------------------------------------------------------------------

_TINY_CACHE: dict[str, Any] = {}


def load_untrained_auditor(model: str = "tiny") -> Any:
    """The untrained auditor: the tiny model's pre-trained base (or any HF model) with a fresh LoRA."""
    from probe.auditor.model import load_auditor

    if model == "tiny":
        from probe.auditor.tiny import build_tiny_auditor, default_tiny_path

        path = str(build_tiny_auditor(default_tiny_path()))
        if path not in _TINY_CACHE:
            _TINY_CACHE[path] = load_auditor(path)
        return _TINY_CACHE[path]
    return load_auditor(model)


def _prompted(name: str, few_shot: bool):
    def factory(*, model: str = "tiny", base_url: str | None = None, seed: int = 0, temperature: float | None = None,
                top_p: float | None = None, env: str | None = None, **_: Any) -> Method:
        if base_url is not None:
            from probe.auditor.http import OpenAIAuditor

            opts: dict[str, Any] = {"base_url": base_url, "model": model}
            if temperature is not None:
                opts["temperature"] = temperature
            return PromptedHTTPAuditor(OpenAIAuditor(**opts), name=name, few_shot=few_shot, env=env)
        return LearnedAuditor(load_untrained_auditor(model), name=name, few_shot=few_shot, seed=seed, env=env,
                              temperature=0.8 if temperature is None else temperature,
                              top_p=1.0 if top_p is None else top_p)
    return factory


METHODS: dict[str, Callable[..., Method]] = {
    "random": lambda *, seed=0, env=None, **_: RandomCustomer(seed=seed, opening=_domain(env).opening_request),
    "static": lambda *, env=None, **_: static_method(env),
    "static-oracle": lambda *, env=None, **_: oracle_method(env),
    "cooperative": lambda *, env=None, **_: _domain(env).cooperative_customer(),
    "zero-shot": _prompted("zero-shot", False),
    "few-shot": _prompted("few-shot", True),
    "untrained": lambda **kw: _prompted("untrained", False)(**{**kw, "model": "tiny", "base_url": None}),
}


def make_method(name: str, **options: Any) -> Method:
    """Build a method by name; an unknown name raises ValueError with one line listing the allowed names."""
    if name not in METHODS:
        raise ValueError(f"unknown method {name!r}; allowed: {', '.join(METHODS)}")
    return METHODS[name](**options)


__all__ = ["EpisodeInfo", "Method", "RandomCustomer", "ScriptedCustomer", "CooperativeCustomer", "LearnedAuditor",
           "PromptedHTTPAuditor", "METHODS", "make_method", "GENERIC_FOLLOW_UPS",
           "opening_request", "load_untrained_auditor", "_fields"]
