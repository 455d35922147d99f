"""A local transformers chat model as the target: tools go in through its chat template.

The prompt is ``tokenizer.apply_chat_template(messages, tools=tool_schemas,
add_generation_prompt=True)``; tool calls are parsed from the generated text in the
Hermes / Qwen format, ``<tool_call>{"name": ..., "arguments": {...}}</tool_call>`` (one block per
call, several blocks for parallel calls). A block that is not valid JSON still becomes a call
(name recovered if possible, the raw block as its arguments), so the tool returns an error and
the S2 verifier sees the malformed call. Meant for small models and tests; no server needed.
"""

from __future__ import annotations

import json
import re
import threading
from typing import Any

from probe.targets.tool_loop import (
    AssistantReply,
    ChatRequest,
    Completer,
    CompletionFailure,
    SamplingSettings,
    ToolCallRequest,
    ToolLoopTarget,
    strip_think,
)

_BLOCK = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.S)
_NAME = re.compile(r'"name"\s*:\s*"([^"]*)"')


def parse_tool_calls(text: str) -> AssistantReply:
    """Split generated text into content and ``<tool_call>`` blocks (Hermes / Qwen format)."""
    text = strip_think(text) or ""
    calls: list[ToolCallRequest] = []
    for m in _BLOCK.finditer(text):
        raw = m.group(1)
        try:
            obj = json.loads(raw)
            if not isinstance(obj, dict):
                raise ValueError("not an object")
            name = str(obj.get("name") or "")
            args = obj.get("arguments", obj.get("parameters", {}))
            arguments = args if isinstance(args, str) else json.dumps(args, ensure_ascii=False)
        except (json.JSONDecodeError, ValueError):
            found = _NAME.search(raw)
            name, arguments = (found.group(1) if found else ""), raw
        calls.append(ToolCallRequest(name, arguments))
    content = _BLOCK.sub("", text).strip() if calls else text.strip()
    return AssistantReply(content or None, calls)


def template_messages(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """OpenAI-format messages as HF chat templates expect them (arguments as dicts where valid)."""
    out = []
    for m in messages:
        m = dict(m)
        if m.get("tool_calls"):
            calls = []
            for tc in m["tool_calls"]:
                fn = dict(tc.get("function") or {})
                try:
                    fn["arguments"] = json.loads(fn.get("arguments") or "{}")
                except (json.JSONDecodeError, TypeError):
                    pass
                calls.append({**tc, "function": fn})
            m["tool_calls"] = calls
            m["content"] = m.get("content") or ""
        out.append(m)
    return out


class HFCompleter(Completer):
    def __init__(self, model_name_or_path: str, device: str = "cpu", model: Any = None, tokenizer: Any = None):
        try:
            import torch  # noqa: F401
            from transformers import AutoModelForCausalLM, AutoTokenizer
        except ImportError as e:  # pragma: no cover
            raise ImportError("the hf target needs transformers and torch: pip install transformers torch") from e
        self.name = str(model_name_or_path)
        self.tokenizer = tokenizer if tokenizer is not None else AutoTokenizer.from_pretrained(self.name)
        self.model = model if model is not None else AutoModelForCausalLM.from_pretrained(self.name)
        self.model.to(device).eval()
        self.device = device
        self._lock = threading.Lock()  # one generate at a time on a shared model

    def generate_text(self, request: ChatRequest) -> str:
        import torch

        prompt = self.tokenizer.apply_chat_template(template_messages(request.messages), tools=request.tools or None,
                                                    add_generation_prompt=True, tokenize=False)
        enc = self.tokenizer(prompt, return_tensors="pt", add_special_tokens=False).to(self.device)
        kwargs: dict[str, Any] = {"max_new_tokens": request.max_tokens}
        if request.temperature > 0:
            kwargs.update(do_sample=True, temperature=request.temperature)
        else:
            kwargs.update(do_sample=False)
        pad = self.tokenizer.pad_token_id if self.tokenizer.pad_token_id is not None else self.tokenizer.eos_token_id
        with self._lock, torch.no_grad():
            if request.seed is not None:
                torch.manual_seed(request.seed)
            out = self.model.generate(**enc, pad_token_id=pad, **kwargs)
        return self.tokenizer.decode(out[0, enc["input_ids"].shape[1]:], skip_special_tokens=True)

    def complete(self, request: ChatRequest) -> AssistantReply:
        try:
            text = self.generate_text(request)
        except Exception as e:  # a broken template or generation is a failed turn, not a crash
            raise CompletionFailure("target_error", f"generation failed: {type(e).__name__}: {e}") from None
        return parse_tool_calls(text)

    def describe(self) -> dict[str, Any]:
        return {"model_path": self.name}


class HFTarget(ToolLoopTarget):
    kind = "hf"

    def __init__(self, domain: Any, model_name_or_path: str | None = None, model: str | None = None,
                 temperature: float = 0.0, max_tokens: int = 256, seed: int | None = 0,
                 max_tool_calls_per_turn: int = 8, device: str = "cpu", completer: Completer | None = None):
        path = model_name_or_path or model
        if not path and completer is None:
            raise ValueError("the hf target needs model (a local path or hub name of a chat model)")
        if completer is None:
            completer = HFCompleter(str(path), device=device)
        super().__init__(completer, domain.system_prompt, domain.tool_schemas,
                         SamplingSettings(str(path or "scripted"), float(temperature), int(max_tokens), seed),
                         max_tool_calls_per_turn)
