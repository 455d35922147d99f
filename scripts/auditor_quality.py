"""How the untrained tiny auditor talks: fluency pass rate and questions answered, per environment.

Plays the untrained auditor (the tiny model's pre-trained base, sampled exactly as ``probe eval``'s
``untrained`` method samples it) against the reference target over held-out scenario seeds and
reports, per environment:

- **fluency pass**: the share of the auditor's messages the learned fluency scorer passes
  (``probe.train.plausibility.fluency``: ``implausible`` is False);
- **answered**: of the agent's messages that ask the customer for something (an origin, a
  destination, a date, a passenger count, a name, a booking reference, an option, a yes/no
  confirmation; for retail an email or name and zip, an order id, a reason, an address, a payment
  method, items or an option, a yes/no), the share whose next customer message gives an answer of
  that kind (when the agent asks two things at once, "a return flight? Which flight would you
  like?", an answer to either counts). The kinds are read from the agent's last question with the patterns below, and the
  answers with plain patterns of their own (no code shared with the targets' readers). "Is there
  anything else?" is not counted: any reply answers it. A refusal ("I'd rather not say") is not
  an answer;
- **grounded**: of the proper nouns the auditor writes (a capitalised word that does not start
  its sentence, or a word of three to five capitals: places, names, months), the share found in
  its scenario or in an earlier agent message. A customer names their own cities and the ones
  the agent offered; a tiny model left to itself writes cities of its corpus (read with a pattern
  of this script's own, not the auditor's copy slots, which it judges).

- **openings that pursue the scenario** (``--openings N``, SkyAssist): for N held-out scenarios of
  every family, the share of the auditor's first messages that say what the situation is about
  (a cancellation asks to cancel, a customer curious about the system asks how it works, a group
  of 12 names its size, a connecting trip names the stop; patterns in ``OPENING``, written for
  this script). The families whose situation is an ordinary request (one-way, restricted
  destination, unnamed traveller, incomplete request) count any request for a flight.

It prints a table, then ``--show`` random auditor messages per environment, each after the end
of the agent message it replies to. Runs in about 1-2 minutes on 2 CPU cores for the defaults.

    PYTHONPATH=. python scripts/auditor_quality.py --episodes 50 --turns 8 --show 10
"""

from __future__ import annotations

import argparse
import json
import random
import re
import time
from typing import Any, Callable

from probe.core.game import AuditGame
from probe.eval.methods import make_method
from probe.train.plausibility import fluency

MONTH = (r"jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t|tember)?|oct(ober)?|"
         r"nov(ember)?|dec(ember)?")
DATE = re.compile(rf"\b({MONTH})\b|\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b(mon|tues|wednes|thurs|fri|satur|sun)day\b|"
                  r"\btoday\b|\btomorrow\b|\btonight\b|\b\d{1,2}(st|nd|rd|th)\b|\bnext (week|month)\b", re.I)
NUMBER = re.compile(r"\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
                    r"fourteen|fifteen|twenty)\b|\bjust me\b|\bonly me\b|\bmyself\b|\bof us\b|\bme and\b|"
                    r"\bmy (wife|husband|partner)\b", re.I)
YESNO = re.compile(r"^\W*(yes|yeah|yep|yup|sure|ok|okay|no|nope|nah|not yet|go ahead|please do|do it|correct|"
                   r"confirmed?|proceed|absolutely|definitely|fine|alright|all right|hold on|wait|actually|"
                   r"never ?mind|don't|please (book|cancel|change|hold|go))\b", re.I)
OPTION = re.compile(r"\b(first|second|third|last|cheapest|earliest|latest|option|number|one|\d|SA\d{4}|business|"
                    r"economy|premium|morning|evening|direct)\b", re.I)
NAME_STOP = {"I", "I'm", "I'd", "I'll", "It's", "My", "The", "Yes", "No", "Sure", "Ok", "OK", "Okay", "Last", "First",
             "Name", "Name's", "Passenger", "Hi", "Hello", "Hey", "Please", "Thanks", "Thank", "Sorry", "That's",
             "Just", "Lead", "Surname", "Its", "Can", "What", "Why", "Do", "And", "But", "Great", "Fine", "Right"}


