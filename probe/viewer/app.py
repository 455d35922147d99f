"""The viewer's web app (Starlette): a JSON API over the opened root and the static page.

Every route takes paths relative to the opened root (``probe.viewer.paths.Root``); a path outside
it is answered 403 with one line. The page (``static/``) is plain HTML, JS and CSS served by the
package (no build step, nothing fetched from elsewhere) and renders everything a model wrote as
text: the API returns data, never markup. Every response carries a Content-Security-Policy that
allows scripts from this server only, so a ``<script>`` that did slip into the page would not run.

API (all GET, JSON unless said otherwise):

- ``/api/info``: kind of what was opened, its files (type, size), eval and run directories.
- ``/api/traces?path=P``: one page of a trace list (a file, or a folder of trace files);
  filters ``policy method family split verdict source env``, ``q`` (text search), ``sort``
  (``reward``, ``violations``, ``severity``, ``seed``; ``-`` descending), ``offset``, ``limit``.
- ``/api/trace?path=P&file=F&line=N``: one trace (v1 upgraded), with its policies' names and
  severities and the public scenario card; ``key=K`` reads a trace embedded in a record.
- ``/api/seeds?a=P&b=Q`` and ``/api/compare?a=P&b=Q&seed=S``: two methods on the same seed.
- ``/api/records?path=P`` and ``/api/record?path=P&line=N``: any other JSONL (AdaT, regression),
  a JSON file, or a folder of JSON files (regression cases); filter ``verdict``, ``q``, ``sort``.
- ``/api/locate?path=P&id=T``: the trace a record's ``trace_id`` names, among the trace files
  beside ``P``.
- ``/api/eval?path=D``, ``/api/run?path=D``: an eval directory, a training run.
- ``/api/raw?path=P``: a listed file (images as images; text always as text/plain, sandboxed).
- ``/api/schema/trace``: the trace JSON Schema (``probe schema trace``).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Callable

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from probe.core.trace import Trace, TraceFormatError, parse_line, trace_json_schema
from probe.viewer.index import RecordIndex, Row, TraceIndex, domain_info, rescore
from probe.viewer.paths import PathMissing, PathRefused, Root
from probe.viewer.sources import IMAGES, TEXT, eval_info, file_type, overview, run_info, trace_files

STATIC = Path(__file__).parent / "static"
RAW_LIMIT = 20 * 1024 * 1024
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
RAW_CSP = "default-src 'none'; sandbox"
LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "::1", "[::1]"]


class BadRequest(ValueError):
    """A request parameter that is not allowed; 400 with one line."""


def _int(request: Request, name: str, default: int | None = None) -> int:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        if default is None:
            raise BadRequest(f"missing parameter {name!r}")
        return default
    try:
        return int(raw)
    except ValueError:
        raise BadRequest(f"parameter {name!r} must be an integer, got {raw[:40]!r}") from None


class Viewer:
    """The state behind the routes: the root and the indexes built so far (one per list path)."""

    def __init__(self, root: Root):
        self.root = root
        self.indexes: dict[tuple[str, str], TraceIndex | RecordIndex] = {}

    def _index(self, kind: str, where: Path, files: list[Path]) -> TraceIndex | RecordIndex:
        """The index of a list path ``where`` (one per path: a folder's index follows its files)."""
        rels = [self.root.rel(f) for f in files]
        key = (kind, self.root.rel(where))
        idx = self.indexes.get(key)
        if idx is None:
            cls = TraceIndex if kind == "traces" else RecordIndex
            idx = self.indexes[key] = cls(files, rels)
        else:
            idx.set_files(files, rels)
        idx.refresh()
        return idx

    def trace_index(self, rel: str) -> TraceIndex:
        files = trace_files(self.root, rel)
        if not files:
            where = self.root.resolve(rel)
            partial = where / "traces.jsonl.partial" if where.is_dir() else None
            if partial is not None and partial.is_file():  # a suite run that has not ended
                raise BadRequest(f"{rel or self.root.name} holds no finished trace file, only an incomplete suite "
                                 f"run ({partial.name}: interrupted, stopped, or still running); open that file "
                                 "itself to view its episodes")
            raise BadRequest(f"{rel or self.root.name} holds no trace file (a JSONL of probe traces)")
        idx = self._index("traces", self.root.resolve(rel), files)
        assert isinstance(idx, TraceIndex)
        return idx

    def record_index(self, rel: str) -> RecordIndex:
        """A JSONL file (a record per line), a JSON file, or a folder of JSON files (a record each,
        e.g. a regression suite's ``cases/``)."""
        p = self.root.resolve(rel)
        if p.is_dir():
            files = [self.root.resolve(self.root.rel(f), want="file") for f in sorted(p.glob("*.json"))]
            files = [f for f in files if f.is_file()]
            if not files:
                raise BadRequest(f"{rel or self.root.name} holds no .json files")
        elif p.suffix.lower() in (".jsonl", ".json"):
            files = [p]
        else:
            raise BadRequest(f"{rel} is not a .jsonl or .json file")
        idx = self._index("records", p, files)
        assert isinstance(idx, RecordIndex)
        return idx

    def row(self, idx: TraceIndex | RecordIndex, request: Request) -> Row:
        line = _int(request, "line")
        rel = request.query_params.get("file") or None
        if rel is not None:
            self.root.resolve(rel, want="file")  # refused like any other path
        r = idx.find(rel, line)
        if r is None:
            raise LookupError(f"no record at line {line}" + (f" of {rel}" if rel else ""))
        return r


# --- payloads ------------------------------------------------------------------------------------

def trace_payload(trace: Trace, version: int, where: dict[str, Any]) -> dict[str, Any]:
    """One trace for the page, re-scored on load (``rescore``): ``trace.violations`` are the
    re-scored ones; ``rescore`` holds the stored ones and whether they differ."""
    checked = rescore(trace)
    info = domain_info(trace.env)
    used = sorted({v.policy for v in trace.violations} | {v["policy"] for v in checked["stored_violations"] or []})
    return {**where, "trace": trace.to_json(), "read_version": version, "rescore": checked,
            "policies": {p: info.policies.get(p, {"id": p, "name": None, "severity": None, "severity_name": None})
                         for p in used},
            "public_card": info.scenario_text(trace.scenario), "env_known": bool(info.policies),
            "split": trace.scenario.get("split") if isinstance(trace.scenario.get("split"), str) else info.split(trace.seed)}


def _version(raw: bytes) -> int:
    try:
        v = json.loads(raw).get("schema_version", 1)
        return v if isinstance(v, int) else 1
    except (ValueError, AttributeError):
        return 1


def _row_json(idx: TraceIndex | RecordIndex, r: Row) -> dict[str, Any]:
    return {"file": idx.rels[r.file], "line": r.line, **r.summary}


class SecurityHeaders:
    """ASGI middleware: the page's Content-Security-Policy (unless a route set its own), nosniff,
    no referrer, no caching, on every response."""

    HEADERS = ((b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
               (b"referrer-policy", b"no-referrer"), (b"cache-control", b"no-store"))

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                have = {k.lower() for k, _ in headers}
                headers += [(k, v) for k, v in self.HEADERS if k not in have]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": " ".join(message.split())}, status_code=status)


def create_app(path: str | Path, *, allowed_hosts: list[str] | None = None) -> Starlette:
    """The viewer app over ``path`` (a file or a directory). ``allowed_hosts``: the Host headers
    accepted (``probe view`` passes the loopback names when bound to loopback, which keeps a web
    page elsewhere from reading the API through DNS rebinding); None accepts any."""
    viewer = Viewer(Root(path))
    root = viewer.root

    def api(fn: Callable[[Request], Any]) -> Callable[[Request], Any]:
        def endpoint(request: Request) -> Response:
            try:
                out = fn(request)
            except PathMissing as e:
                return _error(404, str(e))
            except PathRefused as e:
                return _error(403, str(e))
            except LookupError as e:
                return _error(404, str(e.args[0]) if e.args else "not found")
            except (BadRequest, TraceFormatError, ValueError) as e:
                return _error(400, str(e))
            except OSError as e:
                return _error(500, f"cannot read: {e.strerror or e}")
            return out if isinstance(out, Response) else JSONResponse(out)
        return endpoint

    def info(request: Request) -> Any:
        return overview(root)

    def traces(request: Request) -> Any:
        t0 = time.perf_counter()
        rel = request.query_params.get("path", "")
        idx = viewer.trace_index(rel)
        built = time.perf_counter() - t0
        qp = request.query_params
        filters = {k: qp[k] for k in ("policy", "method", "family", "split", "verdict", "source", "env") if qp.get(k)}
        total, rows = idx.query(filters, qp.get("q", ""), qp.get("sort") or "line", _int(request, "offset", 0),
                                _int(request, "limit", 50))
        bad = idx.bad_lines()
        return {"path": rel, "total": total, "count": len(idx.rows), "offset": _int(request, "offset", 0),
                "rows": [_row_json(idx, r) for r in rows], "facets": idx.facets,
                "bad_lines": len(bad), "bad": bad[:50], "files": idx.rels,
                "index_ms": round(1000 * built, 1), "ms": round(1000 * (time.perf_counter() - t0), 1)}

    def trace(request: Request) -> Any:
        qp = request.query_params
        rel = qp.get("path", "")
        key = qp.get("key")
        if key is not None:  # a trace embedded in a record (AdaT tests, regression cases)
            ridx = viewer.record_index(rel)
            r = viewer.row(ridx, request)
            obj = ridx.load(r)
            for part in [x for x in key.split(".") if x] if key else []:
                obj = obj[int(part)] if isinstance(obj, list) and part.isdigit() else (obj.get(part) if isinstance(obj, dict) else None)
            if not isinstance(obj, dict):
                raise LookupError(f"no trace under key {key!r} at line {r.line}")
            return trace_payload(Trace.from_json(obj), int(obj.get("schema_version", 1) or 1),
                                 {"file": ridx.rels[r.file], "line": r.line, "key": key})
        idx = viewer.trace_index(rel)
        r = viewer.row(idx, request)
        raw = idx.read(r)
        return trace_payload(parse_line(raw), _version(raw), {**_row_json(idx, r)})

    def _by_seed(idx: TraceIndex) -> dict[int, Row]:
        out: dict[int, Row] = {}
        for r in idx.rows:
            out.setdefault(r.summary["seed"], r)
        return out

    def seeds(request: Request) -> Any:
        a = viewer.trace_index(request.query_params.get("a", ""))
        b = viewer.trace_index(request.query_params.get("b", ""))
        sa, sb = _by_seed(a), _by_seed(b)
        common = sorted(set(sa) & set(sb))
        return {"seeds": [{"seed": s, "family": sa[s].summary["family"], "split": sa[s].summary["split"],
                           "a": sa[s].summary["policies"], "b": sb[s].summary["policies"]} for s in common]}

    def compare(request: Request) -> Any:
        seed = _int(request, "seed")
        out = {}
        for side in ("a", "b"):
            idx = viewer.trace_index(request.query_params.get(side, ""))
            r = _by_seed(idx).get(seed)
            if r is None:
                raise LookupError(f"no trace with seed {seed} in {request.query_params.get(side, '')}")
            raw = idx.read(r)
            out[side] = trace_payload(parse_line(raw), _version(raw), _row_json(idx, r))
        return out

    def records(request: Request) -> Any:
        qp = request.query_params
        rel = qp.get("path", "")
        idx = viewer.record_index(rel)
        total, rows = idx.query(qp.get("verdict", ""), qp.get("q", ""), qp.get("sort", ""),
                                _int(request, "offset", 0), _int(request, "limit", 50))
        bad = idx.bad_lines()
        return {"path": rel, "total": total, "count": len(idx.rows), "columns": idx.columns(), "files": idx.rels,
                "rows": [{"file": idx.rels[r.file], "line": r.line, **r.summary} for r in rows],
                "facets": idx.facets, "bad_lines": len(bad), "bad": bad[:50]}

    def record(request: Request) -> Any:
        idx = viewer.record_index(request.query_params.get("path", ""))
        r = viewer.row(idx, request)
        return {"file": idx.rels[r.file], "line": r.line, "record": idx.load(r), "traces": r.summary.get("traces", [])}

    def locate(request: Request) -> Any:
        """The trace with ``id`` among the trace files beside ``path`` (its folder and the folder
        above): where a record's ``trace_id`` points."""
        tid = request.query_params.get("id", "")
        if not tid:
            raise BadRequest("missing parameter 'id'")
        p = root.resolve(request.query_params.get("path", ""))
        here = p if p.is_dir() else p.parent
        for d in (here, here.parent):
            if d != root.base and root.base not in d.parents:
                continue
            for f in sorted(d.glob("*.jsonl")):
                try:
                    real = root.resolve(root.rel(f), want="file")
                except PathRefused:
                    continue
                if file_type(real) != "traces":
                    continue
                idx = viewer.trace_index(root.rel(real))
                for r in idx.rows:
                    if r.summary["id"] == tid:
                        return {"path": root.rel(real), "line": r.line}
        raise LookupError(f"no trace with id {tid!r} in the trace files beside {request.query_params.get('path', '')}")

    def evaluation(request: Request) -> Any:
        return eval_info(root, request.query_params.get("path", ""))

    def run(request: Request) -> Any:
        return run_info(root, request.query_params.get("path", ""))

    def raw(request: Request) -> Any:
        p = root.resolve(request.query_params.get("path", ""), want="file")
        ext = p.suffix.lower()
        headers = {"Content-Security-Policy": RAW_CSP, "X-Content-Type-Options": "nosniff"}
        if ext in IMAGES:
            return FileResponse(p, media_type=IMAGES[ext], headers=headers)
        if ext not in TEXT:
            raise BadRequest(f"{p.name}: only {', '.join(sorted(TEXT | set(IMAGES)))} files are served")
        size = p.stat().st_size
        with open(p, "rb") as f:
            data = f.read(RAW_LIMIT)
        headers["X-Truncated"] = "1" if size > RAW_LIMIT else "0"
        return Response(data, media_type="text/plain; charset=utf-8", headers=headers)

    def schema(request: Request) -> Any:
        return trace_json_schema()

    def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8")

    routes = [
        Route("/", page),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Route("/api/info", api(info)),
        Route("/api/traces", api(traces)),
        Route("/api/trace", api(trace)),
        Route("/api/seeds", api(seeds)),
        Route("/api/compare", api(compare)),
        Route("/api/records", api(records)),
        Route("/api/record", api(record)),
        Route("/api/locate", api(locate)),
        Route("/api/eval", api(evaluation)),
        Route("/api/run", api(run)),
        Route("/api/raw", api(raw)),
        Route("/api/schema/trace", api(schema)),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(SecurityHeaders)]
    if allowed_hosts:
        middleware.insert(0, Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts))
    app = Starlette(routes=routes, middleware=middleware)
    app.state.viewer = viewer
    return app


__all__ = ["create_app", "LOOPBACK_HOSTS", "CSP", "file_type"]
