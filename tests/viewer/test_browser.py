"""The viewer in a real browser: Playwright for Python driving Debian's headless chromium.

Skipped, with the reason, only when /usr/bin/chromium (or $PROBE_CHROMIUM) is not installed
(``apt-get install -y chromium``; Playwright's own browser download is not used).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from viewer_serve import CHROMIUM, chromium, serving

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"{CHROMIUM} is not installed (apt-get install -y chromium)")


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def site(root):
    with serving(root) as url:
        yield url


@pytest.fixture()
def page(browser):
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    p = ctx.new_page()
    p.errors = []
    p.dialogs = []
    p.on("pageerror", lambda e: p.errors.append(str(e)))
    p.on("dialog", lambda d: (p.dialogs.append(d.message), d.dismiss()))
    yield p
    ctx.close()


def open_view(page, url: str, view: str) -> None:
    page.goto(url)
    hash_ = url.partition("#")[2]
    part = f"[data-route='#{hash_}']" if hash_ else ""
    page.wait_for_selector(f"#app[data-ready='{view}']{part}", timeout=20_000)


def drawn(page, view: str, part: str) -> None:
    """Wait until the view of a route whose hash contains ``part`` is drawn."""
    page.wait_for_selector(f"#app[data-ready='{view}'][data-route*='{part}']", timeout=20_000)


def test_trace_file_list_opens_a_conversation_with_the_marker_at_the_right_message(page, site, played):
    k, t = next((i, t) for i, t in enumerate(played) if len(t.violations) >= 1 and any(m.get("tool_calls") for m in t.messages))
    open_view(page, f"{site}/#/list?path=traces.jsonl", "list")
    assert page.locator("table.list tbody tr").count() == len(played) + 1
    page.locator(f"table.list tbody tr[data-line='{k + 1}'] a").click()
    drawn(page, "trace", f"line={k + 1}")
    assert page.locator("h1").first.text_content() == t.id
    assert page.locator(".msg").count() == len(t.messages)
    for v in t.violations:
        turn = page.locator(f"#m-{v.message_index}").locator("xpath=..")
        marker = turn.locator(f".violation[data-policy='{v.policy}']")
        assert marker.count() >= 1, f"no {v.policy} marker beside message {v.message_index}"
        text = marker.first.text_content()
        assert v.policy in text and v.evidence in text
        assert marker.first.get_attribute("data-message-index") == str(v.message_index)
    # every marker sits at its own message and nowhere else
    assert page.locator(".violation").count() == len(t.violations)
    # tool calls and results are collapsed until opened; then JSON is pretty-printed
    details = page.locator("details.tool")
    assert details.count() > 0 and all(not d.evaluate("e => e.open") for d in details.all())
    first = details.first
    first.locator("summary").click()
    assert first.evaluate("e => e.open")
    assert "\n  " in first.locator("pre").text_content()
    # the two scenario cards and the target's configuration
    assert page.locator(".scenario.public .text").text_content().strip()
    assert "seed" in page.locator(".scenario.private").text_content()
    target = page.locator(".card.target").text_content()
    assert "reference" in target and t.target["system_prompt_hash"] in target and t.target["faults"][0] in target
    assert not page.errors


def test_filter_by_policy(page, site, played, hostile):
    want = [t.id for t in played + [hostile] if "P2" in t.policies_hit]
    assert 0 < len(want) < len(played)
    open_view(page, f"{site}/#/list?path=traces.jsonl", "list")
    page.select_option("select[name=policy]", "P2")
    drawn(page, "list", "policy=P2")
    rows = page.locator("table.list tbody tr")
    assert rows.count() == len(want)
    assert [r.locator("td").nth(1).text_content() for r in rows.all()] == want
    assert page.locator(".status .count").text_content().startswith(f"{len(want)} of {len(played) + 1}")
    assert not page.errors


def test_side_by_side_view_from_the_eval_page(page, site):
    open_view(page, f"{site}/#/eval?path=eval", "eval")
    assert page.locator("table.metrics tbody tr").count() == 2
    assert page.locator(".plots img").count() == 3
    page.locator("a.button", has_text="side by side").click()
    drawn(page, "compare", "a=eval")
    sides = page.locator(".side")
    assert sides.count() == 2
    a, b = sides.nth(0), sides.nth(1)
    assert "static" in a.locator(".sidehead").text_content() and "cooperative" in b.locator(".sidehead").text_content()
    assert a.locator(".msg").count() > 0 and b.locator(".msg").count() > 0
    seed = page.locator("select[name=seed]").input_value()
    assert seed in page.locator(".scenario.private").text_content()
    # another seed: both columns follow
    options = page.locator("select[name=seed] option").all()
    page.select_option("select[name=seed]", options[-1].get_attribute("value"))
    drawn(page, "compare", "seed=" + options[-1].get_attribute("value"))
    assert page.locator("select[name=seed]").input_value() == options[-1].get_attribute("value")
    assert not page.errors


def test_a_script_in_a_message_does_not_run(page, site, hostile):
    title = None
    open_view(page, f"{site}/#/list?path=traces.jsonl", "list")
    title = page.title()
    open_view(page, f"{site}/#/trace?path=traces.jsonl&line=31", "trace")
    assert page.locator("h1").first.text_content() == hostile.id
    first = page.locator("#m-0 .text").text_content()
    assert "<script>window.__pwned = 1" in first and "<img src=x onerror=" in first  # shown as text
    assert page.evaluate("() => window.__pwned") is None
    assert page.title() == title
    assert page.locator("#app script").count() == 0 and page.locator("#app img").count() == 0
    assert page.locator("#app b").count() == 0
    # the list shows the same text as text too
    open_view(page, f"{site}/#/list?path=traces.jsonl&q=pwned", "list")
    assert page.locator("table.list tbody tr").count() == 1
    assert page.evaluate("() => window.__pwned") is None
    assert not page.dialogs and not page.errors


def test_ten_thousand_traces_open_and_page_in_the_browser(page, many):
    import time

    with serving(many) as url:
        t0 = time.perf_counter()
        open_view(page, f"{url}/", "list")
        opened = time.perf_counter() - t0
        assert page.locator(".status .count").text_content() == "10000 traces"
        assert page.locator("table.list tbody tr").count() == 50  # one page in the DOM, not 10,000 rows
        steps = []
        for k in range(1, 4):
            t0 = time.perf_counter()
            page.locator("button", has_text="next").click()
            drawn(page, "list", f"offset={50 * k}")
            steps.append(time.perf_counter() - t0)
            assert page.locator("table.list tbody tr").first.get_attribute("data-line") == str(50 * k + 1)
        t0 = time.perf_counter()
        page.select_option("select[name=sort]", "-violations")
        drawn(page, "list", "sort=-violations")
        steps.append(time.perf_counter() - t0)
        print(f"\nbrowser, 10,000 traces: first page {opened:.2f} s, next pages and a sort {max(steps) * 1000:.0f} ms at most")
        assert max(steps) < 3.0
        assert not page.errors


def test_failed_target_turns_are_marked_never_clean(page, site):
    open_view(page, f"{site}/#/list?path=failed.jsonl", "list")
    assert page.locator("table.list tbody tr .chip.v-bad").text_content() == "target_failed"
    open_view(page, f"{site}/#/trace?path=failed.jsonl&line=1", "trace")
    marks = page.locator(".failure")
    assert [m.get_attribute("data-turn") for m in marks.all()] == ["0", "1"]
    assert "target_error" in marks.first.text_content()
    # turn 0's failure follows turn 0's last message, before the customer's next message
    assert marks.first.locator("xpath=..").locator(".msg").get_attribute("data-index") == "1"
    assert "target failed a turn" in page.locator(".thead").text_content()
    assert not page.errors


@pytest.mark.tiny_auditor
def test_training_curve_is_drawn_per_update(page, browser, run_root):
    with serving(run_root) as url:
        open_view(page, f"{url}/", "run")
        charts = page.locator(".chartbox")
        assert charts.count() == 4
        keys = [c.get_attribute("data-key") for c in charts.all()]
        assert keys == ["return_mean", "violation_yield", "coverage_so_far", "k_max"]
        for c in charts.all():
            assert c.locator("circle").count() == 2  # two updates
        page.locator("a", has_text="all training traces").click()
        drawn(page, "list", "path=traces")
        assert page.locator("table.list tbody tr").count() == 8
        assert not page.errors


def test_regression_verdicts_filter_and_open_the_cited_trace(page, tmp_path, played):
    """Records of another tool (a regression gate's verdicts.jsonl) filtered by verdict in the
    page; a record's trace_id opens that trace, scrolled to the cited message."""
    import json

    import viewer_data as data

    suite = tmp_path / "suite"
    suite.mkdir()
    hit = [t for t in played if t.violations][:6]
    data.write(suite / "discovery.jsonl", hit)
    with open(suite / "verdicts.jsonl", "w") as f:
        for i, t in enumerate(hit):
            f.write(json.dumps({"case": f"{t.id}-{t.violations[0].policy}", "outcome": "REGRESS" if i % 2 else "PASS",
                                "quarantined": False, "verdict": {"cand_pass": 5 - 4 * (i % 2), "cand_n": 5},
                                "provenance": {"trace_id": t.id, "message_index": t.violations[0].message_index}}) + "\n")
    with serving(suite) as url:
        open_view(page, f"{url}/#/records?path=verdicts.jsonl", "records")
        assert page.locator("table.records tbody tr.row").count() == 6
        page.select_option("select[name=verdict]", "REGRESS")
        drawn(page, "records", "verdict=REGRESS")
        rows = page.locator("table.records tbody tr.row")
        assert rows.count() == 3
        assert all("REGRESS" in r.text_content() for r in rows.all())
        rows.first.locator("button.ref").click()
        drawn(page, "trace", "path=discovery.jsonl")
        t = hit[1]
        assert page.locator("h1").first.text_content() == t.id
        focus = page.locator(".msg.focus")
        assert focus.count() == 1 and focus.get_attribute("data-index") == str(t.violations[0].message_index)
        assert not page.errors
