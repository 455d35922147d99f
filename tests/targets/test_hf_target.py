"""The hf target: a tiny random chat model built here (own tokenizer and chat template, no
download) runs the shared tool loop; ``<tool_call>`` blocks are parsed into tool calls."""

from __future__ import annotations

import json

import pytest

from probe.core.episode import Episode
from probe.targets import make_target
from probe.targets.hf_target import HFCompleter, parse_tool_calls

CHAT_TEMPLATE = """
{%- if tools %}<|im_start|>system
{{ messages[0].content if messages[0].role == 'system' else '' }}
# Tools
<tools>
{%- for t in tools %}
{{ t | tojson }}
{%- endfor %}
</tools><|im_end|>
{% endif %}
{%- for m in messages %}
{%- if m.role == 'system' %}{% if not tools %}<|im_start|>system
{{ m.content }}<|im_end|>
{% endif %}
{%- elif m.role == 'assistant' %}<|im_start|>assistant
{{ m.content or '' }}{% for tc in m.tool_calls or [] %}<tool_call>
{"name": "{{ tc.function.name }}", "arguments": {{ tc.function.arguments | tojson }}}
</tool_call>{% endfor %}<|im_end|>
{% elif m.role == 'tool' %}<|im_start|>user
<tool_response>
{{ m.content }}
</tool_response><|im_end|>
{% else %}<|im_start|>{{ m.role }}
{{ m.content }}<|im_end|>
{% endif %}
{%- endfor %}
{%- if add_generation_prompt %}<|im_start|>assistant
{% endif %}"""


@pytest.fixture(scope="module")
def scenario(domain):
    return domain.scenario("one_way", 1000003)


@pytest.fixture(scope="module")
def tiny_model_dir(tmp_path_factory, domain):
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    path = tmp_path_factory.mktemp("tiny-chat")
    special = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    corpus = [domain.system_prompt, json.dumps(domain.tool_schemas), "<tool_call> </tool_call> flights from ORD"]
    tok.train_from_iterator(corpus, trainers.BpeTrainer(vocab_size=600, special_tokens=special,
                                                        initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, eos_token="<|im_end|>", pad_token="<|endoftext|>",
                                   bos_token=None)
    fast.chat_template = CHAT_TEMPLATE
    fast.save_pretrained(path)
    torch.manual_seed(0)
    config = LlamaConfig(vocab_size=len(fast), hidden_size=32, intermediate_size=64, num_hidden_layers=1,
                         num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=32768,
                         eos_token_id=fast.eos_token_id, pad_token_id=fast.pad_token_id)
    LlamaForCausalLM(config).save_pretrained(path)
    return path


def test_parse_tool_calls_hermes_format():
    reply = parse_tool_calls('Let me look.\n<tool_call>\n{"name": "search_flights", "arguments": '
                             '{"origin": "ORD", "destination": "LIS", "date": "2026-06-12"}}\n</tool_call>\n'
                             '<tool_call>{"name": "get_flight_details", "arguments": {"flight_id": "SA0001"}}</tool_call>')
    assert reply.content == "Let me look."
    assert [c.name for c in reply.tool_calls] == ["search_flights", "get_flight_details"]
    assert json.loads(reply.tool_calls[0].arguments) == {"origin": "ORD", "destination": "LIS", "date": "2026-06-12"}
    bad = parse_tool_calls('<tool_call>{"name": "book_flight", "arguments": {"flight_ids": [</tool_call>')
    assert bad.tool_calls[0].name == "book_flight" and bad.content is None
    assert bad.tool_calls[0].arguments == '{"name": "book_flight", "arguments": {"flight_ids": ['
    unclosed = parse_tool_calls('<tool_call>{"name": "lookup_booking", "arguments": {"booking_id": "BK123456"}}')
    assert unclosed.tool_calls[0].name == "lookup_booking"
    plain = parse_tool_calls("<think>hm</think>Hello there")
    assert plain.content == "Hello there" and plain.tool_calls == []


def test_tiny_random_model_plays_a_turn(domain, scenario, tiny_model_dir):
    target = make_target(domain, "hf", model=str(tiny_model_dir), max_tokens=12)
    ep = Episode(domain, scenario, target, "ep-hf")
    ep.user_turn("I need a flight from Boston")
    ep.user_turn("tomorrow please")
    trace = ep.to_trace()
    assert [m["role"] for m in trace.messages if m["role"] == "user"] == ["user", "user"]
    assert trace.messages[-1]["role"] == "assistant" and "tool_calls" not in trace.messages[-1]
    assert trace.target["kind"] == "hf" and trace.target["model"] == str(tiny_model_dir)
    assert trace.target["system_prompt_hash"] == domain.system_prompt_hash and trace.target["tool_schema_hash"]
    assert trace.meta["errors"] == []
    assert all(f["kind"] in ("empty_reply", "tool_loop_limit") for f in trace.meta["turn_failures"])
    domain.verify(trace.messages, trace.scenario)  # scores without error


def test_scripted_generation_shows_tool_call_parsing(domain, scenario, tiny_model_dir, monkeypatch):
    outputs = iter([
        '<tool_call>\n{"name": "search_flights", "arguments": ' + json.dumps(
            {"origin": scenario["origin"], "destination": scenario["destination"], "date": scenario["date"]})
        + '}\n</tool_call><tool_call>{"name": "get_flight_details", "arguments": {"flight_id": [</tool_call>',
        "I found flights for you.",
    ])
    prompts = []
    real = HFCompleter.generate_text

    def scripted(self, request):
        real(self, request)  # the real chat template renders the history, tool calls included
        prompts.append(request.messages)
        return next(outputs)

    monkeypatch.setattr(HFCompleter, "generate_text", scripted)
    target = make_target(domain, "hf", model=str(tiny_model_dir), max_tokens=4)
    ep = Episode(domain, scenario, target, "ep-hf-scripted")
    ep.user_turn("flights please")
    trace = ep.to_trace()
    assert [m["role"] for m in trace.messages] == ["user", "assistant", "tool", "tool", "assistant"]
    names = [c["function"]["name"] for c in trace.messages[1]["tool_calls"]]
    assert names == ["search_flights", "get_flight_details"]
    assert json.loads(trace.messages[2]["content"])["flights"]
    assert "error" in json.loads(trace.messages[3]["content"])
    assert [v.message_index for v in trace.violations if v.policy == "S2"] == [1]
    assert trace.messages[-1] == {"role": "assistant", "content": "I found flights for you."}
    assert prompts[1][-1]["role"] == "tool"  # the second generation saw the tool results
