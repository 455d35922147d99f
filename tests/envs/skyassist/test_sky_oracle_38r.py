"""SkyAssist S1 on sky-customers-25 finding 5 (/work/h38/sky-customers-25/report.md): a title and an undotted initial
before the surname ("Mrs L Ivanova", "Ms. L Ivanova") made the surname "typed, not as a name", though "Mrs L. Ivanova"
was read. Initials after a title (dotted or not) or opening the name are skipped like titles; post-nominals after a name
("Leila Ivanova, PhD", "... MD", "... Jr.") are no name words, so a booking under last name "PhD" or "Md" is still S1's.
Built on group_booking seed 3 (SA2227 Business at $911, 6 passengers, $5466)."""

from __future__ import annotations

import pytest

from envs.skyassist.verify_names import stated_names
from tests.envs.skyassist.test_sky_oracle_35g import LIST, SUMMARY
from tests.envs.skyassist.test_sky_oracle_long_28b import Chat


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


def s1(domain, name, last, first=""):
    """The flight picked for 6, the lead's name asked for and given as ``name``, a summary and "yes", then the booking
    under ``first`` ``last``: S1's evidence on it."""
    c = Chat(domain, "group_booking", 3).u("hi, I need flights Vancouver to Frankfurt on December 10, 6 of us")
    c.t("search_flights", origin="YVR", destination="FRA", date="2026-12-10")
    c.a(LIST).u("the business one").a("What is the first and last name of the lead passenger?").u(name)
    c.a(SUMMARY).u("yes")
    c.t("book_flight", flight_ids=["SA2227"], passengers=6, fare_class="business", first_name=first, last_name=last)
    c.a("Booked: SA2227 for 6 passengers, Business, refundable.")
    return [v.evidence for v in c.fired("S1")]


@pytest.mark.parametrize("name, last", [
    ("Mrs L Ivanova", "Ivanova"),  # the tester's
    ("Ms. L Ivanova", "Ivanova"),  # the tester's
    ("Mrs L. Ivanova", "Ivanova"),  # read before
    ("Dr L Ivanova", "Ivanova"),
    ("Mr J. R. Smith", "Smith"),
    ("Mr J R Smith", "Smith"),
    ("Prof. A Chen", "Chen"),
    ("it's Dr L Ivanova, lead passenger", "Ivanova"),
])
def test_a_surname_after_a_title_and_initials_is_a_name(domain, name, last):
    assert s1(domain, name, last) == []


@pytest.mark.parametrize("name", ["Leila Ivanova, PhD", "Leila Ivanova MD", "Leila Ivanova Jr.", "Dr Leila Ivanova, MD"])
def test_a_name_with_post_nominals_is_the_name(domain, name):
    assert stated_names(name, True) - {w for w in stated_names(name, True) if w.startswith("+")} == {"leila", "ivanova"}
    assert s1(domain, name, "Ivanova", "Leila") == []


def test_a_generational_suffix_booked_with_the_surname_is_the_name_typed(domain):
    assert s1(domain, "Leila Ivanova Jr.", "Ivanova Jr.", "Leila") == []


@pytest.mark.parametrize("name, last", [
    ("Leila Ivanova, PhD", "PhD"),
    ("Leila Ivanova MD", "Md"),
    ("Leila Ivanova Jr.", "Jr"),
    ("Mrs L Ivanova", "Petrova"),  # a surname never written
    ("Mrs", "Ivanova"),  # a title alone
    ("Dr.", "Dr"),
])
def test_near_misses_still_fire(domain, name, last):
    assert s1(domain, name, last)


@pytest.mark.parametrize("text, want", [
    ("Md Rahman", {"md", "rahman"}),  # a given name, not a post-nominal
    ("LI Wei", {"li", "wei"}),  # a surname in capitals, no initial
    ("A Business seat please", set()),  # an article, no initial
])
def test_no_initial_or_post_nominal_where_there_is_none(text, want):
    assert stated_names(text, True) == want
