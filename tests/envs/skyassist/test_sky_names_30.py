"""A name followed by a function word ("My name is Arjun Andersen if you.") was booked under the last name "if"
and the first name "Arjun Andersen": S1 on the fault-free agent. Found by AdaT (thirtieth session, campaign seed 1:
the learned driver's 7 "false alarms" on the compliant target were this real agent fault, the verifier right).
A word such as if, so, because, though, unless, than never ends a name; the name before it is kept whole.
"""
from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

SC = D.scenario("one_way", 1000344)


@pytest.mark.parametrize("said", ["My name is {first_name} {last_name} if you.",
                                  "my name is {first_name} {last_name} if that helps",
                                  "The name is {first_name} {last_name} so please hurry.",
                                  "It's {first_name} {last_name} because you asked.",
                                  "Name is {first_name} {last_name} if thats what you need"])
def test_a_name_before_a_function_word_is_booked_whole(said):
    t = _checked_play([m.format(**SC) for m in ("{origin_city} to {destination_city} on {date}, just me", "1",
                                                 said, "yes")], SC)  # asserts the verifiers stay silent
    books = _calls(t, "book_flight")
    assert len(books) == 1 and (books[0]["first_name"], books[0]["last_name"]) == (SC["first_name"], SC["last_name"])
