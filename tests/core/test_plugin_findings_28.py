"""A plug-in environment's mistakes are reported as the plug-in's, in one line (session 28).

The cases come from a tester who wrote a third-party environment (a pharmacy counter) and
installed it through the ``probe.envs`` entry point (``/work/h28/plugin/report.md``, findings
2-5 and 8). Here a small plug-in package is written into a temporary folder and registered with
``register_env`` (the same lookup an entry point gets); its domain is the mock's under another
name, so the mock's scripts, scenarios and target play, and each test gives the package the one
defect it is about (a broken import in ``verifiers.py``, a verifier that raises, no
``scripts/`` folder), next to the twin that is fine.
"""

from __future__ import annotations

import importlib
import json
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from probe.cli.main import app
from probe.core import registry
from probe.core.registry import EnvLoadError, get_domain, refresh, register_env
from probe.eval.methods import CooperativeCustomer, EpisodeInfo
from probe.verify import registry as verify_registry
from probe.verify.registry import registry_of

runner = CliRunner()
MOCK = Path(__file__).resolve().parents[2] / "envs" / "mock"
SCRIPT = MOCK / "scripts" / "borrow_one.txt"

DOMAIN = '''
from envs.mock.domain import MockDomain


class DeskDomain(MockDomain):
    name = "{name}"


def make_domain():
    return DeskDomain()
'''

# a verifiers module of the plug-in's own (the mock's view and replayer, one check)
VERIFIERS_HEAD = '''
from envs.mock.verifiers import MockView, make_replayer
from probe.verify import VerifierRegistry, declare, verifier

registry = declare(__name__, VerifierRegistry("{name}", view=MockView, replayer=make_replayer))
'''

RAISING_CHECK = '''

@verifier("L1")
def check_L1(view):
    """L1 here reads a field the view does not have."""
    return {{}}["dob"]
'''

QUIET_CHECK = '''

@verifier("L1")
def check_L1(view):
    """L1 never fires in this plug-in."""
    return []
'''


@pytest.fixture
def plugin(tmp_path, monkeypatch):
    """Write a plug-in package ``<name>_pkg`` (domain.py, optional verifiers.py and scripts/) and
    register it as env ``<name>``; everything is forgotten afterwards."""
    monkeypatch.setattr(registry, "_REGISTERED", {})
    monkeypatch.syspath_prepend(str(tmp_path))
    made: list[str] = []

    def _make(name: str, verifiers: str | None = None, scripts: bool = False) -> Path:
        pkg = tmp_path / f"{name.replace('-', '_')}_pkg"
        pkg.mkdir()
        (pkg / "__init__.py").write_text("")
        (pkg / "domain.py").write_text(textwrap.dedent(DOMAIN.format(name=name)))
        if verifiers is not None:
            (pkg / "verifiers.py").write_text(textwrap.dedent(verifiers.format(name=name)))
        if scripts:
            (pkg / "scripts").mkdir()
            (pkg / "scripts" / "borrow_one.txt").write_text(SCRIPT.read_text())
        made.append(pkg.name)
        importlib.invalidate_caches()
        register_env(name, f"{pkg.name}.domain:make_domain")
        return pkg

    yield _make
    for mod in [m for m in sys.modules if m.split(".")[0] in made]:
        del sys.modules[mod]
    for mod in [m for m in verify_registry._BY_MODULE if m.split(".")[0] in made]:
        del verify_registry._BY_MODULE[mod]
    refresh()


def play(env: str, *extra: str):
    return runner.invoke(app, ["play", "--env", env, "--family", "borrow_one", "--seed", "3",
                               "--script", str(SCRIPT), *extra])


def error_lines(r) -> list[str]:
    assert "Traceback" not in r.output
    return [line for line in r.stderr.splitlines() if line.strip()]


# --- finding 2: a broken import inside the plug-in's verifiers module ---------------------------

@pytest.mark.parametrize("bad_line, cause", [
    ("import not_a_real_module_xyz28", "ModuleNotFoundError: No module named 'not_a_real_module_xyz28'"),
    ("from json import no_such_name_28", "ImportError: cannot import name 'no_such_name_28'"),
    ("def broken(:", "SyntaxError"),
    ("raise RuntimeError('catalog file missing')", "RuntimeError: catalog file missing"),
])
def test_a_verifiers_module_that_cannot_be_imported_is_named_with_its_real_cause(plugin, bad_line, cause):
    plugin("rxdesk-a", verifiers=bad_line + "\n" + VERIFIERS_HEAD + QUIET_CHECK)
    with pytest.raises(EnvLoadError) as e:
        registry_of(get_domain("rxdesk-a"))
    msg = str(e.value)
    assert "\n" not in msg and "'rxdesk-a'" in msg and "rxdesk_a_pkg.verifiers" in msg and cause in msg
    assert "no verifier registry" not in msg
    r = play("rxdesk-a")
    assert r.exit_code == 2
    lines = error_lines(r)
    assert len(lines) == 1 and lines[0].startswith("error: env 'rxdesk-a'") and cause in lines[0]
    assert "internal error" not in lines[0] and "a bug" not in lines[0]


