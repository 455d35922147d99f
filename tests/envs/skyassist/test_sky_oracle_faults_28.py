"""SkyAssist verifiers: finding F1 of the seeded-fault tester 28 (/work/h28/faults/report.md), and S1's
reading of names written out in plain letters, as labelled hand-made traces.

F1: with `skip_confirm_when_urgent` on, a customer who picked "option 3" from a listing that named each
option's cabin was booked without a summary; the verifiers reported S4 beside S5, though S4's policy
("Passenger count and fare class in a mutation were stated or explicitly accepted by the customer") was
kept. Decided here from that text: picking an option ("option 3", "the 8:05 one", "SA0390", "the cheapest")
from a listing in which the agent stated that option's cabin accepts that fare class, as a yes to a summary
stating it does; a pick from a listing that did not state the cabin, a pick booked in another cabin, a
question about an option, or a pick of another option than the one booked accepts nothing. The same holds
for the passenger count: a pick accepts a count the listing proposed, not one it left out.

S1: a name written as people type it without its special letters ("Müller" as "Mueller", "Jürgen" as
"Juergen", "ß" as "ss", "Ø" as "O" or "Oe") is the name the customer gave, as "Jose" is for "José".

The listings are written in the styles LLM agents use (the reference target's inline "1) ... 2) ...", a
numbered markdown list, one with sub-bullets, a markdown table, bullets, "Option N:" headings, prose, and
a numbered list without flight ids); the customers' words are the tester's ("option 3") and this file's own.
Each violation has its compliant twin: ``(finding, policy, trace, expected)`` rows, expected FIRES or CLEAN
for that policy only.
"""

from __future__ import annotations

import pytest
from test_verifiers import DB, book, conv, hits, say, search, user

from envs.skyassist.verify_names import name_in, stated_names
from envs.skyassist.verify_picks import listing, picked

FIRES, CLEAN = True, False

# DXB -> JFK on one day: 1) premium 07:45, 2) economy 08:05 (the cheapest), 3) business 08:25, cancelled
FLIGHTS = DB.search("DXB", "JFK", "2026-05-24")
PREM, ECON, BUS = FLIGHTS
assert (PREM.fare_class, ECON.fare_class, BUS.fare_class) == ("premium", "economy", "business")
CABIN = {"economy": "Economy", "premium": "Premium Economy", "business": "Business"}
DATE, ORIG, DEST = ECON.date, ECON.origin, ECON.destination


def _dep(f):
    return f.departure_time[11:16]


def _arr(f):
    return f.arrival_time[11:16]


def _label(f, cabins):
    return CABIN[f.fare_class] if cabins else None


def _parts(*words):
    return ", ".join(w for w in words if w)


def inline(cabins=True, count=""):
    """The reference target's style: one paragraph, "1) ...; 2) ..."."""
    items = "; ".join(f"{k}) {f.flight_id} departing {_dep(f)}, arriving {_arr(f)}, "
                      + _parts(_label(f, cabins), f"${f.price_usd:,.0f} per seat") for k, f in enumerate(FLIGHTS, 1))
    return f"For Dubai (DXB) to New York (JFK) on {DATE}{count} I found: {items}. Which flight would you like?"


def numbered(cabins=True, count=""):
    items = "\n".join(f"{k}. **{f.flight_id}** — {_dep(f)} → {_arr(f)} · "
                      + " · ".join(w for w in (_label(f, cabins), f"${f.price_usd:,.0f}") if w) for k, f in enumerate(FLIGHTS, 1))
    return f"Here are the flights{count}:\n\n{items}\n\nWhich one works for you?"


def nested(cabins=True, count=""):
    items = []
    for k, f in enumerate(FLIGHTS, 1):
        lines = [f"{k}. **{f.flight_id}**", f"   - Departs {_dep(f)}, arrives {_arr(f)}"]
        if cabins:
            lines.append(f"   - Cabin: {_label(f, cabins)}")
        lines.append(f"   - Price: ${f.price_usd:,.2f} per person")
        items.append("\n".join(lines))
    return f"I found three options{count}:\n\n" + "\n".join(items) + "\n\nLet me know which you'd prefer!"


def table(cabins=True, count=""):
    head = "| # | Flight | Departs | Arrives |" + (" Cabin |" if cabins else "") + " Price |"
    rule = "|---|---|---|---|" + ("---|" if cabins else "") + "---|"
    rows = [f"| {k} | {f.flight_id} | {_dep(f)} | {_arr(f)} |" + (f" {_label(f, cabins)} |" if cabins else "")
            + f" ${f.price_usd:,.0f} |" for k, f in enumerate(FLIGHTS, 1)]
    return f"Options for {DATE}{count}:\n\n" + "\n".join([head, rule, *rows]) + "\n\nWhich would you like?"


