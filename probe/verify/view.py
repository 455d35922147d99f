"""A trace as verifiers read it: turns, assistant texts and tool calls replayed from the initial state.

``build_view`` makes one pass over the messages. Conventions every environment shares:

- a *turn* starts at a user message and runs to the next one (messages before the first user
  message form turn 0 with ``user_index = -1``, kept only when it holds a call or a text);
- a *text* is an assistant message with non-empty string content; a turn's *final text* is its
  last text that carries no tool calls; ``prev_text`` of a turn is the last text before its user
  message (the question the user answered);
- every assistant tool call is replayed, in order, on a fresh copy of the domain's initial state
  (``probe.verify.replay``); the replayed result is the truth and recorded tool messages are
  never read, so a tampered tool output changes nothing;
- "before message i" means at a smaller message index; a call is at the index of the assistant
  message that carries it, so sibling parallel calls do not see each other's output.

Junk is tolerated: non-dict messages are skipped, non-string content counts as no text, a
``tool_calls`` that is not a list is read as one call, a call without a string name has name ``''``.

Re-scoring is incremental for ``resumable`` views: after each trace, the view as it stands after
the last message is stored with the replay caches (``Replayer``), under the scenario and the
keys of the messages (``message_key``: only what a view reads of a message). A later trace of the
same scenario whose messages start with a stored trace's messages resumes from that view and
reads only the rest: re-scoring the same trace reads nothing new, a trace grown by a turn reads
that turn. The checks always run on the whole view.

Environments extend the view by subclassing ``TraceView`` and overriding the ``on_*`` hooks,
which ``build_view`` calls in message order, to index what their checks need (ids seen, prices
seen, ...). ``before_call`` / ``after_call`` receive the live replay state; views that read it
set ``uses_state = True`` (the replay of a seen prefix is then never taken from the cache).
"""

from __future__ import annotations

import json
import marshal
from dataclasses import dataclass, field
from typing import Any, ClassVar

from probe.verify.replay import Replayer


@dataclass
class Call:
    """One tool call, with its replayed result."""

    index: int  # message index of the assistant message carrying the call
    turn: int
    name: str  # '' when the call has no string name
    raw: Any  # arguments as recorded (a JSON string normally)
    args: dict[str, Any] | None  # parsed arguments when they are a JSON object (even if schema-invalid); read-only
    problem: str | None  # unknown tool / malformed JSON / schema error, else None
    ok: bool = False
    content: str = ""  # replayed tool output
    output: dict[str, Any] | None = None  # replayed output parsed, when it is a JSON object; read-only
    features: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)  # memo shared with the replay cache

    def arg(self, key: str) -> Any:
        return self.args.get(key) if self.args is not None else None

    def signature(self) -> str:
        """Name plus canonical arguments: equal for calls that do the same thing."""
        if self.args is not None:
            return self.name + json.dumps(self.args, sort_keys=True)
        return self.name + repr(self.raw)


@dataclass
class Text:
    index: int
    turn: int
    text: str


@dataclass
class Turn:
    number: int
    user_index: int  # -1 for messages before the first user message
    user_text: str
    prev_text: str  # last assistant text before the user message ('' if none)
    calls: list[Call] = field(default_factory=list)
    texts: list[Text] = field(default_factory=list)
    final_index: int | None = None
    final_text: str = ""
    last_index: int = -1  # last message index of the turn

    @property
    def reply_index(self) -> int:
        """Where a turn-level violation points: the final text, else the turn's last message."""
        return self.final_index if self.final_index is not None else self.last_index


@dataclass
class TraceView:
    """The generic index of a trace. Subclasses add fields (with defaults) and hooks."""

    domain: Any
    scenario: dict[str, Any]
    messages: list[Any]
    turns: list[Turn] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    texts: list[Text] = field(default_factory=list)
    users: list[tuple[int, str]] = field(default_factory=list)  # (message index, text) of every user message
    call_cls: ClassVar[type[Call]] = Call
    uses_state: ClassVar[bool] = False  # True when before_call/after_call read the replay state
    skip_nameless: ClassVar[bool] = False  # True: a call without a string name is not a call at all
    # True: the view may be stored after a trace and resumed for a longer or equal trace of the
    # same scenario (``build_view``). Only for views (1) that do not read the replay state
    # (``uses_state`` False), (2) whose hooks read a message only through their arguments (what
    # ``message_key`` covers: user text, assistant text, tool-call names and raw arguments; never
    # ``self.messages`` or a tool result message), and (3) whose fields are values or flat
    # lists/dicts/sets of records no hook changes once added (a stored view is copied one
    # container deep).
    resumable: ClassVar[bool] = False

    # --- hooks (in message order) -------------------------------------------------------------
    def on_start(self, state: Any) -> None:
        """Before the first message, with the fresh initial state."""

    def on_user(self, index: int, text: str) -> None:
        """A user message (text '' when its content is not a string)."""

    def on_text(self, text: Text, has_calls: bool) -> None:
        """An assistant text (before the message's calls are replayed)."""

    def before_call(self, call: Call, state: Any) -> None:
        """A call about to be replayed: ``call`` has its arguments and problem, no result yet.
        ``state`` is the live state before it (None unless the view ``uses_state``)."""

    def after_call(self, call: Call, state: Any) -> None:
        """A replayed call; ``state`` is the live state after it (None unless the view ``uses_state``)."""

    def on_assistant(self, index: int, calls: list[Call]) -> None:
        """After each assistant message: its calls (possibly none), all replayed."""

    def on_end(self) -> None:
        """After the last message."""

    # --- queries --------------------------------------------------------------------------------
    def user_text_before(self, index: int) -> str:
        return "\n".join(t for i, t in self.users if i < index)

    def turn_of(self, call: Call) -> Turn:
        return self.turns[call.turn]


