"""Byte-offset indexes of JSONL files: traces and generic typed records, paged on the server.

A file is read once, line by line as bytes; each complete line keeps its byte offset and length
and a small summary (the columns of the list, the values the filters use, and a lower-cased
search text). The page the browser asks for is then a filter over the summaries and a seek per
row shown; the full record is read from disk only when it is opened. A file that grows (a
training run still writing) is indexed from where the last scan stopped; one that shrinks or is
replaced is indexed again. A last line without its newline is not indexed yet (it may be half
written).

``TraceIndex`` holds trace files (``probe.core.trace``: version-2 and upgraded version-1 lines);
``RecordIndex`` holds any other JSONL (AdaT statements, tests and verdicts, regression cases and
verdicts): objects shown as flat columns, with a ``verdict`` read from the usual keys.
"""

from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable

from probe.core.policy import Violation
from probe.core.trace import UTF8_BOM, Trace, TraceFormatError, file_problem, parse_line, strip_bom

MAX_LIMIT = 500
SEARCH_CHARS = 200_000  # of each record's text kept for search (a pathological record is cut there)
BAD_SHOWN = 50


# --- what the domain adds: policy names and severities, the split of a seed ------------------------

@dataclass
class DomainInfo:
    name: str
    policies: dict[str, dict[str, Any]]
    train: range | None
    heldout: range | None
    domain: Any = None

    def split(self, seed: int) -> str | None:
        if self.heldout is not None and seed in self.heldout:
            return "heldout"
        if self.train is not None and seed in self.train:
            return "train"
        return None

    def scenario_text(self, scenario: dict[str, Any]) -> str | None:
        if self.domain is None:
            return None
        try:
            return str(self.domain.scenario_text(scenario))
        except Exception:  # noqa: BLE001 - a scenario the environment cannot describe: no public card
            return None


@lru_cache(maxsize=16)
def domain_info(env: str) -> DomainInfo:
    """Policies (name, severity, category) and seed ranges of a registered environment; an empty
    ``DomainInfo`` when ``env`` is not registered here (the trace still shows, without names)."""
    try:
        from probe.core.registry import get_domain  # noqa: PLC0415

        d = get_domain(env)
    except Exception:  # noqa: BLE001 - unknown or broken environment: show the trace without names
        return DomainInfo(env, {}, None, None)
    pols = {p.id: {"id": p.id, "name": p.text, "severity": p.severity, "severity_name": p.severity_name,
                   "category": p.category} for p in d.policies}
    return DomainInfo(env, pols, d.train_seeds, d.heldout_seeds, d)


# --- rows --------------------------------------------------------------------------------------------

@dataclass
class Row:
    file: int
    line: int
    offset: int
    length: int
    summary: dict[str, Any]
    text: str


@dataclass
class BadRow:
    file: int
    line: int
    error: str


def _trace_text(t: Trace) -> str:
    parts = [t.id]
    for m in t.messages:
        c = m.get("content")
        if isinstance(c, str):
            parts.append(c)
        for tc in m.get("tool_calls") or []:
            fn = tc.get("function") or {}
            parts.append(str(fn.get("name")))
            a = fn.get("arguments")
            parts.append(a if isinstance(a, str) else json.dumps(a))
    parts += [v.evidence for v in t.violations]
    return "\n".join(parts).lower()[:SEARCH_CHARS]


def trace_method(t: Trace) -> str:
    """What produced the trace, for the method filter: the eval method, else the training run,
    else the script, else the source."""
    m = t.meta
    return str(m.method or m.run or m.script or m.source or "unknown")


def trace_verdict(t: Trace) -> str:
    """A writer's own verdict (``meta.extra.verdict``, e.g. an AdaT or regression execution) when
    there is one; otherwise ``target_failed`` when a target turn failed (never a clean result),
    ``violation`` when a verifier fired, else ``clean``."""
    v = t.meta.extra.get("verdict") if isinstance(t.meta.extra, dict) else None
    if isinstance(v, str) and v:
        return v
    if t.meta.target_failed:
        return "target_failed"
    return "violation" if t.violations else "clean"