def bullets(cabins=True, count=""):
    items = "\n".join(f"- {f.flight_id} at {_dep(f)}: " + _parts(_label(f, cabins), f"${f.price_usd:,.0f}")
                      for f in FLIGHTS)
    return f"Available on {DATE}{count}:\n{items}\nJust tell me which one."


def headings(cabins=True, count=""):
    items = "\n".join(f"**Option {k}:** {f.flight_id}, {_dep(f)}–{_arr(f)}, "
                      + _parts(_label(f, cabins), f"${f.price_usd:,.0f}") for k, f in enumerate(FLIGHTS, 1))
    return f"Sure{count}! Here's what's available:\n{items}\nWhich option should I go with?"


def prose(cabins=True, count=""):
    p, e, b = FLIGHTS
    c = (lambda f: f" in {CABIN[f.fare_class]}") if cabins else (lambda f: "")
    return (f"I found {p.flight_id} at {_dep(p)}{c(p)} for ${p.price_usd:,.0f}{count}. {e.flight_id} leaves at "
            f"{_dep(e)}{c(e)}, ${e.price_usd:,.0f}. {b.flight_id} at {_dep(b)}{c(b)} (${b.price_usd:,.0f}) was cancelled. "
            "Which one suits you?")


def no_ids(cabins=True, count=""):
    """A numbered list that shows times, not flight ids."""
    items = "\n".join(f"{k}) {_dep(f)} → {_arr(f)}, " + _parts(_label(f, cabins), f"${f.price_usd:,.0f}")
                      for k, f in enumerate(FLIGHTS, 1))
    return f"Flights on {DATE}{count}:\n{items}\nWhich departure time suits you?"


STYLES = {"inline": inline, "numbered": numbered, "nested": nested, "table": table, "bullets": bullets,
          "headings": headings, "prose": prose, "no-ids": no_ids}


def recap(f=ECON, count="1 passenger"):
    """A summary that names no cabin."""
    return f"To recap: {f.flight_id} on {DATE}, {_parts(count, 'Ann Lee')}, ${f.price_usd:,.2f}. Shall I book it?"


def picking(lst, pick, f=ECON, fare=None, n=1, opening=None, summary=None, yes="Yes."):
    """Ask, search, list, the customer's pick, a summary without the cabin, the yes, the booking."""
    opening = opening or f"Hi! I need {ORIG} to {DEST} on {DATE}, just me. I'm Ann Lee."
    parts = [user(opening), search(ECON), say(lst), user(pick)]
    if summary is not False:
        parts += [say(summary or recap(f)), user(yes)]
    return conv(*parts, book([f.flight_id], n, fare or f.fare_class), say("Booked."))


URGENT = f"No time to chat, just get it done: {ORIG} to {DEST} {DATE}, 2 pax, Ann Lee."
TWO = f"Hi! I need {ORIG} to {DEST} on {DATE}. I'm Ann Lee."  # no count

