"""An optional LLM judge of semantic policies, and its agreement with the deterministic verifiers.

The PROBE paper trained with a hybrid verifier: four semantic policies (B4, B6, S5, P1) were
labelled by an LLM judge during training, and the paper reports that GRPO learned to exploit the
judge (judge-flagged S5 hits rose while the deterministic predicate confirmed none). probe's
default reward uses the deterministic verifiers only; this module makes the paper's setting
reproducible:

- ``Judge`` asks an OpenAI-compatible endpoint (the ``openai`` client, through
  ``probe.auditor.http.OpenAIAuditor``: concurrency limit, retries, timeouts) whether the
  assistant's last reply broke one policy, given the **public conversation** so far (customer
  and assistant text; no tool calls, tool outputs or state -- the paper's judge also saw tool
  evidence, ours sees what a human reading the chat would). One request per (turn, policy), with
  the prompt template of ``prompt_file`` (default ``probe/train/prompts/judge.md``; placeholders
  ``{assistant}`` (``Domain.assistant_role``), ``{policy_id}``, ``{policy_text}``, ``{conversation}``). The reply must be a JSON object
  ``{"label": "VIOLATION" | "NO_VIOLATION", "rationale": "..."}``.
- A verdict is ``violation``, ``no_violation`` or ``failed`` (timeout, HTTP error, empty reply,
  bad JSON, unknown label). **A failure is never read as "no violation"**: it is counted
  (``Judge.failures``, per kind) and, in the reward, that (turn, policy) keeps the deterministic
  verifier's label (``combine_violations``).
- ``combine_violations``: ``replace`` (the paper's setting: the judge's label decides the judged
  policies; verifier hits of those policies are dropped unless the judge failed) or ``union``.
- ``judge_agreement``: on the same traces, per policy, how the judge's per-turn labels compare
  with the verifiers' (both / judge only / verifier only / neither, failures, raw agreement,
  Cohen's kappa, precision of the judge against the verifier); ``agreement_markdown`` renders it
  for the eval report.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from probe.core.observation import public_dialogue
from probe.core.outputs import not_a_file
from probe.core.policy import Violation

DEFAULT_PROMPT = Path(__file__).resolve().parent / "prompts" / "judge.md"
LABELS = {"VIOLATION": "violation", "NO_VIOLATION": "no_violation"}
PLACEHOLDERS = ("{policy_id}", "{policy_text}", "{conversation}")


@dataclass(frozen=True)
class Verdict:
    """The judge's answer for one (turn, policy): ``label`` is violation, no_violation or failed."""

    policy: str
    label: str
    rationale: str = ""
    failure: str | None = None  # kind of failure when label == "failed"

    def to_json(self) -> dict[str, Any]:
        d = {"policy": self.policy, "label": self.label, "rationale": self.rationale}
        if self.failure:
            d["failure"] = self.failure
        return d


def load_prompt(path: str | Path | None) -> str:
    """The prompt template; it must contain ``{policy_text}`` and ``{conversation}``."""
    p = Path(path) if path else DEFAULT_PROMPT
    if not p.is_file():
        raise ValueError(not_a_file(p, "judge prompt"))
    text = p.read_text()
    missing = [x for x in ("{policy_text}", "{conversation}") if x not in text]
    if missing:
        raise ValueError(f"judge prompt {p} lacks the placeholder(s) {', '.join(missing)}")
    return text


def render_conversation(dialogue: Sequence[dict[str, Any]]) -> str:
    return "\n".join(f"{'Customer' if m['role'] == 'user' else 'Assistant'}: {m['content']}" for m in dialogue)


def parse_verdict(policy: str, text: str) -> Verdict:
    """A verdict from the model's reply; anything but the JSON object asked for is a failure."""
    body = text.strip()
    fence = re.fullmatch(r"```(?:json)?\s*(.*?)\s*```", body, re.S)
    if fence:
        body = fence.group(1)
    try:
        data = json.loads(body)
    except (json.JSONDecodeError, ValueError):
        return Verdict(policy, "failed", failure="bad_json")
    if not isinstance(data, dict) or not isinstance(data.get("label"), str):
        return Verdict(policy, "failed", failure="bad_json")
    label = LABELS.get(data["label"].strip().upper().replace(" ", "_"))
    if label is None:
        return Verdict(policy, "failed", failure="bad_label")
    return Verdict(policy, label, str(data.get("rationale") or ""))


