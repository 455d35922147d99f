"""Make docs/img/viewer-conversation.png: the conversation view of a played SkyAssist episode.

    PYTHONPATH=. python tests/viewer/screenshot.py [OUT.png]

Plays the static suite against the reference target (demo faults) on held-out seeds, opens the
viewer on the traces in headless chromium and photographs the episode with the most severe
violations, with its first tool call expanded. About 10 s on CPU.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import viewer_data as data  # noqa: E402
from viewer_serve import chromium, serving  # noqa: E402

from probe.core.registry import get_domain  # noqa: E402


def main(out: Path) -> None:
    traces = data.played_traces(seeds_per_script=2)
    sev = get_domain("skyassist").severity
    k = max(range(len(traces)), key=lambda i: (sum(sev.get(v.policy, 0) for v in traces[i].violations),
                                               -len(traces[i].messages)))
    out = out.resolve()
    here = Path.cwd()
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)  # the header shows the path as typed: "suite/traces.jsonl"
        try:
            data.write(Path("suite") / "traces.jsonl", traces)
            with serving(Path("suite") / "traces.jsonl") as url, chromium() as browser:
                page = browser.new_page(viewport={"width": 1360, "height": 1000}, device_scale_factor=1)
                page.goto(f"{url}/#/trace?line={k + 1}")
                page.wait_for_selector("#app[data-ready='trace']", timeout=20_000)
                calls = page.locator("details.tool.call")
                if calls.count():
                    calls.first.locator("summary").click()
                out.parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(out))
        finally:
            os.chdir(here)
    print(f"{out}: {traces[k].id} ({len(traces[k].violations)} violations)")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/img/viewer-conversation.png"))
