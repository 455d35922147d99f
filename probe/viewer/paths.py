"""The opened root and the one way a request names a file in it.

``Root(path)`` is what ``probe view PATH`` opened: a directory, or a single file. Every path a
request names is relative to it and goes through ``Root.resolve``, which refuses (``PathRefused``,
one line):

- an absolute path, a path with a ``..`` component, a NUL or other control character;
- anything that, once symlinks are resolved, lies outside the opened directory (a symlink inside
  the directory that points elsewhere is refused, one that stays inside is followed);
- for a single opened file, any path but that file's name.

The browser never sees an absolute path of the machine: the API speaks in these relative paths.
"""

from __future__ import annotations

import os
from pathlib import Path

# what the file listing shows, by extension
LISTED = (".jsonl", ".json", ".md", ".png", ".jpg", ".jpeg", ".yaml", ".yml", ".txt", ".xml", ".csv", ".tsv")
# directories whose contents the listing skips (checkpoint weights, partial writes, caches)
SKIPPED_DIRS = ("ckpt-", "broken-ckpt-", ".tmp", "__pycache__", ".git", "wandb", ".cache")
MAX_LISTED = 5000


class PathRefused(ValueError):
    """A requested path that is outside the opened root or malformed; ``str()`` is one line."""


class PathMissing(PathRefused, LookupError):
    """A well-formed path inside the root that names nothing (404, not 403)."""


class Root:
    """The opened directory (or single file) that every request is confined to."""

    def __init__(self, path: str | Path):
        p = Path(path)
        if not p.exists():
            raise FileNotFoundError(f"{path} does not exist")
        resolved = p.resolve(strict=True)
        if resolved.is_dir():
            self.base = resolved
            self.single: str | None = None
        elif resolved.is_file():
            self.base = resolved.parent
            self.single = resolved.name
        else:
            raise ValueError(f"{path} is neither a file nor a directory")
        self.shown = str(path)  # as the user typed it (the page title says what was opened)

    @property
    def name(self) -> str:
        return self.single or self.base.name or str(self.base)

    def resolve(self, rel: str | None, *, want: str | None = None) -> Path:
        """The file or directory ``rel`` names inside the root; ``PathRefused`` otherwise.

        ``want`` is 'file' or 'dir' to insist on one kind. An empty ``rel`` (or '.') is the root
        itself (the opened file, for a single-file root)."""
        rel = "" if rel is None else str(rel)
        if any(ord(c) < 32 for c in rel):
            raise PathRefused("path contains a control character")
        if rel.startswith(("/", "\\")) or os.path.isabs(rel) or (len(rel) > 1 and rel[1] == ":"):
            raise PathRefused(f"absolute path {rel!r} refused: paths are relative to the opened directory")
        parts = [x for x in rel.replace("\\", "/").split("/") if x not in ("", ".")]
        if ".." in parts:
            raise PathRefused(f"path {rel!r} refused: '..' leaves the opened directory")
        if self.single is not None:
            if parts and parts != [self.single]:
                raise PathRefused(f"path {rel!r} refused: only {self.single} was opened")
            parts = [self.single]
        target = self.base.joinpath(*parts)
        try:
            real = target.resolve(strict=True)
        except (FileNotFoundError, NotADirectoryError):
            raise PathMissing(f"path {rel!r} does not exist in the opened directory") from None
        except (OSError, RuntimeError) as e:  # a symlink loop, a permission problem
            raise PathRefused(f"path {rel!r} cannot be resolved ({type(e).__name__})") from None
        if real != self.base and self.base not in real.parents:
            raise PathRefused(f"path {rel!r} refused: it resolves outside the opened directory")
        if want == "file" and not real.is_file():
            raise PathRefused(f"path {rel!r} is not a file")
        if want == "dir" and not real.is_dir():
            raise PathRefused(f"path {rel!r} is not a directory")
        return real

    def rel(self, path: Path) -> str:
        """The relative name of a resolved path inside the root ('' for the root itself)."""
        r = path.relative_to(self.base).as_posix()
        return "" if r == "." else r

    def listing(self) -> list[Path]:
        """Files worth showing, sorted, inside the root (symlinks leaving it are left out)."""
        if self.single is not None:
            return [self.base / self.single]
        out: list[Path] = []
        for dirpath, dirnames, filenames in os.walk(self.base, followlinks=False):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith(SKIPPED_DIRS))
            for f in sorted(filenames):
                if not f.lower().endswith(LISTED) or f.startswith("."):
                    continue
                p = Path(dirpath) / f
                try:
                    real = p.resolve(strict=True)
                except (OSError, RuntimeError):
                    continue
                if self.base in real.parents and real.is_file():
                    out.append(p)
                if len(out) >= MAX_LISTED:
                    return out
        return out


__all__ = ["Root", "PathRefused", "PathMissing", "LISTED"]
