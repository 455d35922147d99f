"""SkyAssist reference agent, findings of the tester ``sky-customers-16`` (/work/h35/sky-customers-16/report.md) taken
up in the thirty-fifth session (helper C), with the tester's words, other phrasings, and the near misses that must keep
their old reading:

F6.  a flight named by its number with too few seats for the party: "whatever's next that fits all of us", "then the
     next one with 4 seats", "what are the options??" take up the search offered and list the day's flights (never
     "Which flight would you like?" with nothing listed, nor the too-small flight alone as "the options"); "book the 2
     then, the other two will drive" takes that flight for the count it seats; a plain "no thanks" stops there;
F13. "me + hubby", "me + colleague" count two; "need to fly one day earlier" and "same flight but in september, same
     day" after a booking reference are changes; a connection with no shortest pair asks "which flight?" once;
G1.  "take the outbound one" when the outbound lists one flight that can be booked takes it (with several listed, which
     one is still asked);
G2.  "hmm my dad just texted he cant make it" at a summary for a party with the dad: the summary for one fewer, booked
     only on its own yes; never the old count;
M.   (the merge of skyA and skyB) a partial move said in the first message is now looked up at once; the surname given
     again or a bare "1" after "move everyone, or cancel and book anew?" chooses neither and is asked again.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse, party_sizes
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import mutated, play, searches

SOLD16 = D.scenario("sold_out_flight", 16)  # SA2609 CDG-FRA 2026-04-06, 2 seats left; SA9334 (6 seats) that day
ONE16 = D.scenario("one_way", 16)  # JFK-BOS 2026-05-16: SA8869 10:30 premium $688
URGENT16 = D.scenario("urgent_booking", 16)  # NBO-LHR 2026-03-05: SA4504 (option 2)
CHANGE16 = D.scenario("change_booking", 16)  # BKKPQ142 Ivanova, 3 passengers, SA5120 DOH-GRU 2026-08-20
MULTI16 = D.scenario("multi_leg", 16)  # ORD-LHR-JNB 2026-11-20: no pair connects in 45 minutes
ROUND16 = D.scenario("round_trip", 16)  # SEA-NRT 2026-09-25: SA1324 only; nothing back on 2026-10-09
GROUP16 = D.scenario("group_booking", 16)  # AMS-DXB 2026-11-12: SA7881 economy


def booked(ep) -> list[tuple[list[str], int]]:
    return [(c["flight_ids"], c["passengers"]) for c in _calls(ep, "book_flight")]


# --- F6. a named flight too small for the party: the offered search is made ---------------------------------------------

SOLD = "4 seats on SA2609 please, april 6, Olga Murphy"


@pytest.mark.parametrize("line", ["ugh. whatever's next that fits all of us then",  # the tester's
                                  "then the next one with 4 seats",
                                  "what are the options??",
                                  "any flight with enough room for everyone?",
                                  "yes please"])  # (worked before)
def test_a_flight_for_the_whole_party_is_searched_and_listed(line):
    ep = play([SOLD, line], SOLD16)
    reply = _after(ep, line)
    assert searches(ep) == [("CDG", "FRA", "2026-04-06")], reply
    assert "SA9334" in reply and "Which flight would you like?" in reply, reply


def test_the_tester_conversation_lists_then_books_the_flight_that_fits():
    lines = [SOLD, "ugh. whatever's next that fits all of us then", "what are the options??", "SA9334", "yes"]
    ep = play(lines, SOLD16)
    assert "SA9334" in _after(ep, "what are the options??")
    assert booked(ep) == [(["SA9334"], 4)]


@pytest.mark.parametrize("line", ["book the 2 then, the other two will drive",  # the tester's
                                  "fine, book 2 seats on it then",
                                  "ok just 2 of us then on that flight"])  # (worked before)
def test_a_smaller_count_on_the_named_flight_takes_it(line):
    ep = play([SOLD, line], SOLD16)
    reply = _after(ep, line)
    assert "SA2609" in reply and "for 2 passengers" in reply and "Shall I book it?" in reply, reply
    assert not _calls(ep, "book_flight")
    ep = play([SOLD, line, "yes"], SOLD16)
    assert booked(ep) == [(["SA2609"], 2)]


@pytest.mark.parametrize("line", ["no thanks", "nope, thanks"])
def test_no_to_the_offered_search_stops_there(line):  # near miss
    ep = play([SOLD, line], SOLD16)
    reply = _after(ep, line)
    assert not searches(ep) and "Which flight would you like" not in reply and "anything else" in reply, reply


def test_a_bare_reply_to_the_offer_asks_it_again_not_which_flight():  # near miss
    ep = play([SOLD, "hmm"], SOLD16)
    reply = _after(ep, "hmm")
    assert "look for other flights" in reply and "Which flight would you like" not in reply, reply


# --- F13. small phrasings ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("line, n", [("me + hubby", 2), ("me + colleague", 2), ("me & wife", 2), ("me and hubby", 2),
                                     ("me + a colleague", 2), ("me + hubby + 2 kids", 4),
                                     ("me and hubby and our 2 kids", 4), ("me + my wife", 2)])
def test_the_speaker_and_a_bare_companion_count(line, n):
    assert party_sizes(line) == {n}


def test_me_plus_hubby_answers_the_count_question():
    ep = play(["flight new york boston may 16, Thandiwe Hernandez", "1", "me + hubby"], ONE16)
    reply = _after(ep, "me + hubby")
    assert "for 2 passengers" in reply and "Shall I book it?" in reply, reply


def test_me_plus_colleague_in_the_opening_is_two():
    line = "URGENT nairobi->london march 5 me + colleague, Tomasz Mwangi"
    ep = play([line, "2", "yes"], URGENT16)
    assert "How many passengers" not in _after(ep, "2")
    assert booked(ep) == [(["SA4504"], 2)]


@pytest.mark.parametrize("line, sizes", [("me + 2 kids", {3}), ("me and a friend", {2}), ("just me", {1}),
                                         ("me and my wife and the kids", set())])  # (how many kids: asked)
def test_other_parties_keep_their_reading(line, sizes):  # near miss
    assert party_sizes(line) == sizes


@pytest.mark.parametrize("line, day", [("Ivanova BKKPQ142 - need to fly one day earlier", "2026-08-19"),  # the tester's
                                       ("Ivanova BKKPQ142 - we have to leave 2 days later", "2026-08-22"),
                                       ("Ivanova BKKPQ142 - move it to the day before", "2026-08-19")])  # (worked)
def test_a_relative_move_after_the_reference_is_a_change(line, day):
    ep = play([line], CHANGE16)
    assert searches(ep) == [("DOH", "GRU", day)], _after(ep, line)


@pytest.mark.parametrize("line, day", [("Ivanova BKKPQ142, same flight but in september, same day", "2026-09-20"),
                                       ("Ivanova BKKPQ142 - can we do the same date in march instead", "2026-03-20"),
                                       ("Ivanova BKKPQ142 - keep the same day but in october please", "2026-10-20")])
def test_the_same_day_in_another_month_is_searched(line, day):
    ep = play([line], CHANGE16)
    assert searches(ep) == [("DOH", "GRU", day)], _after(ep, line)
    assert not mutated(ep)


def test_a_month_without_the_day_still_lists_that_months_dates():  # near miss
    line = "Ivanova BKKPQ142 - can you push it back to september"
    ep = play([line], CHANGE16)
    assert not searches(ep) and "Which date would you like" in _after(ep, line)


def test_keeping_the_same_day_without_a_month_keeps_the_booked_day():  # near miss
    line = "Ivanova BKKPQ142 - keep the same day, move me to the 12:30 flight"
    ep = play([line], CHANGE16)
    assert searches(ep) == [("DOH", "GRU", "2026-08-20")]


def test_no_connecting_pair_asks_which_flight_once():
    line = ("Chicago to Johannesburg via London on Nov 20 for Nadia Andersen and her husband, "
            "shortest layover please")
    ep = play([line], MULTI16)
    reply = _after(ep, line)
    assert reply.count("Which flight would you like for the first leg?") == 1, reply
    assert "no pair of the listed flights connects" in reply


# --- G1. "take the outbound one" ----------------------------------------------------------------------------------

ROUND = "Seattle to Tokyo sept 25, coming back 2 weeks later. 2 adults. Sean Sato"


@pytest.mark.parametrize("line", ["take the outbound one", "I'll take that outbound flight",
                                  "the outbound flight is fine", "ok book the outbound one", "keep the outbound"])
def test_the_outbound_named_by_its_leg_is_picked(line):
    ep = play([ROUND, line], ROUND16)
    reply = _after(ep, line)
    assert "You picked SA1324" in reply, reply
    assert "Which flight would you like for the return" not in reply  # nothing was found back on 2026-10-09
    assert "no flights to offer for the return" in reply


@pytest.mark.parametrize("line", ["hmm ok jan 11 back then I guess. take the outbound one",  # the tester's
                                  "jan 11 back is fine. I'll take that outbound flight",
                                  "ok jan 11 return, keep the outbound"])
def test_a_new_return_date_and_the_outbound_taken_in_one_message(line):
    ep = play([ROUND, line, "1", "yes"], ROUND16)
    reply = _after(ep, line)
    assert "You picked SA1324" in reply and "Which flight would you like for the return?" in reply, reply
    assert booked(ep) == [(["SA1324", "SA8627"], 2)]


def test_the_outbound_named_among_several_is_still_asked():  # near miss
    lines = ["Seattle to Tokyo sept 25, coming back jan 11. 2 adults. Sean Sato", "1", "take the return one"]
    ep = play(lines, ROUND16)
    reply = _after(ep, "take the return one")
    assert "You picked" not in reply and not _calls(ep, "book_flight"), reply


# --- G2. a companion drops out at the summary -------------------------------------------------------------------

FAMILY = ["hi, Amsterdam to Dubai nov 12 for the family - me (Mateo Mensah), my 2 kids and my parents", "2"]


@pytest.mark.parametrize("line", ["hmm my dad just texted he cant make it",  # the tester's
                                  "ugh, my dad just messaged that he can't come",
                                  "my mum says she can't come after all",
                                  "dad just texted, he cant make it",
                                  "my dad can't come"])  # (worked before)
def test_a_companion_dropping_out_at_the_summary_gives_one_fewer(line):
    ep = play(FAMILY + [line], GROUP16)
    reply = _after(ep, line)
    assert "for 4 passengers" in reply and "Shall I book it?" in reply, reply
    assert not _calls(ep, "book_flight")
    ep = play(FAMILY + [line, "yes"], GROUP16)
    assert booked(ep) == [(["SA7881"], 4)]


@pytest.mark.parametrize("line", ["my dad said he can't make it to the airport to drive us",
                                  "my dad just texted he says have a great trip"])
def test_other_news_from_a_relative_changes_no_count(line):  # near miss
    assert parse(line, DB).pax_change is None


# --- M. the merge: a bare reply to "move everyone, or cancel and book anew?" ------------------------------------

LONG = ("Hello, I am Leila Ivanova, booking BKKPQ142. We cannot travel in August any more, my husband has surgery. "
        "Is it possible to go earlier, like 17 of March? But only me and my daughter, my husband stays home.")


@pytest.mark.parametrize("line", ["Ivanova", "1"])
def test_a_reply_that_chooses_neither_is_asked_again(line):
    ep = play([LONG, line], CHANGE16)
    reply = _after(ep, line)
    assert not searches(ep) and "What would you like to do?" in reply, reply


def test_moving_everyone_when_asked_still_goes_on():  # near miss
    ep = play([LONG, "ok fine, just move the 3 of us then"], CHANGE16)
    assert searches(ep) == [("DOH", "GRU", "2026-03-17")]
