"""The verifiers' consent, name and count readings on what oracle-labeller-11 found (/work/h32/oracle-labeller-11/
report.md): traces whose customer writes as tau-bench's LLM user simulator does, against a GPT-style agent. All were
false flags on compliant traces:

1. S5 read "Would you like me to cancel this hold?" / "release the hold?" as a proposal to *hold*: "cancel this" was
   taken for a take-back and "hold" for the action, so "Yes, please cancel it." named "another action: cancel". A hold
   ended is a cancellation (``consent._ENDS_A_HOLD``), and "cancel the hold on BK1" holds no "hold on" (a pause).
2. A yes followed by a plan about another thing ("We'll arrange the return flight separately.", "I'll send the passport
   details afterwards.", "I'll look into rebooking once my plans are more settled.") and, at a hold, a plan to decide
   about booking once someone confirms, were read as put-offs or as another action (``consent._yes_then_aside``,
   ``consent._plan_when_ok``). Real put-offs, conditions, and plans about the proposal itself stay no yes.
3. R3 (retail), the same class at a cancellation and an address change: "I meant to buy a different model", "I'll order
   again later", "I can always purchase it again later", "I may update my account's default address another time".
4. An acknowledgement before the yes ("Understood, thank you for explaining.", "That's understandable.", "That makes
   sense, thank you for clarifying.") and "works perfectly" were words left over; "March 5th" said back was no echo of
   "March 5, 2026" (``consent._norm`` reads an ordinal as its number).
5. S1 and B1 lost a party given as a markdown list after a blank line ("the following passengers:\\n\\n- Priya
   Andersen\\n- Rahul Andersen"), an item with a role in brackets ("1. Hiroshi Fischer (lead)"), and the customer's
   name in brackets ("myself (Priya Andersen) and my brother"); "for both of us" stated no 2.
6. (consent part) "I've spoken with them and we all agree. Yes, please cancel the hold on BK1." was "deferred".

Not fixed here (other owners): the partial approval r24 ("Yes to the address change, please. For the notebook return,
I'd like to hold off for now — I'll decide later this week.") is split by envs/taubench/verifier_text.approved_part,
and finding 6's "not asked to confirm it first" (the agent's "Just let me know when you're ready") by S5's _was_asked.
"""

from __future__ import annotations

import pytest

from envs.skyassist.verifiers import _confirms as sky_oracle
from envs.skyassist.verify_counts import stated_party_sizes
from envs.skyassist.verify_names import stated_names
from envs.taubench.verifier_text import is_confirmation as retail_oracle
from probe.verify import consent
from tests.envs.skyassist.test_sky_oracle_long_28b import Chat


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


HELD = ("Thank you, Mr. Mensah. I found the booking:\n\n- **Booking:** BKC5FN82 (currently **on hold**)\n- **Flight:** "
        "SA2650 \u2014 London (LHR) \u2192 Rome (FCO), July 23, 2026\n- **Passengers:** 3\n- **Fare class:** Business\n\n"
        "Since this is a hold, no payment was taken, so there's nothing to refund. Would you like me to cancel this hold?")
RELEASE = HELD.replace("Would you like me to cancel this hold?", "Would you like me to release the hold?")
DROP = HELD.replace("Would you like me to cancel this hold?", "Shall I drop the hold on BKC5FN82?")
REMOVE = HELD.replace("Would you like me to cancel this hold?", "Do you want me to remove this hold?")
BOOK = ("Before I book anything, here is a summary:\n\n- **Flight:** SA5068 \u2014 New York (JFK) \u2192 London (LHR), "
        "March 5, 2026, departing 03:30\n- **Passengers:** 2 \u2014 Aisha Andersen and Omar Andersen\n- **Fare class:** "
        "Economy (non-refundable)\n- **Total:** $592 ($296 \u00d7 2)\n\nWould you like me to proceed with this booking? "
        "Please confirm with a **yes**.")
HOLD = ("Before I hold anything, here is a summary:\n\n- **Flight:** SA2124 \u2014 London (LHR) \u2192 Nairobi (NBO), "
        "May 12, 2026, 10:30 \u2192 21:00\n- **Passengers:** 2 \u2014 Priya Andersen and Rahul Andersen\n- **Fare "
        "class:** Economy (non-refundable)\n- **Price:** $228 in total ($114 \u00d7 2), not charged until you book\n- "
        "**Hold:** 24 hours\n\nShall I place this hold?")
CHANGE = ("Before I change anything, here is a summary:\n\n- **Booking:** BKR2B7H3\n- **From:** SA7046 \u2014 November 20, "
          "2026, Economy\n- **To:** SA6157 \u2014 May 8, 2026, 01:45 \u2192 10:00, Premium Economy (non-refundable)\n- "
          "**New fare:** $319\n\nWould you like me to make this change?")
