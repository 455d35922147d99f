"""Judge agreement: a judge's per-policy labels against the verifiers' on a trace set.

For every trace and every policy of the environment the verifiers (re-scoring the trace from its
messages, ``Domain.verify``) give the reference label, the judge its own. Per policy: precision,
recall and Cohen's kappa (``sklearn.metrics.cohen_kappa_score``) over the traces; overall: the
same over all (trace, policy) pairs. A kappa is undefined (reported as null; the policies with
one are counted in ``kappa_undefined``) when both label vectors are constant: Cohen's kappa is
0/0 there, and reading two all-"not violated" vectors as 1.0 made a judge that never flags anything
look perfect on every policy its traces never break. Precision
is null when the judge never says "violated". A trace the judge could not label (``policy_labels``
returns None: its endpoint failed or its answer was unreadable) is left out of the scores and
counted in ``judge_failed``: a failed answer is not a "not violated". A trace whose *target*
failed a turn (``probe.core.failures.is_failed``) is left out too and counted in
``target_failed`` (its ids in ``target_failed_ids``): a dialogue the target did not answer is no
true negative.
"""

from __future__ import annotations

from typing import Any, Sequence

from sklearn.metrics import cohen_kappa_score

from probe.core.domain import Domain
from probe.core.failures import is_failed
from probe.core.trace import Trace


def _kappa(truth: Sequence[bool], pred: Sequence[bool]) -> float | None:
    if len(set(truth)) <= 1 and len(set(pred)) <= 1:
        return None
    k = float(cohen_kappa_score(list(truth), list(pred)))
    return None if k != k else round(k, 4)


def scores(truth: Sequence[bool], pred: Sequence[bool]) -> dict[str, Any]:
    tp = sum(1 for t, p in zip(truth, pred) if t and p)
    fp = sum(1 for t, p in zip(truth, pred) if p and not t)
    fn = sum(1 for t, p in zip(truth, pred) if t and not p)
    tn = len(truth) - tp - fp - fn
    return {"tp": tp, "fp": fp, "fn": fn, "tn": tn,
            "precision": round(tp / (tp + fp), 4) if tp + fp else None,
            "recall": round(tp / (tp + fn), 4) if tp + fn else None,
            "kappa": _kappa(truth, pred)}


def agreement(domain: Domain, traces: Sequence[Trace], judge: Any) -> dict[str, Any]:
    ids = [p.id for p in domain.policies]
    truth: dict[str, list[bool]] = {p: [] for p in ids}
    pred: dict[str, list[bool]] = {p: [] for p in ids}
    labelled, failed, target_failed = 0, 0, []
    for t in traces:
        if is_failed(t):  # not scored: neither side's "not violated" measures anything there
            target_failed.append(t.id)
            continue
        labels = judge.policy_labels(t)
        if labels is None:
            failed += 1
            continue
        labelled += 1
        hit = {v.policy for v in domain.verify(t.messages, t.scenario)}
        for p in ids:
            truth[p].append(p in hit)
            pred[p].append(bool(labels.get(p, False)))
    per = {p: scores(truth[p], pred[p]) for p in ids}
    all_t = [x for p in ids for x in truth[p]]
    all_p = [x for p in ids for x in pred[p]]
    return {"judge": getattr(judge, "name", "judge"), "traces": labelled, "judge_failed": failed,
            "target_failed": len(target_failed), "target_failed_ids": target_failed, "policies": per,
            "kappa_undefined": sum(1 for s in per.values() if s["kappa"] is None), "overall": scores(all_t, all_p)}


__all__ = ["agreement", "scores"]
