// probe view: a single page over the JSON API of probe/viewer/app.py.
//
// Safety rule of this file: everything that comes from the server (what a model, a customer, a
// tool or a file wrote) reaches the page through textContent, text nodes or setAttribute on
// non-URL attributes. Nothing is assigned to innerHTML/outerHTML, nothing is passed to
// insertAdjacentHTML, document.write or eval, and the only URLs built are "#/..." routes and
// "/api/raw?path=..." with encodeURIComponent'd values.
"use strict";

const app = document.getElementById("app");
const PAGE = 50;

// --- DOM helpers ---------------------------------------------------------------------------------

function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = String(v);
    else if (k === "dataset") for (const [dk, dv] of Object.entries(v)) el.dataset[dk] = String(dv);
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "href") el.setAttribute("href", safeHref(v));
    else if (k === "src") el.setAttribute("src", safeHref(v));
    else el.setAttribute(k, String(v));
  }
  add(el, children);
  return el;
}

function add(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.appendChild(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

function safeHref(v) {
  const s = String(v);
  return s.startsWith("#/") || s.startsWith("/api/raw?") ? s : "#/";
}

function route(view, params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params || {})) if (v !== null && v !== undefined && v !== "") q.set(k, v);
  const qs = q.toString();
  return "#/" + view + (qs ? "?" + qs : "");
}

function raw(path) { return "/api/raw?path=" + encodeURIComponent(path); }

function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); return el; }

async function api(name, params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params || {})) if (v !== null && v !== undefined && v !== "") q.set(k, v);
  const r = await fetch("/api/" + name + "?" + q.toString());
  let body = null;
  try { body = await r.json(); } catch (e) { body = null; }
  if (!r.ok) throw new Error((body && body.error) || ("HTTP " + r.status));
  return body;
}

function errorBox(e) { return h("div", { class: "error", role: "alert" }, "error: " + (e && e.message ? e.message : e)); }

function pretty(text) {
  // JSON text pretty-printed (as text); anything else as it is
  if (typeof text !== "string") return JSON.stringify(text, null, 2);
  const t = text.trim();
  if (t.startsWith("{") || t.startsWith("[")) {
    try { return JSON.stringify(JSON.parse(t), null, 2); } catch (e) { /* not JSON */ }
  }
  return text;
}

function short(text, n) {
  const s = String(text === null || text === undefined ? "" : text).replace(/\s+/g, " ").trim();
  return s.length > n ? s.slice(0, n - 1) + "…" : s;
}

function chip(text, cls) { return h("span", { class: "chip " + (cls || "") }, text); }

function sevClass(name) { return "sev-" + String(name || "unknown").replace(/[^a-z]/g, ""); }

function verdictClass(v) {
  const s = String(v || "").toLowerCase();
  if (/(fail|regress|violation|error|quarantin|target_failed|flaky)/.test(s)) return "v-bad";
  if (/(pass|clean|ok|release|stable)/.test(s)) return "v-good";
  if (/(inconclusive|skip|n\/a|not_applicable|unknown)/.test(s)) return "v-neutral";
  return "v-other";
}

function kv(rows) {
  return h("table", { class: "kv" }, rows.filter(r => r[1] !== undefined && r[1] !== null && r[1] !== "")
    .map(([k, v]) => h("tr", {}, h("th", {}, k), h("td", {}, v instanceof Node ? v : String(v)))));
}

// --- state and navigation ------------------------------------------------------------------------

let INFO = null;
let lastList = null;  // the list (with its filters and page) a trace was opened from

async function loadInfo() {
  INFO = await api("info");
  document.getElementById("opened").textContent = INFO.opened + "  ·  " + INFO.kind;
  document.title = "probe view · " + INFO.name;
  const nav = clear(document.getElementById("nav"));
  const links = [["overview", route("overview")]];
  const traceFiles = INFO.files.filter(f => f.type === "traces");
  if (INFO.kind === "traces") links.push(["traces", route("list", { path: "" })]);
  if (INFO.kind === "records") links.push(["records", route("records", { path: "" })]);
  for (const r of INFO.run_dirs) links.push(["training" + (INFO.run_dirs.length > 1 ? " " + (r || ".") : ""), route("run", { path: r })]);
  for (const d of INFO.eval_dirs) links.push(["eval" + (INFO.eval_dirs.length > 1 ? " " + (d || ".") : ""), route("eval", { path: d })]);
  if (traceFiles.length >= 2) links.push(["compare", route("compare", {})]);
  for (const [label, href] of links) nav.appendChild(h("a", { href }, label));
}

function landing() {
  if (INFO.kind === "traces") return route("list", { path: "" });
  if (INFO.kind === "records") return route("records", { path: "" });
  if (INFO.kind === "run") return route("run", { path: "" });
  if (INFO.kind === "eval") return route("eval", { path: "" });
  return route("overview");
}

