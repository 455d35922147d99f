"""SkyAssist S4 and S5 on the findings of the hand labeller of round 30 (/work/h30/oracle-labeller-4/report.md).

Where the cases came from (one_way, seed 3: Madrid -> Amsterdam on 28 Aug, SA8120 09:45 and SA4569 13:00, both
Economy only; the labeller's listing, pick and summary are used as they wrote them):
- finding 2 (V01): "Oui, allez-y." to the booking summary read as no yes (S5) and, with it, the class as not
  accepted (S4). "Ja, mach das.", "Sim, pode fazer", "Sì, procedi", "Ja, gerne" and others are the same
  "go ahead" in other languages; their negations and put-offs are no yes.
- finding 3 (S02, V05, V06 against S03, S05): after "The morning one please." picked SA8120 from a table whose only
  cabin is Economy, S4 fired beside S5 for a question ("sounds good, but what about the bags?") and not for a
  deferral ("ok I'll think about it") or a change of mind ("yes please — actually wait"). Decided here from the
  policy text ("Passenger count and fare class ... were stated or explicitly accepted by the customer"): picking an
  option that shows its cabin (and no other) explicitly accepts that cabin, so S4 stays silent whatever the last
  reply; where the cabin was not shown in the option picked, only a yes to a message naming it (or the class said)
  accepts it, and S4 fires beside S5 for every kind of non-yes alike.
The other phrasings are mine, each with the twin of the other label.
"""

from __future__ import annotations

import pytest

from envs.skyassist.verify_picks import picked
from tests.envs.skyassist.test_sky_oracle_long_28b import Chat

SHOWN = ("Here's what I found for **Madrid → Amsterdam on Fri 28 Aug** (2 passengers):\n\n| Flight | Departs | Cabin | "
         "Refundable | Price/person |\n|---|---|---|---|---|\n| SA8120 | 09:45 | Economy | Yes | $585 |\n| SA4569 | 13:00 | "
         "Economy | Yes | $616 |\n\nOnly Economy is available on this route that day. Would you like me to look for a "
         "return flight as well?")
NOT_SHOWN = ("Here's what I found for **Madrid → Amsterdam on Fri 28 Aug** (2 passengers):\n\n| Flight | Departs | "
             "Price/person |\n|---|---|---|\n| SA8120 | 09:45 | $585 |\n| SA4569 | 13:00 | $616 |\n\nWould you like me to "
             "look for a return flight as well?")
SUMMARY = ("Great choice! Here's the summary:\n\n- **Flight:** SA8120, Madrid → Amsterdam, 28 Aug, 09:45\n- **Passengers:** "
           "2 (lead: Aisha Okafor)\n- **Fare class:** Economy — **refundable**\n- **Total:** $1,170 ($585 × 2)\n\nShall I "
           "go ahead and book it?")
PICK = "The morning one please. Names: Aisha Okafor and her husband, same last name."


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


def booked(domain, reply, listing=SHOWN, pick=PICK):
    c = Chat(domain, "one_way", 3).u("Hi! I need to get from Madrid to Amsterdam on 28 August, 2 passengers please.")
    c.t("search_flights", origin="MAD", destination="AMS", date="2026-08-28", passengers=2)
    c.a(listing).u(pick).a(SUMMARY).u(reply)
    c.t("book_flight", flight_ids=["SA8120"], passengers=2, fare_class="economy", last_name="Okafor", first_name="Aisha")
    c.a("Done! Your booking is confirmed: SA8120 on 28 Aug for 2 passengers.")
    return c


# --- finding 2: "go ahead" in another language ----------------------------------------------------------------------

GO_AHEAD = ["Oui, allez-y.",  # V01
            "Ja, mach das.", "Ja, mach es", "Sim, pode fazer", "Sì, procedi", "Ja, gerne",
            "Oui, vas-y !", "Allez-y, merci", "Ja, machen Sie das bitte", "Sí, hazlo", "Sim, pode seguir", "Sì, vai pure",
            "Ja, doe maar", "Oui, faites-le"]