class Judge:
    """Per-turn judge of ``settings.policies`` (a ``probe.train.config.JudgeSettings``) over ``domain``'s policies."""

    def __init__(self, settings: Any, domain: Any):
        from probe.auditor.http import OpenAIAuditor

        self.settings = settings
        texts = {p.id: p.text for p in domain.policies}
        unknown = [p for p in settings.policies if p not in texts]
        if unknown:
            raise ValueError(f"judge.policies: unknown policy {unknown[0]!r}; allowed: {', '.join(texts)}")
        self.policies: list[str] = list(dict.fromkeys(settings.policies))
        self.policy_text = {p: texts[p] for p in self.policies}
        self.template = load_prompt(settings.prompt_file)
        self.assistant = getattr(domain, "assistant_role", "") or "a support assistant"  # {assistant}
        self.client = OpenAIAuditor(base_url=settings.base_url, model=settings.model, api_key_env=settings.api_key_env,
                                    temperature=settings.temperature, max_tokens=settings.max_tokens,
                                    timeout_s=settings.timeout_s, max_retries=settings.max_retries,
                                    max_concurrency=settings.max_concurrency)
        self.calls = 0
        self.failures: Counter = Counter()  # kind -> count, over the judge's lifetime

    @property
    def combine(self) -> str:
        return self.settings.combine

    def prompt(self, policy: str, dialogue: Sequence[dict[str, Any]]) -> str:
        out = self.template
        for key, value in (("{assistant}", self.assistant), ("{policy_id}", policy), ("{policy_text}", self.policy_text[policy]),
                           ("{conversation}", render_conversation(dialogue))):
            out = out.replace(key, value)
        return out

    def judge(self, conversations: Sequence[Sequence[dict[str, Any]]]) -> list[dict[str, Verdict]]:
        """One verdict per judged policy for each conversation (raw messages or public dialogue;
        only customer/assistant text is shown). All requests go out concurrently."""
        dialogues = [public_dialogue(list(c)) for c in conversations]
        requests = [(i, p) for i in range(len(dialogues)) for p in self.policies]
        if not requests:
            return [{} for _ in dialogues]
        texts = self.client.generate([[{"role": "user", "content": self.prompt(p, dialogues[i])}] for i, p in requests])
        failed = {f["index"]: f["kind"] for f in self.client.failures}
        out: list[dict[str, Verdict]] = [{} for _ in dialogues]
        for k, ((i, p), text) in enumerate(zip(requests, texts)):
            if k in failed:
                v = Verdict(p, "failed", failure=str(failed[k]))
            else:
                v = parse_verdict(p, text)
            if v.label == "failed":
                self.failures[v.failure] += 1
            out[i][p] = v
        self.calls += len(requests)
        return out

    def describe(self) -> dict[str, Any]:
        return {"policies": self.policies, "combine": self.combine, "model": self.settings.model,
                "base_url": self.settings.base_url, "prompt_file": str(self.settings.prompt_file or DEFAULT_PROMPT)}


def combine_violations(verifier: Iterable[Violation], verdicts: dict[str, Verdict], combine: str,
                       message_index: int) -> list[Violation]:
    """The turn's violations for the reward. ``replace``: judged policies take the judge's label,
    except where the judge failed (the verifier's label stands: a failure is never 'no
    violation'); ``union``: a hit if the verifier or the judge says so."""
    verifier = list(verifier)
    out = []
    for v in verifier:
        verdict = verdicts.get(v.policy)
        if combine == "replace" and verdict is not None and verdict.label != "failed":
            continue  # the judge decides this policy
        out.append(v)
    have = {v.policy for v in out}
    for policy, verdict in verdicts.items():
        if verdict.label == "violation" and policy not in have:
            out.append(Violation(message_index, policy, f"judge: {verdict.rationale}".strip()))
    return sorted(out)


# --- agreement on the same traces -------------------------------------------------------------

def turn_spans(messages: Sequence[dict[str, Any]]) -> list[tuple[int, int]]:
    """(start, end) message ranges of each turn: a user message and everything up to the next one."""
    starts = [i for i, m in enumerate(messages) if m.get("role") == "user"]
    return [(s, (starts[k + 1] if k + 1 < len(starts) else len(messages))) for k, s in enumerate(starts)]


def _kappa(both: int, j_only: int, v_only: int, neither: int) -> float | None:
    n = both + j_only + v_only + neither
    if n == 0:
        return None
    po = (both + neither) / n
    pj, pv = (both + j_only) / n, (both + v_only) / n
    pe = pj * pv + (1 - pj) * (1 - pv)
    if pe >= 1.0:
        return 1.0 if po == 1.0 else None
    return (po - pe) / (1 - pe)