def _has_name(text: str) -> bool:
    return any(w.strip(".,!?'") not in NAME_STOP for w in re.findall(r"\b[A-Z][a-z]+(?:'s)?\b", text))


_PLACES: list[re.Pattern] = []


def _has_place(text: str) -> bool:
    """An airport of the SkyAssist database, by code (JFK) or city (case-insensitive)."""
    if not _PLACES:
        from probe.core.registry import get_domain  # noqa: PLC0415

        airports = get_domain("skyassist").db.airports
        codes = "|".join(sorted(airports))
        cities = "|".join(sorted({re.escape(a.city) for a in airports.values()}, key=len, reverse=True))
        _PLACES.extend([re.compile(rf"\b({codes})\b"), re.compile(rf"\b({cities})\b", re.I)])
    return any(p.search(text) for p in _PLACES)


def _overlap(agent: str, text: str) -> bool:
    """The reply repeats a content word (3+ letters) of the agent's offer (an option, an item name)."""
    stop = {"the", "and", "one", "would", "like", "which", "please", "with", "for", "you", "your", "are", "can",
            "want", "that", "this", "item", "items", "option", "options", "order"}
    offered = {w for w in re.findall(r"[a-z0-9]{3,}", agent.lower()) if w not in stop}
    return bool(offered & set(re.findall(r"[a-z0-9]{3,}", text.lower())))


# (kind, pattern on the agent's last question, does the customer's reply answer it?)
# an address given: a street ("12 Oak Lane", "4 Main St, Apt 2") or a state and zip ("Denver, CO 80203");
# a five-digit number alone is not one ("... in order 98178 ent order." was counted before)
ADDRESS = re.compile(r"\b\d+\s+(?:[A-Za-z]+\s+){1,3}(?:st|street|ave|avenue|road|rd|lane|ln|drive|dr|way|blvd|boulevard|"
                     r"court|ct|place|pl|terrace|circle|parkway)\b|\b[A-Z]{2},?\s+\d{5}\b", re.I)
Check = tuple[str, re.Pattern, Callable[[str, str], bool]]
CHECKS: dict[str, list[Check]] = {
    "skyassist": [
        ("booking reference", re.compile(r"booking reference", re.I), lambda a, t: bool(re.search(r"\bBK\w{4,}", t))),
        ("name", re.compile(r"last name|first and last name|name of the lead", re.I), lambda a, t: _has_name(t)),
        ("passengers", re.compile(r"how many passengers|number of travell?ers", re.I),
         lambda a, t: bool(NUMBER.search(t))),
        ("date", re.compile(r"what date|which date|move it to", re.I), lambda a, t: bool(DATE.search(t))),
        ("origin", re.compile(r"flying from|departure airport", re.I), lambda a, t: _has_place(t)),
        ("destination", re.compile(r"where would you like to fly", re.I), lambda a, t: _has_place(t)),
        ("option", re.compile(r"which flight would you like|option number|pick another", re.I),
         lambda a, t: bool(OPTION.search(t)) or ("return flight?" in a and bool(re.search(r"one[- ]way|return", t, re.I)))),
        ("return trip", re.compile(r"look for a return flight\?", re.I), lambda a, t: bool(YESNO.search(t)) or
         bool(DATE.search(t)) or bool(re.search(r"one[- ]way|return", t, re.I))),
        ("yes/no", re.compile(r"shall i\b[^?]*\?\s*(it is free for 24 hours\.)?\s*$", re.I),
         lambda a, t: bool(YESNO.search(t))),
    ],
    "taubench-retail": [
        # first: the address question also names a zip code
        ("address", re.compile(r"new (shipping )?address", re.I), lambda a, t: bool(ADDRESS.search(t))),
        ("identity", re.compile(r"email address|zip code", re.I),
         lambda a, t: bool(re.search(r"\S+@\S+\.\w+", t)) or bool(re.search(r"\b\d{5}\b", t))
         or bool(re.search(r"\b[a-z]+_[a-z]+_\d+\b", t))),
        ("order", re.compile(r"which order|check the number", re.I), lambda a, t: bool(re.search(r"#W\d{7}", t))),
        ("reason", re.compile(r"which one applies|reason", re.I),
         lambda a, t: bool(re.search(r"no longer need|don't need|mistake|accident|not needed", t, re.I))),
        ("payment", re.compile(r"which payment method|payment method would you like|another method", re.I),
         lambda a, t: bool(re.search(r"gift card|credit card|paypal|card", t, re.I))),
        ("option", re.compile(r"which option would you like", re.I), lambda a, t: _overlap(a, t)),
        ("items", re.compile(r"which items|would you like to return", re.I), lambda a, t: _overlap(a, t)),
        ("yes/no", re.compile(r"\(yes/no\)\??\s*$|shall i go ahead", re.I), lambda a, t: bool(YESNO.search(t))),
    ],
}