async function render() {
  const hash = location.hash || "";
  delete app.dataset.ready;
  delete app.dataset.route;
  if (!INFO) {
    try { await loadInfo(); } catch (e) { clear(app).appendChild(errorBox(e)); return; }
  }
  if (hash === "" || hash === "#" || hash === "#/") { location.replace(landing()); return; }
  const [view, qs] = hash.slice(2).split("?");
  const p = Object.fromEntries(new URLSearchParams(qs || ""));
  const views = { overview, list: traceList, trace: traceView, compare: compareView, eval: evalView,
                  run: runView, records: recordList, text: textView };
  const fn = views[view] || overview;
  clear(app);
  const holder = h("div", { class: "view view-" + view });
  app.appendChild(holder);
  try { await fn(holder, p); } catch (e) { holder.appendChild(errorBox(e)); }
  app.dataset.route = hash;  // tests wait for the view of a given route to be drawn
  app.dataset.ready = view;
}

window.addEventListener("hashchange", render);

// --- overview ------------------------------------------------------------------------------------

const KIND_TITLE = { traces: "a trace file", records: "a JSONL file", run: "a training run", eval: "an evaluation",
                     adat: "an AdaT output directory", regression: "a regression suite", directory: "a directory", file: "a file" };

function fileLink(f) {
  if (f.type === "traces") return route("list", { path: f.path });
  if (f.type === "records" || f.type === "empty") return route("records", { path: f.path });
  return route("text", { path: f.path });
}

function fmtSize(n) { return n < 1024 ? n + " B" : n < 1048576 ? (n / 1024).toFixed(1) + " KiB" : (n / 1048576).toFixed(1) + " MiB"; }

async function overview(el) {
  el.appendChild(h("h1", {}, INFO.name, " ", h("span", { class: "muted small" }, "(" + (KIND_TITLE[INFO.kind] || INFO.kind) + ")")));
  const groups = [
    ["Training runs", INFO.run_dirs.map(d => h("li", {}, h("a", { href: route("run", { path: d }) }, d || "(this directory)")))],
    ["Evaluations", INFO.eval_dirs.map(d => h("li", {}, h("a", { href: route("eval", { path: d }) }, d || "(this directory)")))],
    ["Trace lists", [
      ...INFO.trace_dirs.map(d => h("li", {}, h("a", { href: route("list", { path: d }) }, (d || ".") + "/*.jsonl"), h("span", { class: "muted" }, " all trace files in the folder"))),
      ...INFO.files.filter(f => f.type === "traces").map(f => h("li", {}, h("a", { href: fileLink(f) }, f.path), h("span", { class: "muted" }, " " + fmtSize(f.size))))]],
    [INFO.kind === "adat" ? "AdaT records" : INFO.kind === "regression" ? "Regression records" : "Other JSONL records", [
      ...(INFO.record_dirs || []).map(d => h("li", {}, h("a", { href: route("records", { path: d }) }, (d || ".") + "/*.json"), h("span", { class: "muted" }, " one record per file"))),
      ...INFO.files.filter(f => f.type === "records" || f.type === "empty").map(f => h("li", {}, h("a", { href: fileLink(f) }, f.path), h("span", { class: "muted" }, " " + fmtSize(f.size))))]],
    ["Other files", INFO.files.filter(f => ["text", "image"].includes(f.type)).map(f => h("li", {}, h("a", { href: fileLink(f) }, f.path), h("span", { class: "muted" }, " " + fmtSize(f.size))))],
  ];
  for (const [title, items] of groups) {
    if (!items.length) continue;
    el.appendChild(h("section", { class: "card" }, h("h2", {}, title), h("ul", { class: "files" }, items)));
  }
  if (!INFO.files.length) el.appendChild(h("p", { class: "muted" }, "Nothing to show here: no JSONL, JSON, Markdown, YAML or image files."));
}

// --- trace list ----------------------------------------------------------------------------------

const FILTERS = ["policy", "method", "family", "split", "verdict"];
const SORTS = [["line", "file order"], ["-reward", "reward, high first"], ["reward", "reward, low first"],
               ["-violations", "violations, most first"], ["violations", "violations, fewest first"],
               ["-severity", "severity, highest first"], ["seed", "seed"]];

function select(name, options, value, onchange, allLabel) {
  const s = h("select", { name, "aria-label": name, onchange: e => onchange(e.target.value) });
  if (allLabel !== null) s.appendChild(h("option", { value: "" }, allLabel || "any " + name));
  for (const [v, label] of options) {
    const o = h("option", { value: v }, label);
    if (String(v) === String(value || "")) o.selected = true;
    s.appendChild(o);
  }
  return s;
}

