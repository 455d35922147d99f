"""No module of the project binds the same top-level name twice.

Two helpers merged on one day each added a module-level ``_SPEAKER_IN`` to ``envs/skyassist/language.py``: the later
one silently replaced the earlier for every function that used it, and "my wife joins me on march 5 on her own ticket"
became a travel date again. A regex or table defined twice is read at call time, so the first definition is dead code
that looks alive. Extending a name with itself (``_ORDINARY = _ORDINARY | _FILLERS``) is allowed.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(p for d in ("probe", "envs") for p in (ROOT / d).rglob("*.py"))


def _rebound(tree: ast.Module) -> list[str]:
    seen: dict[str, int] = {}
    twice = []
    for node in tree.body:
        names: list[str] = []
        if isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            used = {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}
            names = [n for n in names if n not in used]  # "X = X | Y" extends X
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            names = [node.target.id]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [node.name]
        for n in names:
            if n in seen:
                twice.append(f"{n} (lines {seen[n]} and {node.lineno})")
            seen[n] = node.lineno
    return twice


def test_no_top_level_name_is_bound_twice():
    found = {str(p.relative_to(ROOT)): twice for p in FILES if (twice := _rebound(ast.parse(p.read_text(), str(p))))}
    assert found == {}


def test_the_check_sees_a_rebinding():
    src = "import re\nA = re.compile('x')\ndef f():\n    return A\nA = re.compile('y')\nB = 1\nB = B + 1\n"
    assert _rebound(ast.parse(src)) == ["A (lines 2 and 5)"]


def _shadowed_methods(tree: ast.Module) -> list[str]:
    """Methods of a class that an instance attribute of the same name hides (``self.x = ...`` beside ``def x``):
    two helpers merged on one day gave the SkyAssist agent a method ``_leg_asked`` and an attribute ``_leg_asked``,
    and every turn failed with "'NoneType' object is not callable"."""
    found = []
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        methods = {n.name: n.lineno for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        for node in ast.walk(cls):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
                node, (ast.AnnAssign, ast.AugAssign)) else []
            for t in targets:
                for a in ast.walk(t):
                    if (isinstance(a, ast.Attribute) and isinstance(a.value, ast.Name) and a.value.id == "self"
                            and a.attr in methods):
                        found.append(f"{cls.name}.{a.attr} (def line {methods[a.attr]}, assigned line {a.lineno})")
    return sorted(set(found))


def test_no_instance_attribute_hides_a_method():
    found = {str(p.relative_to(ROOT)): bad for p in FILES if (bad := _shadowed_methods(ast.parse(p.read_text(), str(p))))}
    assert found == {}


def test_the_check_sees_a_hidden_method():
    src = ("class T:\n    def __init__(self):\n        self.ok = 1\n        self.f: int | None = None\n"
           "    def f(self):\n        return 1\n    def g(self):\n        a, self.f = self.f, None\n")
    assert _shadowed_methods(ast.parse(src)) == ["T.f (def line 5, assigned line 4)", "T.f (def line 5, assigned line 8)"]
