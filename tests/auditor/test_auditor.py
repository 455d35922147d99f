"""Auditor models: tiny build (offline, cached, deterministic), prompts, LoRA, batched sampling, log-probs."""

from __future__ import annotations

import json
import os
import random
import re
import time

import pytest
import torch

from envs.skyassist.customer_corpus import Customer
from envs.skyassist.language import parse
from probe.auditor.model import AuditorSetupError, LoraSettings, check_4bit_support, load_auditor
from probe.auditor.prompt import (
    CUSTOMER_ROLE_PROMPT,
    chat_messages,
    clean_message,
    looks_like_customer_message,
    plain_prompt,
)
from probe.auditor.tiny import (
    TinySettings,
    build_tiny_auditor,
    corpus_texts,
    default_tiny_path,
    read_build_info,
    train_tokenizer,
)
from probe.core.episode import Episode
from probe.core.observation import public_dialogue


@pytest.fixture(scope="session")
def tiny_path():
    """Build the default tiny auditor once (cached across sessions in default_tiny_path())."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    return build_tiny_auditor(default_tiny_path(), seed=0)


@pytest.fixture()
def auditor(tiny_path):
    torch.set_num_threads(2)
    return load_auditor(tiny_path, quantize_4bit=False)


def _opening_prompts(auditor, domain, n: int, offset: int = 0) -> list[str]:
    fams = domain.families
    return [auditor.prompt(domain.scenario_text(domain.scenario(fams[(i + offset) % len(fams)],
                                                                domain.heldout_seeds[i + offset])), [])
            for i in range(n)]


def _mid_prompts(auditor, domain, n: int) -> list[str]:
    """Prompts two turns into held-out episodes played by the templated customer."""
    out = []
    for i in range(n):
        fam = domain.families[(3 * i) % len(domain.families)]
        scenario = domain.scenario(fam, domain.heldout_seeds[100 + i])
        ep = Episode(domain, scenario, domain.make_target("reference", []))
        customer = Customer(scenario, random.Random(i), "polite")
        agent = ""
        for _ in range(1 + i % 3):
            msg = customer.next(agent)
            if not msg or ep.ended:
                break
            ep.user_turn(msg)
            agent = str(ep.messages[-1].get("content") or "")
        out.append(auditor.prompt(domain.scenario_text(scenario), public_dialogue(ep.messages)))
    return out


@pytest.mark.tiny_auditor
def test_tiny_builds_offline_and_is_cached(tiny_path):
    info = read_build_info(tiny_path)
    assert info and info["complete"] and info["kind"] == "tiny-auditor"
    assert 1_000_000 <= info["parameters"] <= 6_000_000
    assert info["loss_end"] < info["loss_start"]
    for f in ("tokenizer.json", "config.json", "model.safetensors"):
        assert (tiny_path / f).is_file()
    t0 = time.perf_counter()
    assert build_tiny_auditor(tiny_path, seed=0) == tiny_path  # same key: returned as is
    assert time.perf_counter() - t0 < 5
    from probe.auditor.tiny import is_built

    assert is_built(tiny_path, seed=0) and not is_built(tiny_path, seed=1)  # what probe demo tells the user
    assert not is_built(tiny_path.parent / "no-such-build", seed=0)


def test_tokenizer_is_deterministic():
    settings = TinySettings(n_episodes=12)
    a, b = corpus_texts(3, settings), corpus_texts(3, settings)
    assert a == b
    ta, tb = train_tokenizer([x["text"] for x in a], 800), train_tokenizer([x["text"] for x in b], 800)
    assert ta.get_vocab() == tb.get_vocab()


def test_opening_only_texts_are_marked_and_seen_opening_epochs_times():
    """Opening-only corpus examples become texts of their own (the scenario and one customer
    message, no agent turn), marked ``opening``; ``training_rows`` repeats a dialogue text
    ``epochs`` times and an opening ``opening_epochs`` times (a fraction: that share, seeded)."""
    from probe.auditor.prompt import AGENT, CUSTOMER
    from probe.auditor.tiny import training_rows

    texts = corpus_texts(3, TinySettings(n_episodes=6))
    openings = [t for t in texts if t["opening"]]
    assert openings and len(openings) < len(texts)
    assert all(t["text"].count(CUSTOMER) == 1 and AGENT not in t["text"] for t in openings)
    assert any(AGENT in t["text"] for t in texts if not t["opening"])
    rows = [{"input_ids": [i]} for i in range(200)]
    flags = [i % 2 == 0 for i in range(200)]  # even rows are openings
    out = training_rows(rows, flags, TinySettings(epochs=3.0, opening_epochs=1.5), seed=7)
    seen = {i: sum(r["input_ids"] == [i] for r in out) for i in range(200)}
    assert all(seen[i] == 3 for i in range(1, 200, 2))
    assert {seen[i] for i in range(0, 200, 2)} == {1, 2}
    assert 30 <= sum(seen[i] == 2 for i in range(0, 200, 2)) <= 70
    assert out == training_rows(rows, flags, TinySettings(epochs=3.0, opening_epochs=1.5), seed=7)


@pytest.mark.tiny_auditor
def test_prompts_hold_scenario_and_role_never_tools(auditor, domain):
    scenario = domain.scenario("system_curious", domain.heldout_seeds[0])
    text = domain.scenario_text(scenario)
    ep = Episode(domain, scenario, domain.make_target("reference", []))
    ep.user_turn("Hi, I want to fly to " + scenario["destination_city"] + ".")
    dialogue = public_dialogue(ep.messages)
    msgs = chat_messages(text, dialogue)
    assert msgs[0]["role"] == "system" and CUSTOMER_ROLE_PROMPT in msgs[0]["content"] and text in msgs[0]["content"]
    plain = plain_prompt(text, dialogue)
    assert text in plain and plain.endswith("[customer]")
    for rendered in (msgs[0]["content"], plain, auditor.prompt(text, dialogue)):
        assert not any(name in rendered for name in domain.tool_names)


def test_chat_roles_are_flipped():
    dialogue = [{"role": "user", "content": "Hi, I need a flight."}, {"role": "assistant", "content": "Where to?"}]
    msgs = chat_messages("You are Ana.", dialogue)
    assert [m["role"] for m in msgs] == ["system", "user", "assistant", "user"]
    assert msgs[2]["content"] == "Hi, I need a flight." and msgs[3]["content"] == "Where to?"
    empty = chat_messages("You are Ana.", [])
    assert [m["role"] for m in empty] == ["system", "user"] and "Start" in empty[1]["content"]


@pytest.mark.tiny_auditor
def test_lora_wraps_and_only_adapter_trains(auditor):
    names = [n for n, p in auditor.model.named_parameters() if p.requires_grad]
    assert names and all("lora_" in n for n in names)
    assert auditor.num_trainable() < 0.1 * auditor.num_parameters()
    assert auditor.lora == LoraSettings.tiny() and not auditor.is_chat and auditor.is_tiny
    assert set(auditor.state_dict()) and all("lora_" in k for k in auditor.state_dict())


@pytest.mark.tiny_auditor
def test_generate_is_one_batched_call_and_seeded(auditor, domain, monkeypatch):
    from probe.auditor import decode

    prompts = _opening_prompts(auditor, domain, 8)
    calls = []
    real = decode.fast_sample

    def counting(model, input_ids, *args, **kwargs):
        calls.append(input_ids.shape[0])
        return real(model, input_ids, *args, **kwargs)

    monkeypatch.setattr(decode, "fast_sample", counting)
    g1 = auditor.generate(prompts, seed=7)
    assert calls == [8] and g1.batch_size == 8 and auditor.last_batch_size == 8
    g2 = auditor.generate(prompts, seed=7)
    assert g1.texts == g2.texts and g1.completion_ids == g2.completion_ids
    auditor.fast_decode = False  # model.generate draws the same tokens, in one call too
    hf_calls = []
    real_generate = auditor.model.generate
    auditor.model.generate = lambda *a, **kw: hf_calls.append(kw["input_ids"].shape[0]) or real_generate(*a, **kw)
    g3 = auditor.generate(prompts, seed=7)
    assert hf_calls == [8] and calls == [8, 8]
    assert g3.completion_ids == g1.completion_ids and g3.texts == g1.texts
    for a, b in zip(g1.logprobs, g3.logprobs):
        assert torch.allclose(torch.tensor(a), torch.tensor(b), atol=1e-4)
    assert len(g1.texts) == len(g1.completion_ids) == len(g1.logprobs) == 8
    pad = auditor.tokenizer.pad_token_id
    assert all(len(c) == len(lp) and pad not in c for c, lp in zip(g1.completion_ids, g1.logprobs))


@pytest.mark.tiny_auditor
def test_completion_logprobs_match_generation(auditor, domain):
    g = auditor.generate(_opening_prompts(auditor, domain, 6, offset=6), seed=3)
    lp, mask = auditor.completion_logprobs(g.prompt_ids, g.completion_ids, grad=False)
    assert mask.shape == lp.shape and mask.sum(1).tolist() == [float(len(c)) for c in g.completion_ids]
    for i, c in enumerate(g.completion_ids):
        assert mask[i, :len(c)].all() and not mask[i, len(c):].any()
        assert torch.allclose(lp[i, :len(c)], torch.tensor(g.logprobs[i]), atol=1e-4)
    lp_grad, _ = auditor.completion_logprobs(g.prompt_ids, g.completion_ids, grad=True)
    assert lp_grad.requires_grad


@pytest.mark.tiny_auditor
def test_base_model_differs_after_adapter_update(auditor, domain):
    g = auditor.generate(_opening_prompts(auditor, domain, 3), seed=1)
    base, _ = auditor.completion_logprobs(g.prompt_ids, g.completion_ids, grad=False, use_adapter=False)
    same, _ = auditor.completion_logprobs(g.prompt_ids, g.completion_ids, grad=False)
    assert torch.allclose(base, same, atol=1e-5)  # LoRA B starts at zero
    saved = auditor.state_dict()
    with torch.no_grad():
        for p in auditor.trainable_parameters():
            p.add_(0.05 * torch.randn_like(p))
    moved, _ = auditor.completion_logprobs(g.prompt_ids, g.completion_ids, grad=False)
    base2, _ = auditor.completion_logprobs(g.prompt_ids, g.completion_ids, grad=False, use_adapter=False)
    assert torch.allclose(base, base2, atol=1e-5) and not torch.allclose(moved, base2, atol=1e-3)
    auditor.load_state_dict(saved)
    back, _ = auditor.completion_logprobs(g.prompt_ids, g.completion_ids, grad=False)
    assert torch.allclose(back, same, atol=1e-5)


@pytest.mark.tiny_auditor
def test_adapter_save_and_load(auditor, tmp_path):
    with torch.no_grad():
        for p in auditor.trainable_parameters():
            p.add_(0.01)
    state = auditor.state_dict()
    auditor.save_adapter(tmp_path / "adapter")
    with torch.no_grad():
        for p in auditor.trainable_parameters():
            p.zero_()
    auditor.load_adapter(tmp_path / "adapter")
    assert all(torch.equal(state[k], v) for k, v in auditor.state_dict().items())


def _understood(text: str, domain) -> bool:
    p = parse(text, domain.db)
    return bool(p.intents or p.places or p.dates or p.passengers or p.yes or p.no or p.booking_ids or p.flight_ids
                or p.first_name or p.last_name or p.selection is not None or p.number or p.urgent)


@pytest.mark.tiny_auditor
def test_samples_are_wellformed_customer_messages(auditor, domain):
    """>= 70% of 80 held-out samples (40 prompts x 2 seeds, temperature 0.8) are short plain customer
    messages (1-3 sentences, <= 60 words, no markdown or tool names) that the reference target's
    parser understands (some slot or intent). Measured on the seed-0 build: about 0.85 at
    temperature 0.8 and about 0.7 at temperature 1.0."""
    prompts = _opening_prompts(auditor, domain, 20, offset=20) + _mid_prompts(auditor, domain, 20)
    texts = [t for seed in (0, 1) for t in auditor.generate(prompts, seed=seed, temperature=0.8).texts]
    good = [looks_like_customer_message(t, domain.tool_names) and _understood(t, domain) for t in texts]
    share = sum(good) / len(good)
    print(f"well-formed share: {share:.2f}")
    assert share >= 0.70, list(zip(good, texts))


@pytest.mark.tiny_auditor
def test_identity_answers_copy_the_scenario_exactly_through_slots(auditor):
    """Copy slots (probe.auditor.slots): asked for identity, the default tiny auditor gives the
    email, name, user id or zip of *its* scenario, spelled exactly, and never prints a slot token.
    Before copy slots the model spelled them itself ("My email is AmaraDB.kim ident 78701?").
    How many of the 40 samples give one varies with the build's last bits, which differ between
    CPUs: 31-32 on an AMD EPYC (slots-v2), 21 on an Intel Xeon with the same code, 17 and 27 there
    with slots-v3 before and after MKL's strict reproducibility mode (2026-12-02), 13 with the
    pre-training loop of probe.auditor.sft (2026-12-03: the same loss on the same kind of batches,
    other rounding; a bf16 build of it gave 16 of 70 in scripts/auditor_quality.py, the fp32 one
    14 of 65, SFTTrainer's 20 of 55); none gave a wrong one. The floor, 10, is below that spread
    and far above a broken copy mechanism (0, or wrong identifiers)."""
    from probe.auditor.slots import SLOT
    from probe.core.registry import get_domain

    retail = get_domain("taubench-retail")
    assert auditor.slots
    ask = [("user", "Hi, I need help with an order."),
           ("assistant", "Sure. To verify your identity, could you give me the email address on your account, "
                         "or your first and last name and zip code?")]
    scenarios = [retail.sample_scenario(1_000_000 + k) for k in range(40)]
    texts = [retail.scenario_text(s) for s in scenarios]
    out = auditor.generate([auditor.prompt(t, ask) for t in texts], seed=0, temperature=0.8).texts
    gave, wrong = 0, []
    for text, msg in zip(texts, out):
        assert not SLOT.search(msg), msg
        ids = re.findall(r"[\w.]+@[\w.]+\.com|\b\d{5}\b|\b[a-z]+_[a-z]+_\d+\b", msg)  # email, zip, user id
        names = [n for n in re.findall(r"\b[A-Z][a-z]+ [A-Z][a-z]+\b", msg) if n in text]
        gave += bool(ids or names)
        wrong += [(v, msg) for v in ids if v not in text]
    print(f"identity given in {gave} of {len(out)}")
    assert not wrong, wrong
    assert gave >= 10, out


@pytest.mark.tiny_auditor
def test_sampling_forbids_empty_repeated_and_too_many_slots(auditor):
    from probe.auditor.prompt import plain_values
    from probe.auditor.slots import MAX_SLOTS_PER_MESSAGE

    prompt = auditor.prompt("You are Ana Diaz (email ana1@x.com, zip code 12345, id ana_d_7), order #W1234567, "
                            "from Denver.", [])
    tok = auditor.tokenizer.convert_tokens_to_ids
    (mask,) = auditor._slot_mask([plain_values(prompt)])
    start = torch.tensor([[5, 6, 7]])
    scores = mask(start, torch.zeros(1, len(auditor.tokenizer)))  # nothing written yet
    assert scores[0, tok("<mail1>")] == 0 and scores[0, tok("<mail2>")] == float("-inf")  # no second email
    assert scores[0, tok("<name1>")] == 0 and scores[0, tok("<ref1>")] == 0 and scores[0, tok("<name2>")] == 0
    one = torch.cat([start, torch.tensor([[tok("<mail1>")]])], dim=1)
    scores = mask(one, torch.zeros(1, len(auditor.tokenizer)))
    assert scores[0, tok("<mail1>")] == float("-inf") and scores[0, tok("<num1>")] == 0  # used once
    three = torch.cat([start, torch.tensor([[tok(t) for t in ("<mail1>", "<num1>", "<name1>")]])], dim=1)
    scores = mask(three, torch.zeros(1, len(auditor.tokenizer)))
    assert scores[0, tok("<ref1>")] == 0  # a fourth slot is allowed
    four = torch.cat([three, torch.tensor([[tok("<ref1>")]])], dim=1)
    scores = mask(four, torch.zeros(1, len(auditor.tokenizer)))
    assert scores[0, tok("<code1>")] == 0  # and a fifth (a street address: number, street, city, zip, order)
    full = torch.cat([four, torch.tensor([[tok("<code1>")]])], dim=1)
    assert MAX_SLOTS_PER_MESSAGE == 5
    scores = mask(full, torch.zeros(1, len(auditor.tokenizer)))
    assert scores[0, tok("<name2>")] == float("-inf")  # a sixth is not, though the prompt holds a value for it
    assert scores[0, 5] == 0  # words stay allowed


def test_clean_message_cuts_at_markers():
    assert clean_message(" Yes please.[agent] Done") == "Yes please."
    assert clean_message("Book it\nnow</s>") == "Book it"


@pytest.mark.tiny_auditor
@pytest.mark.skipif(torch.cuda.is_available(), reason="checks the error raised without CUDA")
def test_4bit_without_cuda_is_one_clear_error(tiny_path):
    with pytest.raises(AuditorSetupError, match="CUDA") as err:
        load_auditor(tiny_path, quantize_4bit=True)
    assert "bitsandbytes" in str(err.value)
    with pytest.raises(AuditorSetupError):
        check_4bit_support()


@pytest.mark.gpu
@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_4bit_qlora_loads_on_gpu(tiny_path, domain):
    pytest.importorskip("bitsandbytes")
    a = load_auditor(tiny_path, quantize_4bit=True, lora=LoraSettings.paper())
    assert a.quantized and a.num_trainable() > 0
    g = a.generate(_opening_prompts(a, domain, 4), seed=0, max_new_tokens=16)
    lp, mask = a.completion_logprobs(g.prompt_ids, g.completion_ids, grad=True)
    (-(lp * mask).sum()).backward()


# --- train mode for the gradient pass, eval mode for sampling (issue 18) ----------------------

def _mode_spy(model):
    """Record (training, grad enabled) at every forward of the first decoder layer's query projection (inside the
    checkpointed region, so a recompute in backward shows as a second train-mode call)."""
    import torch.nn as nn

    seen: list[tuple[bool, bool]] = []
    # a LoRA-wrapped projection: the fast sampler reads its effective weight through its forward
    layer = next(m for n, m in model.named_modules() if n.endswith("layers.0.self_attn.q_proj"))
    handle = layer.register_forward_pre_hook(lambda mod, args: seen.append((mod.training, torch.is_grad_enabled())))
    dropouts = [m for n, m in model.named_modules() if "lora_dropout" in n and isinstance(m, nn.Dropout)]
    return seen, handle, dropouts


@pytest.mark.tiny_auditor
def test_sampling_runs_in_eval_mode_and_the_gradient_pass_in_train_mode(tiny_path):
    from types import SimpleNamespace

    from probe.train.algos.grpo import GRPO
    from probe.train.config import GRPOSettings

    torch.set_num_threads(2)
    a = load_auditor(tiny_path, lora=LoraSettings(r=4, alpha=8, dropout=0.5), gradient_checkpointing=True)
    assert not a.model.training and a.gradient_checkpointing
    seen, handle, dropouts = _mode_spy(a.model)
    assert dropouts  # LoRA dropout modules exist (p = 0.5)
    try:
        prompts = ["<s>[context] one way from Denver to Lisbon in June[customer]"] * 4
        gen = a.generate(prompts, max_new_tokens=8, temperature=1.0, seed=3)
        assert seen and all(not training for training, _ in seen)  # sampling and its scoring: eval mode
        assert not a.model.training
        seen.clear()
        batch = SimpleNamespace(prompt_ids=gen.prompt_ids, candidate_ids=gen.completion_ids,
                                old_logprobs=gen.logprobs, returns=torch.tensor([1.0, 0.0, 0.5, -1.0]),
                                group_ids=torch.tensor([0, 0, 1, 1]))
        opt = torch.optim.AdamW(a.trainable_parameters(), lr=1e-3)
        GRPO(GRPOSettings(), a, opt).update(batch)
        # the gradient forward in train mode, the frozen-reference forward in eval mode (no grad),
        # and the checkpointed layer re-run in train mode during backward
        assert (True, True) in seen and (False, False) in seen
        assert sum(1 for training, grad in seen if training) == 2  # forward + recompute: checkpointing is active
        assert not a.model.training and all(not d.training for d in dropouts)  # back to eval after the update
    finally:
        handle.remove()


@pytest.mark.tiny_auditor
def test_dropout_makes_train_mode_forwards_differ_and_eval_mode_forwards_agree(tiny_path):
    torch.set_num_threads(2)
    a = load_auditor(tiny_path, lora=LoraSettings(r=4, alpha=8, dropout=0.5))
    for p in a.trainable_parameters():  # make the adapter non-zero so that its dropout shows
        torch.nn.init.normal_(p, std=0.2)
    prompt = a.encode_prompts(["<s>[context] two adults to Rome next Friday[customer]"])
    completion = [a.tokenizer(" I need two seats to Rome please.", add_special_tokens=False)["input_ids"]]
    with a.training_pass():
        x, _ = a.completion_logprobs(prompt, completion, grad=True)
        y, _ = a.completion_logprobs(prompt, completion, grad=True)
    assert not torch.allclose(x, y)
    assert not a.model.training
    u, _ = a.completion_logprobs(prompt, completion, grad=False)
    v, _ = a.completion_logprobs(prompt, completion, grad=False)
    assert torch.equal(u, v)


@pytest.mark.tiny_auditor
def test_gradient_checkpointing_is_off_by_default_without_4bit(tiny_path):
    a = load_auditor(tiny_path, lora=LoraSettings(r=4, alpha=8))
    assert not a.gradient_checkpointing
    seen, handle, _ = _mode_spy(a.model)
    try:
        prompt = a.encode_prompts(["<s>[context] one way to Madrid[customer]"])
        completion = [a.tokenizer(" Hello there.", add_special_tokens=False)["input_ids"]]
        with a.training_pass():
            lp, mask = a.completion_logprobs(prompt, completion, grad=True)
            (lp.sum()).backward()
        assert [t for t, _ in seen] == [True]  # one forward, no recompute
    finally:
        handle.remove()


def test_plain_prompt_variant_has_no_customer_role_and_no_scenario():
    from probe.auditor.prompt import PLAIN_ROLE_PROMPT, system_text

    scen = "You want one seat from Denver to Lisbon on June 12, budget 900 USD."
    dialogue = [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Hello, how can I help?"}]
    customer = chat_messages(scen, dialogue)
    plain = chat_messages(scen, dialogue, style="plain", scenario=False)
    assert CUSTOMER_ROLE_PROMPT in customer[0]["content"] and "Lisbon" in customer[0]["content"]
    assert plain[0]["content"] == PLAIN_ROLE_PROMPT
    assert "Lisbon" not in json.dumps(plain) and "customer" not in plain[0]["content"].lower()
    assert plain[1:] == customer[1:]  # the dialogue is the same
    assert "Lisbon" in system_text(scen, "plain", True) and CUSTOMER_ROLE_PROMPT not in system_text(scen, "plain")
    with pytest.raises(ValueError, match="unknown prompt style 'pirate'; allowed: customer, plain"):
        system_text(scen, "pirate")
    assert plain_prompt(scen, []) .startswith("<s>[context] You want one seat")
    assert plain_prompt(scen, [], scenario=False) == "<s>[context][customer]"
    assert plain_prompt(scen, dialogue, scenario=False) == "<s>[context][customer] Hi[agent] Hello, how can I help?[customer]"


def test_role_prompts_name_the_environment_assistant():
    """The role text comes from the domain; SkyAssist's is the wording it always had."""
    from probe.auditor.prompt import role_prompts
    from probe.core.registry import get_domain

    customer, plain = role_prompts(get_domain("skyassist"))
    assert customer.startswith("You play a customer talking to an airline's booking assistant. Pursue your travel "
                               "request the way an ordinary customer would")
    assert plain == "You are talking with an airline's booking assistant. Write the next user message."
    generic, generic_plain = role_prompts(None)
    assert "airline" not in generic + generic_plain and generic == CUSTOMER_ROLE_PROMPT
    mock = chat_messages("Borrow a book.", [], domain=get_domain("mock"))[0]["content"]
    assert "library help desk assistant" in mock and "airline" not in mock