async function traceList(el, p) {
  lastList = location.hash;
  const offset = parseInt(p.offset || "0", 10) || 0;
  const data = await api("traces", { ...p, offset, limit: PAGE });
  const go = changes => { location.hash = route("list", { ...p, offset: 0, ...changes }); };
  el.appendChild(h("h1", {}, p.path || INFO.name, " ", h("span", { class: "muted small" }, "traces")));
  const bar = h("div", { class: "toolbar" });
  for (const f of FILTERS) {
    const opts = Object.entries(data.facets[f] || {}).map(([v, n]) => [v, v + " (" + n + ")"]);
    if (f === "policy") opts.push(["none", "no violation"]);
    bar.appendChild(select(f, opts, p[f], v => go({ [f]: v })));
  }
  const search = h("input", { type: "search", name: "q", placeholder: "search text…", value: p.q || "", "aria-label": "search" });
  let timer = null;
  search.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(() => go({ q: search.value }), 400); });
  search.addEventListener("keydown", e => { if (e.key === "Enter") { clearTimeout(timer); go({ q: search.value }); } });
  bar.appendChild(search);
  bar.appendChild(select("sort", SORTS, p.sort || "line", v => go({ sort: v }), null));
  el.appendChild(bar);
  const end = Math.min(data.total, offset + data.rows.length);
  const status = h("div", { class: "status" },
    h("span", { class: "count" }, data.total === data.count ? data.count + " traces" : data.total + " of " + data.count + " traces"),
    data.total ? " · rows " + (offset + 1) + "–" + end : "",
    h("span", { class: "muted" }, " · " + data.ms + " ms"));
  if (data.bad_lines) status.appendChild(h("span", { class: "warn" }, " · " + data.bad_lines + " line(s) that are not traces: " +
    data.bad.slice(0, 3).map(b => b.file + ":" + b.line + " " + b.error).join("; ")));
  el.appendChild(status);
  const table = h("table", { class: "list" },
    h("thead", {}, h("tr", {}, ["#", "id", "method", "family", "seed", "split", "turns", "violations", "reward", "verdict"].map(c => h("th", {}, c)))));
  const body = h("tbody");
  for (const r of data.rows) {
    const href = route("trace", { path: p.path || "", file: data.files.length > 1 ? r.file : "", line: r.line });
    const tr = h("tr", { class: "row", dataset: { line: r.line }, tabindex: 0, onclick: () => { location.hash = href; },
      onkeydown: e => { if (e.key === "Enter") location.hash = href; } },
      h("td", { class: "muted" }, (data.files.length > 1 ? r.file.split("/").pop() + ":" : "") + r.line),
      h("td", {}, h("a", { href, title: r.first_user }, short(r.id, 48))),
      h("td", {}, short(r.method, 28)), h("td", {}, r.family), h("td", { class: "num" }, r.seed), h("td", {}, r.split),
      h("td", { class: "num" }, r.turns),
      h("td", {}, r.policies.length ? r.policies.map(x => chip(x, "pol")) : h("span", { class: "muted" }, "0"),
        r.violations > r.policies.length ? h("span", { class: "muted" }, " ×" + r.violations) : ""),
      h("td", { class: "num" }, r.reward === null ? "" : r.reward.toFixed(2)),
      h("td", {}, chip(r.verdict, verdictClass(r.verdict)),
        r.stored_differs ? h("span", { class: "muted", title: "stored: " + (r.stored_policies || []).join(", ") }, " ≠ stored") : ""));
    body.appendChild(tr);
  }
  table.appendChild(body);
  el.appendChild(table);
  const pager = h("div", { class: "pager" });
  pager.appendChild(h("button", { disabled: offset <= 0 ? "" : null, onclick: () => { location.hash = route("list", { ...p, offset: Math.max(0, offset - PAGE) }); } }, "← previous"));
  pager.appendChild(h("span", { class: "muted" }, " page " + (Math.floor(offset / PAGE) + 1) + " of " + Math.max(1, Math.ceil(data.total / PAGE)) + " "));
  pager.appendChild(h("button", { disabled: end >= data.total ? "" : null, onclick: () => { location.hash = route("list", { ...p, offset: offset + PAGE }); } }, "next →"));
  el.appendChild(pager);
}

// --- the conversation ----------------------------------------------------------------------------

function toolNames(messages) {
  const names = {};
  for (const m of messages) for (const tc of (m.tool_calls || [])) if (tc && tc.id) names[tc.id] = (tc.function || {}).name;
  return names;
}

function violationMarker(v, pol) {
  const sev = pol && pol.severity_name ? pol.severity_name : "unknown severity";
  return h("div", { class: "violation " + sevClass(pol && pol.severity_name), role: "note",
                    dataset: { policy: v.policy, messageIndex: v.message_index } },
    h("div", { class: "vhead" },
      h("span", { class: "vpol" }, v.policy),
      h("span", { class: "vsev" }, sev + (pol && pol.severity !== null && pol.severity !== undefined ? " (" + pol.severity + ")" : "")),
      h("span", { class: "vname" }, pol && pol.name ? pol.name : "(policy not known to this probe)")),
    v.evidence ? h("div", { class: "vevidence" }, h("span", { class: "muted" }, "evidence: "), v.evidence) : null);
}

