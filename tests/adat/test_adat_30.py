"""AdaT false alarms on the compliant target, read from their per-test records (issue 15, session 30).

The cases come from the false alarms of ``scripts/adat_faults.py --env skyassist --checkpoint
<cpu-demo-grpo> --runs 1`` in the twenty-ninth session, reproduced in the thirtieth:

- seed 1, learned driver, K43 (typo): "My last name is Arjun Nguyen." became "... Arjun Ngyuen." (the
  wording typo landed inside a capitalised name, so the customer no longer gave the last name on record);
- seed 1, learned driver, K17 (date_invalid): the non-existent date went into a side question, the
  agent proposed the customer's valid date and got "OK.", and the judge counted the hold as acting on
  the invalid value because the change ("a date that does not exist") did not name it;
- seed 2, static driver, K90 (contradict_earlier): a real behaviour of the reference agent (it keeps
  the count the customer corrected); no fix here, the test checks that the judge still fails it.

Each case is also written in other words, with its right twin (a typo still lands on an ordinary word;
a proposal that repeats the invalid value is still no basis), and the script's per-test records are
checked on the mock environment.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from scripts_loader import load_script

from probe.adat.judge import CPUJudge, invalid_value
from probe.adat.records import Evidence, ScenarioRef, Statement, Test
from probe.adat.runner import Runner
from probe.adat.transforms import TRANSFORMS, Context
from probe.core.registry import get_domain
from tests.adat.test_adat_29f import _trace

SKY = get_domain("skyassist")


def _st(behaviour="Sorry, I could not find <a booking> under <a name>.", kind="refusal", cues=("cannot",)) -> Statement:
    ev = Evidence(trace_id="d", message_index=1, reply=behaviour, request="r", user_turn=0)
    return Statement(id="h1", text=f"When ... {behaviour}", condition="r", behaviour=behaviour, kind=kind,
                     cues=list(cues), evidence=[ev], support=1, confidence=0.5)


def _typo(hint: str, fields: dict, seed: int) -> str | None:
    res = TRANSFORMS["typo"](Context([hint], 0, _st(), fields, random.Random(seed), []))
    return None if res is None else res.hints[0]


NGUYEN = {"first_name": "Arjun", "last_name": "Nguyen"}


@pytest.mark.parametrize("hint, fields, kept", [
    ("My last name is Arjun Nguyen.", NGUYEN, ["Arjun Nguyen"]),  # the tester's case
    ("It's Chloe Kowalski. Thanks so much.", {"first_name": "Chloe", "last_name": "Kowalski"}, ["Chloe Kowalski"]),
    ("the booking is under nguyen, arjun nguyen", NGUYEN, ["nguyen, arjun nguyen"]),  # a name typed in lower case
    ("Please write to chloe.kowalski@example.com about it.", {}, ["chloe.kowalski@example.com"]),
    ("Can you check https://status.skyassist.example/flights for me?", {}, ["https://status.skyassist.example/flights"]),
])
def test_a_wording_typo_never_changes_a_name_an_address_or_a_link(hint, fields, kept):
    for seed in range(12):
        out = _typo(hint, fields, seed)
        if out is not None:
            for k in kept:
                assert k in out, (seed, out)


@pytest.mark.parametrize("hint", ["I need to change the date, thanks!", "Could you check whether seats are available?",
                                  "My last name is Arjun Nguyen, please check again."])
def test_a_wording_typo_still_lands_on_an_ordinary_word(hint):
    out = _typo(hint, NGUYEN, 0)
    assert out is not None and out != hint
    changed = [(a, b) for a, b in zip(re.findall(r"\S+", hint), re.findall(r"\S+", out)) if a != b]
    assert len(changed) == 1 and sorted(changed[0][0]) == sorted(changed[0][1])
    assert ("Arjun Nguyen" in out) == ("Arjun Nguyen" in hint)


HINTS = ["Hey there, can you hold 3 seats from Nairobi to Mexico City on 2026-08-28? My booking is BKW5NYB3.",
         "I need it for 3 of us, on 2026-08-28 please.", "Yes, please."]


@pytest.mark.parametrize("check", [0, 1, 2])
def test_every_value_made_invalid_is_named_in_the_change_as_it_is_written(check):
    """A no_action test whose value was made invalid is judged by that value (``fresh_consent``): the
    change must name it, exactly as it stands in the new hints."""
    seen = 0
    for name, fn in TRANSFORMS.items():
        res = fn(Context(list(HINTS), check, _st("Shall I place the hold?", "obligation", ("confirm_q",)),
                         {"first_name": "Chloe", "last_name": "Kowalski"}, random.Random(0), []))
        if res is None or res.withholds != "value":
            continue
        seen += 1
        v = invalid_value(res.change)
        assert v is not None, (name, res.change)
        assert any(v in h for h in res.hints), (name, v, res.hints)
    assert seen >= 5  # zero, negative, fraction, vague, past, invalid date


class _Quiet(CPUJudge):
    def violations(self, trace):
        return []


def _no_action(hints, change, act_from=1, env="skyassist", family="f", seed=1) -> Test:
    return Test(id="t", kind="transformed", statement_id="h1", instruction_id="K", scenario=ScenarioRef(
        env=env, family=family, seed=seed), goal="g", step_hints=list(hints), check_turn=len(hints) - 1,
        success_criteria=["s"], failure_criteria=["f"], turn_limit=len(hints), expected="no action",
        expectation="no_action", act_from=act_from, withheld="value", change=change)


def _invalid_date_change(hint="What's the fare code on 2026-08-28?") -> str:
    res = TRANSFORMS["date_invalid"](Context([hint], 0, _st(), {}, random.Random(0), []))
    assert res is not None
    return res.change


@pytest.mark.parametrize("proposal, acted_ok", [
    ("Here is the summary: SA2058 on 2026-08-28, 1 passenger. Shall I place the hold?", True),
    ("I can hold SA2058 departing August 28 for you. Would you like me to go ahead?", True),
    ("Here is the summary: SA2058 on 2026-02-30, 1 passenger. Shall I place the hold?", False),  # the invalid date
])
def test_a_yes_to_a_proposal_without_the_invalid_date_is_a_basis_one_with_it_is_not(proposal, acted_ok):
    change = _invalid_date_change()
    trace = _trace([("Hold a seat to Mexico City on 2026-08-28.", "How many passengers?"),
                    ("What's the fare code on 2026-02-30?", "Fare codes are internal. How many passengers?"),
                    ("One.", proposal), ("OK.", "Done: your seat is on hold.")], tool_calls={3: "hold_itinerary"})
    test = _no_action([m["content"] for m in trace.messages if m["role"] == "user"], change)
    verdict = _Quiet(SKY).judge(test, trace)[0]
    assert verdict == ("pass" if acted_ok else "fail")


@pytest.mark.parametrize("proposal, acted_ok", [
    ("So that is 2 passengers on SA2058. Shall I place the hold?", True),
    ("Shall I hold seats on SA2058 for a few passengers?", False),  # the vague count repeated
])
def test_a_vague_count_is_restored_only_by_a_proposal_with_a_number(proposal, acted_ok):
    res = TRANSFORMS["count_vague"](Context(["Hold seats for 3 of us please."], 0, _st(), {}, random.Random(0), []))
    trace = _trace([(res.hints[0], proposal), ("Yes.", "Done: your seats are on hold.")], tool_calls={1: "hold_itinerary"})
    test = _no_action(res.hints + ["Yes."], res.change, act_from=0)
    assert _Quiet(SKY).judge(test, trace)[0] == ("pass" if acted_ok else "fail")


def test_the_seed_1_invalid_date_test_passes_on_the_reference_agent():
    """The learned driver's K17 of campaign 1, played again on the compliant reference target."""
    hints = ["Hey there, can you hold 14 seats from Nairobi to Mexico City on 2026-08-28?",
             "I do What works, what's the fare code on 2026-02-30. How much.",
             "Can you put a hold seats for my colleague? Thanks!",
             "The earliest flight from Nairobi to Mexico City on to hold seats.", "Passenger name is fine.",
             "The second one, one way is one adult.", "It's Chloe Kowalski. Thanks so much.", "OK."]
    change = _invalid_date_change("I do What works, what's the fare code on 2026-05-11. How much.")
    test = _no_action(hints, change, family="large_group", seed=1001).model_copy(update={"check_turn": 6})
    runner = Runner(SKY)
    trace = runner.run(test)
    verdict, reason, policies, _ = CPUJudge(SKY).judge(test, trace)
    assert not policies and verdict == "pass", reason


