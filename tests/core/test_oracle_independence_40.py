"""No environment's judge shares code with the agent it judges.

"An oracle must not share code with what it judges": when a verifier and the reference target call one
helper, a bug in it is invisible (the compliant target books on "Ok, I'll think about it" and the verifier,
reading the same "is this a yes?", sees nothing). Until the fortieth session the mock's L1 verifier used the
mock target's ``is_affirmative``, and SkyAssist's verifiers imported ``text_rules`` (fare-class words, number
words, the tool kinds). This test follows every import of each environment's verifier modules through the
environment's own package and fails if it reaches a module of the agent's side.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# the agent's side of each environment: its reference target, its readings of text, its simulated customers
AGENT_SIDE = {"reference_target", "language", "text_rules", "cooperative", "customer", "customer_corpus", "faults"}
ENVS = ["skyassist", "taubench", "mock"]


def _imported(env: str, module: str) -> set[str]:
    """The modules of envs/<env> that envs/<env>/<module>.py imports."""
    tree = ast.parse((ROOT / "envs" / env / f"{module}.py").read_text())
    pkg = f"envs.{env}"
    out = set()
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == pkg:
                names = [a.name for a in node.names]
            elif node.module.startswith(pkg + "."):
                names = [node.module[len(pkg) + 1:].split(".")[0]]
        elif isinstance(node, ast.Import):
            names = [a.name[len(pkg) + 1:].split(".")[0] for a in node.names if a.name.startswith(pkg + ".")]
        out |= {n for n in names if (ROOT / "envs" / env / f"{n}.py").exists()}
    return out


def _closure(env: str, start: set[str]) -> dict[str, str]:
    """Every module reached from ``start``, with the module that first imported it."""
    seen = {m: "" for m in start}
    todo = list(start)
    while todo:
        m = todo.pop()
        for n in _imported(env, m):
            if n not in seen:
                seen[n] = m
                todo.append(n)
    return seen


def _judges(env: str) -> set[str]:
    return {p.stem for p in (ROOT / "envs" / env).glob("*.py") if p.stem.startswith(("verif", "verify_"))}


@pytest.mark.parametrize("env", ENVS)
def test_the_verifiers_reach_no_module_of_the_agent(env):
    judges = _judges(env)
    assert judges, f"envs/{env} has no verifier modules"
    reached = _closure(env, judges)
    shared = {m: f"imported by {by}.py" for m, by in reached.items() if m in AGENT_SIDE}
    assert not shared, f"envs/{env}: the verifiers import the agent's side: {shared}"


@pytest.mark.parametrize("env", ENVS)
def test_the_agent_imports_no_verifier(env):
    """The other direction: a target that called the judge's reading would share its mistakes too."""
    target = _closure(env, {"reference_target"})
    assert not {m for m in target if m.startswith(("verif", "verify_"))}
    src = (ROOT / "envs" / env / "reference_target.py").read_text()
    assert "probe.verify" not in src


def test_the_walk_finds_a_shared_import(tmp_path):
    """The check can fail: a verifier module that imports text_rules is caught."""
    global ROOT
    fake = tmp_path / "envs" / "fake"
    fake.mkdir(parents=True)
    (fake / "text_rules.py").write_text("X = 1\n")
    (fake / "verify_text.py").write_text("from envs.fake import text_rules\n")
    (fake / "verifiers.py").write_text("from envs.fake.verify_text import X\n")
    old, ROOT = ROOT, tmp_path
    try:
        assert _closure("fake", _judges("fake")).get("text_rules") == "verify_text"
    finally:
        ROOT = old


# --- SkyAssist: the fare-class and count readings the verifiers used to borrow from text_rules ----------------

FARE_CLASS_TABLE = [  # (text, classes it names)
    ("Economy, please", {"economy"}), ("premium economy", {"premium"}), ("Premium-Economy seats", {"premium"}),
    ("PREMIUM ECONOMY", {"premium"}), ("business class", {"business"}), ("economy or business?", {"economy", "business"}),
    ("the cheapest economy fare, not premium", {"economy", "premium"}), ("an economical choice", set()),
    ("businesses", set()), ("Premium/Economy", {"premium"}), ("Economy Plus", {"economy"}), ("", set()),
]


@pytest.mark.parametrize("text,names", FARE_CLASS_TABLE)
def test_the_sky_oracle_reads_fare_classes(text, names):
    from envs.skyassist.verify_text import names_fare_class  # noqa: PLC0415

    assert {k for k in ("economy", "premium", "business") if names_fare_class(text, k)} == names


@pytest.mark.parametrize("token,value", [("3", 3), ("three", 3), ("Twelve", 12), ("twenty", 20), ("0", None),
                                         ("zero", None), ("a", None), ("3rd", None), ("", None)])
def test_the_sky_oracle_reads_count_words(token, value):
    from envs.skyassist.verify_counts import number_of  # noqa: PLC0415

    assert number_of(token) == value