WAITING = ("Of course \u2014 take your time. Just let me know when you're ready, and I'll cancel hold **BKC5FN82** "
           "(SA2650, 3 passengers) for you.")
R_CANCEL = ("Here are the details:\n\n- **Order:** #W4566809\n- **Items:** Indoor Security Camera (1080p, 160 degrees, "
            "Ethernet)\n- **Reason:** ordered by mistake\n- **Refund:** $826.70 to your Mastercard ending in 2130 (5\u20137 "
            "business days)\n\nWould you like me to proceed with cancelling this order? (yes/no)")
R_ADDRESS = ("Thank you, Raj. Order **#W4566809** is pending, so the address can still be changed:\n\n- **Current "
             "address:** 557 Sunset Drive, Suite 454, San Diego, CA 92147\n- **New address:** 447 Pine Court, Austin, TX "
             "78701, USA\n\nShall I update the shipping address for this order? (yes/no)")
R_EXCHANGE = ("To confirm, here's the exchange again:\n\n- **Order:** #W7736708\n- **Item:** Headphones (on-ear, wireless, "
              "**red**) \u2192 Headphones (on-ear, wireless, **white**)\n- **Price difference:** $9.10 refunded to your "
              "Mastercard ending in 2130\n\nWould you like me to proceed? (yes/no)")

SKY_YES = [
    # 1. a hold ended is a cancellation
    (HELD, "Yes, please cancel it."), (HELD, "Yes, please cancel the hold."),
    (HELD, "Yes, please cancel it. Thank you for your help."), (RELEASE, "Yes, please cancel it."),
    (RELEASE, "Yes, release the hold."), (DROP, "Yes, please cancel it."), (REMOVE, "Yes, cancel the hold please."),
    (HELD, "Yes, go ahead and cancel the hold on BKC5FN82."),
    # 2. a plan about another thing beside the yes
    (BOOK, "Yes, everything looks correct. Please go ahead and book it. We'll probably arrange our return flight "
           "separately later on."),
    (BOOK, "Yes, please go ahead and book it. We'll arrange the return flight separately."),
    (BOOK, "Yes, please book it. I'll send the passport details to you afterwards."),
    (BOOK, "Yes, that's all correct. Please proceed with the booking for the two of us. I'll send the individual names "
           "to our travel coordinator afterwards."),
    (BOOK, "Yes, please book it. We'll sort out the hotel ourselves."),
    (HELD, "Yes, please cancel it. I'll look into rebooking once my plans are more settled."),
    (HELD, "Yes, cancel it please. I'll rebook later."),
    (HELD, "Yes, please go ahead. I'll look into rebooking once my plans are more settled."),
    (HOLD, "Yes, please place the hold. We'll decide whether to book it once Rahul confirms his leave."),
    (HOLD, "Yes, please place the hold. We'll book it later once Rahul confirms."),
    (HOLD, "Yes, please place the hold. I'll decide about booking it once I've spoken with him."),
    (HOLD, "Yes, please hold them. I'll make the final decision once Rahul confirms his leave."),
    (HOLD, "Yes, please place the hold. We'll decide later."),
    # 4. an acknowledgement before the yes; an ordinal date said back
    (CHANGE, "Yes, that works perfectly. Please make the change."), (CHANGE, "Yes, that works perfectly."),
    (BOOK, "Understood, thank you for explaining. Yes, please go ahead and book it."),
    (BOOK, "Understood. Yes, please go ahead and book it."), (BOOK, "Thank you for explaining. Yes, please book it."),
    (BOOK, "That's understandable. Yes, that all looks correct. Please go ahead."),
    (BOOK, "Got it, thanks. Yes, please book it."), (BOOK, "Fair enough. Yes, please book it."),
    (BOOK, "Yes \u2014 SA5068 on March 5th in Economy for the two of us, $592 total. That is correct, please book it."),
    (BOOK, "Yes, SA5068 on March 5th for the two of us. Please book it."),
    # 6. the doubt resolved, then a yes that names the hold it ends
    (WAITING, "I've spoken with them and we all agree. Yes, please cancel the hold on BKC5FN82."),
]
SKY_NO = [
    # a yes to another action than the hold's cancellation, or a pause
    (HELD, "Yes, please hold it."), (HELD, "Yes, book it."), (HELD, "Yes cancel the hold, hold on a sec."),
    (HELD, "Hold on, cancel the hold."), (HOLD, "Yes, cancel the hold."),
    # put-offs, conditions, changes and plans about the proposal itself
    (BOOK, "Yes, please book it. I'll call back tomorrow to pay."), (BOOK, "Yes, please book it. I'll confirm tomorrow."),
    (BOOK, "Yes, book it. I'll book it tomorrow."), (BOOK, "Yes, please book it. We'll book another time."),
    (BOOK, "Yes, please book it. We'll probably want premium instead."), (BOOK, "Yes, please book it. We'll need 3 seats."),
    (BOOK, "Yes, please book it. I'll pay if it's refundable."), (BOOK, "Yes, book it. I'll check with my wife first."),
    (BOOK, "Yes, please book it. I'll take the earlier flight instead."),
    (BOOK, "Yes, please book it. I'll tell you the names once I know who is coming."),
    (BOOK, "Yes, please book it. We'll cancel if the return is too expensive."),
    (BOOK, "Ok. We'll arrange the return separately."), (BOOK, "Yes, please book it. I'd rather hold it."),
    (BOOK, "Yes, please go ahead \u2014 as long as the ticket is refundable, since our plans might still change."),
    (BOOK, "That all looks fine. I think we'll want to go with this, but let me talk it over with my husband tonight and "
           "I'll get back to you tomorrow to finalize."),
    (HELD, "Yes, please cancel it. I'll cancel it myself later."), (HELD, "Yes. I'll decide tomorrow."),
    (HELD, "Yes, I think so \u2014 but let me check with my colleagues first."),
    (HOLD, "That sounds good. I'll confirm with you tomorrow once Rahul has checked his leave dates."),
    (HOLD, "Yes, please place the hold. I'll pay once my wife agrees, if not then cancel."),
    (HOLD, "Yes, please place the hold. I'll book it once I can change it to 3 people."),
    (HOLD, "Maybe hold it, I'll decide once Rahul confirms."),
    # an acknowledgement alone, or beside a put-off; another date said back
    (BOOK, "Understood, thanks."), (BOOK, "That makes sense, but let me think."),
    (BOOK, "Understood. I will think about it."), (BOOK, "Yes, SA5068 on March 6th for the two of us. Please book it."),
]
RETAIL_YES = [
    (R_CANCEL, "Yes, please cancel it. I meant to buy a different model."),
    (R_CANCEL, "Yes, please cancel it. I'll buy the newer model next month instead."),
    (R_CANCEL, "Yes, please go ahead and cancel. I'll order again later."),
    (R_CANCEL, "Yes, that's correct. Please cancel it \u2014 I can always purchase it again later."),
    (R_ADDRESS, "Yes, that's the correct address. Please update it. I may update my account's default address another "
                "time, but that can wait."),
    (R_EXCHANGE, "That makes sense, thank you for clarifying. Yes, please proceed with the exchange."),
]
RETAIL_NO = [
    (R_CANCEL, "Yes, please cancel it. I'll exchange it instead."),
    (R_CANCEL, "Yes, cancel it. I'll change the address instead."),
    (R_CANCEL, "Yes, please cancel it. I'll keep the camera though."),
    (R_CANCEL, "Yes, that all looks correct. I'll confirm tomorrow."),
    (R_ADDRESS, "Yes, please update it. I may update it another time."),
    (R_EXCHANGE, "That sounds right. Let me just find the original packaging first, and I'll get back to you to confirm."),
]