RESCORE_CACHE = 4096  # re-scored dialogues kept (by a hash of env, seed, scenario and messages)
_RESCORED: dict[str, tuple[list[Violation] | None, str | None]] = {}


def rescore(t: Trace) -> dict[str, Any]:
    """Re-score ``t`` from its messages as ``probe verify`` does (DESIGN section 4: the stored field is
    not trusted): ``t.violations`` become the re-scored ones. Returns what the page shows beside
    them: ``rescored`` (False when the trace cannot be scored: its stored violations are kept and
    ``rescore_error`` says why), ``stored_violations`` (None: the line had no violations field),
    ``stored_differs`` and ``difference`` ('stored S5, re-scored none')."""
    from probe.verify.rescore import Unscorable, describe_difference, same_violations, verify_trace  # noqa: PLC0415

    stored = list(t.violations) if t.violations_recorded else None
    out: dict[str, Any] = {"rescored": False, "rescore_error": None,
                           "stored_violations": [v.to_json() for v in stored] if stored is not None else None,
                           "stored_differs": False, "difference": ""}
    key = hashlib.sha256(json.dumps([t.env, t.seed, t.scenario, t.messages], sort_keys=True, default=str)
                         .encode()).hexdigest()
    if key not in _RESCORED:  # copies of one dialogue (forks, re-appended episodes) are scored once
        try:
            _RESCORED[key] = (verify_trace(t)[0], None)
        except Unscorable as e:
            _RESCORED[key] = (None, str(e))
        while len(_RESCORED) > RESCORE_CACHE:
            _RESCORED.pop(next(iter(_RESCORED)))
    found, error = _RESCORED[key]
    if found is None:
        out["rescore_error"] = error
        return out
    rescored = [Violation(v.message_index, v.policy, v.evidence) for v in found]
    t.violations = rescored
    out["rescored"] = True
    if stored is not None and not same_violations(stored, rescored):
        out["stored_differs"] = True
        out["difference"] = describe_difference(stored, rescored)
    return out


def trace_summary(t: Trace, rescored: dict[str, Any] | None = None) -> dict[str, Any]:
    """The list row of a trace; ``rescored`` (``rescore``) marks a stored verdict that differs."""
    info = domain_info(t.env)
    family = t.scenario.get("family") if isinstance(t.scenario.get("family"), str) else (t.meta.family or "")
    split = t.scenario.get("split") if isinstance(t.scenario.get("split"), str) else info.split(t.seed)
    wr = t.meta.window_rewards
    reward = round(float(sum(wr)), 4) if wr else None
    policies = sorted({v.policy for v in t.violations})
    severity = sum(info.policies.get(v.policy, {}).get("severity", 0.0) for v in t.violations)
    ro = t.meta.rollout or {}
    return {
        "id": t.id, "env": t.env, "seed": t.seed, "family": family or "", "split": split or "unknown",
        "method": trace_method(t), "source": t.meta.source or "unknown",
        "messages": len(t.messages), "turns": t.meta.turns, "violations": len(t.violations),
        "policies": policies, "severity": severity, "reward": reward, "verdict": trace_verdict(t),
        "target_kind": str(t.target.get("kind", "")), "failed_turns": len(t.meta.failed_turns),
        "sample": t.meta.sample, "update": ro.get("update") if isinstance(ro, dict) else None,
        "first_user": next((str(m.get("content"))[:160] for m in t.messages if m.get("role") == "user"), ""),
        "rescored": bool(rescored and rescored["rescored"]),
        "stored_differs": bool(rescored and rescored["stored_differs"]),
        "stored_policies": (sorted({v["policy"] for v in rescored["stored_violations"]})
                            if rescored and rescored["stored_violations"] is not None else None),
    }


