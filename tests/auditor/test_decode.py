"""probe.auditor.decode: the fast sampler draws what model.generate draws, scores what a full
forward pass scores, and follows the adapter as it trains."""

from __future__ import annotations

import pytest
import torch
from peft import LoraConfig, get_peft_model
from transformers import GPT2Config, GPT2LMHeadModel, LlamaConfig, LlamaForCausalLM

from probe.auditor.decode import fast_sample, supports

VOCAB, PAD, EOS = 97, 0, 2


def _llama(seed: int = 0, tie: bool = True) -> LlamaForCausalLM:
    torch.manual_seed(seed)
    cfg = LlamaConfig(vocab_size=VOCAB, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                      num_key_value_heads=4, intermediate_size=64, max_position_embeddings=128,
                      tie_word_embeddings=tie, pad_token_id=PAD, bos_token_id=1, eos_token_id=EOS)
    return LlamaForCausalLM(cfg).eval()


def _lora(model, seed: int = 1):
    peft = get_peft_model(model, LoraConfig(r=4, lora_alpha=8, target_modules=["q_proj", "k_proj", "v_proj", "o_proj"],
                                            lora_dropout=0.5, bias="none", task_type="CAUSAL_LM"))
    g = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for n, p in peft.named_parameters():
            if "lora_B" in n:  # B starts at zero: make the adapter matter
                p.copy_(torch.randn(p.shape, generator=g) * 0.3)
    return peft.eval()


def _batch(B: int = 5, P: int = 17, seed: int = 4):
    g = torch.Generator().manual_seed(seed)
    ids = torch.randint(3, VOCAB, (B, P), generator=g)
    mask = torch.ones_like(ids)
    for i in range(B):  # left padding of different lengths, one row unpadded
        ids[i, : 3 * i] = PAD
        mask[i, : 3 * i] = 0
    return ids, mask


def _hf(model, ids, mask, n, temperature, top_p, processors=None):
    torch.manual_seed(11)
    kw = dict(logits_processor=processors) if processors else {}
    with torch.no_grad():
        return model.generate(input_ids=ids, attention_mask=mask, do_sample=True, temperature=temperature,
                              top_p=top_p, top_k=0, max_new_tokens=n, eos_token_id=[EOS], pad_token_id=PAD, **kw)


def _fast(model, ids, mask, n, temperature, top_p, processors=()):
    torch.manual_seed(11)
    return fast_sample(model, ids, mask, max_new_tokens=n, temperature=temperature, top_p=top_p,
                       stop_ids=[EOS], pad_id=PAD, processors=processors)


def _full_logprobs(model, ids, n_prompt):
    """Each generated token's log-probability from one full forward pass (what the trainers compute)."""
    mask = (torch.arange(ids.shape[1]) < n_prompt).long() * (ids != PAD).long()
    mask[:, n_prompt:] = 1
    pos = (mask.cumsum(-1) - 1).clamp(min=0)
    with torch.no_grad():
        logits = model(input_ids=ids, attention_mask=mask, position_ids=pos).logits[:, n_prompt - 1:-1]
    return torch.log_softmax(logits.float(), -1).gather(-1, ids[:, n_prompt:].unsqueeze(-1)).squeeze(-1)


@pytest.mark.parametrize("top_p", [1.0, 0.8])
@pytest.mark.parametrize("tie", [True, False])
def test_same_tokens_as_generate_with_lora_and_left_padding(top_p, tie):
    torch.set_num_threads(1)
    model = _lora(_llama(tie=tie))
    assert supports(model) and supports(model.get_base_model())
    ids, mask = _batch()
    ref = _hf(model, ids, mask, 24, 0.7, top_p)
    out, lp = _fast(model, ids, mask, 24, 0.7, top_p)
    assert torch.equal(out, ref)
    assert lp.shape == (ids.shape[0], out.shape[1] - ids.shape[1])
    full = _full_logprobs(model, out, ids.shape[1])
    live = torch.ones_like(lp, dtype=torch.bool)  # tokens up to and including each row's stop token
    for i, row in enumerate(out[:, ids.shape[1]:].tolist()):
        if EOS in row:
            live[i, row.index(EOS) + 1:] = False
    assert torch.allclose(lp[live], full[live], atol=1e-4)
    assert (lp[~live] == 0).all()