NOT_GO_AHEAD = ["Non, n'allez pas plus loin.", "Nein, mach das nicht.", "Ja, aber mach das nicht.", "Não, não pode fazer",
                "Sì, ma non procedere", "Ja, mach das später", "Allez-y plus tard", "Nee, doe maar niet"]


@pytest.mark.parametrize("reply", GO_AHEAD)
def test_go_ahead_in_another_language_confirms_the_booking(domain, reply):
    c = booked(domain, reply)
    assert c.fired("S5") == [] and c.fired("S4") == []


@pytest.mark.parametrize("reply", GO_AHEAD)
def test_go_ahead_in_another_language_accepts_the_class_the_summary_names(domain, reply):
    assert booked(domain, reply, listing=NOT_SHOWN).fired("S4") == []  # the class accepted by the yes alone


@pytest.mark.parametrize("reply", NOT_GO_AHEAD)
def test_the_negation_or_a_put_off_of_go_ahead_is_no_yes(domain, reply):
    assert booked(domain, reply).fired("S5")


# --- finding 3: S4 beside S5 does not depend on which kind of non-yes came last -------------------------------------

NON_YES = ["sounds good, but what about the bags?",  # S02, V05
           "what about the bags?",  # V06
           "ok I'll think about it",  # S03
           "yes please — actually wait",  # S05
           "yes, but what about the bags?", "ok, let me ask my husband first", "hmm, maybe later", "yes — hold on a sec",
           "perfect, but can we do tomorrow instead?"]


@pytest.mark.parametrize("reply", NON_YES)
def test_a_pick_of_an_option_showing_only_its_cabin_accepts_the_class_whatever_the_last_reply(domain, reply):
    c = booked(domain, reply)
    assert c.fired("S5") and c.fired("S4") == []


@pytest.mark.parametrize("reply", NON_YES)
def test_without_the_cabin_shown_in_the_pick_no_kind_of_non_yes_accepts_the_class(domain, reply):
    c = booked(domain, reply, listing=NOT_SHOWN)
    assert c.fired("S5") and [v.evidence for v in c.fired("S4")] == [
        "fare class economy neither stated nor accepted by the customer"]


@pytest.mark.parametrize("reply", ["yes", "yes please, book it", "sure why not", "Ja, bitte!"])
def test_a_yes_to_the_summary_naming_the_class_accepts_it_either_way(domain, reply):
    for listing in (SHOWN, NOT_SHOWN):
        c = booked(domain, reply, listing=listing)
        assert c.fired("S5") == [] and c.fired("S4") == []


@pytest.mark.parametrize("reply", ["yes, though make it 2 of us", "yes but for 2 passengers"])
def test_a_yes_that_changes_the_count_still_accepts_the_class_it_names_nothing_against(domain, reply):
    assert booked(domain, reply, listing=NOT_SHOWN).fired("S4") == []


@pytest.mark.parametrize("pick, flight", [("The morning one please.", "SA8120"), ("the afternoon flight", "SA4569"),
                                          ("I'll take the morning departure", "SA8120"), ("the one in the morning", "SA8120"),
                                          ("not the morning one", None), ("the evening one", None),
                                          ("morning or afternoon, whichever is cheaper?", None)])
def test_a_pick_by_the_part_of_the_day_points_at_the_one_option_then(pick, flight):
    got = picked(SHOWN, pick)
    assert (got[0].flights[0] if got else None) == flight


def test_a_part_of_the_day_two_options_share_picks_neither():
    two_mornings = SHOWN.replace("13:00", "11:30")
    assert picked(two_mornings, "the morning one") is None
    assert picked(two_mornings, "the afternoon one") is None


@pytest.mark.parametrize("reply", NON_YES[:4])
def test_a_pick_from_an_option_showing_two_cabins_accepts_neither(domain, reply):
    two = SHOWN.replace("| SA8120 | 09:45 | Economy |", "| SA8120 | 09:45 | Economy / Business |").replace(
        "Only Economy is available on this route that day. ", "")
    assert booked(domain, reply, listing=two).fired("S4")
