"""``probe view``: a local browser viewer for traces, runs, evaluations, AdaT and regression outputs.

``create_app(path)`` (``probe.viewer.app``) is a Starlette app over one opened file or directory:
a JSON API whose paths are confined to it (``probe.viewer.paths``), byte-offset indexes that page
large JSONL files on the server (``probe.viewer.index``), readers for run and eval directories
(``probe.viewer.sources``), and a static page (``static/``) that renders every model-written
string as text. ``probe view PATH`` (``probe.cli.view``) serves it on 127.0.0.1. docs/viewer.md.
"""

from probe.viewer.app import create_app
from probe.viewer.paths import PathRefused, Root

__all__ = ["create_app", "Root", "PathRefused"]
