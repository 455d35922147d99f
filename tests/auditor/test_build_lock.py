"""Two processes that need the same tiny auditor build it once (probe.auditor.tiny.build_lock)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from probe.auditor.tiny import read_build_info

ROOT = Path(__file__).resolve().parents[2]
SMALL = ("dict(n_episodes=4, vocab_size=1000, hidden_size=16, layers=1, heads=2, intermediate_size=32, "
         "max_positions=1024, max_length=1024, epochs=0.2, batch_size=8)")


def builder(out: Path) -> subprocess.Popen:
    code = (f"from probe.auditor.tiny import TinySettings, build_tiny_auditor\n"
            f"build_tiny_auditor({str(out)!r}, seed=1, settings=TinySettings(**{SMALL}), log=print)\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}  # each log line as it is printed
    return subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, env=env, cwd=ROOT)


def test_two_processes_on_an_empty_cache_build_once(tmp_path):
    out = tmp_path / "tiny-auditor-v1"
    first, second = builder(out), builder(out)
    logs = [p.communicate(timeout=300)[0] for p in (first, second)]
    assert [p.returncode for p in (first, second)] == [0, 0], logs
    built = [log for log in logs if f"built {out} in" in log]
    reused = [log for log in logs if "built by another process meanwhile" in log or "cached build" in log]
    assert len(built) == 1 and len(reused) == 1, logs
    assert read_build_info(out)["complete"]
    # nothing else was left beside it (the lock is on the directory itself)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tiny-auditor-v1"]


def test_a_killed_holder_does_not_block_the_next_build(tmp_path):
    out = tmp_path / "tiny-auditor-v1"
    code = ("import time\nfrom pathlib import Path\nfrom probe.auditor.tiny import build_lock\n"
            f"with build_lock(Path({str(out)!r}), print):\n    print('holding', flush=True)\n    time.sleep(600)\n")
    holder = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
    assert holder.stdout.readline().strip() == "holding"
    waiting = builder(out)
    # until it says it waits (on a loaded machine starting Python and torch took longer than the 3 s
    # this test once slept, and the holder was killed before the builder reached the lock)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(waiting.stdout.readline, "")), daemon=True)
    reader.start()
    deadline = time.monotonic() + 240
    while not any("waiting for it" in line for line in lines) and time.monotonic() < deadline:
        assert waiting.poll() is None, "".join(lines)  # blocked behind the holder, never done before it
        time.sleep(0.2)
    assert any("waiting for it" in line for line in lines), "".join(lines)
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    assert waiting.wait(timeout=300) == 0, "".join(lines)
    reader.join(timeout=30)
    assert any(f"built {out} in" in line for line in lines), "".join(lines)


def test_an_unreadable_parent_builds_without_the_lock(tmp_path, monkeypatch):
    """A directory one may write but not read cannot be locked; the build goes on unexcluded."""
    from probe.auditor import tiny

    real_open = os.open

    def refuse(path, flags, *args, **kwargs):
        if Path(path) == tmp_path:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(tiny.os, "open", refuse)
    entered = []
    with tiny.build_lock(tmp_path / "tiny-auditor-v1", print):
        entered.append(True)
    assert entered == [True]


def test_a_build_removes_the_work_left_by_a_killed_build_and_nothing_else(tmp_path):
    """A SIGKILLed or SIGTERMed build leaves its ``.<name>.tmp-*`` work directory; the next build of
    the same output, holding the lock, removes it (and only it)."""
    from probe.auditor.tiny import TinySettings, build_tiny_auditor

    out = tmp_path / "tiny-auditor-v1"
    dead = tmp_path / ".tiny-auditor-v1.tmp-k1ll3d"
    dead.mkdir()
    (dead / "model.safetensors").write_bytes(b"half written")
    keep = [tmp_path / ".other-model.tmp-abc", tmp_path / "tiny-auditor-v1.tmp-mine", tmp_path / "notes"]
    for k in keep:
        k.mkdir()
    logs: list[str] = []
    build_tiny_auditor(out, seed=1, settings=TinySettings(**eval(SMALL)), log=logs.append)
    assert not dead.exists()
    assert all(k.is_dir() for k in keep)
    assert any("left by a build that did not finish" in m for m in logs), logs
    assert read_build_info(out)["complete"]
