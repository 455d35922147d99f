"""Batched sampling for the tiny Llama auditor on CPU, without ``model.generate``'s per-token overhead.

Why: on 2 CPU cores the tiny auditor (2.5M parameters, 4 layers) spends about 11 ms per generated
token inside ``model.generate`` whatever the batch size, and almost all of it is Python and
dispatch overhead of the module tree (rotary caches, masks, cache objects, logits processors):
the arithmetic of one decoding step is well under a millisecond. Sampling is four fifths of a
CPU training update's wall time (``scripts/bench_rollout.py``). ``scripts/bench_decode.py``
measures the two side by side.

What it does: reads the model's *effective* weights once per call (a LoRA-wrapped projection is
evaluated on the identity matrix, so whatever peft adds, merged or not, is included), then runs
the Llama forward pass (RMSNorm, rotary attention, SiLU MLP, tied or untied head) with a
preallocated key/value cache on plain tensors. Sampling follows ``model.generate`` with
``do_sample=True, top_k=0``: the caller's logits processors, then temperature, then nucleus
(top-p) filtering as ``transformers.TopPLogitsWarper`` does it, then one ``torch.multinomial``
draw per step for the whole batch; a finished row receives the pad token. Same seed, same tokens,
and the same tokens as ``model.generate`` except where float rounding moves a draw across a
boundary (tests/auditor/test_decode.py compares them).

Only the architecture it knows is accepted (``supports``); anything else (a Qwen checkpoint on a
GPU, another model type) samples with ``model.generate``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import torch
import torch.nn.functional as F

MAX_PARAMETERS = 100_000_000  # larger models spend their time in arithmetic, which this does not speed up


def supports(model: Any) -> bool:
    """Whether ``fast_sample`` can run ``model``: a Llama causal LM (peft-wrapped or not) on CPU with
    default rotary embeddings, no biases, as many key/value heads as query heads and at most
    ``MAX_PARAMETERS`` parameters (its effective weights are copied once per adapter change)."""
    base = _causal_lm(model)
    cfg = getattr(base, "config", None)
    if cfg is None or getattr(cfg, "model_type", None) != "llama":
        return False
    if sum(p.numel() for p in base.parameters()) > MAX_PARAMETERS:
        return False
    rope = getattr(cfg, "rope_parameters", None) or getattr(cfg, "rope_scaling", None) or {}
    if rope and rope.get("rope_type", rope.get("type", "default")) != "default":
        return False
    if getattr(cfg, "attention_bias", False) or getattr(cfg, "mlp_bias", False):
        return False
    if getattr(cfg, "num_key_value_heads", cfg.num_attention_heads) != cfg.num_attention_heads:
        return False
    if getattr(cfg, "hidden_act", "silu") != "silu":
        return False
    try:
        return next(base.parameters()).device.type == "cpu"
    except StopIteration:
        return False


def _causal_lm(model: Any) -> Any:
    """The ``LlamaForCausalLM`` inside a peft wrapper (or the model itself)."""
    get_base = getattr(model, "get_base_model", None)
    return get_base() if callable(get_base) else model


def _effective(linear: torch.nn.Module) -> torch.Tensor:
    """The weight ``W`` (out x in) with which ``linear(x) == x @ W.T``, LoRA branch included: a plain
    ``nn.Linear``'s own weight, any wrapper (peft's LoRA layers) evaluated on the identity matrix
    (no bias: ``supports`` checks the config)."""
    if type(linear) is torch.nn.Linear:
        return linear.weight.detach()
    in_features = getattr(linear, "in_features", None)
    if in_features is None:
        in_features = linear.weight.shape[1]
    eye = torch.eye(in_features, dtype=torch.float32)
    return linear(eye).t().contiguous()


class _Weights:
    """The effective tensors of one model, read once per sampling call (LoRA changes every update)."""

    def __init__(self, model: Any) -> None:
        was_training = model.training
        model.eval()  # a LoRA branch's dropout must not touch the identity matrix
        try:
            self._read(model)
        finally:
            model.train(was_training)

    def _read(self, model: Any) -> None:
        lm = _causal_lm(model)
        cfg = lm.config
        core = lm.model
        self.heads = cfg.num_attention_heads
        self.head_dim = getattr(cfg, "head_dim", None) or cfg.hidden_size // self.heads
        self.eps = float(cfg.rms_norm_eps)
        rope = getattr(cfg, "rope_parameters", None) or {}
        theta = float(rope.get("rope_theta", getattr(cfg, "rope_theta", 10000.0)))
        self.inv_freq = 1.0 / (theta ** (torch.arange(0, self.head_dim, 2, dtype=torch.float32) / self.head_dim))
        emb = core.embed_tokens
        self.embed = (emb.weight if not hasattr(emb, "base_layer") else emb.base_layer.weight).detach()
        self.layers = []
        for layer in core.layers:
            att, mlp = layer.self_attn, layer.mlp
            qkv = torch.cat([_effective(att.q_proj), _effective(att.k_proj), _effective(att.v_proj)], 0)
            self.layers.append((layer.input_layernorm.weight.detach(), qkv.t().contiguous(),
                                _effective(att.o_proj).t().contiguous(),
                                layer.post_attention_layernorm.weight.detach(),
                                torch.cat([_effective(mlp.gate_proj), _effective(mlp.up_proj)], 0).t().contiguous(),
                                _effective(mlp.down_proj).t().contiguous()))
        self.norm = core.norm.weight.detach()
        self.head = _effective(lm.lm_head).t().contiguous()


def _rms(x: torch.Tensor, w: torch.Tensor, eps: float) -> torch.Tensor:
    return w * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps))


def _rotate(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    half = x.shape[-1] // 2
    rotated = torch.cat((-x[..., half:], x[..., :half]), dim=-1)
    return x * cos + rotated * sin


def _rope(w: _Weights, positions: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """cos and sin for ``positions`` (B x T), shaped B x 1 x T x head_dim as HF's default rotary."""
    freqs = positions.float().unsqueeze(-1) * w.inv_freq
    emb = torch.cat((freqs, freqs), dim=-1)
    return emb.cos().unsqueeze(1), emb.sin().unsqueeze(1)


