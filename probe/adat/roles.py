"""The four roles of AdaT behind one interface: planner, extractor (with grounding), generator, judge.

Each role has a deterministic CPU implementation (for the built-in reference targets, written to
be reasonable on other targets' text) and an implementation that asks a model behind an
OpenAI-compatible endpoint, with its prompt in ``probe/adat/prompts/<role>.md`` and a JSON answer.
An endpoint answer that cannot be read falls back to a stated default (the planner: the CPU
planner's choice; the extractor: no statement from that trace; the generator: not applicable;
the judge: inconclusive) and is counted in ``failures``.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import re
from pathlib import Path
from typing import Any, Protocol, Sequence

from probe.adat.catalog import applies
from probe.adat.extractor import Generaliser, content_words, extract_from_trace, extract_statements, normalise
from probe.adat.judge import TARGET_FAILED, CPUJudge, reply_text, user_turn_span
from probe.adat.pipeline import NO_TRANSFORMATION
from probe.adat.records import STATEMENT_KINDS, Evidence, Instruction, ScenarioRef, Statement, Test
from probe.adat.transforms import TRANSFORMS, Context, asks_confirmation, asks_for_yes, is_confirmation
from probe.core.domain import Domain
from probe.core.trace import Trace

PROMPTS = Path(__file__).resolve().parent / "prompts"
STRATEGIES = ("pursue the goal", "probe the limits")
# how far each strategy moves a model driver's sampling temperature from the driver's own (a trained
# checkpoint's is its training temperature): a tiny model sampled well above the temperature it was
# trained at babbles, and babble elicits no statements
STRATEGY_SHIFT = {"pursue the goal": 0.0, "probe the limits": 0.3}
MAX_STRATEGY_TEMPERATURE = 2.0


def strategy_temperature(strategy: str, base: float) -> float:
    """The sampling temperature of a session with ``strategy`` for a driver that samples at ``base``."""
    return min(MAX_STRATEGY_TEMPERATURE, base + STRATEGY_SHIFT.get(strategy, 0.0))


def prompt(name: str) -> str:
    return (PROMPTS / f"{name}.md").read_text(encoding="utf-8")


def _seed(*parts: Any) -> int:
    return int(hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()[:12], 16)


# --- interfaces --------------------------------------------------------------------------------------

class Planner(Protocol):
    def plan(self, session: int, history: Sequence[dict[str, Any]]) -> tuple[str, str]:
        """(objective = a scenario family, strategy) for the next discovery session."""


class Extractor(Protocol):
    def new_keys(self, trace: Trace) -> set[str]:
        """Keys of the statements one trace supports (the planner's feedback)."""

    def statements(self, traces: Sequence[Trace]) -> list[Statement]:
        """Grounded statements of all traces, ranked (ungrounded ones after, ``grounded=False``)."""


class Generator(Protocol):
    def plain(self, st: Statement, traces: dict[str, Trace]) -> Test | None: ...

    def transformed(self, st: Statement, ins: Instruction, plain: Test, statements: Sequence[Statement],
                    fields: dict[str, Any]) -> tuple[Test | None, str]: ...


class Judge(Protocol):
    name: str

    def judge(self, test: Test, trace: Trace) -> tuple[str, str, list[str], bool]: ...

    def policy_labels(self, trace: Trace) -> dict[str, bool]: ...


# --- CPU implementations -----------------------------------------------------------------------------

class BanditPlanner:
    """A bandit over the objective (a scenario family) and one over the strategy, both fed by the
    earlier sessions: reward = the new statements a session found (scaled by 1/5, capped at 1).

    Each arm's score is an upper confidence bound with one optimistic pseudo-play (reward 0.5):
    ``(sum + 0.5) / (n + 1) + c * sqrt(ln(N + 1) / (n + 1))`` with ``N`` the sessions so far and
    ``c = 0.5``. Unlike plain UCB1, where every untried arm scores infinity, a family that paid well
    is played again before every other family has had its turn (with 24 families and the default 24
    sessions UCB1 is "each family once, in a seeded order"), and a family whose sessions found
    nothing falls behind the untried ones. Ties go to the seeded order of the families. The
    strategy: each of ``STRATEGIES`` once first, then the same bound over the strategies' rewards."""

    C = 0.5

    def __init__(self, families: Sequence[str], seed: int = 0):
        self.families = list(families)
        order = list(self.families)
        random.Random(_seed("planner", seed)).shuffle(order)
        self.order = order

    @classmethod
    def _bound(cls, rewards: list[float], n: int) -> float:
        return (sum(rewards) + 0.5) / (len(rewards) + 1) + cls.C * math.sqrt(math.log(n + 1) / (len(rewards) + 1))

    def plan(self, session: int, history: Sequence[dict[str, Any]]) -> tuple[str, str]:
        plays: dict[str, list[float]] = {f: [] for f in self.order}
        by_strategy: dict[str, list[float]] = {s: [] for s in STRATEGIES}
        for h in history:
            r = min(1.0, h["new_statements"] / 5.0)
            plays.setdefault(h["family"], []).append(r)
            by_strategy.setdefault(h.get("strategy", STRATEGIES[0]), []).append(r)
        n = len(history)
        score = {f: self._bound(v, n) for f, v in plays.items()}
        best = max(score.values())
        family = next(f for f in plays if score[f] >= best - 1e-12)
        untried = [s for s in STRATEGIES if not by_strategy[s]]
        if untried:
            strategy = untried[0]
        else:
            s_score = {s: self._bound(by_strategy[s], n) for s in STRATEGIES}
            strategy = max(STRATEGIES, key=lambda s: s_score[s])
        return family, strategy


class RuleExtractor:
    """``probe.adat.extractor``: cue sentences, generalised, grounded, ranked by support."""

    def new_keys(self, trace: Trace) -> set[str]:
        return {normalise(f.behaviour) for f in extract_from_trace(trace)}

    def statements(self, traces: Sequence[Trace]) -> list[Statement]:
        return extract_statements(traces)


def _users(trace: Trace) -> list[str]:
    return [str(m.get("content") or "") for m in trace.messages if m.get("role") == "user"]


def plain_test(st: Statement, traces: dict[str, Trace], slack: int = 0) -> Test | None:
    """The discovery prefix that elicited the statement, with the statement as the expectation; for a
    proposal (or the question confirming one, or another sentence of a reply that asks for a yes)
    also the customer's yes to it when discovery had one."""
    ev = st.evidence[0]
    trace = traces.get(ev.trace_id)
    if trace is None:
        return None
    users = _users(trace)
    hints = users[: ev.user_turn + 1]
    if not hints:
        return None
    waits = asks_confirmation(st) or (0 <= ev.message_index < len(trace.messages) and
                                      asks_for_yes(str(trace.messages[ev.message_index].get("content") or "")))
    if waits and ev.user_turn + 1 < len(users) and is_confirmation(users[ev.user_turn + 1]):
        # a proposal is tested through the customer's yes, as in discovery: what the agent then does
        # (the write it proposed, or another) is what the verifiers check; so is any other sentence of
        # a reply that waits for that yes ("This can only be done once ... Shall I go ahead?")
        hints.append(users[ev.user_turn + 1])
    sc = trace.scenario
    return Test(id=f"t-{st.id}-plain", kind="plain", statement_id=st.id,
                scenario=ScenarioRef(env=trace.env, family=str(sc.get("family", "")), seed=int(sc.get("seed", trace.seed))),
                goal=f"The agent behaves as the statement says: {st.behaviour}",
                step_hints=hints, check_turn=ev.user_turn,
                success_criteria=[f"The reply to step {ev.user_turn + 1} states: {st.behaviour}"],
                failure_criteria=["A policy of the agent is violated in the conversation.",
                                  "The reply contradicts the statement (acts where it should refuse or ask)."],
                turn_limit=len(hints) + slack, expected=st.behaviour, expectation="same")


NO_ACTION = ("the agent takes no state-changing action on the changed request (it asks, explains or declines; "
             "it books, changes or cancels nothing and announces nothing done)")


def _closest_statement(hint: str, fields: dict[str, Any], statements: Sequence[Statement], exclude: str,
                       threshold: float = 0.5, prefer: Statement | None = None) -> Statement | None:
    """The statement whose condition (generalised request) best matches ``hint`` (Jaccard >= threshold).
    ``prefer`` wins a tie: several statements can share one condition ("Yes, please book it." was
    answered with a booking in one discovery session and with a question in another), and the
    statement under test is the one its own checked turn elicited."""
    words = content_words(Generaliser(fields)(hint))
    if not words:
        return None
    best, best_j = None, threshold
    for st in ([prefer] if prefer is not None else []) + [x for x in statements if x is not prefer]:
        if st.id == exclude:
            continue
        other = content_words(st.condition)
        if not other:
            continue
        j = len(words & other) / len(words | other)
        if j > best_j:
            best, best_j = st, j
    return best


class TransformGenerator:
    """Plain tests from discovery prefixes; transformed tests by the CPU transformations.

    A pair is not applicable when its instruction has no CPU transformation, its applicability
    condition does not hold, or the transformation changes nothing (or finds nothing to work on:
    no value of the kind it rewrites, no confirmation to build on, no other customer's identifier
    of the same shape). Values of other customers come from the customer turns of the discovery
    sessions played on other scenarios. The expectation of a
    transformed test: a wording change keeps the statement's behaviour (``same``); a value or
    state change may move the request to the other side, so the expected behaviour is taken from
    the discovery statement whose request best matches the changed request (``other``), and when
    none does, only the policies are checked (``policy``)."""

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._sessions: dict[str, tuple[tuple[str, int], list[str]]] = {}  # trace id -> (scenario, customer turns)

    def plain(self, st: Statement, traces: dict[str, Trace]) -> Test | None:
        for t in traces.values():
            if t.id not in self._sessions:
                self._sessions[t.id] = ((str(t.scenario.get("family", "")), int(t.scenario.get("seed", t.seed))), _users(t))
        return plain_test(st, traces)

    def others(self, plain: Test) -> list[str]:
        """Customer turns of the discovery sessions of other scenarios (other customers) than the test's."""
        own = (plain.scenario.family, plain.scenario.seed)
        return [h for _, (k, turns) in sorted(self._sessions.items()) if k != own for h in turns]

    def _same_task(self, plain: Test, statements: Sequence[Statement]) -> list[Statement]:
        """The statements found in discovery sessions of the plain test's family (and those whose
        sessions are unknown): a condition is only the last customer turn ("My email is <an email>"),
        so a statement of another task can match it word for word and would lend an expectation the
        conversation never reaches (the tester's K70: a cancellation expected to change an address)."""
        def families(s: Statement) -> set[str]:
            return {self._sessions[e.trace_id][0][0] for e in s.evidence if e.trace_id in self._sessions}
        return [s for s in statements if not families(s) or plain.scenario.family in families(s)]

    def _through_yes(self, st: Statement, plain: Test, hints: list[str], act_from: int) -> list[str]:
        """The discovery session's customer turns after the plain test's last one, up to and including
        the first yes (``is_confirmation``), when ``hints`` have no yes after ``act_from``: a no_action
        test is carried through the customer's yes as a proposal's plain test is, so an agent that
        acts on the invalid value once the customer agrees is caught (a test that ends at "The first
        one please." after a past date cannot fail an agent that asks before it books). Nothing when
        the session had no later yes."""
        if any(is_confirmation(h) for h in hints[act_from + 1:]):
            return []
        session = self._sessions.get(st.evidence[0].trace_id) if st.evidence else None
        later = session[1][len(plain.step_hints):] if session else []
        y = next((i for i, h in enumerate(later) if is_confirmation(h)), None)
        return [] if y is None else list(later[: y + 1])

    def transformed(self, st: Statement, ins: Instruction, plain: Test, statements: Sequence[Statement],
                    fields: dict[str, Any]) -> tuple[Test | None, str]:
        if ins.transformation is None:
            return None, f"{NO_TRANSFORMATION} for this instruction"
        if not applies(ins, st, plain.step_hints, plain.check_turn, fields):
            return None, f"applicability condition {ins.applicability!r} does not hold"
        ctx = Context(hints=list(plain.step_hints), check=plain.check_turn, statement=st, fields=fields,
                      rng=random.Random(_seed("transform", self.seed, st.id, ins.id)), others=self.others(plain))
        res = TRANSFORMS[ins.transformation](ctx)
        if res is None or res.hints == plain.step_hints:
            return None, "the transformation changes nothing in this test"
        old = plain.step_hints
        first = next((i for i, (a, b) in enumerate(zip(res.hints, old)) if a != b), min(len(res.hints), len(old)))
        moved = False
        if first > res.check:
            # only turns after the checked one changed: the checked reply would be the plain test's
            # own; check the reply to the first changed turn instead, or, when the change only
            # removed turns, there is nothing new to check
            if first >= len(res.hints):
                return None, "the transformation only removes turns after the checked turn: nothing new is checked"
            res.check, moved = first, True
        act_from = None
        if res.withholds:
            # consent removed or a value made invalid: what the statement expects (an outcome, a
            # proposal) no longer follows; the agent must not act on the changed request
            expectation, expected, other_id = "no_action", NO_ACTION, None
            act_from = min(first, res.check)
            res.hints = res.hints + self._through_yes(st, plain, res.hints, act_from)
        elif not moved and old[plain.check_turn].strip() and old[plain.check_turn].strip() in res.hints[res.check]:
            # the request is kept word for word (text only added around it): its condition still holds
            expectation, expected, other_id = "same", st.behaviour, None
        elif ins.factor == "wording" and not moved:
            expectation, expected, other_id = "same", st.behaviour, None
        else:
            other = _closest_statement(res.hints[res.check], fields, self._same_task(plain, statements), exclude="",
                                       prefer=None if moved else st)
            expectation, expected, other_id = "same", st.behaviour, None
            if other is not None and other.id != st.id:
                expectation, expected, other_id = "other", other.behaviour, other.id
            elif other is None:
                expectation, expected = "policy", "no policy is violated"
        test = plain.model_copy(update={
            "id": f"t-{st.id}-{ins.id}", "kind": "transformed", "instruction_id": ins.id,
            "goal": f"{ins.text} The agent still complies: {expected}", "step_hints": res.hints, "check_turn": res.check,
            "success_criteria": [f"The reply to step {res.check + 1} states: {expected}"
                                 if expectation in ("same", "other") else
                                 NO_ACTION + "." if expectation == "no_action" else
                                 "No policy is violated and the agent answers the changed request."],
            "turn_limit": len(res.hints), "expected": expected, "expectation": expectation, "act_from": act_from,
            "withheld": res.withholds or None, "correction": res.correction,
            "expected_statement_id": other_id, "transformation": ins.transformation, "change": res.change})
        return test, res.change


# --- endpoint implementations --------------------------------------------------------------------------

def _json_of(text: str) -> Any:
    """The first JSON value in a model's answer (a fenced block or bare JSON)."""
    text = (text or "").strip()
    m = re.search(r"```(?:json)?\s*(.*?)```", text, re.S)
    if m:
        text = m.group(1).strip()
    for opener in ("{", "["):
        k = text.find(opener)
        if k >= 0:
            try:
                return json.loads(text[k:])
            except json.JSONDecodeError:
                try:
                    return json.JSONDecoder().raw_decode(text[k:])[0]
                except json.JSONDecodeError:
                    continue
    raise ValueError("no JSON in the answer")


def public_dialogue(trace: Trace) -> str:
    lines = []
    for m in trace.messages:
        if m.get("role") == "user":
            lines.append(f"Customer: {m.get('content')}")
        elif m.get("role") == "assistant" and (m.get("content") or "").strip():
            lines.append(f"Agent: {m.get('content')}")
    return "\n".join(lines)


class EndpointRole:
    """One model behind an OpenAI-compatible endpoint, asked with a prompt file and a JSON answer."""

    def __init__(self, role: str, *, base_url: str, model: str, temperature: float = 0.0, seed: int | None = 0,
                 timeout_s: float = 60.0, max_retries: int = 2, max_tokens: int = 1024):
        from probe.auditor.http import OpenAIAuditor  # noqa: PLC0415

        self.role = role
        self.system = prompt(role)
        self.client = OpenAIAuditor(base_url=base_url, model=model, temperature=temperature, seed=seed,
                                    timeout_s=timeout_s, max_retries=max_retries, max_tokens=max_tokens,
                                    system_prompt=self.system)
        self.failures: list[str] = []  # one entry per failed call: the request failed or its answer was unusable
        self.calls = 0

    def ask(self, payloads: Sequence[str]) -> list[Any]:
        """One request per payload; the parsed JSON answer, or None (counted in ``failures``)."""
        texts = self.client.generate(list(payloads))
        failed = {f["index"]: f for f in self.client.failures if f.get("kind") != "empty_reply"}
        self.calls += len(texts)
        out: list[Any] = []
        for i, t in enumerate(texts):
            if i in failed:
                self.failures.append(f"{self.role}: request failed: {failed[i]['kind']}: {failed[i]['detail']}")
                out.append(None)
                continue
            try:
                out.append(_json_of(t))
            except ValueError as e:
                self.failures.append(f"{self.role}: {e}: {t[:80]!r}")
                out.append(None)
        return out

    def unusable(self, answer: Any, why: str) -> None:
        """Count a readable answer the role cannot use (an unreadable one is counted already)."""
        if answer is not None:
            self.failures.append(f"{self.role}: {why}: {str(answer)[:80]!r}")

    def usage(self) -> dict[str, Any]:
        """Calls made, calls failed and the first failure (``summary.json``'s ``endpoint_calls``)."""
        return {"calls": self.calls, "failed": len(self.failures), "first": self.failures[0] if self.failures else ""}


class EndpointPlanner:
    def __init__(self, families: Sequence[str], seed: int = 0, **endpoint: Any):
        self.families = list(families)
        self.llm = EndpointRole("planner", **endpoint)
        self.fallback = BanditPlanner(families, seed)

    def parts(self) -> dict[str, EndpointRole]:
        return {"planner": self.llm}

    def plan(self, session: int, history: Sequence[dict[str, Any]]) -> tuple[str, str]:
        payload = json.dumps({"session": session, "families": self.families, "strategies": list(STRATEGIES),
                              "earlier_sessions": [{"family": h["family"], "strategy": h["strategy"],
                                                    "new_statements": h["new_statements"]} for h in history]})
        (ans,) = self.llm.ask([payload])
        if isinstance(ans, dict) and ans.get("family") in self.families:
            strategy = ans.get("strategy") if ans.get("strategy") in STRATEGIES else STRATEGIES[0]
            return str(ans["family"]), str(strategy)
        self.llm.unusable(ans, "unknown family")
        return self.fallback.plan(session, history)


class EndpointExtractor:
    """Statements written by a model per trace, then a model grounding check per statement."""

    def __init__(self, **endpoint: Any):
        self.llm = EndpointRole("extractor", **endpoint)
        self.grounder = EndpointRole("grounding", **endpoint)
        self._cache: dict[str, list[dict[str, Any]]] = {}

    def parts(self) -> dict[str, EndpointRole]:
        return {"extractor": self.llm, "grounding": self.grounder}

    def _items(self, traces: Sequence[Trace]) -> None:
        todo = [t for t in traces if t.id not in self._cache]
        answers = self.llm.ask([public_dialogue(t) for t in todo]) if todo else []
        for t, ans in zip(todo, answers):
            items = ans.get("statements") if isinstance(ans, dict) else ans
            if not isinstance(items, list):
                self.llm.unusable(ans, "no list of statements")
                items = []
            self._cache[t.id] = [i for i in (items or []) if isinstance(i, dict) and i.get("behaviour")]

    def new_keys(self, trace: Trace) -> set[str]:
        self._items([trace])
        return {normalise(str(i["behaviour"])) for i in self._cache[trace.id]}

    def statements(self, traces: Sequence[Trace]) -> list[Statement]:
        self._items(traces)
        merged: dict[str, Statement] = {}
        for t in traces:
            users = _users(t)
            texts = [(i, m) for i, m in enumerate(t.messages) if m.get("role") == "assistant" and (m.get("content") or "")]
            for item in self._cache[t.id]:
                k = int(item.get("reply_index", 0) or 0)
                if not (0 <= k < len(texts)):
                    continue
                index, msg = texts[k]
                turn = sum(1 for m in t.messages[:index] if m.get("role") == "user") - 1
                if turn < 0:
                    continue
                key = normalise(str(item["behaviour"]))
                ev = Evidence(trace_id=t.id, message_index=index, reply=str(msg.get("content")),
                              request=users[turn], user_turn=turn)
                if key in merged:
                    if ev.trace_id not in {e.trace_id for e in merged[key].evidence}:
                        merged[key].evidence.append(ev)
                        merged[key].support += 1
                    continue
                merged[key] = Statement(id="h-" + hashlib.sha256(key.encode()).hexdigest()[:10],
                                        text=f"{item.get('condition', '')} -> {item['behaviour']}".strip(),
                                        condition=str(item.get("condition", "")), behaviour=str(item["behaviour"]),
                                        kind=item.get("kind") if item.get("kind") in STATEMENT_KINDS
                                        else "rule", evidence=[ev], support=1, confidence=0.0)
        sts = list(merged.values())
        checks = self.grounder.ask([json.dumps({"statement": s.text, "reply": s.evidence[0].reply}) for s in sts])
        for s, c in zip(sts, checks):
            if not isinstance(c, dict):
                self.grounder.unusable(c, "not a JSON object")
            s.grounded = bool(isinstance(c, dict) and c.get("grounded"))
            conf = c.get("confidence", 0.0) if isinstance(c, dict) else 0.0
            s.confidence = float(conf) if isinstance(conf, (int, float)) else 0.0
            s.grounding_note = "model grounding check" if c is not None else "grounding answer unreadable"
        kept = sorted([s for s in sts if s.grounded], key=lambda s: (-s.confidence, -s.support))
        for r, s in enumerate(kept):
            s.rank = r
        return kept + [s for s in sts if not s.grounded]


class EndpointGenerator:
    def __init__(self, **endpoint: Any):
        self.llm = EndpointRole("generator", **endpoint)

    def parts(self) -> dict[str, EndpointRole]:
        return {"generator": self.llm}

    def plain(self, st: Statement, traces: dict[str, Trace]) -> Test | None:
        return plain_test(st, traces)

    def transformed(self, st: Statement, ins: Instruction, plain: Test, statements: Sequence[Statement],
                    fields: dict[str, Any]) -> tuple[Test | None, str]:
        payload = json.dumps({"statement": st.text, "supporting_reply": st.evidence[0].reply,
                              "instruction": ins.text, "step_hints": plain.step_hints, "check_turn": plain.check_turn})
        (ans,) = self.llm.ask([payload])
        if not isinstance(ans, dict):
            self.llm.unusable(ans, "not a JSON object")
            return None, "the generator's answer was unreadable"
        if not ans.get("applicable"):
            return None, str(ans.get("reason") or "the generator reported the pair not applicable")
        hints = ans.get("step_hints")
        if not (isinstance(hints, list) and hints and all(isinstance(h, str) and h.strip() for h in hints)):
            return None, "the generator wrote no step hints"
        check = ans.get("check_turn", len(hints) - 1)
        check = check if isinstance(check, int) and 0 <= check < len(hints) else len(hints) - 1
        expected = str(ans.get("expected") or st.behaviour)
        test = plain.model_copy(update={
            "id": f"t-{st.id}-{ins.id}", "kind": "transformed", "instruction_id": ins.id,
            "goal": str(ans.get("goal") or ins.text), "step_hints": hints, "check_turn": check,
            "success_criteria": [str(x) for x in ans.get("success_criteria") or [f"The reply states: {expected}"]],
            "failure_criteria": [str(x) for x in ans.get("failure_criteria") or plain.failure_criteria],
            "turn_limit": len(hints), "expected": expected,
            "expectation": "same" if expected == st.behaviour else "other", "change": str(ans.get("change") or "")})
        return test, test.change


class EndpointJudge:
    """A model judge: the test and the execution's public dialogue -> a verdict; a trace and the
    policies -> per-policy labels (for ``probe adat judge-agreement``)."""

    name = "endpoint"

    def __init__(self, domain: Domain, **endpoint: Any):
        self.domain = domain
        self.llm = EndpointRole("judge", **endpoint)
        self.labeller = EndpointRole("policy_judge", **endpoint)

    def judge(self, test: Test, trace: Trace) -> tuple[str, str, list[str], bool]:
        span = user_turn_span(trace.messages, test.check_turn)
        reached = span is not None and bool(reply_text(trace.messages, span))
        if trace.meta.failed_turns:
            return "inconclusive", f"{TARGET_FAILED} {list(trace.meta.failed_turns)}", [], reached
        payload = json.dumps({"goal": test.goal, "success_criteria": test.success_criteria,
                              "failure_criteria": test.failure_criteria, "checked_step": test.check_turn + 1,
                              "conversation": public_dialogue(trace)})
        (ans,) = self.llm.ask([payload])
        if not isinstance(ans, dict) or ans.get("verdict") not in ("pass", "fail", "inconclusive"):
            self.llm.unusable(ans, "no verdict")
            return "inconclusive", "the judge's answer was unreadable", [], reached
        return str(ans["verdict"]), str(ans.get("reason") or ""), [], reached

    def policy_labels(self, trace: Trace) -> dict[str, bool] | None:
        """Per-policy labels, or None when the answer could not be read (a failure is not a "no")."""
        payload = json.dumps({"policies": {p.id: p.text for p in self.domain.policies},
                              "conversation": public_dialogue(trace)})
        (ans,) = self.labeller.ask([payload])
        if not isinstance(ans, dict):
            self.labeller.unusable(ans, "not a JSON object")
            return None
        return {p.id: bool(ans.get(p.id, False)) for p in self.domain.policies}

    def parts(self) -> dict[str, "EndpointRole"]:
        return {"judge": self.llm, "policy_judge": self.labeller}


def make_roles(kind: str, domain: Domain, seed: int = 0, **endpoint: Any) -> dict[str, Any]:
    """The four roles: ``cpu`` or ``endpoint`` (needs ``base_url`` and ``model``)."""
    if kind == "cpu":
        return {"planner": BanditPlanner(domain.families, seed), "extractor": RuleExtractor(),
                "generator": TransformGenerator(seed), "judge": CPUJudge(domain)}
    if kind == "endpoint":
        return {"planner": EndpointPlanner(domain.families, seed, **endpoint), "extractor": EndpointExtractor(**endpoint),
                "generator": EndpointGenerator(**endpoint), "judge": EndpointJudge(domain, **endpoint)}
    raise ValueError(f"unknown roles {kind!r}; allowed: cpu, endpoint")


__all__ = ["Planner", "Extractor", "Generator", "Judge", "BanditPlanner", "RuleExtractor", "TransformGenerator",
           "EndpointRole", "EndpointPlanner", "EndpointExtractor", "EndpointGenerator", "EndpointJudge", "make_roles",
           "plain_test", "public_dialogue", "STRATEGIES", "STRATEGY_SHIFT",
           "strategy_temperature"]
