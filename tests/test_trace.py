from probe.core.policy import Violation
from probe.core.trace import BadLine, Trace, append_trace, iter_trace_file


def test_append_and_read_back_with_a_bad_line(tmp_path):
    p = tmp_path / "t.jsonl"
    t = Trace(id="ep-1", env="skyassist", seed=3, scenario={"family": "one_way"}, target={"kind": "reference"},
              messages=[{"role": "user", "content": "hi"}], violations=[Violation(0, "B2", "x")])
    append_trace(p, t)
    with open(p, "a") as f:
        f.write("{not json\n")
        f.write('{"id": "x"}\n')
    append_trace(p, t)
    items = list(iter_trace_file(p))
    assert [type(i).__name__ for i in items] == ["Trace", "BadLine", "BadLine", "Trace"]
    assert items[0].to_json() == t.to_json()
    assert isinstance(items[1], BadLine) and items[1].line_number == 2
