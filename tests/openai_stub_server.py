"""A small scripted OpenAI-compatible chat-completions server on loopback (tests and benchmarks).

It speaks the real wire format (``POST /v1/chat/completions``, ``GET /v1/models``) so the real
``openai`` client is exercised end to end. It is *scripted*: replies come from a queue
(``push``) or from a function ``(request_body, n) -> reply``; a reply is built with ``text``,
``tool_calls``, ``http_error``, ``delay`` (sleep, then another reply) or ``raw``. Every request
body is kept in ``requests``. ``latency`` adds a fixed delay to every request (benchmarks).

    with StubServer() as server:
        server.push(tool_calls(("search_flights", '{"origin": "ORD"}')), text("Found two."))
        OpenAITarget(domain, base_url=server.url, model="stub")
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable

Reply = dict[str, Any]


def text(content: str | None) -> Reply:
    return {"kind": "message", "message": {"role": "assistant", "content": content}}


def tool_calls(*calls: tuple[str, Any], content: str | None = None) -> Reply:
    """Parallel tool calls; string arguments are sent exactly as given (malformed JSON too)."""
    return {"kind": "message", "message": {"role": "assistant", "content": content, "tool_calls": [
        {"id": f"chatcmpl-tool-{k}", "type": "function",
         "function": {"name": name, "arguments": args if isinstance(args, str) else json.dumps(args)}}
        for k, (name, args) in enumerate(calls)]}}


def http_error(status: int = 500, message: str = "internal error (scripted)") -> Reply:
    return {"kind": "error", "status": status, "message": message}


def delay(seconds: float, then: Reply | None = None) -> Reply:
    return {"kind": "sleep", "seconds": seconds, "then": then or text("too late")}


def raw(body: Any, status: int = 200) -> Reply:
    return {"kind": "raw", "status": status, "body": body}


class StubServer:
    def __init__(self, handler: Callable[[dict[str, Any], int], Reply] | None = None, latency: float = 0.0,
                 default: Reply | None = None):
        self.handler = handler
        self.latency = latency
        self.default = default or text("ok")
        self.queue: deque[Reply] = deque()
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None

    # --- scripting ------------------------------------------------------------------------------
    def push(self, *replies: Reply) -> "StubServer":
        with self._lock:
            self.queue.extend(replies)
        return self

    def _next(self, body: dict[str, Any]) -> Reply:
        with self._lock:
            n = len(self.requests)
            self.requests.append(body)
            if self.handler is None:
                return self.queue.popleft() if self.queue else self.default
        return self.handler(body, n)

    # --- lifecycle ------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        assert self._server is not None, "server not started"
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def start(self) -> "StubServer":
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # headers and body go out at once (no 40 ms delayed-ACK stall)

            def log_message(self, *args: Any) -> None:  # quiet
                pass

            def _send(self, status: int, body: Any) -> None:
                data = (body if isinstance(body, str) else json.dumps(body)).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout test)

            def do_GET(self) -> None:
                if self.path.rstrip("/").endswith("/models"):
                    self._send(200, {"object": "list", "data": [{"id": "stub", "object": "model", "owned_by": "probe"}]})
                else:
                    self._send(404, {"error": {"message": "not found", "type": "not_found", "code": 404}})

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._send(404, {"error": {"message": "not found", "type": "not_found", "code": 404}})
                    return
                if stub.latency:
                    time.sleep(stub.latency)
                reply = stub._next(body)
                while reply["kind"] == "sleep":
                    time.sleep(reply["seconds"])
                    reply = reply["then"]
                if reply["kind"] == "error":
                    self._send(reply["status"], {"error": {"message": reply["message"], "type": "server_error",
                                                           "code": reply["status"]}})
                elif reply["kind"] == "raw":
                    self._send(reply["status"], reply["body"])
                else:
                    message = reply["message"]
                    self._send(200, {
                        "id": f"chatcmpl-stub-{len(stub.requests)}", "object": "chat.completion",
                        "created": int(time.time()), "model": body.get("model", "stub"),
                        "choices": [{"index": 0, "message": message, "logprobs": None,
                                     "finish_reason": "tool_calls" if message.get("tool_calls") else "stop"}],
                        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}})

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        server.block_on_close = False
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, name="openai-stub",
                         daemon=True).start()
        self._server = server
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> "StubServer":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()