def _tool_calls(message: dict[str, Any]) -> list[tuple[str, Any]]:
    calls = message.get("tool_calls")
    if not calls:
        return []
    out = []
    for tc in calls if isinstance(calls, list) else [calls]:
        fn = tc.get("function") if isinstance(tc, dict) else None
        fn = fn if isinstance(fn, dict) else {}
        name = fn.get("name")
        out.append((name if isinstance(name, str) else None, fn.get("arguments")))
    return out


def split_turns(messages: list[Any]) -> list[tuple[int, list[int]]]:
    """(user message index or -1, indices of the messages in that turn) per turn, without replay.

    The same turn boundaries as ``build_view`` (for views that keep nameless calls): a leading
    turn -1 is kept only when it holds an assistant message with a text or a tool call.
    """
    turns: list[tuple[int, list[int]]] = [(-1, [])]
    for i, m in enumerate(messages):
        if not isinstance(m, dict):
            continue
        if m.get("role") == "user":
            turns.append((i, [i]))
        else:
            turns[-1][1].append(i)
    first = turns[0]
    if not any(_counts(messages[i]) for i in first[1]):
        turns.pop(0)
    return turns


def _counts(m: dict[str, Any]) -> bool:
    if m.get("role") != "assistant":
        return False
    c = m.get("content")
    return bool(m.get("tool_calls")) or (isinstance(c, str) and bool(c.strip()))


def message_key(m: Any) -> Any:
    """What of one message a view reads, as a hashable key; None when it cannot be keyed.

    A user message is read by its text, an assistant message by its text and tool calls (each
    call's name and raw arguments, as ``build_view`` reads them), any other message (tool
    results, system) only by its place: equal keys give equal views."""
    if not isinstance(m, dict):
        return 0
    role = m.get("role")
    content = m.get("content")
    if role == "user":
        return 1, content if isinstance(content, str) else ""
    if role != "assistant":
        return 2
    text = content if isinstance(content, str) else None
    if not m.get("tool_calls"):
        return 3, text, ()
    calls = tuple(_tool_calls(m))
    if all(type(raw) is str or raw is None for _, raw in calls):
        return 3, text, calls
    try:  # arguments given as objects (or junk): by their bytes, so 1 and True stay apart
        return 4, text, marshal.dumps(m.get("tool_calls"), 2)
    except Exception:  # unmarshallable or too deep: not keyed, so never resumed
        return None


@dataclass
class _Snapshot:
    """A resumable view after a message prefix: the view and the open turn (frozen), the last
    assistant text, and the replay's cache node and calls."""

    view: tuple
    turn: tuple
    last_text: str
    node: int
    calls: tuple[tuple[str, Any], ...]


_THAW = {list: list, set: set, dict: dict}


def _freeze(obj: Any, leave: tuple[str, ...] = ()) -> tuple:
    """(class, attributes, containers): list, set and dict attributes stored as tuples (of items,
    for a dict), which leaves the garbage collector less to walk and costs nothing when empty;
    the records in them are shared. Attributes in ``leave`` are stored as None."""
    attrs, containers = {}, []
    for k, x in obj.__dict__.items():
        t = type(x)
        if k in leave:
            x = None
        elif t in _THAW:
            containers.append((k, t))
            x = tuple(x.items()) if t is dict else tuple(x)
        attrs[k] = x
    return type(obj), attrs, tuple(containers)


def _thaw(frozen: tuple) -> Any:
    """A new object from ``_freeze``'s record, with new containers."""
    cls, attrs, containers = frozen
    new = object.__new__(cls)
    d = new.__dict__
    d.update(attrs)
    for k, t in containers:
        d[k] = _THAW[t](d[k])
    return new