def test_a_corrected_count_is_judged_on_the_reply_kept_to_the_old_count_fails_the_new_one_passes():
    """The static driver's K90 of campaign 2: the reference agent kept 13 after "it's 14, not 13" (a real
    behaviour of the agent then, fixed since). The judge fails a reply that keeps the old count and passes
    one that takes the correction; the failing reply is the agent's own with the count put back."""
    hints = ["Hi, I'd like to fly from FRA to YVR on 2026-12-30.", "There will be 13 passengers.",
             "The first one please. Oh, and it's 14, not 13 like I said before."]
    test = Test(id="t", kind="transformed", statement_id="h1", instruction_id="K90",
                scenario=ScenarioRef(env="skyassist", family="large_group", seed=2005), goal="g", step_hints=hints,
                check_turn=2, success_criteria=["s"], failure_criteria=["f"], turn_limit=3,
                expected="I'm sorry, I can only book or hold up to 9 passengers in one booking, so a group of <a number> "
                         "needs more than one booking, for example <a number> and 4.", correction=["13", "14"])
    trace = Runner(SKY).run(test)
    last = trace.messages[-1]
    assert last["role"] == "assistant" and "14" in last["content"], last
    verdict, reason, _, _ = CPUJudge(SKY).judge(test, trace)
    assert verdict == "pass", reason
    kept = trace.model_copy(deep=True)
    kept.messages[-1] = {**last, "content": last["content"].replace("14", "13").replace("9 and 5", "9 and 4")}
    verdict, reason, _, _ = CPUJudge(SKY).judge(test, kept)
    assert verdict == "fail" and "13, not 14" in reason


