"""Copy slots (probe.auditor.slots): identifiers become typed slot tokens in the tiny format and come back exactly."""

from __future__ import annotations

import pytest

from probe.auditor.prompt import plain_completion, plain_prompt, plain_values
from probe.auditor.slots import fill, identifiers, kind, replace, slot_map
from probe.core.registry import get_domain


def test_identifiers_are_emails_ids_codes_and_long_numbers_not_short_counts():
    text = ("You are Ana Diaz (email ana.diaz12@example.com, zip code 02134, user id ana_diaz_7). "
            "Order #W1234567, booking BK12AB34 on 2026-07-03 for 2 people, option 1, SA120, $412.50.")
    ids = identifiers(text)
    assert ids == ["Ana Diaz", "ana.diaz12@example.com", "02134", "ana_diaz_7", "#W1234567", "BK12AB34",
                   "2026-07-03", "SA120", "$412.50"]
    assert [kind(v) for v in ids] == ["name", "mail", "num", "code", "ref", "code", "date", "code", "amt"]
    assert identifiers("two adults, 3 bags, option 12, gate B7") == []


def test_names_are_runs_of_capitalised_words_without_a_leading_greeting_or_article():
    text = ("Thanks Amelia. When the agent asks, say I Want it. The Google Home speaker, "
            "to New York City from Sao Paulo (GRU), seat (Premium Economy). Hello Omar Khan")
    # single capitalised words inside a sentence and abbreviations are proper nouns of their own
    # ("Want" is one a real text rarely has; the first word of a sentence never is one)
    assert identifiers(text) == ["Amelia", "Want", "Google Home", "New York City", "Sao Paulo", "GRU",
                                 "Premium Economy", "Omar Khan"]


def test_proper_nouns_are_single_capitalised_words_inside_a_sentence_or_abbreviations():
    text = ("Flying out of Lisbon (LIS) next Tuesday. Berlin is nice! Let's see, maybe Oslo; Rome? "
            "Get me a T-Shirt via Zurich for Anna. From Madrid. ZRH: yes. I'm OK, ok.")
    ids = identifiers(text)
    assert ids == ["Lisbon", "LIS", "Tuesday", "Oslo", "Rome", "Zurich", "Anna", "Madrid", "ZRH"]
    assert [kind(v) for v in ids] == ["word", "abbr", "word", "word", "word", "word", "word", "word", "abbr"]
    # "Berlin", "Flying", "Get" and "From" start their sentences: no slot ("From" is no name either);
    # "OK" (two letters), "Let's", "T-Shirt" and "I'm" are no proper nouns
    table = slot_map(identifiers("You want to fly from Lisbon (LIS) to Oslo (OSL)."))
    assert table == {"<word1>": "Lisbon", "<abbr1>": "LIS", "<word2>": "Oslo", "<abbr2>": "OSL"}
    assert replace("from Lisbon to Oslo, LIS-OSL", table, with_value=False) == "from <word1> to <word2>, LIS-OSL"


def test_slots_are_numbered_within_their_kind_and_keep_their_number():
    table = slot_map(["a@x.io", "#W1", "12345", "#W2"])
    assert table == {"<mail1>": "a@x.io", "<ref1>": "#W1", "<num1>": "12345", "<ref2>": "#W2"}
    table = slot_map(["#W2", "#W3", "b@y.io"], table)
    assert table["<ref3>"] == "#W3" and table["<mail2>"] == "b@y.io" and len(table) == 6
    many = slot_map([f"#W{i}" for i in range(20)])
    assert len(many) == 8  # PER_KIND: later ones stay literal text


def test_replace_keeps_whole_tokens_and_sentence_punctuation():
    table = slot_map(["2026", "2026-07-03", "bo@x.io"])
    text = "On 2026-07-03, in 2026. Mail bo@x.io. Not x2026 or 2026-07-035 or bo@x.io.uk"
    assert replace(text, table, with_value=False) == "On <date1>, in <num1>. Mail <mail1>. Not x2026 or 2026-07-035 or bo@x.io.uk"
    assert replace(text, table, with_value=True).startswith("On <date1>2026-07-03, in <num1>2026. Mail <mail1>bo@x.io.")


def test_fill_restores_values_drops_unknown_slots_unglues_and_does_not_double_a_copied_value():
    table = {"<mail1>": "a@b.co", "<ref1>": "#W1", "<num1>": "78701"}
    assert fill("my email is <mail1>, order <ref1>.", table) == "my email is a@b.co, order #W1."
    assert fill("it is <ref2> and <code9> ok", table) == "it is and ok"
    assert fill("mail <mail1>a@b.co please", table) == "mail a@b.co please"
    assert fill("It's Ingrid<num1>.", table) == "It's Ingrid 78701."


def test_prompt_shows_values_in_context_and_agent_turns_and_bare_slots_in_customer_turns():
    scen = "You are Ana Lopez Diaz (email ana1@x.com, zip code 12345)."
    dialogue = [("user", "hi, ana1@x.com here"), ("assistant", "Found order #W7654321 for you."),
                ("user", "cancel #W7654321 please, and #W1111111 too")]
    p = plain_prompt(scen, dialogue, slots=True)
    assert "You are <name1>Ana Lopez Diaz (email <mail1>ana1@x.com, zip code <num1>12345" in p
    assert "[customer] hi, <mail1> here[agent] Found order <ref1>#W7654321 for you." in p
    assert "[customer] cancel <ref1> please, and #W1111111 too[customer]" in p  # an id nobody gave stays literal
    assert plain_values(p) == {"<name1>": "Ana Lopez Diaz", "<mail1>": "ana1@x.com", "<num1>": "12345",
                               "<ref1>": "#W7654321"}
    # a customer turn before the agent introduced a value does not use its slot
    early = plain_prompt(scen, [("user", "is #W7654321 mine?"), ("assistant", "Order #W7654321 is yours.")], slots=True)
    assert "[customer] is #W7654321 mine?" in early
    # without slots the format is unchanged, and slot-like text in the input is not passed through
    assert "<mail1>" not in plain_prompt(scen + " <mail1>", dialogue)


@pytest.mark.parametrize("env", ["skyassist", "taubench-retail"])
def test_every_corpus_message_round_trips_through_its_slotted_completion(env):
    corpus = get_domain(env).customer_corpus(25, 3)
    slotted = 0
    for ex in corpus:
        prompt = plain_prompt(ex.scenario_text, ex.dialogue_messages, slots=True)
        completion = plain_completion(ex.message, prompt)
        assert completion.endswith("</s>")
        slotted += "<" in completion[:-len("</s>")]
        assert fill(completion[:-len("</s>")], plain_values(prompt)) == " ".join(ex.message.split())
        # the values read back from the prompt are whole identifiers of what the prompt shows
        shown = " ".join([ex.scenario_text] + [t["content"] for t in ex.dialogue_messages if t["role"] == "assistant"])
        assert set(plain_values(prompt).values()) <= set(identifiers(shown))
    assert slotted > len(corpus) // 10  # identifiers are common enough for the slots to matter