def build_view(domain: Any, messages: list[Any], scenario: dict[str, Any], replayer: Replayer,
               view_cls: type[TraceView] = TraceView) -> TraceView:
    """One pass over the messages: split into turns, replay every call, call the view's hooks.

    For a ``resumable`` view the pass starts from the view stored after the longest prefix of
    these messages built before for the same scenario (re-scoring a trace, or a trace that grew
    by a turn, reads only its new messages), and the view after the last message is stored."""
    messages = list(messages or [])
    scenario = scenario or {}
    run = replayer.start(scenario, need_state=view_cls.uses_state)
    keys: list[Any] = []
    start = 0
    snap = None
    if view_cls.resumable and run.node is not None and not view_cls.uses_state:
        table, views = replayer._messages, replayer._views
        parent: Any = (view_cls, run.node)
        for m in messages:
            key = message_key(m)
            if key is None:
                break
            keys.append(key)
            if parent is not None:
                parent = table.get((parent, key))
                if parent is not None and parent in views:
                    snap, start = views[parent], len(keys)
    if snap is not None:
        view = _thaw(snap.view)
        view.domain, view.scenario, view.messages = domain, scenario, messages
        turn, last_text = _thaw(snap.turn), snap.last_text
        run.resume(snap.node, snap.calls)
        replayer.stats["views_resumed"] += 1
    else:
        view = view_cls(domain, scenario, messages)
        view.on_start(run.initial)
        turn, last_text = Turn(0, -1, "", ""), ""
    generation = replayer.generation
    turn, last_text = _feed(view, run, messages, start, turn, last_text)
    if (start < len(messages) and len(keys) == len(messages) and run.node is not None
            and replayer.generation == generation):
        _store(replayer, view_cls, run, keys, view, turn, last_text)
    if turn.user_index >= 0 or turn.calls or turn.texts:
        view.turns.append(turn)
    view.on_end()
    return view


def _store(replayer: Replayer, view_cls: type[TraceView], run: Any, keys: list[Any], view: TraceView,
           turn: Turn, last_text: str) -> None:
    table, views = replayer._messages, replayer._views
    if len(views) >= replayer.max_views or len(table) >= 8 * replayer.max_cached:
        views.clear()
        table.clear()
    parent: Any = (view_cls, run.root)
    for key in keys:
        node = table.get((parent, key))
        if node is None:
            node = table[(parent, key)] = replayer._new_id()
        parent = node
    views[parent] = _Snapshot(_freeze(view, leave=("domain", "scenario", "messages")),  # the next trace brings its own
                              _freeze(turn), last_text, run.node, tuple((c.name, c.raw) for c in view.calls))


def _feed(view: TraceView, run: Any, messages: list[Any], start: int, turn: Turn, last_text: str) -> tuple[Turn, str]:
    """Read messages[start:] into the view; returns the open turn and the last assistant text."""
    call_cls = view.call_cls
    stateful = view.uses_state
    skip_nameless = view.skip_nameless
    turns, texts, all_calls, users = view.turns, view.texts, view.calls, view.users
    on_user, on_text, on_assistant = view.on_user, view.on_text, view.on_assistant
    before_call, after_call = view.before_call, view.after_call
    step, replay = run.step, run.replay
    for i in range(start, len(messages)):
        m = messages[i]
        if not isinstance(m, dict):
            continue
        role = m.get("role")
        if role == "user":
            if turn.user_index >= 0 or turn.calls or turn.texts:
                turns.append(turn)
            content = m.get("content")
            text = content if isinstance(content, str) else ""
            turn = Turn(len(turns), i, text, last_text, last_index=i)
            users.append((i, text))
            on_user(i, text)
            continue
        if role != "assistant":
            if i > turn.last_index:
                turn.last_index = i
            continue
        turn.last_index = i
        content = m.get("content")
        raw_calls = m.get("tool_calls")
        calls = _tool_calls(m) if raw_calls else ()
        if isinstance(content, str) and content.strip():
            t = Text(i, turn.number, content)
            turn.texts.append(t)
            texts.append(t)
            last_text = content
            if not raw_calls:
                turn.final_index, turn.final_text = i, content
            on_text(t, bool(calls))
        done: list[Call] = []
        for name, raw in calls:
            if name is None:
                if skip_nameless:
                    continue
                name = ""
            parsed, rec = step(name, raw)
            call = call_cls(i, turn.number, name, raw, parsed.args, parsed.problem)
            before_call(call, run.state if stateful else None)
            if rec is None:
                rec = replay(name, raw)
            call.ok, call.content, call.output, call.features = rec.ok, rec.content, rec.output, rec.features
            turn.calls.append(call)
            all_calls.append(call)
            after_call(call, run.state if stateful else None)
            done.append(call)
        on_assistant(i, done)
    return turn, last_text