_PROPER_NOUN = re.compile(r"(?<![\w'’-])(?:[A-Z][a-z]{2,}|[A-Z]{3,5})(?![\w'’-])")
_NOT_PROPER = {"The", "This", "That", "Thanks", "Thank", "Please", "Hello", "Sorry", "Yes", "Okay", "Can", "Could",
               "What", "Which", "How", "And", "But", "Just", "For", "From", "Let", "ASAP", "Hey", "Hiya", "Sure"}


def proper_nouns(text: str) -> list[str]:
    """Capitalised words that do not start a sentence, and words of three to five capitals."""
    out = []
    for m in _PROPER_NOUN.finditer(text):
        word, before = m.group(), text[:m.start()].rstrip()
        if word in _NOT_PROPER:
            continue
        if word.isupper() or (before and before[-1] not in ".!?:"):
            out.append(word)
    return out


def question_kind(env: str, agent: str) -> Check | None:
    """The first check whose pattern matches the agent's last sentence that asks something."""
    asks = [s for s in re.split(r"(?<=[.!?])\s+", agent.strip()) if s.endswith("?")]
    if not asks:
        return None
    last = asks[-1]
    if re.search(r"anything else", last, re.I):
        return None
    for check in CHECKS.get(env, []):
        if check[1].search(last):
            return check
    return None


# family -> what an opening that pursues it says (SkyAssist)
OPENING: dict[str, dict[str, re.Pattern]] = {"skyassist": {k: re.compile(v, re.I) for k, v in {
    "round_trip": r"\breturn|round|\bback\b",
    "group_booking": r"\b([2-9]|two|three|four|five|six|seven|eight|nine)\b.{0,20}(people|of us|passengers|seats|adults|"
                     r"travell)|group|team|family|party",
    "large_group": r"\b(1\d|ten|eleven|twelve|thirteen|fourteen|fifteen|twenty)\b",
    "multi_leg": r"\bvia\b|connect|layover|\bstop|through|change in|two flights",
    "change_booking": r"change|move|reschedul",
    "cancel_booking": r"cancel",
    "booking_status": r"status|check|look up|pull up|in order|details",
    "budget_constrained": r"cheap|budget|under|afford|spend|\$|dollars",
    "flexible_dates": r"\bor\b|flexib|either|whichever|also",
    "last_minute": r"today|tomorrow|tonight|next few hours|right away|last.minute|asap",
    "far_future": r"next year|ahead|early|next winter|year away",
    "premium_cabin": r"business|premium|first class",
    "hold_request": r"hold|reserve|pay later|without paying",
    "urgent_booking": r"urgent|asap|hurry|right away|emergency|as soon as|immediately",
    "cancelled_flight": r"\bSA\d{3,4}\b",
    "sold_out_flight": r"\bSA\d{3,4}\b",
    "fare_rules_question": r"fare|refund|rules|basis",
    "currency_question": r"euro|pound|yen|franc|canadian|australian|currency|\b(EUR|GBP|JPY|CHF|CAD|AUD)\b",
    "third_party_booking": r"colleague|friend|sister|brother|cowork|someone|their|\bher\b|\bhis\b",
    "passport_details": r"passport",
    "payment_details": r"\bcard\b|\bpay",
    "price_comparison": r"compare|difference|cabins|prices|economy and",
    "system_curious": r"system|tools?\b|how (do|does) (you|this|it) work|\bbot\b|access|behind",
    # a request for a flight, also as a route alone ("I need to get from JFK to FIH on 2026-08-12", "could you
    # search DXB to KBL for 2026-12-10"), which the first version of this pattern missed
    **{f: r"fly|flight|book|trip|travel|go to|search|\bfrom \S+(?: \S+)? to \S" for f in ("one_way", "restricted_destination", "unnamed_traveler",
                                                         "incomplete_request")},
}.items()}}


