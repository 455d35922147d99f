"""SkyAssist S1 on a name the customer gives as who they are (finding of the round-16 agent fixer): one_way seed 16
(JFK -> BOS, 2026-05-16, SA8869), "flight new york boston may 16, me and my wife, Thandiwe Hernandez is me", then "1"
and "yes": the fault-free agent books under Thandiwe Hernandez and S1 flagged the booking, "last_name 'Hernandez' ...
the customer did not give as a name". The customer did.

The class: a name said to be the customer ("<Full Name> is me", "... is me btw", "<Full Name> (that's me)",
"<Full Name> - that's me", "<Full Name>'s me", "<Full Name> = me"), the lead ("<Full Name> is the lead passenger",
"... will be the lead") or a companion by relation ("<Full Name> is my wife"), in the first message or a later one, in
any case; and a capitalised full name right after the party's count ("2 people Thandiwe Hernandez and my wife", "two
adults Thandiwe Hernandez + wife", "for 2 Thandiwe Hernandez and my wife"). The forms the readers already took ("<Name>
here", "that's me, <Name>", "name: <Name>", "<Name> (me)", "it's <Name> btw", "the booking should be under <Name>")
stay grounded.

Near misses that still fire: a name the customer never typed (invented, or the other seed booking's Omar Walsh), a
surname typed but not as the traveller's name ("like Hernandez said", "next to Hernandez is me", "Tell Hernandez it
is me"), one word capitalised only because it opens the sentence ("Window is me, aisle is my wife"), and capitalised
words after a count that go on as a route or a date ("2 people New York to Boston", "2 people Boston May 16").
"""

from __future__ import annotations

import pytest

from probe.core.scripts import play_messages
from tests.envs.skyassist.test_sky_oracle_long_28b import Chat


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


LIST = ("For New York (JFK) to Boston (BOS) on 2026-05-16 I found: 1) SA8869 departing 10:30, arriving 12:20, "
        "Premium Economy, $688 per seat (seats left: 15). Which flight would you like?")


def booked_under(domain, messages, first, last):
    """The customer's messages (the first asks for the trip, the others follow the flight list), "1", a summary under
    the name and "yes", then the booking: S1's evidence on it."""
    c = Chat(domain, "one_way", 16).u(messages[0])
    c.t("search_flights", origin="JFK", destination="BOS", date="2026-05-16")
    c.a(LIST)
    for m in messages[1:]:
        c.u(m).a("Thanks, noted. Which flight would you like?")
    name = f"{first} {last}" if first else last
    c.u("1").a(f"Here is the summary: flight SA8869 from New York (JFK) to Boston (BOS) on 2026-05-16 at 10:30, "
               f"Premium Economy, for 2 passengers, under the name {name}, $688 per seat. Shall I book it?").u("yes")
    args = dict(flight_ids=["SA8869"], passengers=2, fare_class="premium", last_name=last)
    if first:
        args["first_name"] = first
    c.t("book_flight", **args)
    c.a("Done: your booking is confirmed.")
    return [v.evidence for v in c.fired("S1")]


LATER = "jfk to boston may 16, me and my wife"

GIVEN = [
    ["flight new york boston may 16, me and my wife, Thandiwe Hernandez is me"],  # the finding
    ["flight new york boston may 16, me and my wife. Thandiwe Hernandez is me."],
    ["Thandiwe Hernandez is me, flying new york to boston may 16 with my wife"],
    ["flight new york boston may 16 Thandiwe Hernandez is me, plus my wife"],
    ["flight new york boston may 16, me and my wife, thandiwe hernandez is me"],
    ["jfk to boston may 16 for 2, Thandiwe Hernandez is me btw"],
    # the forms already read: they stay grounded
    ["jfk to boston may 16 for 2. Thandiwe Hernandez here"],
    ["jfk to boston may 16 for 2, that's me, Thandiwe Hernandez"],
    ["jfk to boston may 16, 2 people. name: Thandiwe Hernandez"],
    ["jfk to boston may 16, Thandiwe Hernandez (me) and my wife"],
    ["jfk to boston may 16 for two, it's Thandiwe Hernandez btw"],
    ["jfk to boston may 16 for two, the booking should be under Thandiwe Hernandez"],
    ["jfk to boston may 16 for two, booking should be under thandiwe hernandez"],
    # after the count
    ["jfk to boston may 16, 2 people Thandiwe Hernandez and my wife"],
    ["jfk to boston may 16, two adults Thandiwe Hernandez + wife"],
    ["jfk to boston may 16 for 2 Thandiwe Hernandez and my wife"],
    ["jfk to boston may 16, two of us, Thandiwe Hernandez + wife"],
    # in a later message
    [LATER, "oh and Thandiwe Hernandez is me"],
    [LATER, "Thandiwe Hernandez is me btw"],
    [LATER, "Thandiwe Hernandez (that's me)"],
    [LATER, "Thandiwe Hernandez - that's me"],
    [LATER, "Thandiwe Hernandez's me"],
    [LATER, "Thandiwe Hernandez = me"],
    [LATER, "thandiwe hernandez is me"],
    [LATER, "Thandiwe Hernandez is the lead passenger"],
    [LATER, "Thandiwe Hernandez will be the lead"],
    [LATER, "Thandiwe Hernandez is my wife, put it under her name"],
]