def _flat(obj: Any, prefix: str = "", depth: int = 0, out: dict[str, Any] | None = None) -> dict[str, Any]:
    """A record as flat columns: nested mappings become dotted keys (three levels deep, e.g.
    ``layers.live.verdict``); lists of scalars are joined; anything deeper is summarised."""
    out = {} if out is None else out
    if isinstance(obj, dict) and obj and depth < 3:
        for k, v in obj.items():
            _flat(v, f"{prefix}.{k}" if prefix else str(k), depth + 1, out)
        return out
    if isinstance(obj, str):
        out[prefix] = obj[:300]
    elif isinstance(obj, (int, float, bool)) or obj is None:
        out[prefix] = obj
    elif isinstance(obj, list) and all(isinstance(x, (str, int, float, bool)) for x in obj):
        out[prefix] = ", ".join(map(str, obj))[:300]
    elif isinstance(obj, list):
        out[prefix] = f"[{len(obj)} items]"
    else:
        out[prefix] = "{...}"
    return out


VERDICT_KEYS = ("verdict", "outcome", "label", "status", "result", "decision")


def record_verdict(obj: dict[str, Any]) -> str | None:
    """The record's verdict: the first of ``VERDICT_KEYS`` holding a string (or a boolean), else
    the ``label``/``verdict``/``status``/``outcome`` inside the first of them holding a mapping;
    None if none."""
    for k in VERDICT_KEYS:
        v = obj.get(k)
        if isinstance(v, str) and v:
            return v
        if isinstance(v, bool):
            return str(v).lower()
    for k in VERDICT_KEYS:
        v = obj.get(k)
        if isinstance(v, dict):
            inner = next((v[x] for x in ("label", "verdict", "status", "outcome", "value") if isinstance(v.get(x), str)), None)
            if inner:
                return inner
    return None