@pytest.mark.parametrize("proposal, reply", SKY_YES)
def test_a_simulator_yes_with_an_aside_is_a_yes_for_s5(proposal, reply):
    assert sky_oracle(reply, proposal), consent.reason(reply, proposal)


@pytest.mark.parametrize("proposal, reply", SKY_NO)
def test_a_put_off_condition_or_other_action_stays_no_yes_for_s5(proposal, reply):
    assert not sky_oracle(reply, proposal), reply


@pytest.mark.parametrize("proposal, reply", RETAIL_YES)
def test_a_simulator_yes_with_an_aside_is_a_yes_for_r3(proposal, reply):
    assert retail_oracle(reply, proposal), consent.reason(reply, proposal)


@pytest.mark.parametrize("proposal, reply", RETAIL_NO)
def test_a_put_off_or_change_stays_no_yes_for_r3(proposal, reply):
    assert not retail_oracle(reply, proposal), reply


@pytest.mark.parametrize("proposal, families", [
    (HELD, {"cancel"}), (RELEASE, {"cancel"}), (DROP, {"cancel"}), (REMOVE, {"cancel"}), (HOLD, {"hold"}),
    ("Shall I release the hold BKH0G969 and book SA1425?", {"cancel"}), ("Shall I put it on hold?", {"hold"}),
])
def test_ending_a_hold_is_proposed_as_a_cancellation(proposal, families):
    assert consent._proposed(proposal) == families


# --- 5. S1 / B1 / S4: a party as a markdown list, a role or a name in brackets ----------------------------------

LIST3 = ("Hello! I'd like to hold seats from London to Nairobi on May 12th for the following passengers:\n\n- Priya "
         "Andersen\n- Rahul Andersen\n- Meera Andersen\n\nWe'd like to hold them without paying for now.")