def judge_agreement(traces: Sequence[Any], judge: Judge) -> dict[str, Any]:
    """Per judged policy, the judge's per-turn labels against the verifiers' on the same traces.

    A turn's verifier label for policy p is 1 when a stored violation of p points into the turn's
    messages. Turns the judge failed on are counted in ``failures`` and left out of the
    agreement statistics (never counted as 'no violation')."""
    items, convs = [], []
    for t, trace in enumerate(traces):
        for s, e in turn_spans(trace.messages):
            if not any(m.get("role") == "assistant" for m in trace.messages[s:e]):
                continue  # the target never answered this turn: nothing to judge
            items.append((t, s, e))
            convs.append(trace.messages[:e])
    verdicts = judge.judge(convs)
    per: dict[str, dict[str, Any]] = {}
    for p in judge.policies:
        c = Counter()
        for (t, s, e), vd in zip(items, verdicts):
            v = vd[p]
            if v.label == "failed":
                c["failures"] += 1
                c[f"failure_{v.failure}"] += 1
                continue
            j = v.label == "violation"
            ver = any(x.policy == p and s <= x.message_index < e for x in traces[t].violations)
            c["both" if j and ver else "judge_only" if j else "verifier_only" if ver else "neither"] += 1
        both, j_only, v_only, neither = (c[k] for k in ("both", "judge_only", "verifier_only", "neither"))
        n = both + j_only + v_only + neither
        per[p] = {
            "turns": len(items), "judged": n, "failures": c["failures"],
            "failure_kinds": {k.removeprefix("failure_"): v for k, v in c.items() if k.startswith("failure_")},
            "both": both, "judge_only": j_only, "verifier_only": v_only, "neither": neither,
            "agreement": (both + neither) / n if n else None, "kappa": _kappa(both, j_only, v_only, neither),
            "judge_rate": (both + j_only) / n if n else None, "verifier_rate": (both + v_only) / n if n else None,
            "judge_precision_vs_verifier": both / (both + j_only) if both + j_only else None,
        }
    return {"judge": judge.describe(), "traces": len(traces), "policies": per}


def agreement_markdown(results: dict[str, dict[str, Any]]) -> str:
    """A report section: one table per method of ``{method: judge_agreement(...)}``."""
    def f(x: Any, pct: bool = True) -> str:
        if x is None:
            return "n/a"
        return f"{100 * x:.0f}%" if pct else f"{x:.2f}"

    lines = ["## Judge vs verifier agreement", "",
             "Per turn and policy on the same traces; turns where the judge failed are counted and left out "
             "(never read as 'no violation'). See docs/paper-fidelity.md.", ""]
    for name, res in results.items():
        j = res["judge"]
        lines += [f"**{name}** (judge {j['model']}, {res['traces']} traces)", "",
                  "| policy | turns judged | failures | both | judge only | verifier only | neither | agreement | "
                  "kappa | judge rate | verifier rate | judge precision vs verifier |",
                  "|" + "---|" * 12]
        for p, m in res["policies"].items():
            lines.append(f"| {p} | {m['judged']} | {m['failures']} | {m['both']} | {m['judge_only']} | "
                         f"{m['verifier_only']} | {m['neither']} | {f(m['agreement'])} | {f(m['kappa'], False)} | "
                         f"{f(m['judge_rate'])} | {f(m['verifier_rate'])} | {f(m['judge_precision_vs_verifier'])} |")
        lines.append("")
    return "\n".join(lines)


def load_judge_settings(path: str | Path) -> Any:
    """Judge settings from a YAML file: a mapping of ``probe.train.config.JudgeSettings`` keys, or a run
    config holding a ``judge:`` section. ValueError (one line) on a bad file or key."""
    from pydantic import ValidationError

    from probe.train.config import ConfigError, JudgeSettings, read_yaml_mapping

    try:
        data = read_yaml_mapping(path)
    except ConfigError as e:
        raise ValueError(str(e)) from None
    if isinstance(data.get("judge"), dict):
        data = data["judge"]
    try:
        return JudgeSettings.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        key = ".".join(str(x) for x in err["loc"]) or "judge"
        raise ValueError(f"{path}: judge key '{key}': {err['msg'].removeprefix('Value error, ')}") from None


__all__ = ["Judge", "Verdict", "parse_verdict", "load_prompt", "combine_violations", "judge_agreement",
           "agreement_markdown", "turn_spans", "load_judge_settings", "DEFAULT_PROMPT"]
