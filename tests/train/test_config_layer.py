"""One config layer (issue 10, item 4): the run config's pydantic sections are the settings the
modules take. Every field can be set from YAML and from ``--set``, has bounds and a description,
and no module keeps its own copy of a section (the test below reads the source, so a dataclass
copy that came back would fail it)."""

from __future__ import annotations

import ast
import math
import typing
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

import annotated_types as at
import pytest
import yaml
from pydantic import BaseModel
from typer.testing import CliRunner

from probe.train.config import (
    ConfigError,
    CurriculumSettings,
    DPOSettings,
    GFNSettings,
    GRPOSettings,
    RolloutSettings,
    TrainConfig,
    load_config,
)

ROOT = Path(__file__).resolve().parents[2]

# fields whose valid values depend on other parts of probe: the --set pairs that change them
# (the rest get a value derived from their type and bounds)
DEPENDENT = {
    "run_name": ["run_name=another-run"],
    "out_dir": ["out_dir=elsewhere"],
    "env": ["env=mock", "target.faults=none"],
    "reward": ["reward=v1"],
    "auditor.model": ["auditor.model=Qwen/Qwen3-4B"],
    "target.faults": ["target.faults=none"],
    "judge.policies": ["judge.policies=[B4]", "judge.base_url=http://127.0.0.1:9/v1", "judge.model=m"],
    "runtime.threads": ["runtime.threads=3"],
    "grpo.max_tokens": ["grpo.max_tokens=30"],  # unset: rollout.max_new_tokens (test_dr_grpo_tokens_follow_the_rollout)
}


def leaves(model: type[BaseModel] = TrainConfig, prefix: str = "") -> list[tuple[str, Any]]:
    """(dotted key, FieldInfo) of every setting that is not a section."""
    out = []
    for name, field in model.model_fields.items():
        ann = field.annotation
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            out += leaves(ann, f"{prefix}{name}.")
        else:
            out.append((f"{prefix}{name}", field))
    return out


def bounds(field: Any) -> tuple[float, float, bool, bool]:
    """(low, high, low inclusive, high inclusive) from the field's constraints."""
    lo, hi, lo_in, hi_in = -math.inf, math.inf, True, True
    for m in field.metadata:
        if isinstance(m, at.Ge):
            lo = m.ge
        elif isinstance(m, at.Gt):
            lo, lo_in = m.gt, False
        elif isinstance(m, at.Le):
            hi = m.le
        elif isinstance(m, at.Lt):
            hi, hi_in = m.lt, False
    return lo, hi, lo_in, hi_in


def other_value(field: Any) -> Any:
    """A valid value different from the default, from the field's type and bounds."""
    ann, default = field.annotation, field.get_default(call_default_factory=True)
    args = [a for a in get_args(ann) if a is not type(None)]
    if ann is bool or (args == [bool]):
        return not default
    if get_origin(ann) is Literal:
        return next(a for a in get_args(ann) if a != default)
    if ann in (int, float):
        lo, hi, lo_in, hi_in = bounds(field)
        step = 1 if ann is int else 0.25
        for v in (default + step, default - step, (lo + hi) / 2):
            if (lo < v or (lo_in and lo == v)) and (v < hi or (hi_in and v == hi)):
                return v
        raise AssertionError(f"no other value fits the bounds of {field}")
    if get_origin(ann) is list:
        (item,) = get_args(ann)
        if get_origin(item) is typing.Annotated:
            item = get_args(item)[0]
        return [2, 3] if item is int else ["q_proj"]
    if ann == (str | None) or ann is str:
        return "some-value"
    raise AssertionError(f"no rule for {ann}: add the field to DEPENDENT")


def get(config: TrainConfig, key: str) -> Any:
    node: Any = config
    for part in key.split("."):
        node = getattr(node, part)
    return node


def test_every_field_can_be_set_with_set_and_from_yaml(tmp_path):
    keys = [k for k, _ in leaves()]
    assert len(keys) > 60 and "grpo.adv_eps" in keys  # adv_eps could not be set before
    assert set(DEPENDENT) <= set(keys), "DEPENDENT names a key that no longer exists"
    default = TrainConfig()
    for key, field in leaves():
        if key in DEPENDENT:
            pairs = DEPENDENT[key]
            value = yaml.safe_load(pairs[0].split("=", 1)[1])
        else:
            value = other_value(field)
            pairs = [f"{key}={yaml.safe_dump(value, default_flow_style=True).strip().removesuffix('...').strip()}"]
        assert get(default, key) != value, key
        cfg = load_config(None, pairs)
        assert get(cfg, key) == value, (key, pairs)
        # the same settings as a YAML file
        data: dict[str, Any] = {}
        for pair in pairs:
            k, raw = pair.split("=", 1)
            node = data
            *sections, last = k.split(".")
            for s in sections:
                node = node.setdefault(s, {})
            node[last] = yaml.safe_load(raw)
        path = tmp_path / "run.yaml"
        path.write_text(yaml.safe_dump(data))
        assert get(load_config(path), key) == value, (key, data)


def test_dr_grpo_tokens_follow_the_rollout():
    assert load_config(None, ["rollout.max_new_tokens=24"]).grpo.max_tokens == 24
    assert load_config(None, ["rollout.max_new_tokens=24", "grpo.max_tokens=30"]).grpo.max_tokens == 30