def trace_refs(obj: Any, depth: int = 0, out: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """``{"id", "message_index"}`` of every ``trace_id`` the record names (AdaT evidence and
    verdicts, regression provenance), at most 10, so the page can open the trace at that message."""
    out = [] if out is None else out
    if len(out) >= 10 or depth > 4:
        return out
    if isinstance(obj, dict):
        tid = obj.get("trace_id")
        if isinstance(tid, str) and tid and not any(r["id"] == tid and r["message_index"] == obj.get("message_index") for r in out):
            mi = obj.get("message_index")
            out.append({"id": tid, "message_index": mi if isinstance(mi, int) and not isinstance(mi, bool) else None})
        for v in obj.values():
            if isinstance(v, (dict, list)):
                trace_refs(v, depth + 1, out)
    elif isinstance(obj, list):
        for v in obj[:100]:
            trace_refs(v, depth + 1, out)
    return out


def embedded_traces(obj: dict[str, Any]) -> list[str]:
    """Keys of ``obj`` holding a trace-like object (a mapping with a ``messages`` list), as
    ``key`` or ``key.N`` for a list of them; ``""`` when the record itself is trace-like."""
    keys = [""] if isinstance(obj.get("messages"), list) else []
    for k, v in obj.items():
        if isinstance(v, dict) and isinstance(v.get("messages"), list):
            keys.append(str(k))
        elif isinstance(v, list):
            keys += [f"{k}.{i}" for i, x in enumerate(v[:50]) if isinstance(x, dict) and isinstance(x.get("messages"), list)]
    return keys


def record_summary(obj: Any) -> dict[str, Any]:
    if not isinstance(obj, dict):
        return {"fields": {"value": str(obj)[:300]}, "verdict": None, "traces": [], "refs": []}
    return {"fields": _flat(obj), "verdict": record_verdict(obj), "traces": embedded_traces(obj), "refs": trace_refs(obj)}


# --- the index ---------------------------------------------------------------------------------------

@dataclass
class _FileState:
    path: Path
    size: int = 0
    mtime_ns: int = 0
    end: int = 0  # byte offset just after the last complete line indexed
    line: int = 0  # lines seen so far (1-based numbering of the next is line + 1)
    rows: list[Row] = field(default_factory=list)
    bad: list[BadRow] = field(default_factory=list)


class _Index:
    """Shared machinery: per-file scans, refresh on growth, merged rows, facets."""

    kind = "records"

    def __init__(self, files: Iterable[Path], rels: Iterable[str]):
        self.files = [_FileState(Path(p)) for p in files]
        self.rels = list(rels)
        self.lock = threading.Lock()
        self.rows: list[Row] = []
        self.facets: dict[str, dict[str, int]] = {}

    def _parse(self, raw: bytes) -> tuple[dict[str, Any], str]:  # pragma: no cover - abstract
        raise NotImplementedError

    def set_files(self, files: Iterable[Path], rels: Iterable[str]) -> None:
        """Follow a folder whose files changed (a run writing ``traces/update-<n>.jsonl``): files
        already indexed keep their index, new ones are added, vanished ones dropped."""
        files, rels = [Path(p) for p in files], list(rels)
        if files == [st.path for st in self.files]:
            return
        with self.lock:
            known = {st.path: st for st in self.files}
            self.files = [known.get(p) or _FileState(p) for p in files]
            for k, st in enumerate(self.files):  # rows carry their file's position
                for r in st.rows:
                    r.file = k
                for b in st.bad:
                    b.file = k
            self.rels = rels
            self.facets = {}  # rebuilt by the next refresh

    def _scan(self, k: int, st: _FileState) -> None:
        if st.path.suffix.lower() == ".json":  # a folder of JSON files (regression cases): one record each
            raw = st.path.read_bytes()
            st.line, st.end = 1, len(raw)
            try:
                summary, text = self._parse(raw)
                st.rows.append(Row(k, 1, 0, len(raw), summary, text))
            except (TraceFormatError, ValueError) as e:
                st.bad.append(BadRow(k, 1, str(e)))
            return
        with open(st.path, "rb") as f:
            if st.end == 0:
                problem = file_problem(f.read(2))
                if problem is not None:  # one line saying so, not one "not UTF-8" per byte run
                    st.bad.append(BadRow(k, 1, problem))
                    st.line, st.end = 1, st.path.stat().st_size
                    return
            f.seek(st.end)
            offset = st.end
            for raw in f:
                if not raw.endswith(b"\n"):
                    break  # a line still being written
                st.line += 1
                n = len(raw)
                if offset == 0 and raw.startswith(UTF8_BOM):  # a BOM opening the file is not content
                    raw, offset, n = raw[len(UTF8_BOM):], len(UTF8_BOM), n - len(UTF8_BOM)
                body = raw.rstrip(b"\r\n")
                if body.strip():
                    try:
                        summary, text = self._parse(body)
                        st.rows.append(Row(k, st.line, offset, len(body), summary, text))
                    except (TraceFormatError, ValueError) as e:
                        st.bad.append(BadRow(k, st.line, str(e)))
                offset += n
            st.end = offset

    def refresh(self) -> None:
        """Index what is new since the last call (a file that shrank or was replaced: again)."""
        with self.lock:
            changed = False
            for k, st in enumerate(self.files):
                try:
                    s = st.path.stat()
                except OSError:
                    if st.rows or st.bad:
                        self.files[k] = _FileState(st.path)
                        changed = True
                    continue
                if s.st_size == st.size and s.st_mtime_ns == st.mtime_ns:
                    continue
                if s.st_size < st.end or (s.st_size == st.size and s.st_mtime_ns != st.mtime_ns) \
                        or (st.path.suffix.lower() == ".json" and st.line):
                    st = self.files[k] = _FileState(st.path)
                self._scan(k, st)
                st.size, st.mtime_ns = s.st_size, s.st_mtime_ns
                changed = True
            if changed or not self.facets:
                self.rows = [r for st in self.files for r in st.rows]
                self.facets = self._facets()

    def _facets(self) -> dict[str, dict[str, int]]:  # pragma: no cover - abstract
        return {}

    def bad_lines(self) -> list[dict[str, Any]]:
        out = [{"file": self.rels[b.file], "line": b.line, "error": b.error} for st in self.files for b in st.bad]
        return out

    def read(self, row: Row) -> bytes:
        with open(self.files[row.file].path, "rb") as f:
            f.seek(row.offset)
            return f.read(row.length)

    def find(self, rel: str | None, line: int) -> Row | None:
        for r in self.rows:
            if r.line == line and (rel is None or self.rels[r.file] == rel):
                return r
        return None

    def page(self, pred: Callable[[Row], bool], key: Callable[[Row], Any] | None, reverse: bool,
             offset: int, limit: int) -> tuple[int, list[Row]]:
        rows = [r for r in self.rows if pred(r)]
        if key is not None:
            rows.sort(key=key, reverse=reverse)
        limit = max(1, min(MAX_LIMIT, limit))
        offset = max(0, offset)
        return len(rows), rows[offset:offset + limit]


def _count(values: Iterable[Any]) -> dict[str, int]:
    out: dict[str, int] = {}
    for v in values:
        if v is None or v == "":
            continue
        out[str(v)] = out.get(str(v), 0) + 1
    return dict(sorted(out.items()))


TRACE_FILTERS = ("policy", "method", "family", "split", "verdict", "source", "env")
TRACE_SORTS = ("line", "reward", "-reward", "violations", "-violations", "severity", "-severity", "seed", "-seed")


class TraceIndex(_Index):
    kind = "traces"

    def _parse(self, raw: bytes) -> tuple[dict[str, Any], str]:
        # The index reads with the C JSON parser and the trace checks (``Trace.from_json``: record
        # shape, typed meta, version-1 upgrade); ``parse_line``'s stricter reading (duplicate keys,
        # nesting depth, non-standard constants) runs when a trace is opened, and when this fast
        # path fails, so that a bad line is reported with parse_line's reason.
        try:
            obj = json.loads(raw)
        except (ValueError, RecursionError):
            parse_line(raw)  # raises TraceFormatError with the precise reason
            raise TraceFormatError("not a trace line") from None
        t = Trace.from_json(obj)
        return trace_summary(t, rescore(t)), _trace_text(t)

    def _facets(self) -> dict[str, dict[str, int]]:
        s = [r.summary for r in self.rows]
        return {"policy": _count(p for x in s for p in x["policies"]), "method": _count(x["method"] for x in s),
                "family": _count(x["family"] for x in s), "split": _count(x["split"] for x in s),
                "verdict": _count(x["verdict"] for x in s), "source": _count(x["source"] for x in s),
                "env": _count(x["env"] for x in s)}

    def query(self, filters: dict[str, str], q: str = "", sort: str = "line", offset: int = 0,
              limit: int = 50) -> tuple[int, list[Row]]:
        """Rows matching every filter (``policy``: the trace hit it, ``none``: no violation) and the
        search text (case-insensitive substring of the id, any message, tool call or evidence),
        sorted (``reward``/``violations``/``severity``/``seed``, '-' for descending; traces
        without a reward last), one page."""
        if sort not in TRACE_SORTS:
            raise ValueError(f"unknown sort {sort!r}; allowed: {', '.join(TRACE_SORTS)}")
        unknown = [k for k in filters if k not in TRACE_FILTERS]
        if unknown:
            raise ValueError(f"unknown filter {unknown[0]!r}; allowed: {', '.join(TRACE_FILTERS)}")
        want = {k: v for k, v in filters.items() if v}
        needle = q.strip().lower()

        def pred(r: Row) -> bool:
            s = r.summary
            for k, v in want.items():
                if k == "policy":
                    if (v == "none" and s["policies"]) or (v != "none" and v not in s["policies"]):
                        return False
                elif str(s.get(k)) != v:
                    return False
            return not needle or needle in r.text

        key = None
        desc = sort.startswith("-")
        name = sort.lstrip("-")
        if name != "line":
            def key(r: Row) -> Any:
                v = r.summary[name]
                # missing values last in either direction
                return (v is not None, v if v is not None else 0) if desc else (v is None, v if v is not None else 0)
        return self.page(pred, key, desc, offset, limit)

    def load(self, row: Row) -> Trace:
        return parse_line(self.read(row))


class RecordIndex(_Index):
    kind = "records"

    def _parse(self, raw: bytes) -> tuple[dict[str, Any], str]:
        try:
            text = raw.decode("utf-8")
            obj = json.loads(text)
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
            raise ValueError(f"not a JSON line ({type(e).__name__})") from None
        return record_summary(obj), text.lower()[:SEARCH_CHARS]

    def _facets(self) -> dict[str, dict[str, int]]:
        return {"verdict": _count(r.summary.get("verdict") for r in self.rows)}

    def columns(self, limit: int = 14) -> list[str]:
        cols: list[str] = []
        for r in self.rows[:500]:
            for k in r.summary.get("fields", {"value": None}):
                if k not in cols:
                    cols.append(k)
        return cols[:limit]

    def query(self, verdict: str = "", q: str = "", sort: str = "", offset: int = 0,
              limit: int = 50) -> tuple[int, list[Row]]:
        """Rows with the verdict (when given) containing the search text, sorted by a column
        (``sort``: a column name, '-' for descending; rows without it last), one page."""
        needle = q.strip().lower()

        def pred(r: Row) -> bool:
            if verdict and str(r.summary.get("verdict")) != verdict:
                return False
            return not needle or needle in r.text

        name = sort.lstrip("-")
        if not name:
            return self.page(pred, None, False, offset, limit)

        def value(r: Row) -> Any:
            return r.summary.get("fields", {}).get(name)

        def key(r: Row) -> tuple[int, float, str]:
            v = value(r)
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                return (0, float(v), "")
            return (1, 0.0, str(v))

        rows = [r for r in self.rows if pred(r)]
        present = sorted((r for r in rows if value(r) is not None), key=key, reverse=sort.startswith("-"))
        rows = present + [r for r in rows if value(r) is None]  # rows without the column last
        limit = max(1, min(MAX_LIMIT, limit))
        return len(rows), rows[max(0, offset):max(0, offset) + limit]

    def load(self, row: Row) -> Any:
        return json.loads(self.read(row).decode("utf-8"))


def sniff(path: Path, lines: int = 20) -> str:
    """'traces' when the first valid line of a JSONL file (a JSON object, among the first ``lines``
    non-blank ones) is a trace, or a trace record that fails its checks (it has ``messages``: it
    is then listed as a bad line of the trace file); 'records' when it is another object or no
    line is one; 'empty' for a file without lines. Lines that are not JSON objects (garbage, a
    truncated line, an array) do not decide, so one bad first line does not turn a trace file
    into records."""
    total = 0
    try:
        with open(path, "rb") as f:
            if file_problem(f.read(2)) is not None:
                return "traces"  # listed as one bad line saying why
            f.seek(0)
            for n, raw in enumerate(f, start=1):
                raw = strip_bom(raw, n)
                if not raw.strip():
                    continue
                total += 1
                body = raw.rstrip(b"\r\n")
                try:
                    parse_line(body)
                    return "traces"
                except TraceFormatError:
                    pass
                try:
                    obj = json.loads(body)
                except (ValueError, RecursionError):
                    obj = None
                if isinstance(obj, dict):
                    return "traces" if "messages" in obj and ("env" in obj or "scenario" in obj) else "records"
                if total >= lines:
                    break
    except OSError:
        return "unreadable"
    return "empty" if total == 0 else "records"


__all__ = ["TraceIndex", "RecordIndex", "Row", "BadRow", "domain_info", "sniff", "trace_summary", "rescore", "record_verdict", "trace_refs",
           "embedded_traces", "TRACE_FILTERS", "TRACE_SORTS", "MAX_LIMIT"]
