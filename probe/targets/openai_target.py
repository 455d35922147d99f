"""A target (or auditor) behind any OpenAI-compatible chat-completions endpoint with tool calling.

vLLM's server (``vllm serve MODEL --enable-auto-tool-choice --tool-call-parser hermes``), the
OpenAI API, or any compatible service. It uses the official ``openai`` client (async).

Every request goes through one private event loop running in a daemon thread, shared by all
endpoints of the process. That makes ``respond`` (sync) safe to call from many threads at once,
``arespond`` usable from any other event loop, and lets one ``asyncio.Semaphore`` per endpoint
enforce ``max_concurrency`` however the callers are organised.

Faults never crash a run: connection errors, timeouts, 429 and 5xx are retried with exponential
backoff (``backoff_s * 2**attempt``) up to ``max_retries`` times, and then raise
``CompletionFailure`` (kind ``timeout`` when every attempt timed out, else ``target_error``),
which the tool loop records as a failed turn. Other 4xx are not retried.

Defaults (``timeout_s`` 30, ``max_retries`` 2) bound a failing request at about 3 x 30 s. An
endpoint that looks down costs less: once ``FAILING_AFTER`` requests in a row to the same
``base_url`` have failed after their retries, later requests get one attempt each (no retries)
until one succeeds again.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import threading
from typing import Any, Coroutine, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

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

T = TypeVar("T")


# --- configuration ------------------------------------------------------------------------------

# Defaults of every call to an OpenAI-compatible endpoint, declared once: ``EndpointConfig`` and
# the run config's ``target.*`` keys (``probe.train.config.TargetSettings``) both read them, and
# the commands' ``--timeout`` / ``--retries`` defaults come from ``EndpointConfig``.
DEFAULT_API_KEY_ENV = "OPENAI_API_KEY"
DEFAULT_MAX_TOKENS = 512
DEFAULT_TIMEOUT_S = 30.0  # seconds per request before it counts as failed
DEFAULT_MAX_RETRIES = 2  # retries of a failed request, with backoff
DEFAULT_MAX_CONCURRENCY = 16


class EndpointConfig(BaseModel):
    """Where and how to call an OpenAI-compatible endpoint (shared by targets and auditors)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    base_url: str = "http://localhost:8000/v1"
    model: str = Field(min_length=1)
    api_key_env: str = DEFAULT_API_KEY_ENV  # unset variable -> "EMPTY" (what local vLLM servers accept)
    temperature: float = Field(0.0, ge=0.0, le=2.0)
    max_tokens: int = Field(DEFAULT_MAX_TOKENS, ge=1)
    timeout_s: float = Field(DEFAULT_TIMEOUT_S, gt=0)
    max_retries: int = Field(DEFAULT_MAX_RETRIES, ge=0)
    backoff_s: float = Field(0.5, ge=0)
    max_concurrency: int = Field(DEFAULT_MAX_CONCURRENCY, ge=1)
    seed: int | None = None

    @property
    def api_key(self) -> str:
        return os.environ.get(self.api_key_env) or "EMPTY"


class OpenAITargetConfig(EndpointConfig):
    max_tool_calls_per_turn: int = Field(8, ge=1)
    strip_think: bool = True  # drop a leading <think>...</think> block from replies


def validate_config(cls: type[BaseModel], options: dict[str, Any], what: str) -> Any:
    """Build a config; a bad or missing key is one line naming it and what is allowed."""
    try:
        return cls(**options)
    except ValidationError as e:
        err = e.errors()[0]
        key = ".".join(str(p) for p in err.get("loc", ())) or "?"
        if err.get("type") == "extra_forbidden":
            allowed = ", ".join(cls.model_fields)
            raise ValueError(f"unknown {what} option {key!r}; allowed: {allowed}") from None
        if err.get("type") == "missing":
            raise ValueError(f"{what} option {key!r} is required") from None
        raise ValueError(f"bad {what} option {key}={err.get('input')!r}: {err.get('msg')}") from None


# --- the private event loop ---------------------------------------------------------------------

