"""``probe view PATH``: the browser viewer (``probe.viewer``) on a local port.

PATH is a traces ``.jsonl``, a run directory, an eval directory, an AdaT output directory, a
regression suite, or any directory holding such files. The server binds to 127.0.0.1 unless
``--host`` says otherwise (a non-loopback host prints a warning: anyone who can reach the port
can read the opened files). Ctrl-C stops it.
"""

from __future__ import annotations

import ipaddress
import socket
from pathlib import Path

import typer

from probe.cli.errors import err, fail


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on host:port (``OSError`` when it cannot be had)."""
    infos = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM)
    family, _, _, _, addr = infos[0]
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(addr)
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


def view_command(path: Path = typer.Argument(..., help="a traces .jsonl, or a run / eval / AdaT / regression directory"),
                 port: int = typer.Option(7860, "--port", min=0, max=65535, help="TCP port (0: any free port)"),
                 host: str = typer.Option("127.0.0.1", "--host", help="address to bind (default loopback only)")) -> None:
    """Open traces, runs, evaluations, AdaT suites and regression verdicts in a browser."""
    from probe.viewer.app import LOOPBACK_HOSTS, create_app  # noqa: PLC0415
    from probe.viewer.paths import Root  # noqa: PLC0415
    from probe.viewer.sources import detect  # noqa: PLC0415

    if not path.exists():
        fail(f"{path} does not exist; allowed: a traces .jsonl file, or a run, eval, AdaT or regression directory")
    if path.is_file() and path.suffix.lower() != ".jsonl":
        fail(f"{path} is not a .jsonl file; allowed: a traces .jsonl file, or a run, eval, AdaT or regression directory")
    if not path.is_file() and not path.is_dir():
        fail(f"{path} is neither a file nor a directory")
    try:
        root = Root(path)
        kind = detect(root)
    except (OSError, ValueError) as e:
        fail(f"cannot open {path}: {e}")
    loopback = is_loopback(host)
    try:
        sock = bind(host, port)
    except (OSError, UnicodeError) as e:
        fail(f"cannot listen on {host}:{port} ({getattr(e, 'strerror', None) or e}); choose another --port or --host")
    if not loopback:
        err.print(f"warning: --host {host} is not a loopback address: anyone who can reach this machine on port "
                  f"{sock.getsockname()[1]} can read everything under {path}", markup=False)
    app = create_app(path, allowed_hosts=LOOPBACK_HOSTS if loopback else None)  # the header shows PATH as typed
    bound = sock.getsockname()[1]
    shown = f"[{host.strip('[]')}]" if ":" in host.strip("[]") else host
    err.print(f"probe view: {path} ({kind}) at http://{shown}:{bound}/  (Ctrl-C stops)", markup=False)

    import uvicorn  # noqa: PLC0415

    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off"))
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()


__all__ = ["view_command", "is_loopback"]