function messageView(m, i, names, marks, policies) {
  const role = m.role;
  const parts = [];
  const label = role === "user" ? "customer" : role === "assistant" ? "agent" : role === "tool" ? "tool result" : String(role);
  const head = h("div", { class: "mhead" }, h("span", { class: "role" }, label), h("span", { class: "idx" }, "#" + i));
  if (role === "tool") {
    const name = names[m.tool_call_id] || "?";
    parts.push(h("details", { class: "tool result" },
      h("summary", {}, h("span", { class: "arrow" }, "←"), " ", h("code", {}, name), " ", h("span", { class: "muted" }, short(m.content, 90))),
      h("pre", { class: "json" }, pretty(m.content))));
  } else {
    if (typeof m.content === "string" && m.content.length) parts.push(h("div", { class: "text" }, m.content));
    else if (role !== "assistant" || !(m.tool_calls || []).length) parts.push(h("div", { class: "text muted" }, "(empty)"));
    for (const tc of (m.tool_calls || [])) {
      const fn = (tc && tc.function) || {};
      const args = typeof fn.arguments === "string" ? fn.arguments : JSON.stringify(fn.arguments);
      parts.push(h("details", { class: "tool call" },
        h("summary", {}, h("span", { class: "arrow" }, "→"), " ", h("code", {}, String(fn.name)), h("span", { class: "muted" }, "(" + short(args, 80) + ")")),
        h("pre", { class: "json" }, pretty(args))));
    }
  }
  const box = h("div", { class: "msg " + role + (marks.length ? " flagged" : ""), id: "m-" + i, dataset: { index: i, role } }, head, parts);
  const wrap = h("div", { class: "turn " + role }, box);
  for (const v of marks) wrap.appendChild(violationMarker(v, policies[v.policy]));
  return wrap;
}

function conversation(d, opts) {
  const t = d.trace;
  const names = toolNames(t.messages);
  const at = {};
  for (const v of t.violations) (at[v.message_index] = at[v.message_index] || []).push(v);
  // a failed target turn is marked after the last message of that turn (turns count from 0, one
  // customer message each)
  const users = t.messages.map((m, i) => m.role === "user" ? i : -1).filter(i => i >= 0);
  const failedAt = {};
  for (const f of ((t.meta || {}).turn_failures || [])) {
    const next = users[f.turn + 1];
    const end = (next === undefined ? t.messages.length : next) - 1;
    (failedAt[end] = failedAt[end] || []).push(f);
  }
  const list = h("div", { class: "conversation" });
  t.messages.forEach((m, i) => {
    const turn = messageView(m, i, names, at[i] || [], d.policies);
    for (const f of failedAt[i] || []) turn.appendChild(h("div", { class: "failure", role: "note", dataset: { turn: f.turn } },
      h("strong", {}, "target failed turn " + f.turn), " · " + f.kind + (f.detail ? " · " + f.detail : "")));
    list.appendChild(turn);
  });
  const lost = t.violations.filter(v => !(v.message_index >= 0 && v.message_index < t.messages.length));
  if (lost.length) list.appendChild(h("div", { class: "lost" }, h("h3", {}, "violations pointing outside the messages"),
    lost.map(v => violationMarker(v, d.policies[v.policy]))));
  if (!t.messages.length) list.appendChild(h("p", { class: "muted" }, "(no messages)"));
  if (opts && opts.toggle) {
    list.prepend(h("div", { class: "tools-toggle" },
      h("button", { onclick: () => list.querySelectorAll("details.tool").forEach(x => { x.open = true; }) }, "expand tool calls"),
      h("button", { onclick: () => list.querySelectorAll("details.tool").forEach(x => { x.open = false; }) }, "collapse")));
  }
  return list;
}

function valueText(v) { return typeof v === "string" ? v : JSON.stringify(v, null, 2); }

function scenarioCards(d) {
  const t = d.trace;
  const pub = h("section", { class: "card scenario public" },
    h("h3", {}, "What the auditor saw"),
    d.public_card ? h("div", { class: "text" }, d.public_card)
      : h("p", { class: "muted" }, d.env_known ? "(the environment gives no text for this scenario)" : "(environment " + t.env + " is not installed here: no public card)"));
  const entries = Object.entries(t.scenario);
  const flat = entries.filter(([, v]) => v === null || typeof v !== "object");
  const nested = entries.filter(([, v]) => v !== null && typeof v === "object");
  const priv = h("section", { class: "card scenario private" },
    h("h3", {}, "Private scenario ", h("span", { class: "muted small" }, "(the auditor did not see it)")),
    h("dl", { class: "grid2" }, flat.map(([k, v]) => [h("dt", {}, k), h("dd", {}, String(v))])),
    nested.map(([k, v]) => h("details", { class: "nested" },
      h("summary", {}, k + (Array.isArray(v) ? " (" + v.length + ")" : "")), h("pre", { class: "json" }, valueText(v)))));
  return h("div", { class: "cards2" }, pub, priv);
}