def test_a_plugin_without_a_verifiers_module_of_its_own_inherits_its_base_class_registry(plugin):
    plugin("rxdesk-b")  # no verifiers.py: the mock's, through the base class
    assert registry_of(get_domain("rxdesk-b")) is registry_of(get_domain("mock"))
    r = play("rxdesk-b")
    assert r.exit_code == 0, r.output


def test_a_plugin_with_a_working_verifiers_module_uses_it(plugin):
    plugin("rxdesk-c", verifiers=VERIFIERS_HEAD + QUIET_CHECK)
    assert registry_of(get_domain("rxdesk-c")).env == "rxdesk-c"
    assert play("rxdesk-c").exit_code == 0


# --- finding 2: an exception raised inside a plug-in's verifier -----------------------------------

@pytest.mark.parametrize("command", ["play", "suite"])
def test_an_exception_in_a_plugins_verifier_names_the_env_and_the_module_not_a_probe_bug(plugin, tmp_path, command):
    pkg = plugin("rxdesk-d", verifiers=VERIFIERS_HEAD + RAISING_CHECK, scripts=True)
    if command == "play":
        r = play("rxdesk-d")
    else:
        r = runner.invoke(app, ["suite", "--env", "rxdesk-d", "--seeds-per-script", "1", "--out", str(tmp_path / "s")])
    assert r.exit_code == 1
    lines = [line for line in error_lines(r) if line.startswith("error:")]
    assert len(lines) == 1, r.stderr
    line = lines[0]
    assert "env 'rxdesk-d'" in line and "KeyError: 'dob'" in line
    assert "rxdesk_d_pkg.verifiers" in line and str(pkg / "verifiers.py") in line
    assert "a bug" not in line and "internal error" not in line


def test_an_exception_in_a_builtin_verifier_is_still_called_a_probe_bug(monkeypatch):
    reg = registry_of(get_domain("mock"))
    monkeypatch.setitem(reg.verifiers, "L2", type(reg.verifiers["L2"])("L2", None, lambda view: {}["shelf"]))
    r = play("mock")
    assert r.exit_code == 1
    line = error_lines(r)[-1]
    assert line.startswith("error: internal error: KeyError") and "a bug" in line


# --- finding 3: probe suite with no static scripts ------------------------------------------------

def test_suite_without_static_scripts_says_where_it_looked_and_exits_2(plugin, tmp_path):
    pkg = plugin("rxdesk-e")
    r = runner.invoke(app, ["suite", "--env", "rxdesk-e", "--seeds-per-script", "1", "--out", str(tmp_path / "s")])
    assert r.exit_code == 2
    lines = error_lines(r)
    assert len(lines) == 1 and lines[0].startswith("error: no static scripts for env 'rxdesk-e'")
    assert str(pkg / "scripts") in lines[0]
    assert "episodes:" not in r.stdout and not (tmp_path / "s" / "traces.jsonl").exists()


def test_suite_with_an_empty_scripts_folder_says_so_too(plugin, tmp_path):
    pkg = plugin("rxdesk-f")
    (pkg / "scripts").mkdir()
    (pkg / "scripts" / "notes.md").write_text("not a script")
    r = runner.invoke(app, ["suite", "--env", "rxdesk-f", "--seeds-per-script", "1", "--out", str(tmp_path / "s")])
    assert r.exit_code == 2 and str(pkg / "scripts") in error_lines(r)[0] and "*.txt" in error_lines(r)[0]


def test_suite_with_its_scripts_runs(plugin, tmp_path):
    plugin("rxdesk-g", scripts=True)
    r = runner.invoke(app, ["suite", "--env", "rxdesk-g", "--seeds-per-script", "1", "--out", str(tmp_path / "s")])
    assert r.exit_code == 0, r.output
    assert "episodes: 1" in r.stdout


def test_suite_with_an_empty_script_file_is_a_one_line_error(plugin, tmp_path):
    pkg = plugin("rxdesk-h", scripts=True)
    (pkg / "scripts" / "blank.txt").write_text("# family: borrow_one\n")
    r = runner.invoke(app, ["suite", "--env", "rxdesk-h", "--seeds-per-script", "1", "--out", str(tmp_path / "s")])
    assert r.exit_code == 2
    lines = error_lines(r)
    assert len(lines) == 1 and "blank.txt has no customer messages" in lines[0] and "internal error" not in lines[0]


# --- finding 4: adat run --driver static without scripts ----------------------------------------

ADAT = ["adat", "run", "--run", "r", "--driver", "static", "--sessions", "2", "--turns", "3", "--n", "2",
        "--embedder", "hash-bow", "--no-regression"]