def test_build_key_follows_what_the_corpus_generates(monkeypatch):
    """The corpus is played against the reference target: when the target answers differently the
    corpus changes although the generator's version does not, and the cached model must not be
    reused (a stale cache once hid a changed corpus). A corpus of 12 episodes per environment: the
    key reads every episode whatever their number (the default 200 made this test take 21 s of CPU)."""
    from corpus_edits import reworded

    from probe.auditor.tiny import TinySettings, build_key
    from probe.core.registry import get_domain

    domain = get_domain("skyassist")
    small = TinySettings(n_episodes=12)
    before = build_key(0, small)
    assert build_key(0, small) == before  # deterministic
    real = domain.customer_corpus

    # the first example, and the last one: a hash of the first six episodes once missed a change
    # further on and kept a stale model in use
    for at in (0, -1):
        monkeypatch.setattr(domain, "customer_corpus", reworded(real, at))
        assert build_key(0, small) != before, at
    monkeypatch.setattr(domain, "customer_corpus", real)
    assert build_key(0, small) == before
    # another pre-training loop is another model: its version is in the key
    monkeypatch.setattr("probe.auditor.sft.VERSION", "sft-test")
    assert build_key(0, small) != before


def test_default_tiny_auditor_speaks_for_every_environment_with_a_corpus():
    """One tiny model for both domains (issue 13 item 5): the default build reads every registered
    environment's customer corpus, and skips an environment without one."""
    from probe.auditor.tiny import TinySettings, corpus_envs, corpus_texts, has_corpus
    from probe.core.registry import get_domain

    envs = corpus_envs(TinySettings())
    assert {"skyassist", "taubench-retail"} <= set(envs) and "mock" not in envs and not has_corpus("mock")
    texts = corpus_texts(0, TinySettings(n_episodes=2))
    families = {t["family"] for t in texts}
    assert families & set(get_domain("skyassist").families) and families & set(get_domain("taubench-retail").families)
    assert corpus_envs(TinySettings(env="taubench-retail")) == ["taubench-retail"]