function targetCard(t) {
  const tg = t.target || {};
  const faults = Array.isArray(tg.faults) ? tg.faults : [];
  const rest = Object.entries(tg).filter(([k]) => !["kind", "faults", "system_prompt_hash"].includes(k));
  return h("section", { class: "card target" }, h("h3", {}, "Target"),
    kv([["kind", tg.kind || "(not recorded)"], ["prompt hash", tg.system_prompt_hash],
        ["faults", faults.length ? h("span", {}, faults.map(f => chip(f, "fault"))) : "none"],
        ...rest.map(([k, v]) => [k, valueText(v)])]));
}

function violationsCard(d) {
  const t = d.trace;
  const items = t.violations.map(v => {
    const pol = d.policies[v.policy] || {};
    return h("li", {}, h("a", { href: "#", onclick: e => { e.preventDefault(); const m = document.getElementById("m-" + v.message_index); if (m) m.scrollIntoView({ block: "center" }); } },
      chip(v.policy, "pol " + sevClass(pol.severity_name)), " message #" + v.message_index),
      " ", h("span", { class: "muted" }, pol.severity_name || ""), h("div", { class: "small" }, short(pol.name || "", 120)));
  });
  const rs = d.rescore || {};
  const note = rs.stored_differs ? h("p", { class: "small" }, "Re-scored; the stored verdict differs: " + rs.difference)
    : rs.rescore_error ? h("p", { class: "small muted" }, "Not re-scored (" + rs.rescore_error + "); stored violations shown") : "";
  return h("section", { class: "card" }, h("h3", {}, "Violations (" + t.violations.length + ")"), note,
    items.length ? h("ul", { class: "vlist" }, items) : h("p", { class: "muted" }, "none found"));
}

function metaCard(d) {
  const m = d.trace.meta || {};
  const failures = (m.turn_failures || []).map(f => "turn " + f.turn + ": " + f.kind + " " + f.detail).join("\n");
  return h("section", { class: "card" }, h("h3", {}, "How it came about"),
    kv([["source", m.source], ["method", m.method], ["run", m.run], ["script", m.script], ["sample", m.sample],
        ["turns", m.turns + (m.turn_budget ? " of " + m.turn_budget : "")], ["stop", m.stop],
        ["failed turns", (m.failed_turns || []).length ? (m.failed_turns || []).join(", ") : null],
        ["turn failures", failures || null],
        ["window rewards", m.window_rewards ? m.window_rewards.map(x => Number(x).toFixed(2)).join(", ") : null],
        ["rollout", m.rollout ? "update " + m.rollout.update + ", group " + m.rollout.group + ", candidate " + m.rollout.candidate + ", turn " + m.rollout.candidate_turn : null],
        ["extra", m.extra && Object.keys(m.extra).length ? h("pre", { class: "json" }, JSON.stringify(m.extra, null, 2)) : null],
        ["schema", d.read_version === 1 ? "version 1, upgraded on read" : "version " + d.trace.schema_version]]));
}

function traceHeader(d) {
  const t = d.trace;
  return h("div", { class: "thead" },
    h("h1", {}, t.id),
    h("div", { class: "facts" }, chip(t.env), chip("seed " + t.seed), chip(t.scenario.family || "?"), d.split ? chip(d.split) : null,
      (t.meta || {}).method ? chip((t.meta || {}).method) : null,
      chip(t.violations.length + " violation" + (t.violations.length === 1 ? "" : "s"), t.violations.length ? "v-bad" : "v-good"),
      (t.meta || {}).target_failed ? chip("target failed a turn", "v-bad") : null));
}

async function traceView(el, p) {
  const d = await api("trace", p);
  const back = lastList || (p.key !== undefined ? route("records", { path: p.path }) : route("list", { path: p.path || "" }));
  el.appendChild(h("a", { class: "back", href: back }, "← list"));
  el.appendChild(traceHeader(d));
  el.appendChild(scenarioCards(d));
  el.appendChild(h("div", { class: "tracegrid" },
    h("div", { class: "main" }, conversation(d, { toggle: true })),
    h("aside", {}, violationsCard(d), targetCard(d.trace), metaCard(d))));
  if (p.msg !== undefined && p.msg !== "") {  // opened from a record that points at one message
    const m = document.getElementById("m-" + p.msg);
    if (m) { m.classList.add("focus"); m.scrollIntoView({ block: "center" }); }
  }
}

// --- side by side --------------------------------------------------------------------------------

function traceSources() {
  const out = [];
  for (const f of INFO.files) if (f.type === "traces") out.push([f.path, f.path]);
  for (const d of INFO.trace_dirs) out.push([d, (d || ".") + "/*.jsonl"]);
  return out;
}

