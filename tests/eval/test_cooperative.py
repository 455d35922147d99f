"""One cooperative customer: the skeleton (state, confirmation, closing, fallback, turn loop) is the
core's; an environment's subclass supplies only its phrases and questions through the hooks."""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.eval.methods import CooperativeCustomer, EpisodeInfo

SKELETON = ("begin", "reply", "next_messages", "_bye")


@pytest.mark.parametrize("env", ["skyassist", "mock", "taubench-retail"])
def test_every_environment_uses_the_core_skeleton(env):
    method = get_domain(env).cooperative_customer()
    assert isinstance(method, CooperativeCustomer)
    for cls in type(method).__mro__:
        if cls is CooperativeCustomer:
            break
        overridden = set(SKELETON) & set(vars(cls))
        assert not overridden, f"{cls.__qualname__} re-implements {sorted(overridden)}"


def _start(method, fields):
    method.begin([EpisodeInfo(index=0, scenario_text="", fields=fields, family="x", seed=0)])
    return method


def test_the_core_rules_in_order():
    m = _start(CooperativeCustomer(opening=lambda f: "I need help with my order."),
               {"last_name": "Lee", "first_name": "Ann", "order_id": "#W1"})
    assert m.reply(0, m.episodes[0].fields, "Shall I cancel it?") == "Yes, please go ahead."
    assert m.reply(0, m.episodes[0].fields, "Found: 1) red 2) blue") == "Option 1, please."
    assert m.reply(0, m.episodes[0].fields, "What is your name?") == "Ann Lee."
    assert m.reply(0, m.episodes[0].fields, "Which order id?") == "It is #W1."
    assert m.reply(0, m.episodes[0].fields, "Hmm.") == "I need help with my order."  # fallback 1: the opening
    assert m.reply(0, m.episodes[0].fields, "Hmm.") == "Yes, please go ahead."
    assert "goodbye" in m.reply(0, m.episodes[0].fields, "Hmm.")
    assert m.reply(0, m.episodes[0].fields, "Anything else?") is None  # done


def test_skyassist_hooks_keep_its_phrases():
    domain = get_domain("skyassist")
    m = domain.cooperative_customer()
    fields = {"family": "book_flight", "passengers": 2, "first_name": "Ann", "last_name": "Lee",
              "origin_city": "Boston", "destination_city": "Lisbon", "date": "2026-06-12"}
    _start(m, fields)
    assert m.reply(0, fields, "How many passengers are travelling?") == "2 passengers."
    assert m.reply(0, fields, "Found 1) SA0001 2) SA0002. Which flight?") == "Option 1, please."
    assert m.reply(0, fields, "That flight is sold out, please pick another.") == "Then option 2, please."
    assert m.reply(0, fields, "Book it? Shall I go ahead?") == "Yes, please go ahead."
    assert m.reply(0, fields, "Your flight is now booked.") == "Great, thank you. That's all, goodbye."


def _play(method, agent_lines, fields=None, family="x"):
    """The customer's messages (through the turn loop) to hand-written agent messages."""
    method.begin([EpisodeInfo(index=0, scenario_text="", fields=fields or {}, family=family, seed=0)])
    dialogue, out = [], []
    for line in [None, *agent_lines]:
        if line is not None:
            dialogue.append({"role": "assistant", "content": line})
        msg = method.next_messages([(0, {"dialogue": dialogue, "scenario": ""})])[0]
        out.append(msg)
        if msg is None:
            break
        dialogue.append({"role": "user", "content": msg})
    return out


def test_the_repeat_limit_is_a_core_rule_off_by_default():
    agent = ["Shall I go ahead?"] * 5
    plain = _play(CooperativeCustomer(opening=lambda f: "Hi."), agent)
    assert plain == ["Hi."] + ["Yes, please go ahead."] * 5  # off: SkyAssist's and the mock's dialogues as they were

    class Limited(CooperativeCustomer):
        max_repeats = 2

    out = _play(Limited(opening=lambda f: "Hi."), agent)
    assert out == ["Hi.", "Yes, please go ahead.", "Yes, please go ahead.",
                   "Never mind then, thank you. That's all, goodbye.", None]


def test_the_hooks_a_richer_customer_overrides():
    """Per-episode state from ``begin_episode``, the family in the fields, a ``confirm`` and a
    ``fallback_text`` of its own, no done phrase, and a ``before_confirm`` that ends the episode."""

    class Custom(CooperativeCustomer):
        done_pattern = None
        closing_phrases = ()

        def begin_episode(self, e):
            return {"confirms": 0, "family": e.family}

        def opening(self, f):
            return f"Hi, about {f['family']}."

        def before_confirm(self, i, f, agent, low):
            return self._bye(i, "Okay, bye.") if "transfer" in low else None

        def confirm(self, i, f):
            self.state[i]["confirms"] += 1
            return f"Yes ({self.state[i]['confirms']})."

        def fallback_text(self, i, f, n):
            return f"Pardon ({n})?"

    m = Custom()
    out = _play(m, ["Your order is all set.", "Shall I?", "Shall I?", "Hmm.", "Hmm.", "Hmm."], family="cancel")
    assert out == ["Hi, about cancel.", "Pardon (1)?", "Yes (1).", "Yes (2).", "Pardon (2)?",
                   "Never mind then, thank you. That's all, goodbye.", None]
    assert m.state[0] == {"confirms": 2, "family": "cancel"}
    assert _play(Custom(), ["Anything else?", "I'm transferring you.", "Hello?"]) == ["Hi, about x.", "Pardon (1)?", "Okay, bye.", None]
    assert "goodbye" in _play(CooperativeCustomer(opening=lambda f: "Hi."), ["Your order is all set."])[1]  # the core's


def test_retail_customer_is_the_core_skeleton_with_retail_hooks():
    from envs.taubench.cooperative import RetailCooperative

    c = RetailCooperative()
    assert c.max_repeats == 2 and c.done_pattern is None and c.closing_phrases == ()
    overridden = {k for k in vars(RetailCooperative) if callable(getattr(RetailCooperative, k)) and not k.startswith("__")}
    hooks = {"begin_episode", "before_confirm", "asks_to_confirm", "confirm", "answer", "fallback_text"}
    assert hooks <= overridden and not overridden & set(SKELETON)