def _forward(w: _Weights, ids: torch.Tensor, positions: torch.Tensor, cache_k: list[torch.Tensor],
             cache_v: list[torch.Tensor], start: int, allowed: torch.Tensor,
             rope: tuple[torch.Tensor, torch.Tensor] | None = None) -> torch.Tensor:
    """Run ``ids`` (B x T) at cache slots ``start .. start+T-1``; ``allowed`` (B x 1 x T x start+T) is
    the boolean attention mask; ``rope``: cos and sin for ``positions`` when the caller has them.
    Returns the last position's logits (B x vocab)."""
    B, T = ids.shape
    H, D = w.heads, w.head_dim
    x = w.embed[ids]
    cos, sin = rope if rope is not None else _rope(w, positions)
    end = start + T
    for i, (ln1, qkv, o, ln2, gate_up, down) in enumerate(w.layers):
        h = _rms(x, ln1, w.eps)
        q, k, v = (h @ qkv).view(B, T, 3, H, D).permute(2, 0, 3, 1, 4)
        q, k = _rotate(q, cos, sin), _rotate(k, cos, sin)
        cache_k[i][:, :, start:end] = k
        cache_v[i][:, :, start:end] = v
        a = F.scaled_dot_product_attention(q, cache_k[i][:, :, :end], cache_v[i][:, :, :end], attn_mask=allowed)
        x = x + a.transpose(1, 2).reshape(B, T, H * D) @ o
        g, u = (_rms(x, ln2, w.eps) @ gate_up).chunk(2, dim=-1)
        x = x + (F.silu(g) * u) @ down
    return _rms(x[:, -1], w.norm, w.eps) @ w.head


def _top_p(scores: torch.Tensor, top_p: float) -> torch.Tensor:
    """Nucleus filtering as ``transformers.TopPLogitsWarper``: drop the tokens whose cumulative
    probability, in ascending order, stays within ``1 - top_p``; the most likely token always stays."""
    sorted_logits, sorted_idx = torch.sort(scores, descending=False)
    cumulative = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
    remove = cumulative <= (1 - top_p)
    remove[..., -1:] = False
    return scores.masked_fill(remove.scatter(1, sorted_idx, remove), float("-inf"))


Processor = Callable[[torch.Tensor, torch.Tensor], torch.Tensor]


_CACHE: dict[int, tuple[tuple[int, ...], _Weights]] = {}


def _weights(model: Any) -> _Weights:
    """The effective tensors of ``model``, recomputed only when a parameter changed: every in-place
    update (an optimiser step, ``load_state_dict``, ``copy_``) bumps the tensor's version counter."""
    params = list(model.parameters())
    key = tuple(p._version for p in params) + tuple(p.data_ptr() for p in params)
    hit = _CACHE.get(id(model))
    if hit is not None and hit[0] == key:
        return hit[1]
    w = _Weights(model)
    _CACHE.clear()  # one model at a time: a stale entry would keep another model's tensors alive
    _CACHE[id(model)] = (key, w)
    return w


