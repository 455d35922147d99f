"""Run configs validate; the GPU configs hold the paper's values; the Slurm scripts parse and run.

The scripts are exercised end to end with a fake ``vllm`` (a loopback HTTP server answering
/health and /v1/models) and a fake ``probe`` that records its arguments: no GPU, no Slurm.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from probe.train.config import load_config

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = sorted((ROOT / "configs").glob("*.yaml"))
GPU_CONFIGS = {algo: ROOT / "configs" / f"skyassist-qwen3-4b-{algo}.yaml" for algo in ("grpo", "dpo", "gfn")}
SBATCH = sorted((ROOT / "slurm").glob("*.sbatch"))
SCRIPTS = sorted((ROOT / "slurm").glob("*.sh")) + SBATCH
TRAIN = ROOT / "slurm" / "train_two_gpu.sbatch"
EVAL = ROOT / "slurm" / "eval.sbatch"
LAUNCH = ROOT / "slurm" / "launch.sh"


@pytest.mark.parametrize("path", CONFIGS, ids=[p.name for p in CONFIGS])
def test_every_top_level_config_validates(path):
    cfg = load_config(path)
    assert cfg.updates >= 1


def test_the_gpu_configs_exist():
    assert all(p.is_file() for p in GPU_CONFIGS.values())


@pytest.mark.parametrize("algo", sorted(GPU_CONFIGS))
def test_gpu_configs_hold_the_paper_values(algo):
    cfg = load_config(GPU_CONFIGS[algo])
    assert cfg.algo == algo
    a = cfg.auditor
    assert a.model.startswith("Qwen/Qwen3-4B-Instruct")
    assert a.quantize_4bit is True
    assert (a.lora_r, a.lora_alpha) == (64, 128)
    assert sorted(a.target_modules) == ["k_proj", "o_proj", "q_proj", "v_proj"]
    t = cfg.target
    assert t.kind == "openai" and t.model == "Qwen/Qwen3-30B-A3B" and t.base_url
    assert (cfg.rollout.group_size, cfg.rollout.continuation_turns) == (4, 3)
    assert cfg.curriculum.levels == [4, 8, 12, 14]
    assert cfg.curriculum.threshold == 0.15 and cfg.curriculum.window == 50
    assert (cfg.grpo.clip_eps, cfg.grpo.beta) == (0.2, 0.01)
    assert (cfg.dpo.beta, cfg.dpo.ema_decay) == (0.1, 0.995)
    assert (cfg.eval.episodes, cfg.eval.turns) == (50, 8)
    assert cfg.reward == "calibrated"


@pytest.mark.parametrize("variant", ["baseline", "behavior", "calibrated", "dedup", "diversity_only"])
def test_reward_variants_are_one_override_away(variant):
    cfg = load_config(GPU_CONFIGS["grpo"], [f"reward={variant}", "target.base_url=http://127.0.0.1:8123/v1"])
    assert cfg.reward == variant and cfg.target.base_url == "http://127.0.0.1:8123/v1"
    assert (ROOT / "configs" / "reward" / f"{variant}.yaml").is_file()


def test_there_are_scripts():
    assert {p.name for p in SCRIPTS} >= {"train_two_gpu.sbatch", "eval.sbatch", "launch.sh"}


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_scripts_parse(path):
    r = subprocess.run(["bash", "-n", str(path)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    text = path.read_text()
    assert text.startswith("#!/usr/bin/env bash\n") and "set -euo pipefail" in text


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck not installed")
@pytest.mark.parametrize("path", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_scripts_pass_shellcheck(path):
    r = subprocess.run(["shellcheck", "-s", "bash", str(path)], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout


@pytest.mark.parametrize("path", SBATCH, ids=[p.name for p in SBATCH])
def test_sbatch_files_serve_the_target_with_tool_calling_and_wait_for_health(path):
    text = path.read_text()
    assert "#SBATCH --gres=gpu:2" in text
    assert "--enable-auto-tool-choice" in text and "--tool-call-parser" in text
    assert "/health" in text and "/v1/models" in text and "HEALTH_TIMEOUT" in text
    assert "trap cleanup EXIT" in text


def test_train_sbatch_resumes_and_requeues():
    text = TRAIN.read_text()
    assert "--resume" in text
    assert "#SBATCH --requeue" in text and "#SBATCH --signal=B:USR1@" in text and "scontrol requeue" in text


# --- running the scripts with fakes ------------------------------------------------------------

FAKE_VLLM = r'''#!PYTHON
import json, os, sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
a = sys.argv[1:]
print("argv", json.dumps(a), "gpus", os.environ.get("CUDA_VISIBLE_DEVICES"), flush=True)
if os.environ.get("FAKE_VLLM_FAIL"):
    sys.exit(3)
name, port = a[a.index("--served-model-name") + 1], int(a[a.index("--port") + 1])
class H(BaseHTTPRequestHandler):
    def do_GET(self):
        body = b"" if self.path == "/health" else json.dumps({"data": [{"id": name}]}).encode()
        self.send_response(200); self.send_header("Content-Length", str(len(body))); self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args):
        pass
ThreadingHTTPServer(("127.0.0.1", port), H).serve_forever()
'''

FAKE_PROBE = r'''#!/usr/bin/env bash
printf '%s\n' "$@" > "$FAKE_PROBE_ARGS"
echo "gpus=$CUDA_VISIBLE_DEVICES" >> "$FAKE_PROBE_ARGS"
exit "${FAKE_PROBE_RC:-0}"
'''


def _free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _exe(path: Path, text: str) -> Path:
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


@pytest.fixture
def fakes(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    vllm = _exe(bin_dir / "vllm", FAKE_VLLM.replace("PYTHON", sys.executable))
    probe = _exe(bin_dir / "probe", FAKE_PROBE)
    (bin_dir / "python").symlink_to(sys.executable)  # the scripts check the config with it
    env = {**os.environ, "VLLM_BIN": str(vllm), "PROBE_BIN": str(probe), "PORT": str(_free_port()),
           "POLL_S": "0.2", "HEALTH_TIMEOUT": "60", "FAKE_PROBE_ARGS": str(tmp_path / "probe-args.txt"),
           "CUDA_VISIBLE_DEVICES": "4,7", "PROBE_ROOT": str(ROOT)}
    env.pop("SLURM_JOB_ID", None)
    return tmp_path, env


def test_train_script_serves_waits_trains_with_resume_and_stops_the_server(fakes):
    tmp, env = fakes
    env.update(CONFIG=str(GPU_CONFIGS["dpo"]), RUN_NAME="t1", OUT_DIR=str(tmp / "out"), EXTRA_SET="reward=dedup")
    r = subprocess.run(["bash", str(TRAIN)], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    args = (tmp / "probe-args.txt").read_text().splitlines()
    assert args[:3] == ["train", "--config", str(GPU_CONFIGS["dpo"])]
    assert "--resume" in args and "gpus=7" in args
    assert f"target.base_url='http://127.0.0.1:{env['PORT']}/v1'" in args
    assert "run_name='t1'" in args and "reward=dedup" in args
    run_dir = tmp / "out" / "t1"
    vllm_log = (run_dir / "vllm.log").read_text()
    assert "--enable-auto-tool-choice" in vllm_log and "gpus 4" in vllm_log
    assert (run_dir / "train.log").exists() and (run_dir / "jobs.log").exists()
    assert "stopping vLLM server" in r.stdout
    # the server is gone: nothing listens on its port any more
    import socket
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", int(env["PORT"])), timeout=5).close()


def test_train_script_fails_clearly_when_the_server_dies_while_starting(fakes):
    tmp, env = fakes
    env.update(CONFIG=str(GPU_CONFIGS["grpo"]), RUN_NAME="t2", OUT_DIR=str(tmp / "out"), FAKE_VLLM_FAIL="1")
    r = subprocess.run(["bash", str(TRAIN)], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode != 0
    assert "vLLM exited with status 3 while starting" in r.stderr
    assert not (tmp / "probe-args.txt").exists()


def test_train_script_rejects_a_bad_override_before_starting_the_server(fakes):
    tmp, env = fakes
    env.update(CONFIG=str(GPU_CONFIGS["grpo"]), RUN_NAME="t3", OUT_DIR=str(tmp / "out"), EXTRA_SET="rollout.group_size=1")
    r = subprocess.run(["bash", str(TRAIN)], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode != 0 and "rollout.group_size" in r.stderr
    assert not (tmp / "out" / "t3" / "vllm.log").exists()


def test_eval_script_runs_probe_eval_against_the_served_target(fakes):
    tmp, env = fakes
    ckpt = tmp / "run" / "ckpt-00500"
    ckpt.mkdir(parents=True)
    env.update(CHECKPOINT=str(ckpt))
    r = subprocess.run(["bash", str(EVAL)], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    args = (tmp / "probe-args.txt").read_text().splitlines()
    assert args[:3] == ["eval", "--checkpoint", str(ckpt)]
    out = tmp / "run" / "eval-ckpt-00500"
    for flag, value in [("--target", "openai"), ("--base-url", f"http://127.0.0.1:{env['PORT']}/v1"),
                        ("--episodes", "50"), ("--turns", "8"), ("--samples", "3"), ("--out", str(out))]:
        assert args[args.index(flag) + 1] == value
    assert "gpus=7" in args and (out / "vllm.log").exists()


def test_launch_helper_dry_run_shows_the_knobs(tmp_path):
    r = subprocess.run(["bash", str(LAUNCH), "train", "configs/skyassist-qwen3-4b-gfn.yaml", "gfn-1",
                        "--time", "12:00:00", "--model", "Qwen/Qwen3-30B-A3B-FP8", "--served-name",
                        "Qwen/Qwen3-30B-A3B", "--port", "8123", "--reward", "dedup", "--dry-run"],
                       cwd=tmp_path, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    for s in ["CONFIG=configs/skyassist-qwen3-4b-gfn.yaml", "RUN_NAME=gfn-1", "PORT=8123",
              "TARGET_MODEL=Qwen/Qwen3-30B-A3B-FP8", "EXTRA_SET=reward=dedup", "--time 12:00:00",
              "--output checkpoints/gfn-1/slurm-%j.out", "--export=ALL", "slurm/train_two_gpu.sbatch"]:
        assert s in out, s
    bad = subprocess.run(["bash", str(LAUNCH), "serve", "x"], capture_output=True, text=True)
    assert bad.returncode == 2 and "train' or 'eval'" in bad.stderr