class _LoopThread:
    """One asyncio loop in a daemon thread; coroutines from any thread run on it."""

    _lock = threading.Lock()
    _loop: asyncio.AbstractEventLoop | None = None

    @classmethod
    def loop(cls) -> asyncio.AbstractEventLoop:
        with cls._lock:
            if cls._loop is None or cls._loop.is_closed():
                loop = asyncio.new_event_loop()
                threading.Thread(target=loop.run_forever, name="probe-http-loop", daemon=True).start()
                cls._loop = loop
            return cls._loop


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine on the private loop and wait for it (callable from any thread but that one)."""
    loop = _LoopThread.loop()
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is loop:
        coro.close()
        raise RuntimeError("run_sync called on the private HTTP loop; await the coroutine instead")
    return asyncio.run_coroutine_threadsafe(coro, loop).result()


async def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """Await a coroutine that runs on the private loop, from any event loop."""
    loop = _LoopThread.loop()
    if asyncio.get_running_loop() is loop:
        return await coro
    fut: concurrent.futures.Future[T] = asyncio.run_coroutine_threadsafe(coro, loop)
    return await asyncio.wrap_future(fut)


# --- the endpoint -------------------------------------------------------------------------------

FAILING_AFTER = 3  # failed requests in a row after which an endpoint gets no retries


class ChatEndpoint:
    """One OpenAI-compatible endpoint: a client, a concurrency limit, retries with backoff."""

    # base_url -> failed requests in a row (shared by every endpoint object of the process; only
    # touched on the private loop, so no lock)
    _failing: dict[str, int] = {}

    def __init__(self, config: EndpointConfig):
        self.config = config
        self._client = None
        self._semaphore: asyncio.Semaphore | None = None

    def _ensure(self):  # runs on the private loop
        if self._client is None:
            try:
                from openai import AsyncOpenAI
            except ImportError as e:  # pragma: no cover
                raise ImportError("the openai target needs the 'openai' package: pip install openai") from e
            # our own retry loop classifies failures and records them; the client's is off
            self._client = AsyncOpenAI(base_url=self.config.base_url, api_key=self.config.api_key,
                                       timeout=self.config.timeout_s, max_retries=0)
            self._semaphore = asyncio.Semaphore(self.config.max_concurrency)
        return self._client, self._semaphore

    async def _create(self, **kwargs: Any) -> Any:
        """chat.completions.create with retries; must run on the private loop."""
        import openai

        client, semaphore = self._ensure()
        cfg = self.config
        failing = self._failing.get(cfg.base_url, 0) >= FAILING_AFTER
        attempts = 1 if failing else cfg.max_retries + 1
        problems: list[str] = []
        for attempt in range(attempts):
            try:
                async with semaphore:
                    response = await client.chat.completions.create(**kwargs)
                self._failing[cfg.base_url] = 0
                return response
            except openai.APITimeoutError:
                problems.append("timeout")
                detail = f"request timed out after {cfg.timeout_s:g}s"
            except openai.APIConnectionError as e:
                problems.append("connection")
                detail = f"connection error: {e}"
            except openai.APIStatusError as e:
                problems.append(str(e.status_code))
                detail = f"HTTP {e.status_code}: {_short(e.message)}"
                if e.status_code < 500 and e.status_code not in (408, 429):
                    self._failing[cfg.base_url] = 0  # the endpoint answered
                    raise CompletionFailure("target_error", f"{detail} (not retried)") from None
            except Exception as e:  # an unreadable response is the endpoint's fault, not ours
                problems.append(type(e).__name__)
                detail = f"{type(e).__name__}: {_short(str(e))}"
            if attempt + 1 < attempts:
                await asyncio.sleep(cfg.backoff_s * (2 ** attempt))
        self._failing[cfg.base_url] = self._failing.get(cfg.base_url, 0) + 1
        kind = "timeout" if all(p == "timeout" for p in problems) else "target_error"
        note = f"; no retries: the last {FAILING_AFTER}+ requests to this endpoint failed" if failing else ""
        raise CompletionFailure(kind, f"{detail}; gave up after {attempts} attempt(s) ({', '.join(problems)}){note}")

    def describe(self) -> dict[str, Any]:
        return {"base_url": self.config.base_url}


def _plain_json(body: dict[str, Any]) -> dict[str, Any]:
    """Send already-plain JSON (messages, tools) as it is, through ``extra_body``.

    The wire request is the same as passing them as arguments, but the client skips its
    per-request TypedDict transform of the (large, growing) messages and tool schemas, which
    was half of the client's CPU per request and capped how many requests overlap.
    """
    return {"messages": [], "extra_body": body}


def _short(text: str, n: int = 200) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[: n - 3] + "..."


def parse_choice(response: Any, strip: bool = True) -> AssistantReply:
    """The first choice of a chat.completions response as an AssistantReply (raw argument strings)."""
    choices = getattr(response, "choices", None)
    if not choices:
        raise CompletionFailure("target_error", "the endpoint returned no choices")
    message = choices[0].message
    calls = []
    for tc in getattr(message, "tool_calls", None) or []:
        fn = getattr(tc, "function", None)
        if fn is None:
            continue
        args = fn.arguments
        calls.append(ToolCallRequest(str(fn.name or ""), args if isinstance(args, str) else ""))
    content = message.content
    return AssistantReply(strip_think(content) if strip else content, calls)


class OpenAICompleter(Completer):
    def __init__(self, config: OpenAITargetConfig):
        self.config = config
        self.endpoint = ChatEndpoint(config)

    async def _complete(self, request: ChatRequest) -> AssistantReply:
        body: dict[str, Any] = {"messages": request.messages}
        if request.tools:
            body.update(tools=request.tools, tool_choice="auto")
        kwargs: dict[str, Any] = {"model": request.model, "temperature": request.temperature,
                                  "max_tokens": request.max_tokens, **_plain_json(body)}
        if request.seed is not None:
            kwargs["seed"] = request.seed
        response = await self.endpoint._create(**kwargs)
        try:
            return parse_choice(response, self.config.strip_think)
        except CompletionFailure:
            raise
        except Exception as e:
            raise CompletionFailure("target_error", f"unreadable response: {type(e).__name__}: {e}") from None

    def complete(self, request: ChatRequest) -> AssistantReply:
        return run_sync(self._complete(request))

    async def acomplete(self, request: ChatRequest) -> AssistantReply:
        return await run_async(self._complete(request))

    def describe(self) -> dict[str, Any]:
        return self.endpoint.describe()


class OpenAITarget(ToolLoopTarget):
    """The target agent behind an OpenAI-compatible endpoint, with the domain's prompt and tools."""

    kind = "openai"

    def __init__(self, domain: Any, config: OpenAITargetConfig | None = None, **options: Any):
        if config is None:
            config = validate_config(OpenAITargetConfig, options, "openai target")
        self.config = config
        super().__init__(OpenAICompleter(config), domain.system_prompt, domain.tool_schemas,
                         SamplingSettings(config.model, config.temperature, config.max_tokens, config.seed),
                         config.max_tool_calls_per_turn)
