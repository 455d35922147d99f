"""Endpoint roles against the loopback OpenAI-compatible stub with recorded responses."""

import json

from openai_stub_server import StubServer, text

from probe.adat.catalog import load_catalog
from probe.adat.records import Evidence, ScenarioRef, Statement, Test
from probe.adat.roles import EndpointExtractor, EndpointGenerator, EndpointJudge, EndpointPlanner
from probe.core.registry import get_domain
from probe.core.trace import Trace, TraceMeta

DOMAIN = get_domain("mock")
EP = {"timeout_s": 5.0, "max_retries": 0}


def _statement():
    ev = Evidence(trace_id="d1", message_index=1, reply="Members may have at most 3 books on loan.", request="Lend me 4 books.",
                  user_turn=0)
    return Statement(id="h1", text="If a member asks for more books than the limit, refuse.", condition="asks for 4 books",
                     behaviour="Members may have at most 3 books on loan.", kind="limit", evidence=[ev], support=1,
                     confidence=0.9)


def _plain():
    return Test(id="t-h1-plain", kind="plain", statement_id="h1", scenario=ScenarioRef(env="mock", family="borrow_one", seed=0),
                goal="g", step_hints=["Lend me 4 books."], check_turn=0, success_criteria=["s"], failure_criteria=["f"],
                turn_limit=1, expected="Members may have at most 3 books on loan.")


def _trace():
    return Trace.model_construct(id="d1", env="mock", seed=0, scenario=DOMAIN.scenario("borrow_one", 0), target={},
                                 messages=[{"role": "user", "content": "Lend me 4 books."},
                                           {"role": "assistant", "content": "Members may have at most 3 books on loan."}],
                                 violations=[], meta=TraceMeta())


def test_generator_parses_a_recorded_test_and_a_not_applicable_answer():
    answer = {"applicable": True, "goal": "over the limit by one", "step_hints": ["Hi.", "Lend me 5 books."], "check_turn": 1,
              "expected": "Members may have at most 3 books on loan.", "change": "count 4 -> 5"}
    ins = load_catalog()[0]
    with StubServer() as server:
        server.push(text("```json\n" + json.dumps(answer) + "\n```"), text('{"applicable": false, "reason": "no number"}'),
                    text("I am not sure."))
        gen = EndpointGenerator(base_url=server.url, model="stub", **EP)
        test, change = gen.transformed(_statement(), ins, _plain(), [], {})
        assert test.step_hints == ["Hi.", "Lend me 5 books."] and test.check_turn == 1 and change == "count 4 -> 5"
        assert test.kind == "transformed" and test.instruction_id == ins.id and test.expectation == "same"
        assert gen.transformed(_statement(), ins, _plain(), [], {}) == (None, "no number")
        assert gen.transformed(_statement(), ins, _plain(), [], {})[0] is None and gen.llm.failures
        sent = json.loads(server.requests[0]["messages"][-1]["content"])
        assert sent["instruction"] == ins.text and server.requests[0]["messages"][0]["role"] == "system"


def test_judge_planner_extractor():
    with StubServer() as server:
        server.push(text('{"verdict": "fail", "reason": "lent a fourth book"}'), text('{"verdict": "maybe"}'),
                    text(json.dumps({"L1": True})), text('{"family": "return_book", "strategy": "probe the limits"}'),
                    text('{"family": "nonsense"}'),
                    text(json.dumps({"statements": [{"condition": "asks for more than the limit", "reply_index": 0,
                                                     "behaviour": "Members may have at most 3 books on loan.",
                                                     "kind": "limit"}]})),
                    text('{"grounded": true, "confidence": 0.8}'))
        judge = EndpointJudge(DOMAIN, base_url=server.url, model="stub", **EP)
        assert judge.judge(_plain(), _trace())[:2] == ("fail", "lent a fourth book")
        assert judge.judge(_plain(), _trace())[0] == "inconclusive"
        labels = judge.policy_labels(_trace())
        assert set(labels) == {p.id for p in DOMAIN.policies} and labels.get("L1", True)
        planner = EndpointPlanner(DOMAIN.families, base_url=server.url, model="stub", **EP)
        assert planner.plan(0, []) == ("return_book", "probe the limits")
        fam, _ = planner.plan(1, [])  # unknown family: the CPU planner's choice
        assert fam in DOMAIN.families and planner.llm.failures
        (st,) = EndpointExtractor(base_url=server.url, model="stub", **EP).statements([_trace()])
        assert st.grounded and st.confidence == 0.8 and st.evidence[0].message_index == 1 and st.kind == "limit"