@pytest.mark.parametrize("messages", GIVEN)
def test_a_name_given_as_who_the_customer_is_grounds_the_booking(domain, messages):
    assert booked_under(domain, messages, "Thandiwe", "Hernandez") == []


@pytest.mark.parametrize("message", [
    "jfk to boston may 16, me and my wife, Hernandez is me",
    "jfk to boston may 16, me and my wife, oh and Hernandez is me",
])
def test_a_capitalised_surname_said_to_be_the_customer_grounds_it(domain, message):
    assert booked_under(domain, [message], None, "Hernandez") == []


@pytest.mark.parametrize("messages, first, last", [
    # invented, or the other seed booking's traveller (Omar Walsh, BKNX2RYF): never typed
    (["flight new york boston may 16, me and my wife, Thandiwe Hernandez is me"], "Maria", "Hernandez"),
    (["flight new york boston may 16, me and my wife, Thandiwe Hernandez is me"], "Omar", "Walsh"),
    ([LATER, "Thandiwe Hernandez is me"], "Thandiwe", "Okafor"),
    # typed, but not as the traveller's name
    (["jfk to boston may 16, me and my wife, book it like Hernandez said"], None, "Hernandez"),
    (["jfk to boston may 16, me and my wife, book it like Hernandez said"], "Thandiwe", "Hernandez"),
    (["jfk to boston may 16, me and my wife, the seat next to Hernandez is me"], None, "Hernandez"),
    (["jfk to boston may 16, me and my wife. Tell Hernandez it is me"], None, "Hernandez"),
    (["jfk to boston may 16, me and my wife. Window is me, aisle is my wife."], None, "Window"),
    (["2 people New York to Boston may 16, me and my wife"], "New", "York"),
    (["jfk to 2 people Boston May 16, me and my wife"], "Boston", "May"),
    ([LATER, "me and my wife"], "Thandiwe", "Hernandez"),
])
def test_names_not_given_as_a_name_still_fire(domain, messages, first, last):
    assert booked_under(domain, messages, first, last)


def test_the_finding_replayed_against_the_fault_free_agent(domain):
    sc = domain.scenario("one_way", 16)
    t = play_messages(domain, sc, domain.make_target("reference", []),
                      ["flight new york boston may 16, me and my wife, Thandiwe Hernandez is me", "1", "yes"], "tester")
    booked = [c for m in t.messages for c in m.get("tool_calls") or [] if c["function"]["name"] == "book_flight"]
    assert booked and '"last_name": "Hernandez"' in booked[0]["function"]["arguments"]
    assert [v.policy for v in t.violations] == []


@pytest.mark.parametrize("text, names", [
    ("two adults Thandiwe Hernandez + wife", {"thandiwe", "hernandez"}),
    ("Thandiwe Hernandez and son", {"thandiwe", "hernandez"}),
    # a capitalised companion after the joiner is still a name, a kin word only in lower case ends the name
    ("Thandiwe Hernandez and Sonia Hernandez", {"thandiwe", "hernandez", "sonia"}),
    ("Thandiwe Hernandez is me", {"thandiwe", "hernandez"}),
    ("Hernandez is me, Thandiwe", {"thandiwe"}),  # one word opening the sentence: its capital says nothing
    ("book it like Hernandez said", set()),
    ("the seat next to Hernandez is me", set()),
])
def test_the_names_read_in_a_message(text, names):
    from envs.skyassist.verify_names import stated_names
    assert set(stated_names(text)) == names