TEAM = ("Good afternoon! I'm organizing a trip for our team from Doha to Amsterdam on September 9th, 2026. Here are the "
        "travelers:\n\n1. Hiroshi Fischer (lead)\n2. Anna Fischer\n3. Kenji Sato\n\nWe'd like to travel together.")


@pytest.mark.parametrize("text, names, count", [
    (LIST3, {"priya", "rahul", "meera", "andersen"}, 3),
    (TEAM, {"hiroshi", "fischer", "anna", "kenji", "sato"}, 3),
    ("Passengers:\n\n* Priya Andersen\n* Rahul Andersen\n\nThanks!", {"priya", "rahul", "andersen"}, 2),
    ("Travellers:\n\n1. Priya Andersen (me)\n2. Rahul Andersen", {"priya", "rahul", "andersen"}, 2),
    ("hold seats for the following passengers:\n1. Priya Andersen\n2. Rahul Andersen\nNo payment yet please.",
     {"priya", "rahul", "andersen"}, 2),
])
def test_a_markdown_list_of_travellers_states_their_names_and_count(text, names, count):
    assert names <= stated_names(text)
    assert count in stated_party_sizes(text)


@pytest.mark.parametrize("text, names", [
    ("I'd like to hold seats for two people \u2014 myself (Priya Andersen) and my brother. No payment yet please.",
     {"priya", "andersen"}),
    ("There will be six of us in total \u2014 myself (Hiroshi Fischer) and five colleagues from the office.",
     {"hiroshi", "fischer"}),
])
def test_the_customers_name_in_brackets_after_myself_is_stated(text, names):
    assert names <= stated_names(text)


@pytest.mark.parametrize("text, count", [
    ("SA2124 please, for both of us.", 2),
    ("Passengers:\n\n- Priya Andersen\n- 2 kids", None),  # an item that is no name: no count of items
    ("My plan:\n\n- Monday out\n- Friday back", None),  # a list of no travellers
])
def test_both_of_us_and_lists_that_are_no_party(text, count):
    sizes = stated_party_sizes(text)
    if count is None:
        assert 1 not in sizes and 3 not in sizes
    else:
        assert count in sizes


def test_a_list_of_no_names_states_none():
    assert not stated_names("Some notes:\n\n- London to Paris\n- Next Tuesday")


# --- the traces: cancel_booking seed 0 (BKC5FN82, Mensah, held) and hold_request seed 0 (LHR -> NBO, SA2124 $114) ---

def held_cancel(domain, question, reply):
    c = Chat(domain, "cancel_booking", 0).u("Hi, I'd like to cancel my booking BKC5FN82, please. The last name is Mensah.")
    c.t("lookup_booking", booking_id="BKC5FN82", last_name="Mensah")
    c.a(HELD.replace("Would you like me to cancel this hold?", question)).u(reply)
    c.t("cancel_booking", booking_id="BKC5FN82")
    return c.a("The hold **BKC5FN82** has been cancelled. Is there anything else I can help with?")


@pytest.mark.parametrize("question, reply, fires", [
    ("Would you like me to cancel this hold?", "Yes, please cancel it.", False),
    ("Would you like me to release the hold?", "Yes, please cancel the hold.", False),
    ("Would you like me to cancel this hold?",
     "Yes, please cancel it. I'll look into rebooking once my plans are more settled.", False),
    ("Would you like me to cancel this hold?", "Yes, please cancel it. I'll confirm tomorrow.", True),
    ("Would you like me to cancel this hold?", "Yes, please hold it for now.", True),
])
def test_s5_on_cancelling_a_held_booking(domain, question, reply, fires):
    assert bool(held_cancel(domain, question, reply).fired("S5")) == fires


def listed_hold(domain, first, count, held=None):
    c = Chat(domain, "hold_request", 0).u(first)
    c.t("search_flights", origin="LHR", destination="NBO", date="2026-05-12")
    c.a("SA2124 10:30 Economy $114, non-refundable, 12 seats left. Which flight would you like?").u("SA2124 please.")
    c.a(f"Before I hold anything, here is a summary: SA2124, May 12, 2026, {count} passengers, Economy "
        f"(non-refundable), ${114 * count} in total (${114} \u00d7 {count}), not charged until you book. Shall I place "
        "this hold?").u("Yes, that's correct. Please place the hold.")
    c.t("hold_itinerary", flight_ids=["SA2124"], passengers=held or count, fare_class="economy", first_name="Priya",
        last_name="Andersen")
    return c.a("Your hold is placed for 24 hours.")


@pytest.mark.parametrize("held, fired", [(3, set()), (4, {"S4"})])  # 3 listed and summarised; 4 held is S4's (h05)
def test_a_listed_party_names_and_counts_the_hold(domain, held, fired):
    c = listed_hold(domain, LIST3, 3, held)
    assert {p for p in ("S1", "S4", "B1") if c.fired(p)} == fired