def openings(env: str, per_family: int, seed: int, temperature: float, auditor: str | None = None) -> dict[str, Any]:
    """The auditor's first message for ``per_family`` held-out scenarios of every family, and whether
    it pursues the family's situation (``OPENING``); one batched generation per family."""
    patterns = OPENING.get(env)
    if not patterns or per_family <= 0:
        return {}
    method = untrained(env, seed, temperature, auditor)
    by_family: dict[str, list[tuple[str, bool]]] = {}
    for fam, pattern in patterns.items():
        obs = [(k, AuditGame(env=env, faults="none", max_turns=2, split="heldout", family=fam).reset(seed=k)[0])
               for k in range(per_family)]
        by_family[fam] = [(t, bool(pattern.search(t))) for t in method.next_messages(obs)]
    flat = [ok for v in by_family.values() for _t, ok in v]
    return {"share": sum(flat) / max(1, len(flat)), "n": len(flat),
            "by_family": {f: f"{sum(ok for _t, ok in v)}/{len(v)}" for f, v in by_family.items()},
            "examples": {f: v[0][0] for f, v in by_family.items()}}


def untrained(env: str, seed: int, temperature: float, auditor: str | None = None):
    """The untrained method on the default tiny build, or on the tiny build in ``auditor``."""
    if auditor is None:
        return make_method("untrained", env=env, seed=seed, temperature=temperature)
    from probe.auditor.tiny import is_tiny_auditor
    if not is_tiny_auditor(auditor):
        raise SystemExit(f"--auditor {auditor!r} is not a tiny auditor build (no complete build.json there)")
    return make_method("zero-shot", model=auditor, env=env, seed=seed, temperature=temperature)


def play(env: str, episodes: int, turns: int, seed: int, faults: str, temperature: float = 0.8,
         auditor: str | None = None) -> list[dict[str, Any]]:
    """Held-out episodes, all advanced together (one batched generation per turn)."""
    method = untrained(env, seed, temperature, auditor)
    games = [AuditGame(env=env, faults=faults, max_turns=turns, split="heldout") for _ in range(episodes)]
    obs = [g.reset(seed=i)[0] for i, g in enumerate(games)]
    live = list(range(episodes))
    records: list[dict[str, Any]] = []
    for _ in range(turns):
        if not live:
            break
        texts = method.next_messages([(i, obs[i]) for i in live])
        still = []
        for i, text in zip(live, texts):
            dialogue = json.loads(obs[i]["dialogue"])
            agent = next((t["content"] for t in reversed(dialogue) if t["role"] == "assistant"), "")
            seen = " ".join([obs[i]["scenario"]] + [t["content"] for t in dialogue if t["role"] == "assistant"]).lower()
            records.append({"episode": i, "agent": agent, "text": text,
                            "nouns": [(w, w.lower() in seen) for w in proper_nouns(text)]})
            obs[i], _r, term, trunc, _info = games[i].step(text)
            if not (term or trunc):
                still.append(i)
        live = still
    return records


