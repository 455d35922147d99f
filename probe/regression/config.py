"""A release configuration: which target a baseline or candidate is, and its identity.

Given on the command line as a YAML/JSON file, or inline: ``reference`` (the compliant reference
target) or ``reference:FAULTS`` (``reference:skip_confirm_when_urgent@0.3``). A file holds::

    kind: openai            # reference | openai | hf | replay
    name: qwen3-30b-v2      # free label shown in tables
    model: Qwen/Qwen3-30B-A3B
    base_url: http://localhost:8000/v1
    temperature: 0.7
    recording: recordings/v2.jsonl   # completions recorded from this release (the replay layer)

The identity that baselines are stored under and verdicts are logged with is (target kind, model
id, system-prompt hash, tool-schema hash, faults); ``key`` is a short hash of it.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from probe.targets.tool_loop import tool_schema_hash

KINDS = ("reference", "openai", "hf", "replay")


class ReleaseConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Literal["reference", "openai", "hf", "replay"] = "reference"
    name: str = ""
    faults: list[str] = Field(default_factory=list)
    model: Optional[str] = None
    base_url: Optional[str] = None
    api_key_env: Optional[str] = None
    temperature: Optional[float] = None
    max_tokens: Optional[int] = None
    timeout_s: Optional[float] = None
    max_retries: Optional[int] = None
    recording: Optional[str] = None  # completions recorded from this release (replay layer)

    def resolved(self, domain: Any) -> "ReleaseConfig":
        """Faults resolved and checked against the environment (ValueError: one line)."""
        if self.kind != "reference" and self.faults:
            raise ValueError(f"faults apply only to the reference target, not to {self.kind!r}")
        if self.kind in ("openai", "hf") and not self.model:
            raise ValueError(f"a {self.kind} release config needs 'model'")
        if self.kind == "replay" and not self.recording:
            raise ValueError("a replay release config needs 'recording'")
        return self.model_copy(update={"faults": domain.resolve_faults(self.faults)})

    def identity(self, domain: Any) -> dict[str, Any]:
        return {"env": domain.name, "kind": self.kind,
                "model": self.model or ("reference" if self.kind == "reference" else ""),
                "system_prompt_hash": domain.system_prompt_hash,
                "tool_schema_hash": tool_schema_hash(domain.tool_schemas),
                "faults": sorted(self.faults)}

    def key(self, domain: Any) -> str:
        return hashlib.sha256(json.dumps(self.identity(domain), sort_keys=True).encode()).hexdigest()[:12]

    def label(self) -> str:
        if self.name:
            return self.name
        if self.kind == "reference":
            return "reference:" + (",".join(self.faults) or "none")
        return f"{self.kind}:{self.model}"

    def build(self, domain: Any, seed: int) -> Any:
        """A fresh target for one trial; ``seed`` seeds the fault draws or the model's sampling."""
        from probe.targets import make_target  # noqa: PLC0415

        if self.kind == "reference":
            return make_target(domain, "reference", self.faults, fault_seed=seed)
        options = {k: v for k, v in (("model", self.model), ("base_url", self.base_url),
                                     ("api_key_env", self.api_key_env), ("temperature", self.temperature),
                                     ("max_tokens", self.max_tokens), ("timeout_s", self.timeout_s),
                                     ("max_retries", self.max_retries)) if v is not None}
        if self.kind == "replay":
            options.pop("base_url", None)
            options.pop("api_key_env", None)
            options.pop("timeout_s", None)
            options.pop("max_retries", None)
            return make_target(domain, "replay", recording_path=self.recording, **options)
        if self.kind == "openai":
            options["seed"] = seed
        return make_target(domain, self.kind, **options)


def endpoint_problem(config: ReleaseConfig, domain: Any) -> Optional[str]:
    """Why the endpoint of an ``openai`` release config cannot be used, or None: one short request
    (``Reply with OK.``, one token) through the config's own client settings (timeout, retries), so a
    dead or failing endpoint is found before any trial is run and nothing is written. Other kinds make
    no HTTP requests here (``reference``, ``replay``) or load a local model (``hf``): None."""
    if config.kind != "openai":
        return None
    from probe.targets.tool_loop import ChatRequest, CompletionFailure  # noqa: PLC0415

    try:
        target = config.build(domain, 0)
        target.completer.complete(ChatRequest(model=str(config.model), messages=[
            {"role": "user", "content": "Reply with OK."}], tools=[], max_tokens=1))
    except CompletionFailure as e:
        return f"{e.kind}: {e.detail}"
    except ValueError as e:  # a bad option of the config (validate_config: one line)
        return str(e).splitlines()[0]
    return None


def parse_config(text: str, domain: Any) -> ReleaseConfig:
    """``reference``, ``reference:FAULTS`` or a YAML/JSON file -> a resolved config (ValueError: one line)."""
    if text == "reference" or text.startswith("reference:"):
        faults = text.partition(":")[2]
        return ReleaseConfig(kind="reference", faults=[f for f in faults.split(",") if f]).resolved(domain)
    path = Path(text)
    if not path.is_file():
        raise ValueError(f"release config {text!r} is neither a file nor 'reference[:FAULTS]'")
    try:
        raw = path.read_text(encoding="utf-8")
        if path.suffix in (".yaml", ".yml"):
            import yaml  # noqa: PLC0415

            data = yaml.safe_load(raw)
        else:
            data = json.loads(raw)
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise ValueError(f"cannot read release config {path}: {str(e).splitlines()[0]}") from None
    except Exception as e:  # yaml.YAMLError
        raise ValueError(f"release config {path} is not valid YAML: {str(e).splitlines()[0]}") from None
    if not isinstance(data, dict):
        raise ValueError(f"release config {path} must be a mapping of keys, e.g. kind: reference")
    try:
        cfg = ReleaseConfig.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        key = ".".join(map(str, err["loc"]))
        if err["type"] == "extra_forbidden":
            raise ValueError(f"release config {path}: unknown key {key!r}; allowed: "
                             f"{', '.join(ReleaseConfig.model_fields)}") from None
        raise ValueError(f"release config {path}: key {key!r}: {err['msg']}") from None
    if cfg.recording and not Path(cfg.recording).is_absolute():
        cfg = cfg.model_copy(update={"recording": str(path.parent / cfg.recording)})
    return cfg.resolved(domain)
