"""scripts/gpu_check.py: the tiny CPU run exercises the same code path as the GPU check."""

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "gpu_check.py"


def run(*args: str, timeout: int = 120, **env: str) -> subprocess.CompletedProcess:
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), "OMP_NUM_THREADS": "1", **env}
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=timeout,
                          env=full_env, cwd=ROOT)


def json_lines(stdout: str) -> list[dict]:
    return [json.loads(line) for line in stdout.splitlines() if line.strip()]


def test_cpu_tiny_runs_every_step_and_passes(tmp_path):
    proc = run("--cpu-tiny", "--seed", "3", "--workdir", str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    lines = json_lines(proc.stdout)  # every stdout line is JSON
    steps = {r["step"]: r for r in lines if "step" in r}
    assert list(steps) == ["build", "load", "generate", "grpo", "dpo", "gfn"]
    assert steps["build"]["ok"] and steps["build"]["disk_gib"] > 0
    load = steps["load"]
    # the LoRA adapter of the paper config, through probe's loader
    assert load["lora"] == {"r": 64, "alpha": 128.0, "target_modules": ["q_proj", "k_proj", "v_proj", "o_proj"]}
    assert load["quantized_4bit"] is False and load["device"] == "cpu"
    assert 0 < load["trainable"] < load["parameters"]
    gen = steps["generate"]
    assert gen["batch"] == 32 and gen["generated_tokens"] > 0 and gen["tokens_per_s"] > 0
    assert gen["logprobs_finite"] is True and gen["peak_gpu_mem_gib"] is None
    for algo in ("grpo", "dpo", "gfn"):
        r = steps[algo]
        assert r["ok"] and r["adapter_moved"] is True and r["loss_finite"] is True, r
        assert r["seconds"] >= 0 and isinstance(r["grad_norm"], float)
    verdict = lines[-1]
    assert verdict["verdict"] == "PASS" and verdict["failed_steps"] == [] and verdict["shape"] == "tiny"
    assert list(tmp_path.iterdir()) == []  # the temporary model directory is removed


def _gpu_check():
    spec = importlib.util.spec_from_file_location("gpu_check", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(torch.cuda.is_available(), reason="CPU determinism (GPU kernels may not be bitwise deterministic)")
def test_tiny_is_deterministic_in_the_seed(capsys):
    gpu_check = _gpu_check()

    def losses(seed: str) -> list:
        assert gpu_check.main(["--tiny", "--seed", seed, "--prompt-tokens", "24"]) == 0
        lines = json_lines(capsys.readouterr().out)
        return [(r["step"], r.get("loss"), r.get("generated_tokens")) for r in lines if "step" in r]

    first = losses("1")
    assert first == losses("1")
    assert first != losses("2")


@pytest.mark.skipif(torch.cuda.is_available(), reason="checks the message printed without CUDA")
def test_full_size_without_cuda_exits_2_with_one_line():
    proc = run(timeout=120)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("error: ") and "no CUDA GPU" in lines[0] and "--cpu-tiny" in lines[0]


@pytest.mark.parametrize("args, needle", [(["--cpu-tiny", "--prompt-tokens", "3"], "--prompt-tokens"),
                                          (["--cpu-tiny", "--seed", "-1"], "--seed"),
                                          (["--cpu-tiny", "--config", "nosuch.yaml"], "nosuch.yaml"),
                                          (["--cpu-tiny", "--workdir", "/nonexistent/dir"], "/nonexistent/dir"),
                                          (["--cpu-tiny", "--config", "BADCONFIG"], "'algo'")])
def test_bad_values_are_one_error_line(args, needle, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("algo: nosuch\n")
    proc = run(*[str(bad) if a == "BADCONFIG" else a for a in args], timeout=120)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0], proc.stderr


@pytest.mark.gpu
@pytest.mark.slow
@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_full_size_on_gpu(tmp_path):
    pytest.importorskip("bitsandbytes")
    proc = run("--workdir", str(tmp_path), timeout=600)
    lines = json_lines(proc.stdout)
    assert lines[1]["step"] == "load" and lines[1]["quantized_4bit"] is True and lines[1]["shape"] == "qwen3-4b"
    assert lines[-1]["verdict"] == "PASS", proc.stdout + proc.stderr
