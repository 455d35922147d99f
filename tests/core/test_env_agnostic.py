"""The core knows no environment: every command runs on the mock and on taubench-retail, and
probe/ names no environment outside its docstrings and comments."""

from __future__ import annotations

import ast
import io
import json
import re
import tokenize
from pathlib import Path

import gymnasium
import pytest
from typer.testing import CliRunner

from probe.cli.main import app
from probe.core.game import ENV_IDS
from probe.core.registry import env_names, get_domain, gym_id
from probe.core.scripts import load_suite

ENVS = ["mock", "taubench-retail"]
PROBE = Path(__file__).resolve().parents[2] / "probe"
# what the core must not say: the environments' names and SkyAssist's domain words
FORBIDDEN = re.compile(r"skyassist|airline|fare|flight|taubench|tau-bench-retail|shelf", re.I)
runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


# --- the grep: code, strings, defaults and prompt files, not docstrings or comments -----------------

def _docstring_starts(tree: ast.AST) -> set[tuple[int, int]]:
    """(line, column) where each module, class and function docstring starts."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                out.add((first.value.lineno, first.value.col_offset))
    return out


def _code_hits(path: Path) -> list[tuple[int, str]]:
    """Forbidden words in a module's code: every token but comments and docstrings."""
    text = path.read_text()
    docs = _docstring_starts(ast.parse(text))
    hits = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT or (tok.type == tokenize.STRING and tok.start in docs):
            continue
        if FORBIDDEN.search(tok.string):
            hits.append((tok.start[0], tok.string))
    return hits


def environment_words_in_core(root: Path) -> list[str]:
    out = []
    for path in sorted(root.rglob("*")):
        if path.suffix == ".py":
            out += [f"{path.relative_to(root)}:{line}: {s[:60]}" for line, s in _code_hits(path)]
        elif path.is_file() and path.suffix in (".md", ".txt", ".yaml", ".json", ".jinja"):  # prompts, data
            out += [f"{path.relative_to(root)}:{i}" for i, line in enumerate(path.read_text().splitlines(), 1)
                    if FORBIDDEN.search(line)]
    return out


def test_core_names_no_environment_outside_documentation():
    assert environment_words_in_core(PROBE) == []