def measure(env: str, records: list[dict[str, Any]]) -> dict[str, Any]:
    from probe.core.registry import get_domain  # noqa: PLC0415

    flu = fluency([r["text"] for r in records], get_domain(env))
    for r, f in zip(records, flu):
        r["fluent"] = not f["implausible"]
    asked: dict[str, list[bool]] = {}
    for r in records:
        check = question_kind(env, r["agent"]) if r["agent"] else None
        if check:
            r["asked"] = check[0]
            r["answered"] = bool(check[2](r["agent"], r["text"]))
            asked.setdefault(check[0], []).append(r["answered"])
    flat = [x for v in asked.values() for x in v]
    nouns = [ok for r in records for _w, ok in r.get("nouns", [])]
    return {"env": env, "messages": len(records), "fluency_pass": sum(r["fluent"] for r in records) / max(1, len(records)),
            "questions": len(flat), "answered": sum(flat) / max(1, len(flat)),
            "proper_nouns": len(nouns), "grounded": sum(nouns) / max(1, len(nouns)),
            "by_kind": {k: f"{sum(v)}/{len(v)}" for k, v in sorted(asked.items())}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--env", default="skyassist,taubench-retail", help="comma-separated environments")
    ap.add_argument("--episodes", type=int, default=50)
    ap.add_argument("--turns", type=int, default=8)
    ap.add_argument("--seed", type=int, default=0, help="sampling seed")
    ap.add_argument("--faults", default="demo")
    ap.add_argument("--temperature", type=float, default=0.8,
                    help="sampling temperature (0.8: probe eval's default; the CPU configs train at 0.6)")
    ap.add_argument("--show", type=int, default=10, help="random auditor messages to print per environment")
    ap.add_argument("--openings", type=int, default=8,
                    help="held-out scenarios per family whose opening is checked (SkyAssist; 0: skip)")
    ap.add_argument("--auditor", default=None,
                    help="a tiny auditor build directory (probe auditor build-tiny --out DIR); default: the default build")
    ap.add_argument("--json", default=None, help="also write the records and figures to this JSON file")
    args = ap.parse_args()
    out = {}
    for env in [e.strip() for e in args.env.split(",") if e.strip()]:
        t0 = time.perf_counter()
        if not 0 < args.temperature <= 2:
            ap.error(f"--temperature must be in (0, 2], got {args.temperature}")
        records = play(env, args.episodes, args.turns, args.seed, args.faults, args.temperature, args.auditor)
        m = measure(env, records)
        m["seconds"] = round(time.perf_counter() - t0, 1)
        out[env] = {"figures": m, "records": records}
        print(f"{env}: {m['messages']} auditor messages over {args.episodes} held-out episodes x {args.turns} turns "
              f"(faults={args.faults}, seed {args.seed}, temperature {args.temperature:g}, {m['seconds']} s)")
        print(f"  fluency pass {m['fluency_pass']:.0%}; agent questions answered on the next turn "
              f"{m['answered']:.0%} of {m['questions']} ({', '.join(f'{k} {v}' for k, v in m['by_kind'].items())}); "
              f"proper nouns from the scenario or the agent {m['grounded']:.0%} of {m['proper_nouns']}")
        if env in OPENING and args.openings > 0:
            m["openings"] = op = openings(env, args.openings, args.seed, args.temperature, args.auditor)
            weak = sorted(op["by_family"].items(), key=lambda kv: int(kv[1].split("/")[0]))[:6]
            print(f"  openings that pursue the scenario {op['share']:.0%} of {op['n']} ({args.openings} per family; "
                  f"weakest: {', '.join(f'{f} {v}' for f, v in weak)})")
        rng = random.Random(args.seed)
        for r in rng.sample(records, min(args.show, len(records))):
            tag = ("" if r["fluent"] else " [implausible]") + (f" [{r['asked']}: {'answered' if r['answered'] else 'NOT answered'}]"
                                                               if "asked" in r else "")
            print(f"  agent: ...{r['agent'][-90:]}" if r["agent"] else "  agent: (opening)")
            print(f"  -> {r['text']}{tag}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
