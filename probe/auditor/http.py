"""A prompted auditor behind an OpenAI-compatible endpoint (zero-shot / few-shot baselines).

The paper's prompted auditors are large models behind an endpoint: this asks one for the next
customer message. ``generate`` takes prompts (a string becomes one user message, after the
optional ``system_prompt``) or full message lists, sends them concurrently (at most
``max_concurrency`` in flight), with the same retries, backoff and timeouts as the openai target.
A prompt whose request still fails yields ``""`` and is listed in ``failures`` ({index, kind,
detail}); the run goes on.
"""

from __future__ import annotations

import asyncio
from typing import Any, Sequence

from pydantic import Field

from probe.targets.openai_target import ChatEndpoint, EndpointConfig, run_async, run_sync, validate_config
from probe.targets.tool_loop import CompletionFailure, strip_think


class OpenAIAuditorConfig(EndpointConfig):
    temperature: float = Field(0.7, ge=0.0, le=2.0)
    max_tokens: int = Field(256, ge=1)
    system_prompt: str | None = None


class OpenAIAuditor:
    kind = "openai"

    def __init__(self, config: OpenAIAuditorConfig | None = None, **options: Any):
        self.config = config if config is not None else validate_config(OpenAIAuditorConfig, options,
                                                                         "openai auditor")
        self.endpoint = ChatEndpoint(self.config)
        self.failures: list[dict[str, Any]] = []

    def messages_for(self, item: str | Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        if isinstance(item, str):
            messages = [{"role": "user", "content": item}]
        else:
            messages = [dict(m) for m in item]
        if self.config.system_prompt and not (messages and messages[0].get("role") == "system"):
            messages = [{"role": "system", "content": self.config.system_prompt}] + messages
        return messages

    async def _one(self, index: int, item: Any, failures: list[dict[str, Any]]) -> str:
        cfg = self.config
        kwargs: dict[str, Any] = {"model": cfg.model, "messages": self.messages_for(item),
                                  "temperature": cfg.temperature, "max_tokens": cfg.max_tokens}
        if cfg.seed is not None:
            kwargs["seed"] = cfg.seed
        try:
            response = await self.endpoint._create(**kwargs)
            choices = getattr(response, "choices", None)
            if not choices:
                raise CompletionFailure("target_error", "the endpoint returned no choices")
            text = strip_think(choices[0].message.content) or ""
        except CompletionFailure as f:
            failures.append({"index": index, "kind": f.kind, "detail": f.detail})
            return ""
        if not text.strip():
            failures.append({"index": index, "kind": "empty_reply", "detail": "the model returned no text"})
        return text.strip()

    async def _gather(self, items: Sequence[Any]) -> tuple[list[str], list[dict[str, Any]]]:
        failures: list[dict[str, Any]] = []
        texts = await asyncio.gather(*(self._one(i, item, failures) for i, item in enumerate(items)))
        return list(texts), sorted(failures, key=lambda f: f["index"])

    def generate(self, prompts_or_message_lists: Sequence[str | Sequence[dict[str, Any]]]) -> list[str]:
        texts, self.failures = run_sync(self._gather(list(prompts_or_message_lists)))
        return texts

    async def agenerate(self, prompts_or_message_lists: Sequence[str | Sequence[dict[str, Any]]]) -> list[str]:
        texts, self.failures = await run_async(self._gather(list(prompts_or_message_lists)))
        return texts

    def describe(self) -> dict[str, Any]:
        return {"kind": self.kind, "model": self.config.model, "base_url": self.config.base_url,
                "temperature": self.config.temperature}
