"""Retail customers played against the fault-free clerk (twenty-ninth session, eighth fix round), in the testers'
words and in others. The cases come from retail-customers-5 (/work/h29/retail-customers-5/report.md, repro.py): P5 an
option written in singular or abbreviated units ("2 liter", "2L", "14 inch", `14"`, "20 hour", "6 foot", "500 ml")
where the catalogue spells it "2 liters", "14 inches", "20 hours", "6 ft", "500ml". Each conversation is also checked
for soundness: no failed turn, no verifier violation, each write right after a yes to the proposal that named it.
"""

from __future__ import annotations

import pytest

from envs.taubench.language import unknown_options, wanted_options
from probe.core.registry import get_domain
from tests.envs.taubench.test_unseen_retail_customers import _calls, _play, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


# --- P5. a value in other units' spellings is the catalogue's value --------------------------------------------------
_KETTLES = [{"material": "glass", "capacity": c, "stovetop compatibility": "electric"}
            for c in ("1 liter", "1.5 liters", "2 liters")]


@pytest.mark.parametrize("said", ["2 liter", "2L", "2 litres", "2 ltr", "2-liter", "2 liters"])
def test_a_capacity_in_any_spelling_of_liters_is_read(said):
    assert wanted_options(f"change the kettle to {said}", _KETTLES[0], _KETTLES)["capacity"] == "2 liters"
    assert unknown_options(f"change the kettle to {said}", _KETTLES) == []


def test_a_capacity_the_kettle_lacks_is_still_unknown_in_any_spelling():
    assert unknown_options("change the kettle to 3 liter", _KETTLES)[0][:2] == ("capacity", "3 liter")
    assert "capacity" not in wanted_options("change the kettle to 3 liter", _KETTLES[0], _KETTLES)


@pytest.mark.parametrize(("said", "values", "want"), [
    ("the 14 inch one", ["10 inches", "12 inches", "14 inches"], "14 inches"),
    ('14"', ["10 inches", "12 inches", "14 inches"], "14 inches"),
    ("12-inch", ["10 inches", "12 inches", "14 inches"], "12 inches"),
    ("20 hour battery", ["10 hours", "20 hours"], "20 hours"),
    ("20 hrs", ["10 hours", "20 hours"], "20 hours"),
    ("the 6 foot one", ["5 ft", "6 ft", "7 ft"], "6 ft"),
    ("7 feet", ["5 ft", "6 ft", "7 ft"], "7 ft"),
    ("500 ml", ["500ml", "750ml", "1000ml"], "500ml"),
    ("16 GB", ["8GB", "16GB", "32GB"], "16GB"),
    ("15 inch", ["13-inch", "15-inch"], "15-inch"),
    ("1 TB", ["256GB SSD", "512GB SSD", "1TB SSD"], "1TB SSD"),
    ("512 gigs", ["256GB SSD", "512GB SSD", "1TB SSD"], "512GB SSD"),
])
def test_a_number_with_its_unit_spelled_otherwise_is_the_catalogue_value(said, values, want):
    variants = [{"size": v} for v in values]
    assert wanted_options(f"make it {said}", variants[0] if variants[0]["size"] != want else variants[1], variants) \
        == {"size": want}
    assert unknown_options(f"make it {said}", variants) == []


def test_another_number_in_the_same_unit_is_not_the_value():
    variants = [{"size": v} for v in ("10 inches", "12 inches", "14 inches")]
    assert wanted_options("make it 16 inch", variants[0], variants) == {}
    assert unknown_options("make it 16 inch", variants)[0][1] == "16 inch"


@pytest.mark.parametrize("ask", ["change the tea kettle to 2 liter", "change the tea kettle to 2L",
                                 "change the tea kettle to 2 litres please, same glass electric",
                                 "change the tea kettle to 2 liters"])
def test_the_kettle_in_2_liter_is_proposed_and_changed(d, ask):
    _, t = _play(d, "modify_items", ["harper.kovacs2446@example.com", ask, "yes"], seed=901)
    said = _said(t)
    assert "doesn't come in" not in said[-2] and "2 liters" in said[-2] and "To confirm" in said[-2], said[-2]
    assert "glass, 2 liters, electric" in said[-2], said[-2]
    assert len(_calls(t)) == 1, _calls(t)
    _sound(t)


@pytest.mark.parametrize(("ask", "value"), [
    ("in W9160732 change the wall clock to 14\"", "14 inches"),
    ("in W9160732 change the wall clock to the 14 inch one", "14 inches"),
    ("in W9160732 change the wall clock to 14 inches", "14 inches"),
    ("in W9160732 change the speaker to 20 hour battery", "20 hours"),
    ("in W9160732 change the umbrella to the 6 foot one", "6 ft"),
    ("in W9160732 change the water bottle to 500 ml", "500ml"),
])
def test_a_value_in_other_units_is_proposed_and_changed(d, ask, value):
    _, t = _play(d, "cancel_plus", ["aarav.gonzalez9269@example.com", ask, "yes"], seed=903)
    said = _said(t)
    assert "Which option" not in said[-2] and value in said[-2].split("->")[-1], said[-2]
    assert len(_calls(t)) == 1, _calls(t)
    _sound(t)


def test_the_kettle_in_2_liter_beside_a_declined_change_keeps_glass_and_electric(d):
    _, t = _play(d, "modify_items", ["harper.kovacs2446@example.com",
                                     "change the tea kettle to 2 liter and the wall clock to black",
                                     "yes to the first, no to the second", "yes"], seed=901)
    assert "stainless steel, 2 liters, induction" not in " ".join(_said(t)), _said(t)
    _sound(t)


# --- P7. "pay with my card" with two cards on file: which card is asked ----------------------------------------------
# payment, held-out seed 900: James Martin (Mastercard 2067, Visa 1826, PayPal); pending #W3043531
_JAMES = "james martin, 92112"


@pytest.mark.parametrize("ask", ["pay W3043531 with my card", "put W3043531 on my credit card",
                                 "i'd like to charge order W3043531 to a card instead"])
@pytest.mark.parametrize(("which", "brand"), [("the visa", "Visa ending in 1826"), ("the one ending in 2067", "Mastercard ending in 2067")])
def test_a_card_not_named_among_two_is_asked_for(d, ask, which, brand):
    _, t = _play(d, "payment", [_JAMES, ask, which, "yes"], seed=900)
    said = _said(t)
    assert "Which" in said[-3] and "To confirm" not in said[-3] and "Visa" in said[-3] and "Mastercard" in said[-3], said[-3]
    assert "To confirm" in said[-2] and brand in said[-2], said[-2]
    assert len(_calls(t)) == 1, _calls(t)
    _sound(t)


@pytest.mark.parametrize(("ask", "brand"), [("pay W3043531 with my visa card", "Visa ending in 1826"),
                                            ("pay W3043531 with my mastercard", "Mastercard ending in 2067")])
def test_a_card_named_by_its_brand_is_proposed_at_once(d, ask, brand):
    _, t = _play(d, "payment", [_JAMES, ask, "yes"], seed=900)
    said = _said(t)
    assert "To confirm" in said[-2] and brand in said[-2], said[-2]
    assert len(_calls(t)) == 1, _calls(t)
    _sound(t)
