"""The run directory's own entries: what `--overwrite` may replace (probe.train.rundir)."""

from __future__ import annotations

from probe.train.rundir import MARKER, foreign_entries, open_run_dir


def _run(tmp_path, *entries):
    run = tmp_path / "run"
    run.mkdir()
    (run / MARKER).write_text("{}")
    for name in entries:
        (run / name).mkdir()
    return run


def test_an_adat_folder_written_by_probe_adat_is_a_run_entry(tmp_path):
    """`probe adat run --run NAME` writes checkpoints/NAME/adat/: a later `probe train --overwrite`
    of that run may replace it, as it replaces eval/."""
    run = _run(tmp_path, "eval", "adat", "traces")
    assert foreign_entries(run) == []
    open_run_dir(run, overwrite=True).release()


def test_a_folder_of_the_user_is_still_refused(tmp_path):
    run = _run(tmp_path, "adat", "my-notes")
    assert foreign_entries(run) == ["my-notes"]
    try:
        open_run_dir(run, overwrite=True)
    except ValueError as e:
        assert "my-notes" in str(e)
    else:
        raise AssertionError("a folder probe did not write was replaced")
