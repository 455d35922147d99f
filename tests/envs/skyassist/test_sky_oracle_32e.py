"""S1's reading of a name after its label with an adverb between ("my last name is actually Kosta"): the session-32
filler rule (``verify_names._FILLERS``) took "actually" for the word in the name's place, so the corrected surname was
"not given as a name" and the fault-free agent's booking under it was flagged (tests/envs/skyassist/
test_sky_customers_30e.py caught it)."""

import pytest

from envs.skyassist.verify_names import stated_names


@pytest.mark.parametrize("text, name", [
    ("my last name is actually Kosta", "kosta"), ("sorry, surname is really Lee", "lee"),
    ("my surname's actually Okafor", "okafor"), ("last name: honestly Brown", "brown"),
])
def test_an_adverb_between_the_label_and_the_name_keeps_the_name(text, name):
    assert name in stated_names(text, "last")


@pytest.mark.parametrize("text", ["Maya Adeyemi actually", "Maya Adeyemi obviously"])
def test_the_adverb_after_a_name_is_still_no_name_word(text):
    found = stated_names(text, True)
    assert {"maya", "adeyemi"} <= found and not found & {"actually", "obviously"}