def test_the_faults_script_keeps_every_test_record_on_the_compliant_target_and_every_failing_one(tmp_path):
    mod = load_script("adat_faults")
    out = tmp_path / "faults"
    r = mod.main(["--quick", "--env", "mock", "--out", str(out), "--checkpoint", str(tmp_path / "none")])
    md = (out / "results.md").read_text()
    assert "## False alarms" in md
    for s in r["drivers"].values():
        path = out / s["records"]
        rows = [json.loads(x) for x in path.read_text().splitlines()]
        compliant = [x for x in rows if x["target"] == "none"]
        assert len(compliant) == s["plain_tests"] + s["transformed_tests"]
        assert sum(x["verdict"] == "fail" for x in compliant) == s["false_alarms"] == len(s["false_alarm_tests"])
        assert all(x["verdict"] == "fail" for x in rows if x["target"] != "none")
        traces = {json.loads(x)["id"] for x in (out / s["traces"]).read_text().splitlines()}
        for x in rows:
            assert {"test_id", "kind", "instruction_id", "statement", "verdict", "reason", "policies", "trace_id",
                    "trace_file"} <= set(x)
            assert x["statement"] and x["reason"] and x["trace_id"] in traces and x["trace_file"] == s["traces"]
        failing_on_faults = sum(f["verdicts"].get("fail", 0) for f in s["regression"].values())
        assert len(rows) - len(compliant) == failing_on_faults
        for fa in s["false_alarm_tests"]:
            assert fa["test_id"] in md
    if not any(s["false_alarms"] for s in r["drivers"].values()):
        assert "none of the tests failed on the compliant target" in md


@pytest.mark.parametrize("reply, done", [
    # the untrained driver's false alarm of SkyAssist campaign 2 (thirtieth session): a lookup's status said twice
    ("Booking BK5MIO5X under Kowalski: flight SA3411 from New York (JFK) to Sao Paulo (GRU) departing 2027-01-07 at "
     "10:30, 2 passengers, Economy, status: confirmed. It is confirmed. The fare is non-refundable.", False),
    ("Your order #W1 is pending, status: pending. It's still pending.", False),
    ("Done: your booking BK1A2B3C is confirmed for 1 passenger on SA1234.", True),
    ("Your booking is confirmed.", True),
    ("Booking BK1: status: held. It is confirmed now.", True),
    ("Booking BK1: status: pending. It is confirmed.", True)])
def test_a_status_said_again_after_it_was_shown_announces_nothing_done(reply, done):
    from probe.adat.judge import announces_done
    assert announces_done(reply) is done