async function compareView(el, p) {
  const sources = traceSources();
  const a = p.a !== undefined ? p.a : (sources[0] || [""])[0];
  const b = p.b !== undefined ? p.b : (sources[1] || sources[0] || [""])[0];
  el.appendChild(h("h1", {}, "Side by side"));
  const bar = h("div", { class: "toolbar" });
  bar.appendChild(h("label", {}, "A ", select("a", sources, a, v => { location.hash = route("compare", { a: v, b }); }, null)));
  bar.appendChild(h("label", {}, "B ", select("b", sources, b, v => { location.hash = route("compare", { a, b: v }); }, null)));
  el.appendChild(bar);
  const seeds = (await api("seeds", { a, b })).seeds;
  if (!seeds.length) { el.appendChild(h("p", { class: "muted" }, "These two share no scenario seed.")); return; }
  const seed = p.seed !== undefined ? p.seed : String(seeds[0].seed);
  bar.appendChild(h("label", {}, "seed ", select("seed", seeds.map(s => [String(s.seed), s.seed + " · " + s.family + " · A: " + (s.a.join(" ") || "-") + " · B: " + (s.b.join(" ") || "-")]), seed,
    v => { location.hash = route("compare", { a, b, seed: v }); }, null)));
  const d = await api("compare", { a, b, seed });
  el.appendChild(scenarioCards(d.a));
  const col = (side, label) => h("div", { class: "side", dataset: { side } },
    h("div", { class: "sidehead" }, h("strong", {}, label + ": " + d[side].method + " "), h("span", { class: "muted" }, d[side].file + ":" + d[side].line),
      h("div", {}, d[side].trace.violations.length ? d[side].trace.violations.map(v => chip(v.policy + " @" + v.message_index, "pol")) : chip("no violation", "v-good"),
        " ", h("a", { href: route("trace", { path: side === "a" ? a : b, file: d[side].file !== (side === "a" ? a : b) ? d[side].file : "", line: d[side].line }) }, "open"))),
    conversation(d[side], {}));
  el.appendChild(h("div", { class: "sidebyside" }, col("a", "A"), col("b", "B")));
}

// --- eval ----------------------------------------------------------------------------------------

async function evalView(el, p) {
  const d = await api("eval", { path: p.path || "" });
  el.appendChild(h("h1", {}, "Evaluation ", h("span", { class: "muted small" }, d.path || INFO.name)));
  const s = d.settings || {};
  el.appendChild(h("p", { class: "muted" }, Object.entries(s).map(([k, v]) => k + "=" + valueText(v)).join(", ")));
  const table = h("table", { class: "list metrics" }, h("thead", {}, h("tr", {}, d.columns.map(c => h("th", {}, c)))));
  const body = h("tbody");
  for (const r of d.rows) body.appendChild(h("tr", {}, r.cells.map(c => h("td", {}, c))));
  table.appendChild(body);
  el.appendChild(h("div", { class: "scroll" }, table));
  const withTraces = d.methods.filter(m => m.traces);
  el.appendChild(h("section", { class: "card" }, h("h2", {}, "Methods"),
    h("ul", { class: "files" }, d.methods.map(m => h("li", {}, h("strong", {}, m.name), " ",
      m.traces ? h("a", { href: route("list", { path: m.traces }) }, "traces") : h("span", { class: "muted" }, "(no traces)"),
      " · policies found: ", (m.policies_found || []).length ? m.policies_found.map(x => chip(x, "pol")) : "none",
      m.aborted ? h("span", { class: "warn" }, " stopped early: " + m.aborted) : null))),
    withTraces.length >= 2 ? h("p", {}, h("a", { class: "button", href: route("compare", { a: withTraces[0].traces, b: withTraces[1].traces }) },
      "compare " + withTraces[0].name + " and " + withTraces[1].name + " side by side")) : null));
  if (d.plots.length) el.appendChild(h("section", { class: "card plots" }, h("h2", {}, "Plots"),
    d.plots.map(pl => h("figure", {}, h("img", { src: raw(pl), alt: pl }), h("figcaption", {}, pl)))));
  if (d.report) el.appendChild(h("details", { class: "card" }, h("summary", {}, "report.md"), h("pre", { class: "report" }, d.report)));
}

// --- training run --------------------------------------------------------------------------------

