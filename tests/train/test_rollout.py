"""The shared rollout engine (DESIGN section 8): shapes, masks, isolation, determinism, returns,
batched generation and concurrent target turns.

Exact assertions use a scripted, test-only auditor (fake token ids, messages chosen per prompt);
the real tiny auditor checks that the string dialogue and the token ids agree."""

from __future__ import annotations

import json
import threading
import time
import zlib
from collections import Counter
from typing import Any

import pytest
import torch

from probe.auditor.model import Generation, LoraSettings, load_auditor
from probe.auditor.prompt import clean_message
from probe.auditor.tiny import build_tiny_auditor, default_tiny_path
from probe.core.registry import get_domain
from probe.targets.base import Target, TurnContext
from probe.train.config import ConfigError, RolloutSettings
from probe.train.reward import CompositeReward
from probe.train.rollout import RolloutBatch, RolloutEngine

STOP = 2  # the scripted auditor's stop token
PAD = 0

# distinct customer messages (no two alike, no goodbyes) so that nothing ends a branch early
SCRIPT = [
    "Hi, I need a flight to Madrid next week.",
    "What tools do you use to look that up?",
    "Could you tell me the fare code on that ticket?",
    "Is there anything cheaper on the same day?",
    "Can you check booking number seven for me?",
    "How many bags can I bring on that fare?",
    "Do you also have a later departure that day?",
    "What would the total be for two adults?",
    "Could you hold that seat for me until tomorrow?",
    "Which airport does it leave from exactly?",
]
VARIANTS = ["", " Thanks.", " Please.", " Quickly if possible.", " Much appreciated.", " Cheers."]


def _ids(text: str) -> list[int]:
    return [10 + zlib.crc32(w.encode()) % 5000 for w in text.split()]


class ScriptedAuditor:
    """Implements prompt()/generate(): the message depends on how many customer turns the prompt's
    dialogue has and on how many identical prompts came before it in the batch (so the G
    candidates of one prefix differ); token ids are a word hash plus a stop token."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, int | None]] = []

    def prompt(self, scenario_text: str, dialogue: Any) -> str:
        turns = json.loads(dialogue) if isinstance(dialogue, str) else list(dialogue)
        return json.dumps({"scenario": scenario_text, "dialogue": turns})

    def generate(self, prompts, *, max_new_tokens: int, temperature: float, top_p: float,
                 seed: int | None) -> Generation:
        self.calls.append((len(prompts), seed))
        seen: Counter = Counter()
        prompt_ids, completions, texts, logprobs = [], [], [], []
        for p in prompts:
            n_user = sum(1 for m in json.loads(p)["dialogue"] if m["role"] == "user")
            text = SCRIPT[n_user % len(SCRIPT)] + VARIANTS[seen[p] % len(VARIANTS)]
            seen[p] += 1
            prompt_ids.append([1] + _ids(p)[-30:])
            completions.append(_ids(text) + [STOP])
            texts.append(text)
            logprobs.append([-0.25] * len(completions[-1]))
        return Generation(prompt_ids, completions, texts, logprobs, 0.0, len(prompts), [True] * len(prompts))


class SlowTarget(Target):
    """Sleeps 0.05 s per turn (an HTTP round trip) and records how many turns overlap."""

    kind = "test-slow"
    lock = threading.Lock()
    active = 0
    max_active = 0

    def respond(self, turn: TurnContext) -> None:
        cls = type(self)
        with cls.lock:
            cls.active += 1
            cls.max_active = max(cls.max_active, cls.active)
        time.sleep(0.05)
        with cls.lock:
            cls.active -= 1
        turn.say("Let me check that for you. Which date would suit you?")


def _engine(**overrides: Any) -> RolloutEngine:
    factory = overrides.pop("target_factory", None)
    run = {k: overrides.pop(k) for k in ("faults", "seed", "candidate_temperature") if k in overrides}
    cfg = dict(prefixes=3, group_size=4, continuation_turns=2)
    cfg.update(overrides)
    return RolloutEngine(RolloutSettings(**cfg), CompositeReward(domain="skyassist"), env="skyassist",
                         **{"faults": "demo", "seed": 7, **run}, target_factory=factory)


def _collect(auditor: Any, step: int, k_max: int, **overrides: Any) -> tuple[RolloutEngine, RolloutBatch]:
    engine = _engine(**overrides)
    try:
        return engine, engine.collect(auditor, step=step, k_max=k_max)
    finally:
        engine.close()


def _user_indices(trace) -> list[int]:
    return [i for i, m in enumerate(trace.messages) if m["role"] == "user"]


def _candidate_index(batch: RolloutBatch, i: int) -> int:
    """Message index of candidate i's user message in its trace (the t-th user message)."""
    return _user_indices(batch.traces[i])[batch.candidate_turn[i] - 1]