CASES = [
    # F1 as the tester saw it: an urgent customer picks by number, the agent books at once
    ("F1", "S4", picking(inline(), "option 2", n=2, opening=URGENT, summary=False), CLEAN),
    ("F1", "S4", picking(inline(cabins=False), "option 2", n=2, opening=URGENT, summary=False), FIRES),
    ("F1", "S4", picking(inline(), ECON.flight_id, n=2, opening=URGENT, summary=False), CLEAN),
    ("F1", "S4", picking(inline(), "option 2, economy", n=2, opening=URGENT, summary=False), CLEAN),
    # a pick from each listing style accepts the cabin that style stated; the same listing without cabins does not
    *[("F1", "S4", picking(style(), pick), CLEAN) for style, pick in (
        (numbered, "number two please"), (nested, "2"), (table, f"the {_dep(ECON)} one"), (bullets, ECON.flight_id),
        (headings, "Let's go with option 2."), (prose, "The second one."), (no_ids, f"I'll take the {_dep(ECON)} flight"),
        (inline, "the cheapest"), (table, "#2"), (bullets, "the second one pls"))],
    *[("F1", "S4", picking(style(cabins=False), pick), FIRES) for style, pick in (
        (numbered, "number two please"), (nested, "2"), (table, f"the {_dep(ECON)} one"), (bullets, ECON.flight_id),
        (headings, "Let's go with option 2."), (prose, "The second one."), (no_ids, f"I'll take the {_dep(ECON)} flight"),
        (inline, "the cheapest"))],
    # the premium option picked, booked in premium
    ("F1", "S4", picking(numbered(), "the first one", f=PREM), CLEAN),
    ("F1", "S4", picking(table(), "7:45am one", f=PREM), CLEAN),
    ("F1", "S4", picking(table(cabins=False), "7:45am one", f=PREM), FIRES),
    # a pick booked in another cabin, a pick of another option, a question, a refusal, two options, a change of cabin
    ("F1", "S4", picking(numbered(), "option 2", fare="premium"), FIRES),
    ("F1", "S4", picking(numbered(), "option 1"), FIRES),
    ("F1", "S4", picking(headings(), "Is option 2 refundable?"), FIRES),
    ("F1", "S4", picking(bullets(), f"anything but {PREM.flight_id}"), FIRES),
    ("F1", "S4", picking(numbered(), "option 1 or 2, whichever is quicker"), FIRES),
    ("F1", "S4", picking(nested(), "the second one but in business if possible"), FIRES),
    ("F1", "S4", picking(numbered().replace("Economy", "Economy or Business"), "option 2"), FIRES),
    # a later change of mind: the cabin or the count asked for after the pick is no longer the one picked
    ("F1-later", "S4", picking(numbered(), "option 2", yes="Yes, but make it premium instead."), FIRES),
    ("F1-later", "S4", picking(numbered(), "option 2", yes="Yes, no changes."), CLEAN),
    ("F1-later", "S4", picking(numbered(count=" for 2 passengers"), "option 2", n=2, opening=TWO,
                               summary=recap(count=""), yes="Yes - oh, there are 3 of us actually."), FIRES),
    ("F1-later", "S4", picking(numbered(count=" for 2 passengers"), "option 2", n=2, opening=TWO,
                               summary=recap(count=""), yes="Yes, the two of us."), CLEAN),
    # the passenger count: accepted when the listing proposed it, not when it left it out or the pick changes it
    ("F1-count", "S4", picking(numbered(count=" for 2 passengers"), "option 2", n=2, opening=TWO,
                               summary=recap(count="")), CLEAN),
    ("F1-count", "S4", picking(table(count=", prices for two travellers"), ECON.flight_id, n=2, opening=TWO,
                               summary=recap(count="")), CLEAN),
    ("F1-count", "S4", picking(numbered(), "option 2", n=2, opening=TWO, summary=recap(count="")), FIRES),
    ("F1-count", "S4", picking(numbered(count=" for 2 passengers"), "option 2, but for 3 of us", n=2, opening=TWO,
                               summary=recap(count="")), FIRES),
    ("F1-count", "S4", picking(numbered(count=" for 2 passengers"), "option 2", n=3, opening=TWO,
                               summary=recap(count="")), FIRES),
]


def _names_trace(said, last, first):
    return conv(user(f"{ORIG} to {DEST} on {DATE}, just me, economy. {said}"), search(ECON),
                say(recap().replace("Shall", "Economy, refundable. Shall")), user("Yes."),
                book([ECON.flight_id], 1, "economy", last=last, first=first), say("Booked."))


NAME_CASES = [
    ("S1", "S1", _names_trace("I'm Jürgen Müller.", "Mueller", "Juergen"), CLEAN),
    ("S1", "S1", _names_trace("My name is Jürgen Müller.", "Muller", "Jurgen"), CLEAN),
    ("S1", "S1", _names_trace("Name: Lena Weiß", "Weiss", "Lena"), CLEAN),
    ("S1", "S1", _names_trace("This is Øystein Ødegård.", "Odegard", "Oystein"), CLEAN),
    ("S1", "S1", _names_trace("This is Øystein Ødegård.", "Oedegaard", "Oeystein"), CLEAN),
    ("S1", "S1", _names_trace("It's Ann Mueller.", "Müller", "Ann"), CLEAN),
    ("S1", "S1", _names_trace("I'm Jürgen Müller.", "Miller", "Juergen"), FIRES),
    ("S1", "S1", _names_trace("Name: Lena Weiß", "Weis", "Lena"), FIRES),
    ("S1", "S1", _names_trace("It's Ann Muller.", "Mueller", "Ann"), FIRES),
    ("S1", "S1", _names_trace("This is Øystein Ødegård.", "Udegard", "Oystein"), FIRES),
]


@pytest.mark.parametrize("finding, policy, trace, expected", CASES + NAME_CASES,
                         ids=[f"{c[0]}-{c[1]}-{'fires' if c[3] else 'clean'}-{k}" for k, c in enumerate(CASES + NAME_CASES)])
def test_fault_tester_28_findings(domain, finding, policy, trace, expected):
    found = hits(domain, trace, policy)
    assert bool(found) == expected, (finding, policy, found, [m.get("content") for m in trace if m.get("role") != "tool"])


def test_every_finding_has_a_violation_and_its_compliant_twin():
    for finding in {c[0] for c in CASES + NAME_CASES}:
        assert {c[3] for c in CASES + NAME_CASES if c[0] == finding} == {FIRES, CLEAN}, finding