const SVGNS = "http://www.w3.org/2000/svg";
function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, String(v));
  for (const c of children) el.appendChild(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

function lineChart(title, points, fmt, opts) {
  const W = 340, H = 170, L = 44, R = 10, T = 24, B = 26;
  const svg = s("svg", { viewBox: "0 0 " + W + " " + H, class: "chart", role: "img", "aria-label": title });
  svg.appendChild(s("text", { x: L, y: 15, class: "ctitle" }, title));
  if (!points.length) { svg.appendChild(s("text", { x: L, y: H / 2, class: "axis" }, "no data")); return svg; }
  const xs = points.map(q => q[0]), ys = points.map(q => q[1]);
  const x0 = Math.min(...xs), x1 = Math.max(...xs);
  let y0 = Math.min(0, ...ys), y1 = Math.max(...ys);
  if (y1 === y0) y1 = y0 + (opts && opts.unit ? opts.unit : 1);
  const X = x => L + (x1 === x0 ? (W - L - R) / 2 : (x - x0) / (x1 - x0) * (W - L - R));
  const Y = y => T + (1 - (y - y0) / (y1 - y0)) * (H - T - B);
  svg.appendChild(s("line", { x1: L, y1: Y(y0), x2: W - R, y2: Y(y0), class: "axisline" }));
  svg.appendChild(s("line", { x1: L, y1: T, x2: L, y2: H - B, class: "axisline" }));
  const ticks = [y0, (y0 + y1) / 2, y1].filter((v, i, a) => i !== 1 || (fmt(v) !== fmt(a[0]) && fmt(v) !== fmt(a[2])));
  for (const v of ticks) {
    svg.appendChild(s("text", { x: L - 4, y: Y(v) + 3, class: "axis", "text-anchor": "end" }, fmt(v)));
    svg.appendChild(s("line", { x1: L, y1: Y(v), x2: W - R, y2: Y(v), class: "grid" }));
  }
  svg.appendChild(s("text", { x: L, y: H - 8, class: "axis" }, String(x0)));
  svg.appendChild(s("text", { x: W - R, y: H - 8, class: "axis", "text-anchor": "end" }, "update " + x1));
  svg.appendChild(s("polyline", { points: points.map(q => X(q[0]).toFixed(1) + "," + Y(q[1]).toFixed(1)).join(" "), class: "curve" }));
  for (const q of points) svg.appendChild(s("circle", { cx: X(q[0]).toFixed(1), cy: Y(q[1]).toFixed(1), r: points.length > 60 ? 1.2 : 2.2, class: "dot" },
    s("title", {}, "update " + q[0] + ": " + fmt(q[1]))));
  return svg;
}

const CURVES = [["return_mean", "reward (mean return)", v => v.toFixed(2), 1], ["violation_yield", "violation yield", v => (100 * v).toFixed(0) + "%", 0.1],
                ["coverage_so_far", "coverage (policies so far)", v => v.toFixed(0), 1], ["k_max", "K_max (horizon)", v => v.toFixed(0), 1]];

async function runView(el, p) {
  const d = await api("run", { path: p.path || "" });
  el.appendChild(h("h1", {}, "Training run ", h("span", { class: "muted small" }, d.path || INFO.name)));
  const last = d.metrics[d.metrics.length - 1];
  el.appendChild(h("p", {}, d.metrics.length + " update(s) in metrics.jsonl",
    d.bad_metric_lines ? h("span", { class: "warn" }, " · " + d.bad_metric_lines + " unreadable line(s)") : "",
    last ? " · policies hit so far: " : "", last ? (last.policies_so_far.length ? last.policies_so_far.map(x => chip(x, "pol")) : "none") : ""));
  const charts = h("div", { class: "charts" });
  for (const [key, title, fmt, unit] of CURVES) {
    const pts = d.metrics.filter(m => typeof m[key] === "number").map(m => [m.update !== undefined ? m.update : 0, m[key]]);
    charts.appendChild(h("div", { class: "card chartbox", dataset: { key } }, lineChart(title, pts, fmt, { unit })));
  }
  el.appendChild(charts);
  const links = [];
  if (d.traces_dir) links.push(h("li", {}, h("a", { href: route("list", { path: d.traces_dir }) }, "all training traces"), h("span", { class: "muted" }, " (" + d.trace_files.length + " update files; sort by reward across the run)")));
  if (d.eval) links.push(h("li", {}, h("a", { href: route("eval", { path: d.eval }) }, "held-out evaluation")));
  el.appendChild(h("section", { class: "card" }, h("h2", {}, "Contents"), h("ul", { class: "files" }, links),
    d.checkpoints.length ? h("p", { class: "muted" }, "checkpoints: " + d.checkpoints.join(", ")) : null,
    d.trace_files.length ? h("details", {}, h("summary", {}, "traces by update"), h("ul", { class: "files cols" },
      d.trace_files.map(f => h("li", {}, h("a", { href: route("list", { path: f }) }, f.split("/").pop()))))) : null));
  if (d.config) el.appendChild(h("details", { class: "card" }, h("summary", {}, "config.yaml (resolved)"), h("pre", {}, d.config)));
}

// --- generic records (AdaT, regression) ----------------------------------------------------------

async function recordList(el, p) {
  lastList = location.hash;
  const offset = parseInt(p.offset || "0", 10) || 0;
  const data = await api("records", { ...p, offset, limit: PAGE });
  const go = changes => { location.hash = route("records", { ...p, offset: 0, ...changes }); };
  el.appendChild(h("h1", {}, p.path || INFO.name, " ", h("span", { class: "muted small" }, "records")));
  const bar = h("div", { class: "toolbar" });
  bar.appendChild(select("verdict", Object.entries(data.facets.verdict || {}).map(([v, n]) => [v, v + " (" + n + ")"]), p.verdict, v => go({ verdict: v })));
  const search = h("input", { type: "search", name: "q", placeholder: "search text…", value: p.q || "", "aria-label": "search" });
  search.addEventListener("keydown", e => { if (e.key === "Enter") go({ q: search.value }); });
  bar.appendChild(search);
  const sorts = [];
  for (const c of data.columns) { sorts.push([c, c + " ↑"]); sorts.push(["-" + c, c + " ↓"]); }
  bar.appendChild(select("sort", sorts, p.sort, v => go({ sort: v }), "file order"));
  el.appendChild(bar);
  const end = Math.min(data.total, offset + data.rows.length);
  el.appendChild(h("div", { class: "status" }, h("span", { class: "count" }, data.total + " of " + data.count + " records"),
    data.total ? " · rows " + (offset + 1) + "–" + end : "",
    data.bad_lines ? h("span", { class: "warn" }, " · " + data.bad_lines + " line(s) that are not JSON") : ""));
  const cols = data.columns;
  const many = (data.files || []).length > 1;
  const table = h("table", { class: "list records" }, h("thead", {}, h("tr", {}, h("th", {}, "#"), cols.map(c => h("th", {}, c)), h("th", {}, ""))));
  const body = h("tbody");
  for (const r of data.rows) {
    const f = r.fields || { value: r.value };
    const detail = h("tr", { class: "detail", hidden: "" }, h("td", { colspan: cols.length + 2 }));
    const toggle = async () => {
      if (detail.hidden) {
        const cell = clear(detail.firstChild);
        try {
          const rec = await api("record", { path: p.path || "", file: many ? r.file : "", line: r.line });
          cell.appendChild(h("pre", { class: "json" }, JSON.stringify(rec.record, null, 2)));
        } catch (e) { cell.appendChild(errorBox(e)); }
        detail.hidden = false;
      } else detail.hidden = true;
    };
    body.appendChild(h("tr", { class: "row", dataset: { line: r.line } }, h("td", { class: "muted" }, many ? r.file.split("/").pop() : r.line),
      cols.map(c => {
        const v = f[c];
        const isVerdict = v !== undefined && v !== null && String(v) === String(r.verdict) && /verdict|label|status|outcome|result|decision/.test(c);
        return h("td", { class: typeof v === "number" ? "num" : "" }, v === undefined || v === null ? "" :
          isVerdict ? chip(String(v), verdictClass(v)) : short(typeof v === "number" && !Number.isInteger(v) ? v.toPrecision(4) : v, 120));
      }),
      h("td", { class: "actions" }, h("button", { onclick: toggle }, "json"),
        (r.traces || []).map(k => h("a", { class: "button", href: route("trace", { path: p.path || "", file: many ? r.file : "", line: r.line, key: k }) }, k ? "conversation: " + k : "conversation")),
        (r.refs || []).map(ref => h("button", { class: "ref", title: "open trace " + ref.id, onclick: async e => {
          const b = e.currentTarget;
          try {
            const at = await api("locate", { path: many ? r.file : (p.path || ""), id: ref.id });
            location.hash = route("trace", { path: at.path, line: at.line, msg: ref.message_index });
          } catch (err) { b.textContent = "trace not found"; b.disabled = true; }
        } }, "trace " + short(ref.id, 24) + (ref.message_index !== null ? " #" + ref.message_index : ""))))));
    body.appendChild(detail);
  }
  table.appendChild(body);
  el.appendChild(h("div", { class: "scroll" }, table));
  const pager = h("div", { class: "pager" });
  pager.appendChild(h("button", { disabled: offset <= 0 ? "" : null, onclick: () => { location.hash = route("records", { ...p, offset: Math.max(0, offset - PAGE) }); } }, "← previous"));
  pager.appendChild(h("button", { disabled: end >= data.total ? "" : null, onclick: () => { location.hash = route("records", { ...p, offset: offset + PAGE }); } }, "next →"));
  el.appendChild(pager);
}

// --- a single file -------------------------------------------------------------------------------

async function textView(el, p) {
  el.appendChild(h("h1", {}, p.path));
  if (/\.(png|jpe?g)$/i.test(p.path)) { el.appendChild(h("img", { src: raw(p.path), alt: p.path, class: "plot" })); return; }
  const r = await fetch(raw(p.path));
  const text = await r.text();
  if (!r.ok) { let msg = text; try { msg = JSON.parse(text).error; } catch (e) { /* plain */ } throw new Error(msg); }
  el.appendChild(h("pre", { class: "file" }, /\.json$/i.test(p.path) ? pretty(text) : text));
}

render();