def test_adat_static_driver_without_scripts_is_a_user_error(plugin, tmp_path):
    pkg = plugin("rxdesk-i")
    r = runner.invoke(app, [*ADAT, "--env", "rxdesk-i", "--out-dir", str(tmp_path / "runs")])
    assert r.exit_code == 2
    lines = error_lines(r)
    assert len(lines) == 1 and lines[0].startswith("error: no static scripts for env 'rxdesk-i'")
    assert str(pkg / "scripts") in lines[0] and "internal error" not in lines[0]
    assert not (tmp_path / "runs" / "r" / "adat").exists()


def test_adat_static_driver_with_scripts_runs(plugin, tmp_path):
    plugin("rxdesk-j", scripts=True)
    r = runner.invoke(app, [*ADAT, "--env", "rxdesk-j", "--out-dir", str(tmp_path / "runs")])
    assert r.exit_code == 0, r.output


# --- finding 5: the default cooperative customer ------------------------------------------------

FIELDS = {"first_name": "Anna", "last_name": "Kowalski", "patient_id": "P201", "rx_id": "RX3001",
          "order_id": "OR-4696"}


def _customer(fields=FIELDS):
    m = CooperativeCustomer(opening=lambda f: "Refill my prescription RX3001.")
    m.begin([EpisodeInfo(index=0, scenario_text="", fields=fields, family="refill_one", seed=0)])
    return m


@pytest.mark.parametrize("agent", [
    "Done: refill order OR-5000 is placed. Anything else?",
    "I placed refill order OR-5000 for you. Is there anything else I can help with?",
    "Your order went through; anything else today?",
    "The patient record is updated. Anything else?",
])
def test_an_id_word_in_a_statement_is_not_a_question_and_anything_else_gets_goodbye(agent):
    m = _customer()
    said = m.reply(0, FIELDS, agent)
    assert "goodbye" in said.lower() and "OR-4696" not in said and "P201" not in said
    assert m.reply(0, FIELDS, "Welcome. How can I help?") is None  # done: nothing more, no second request


@pytest.mark.parametrize("agent, value", [
    ("I can help with that. What is your patient ID?", "P201"),
    ("Which order would you like to cancel?", "OR-4696"),
    ("Your refill is ready to go. Could you give me the order id?", "OR-4696"),
    ("Please tell me your patient id.", "P201"),
    ("What is the rx id on the label?", "RX3001"),
])
def test_an_id_is_given_when_the_agent_asks_for_it(agent, value):
    assert _customer().reply(0, FIELDS, agent) == f"It is {value}."


def test_the_testers_dialogue_ends_after_one_refill():
    """The tester's cooperative episode: an id once when asked, yes once, goodbye at "anything else"."""
    m = _customer()
    agent = ["I can help with that. What is your patient ID?",
             "Shall I place a refill order for your Lisinopril (RX3001)?",
             "Done: refill order OR-5000 is placed. Anything else?",
             "Welcome to the pharmacy counter. How can I help?"]
    said = [m.reply(0, FIELDS, a) for a in agent]
    assert said[:2] == ["It is P201.", "Yes, please go ahead."]
    assert "goodbye" in said[2].lower() and said[3] is None


@pytest.mark.parametrize("agent", ["Done: your refill is placed.", "Your request is processed.",
                                   "The order is cancelled."])
def test_a_plain_done_sentence_ends_the_episode(agent):
    assert "goodbye" in _customer().reply(0, FIELDS, agent).lower()


def test_a_done_sentence_that_also_asks_to_confirm_is_answered_with_yes():
    assert _customer().reply(0, FIELDS, "Your refill is placed. Shall I also cancel order OR-1?") == "Yes, please go ahead."


# --- finding 8: probe verify on a trace of an environment that is not there ---------------------

def _trace_line(tmp_path, env: str) -> Path:
    r = runner.invoke(app, ["play", "--env", "mock", "--family", "borrow_one", "--seed", "3", "--script", str(SCRIPT),
                            "--out", str(tmp_path / "t.jsonl")])
    assert r.exit_code == 0, r.output
    record = json.loads((tmp_path / "t.jsonl").read_text())
    record["env"] = env
    path = tmp_path / f"{env}.jsonl"
    path.write_text(json.dumps(record) + "\n" + "{not json\n")
    return path


@pytest.mark.parametrize("env", ["pharmacy-desk", "uninstalled-env"])
def test_verify_says_an_unknown_env_is_not_installed_not_a_malformed_line(tmp_path, env):
    path = _trace_line(tmp_path, env)
    r = runner.invoke(app, ["verify", str(path)])
    assert r.exit_code == 1
    first, second = [line for line in r.stderr.splitlines() if line.startswith("error:")]
    assert f"unknown env '{env}'" in first and "malformed" not in first and "not scored" in first
    assert "malformed trace line" in second  # the line that really is not JSON keeps its label


def test_verify_scores_the_same_trace_when_its_env_is_there(tmp_path):
    path = _trace_line(tmp_path, "mock")
    r = runner.invoke(app, ["verify", str(path)])
    assert "1 trace(s) scored" in r.stdout and "unknown env" not in r.stderr