@torch.no_grad()
def fast_sample(model: Any, input_ids: torch.Tensor, attention_mask: torch.Tensor, *, max_new_tokens: int,
                temperature: float, top_p: float, stop_ids: Sequence[int], pad_id: int,
                processors: Sequence[Processor] = ()) -> tuple[torch.Tensor, torch.Tensor]:
    """Sample up to ``max_new_tokens`` per row of the left-padded ``input_ids``.

    Returns ``(ids, logprobs)``: prompt + completion ids (B x P+N) as ``model.generate`` returns
    them (pad after a row's stop token; the tensor ends when every row has stopped), and each
    sampled token's log-probability under the model itself (B x N; temperature 1, no processor,
    no top-p: what ``Auditor.completion_logprobs`` computes from a full forward pass, to float
    rounding). ``temperature`` > 0."""
    B, P = input_ids.shape
    if max_new_tokens < 1:
        return input_ids, torch.zeros(B, 0)
    w = _weights(model)
    total = P + max_new_tokens
    H, D = w.heads, w.head_dim
    cache_k = [torch.zeros(B, H, total, D) for _ in w.layers]
    cache_v = [torch.zeros(B, H, total, D) for _ in w.layers]
    valid = torch.zeros(B, total, dtype=torch.bool)
    valid[:, :P] = attention_mask.bool()
    positions = (attention_mask.long().cumsum(-1) - 1).masked_fill(attention_mask == 0, 1)
    causal = torch.ones(P, P, dtype=torch.bool).tril()
    allowed = (causal.unsqueeze(0) & valid[:, None, :P]).unsqueeze(1)
    allowed = allowed | torch.eye(P, dtype=torch.bool).view(1, 1, P, P)  # a padded query sees itself (no NaN)
    # the prompt pass once per distinct prompt: GRPO samples G candidates from each shared prefix
    unique, inverse = torch.unique(input_ids * 2 + attention_mask, dim=0, return_inverse=True)
    if unique.shape[0] < B:
        first = torch.full((unique.shape[0],), B, dtype=torch.long).scatter_reduce(
            0, inverse, torch.arange(B), reduce="amin")
        k_u = [torch.zeros(len(first), H, P, D) for _ in w.layers]  # the prompt's slots only
        v_u = [torch.zeros(len(first), H, P, D) for _ in w.layers]
        logits = _forward(w, input_ids[first], positions[first], k_u, v_u, 0, allowed[first])[inverse]
        for i in range(len(w.layers)):
            cache_k[i][:, :, :P] = k_u[i][inverse]
            cache_v[i][:, :, :P] = v_u[i][inverse]
    else:
        logits = _forward(w, input_ids, positions, cache_k, cache_v, 0, allowed)
    next_pos = positions[:, -1] + 1
    # cos and sin of every position a generated token can take, computed once
    table_cos, table_sin = (t[0, 0] for t in _rope(w, torch.arange(int(next_pos.max()) + max_new_tokens).unsqueeze(0)))
    stops = torch.tensor(list(stop_ids), dtype=torch.long)
    done = torch.zeros(B, dtype=torch.bool)
    ids = torch.full((B, total), pad_id, dtype=input_ids.dtype)
    ids[:, :P] = input_ids
    logprobs = []
    for step in range(max_new_tokens):
        scores = logits.float()
        own = torch.log_softmax(scores, dim=-1)
        for proc in processors:
            scores = proc(ids[:, :P + step], scores.clone())
        scores = scores / temperature
        if top_p < 1.0:
            scores = _top_p(scores, top_p)
        token = torch.multinomial(scores.softmax(dim=-1), num_samples=1).squeeze(1)
        token = torch.where(done, torch.full_like(token, pad_id), token)
        logprobs.append(own.gather(1, token.unsqueeze(1)).squeeze(1).masked_fill(done, 0.0))
        ids[:, P + step] = token
        done = done | torch.isin(token, stops)
        if bool(done.all()) or step == max_new_tokens - 1:
            break
        slot = P + step
        valid[:, slot] = True
        allowed = valid[:, None, None, :slot + 1]
        rope = (table_cos[next_pos][:, None, None], table_sin[next_pos][:, None, None])  # B x 1 x 1 x head_dim
        logits = _forward(w, token.unsqueeze(1), next_pos.unsqueeze(1), cache_k, cache_v, slot, allowed, rope)
        next_pos = next_pos + 1
    return ids[:, :P + len(logprobs)], torch.stack(logprobs, dim=1)
