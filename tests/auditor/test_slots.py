"""Copy slots (probe.auditor.slots): identifiers become typed slot tokens in the tiny format and come back exactly."""

from __future__ import annotations

import re

import pytest

from probe.auditor.prompt import plain_completion, plain_prompt, plain_values
from probe.auditor.slots import PER_KIND, fill, identifiers, kind, prompt_values, replace, slot_map, spelled_dates
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
    assert ids == ["Lisbon", "LIS", "Oslo", "Rome", "Zurich", "Anna", "Madrid", "ZRH"]
    assert [kind(v) for v in ids] == ["name", "abbr", "name", "name", "name", "name", "name", "abbr"]
    # "Berlin", "Flying", "Get" and "From" start their sentences: no slot ("From" is no name either);
    # "OK" (two letters), "Let's", "T-Shirt" and "I'm" are no proper nouns; "Tuesday" is a word of
    # the language (a weekday slot let the tiny model write "from Atlanta to Monday")
    table = slot_map(identifiers("You want to fly from Lisbon (LIS) to Oslo (OSL)."))
    assert table == {"<name1>": "Lisbon", "<abbr1>": "LIS", "<name2>": "Oslo", "<abbr2>": "OSL"}
    assert replace("from Lisbon to Oslo, LIS-OSL", table, with_value=False) == "from <name1> to <name2>, LIS-OSL"


def test_month_and_weekday_names_alone_are_never_slots():
    text = "You leave on a Sunday in March, back next Friday. Trip to Boston or Denver in June, or May if cheaper."
    assert identifiers(text) == ["Boston", "Denver"]


def test_spelled_dates_are_read_in_the_ways_customers_write_them():
    got = [(m, d, y) for _, _, m, d, y in spelled_dates(
        "on Feb 12 or the 3rd of march, maybe 21 Sept. 2027, Friday 12 February 2027, "
        "December 1st, 2026, sept 30th, or 5 May")]
    assert got == [(2, 12, None), (3, 3, None), (9, 21, 2027), (2, 12, 2027), (12, 1, 2026), (9, 30, None), (5, 5, None)]
    # not dates: a verb, a day past 31, a flight number, an option, a bare month
    assert spelled_dates("you may 2 of them; March 45; SA1200 on 3 passengers; option 2 in May") == []


def test_a_spelled_date_takes_the_slot_of_the_same_iso_date_and_fills_back_as_that_date():
    scen = "You fly from Seattle (SEA) on Friday 12 February 2027 (2027-02-12), back 2027-02-20."
    table = slot_map(identifiers(scen))
    assert table == {"<name1>": "Seattle", "<abbr1>": "SEA", "<date1>": "2027-02-12", "<date2>": "2027-02-20"}
    assert replace(scen, table, with_value=True) == (
        "You fly from <name1>Seattle (<abbr1>SEA) on <date1>2027-02-12 (<date1>2027-02-12), back <date2>2027-02-20.")
    for said in ("Feb 12", "February 12th", "the 12th of February", "12 Feb 2027", "Friday, February 12, 2027"):
        assert replace(f"SEA on {said}, back {said.replace('12', '20')}.", table, with_value=False) == \
            "<abbr1> on <date1>, back <date2>."
    # another day, or the same day of another year, is not that date: it stays the customer's words
    assert replace("on Feb 13, or 12 February 2028", table, with_value=False) == "on Feb 13, or 12 February 2028"
    assert fill("<abbr1> on <date1>, please", table) == "SEA on 2027-02-12, please"


def test_a_card_number_in_groups_is_one_slot():
    scen = "Your card is 4111 1111 1111 1111 and your passport X1234567; zip 02134."
    table = slot_map(identifiers(scen))
    assert table == {"<num1>": "4111 1111 1111 1111", "<code1>": "X1234567", "<num2>": "02134"}
    prompt = plain_prompt(scen, [("assistant", "How would you like to pay?")], slots=True)
    assert plain_values(prompt) == table
    assert plain_completion("Charge 4111 1111 1111 1111 please.", prompt) == " Charge <num1> please.</s>"
    assert fill("card <num1>, passport <code1>", table) == "card 4111 1111 1111 1111, passport X1234567"
    assert identifiers("card 4111-1111-1111-1111") == ["4111-1111-1111-1111"]
    assert kind("4111-1111-1111-1111") == "num" and identifiers("call 555 1234") == ["1234"]