# --- scripted auditor: exact structure ---------------------------------------------------------

@pytest.fixture(scope="module")
def scripted():
    """Scripted runs at a few steps (B=3, G=4, C=2, K_max=6): the candidate turn varies with the step."""
    runs = []
    for step in range(6):
        auditor = ScriptedAuditor()
        engine, batch = _collect(auditor, step, 6)
        runs.append((auditor, engine, batch))
    return runs


def test_shapes_and_group_layout(scripted):
    for _, _, batch in scripted:
        B, G = 3, 4
        assert batch.stats["groups"] == B and batch.stats["dropped_prefixes"] == 0
        n = B * G
        assert len(batch) == n
        for name in ("prompt_ids", "candidate_ids", "old_logprobs", "candidate_texts", "prompts", "traces",
                     "turn_rewards", "candidate_turn"):
            assert len(getattr(batch, name)) == n, name
        assert batch.returns.shape == (n,) and batch.returns.dtype == torch.float32
        assert batch.group_ids.tolist() == [g for g in range(B) for _ in range(G)]
        assert all(len(lp) == len(c) for lp, c in zip(batch.old_logprobs, batch.candidate_ids))
        assert batch.k_max == 6
        assert all(1 <= t <= 6 for t in batch.candidate_turn)
        for g in range(B):  # one prompt and one candidate turn per group, G different candidates
            rows = range(g * G, (g + 1) * G)
            assert len({batch.candidate_turn[i] for i in rows}) == 1
            assert len({batch.prompts[i] for i in rows}) == 1
            assert len({tuple(batch.prompt_ids[i]) for i in rows}) == 1
            assert len({batch.candidate_texts[i] for i in rows}) == G


def test_padded_mask_is_one_exactly_on_candidate_tokens(scripted):
    batch = scripted[0][2]
    out = batch.padded(PAD)
    ids, attn, mask = out["input_ids"], out["attention_mask"], out["completion_mask"]
    width = max(len(p) + len(c) for p, c in zip(batch.prompt_ids, batch.candidate_ids))
    assert ids.shape == attn.shape == mask.shape == (len(batch), width)
    for i, (p, c) in enumerate(zip(batch.prompt_ids, batch.candidate_ids)):
        expected = [0] * len(p) + [1] * len(c) + [0] * (width - len(p) - len(c))
        assert mask[i].tolist() == expected
        assert attn[i].tolist() == [1] * (len(p) + len(c)) + [0] * (width - len(p) - len(c))
        assert ids[i, mask[i].bool()].tolist() == c
        assert ids[i, : len(p)].tolist() == p
        assert int(mask[i].sum()) == len(c) == len(batch.old_logprobs[i])


def test_candidate_text_is_the_traced_message_at_the_candidate_turn(scripted):
    for _, _, batch in scripted:
        for i, trace in enumerate(batch.traces):
            k = _candidate_index(batch, i)
            assert trace.messages[k]["content"] == batch.candidate_texts[i]
            assert batch.candidate_ids[i] == _ids(batch.candidate_texts[i]) + [STOP]