def test_the_grep_finds_environment_words_in_code(tmp_path):
    """The check above can fail: code, a default and a prompt file are caught, docs are not."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "ok.py").write_text('"""Example: the airline env."""\n\n\ndef f():\n    """SkyAssist example."""\n'
                               "    return 1  # a flight\n")
    assert environment_words_in_core(pkg) == []
    (pkg / "bad.py").write_text('X = 1\n\n\ndef g(env: str = "skyassist"):\n    return re.compile(r"fare code")\n')
    (pkg / "prompt.md").write_text("You talk to an airline agent.\n")
    hits = environment_words_in_core(pkg)
    assert [h.split(":")[0] for h in hits] == ["bad.py", "bad.py", "prompt.md"]


# --- hooks and ids -----------------------------------------------------------------------------------

def test_every_environment_has_its_own_gymnasium_id():
    assert set(ENV_IDS) == set(env_names())
    assert len(set(ENV_IDS.values())) == len(ENV_IDS)
    for name in env_names():
        domain = get_domain(name)
        assert domain.gym_id == gym_id(name) == ENV_IDS[name] and name in ENV_IDS
        assert gymnasium.registry[domain.gym_id].kwargs == {"env": name}
    assert ENV_IDS["taubench-retail"] == "probe/TauRetail-v0" and ENV_IDS["mock"] == "probe/Mock-v0"
    env = gymnasium.make("probe/TauRetail-v0", max_turns=2)
    _, info = env.reset(seed=0)
    assert env.unwrapped.domain.name == "taubench-retail" and info["scenario"]["family"]


@pytest.mark.parametrize("env", ENVS)
def test_domain_hooks_are_consistent(env):
    d = get_domain(env)
    ids = {p.id for p in d.policies}
    assert set(d.concentration_policies) <= ids
    assert set(d.default_progress_weights) == set(d.progress_states)
    assert all(w >= 0 for w in d.default_progress_weights.values())
    assert d.depth_levels and all(isinstance(v, str) and v for v in d.depth_levels.values())
    for name in d.mutation_tools:
        assert d.call_depth_levels(name, {}) <= set(d.depth_levels)
    assert d.assistant_role and "airline" not in d.assistant_role
    assert ids <= set(d.redacted_ids()) and all(d.policy_id_pattern.search(f"rule {p} says") for p in ids)
    assert (d.package_dir() / "scripts").is_dir() and load_suite(d)
    s = d.scenario(d.families[0], d.heldout_seeds[0])
    opening = d.opening_request({k: v for k, v in s.items() if isinstance(v, (str, int, float))})
    assert opening.strip() and "None" not in opening


def test_auditor_prompt_names_the_environment_assistant():
    from probe.auditor.prompt import chat_messages, role_prompts

    customer, plain = role_prompts(get_domain("taubench-retail"))
    assert "retail" in customer and "retail" in plain
    system = chat_messages("You want a refund.", [], domain=get_domain("mock"))[0]["content"]
    assert "library help desk" in system and "You want a refund." in system


# --- every command with --env mock / taubench-retail ------------------------------------------------

@pytest.mark.parametrize("env", ENVS)
def test_env_info_table_and_json(env):
    d = get_domain(env)
    r = run("env", "info", "--env", env)
    assert r.exit_code == 0, r.output
    assert env in r.stdout and d.mutation_tools[0] in r.stdout and d.policies[-1].id in r.stdout
    j = run("env", "info", "--env", env, "--json")
    assert j.exit_code == 0, j.output
    info = json.loads(j.stdout)
    assert info["env"] == env and info["counts"] == d.counts() and len(info["policies"]) == len(d.policies)


@pytest.mark.parametrize("env", ENVS)
def test_play_a_shipped_script(env, tmp_path):
    d = get_domain(env)
    script = load_suite(d)[0]
    family = script.family or d.families[0]
    out = tmp_path / "t.jsonl"
    r = run("play", "--env", env, "--family", family, "--seed", d.heldout_seeds[0], "--faults", "all",
            "--script", d.package_dir() / "scripts" / f"{script.name}.txt", "--out", out, "--json")
    assert r.exit_code == 0, r.output
    trace = json.loads(out.read_text().splitlines()[0])
    assert trace["env"] == env and sum(m["role"] == "user" for m in trace["messages"]) >= 1


@pytest.mark.parametrize("env", ENVS)
def test_suite(env, tmp_path):
    r = run("suite", "--env", env, "--faults", "all", "--seeds-per-script", "1", "--out", tmp_path)
    assert r.exit_code == 0, r.output
    assert "coverage:" in r.stdout


@pytest.mark.parametrize("env", ENVS)
@pytest.mark.parametrize("auditor", ["static", "random", "cooperative"])
def test_eval_baselines(env, auditor, tmp_path):
    r = run("eval", "--env", env, "--auditor", auditor, "--faults", "all", "--episodes", "3", "--turns", "3",
            "--out", tmp_path)
    assert r.exit_code == 0, r.output
    metrics = json.loads((tmp_path / "metrics.json").read_text())["methods"][auditor]
    d = get_domain(env)
    assert metrics["episodes"] == 3 and set(metrics["reach"]) == {"query", "mutation", *d.depth_levels}
    assert metrics["concentration_policies"] == list(d.concentration_policies)
    traces = [json.loads(x) for x in next(tmp_path.rglob("traces.jsonl")).read_text().splitlines()]
    first = traces[0]["messages"][0]["content"]
    assert traces[0]["env"] == env and first.strip() and "None" not in first
    assert (tmp_path / "report.md").read_text().count("|") > 10


@pytest.mark.tiny_auditor
@pytest.mark.parametrize("env", ENVS)
def test_train_one_tiny_update(env, tmp_path):
    r = run("train", "--config", "configs/cpu-demo-grpo.yaml", "--env", env, "--no-progress",
            "--set", f"out_dir={tmp_path}", "--set", "run_name=t", "--set", "updates=1", "--set", "rollout.prefixes=2",
            "--set", "rollout.group_size=2", "--set", "rollout.continuation_turns=1", "--set", "rollout.max_new_tokens=8",
            "--set", "curriculum.levels=[2, 4]")
    assert r.exit_code == 0, r.output
    assert "finished t: 1 updates" in r.stdout


def test_train_names_a_bad_env():
    r = run("train", "--config", "configs/cpu-demo-grpo.yaml", "--env", "nope")
    assert r.exit_code == 2 and "unknown env 'nope'; allowed:" in r.output


def test_gymnasium_registration_builds_no_environment():
    """Importing the game registers every id from the env packages' light ``__init__`` only."""
    import subprocess
    import sys

    code = ("import sys, gymnasium, probe.core.game as g; "
            "print(sorted(m for m in sys.modules if m.startswith('envs.') and m.count('.') > 1)); "
            "print(sorted(k for k in gymnasium.registry if k.startswith('probe/')))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                       cwd=Path(__file__).resolve().parents[2])
    assert r.returncode == 0, r.stderr
    loaded, ids = r.stdout.splitlines()
    assert loaded == "[]"  # no envs.<name>.domain, tools, database ...
    assert ids == str(sorted(ENV_IDS.values()))


def test_build_tiny_refuses_an_env_without_a_corpus(tmp_path):
    r = run("auditor", "build-tiny", "--env", "mock", "--out", tmp_path / "tiny")
    assert r.exit_code == 2 and "no customer corpus in env(s) 'mock'" in r.output
    assert not (tmp_path / "tiny").exists()
    r = run("auditor", "build-tiny", "--env", "nope", "--out", tmp_path / "tiny")
    assert r.exit_code == 2 and "unknown env 'nope'; allowed:" in r.output


def test_tiny_auditor_tests_run_last_in_their_collected_order():
    """tests/conftest.py puts the tests marked tiny_auditor after the others (make test builds the
    auditor in the background meanwhile); the marker is registered, so a typo in it is an error."""
    import importlib.util

    import pytest

    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("tests_conftest", root / "conftest.py")
    conftest = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conftest)

    class Item:
        def __init__(self, name, late):
            self.nodeid, self.late = name, late

        def get_closest_marker(self, name):
            return pytest.mark.tiny_auditor.mark if self.late and name == "tiny_auditor" else None

    items = [Item("a", False), Item("b", True), Item("c", False), Item("d", True), Item("e", False)]
    conftest.pytest_collection_modifyitems(None, None, items)
    assert [i.nodeid for i in items] == ["a", "c", "e", "b", "d"]
    assert "tiny_auditor:" in (root.parent / "pyproject.toml").read_text()