def test_every_field_and_section_has_a_description_and_every_number_both_bounds():
    sections = [(n, f) for n, f in TrainConfig.model_fields.items()]
    for key, field in sections + leaves():
        assert field.description and len(field.description) > 10, f"{key} has no description"
    for key, field in leaves():
        if field.annotation in (int, float):
            lo, hi, _, _ = bounds(field)
            assert math.isfinite(lo) and math.isfinite(hi), f"{key} is unbounded"


def test_a_value_past_its_bound_is_one_error_line_naming_the_key():
    for key, field in leaves():
        if field.annotation not in (int, float):
            continue
        _, hi, _, _ = bounds(field)
        bad = hi + 1
        with pytest.raises(ConfigError) as e:
            load_config(None, [f"{key}={bad}"])
        assert str(e.value).splitlines() == [str(e.value)] and str(e.value).startswith(f"config key '{key}'"), key


@pytest.mark.parametrize("section", [n for n, f in TrainConfig.model_fields.items()
                                     if isinstance(f.annotation, type) and issubclass(f.annotation, BaseModel)])
def test_an_unknown_key_in_a_section_is_one_line_listing_what_is_allowed(section):
    with pytest.raises(ConfigError) as e:
        load_config(None, [f"{section}.no_such_setting=1"])
    msg = str(e.value)
    allowed = list(TrainConfig.model_fields[section].annotation.model_fields)
    assert "\n" not in msg and f"config key '{section}.no_such_setting' is not a known setting" in msg
    assert msg.endswith(f"allowed in {section}: {', '.join(allowed)}")


def test_the_cli_reports_a_bad_key_as_one_error_line(tmp_path):
    from probe.cli import app

    r = CliRunner().invoke(app, ["train", "--config", str(ROOT / "configs" / "cpu-demo-grpo.yaml"),
                                 "--set", "grpo.adv_epsilon=0.1", "--set", f"out_dir={tmp_path}"])
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == 2 and len(lines) == 1 and lines[0].startswith("error: config key 'grpo.adv_epsilon'")
    assert "did you mean 'adv_eps'?" in lines[0] and "allowed in grpo: clip_eps, beta, adv_eps" in lines[0]
    assert not any(tmp_path.iterdir())


# --- no copies --------------------------------------------------------------------------------

SECTIONS = {"rollout": RolloutSettings, "curriculum": CurriculumSettings, "grpo": GRPOSettings, "dpo": DPOSettings,
            "gfn": GFNSettings}


def class_fields(tree: ast.AST) -> dict[str, set[str]]:
    """Class name -> the names it declares with annotations in its body (dataclass, NamedTuple,
    pydantic and TypedDict fields alike)."""
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            out[node.name] = {s.target.id for s in node.body
                              if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)}
    return out


def copies(root: Path) -> list[str]:
    """Classes outside probe/train/config.py that declare half or more (at least two) of a
    section's fields: a copy of that section."""
    found = []
    for path in sorted((root / "probe").rglob("*.py")):
        if path.relative_to(root).as_posix() == "probe/train/config.py":
            continue
        for cls, fields in class_fields(ast.parse(path.read_text(encoding="utf-8"))).items():
            for section, model in SECTIONS.items():
                shared = fields & set(model.model_fields)
                if len(shared) >= max(2, math.ceil(len(model.model_fields) / 2)):
                    found.append(f"{path.relative_to(root)}:{cls} copies {section} ({', '.join(sorted(shared))})")
    return found


def test_no_module_keeps_its_own_copy_of_a_section():
    assert copies(ROOT) == []


def test_the_copy_check_finds_a_dataclass_copy(tmp_path):
    (tmp_path / "probe" / "train").mkdir(parents=True)
    (tmp_path / "probe" / "train" / "algos.py").write_text(
        "from dataclasses import dataclass\n\n@dataclass\nclass DPOConfig:\n    beta: float = 0.1\n"
        "    ema_decay: float = 0.995\n\n@dataclass\nclass Rollout:\n    prefixes: int = 4\n    group_size: int = 4\n"
        "    continuation_turns: int = 3\n    gamma: float = 0.9\n    max_new_tokens: int = 40\n"
        "    temperature: float = 1.0\n    top_p: float = 1.0\n")
    assert copies(tmp_path) == ["probe/train/algos.py:DPOConfig copies dpo (beta, ema_decay)",
                                "probe/train/algos.py:Rollout copies rollout (continuation_turns, gamma, group_size, "
                                "max_new_tokens, prefixes, temperature, top_p)"]


def test_the_modules_take_the_sections_themselves():
    import inspect

    from probe.train.algos import ALGORITHMS, SETTINGS
    from probe.train.curriculum import HorizonCurriculum
    from probe.train.rollout import RolloutEngine

    assert inspect.signature(RolloutEngine).parameters["settings"].annotation in ("RolloutSettings", RolloutSettings)
    assert inspect.signature(HorizonCurriculum).parameters["settings"].annotation in (
        "CurriculumSettings | None", CurriculumSettings | None)
    for algo, cls in ALGORITHMS.items():
        assert SETTINGS[algo] is SECTIONS[algo] is type(getattr(TrainConfig(), algo))
        ann = inspect.signature(cls).parameters["config"].annotation
        assert ann in (SETTINGS[algo].__name__, SETTINGS[algo]), (algo, ann)