def test_group_shares_the_prefix_and_differs_after_it(scripted):
    G = 4
    for _, _, batch in scripted:
        for g in range(len(batch) // G):
            rows = list(range(g * G, (g + 1) * G))
            k = _candidate_index(batch, rows[0])
            assert all(_candidate_index(batch, i) == k for i in rows)  # prefixes have the same length
            first = batch.traces[rows[0]]
            for i in rows[1:]:
                tr = batch.traces[i]
                assert tr.messages[:k] == first.messages[:k]
                assert tr.scenario == first.scenario and tr.seed == first.seed
                assert tr.messages[k] != first.messages[k]
            # no branch ever contains a sibling's candidate
            for i in rows:
                own = [m["content"] for m in batch.traces[i].messages[k:] if m["role"] == "user"]
                assert own[0] == batch.candidate_texts[i]
                assert not {batch.candidate_texts[j] for j in rows if j != i} & set(own)


def _expected_sizes(group_t: list[int], G: int, C: int) -> list[int]:
    """Prefix turn j advances the prefixes deeper than j; then one call for all candidates and C
    continuation calls."""
    return [sum(1 for t in group_t if t > j) for j in range(1, max(group_t))] + [len(group_t) * G] * (1 + C)


def test_one_generate_call_per_turn_with_batched_sizes(scripted):
    B, G, C = 3, 4, 2
    ts = set()
    for auditor, engine, batch in scripted:
        group_t = batch.stats["candidate_turn"]
        assert len(group_t) == B and batch.candidate_turn == [t for t in group_t for _ in range(G)]
        ts.update(group_t)
        expected = _expected_sizes(group_t, G, C)
        assert engine.generate_calls == expected
        assert [n for n, _ in auditor.calls] == expected
        assert batch.stats["generate_batch_sizes"] == expected and batch.stats["generate_calls"] == len(expected)
        assert len({s for _, s in auditor.calls}) == len(expected)  # a fresh sampling seed per turn
        for i, trace in enumerate(batch.traces):  # nothing ended early: every branch played t + C turns
            t = batch.candidate_turn[i]
            assert len(_user_indices(trace)) == t + C
            assert trace.meta["turns"] == t + C
    assert ts == set(range(1, 7))  # the steps cover every depth of the horizon (K_max = 6)


def test_returns_are_discounted_window_rewards(scripted):
    gamma = RolloutSettings().gamma
    for _, _, batch in scripted:
        for i, window in enumerate(batch.turn_rewards):
            assert len(window) == 1 + 2  # candidate turn + C continuation turns, never a prefix turn
            expected = sum(gamma ** k * tr.total for k, tr in enumerate(window))
            assert batch.returns[i].item() == pytest.approx(expected, rel=1e-6, abs=1e-6)
            assert batch.traces[i].meta["window_rewards"] == [tr.total for tr in window]


def test_policy_hits_count_the_window_violations_only(scripted):
    any_prefix_hit = any_window_hit = False
    for _, _, batch in scripted:
        from_windows = Counter(v.policy for w in batch.turn_rewards for tr in w for v in tr.violations)
        assert batch.policy_hits == from_windows
        # independently, from the traces: violations at or after the candidate's message
        from_traces: Counter = Counter()
        for i, trace in enumerate(batch.traces):
            k = _candidate_index(batch, i)
            window = [v for v in trace.violations if v.message_index >= k]
            from_traces.update(v.policy for v in window)
            any_prefix_hit |= any(v.message_index < k for v in trace.violations)
        any_window_hit |= sum(from_windows.values()) > 0
        assert from_traces == batch.policy_hits
    assert any_window_hit and any_prefix_hit  # the demo faults fire both in prefixes and in windows


def test_prefix_turns_do_not_contribute_to_returns(monkeypatch):
    """A reward that pays 1 per turn: the return is the discounted sum over the C+1 window turns,
    whatever the prefix length."""
    from probe.train.reward import TurnReward

    def one_per_turn(self, *, step, state, turn_messages, new_violations, user_message=None, **_):
        state.turns += 1
        state.user_messages.append(user_message or "")
        return TurnReward(total=1.0, violation=0.0, progress=0.0, novelty=0.0, plausibility_penalty=0.0,
                          w_progress=0.0, w_novelty=0.0, w_plaus=0.0, flags={}, stop=False)

    monkeypatch.setattr(CompositeReward, "turn_reward", one_per_turn)
    gamma = 0.5
    seen_t = set()
    for step in range(4):
        _, batch = _collect(ScriptedAuditor(), step, 6, gamma=gamma, prefixes=2, group_size=2)
        seen_t.add(batch.candidate_turn[0])
        assert batch.returns.tolist() == pytest.approx([1 + gamma + gamma ** 2] * len(batch))
    assert max(seen_t) > 1


def test_void_continuation_plausibility_zeroes_penalised_continuation_turns_only(monkeypatch):
    """A reward that pays 2 per turn and charges 3 on turns whose message holds "Quickly" or asks a
    question with "Could" (total -1):
    'penalise' sums the totals as they are; 'void' counts a penalised *continuation* turn as 0 and
    keeps the candidate turn's own penalty."""
    from probe.train.reward import TurnReward

    def flagged(self, *, step, state, turn_messages, new_violations, user_message=None, **_):
        state.turns += 1
        state.user_messages.append(user_message or "")
        pen = 3.0 if any(w in (user_message or "") for w in ("Quickly", "Could")) else 0.0
        return TurnReward(total=2.0 - pen, violation=2.0, progress=0.0, novelty=0.0, plausibility_penalty=pen,
                          w_progress=0.0, w_novelty=0.0, w_plaus=1.0, flags={"implausible": pen > 0}, stop=False)

    monkeypatch.setattr(CompositeReward, "turn_reward", flagged)
    gamma = 0.5
    seen = {"candidate": False, "continuation": False}
    for step in range(4):
        _, pen = _collect(ScriptedAuditor(), step, 6, gamma=gamma)
        _, void = _collect(ScriptedAuditor(), step, 6, gamma=gamma, continuation_plausibility="void")
        assert [t.messages for t in pen.traces] == [t.messages for t in void.traces]  # same play, other credit
        for i, window in enumerate(void.turn_rewards):
            totals = [tr.total for tr in window]
            assert pen.returns[i].item() == pytest.approx(sum(gamma ** k * r for k, r in enumerate(totals)))
            credited = [r if k == 0 or r > 0 else 0.0 for k, r in enumerate(totals)]
            assert void.returns[i].item() == pytest.approx(sum(gamma ** k * r for k, r in enumerate(credited)))
            seen["candidate"] |= totals[0] < 0
            seen["continuation"] |= any(r < 0 for r in totals[1:])
    assert all(seen.values())  # both cases were exercised
    with pytest.raises(ValueError, match="continuation_plausibility"):
        RolloutSettings(continuation_plausibility="ignore")


def test_void_leaves_a_flagged_turn_alone_when_plausibility_is_off(monkeypatch):
    """A reward whose plausibility term is off (w_plaus 0) charges nothing, so 'void' has nothing to
    void: the returns equal 'penalise''s even where a flag fired."""
    from probe.train.reward import TurnReward

    def flagged_but_off(self, *, step, state, turn_messages, new_violations, user_message=None, **_):
        state.turns += 1
        state.user_messages.append(user_message or "")
        pen = 3.0 if "Could" in (user_message or "") else 0.0
        return TurnReward(total=2.0, violation=2.0, progress=0.0, novelty=0.0, plausibility_penalty=pen,
                          w_progress=0.0, w_novelty=0.0, w_plaus=0.0, flags={"implausible": pen > 0}, stop=False)

    monkeypatch.setattr(CompositeReward, "turn_reward", flagged_but_off)
    _, pen = _collect(ScriptedAuditor(), 1, 6)
    _, void = _collect(ScriptedAuditor(), 1, 6, continuation_plausibility="void")
    assert any(tr.plausibility_penalty > 0 for w in void.turn_rewards for tr in w[1:])
    assert void.returns.tolist() == pytest.approx(pen.returns.tolist())


def test_same_seed_same_batch_and_different_step_different_scenarios():
    def run(step: int, seed: int = 7) -> RolloutBatch:
        return _collect(ScriptedAuditor(), step, 6, seed=seed)[1]

    a, b = run(3), run(3)
    assert a.candidate_texts == b.candidate_texts and a.prompts == b.prompts
    assert a.prompt_ids == b.prompt_ids and a.candidate_ids == b.candidate_ids
    assert torch.equal(a.returns, b.returns) and torch.equal(a.group_ids, b.group_ids)
    assert [json.dumps(t.to_json(), sort_keys=True) for t in a.traces] == \
           [json.dumps(t.to_json(), sort_keys=True) for t in b.traces]
    assert a.policy_hits == b.policy_hits
    scen = lambda batch: [(t.seed, t.scenario.get("family")) for t in batch.traces]  # noqa: E731
    assert scen(run(4)) != scen(a)
    assert scen(run(3, seed=8)) != scen(a)


def test_branches_never_share_state():
    captured = []

    class Spy(RolloutEngine):
        def _trace(self, branch, step, index):  # noqa: D401  (see every live branch at the end)
            captured.append(branch)
            return super()._trace(branch, step, index)

    engine = Spy(RolloutSettings(prefixes=2, group_size=3, continuation_turns=1),
                 CompositeReward(domain="skyassist"), env="skyassist", faults="demo", seed=3)
    batch = engine.collect(ScriptedAuditor(), step=1, k_max=4)
    engine.close()
    assert len(captured) == len(batch) == 6

    def distinct(objs):
        return len({id(o) for o in objs}) == len(objs)

    for getter in (lambda b: b.game, lambda b: b.game.episode, lambda b: b.game.episode.state,
                   lambda b: b.game.episode.target, lambda b: b.game.episode.messages,
                   lambda b: b.game.scenario, lambda b: b.game._seen, lambda b: b.reward_state,
                   lambda b: b.reward_state.user_messages, lambda b: b.reward_state.policy_counts,
                   lambda b: b.reward_state.entered, lambda b: b.window):
        assert distinct([getter(b) for b in captured])
    # the traces own their data: mutating one leaves its siblings (and the engine) untouched
    before = [json.dumps(t.to_json(), sort_keys=True) for t in batch.traces]
    t0 = batch.traces[0]
    t0.messages.append({"role": "user", "content": "tampered"})
    t0.messages[0]["content"] = "tampered"
    t0.scenario["tampered"] = True
    t0.meta["tampered"] = True
    after = [json.dumps(t.to_json(), sort_keys=True) for t in batch.traces]
    assert after[1:] == before[1:]
    assert captured[0].game.episode.messages[0]["content"] != "tampered"
    assert "tampered" not in captured[0].game.scenario
    # and a branch that keeps playing does not move its siblings
    sibling = [dict(m) for m in captured[1].game.episode.messages]
    captured[0].game.step("One more question about my booking please.")
    assert captured[1].game.episode.messages == sibling


def test_target_turns_of_all_branches_overlap():
    SlowTarget.active = SlowTarget.max_active = 0
    _, batch = _collect(ScriptedAuditor(), 2, 4, prefixes=2, group_size=4, continuation_turns=1,
                        target_workers=8, target_factory=SlowTarget)
    phases = batch.stats["generate_calls"]  # one target phase per generate call
    assert phases == (max(batch.candidate_turn) - 1) + 1 + 1
    assert batch.stats["target_s"] / phases < 0.25  # serial would be 8 x 0.05 s per phase
    assert SlowTarget.max_active >= 4
    assert all(tr.target["kind"] == "test-slow" for tr in batch.traces)
    assert batch.stats["wall_s"] >= batch.stats["target_s"] + batch.stats["score_s"]


def test_candidate_depth_is_drawn_per_prefix_at_the_first_curriculum_level():
    """K_max = 4, C = 3 (the paper's first level): the candidate turn differs between the prefixes
    of one update (not only between updates), every group shares one depth, every window is whole,
    and over a few updates every depth 1..4 is trained."""
    G, C = 2, 3
    seen: set[int] = set()
    varied_within_update = 0
    for step in range(4):
        _, batch = _collect(ScriptedAuditor(), step, 4, prefixes=6, group_size=G, continuation_turns=C, seed=11)
        group_t = batch.stats["candidate_turn"]
        assert all(1 <= t <= 4 for t in group_t)
        varied_within_update += len(set(group_t)) > 1
        seen.update(group_t)
        for i in range(len(batch)):
            assert batch.candidate_turn[i] == group_t[i // G]
            assert len(batch.turn_rewards[i]) == 1 + C  # the window is never cut by the horizon
            k = _candidate_index(batch, i)
            assert batch.traces[i].messages[k]["content"] == batch.candidate_texts[i]
        again = _collect(ScriptedAuditor(), step, 4, prefixes=6, group_size=G, continuation_turns=C, seed=11)[1]
        assert again.stats["candidate_turn"] == group_t  # seeded
    assert varied_within_update == 4
    assert seen == {1, 2, 3, 4}


class TemperatureSpy(ScriptedAuditor):
    def __init__(self) -> None:
        super().__init__()
        self.temperatures: list[tuple[int, float]] = []

    def generate(self, prompts, *, max_new_tokens, temperature, top_p, seed):
        self.temperatures.append((len(prompts), temperature))
        return super().generate(prompts, max_new_tokens=max_new_tokens, temperature=temperature, top_p=top_p,
                                seed=seed)


def test_candidate_temperature_applies_to_candidates_only():
    """GFlowNet's exploration temperature: the one candidates call samples at 1.3; every prefix and
    continuation call at the shared rollout temperature."""
    spy = TemperatureSpy()
    _, batch = _collect(spy, 5, 6, prefixes=3, group_size=4, continuation_turns=2, temperature=0.9,
                        candidate_temperature=1.3)
    sizes = batch.stats["generate_batch_sizes"]
    n_prefix_calls = max(batch.stats["candidate_turn"]) - 1
    assert n_prefix_calls >= 1
    temps = [t for _, t in spy.temperatures]
    assert len(temps) == len(sizes) == n_prefix_calls + 1 + 2
    assert temps[n_prefix_calls] == 1.3 and sizes[n_prefix_calls] == 12
    assert temps[:n_prefix_calls] + temps[n_prefix_calls + 1:] == [0.9] * (len(temps) - 1)
    plain = TemperatureSpy()
    _collect(plain, 5, 6, prefixes=3, group_size=4, continuation_turns=2, temperature=0.9)
    assert {t for _, t in plain.temperatures} == {0.9}


def test_config_validation():
    for bad in (dict(prefixes=0), dict(group_size=0), dict(group_size=1), dict(continuation_turns=-1), dict(gamma=1.5),
                dict(temperature=0), dict(target_workers=0)):
        with pytest.raises(ValueError):
            RolloutSettings(**bad)
    with pytest.raises(ValueError, match="exploration_temperature"):
        RolloutEngine(RolloutSettings(), CompositeReward(domain="skyassist"), env="skyassist", candidate_temperature=0)
    with pytest.raises(TypeError, match="RolloutSettings"):  # the run config's section, not a copy of it
        RolloutEngine(dict(prefixes=2), CompositeReward(domain="skyassist"), env="skyassist")


# --- the real tiny auditor -------------------------------------------------------------------

@pytest.fixture(scope="module")
def tiny():
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # the tiny model gains nothing from more threads; a busy CI box loses a lot
    try:
        yield load_auditor(build_tiny_auditor(default_tiny_path()), lora=LoraSettings())
    finally:
        torch.set_num_threads(threads)


@pytest.fixture(scope="module")
def tiny_batch(tiny):
    return _collect(tiny, 1, 3, prefixes=2, group_size=3, continuation_turns=1, max_new_tokens=16, seed=5)[1]


@pytest.mark.tiny_auditor
def test_tiny_auditor_shapes(tiny, tiny_batch):
    batch = tiny_batch
    # a prefix the real model ends before its candidate turn (a goodbye) is dropped and counted
    groups = batch.stats["groups"]
    assert groups >= 1 and groups + batch.stats["dropped_prefixes"] == 2
    assert len(batch) == 3 * groups and batch.group_ids.tolist() == [g for g in range(groups) for _ in range(3)]
    assert batch.returns.shape == (3 * groups,)
    assert all(len(lp) == len(c) for lp, c in zip(batch.old_logprobs, batch.candidate_ids))
    assert all(x <= 0.0 for lp in batch.old_logprobs for x in lp)
    out = batch.padded(tiny.tokenizer.pad_token_id)
    for i, (p, c) in enumerate(zip(batch.prompt_ids, batch.candidate_ids)):
        assert out["completion_mask"][i].nonzero().flatten().tolist() == list(range(len(p), len(p) + len(c)))
    *prefix_turns, candidates, continuation = batch.stats["generate_batch_sizes"]
    if groups == 2:  # a dropped prefix also took part in the prefix turns before it ended
        assert prefix_turns == _expected_sizes(batch.stats["candidate_turn"], 3, 1)[:-2]
    # every candidate is sampled in one call; a candidate that ends its episode (a goodbye the target
    # answers by closing) has no continuation turn, so the continuation call holds the others
    ended = sum(1 for t, turn in zip(batch.traces, batch.candidate_turn) if t.meta["turns"] == turn)
    assert candidates == 3 * groups and continuation == 3 * groups - ended and continuation >= 1


@pytest.mark.tiny_auditor
def test_tiny_auditor_token_ids_agree_with_the_dialogue(tiny, tiny_batch):
    batch = tiny_batch
    from probe.auditor.prompt import plain_values
    from probe.auditor.slots import fill

    for i, trace in enumerate(batch.traces):
        # the tiny auditor writes identifiers as copy-slot tokens (special tokens): the message is
        # the decoded text with the prompt's values filled in (probe.auditor.slots)
        stops = set(tiny.stop_ids)
        raw = clean_message(tiny.tokenizer.decode([t for t in batch.candidate_ids[i] if t not in stops],
                                                  skip_special_tokens=False))
        decoded = fill(raw, plain_values(batch.prompts[i])) if tiny.slots else raw
        k = _candidate_index(batch, i)
        assert decoded == batch.candidate_texts[i] == trace.messages[k]["content"]
        assert tiny.encode_prompts([batch.prompts[i]])[0] == batch.prompt_ids[i]


@pytest.mark.tiny_auditor
def test_tiny_auditor_same_seed_same_batch(tiny, tiny_batch):
    again = _collect(tiny, 1, 3, prefixes=2, group_size=3, continuation_turns=1, max_new_tokens=16, seed=5)[1]
    assert again.candidate_texts == tiny_batch.candidate_texts
    assert again.candidate_ids == tiny_batch.candidate_ids
    assert torch.equal(again.returns, tiny_batch.returns)
    assert [json.dumps(t.to_json(), sort_keys=True) for t in again.traces] == \
           [json.dumps(t.to_json(), sort_keys=True) for t in tiny_batch.traces]


class ByeAuditor(ScriptedAuditor):
    """Ends every conversation at once: what the 200-update CPU GRPO run collapsed into."""

    def generate(self, prompts, **kw) -> Generation:
        gen = super().generate(prompts, **kw)
        return Generation(gen.prompt_ids, [_ids("bye") + [STOP] for _ in prompts], ["bye"] * len(prompts),
                          [[-0.25, -0.25] for _ in prompts], 0.0, len(prompts), [True] * len(prompts))


def test_an_auditor_that_ends_every_conversation_leaves_nothing_to_train_and_says_so():
    from probe.train.loop import idle_updates_warning

    _, batch = _collect(ByeAuditor(), step=3, k_max=14, prefixes=4)
    deep = batch.stats["dropped_prefixes"]
    # a prefix whose candidate turn is past turn 1 ended with the auditor's "bye": it is dropped
    assert deep >= 1 and batch.stats["groups"] == 4 - deep
    assert all(t == 1 for t in batch.stats["candidate_turn"])
    history = [{"update": 0, "groups": 3}, {"update": 1, "groups": 0}, {"update": 2, "groups": 0}]
    line = idle_updates_warning(history)
    assert line.startswith("warning: 2 of 3 updates had nothing to train on (first: update 1)")
    assert idle_updates_warning(history[:1]) is None
    assert idle_updates_warning([{"update": 0}]) is None  # metrics written before the field existed


# --- rollout.prefix_customer: prefixes written by the corpus customer ---------------------------

def _prefix_user_texts(batch: RolloutBatch, g: int, G: int) -> list[str]:
    trace = batch.traces[g * G]
    users = [trace.messages[i]["content"] for i in _user_indices(trace)]
    return users[: batch.stats["candidate_turn"][g] - 1]


def _scripted(text: str) -> bool:
    return any(text.startswith(s) for s in SCRIPT)


@pytest.mark.parametrize("mode", ["corpus", "mixed"])
def test_corpus_prefixes_are_the_corpus_customers_and_candidates_the_auditors(mode):
    G = 2
    seen_corpus = seen_auditor = 0
    for step in range(3):
        auditor = ScriptedAuditor()
        _, batch = _collect(auditor, step, 6, prefixes=4, group_size=G, continuation_turns=1, seed=5,
                            prefix_customer=mode)
        for g in range(batch.stats["groups"]):
            prefix = _prefix_user_texts(batch, g, G)
            corpus = not prefix or not any(_scripted(t) for t in prefix)
            # a prefix is written by one of them, whole (mixed: every other prefix is the corpus customer's)
            assert all(not _scripted(t) for t in prefix) or all(_scripted(t) for t in prefix)
            if prefix:
                seen_corpus += corpus
                seen_auditor += not corpus
        assert all(_scripted(t) for t in batch.candidate_texts)  # the candidates are always the auditor's
        # the auditor generated no prefix turn for the corpus's prefixes: fewer prompts than the prefixes' turns
        again = _collect(ScriptedAuditor(), step, 6, prefixes=4, group_size=G, continuation_turns=1, seed=5,
                         prefix_customer=mode)[1]
        assert [t.messages for t in again.traces] == [t.messages for t in batch.traces]  # seeded
    assert seen_corpus > 0
    assert (seen_auditor > 0) == (mode == "mixed")


def test_corpus_prefix_opens_as_the_corpus_customer_of_that_scenario():
    import random as _random

    _, batch = _collect(ScriptedAuditor(), 2, 6, prefixes=4, group_size=2, continuation_turns=1, seed=5,
                        prefix_customer="corpus")
    d = get_domain("skyassist")
    for g, t_b in enumerate(batch.stats["candidate_turn"]):
        trace = batch.traces[g * 2]
        if t_b > 1:
            customer = d.corpus_customer(trace.scenario, _random.Random(f"prefix-customer:5:2:{g}"))
            assert trace.messages[_user_indices(trace)[0]]["content"] == customer.next("")


def test_prefix_customer_needs_an_environment_with_a_corpus_customer(tmp_path):
    from probe.train.config import load_config
    from probe.train.loop import check_config

    config = load_config(None, ["env=mock", "rollout.prefix_customer=corpus", f"out_dir={tmp_path}"])
    with pytest.raises(ConfigError, match="rollout.prefix_customer.*'corpus'.*'mock' has no corpus customer"):
        check_config(config)
    with pytest.raises(ValueError, match="prefix_customer"):
        RolloutSettings(prefix_customer="human")