def test_a_short_number_the_scenario_states_is_a_fact_to_copy_a_short_number_in_a_dialogue_a_word():
    scen = "You fly from Singapore (SIN) on 2026-09-04 for 13 passengers, at most 340 dollars, from 417 Maple Drive."
    assert identifiers(scen, numbers=True) == ["Singapore", "SIN", "2026-09-04", "13", "340", "417", "Maple Drive"]
    assert identifiers(scen) == ["Singapore", "SIN", "2026-09-04", "Maple Drive"]
    dialogue = [("assistant", "1) SA4491 departs 13:50 ($340 per seat, seats left: 20); 2) SA4876. Which one?")]
    prompt = plain_prompt(scen, dialogue, slots=True)
    assert "for <num1>13 passengers" in prompt and "departs <code2>13:50 (" in prompt and "seats left: 20" in prompt
    assert plain_completion("Option 2, all 13 of us, the 13:50 one, not 20. Budget 340, I said $340.", prompt) == \
        " Option 2, all <num1> of us, the <code2> one, not 20. Budget <num2>, I said <amt1>.</s>"


def test_slots_are_numbered_within_their_kind_and_keep_their_number():
    table = slot_map(["a@x.io", "#W1", "12345", "#W2"])
    assert table == {"<mail1>": "a@x.io", "<ref1>": "#W1", "<num1>": "12345", "<ref2>": "#W2"}
    table = slot_map(["#W2", "#W3", "b@y.io"], table)
    assert table["<ref3>"] == "#W3" and table["<mail2>"] == "b@y.io" and len(table) == 6
    many = slot_map([f"#W{i}" for i in range(20)])
    assert len(many) == PER_KIND == 10  # later ones stay literal text


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


def _dates_as_iso(text: str) -> str:
    """``text`` with every spelled date that says its year or has a known year written as ISO
    (years of the corpus: the scenario's; a yearless date compares by month and day)."""
    for start, end, month, day, _ in reversed(spelled_dates(text)):
        text = text[:start] + f"{month:02d}-{day:02d}" + text[end:]
    return re.sub(r"\b\d{4}-(\d\d-\d\d)\b", r"\1", text)


@pytest.mark.parametrize("env", ["skyassist", "taubench-retail"])
def test_every_corpus_message_round_trips_through_its_slotted_completion(env):
    corpus = get_domain(env).customer_corpus(25, 3)
    slotted = dated = 0
    for ex in corpus:
        prompt = plain_prompt(ex.scenario_text, ex.dialogue_messages, slots=True)
        completion = plain_completion(ex.message, prompt)
        assert completion.endswith("</s>")
        slotted += "<" in completion[:-len("</s>")]
        # the message comes back, each spelled date as the same date in ISO form
        back, message = fill(completion[:-len("</s>")], plain_values(prompt)), " ".join(ex.message.split())
        dated += back != message
        assert _dates_as_iso(back) == _dates_as_iso(message)
        # the values read back from the prompt are whole identifiers of what the prompt shows
        agent = " ".join(t["content"] for t in ex.dialogue_messages if t["role"] == "assistant")
        assert set(plain_values(prompt).values()) <= set(identifiers(ex.scenario_text, numbers=True) + identifiers(agent))
    assert slotted > len(corpus) // 10  # identifiers are common enough for the slots to matter
    if env == "skyassist":
        assert dated > len(corpus) // 20  # spelled dates are common in flight requests


def test_a_personal_pronoun_capitalised_mid_sentence_is_no_proper_noun():
    # source texts capitalise pronouns where no sentence starts: a τ²-bench task joined without a
    # full stop ("... your email address You are a private person"), a parenthesis, a quote
    text = ("You do not remember your email address You are a private person. (You know it's a long "
            "shot), then We will see; ask Them, and tell Him, She said It was fine, in Austin.")
    assert identifiers(text) == ["Austin"]
    assert [v for v in identifiers("call me, Ana; Me and Us, They and He from Lima") if kind(v) == "name"] == ["Ana", "Lima"]


def test_a_place_has_the_same_slot_whatever_its_neighbours_are_called():
    # one kind for proper nouns of one, two or three words: the origin is the second name of a
    # flight scenario and the destination the third, whether the traveller, the origin or the
    # destination has one word or several (with two kinds, Kinshasa took the slot Chicago had)
    for who, origin, dest in [("Priya Murphy", "New York", "Kinshasa"), ("Priya Murphy", "Chicago", "Lilongwe"),
                              ("Tran Thi Mai", "Sao Paulo", "Rio De Janeiro"), ("Ana Diaz", "Lima", "Hong Kong")]:
        scen = f"You are {who}. You want to fly from {origin} (AAA) to {dest} (BBB) on 2026-08-12."
        table = slot_map(identifiers(scen, numbers=True))
        assert (table["<name1>"], table["<name2>"], table["<name3>"]) == (who, origin, dest)
        shown = replace(scen, table, with_value=True)
        assert prompt_values(shown) == table
        assert fill("From <name2> to <name3>, please.", prompt_values(shown)) == f"From {origin} to {dest}, please."
