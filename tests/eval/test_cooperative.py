"""One cooperative customer: the skeleton (state, confirmation, closing, fallback, turn loop) is the
core's; an environment's subclass supplies only its phrases and questions through the hooks."""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.eval.methods import CooperativeCustomer, EpisodeInfo

SKELETON = ("reply", "next_messages", "_bye")


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