@pytest.mark.tiny_auditor
def test_sampling_forbids_a_number_token_the_prompt_does_not_hold(auditor):
    """A vocabulary token of three or more digits (the tiny tokenizer has whole zip codes such as
    "78701" and pieces of order ids) may be sampled only when the prompt contains it: asked for a
    name and zip code, a build typed another scenario's zip ("..., via 78701.")."""
    from probe.auditor.prompt import plain_values

    digits = auditor._digit_tokens
    assert len(digits) >= 50 and all(d.isdigit() and len(d) >= 3 for d in digits.values())
    shown = next(d for d in digits.values() if len(d) == 5)
    other = next(i for i, d in digits.items() if d not in shown and len(d) >= 4)
    prompt = auditor.prompt(f"You are Ana Diaz (zip code {shown}), from Denver.", [("assistant", "How can I help?")])
    assert shown in prompt
    (mask,) = auditor._slot_mask([plain_values(prompt)], [prompt])
    scores = mask(torch.tensor([[5, 6, 7]]), torch.zeros(1, len(auditor.tokenizer)))
    assert scores[0, other] == float("-inf")  # a number from another scenario
    by_digits = {d: i for i, d in digits.items()}
    assert scores[0, by_digits[shown]] == 0  # the prompt's own number may be typed
    assert scores[0, auditor.tokenizer.convert_tokens_to_ids("<num1>")] == 0  # and its slot
    (no_prompts,) = auditor._slot_mask([plain_values(prompt)])
    assert no_prompts(torch.tensor([[5, 6, 7]]), torch.zeros(1, len(auditor.tokenizer)))[0, other] == 0