def test_processors_apply_before_temperature_as_in_generate():
    from transformers import LogitsProcessor, LogitsProcessorList

    class NoEvenTokens(LogitsProcessor):
        def __call__(self, input_ids, scores):
            scores[:, 4::2] = float("-inf")
            return scores

    model = _lora(_llama(seed=3))
    ids, mask = _batch(seed=9)
    ref = _hf(model, ids, mask, 16, 1.3, 1.0, LogitsProcessorList([NoEvenTokens()]))
    out, _ = _fast(model, ids, mask, 16, 1.3, 1.0, [NoEvenTokens()])
    assert torch.equal(out, ref)
    new = out[:, ids.shape[1]:]
    assert not ((new >= 4) & (new % 2 == 0)).any()


def test_an_adapter_update_is_seen_by_the_next_call_and_eval_mode_is_kept():
    model = _lora(_llama(seed=5))
    ids, mask = _batch(seed=2)
    before, _ = _fast(model, ids, mask, 20, 1.0, 1.0)
    with torch.no_grad():  # an optimiser step changes the adapter in place
        for n, p in model.named_parameters():
            if "lora_B" in n:
                p.add_(0.5)
    after, lp = _fast(model, ids, mask, 20, 1.0, 1.0)
    assert torch.equal(after, _hf(model, ids, mask, 20, 1.0, 1.0))
    assert not torch.equal(after, before)
    model.train()  # a caller in train mode: dropout must not reach the weights read, and the mode stays
    again, _ = _fast(model, ids, mask, 20, 1.0, 1.0)
    assert torch.equal(again, after) and model.training


def test_no_new_tokens_returns_the_prompt():
    model = _lora(_llama())
    ids, mask = _batch()
    out, lp = _fast(model, ids, mask, 0, 1.0, 1.0)
    assert torch.equal(out, ids) and lp.shape == (ids.shape[0], 0)


def test_other_architectures_are_left_to_generate(monkeypatch):
    gpt2 = GPT2LMHeadModel(GPT2Config(vocab_size=VOCAB, n_embd=32, n_layer=1, n_head=2, n_positions=64))
    assert not supports(gpt2)
    scaled = _llama()
    scaled.config.rope_parameters = {"rope_type": "linear", "factor": 2.0, "rope_theta": 10000.0}
    assert not supports(scaled)
    grouped = LlamaForCausalLM(LlamaConfig(vocab_size=VOCAB, hidden_size=32, num_hidden_layers=1, num_attention_heads=4,
                                           num_key_value_heads=2, intermediate_size=64))
    assert not supports(grouped)
    import probe.auditor.decode as decode

    small = _lora(_llama())
    assert supports(small)
    monkeypatch.setattr(decode, "MAX_PARAMETERS", sum(p.numel() for p in small.get_base_model().parameters()) - 1)
    assert not supports(small)  # a model above the size limit keeps model.generate


def test_repeated_prompts_share_one_prompt_pass_and_draw_as_generate(monkeypatch):
    """GRPO's candidate step samples G messages from each shared prefix: the prompt pass runs once per
    distinct prompt, and the draws are still model.generate's."""
    import probe.auditor.decode as decode

    model = _lora(_llama(seed=7))
    ids, mask = _batch(B=3, seed=6)
    ids, mask = ids.repeat_interleave(4, dim=0), mask.repeat_interleave(4, dim=0)
    calls = []
    real = decode._forward
    monkeypatch.setattr(decode, "_forward", lambda w, x, *a: calls.append(tuple(x.shape)) or real(w, x, *a))
    out, _ = _fast(model, ids, mask, 12, 1.0, 1.0)
    assert calls[0] == (3, ids.shape[1]) and all(c[0] == 12 for c in calls[1:])
    assert torch.equal(out, _hf(model, ids, mask, 12, 1.0, 1.0))
    assert len({tuple(r) for r in out[:, ids.shape[1]:].tolist()}) > 3  # the copies sample apart


@pytest.mark.tiny_auditor
def test_bench_decode_prints_both_samplers_and_that_they_agree(capsys):
    from scripts_loader import load_script

    bench = load_script("bench_decode")
    assert bench.main(["--repeats", "1", "--max-new-tokens", "6"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert [r.split("|")[1].strip() for r in rows] == ["1", "4", "16"]
    assert all(r.rstrip(" |").endswith("yes") for r in rows)