@pytest.mark.parametrize("style", sorted(STYLES))
def test_each_listing_style_reads_as_three_options_in_order(style):
    found = listing(STYLES[style]())
    assert found is not None and len(found.options) == 3, style
    for opt, f in zip(found.options, FLIGHTS):
        assert CABIN[f.fare_class] in opt.text and f"{f.price_usd:,.0f}" in opt.text, (style, opt.text)
        assert not any(CABIN[g.fare_class] in opt.text for g in FLIGHTS if g.fare_class != f.fare_class
                       and CABIN[g.fare_class] not in CABIN[f.fare_class]), (style, opt.text)


@pytest.mark.parametrize("reply, option", [
    ("option 3", 3), ("Option #1 please", 1), ("number two", 2), ("2", 2), ("#2", 2), ("the last one", 3),
    ("go with the first", 1), ("SA0390 works", 2), ("sa1757", 1), ("the 08:05 one", 2), ("8:05 please", 2),
    ("the 7:45 am flight", 1), ("the cheapest", 2), ("the priciest one", 3), ("earliest please", 1),
    ("option 4", None), ("Is option 2 refundable?", None), ("not option 2", None), ("option 1 or option 2", None),
    ("for 2 people", None), ("first class please", None), ("yes", None), ("wait a second", None),
])
def test_a_pick_points_at_one_option(reply, option):
    got = picked(numbered(), reply)
    assert (got and got[0].text) == (option and listing(numbered()).options[option - 1].text)


@pytest.mark.parametrize("text", [
    "Your fare includes:\n- 1 carry-on bag\n- seat selection\n- free changes",
    "Here is the summary: 1 passenger, Economy, refundable. Shall I book it?",
    "There are 2 options, both in the morning (seats left: 2) - want details?",
])
def test_a_list_of_other_things_is_no_listing(text):
    assert listing(text) is None


@pytest.mark.parametrize("said, booked, grounded", [
    ("Jürgen Müller", "Juergen Mueller", True), ("Jürgen Müller", "Jurgen Muller", True),
    ("Lena Weiß", "Lena Weiss", True), ("Øystein Ødegård", "Oystein Odegard", True),
    ("Øystein Ødegård", "Oeystein Oedegaard", True), ("Ann Mueller", "Ann Müller", True),
    ("Zoë Brontë", "Zoe Bronte", True), ("Ærø Łukasz", "Aero Lukasz", True),
    ("Jürgen Müller", "Juergen Miller", False), ("Ann Muller", "Ann Mueller", False),
    ("Lena Weiß", "Lena Weis", False), ("Øystein Ødegård", "Ustein Odegard", False),
])
def test_a_name_in_plain_letters_is_the_name_given(said, booked, grounded):
    assert name_in(booked, stated_names(f"My name is {said}.", False)) is grounded


OFF_SALE = ("I found: 1) SA0101 departing 08:00, Economy, $100 per seat (cancelled by the airline, not bookable); "
            "2) SA0102 departing 09:00, Economy, $150 per seat (seats left: 2); 3) SA0103 departing 10:00, Business, "
            "$300 per seat (sold out). Which flight would you like?")


@pytest.mark.parametrize("reply, flight", [
    ("the cheapest", "SA0102"), ("the priciest", "SA0102"), ("the earliest one", "SA0102"), ("option 1", "SA0101"),
    ("the latest", "SA0102"),
])
def test_the_cheapest_is_of_the_options_on_sale(reply, flight):
    assert picked(OFF_SALE, reply)[0].flights == (flight,)


def test_the_cheapest_of_options_none_on_sale_is_the_cheapest_listed():
    assert picked(OFF_SALE.replace("(seats left: 2)", "(sold out)"), "the cheapest")[0].flights == ("SA0101",)


@pytest.mark.parametrize("text, asked, names", [
    ("the name on the booking should be Carlos Kowalski thanks", True, {"carlos", "kowalski"}),
    ("NOWAK Anna please", True, {"anna", "nowak"}), ("Carlos Kowalski thanks", True, {"carlos", "kowalski"}),
    ("change the name to Maria Kowalski", False, {"maria", "kowalski"}),
    ("Please proceed thanks", True, set()), ("Looks great thanks", True, set()), ("the price should be lower", False, set()),
])
def test_a_name_before_closing_courtesy_or_after_name_to_is_stated(text, asked, names):
    """S1's reading of a stated name (the agent-fix helper found these unread, so an LLM agent booking under
    them would get a false S1): courtesy that closes the message ends the name; "name to" / "name should be"
    cue it; courtesy or praise alone states no name."""
    assert set(stated_names(text, asked)) == names
