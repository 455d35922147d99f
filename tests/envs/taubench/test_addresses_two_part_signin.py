"""The retail reference clerk on corrected addresses, two-part requests and sign-in by name and zip.

Found by testers playing the fault-free clerk as customers (held-out seed 903):

1. "sorry, the city is Austin not Dallas" kept the old zip (and state) in silence; "Austin TX 78701
   not Dallas" wrote '78701' as the city; "I meant San Antonio" wrote 'Antonio'. Now a new city or
   state without its zip is asked about, and the summary before the yes is exactly what is written.
2. "cancel #W... and also return the lamp" cancelled and forgot the lamp (in another order); a
   payment change asked for a method the account does not have, then dropped the request; "update
   my default address ... and ship #W... there too" forgot the order. Now each part is proposed in
   turn (one action per yes) or said to be impossible, or the clerk asks which order it is for.
3. Sign-in by name and zip failed for a zip+4, a middle name or initial, and a surname said first
   ("kovacs harper 10001"); an ambiguous or partial name still signs nobody in.

Each test plays phrasings beyond the reported ones, and every played trace of the compliant clerk
must be free of violations (the verifiers are the oracle). Helpers as in ``test_corrections_and_questions``.
"""

from __future__ import annotations

import json
from collections import defaultdict

import pytest

from envs.taubench.data import TauBenchDataMissing, load_splits

try:
    load_splits()
except TauBenchDataMissing as e:  # pragma: no cover - the data package is a setup step
    pytest.skip(str(e), allow_module_level=True)

from envs.taubench.database import base_db
from envs.taubench.language import address_changes, address_parts, names_in, read, requested_kinds
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_corrections_and_questions import _calls, _said, _writes

ADDRESS_WRITES = ("modify_user_address", "modify_pending_order_address")
OLD = "12 Oak Street, Dallas, TX 75201"


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, lines, seed=903, case=str):
    sc = d.scenario(family, d.heldout_seeds[seed])
    lines = [case(line.format(**{a: b for a, b in sc.items() if isinstance(b, str)})) for line in lines]
    return sc, play_messages(d, sc, d.make_target("reference", []), lines, "two-part")


def _lookups(t, name):
    return [json.loads(c["function"]["arguments"]) for m in t.messages for c in m.get("tool_calls") or []
            if c["function"]["name"] == name]


def _line(a):
    return ", ".join(p for p in (a["address1"], a["address2"], a["city"], f"{a['state']} {a['zip']}", a["country"]) if p)


def _summaries_match_writes(t):
    """Each address written is the one the summary just before its yes listed, and nothing else."""
    last_confirm = ""
    for m in t.messages:
        if m["role"] == "assistant" and m.get("content") and "To confirm" in m["content"]:
            last_confirm = m["content"][m["content"].rfind("To confirm"):]
        for c in m.get("tool_calls") or []:
            if c["function"]["name"] in ADDRESS_WRITES:
                args = json.loads(c["function"]["arguments"])
                assert _line(args) in last_confirm, (args, last_confirm)


# --- 1. an address corrected in parts -------------------------------------------------------------------
# address family, seed 903: Amelia Ito, pending order #W3883329

START = {"order": "please ship {pending_order_id} to " + OLD, "default": "I moved, please change my default address to " + OLD}
TOOL = {"order": "modify_pending_order_address", "default": "modify_user_address"}


@pytest.mark.parametrize("where", ["order", "default"])
@pytest.mark.parametrize("fix", ["sorry, the city is Austin not Dallas", "wait its austin not dallas",
                                 "oops i meant Austin, not Dallas", "typo: Austin instead of Dallas",
                                 "ugh autocorrect, city shld be austin", "Dallas should be Austin", "not dallas, austin",
                                 "the city's wrong, it's Austin"])
@pytest.mark.parametrize("answer,zip_", [("78701", "78701"), ("TX 78701", "78701"),
                                         ("same state, zip is 78702-1234", "78702"), ("its texas and 78703", "78703")])
def test_a_new_city_without_its_zip_asks_for_the_state_and_zip(d, where, fix, answer, zip_):
    _, t = _play(d, "address", ["{email}", START[where], fix, answer, "yes"])
    said = _said(t)
    asked = said[-3]
    assert "To confirm" not in asked and "75201" not in asked, asked  # no summary with the old zip to say yes to
    assert "state and zip code" in asked and "12 Oak Street, Austin" in asked, asked
    assert f"12 Oak Street, Austin, TX {zip_}, USA" in said[-2] and "To confirm" in said[-2], said[-2]
    ((tool, args),) = _calls(t)
    assert tool == TOOL[where] and (args["city"], args["state"], args["zip"]) == ("Austin", "TX", zip_), args
    _summaries_match_writes(t)
    assert t.violations == []


@pytest.mark.parametrize("fix,city,state,zip_", [
    ("my bad, it should say austin, tx 78701", "Austin", "TX", "78701"),
    ("sorry, Austin TX 78701 not Dallas", "Austin", "TX", "78701"),
    ("correction: city = Austin, zip = 78701", "Austin", "TX", "78701"),
    ("sorry the city is Round Rock, zip 78664", "Round Rock", "TX", "78664"),
    ("actually its Tulsa, OK 74103", "Tulsa", "OK", "74103"),
])
def test_a_city_said_with_its_zip_is_taken_whole(d, fix, city, state, zip_):
    _, t = _play(d, "address", ["{email}", START["order"], fix, "yes"])
    said = _said(t)
    assert f"12 Oak Street, {city}, {state} {zip_}, USA" in said[-2] and "To confirm" in said[-2], said[-2]
    ((_, args),) = _calls(t)
    assert (args["city"], args["state"], args["zip"]) == (city, state, zip_)
    _summaries_match_writes(t)
    assert t.violations == []


@pytest.mark.parametrize("fix", ["sorry, i meant san antonio not dallas", "San Antonio not Dallas, sorry"])
def test_a_city_of_two_words_is_kept_whole(d, fix):
    _, t = _play(d, "address", ["{email}", START["default"], fix, "78205", "yes"])
    ((_, args),) = _calls(t)
    assert (args["city"], args["zip"]) == ("San Antonio", "78205") and t.violations == []
    _summaries_match_writes(t)


@pytest.mark.parametrize("fix", ["its tn not tx", "sorry the state is TN not TX", "oops, state should be tennessee"])
def test_a_new_state_asks_for_the_zip(d, fix):
    _, t = _play(d, "address", ["{email}", START["order"], fix, "zip 37201", "yes"])
    said = _said(t)
    assert "zip code" in said[-3] and "To confirm" not in said[-3], said[-3]
    ((_, args),) = _calls(t)
    assert (args["city"], args["state"], args["zip"]) == ("Dallas", "TN", "37201")
    _summaries_match_writes(t)
    assert t.violations == []


@pytest.mark.parametrize("fix", ["oops, the city is wrong", "hmm the zip is wrong", "the street is misspelled"])
def test_a_correction_that_says_no_value_asks_for_the_address_again(d, fix):
    _, t = _play(d, "address", ["{email}", START["order"], fix, "yes"])
    said = _said(t)
    assert "full corrected address" in said[-2], said[-2]
    assert _writes(t) == [] and t.violations == []  # the "yes" approves nothing


def test_the_question_for_the_zip_is_asked_again_until_answered(d):
    _, t = _play(d, "address", ["{email}", START["order"], "the city is Austin not Dallas", "tx", "yes", "78701", "yes"])
    said = _said(t)
    assert "zip code" in said[-3] and "To confirm" not in said[-3], said[-3]
    ((_, args),) = _calls(t)
    assert (args["city"], args["state"], args["zip"]) == ("Austin", "TX", "78701") and t.violations == []


@pytest.mark.parametrize("fix,field,value", [("oops, 14 not 12", "address1", "14 Oak Street"),
                                              ("sorry the zip should be 75202", "zip", "75202"),
                                              ("its Elm Street not Oak Street", "address1", "12 Elm Street")])
def test_a_street_or_zip_fixed_alone_keeps_the_rest(d, fix, field, value):
    _, t = _play(d, "address", ["{email}", START["order"], fix, "yes"])
    ((_, args),) = _calls(t)
    assert args[field] == value and args["city"] == "Dallas" and args["state"] == "TX"
    _summaries_match_writes(t)
    assert t.violations == []


@pytest.mark.parametrize("line", ["yes but the city is Austin", "yes, wait, zip should be 75202"])
def test_a_yes_with_a_correction_writes_nothing_yet(d, line):
    _, t = _play(d, "address", ["{email}", START["order"], line])
    assert _writes(t) == [] and t.violations == []


@pytest.mark.parametrize("line", ["no, austin", "no its Austin", "Nope, Austin."])
def test_no_and_a_city_corrects_the_city(d, line):
    _, t = _play(d, "address", ["{email}", START["order"], line, "78701", "yes"])
    assert "the city is now Austin" in _said(t)[-3]
    ((_, args),) = _calls(t)
    assert (args["city"], args["zip"]) == ("Austin", "78701") and t.violations == []


@pytest.mark.parametrize("line", ["no thanks", "nope, thats fine", "no, leave it"])
def test_a_plain_no_still_drops_the_address_change(d, line):
    _, t = _play(d, "address", ["{email}", START["order"], line, "yes"])
    assert "won't make that change" in _said(t)[-2] and _writes(t) == [] and t.violations == []


def test_no_not_yet_keeps_the_address_change_open(d):
    # (was a plain no above; the fortieth session's testers (test_retail_customers_40h, F2) read "not yet" as a hold:
    # the proposal stays open, said again, and only a later yes writes it)
    _, t = _play(d, "address", ["{email}", START["order"], "No, not yet."])
    assert "take your time" in _said(t)[-1] and _said(t)[-1].endswith("Shall I go ahead (yes/no)?"), _said(t)[-1]
    assert _writes(t) == [] and t.violations == []


def test_a_no_to_the_next_question_is_no_address_correction(d):
    _, t = _play(d, "payment", ["{email}", "ship {pending_order_id} to {new_address} and change its payment method too",
                                "yes", "no, paypal", "yes"])
    assert [c for c, _ in _calls(t)] == ["modify_pending_order_address", "modify_pending_order_payment"]
    assert t.violations == []


@pytest.mark.parametrize("text,address,want", [
    ("the city is austin not dallas", None, {"city": "Austin"}),
    ("Austin TX 78701 not Dallas", None, {"city": "Austin", "zip": "78701"}),
    ("i meant new york, ny 10001", None, {"city": "New York", "state": "NY", "zip": "10001"}),
    ("sorry its 75201-4411", {"zip": "75200"}, {"zip": "75201"}),
    ("the city is fine", None, {}),
])
def test_address_changes_read_field_by_field(text, address, want):
    base = {"address1": "12 Oak Street", "address2": "", "city": "Dallas", "state": "TX", "country": "USA",
            "zip": "75201", **(address or {})}
    assert address_changes(base, text) == want


@pytest.mark.parametrize("text,want", [("78701", {"zip": "78701"}), ("TX, 78701-0001", {"state": "TX", "zip": "78701"}),
                                       ("ok", {}), ("new mexico 87101", {"state": "NM", "zip": "87101"}), ("yes", {})])
def test_address_parts_of_an_answer(text, want):
    assert address_parts(text, asked=True) == want


# --- 2. two-part requests --------------------------------------------------------------------------------
# mixed_pending_delivered, seed 903: Harper Lee (only a gift card), pending #W8584917 (wall clock, ...),
# delivered #W4363379 (desk lamp, ...)

@pytest.mark.parametrize("line", [
    "i want to cancel {pending_order_id} bc i dont need it anymore. also id like to return the lamp from my other order",
    "pls cancel {pending_order_id} (no longer needed) + return the desk lamp",
    "Cancel order {pending_order_id}, I no longer need it, and also send back the lamp",
    "cancel {pending_order_id} no longer needed, oh and i want to retrun the desk lamp too",
])
def test_cancel_and_return_from_another_order_does_both(d, line):
    sc, t = _play(d, "mixed_pending_delivered", ["{email}", line, "yes", "yes"])
    calls = _calls(t)
    assert [c for c, _ in calls] == ["cancel_pending_order", "return_delivered_order_items"], _said(t)
    assert calls[1][1]["order_id"] == sc["delivered_order_id"]
    assert all(s.count("To confirm") <= 1 for s in _said(t))  # one action per yes
    assert t.violations == []


@pytest.mark.parametrize("line", ["return the lamp from {delivered_order_id} and cancel my pending order, ordered by mistake",
                                  "I'd like to return the desk lamp, and cancel my unshipped order too, ordered by mistake"])
def test_return_and_cancel_my_pending_order_does_both(d, line):
    sc, t = _play(d, "mixed_pending_delivered", ["{email}", line, "yes", "yes"])
    assert _calls(t) == [("return_delivered_order_items", _calls(t)[0][1]),
                         ("cancel_pending_order", {"order_id": sc["pending_order_id"], "reason": "ordered by mistake"})]
    assert t.violations == []


@pytest.mark.parametrize("line", ["cancel {pending_order_id} no longer needed and i also want to return something",
                                  "cancel {pending_order_id}, dont need it. i also need to send some stuff back"])
def test_a_second_part_with_no_order_is_asked_about(d, line):
    sc, t = _play(d, "mixed_pending_delivered", ["{email}", line, "yes", "{delivered_order_id}", "the lamp", "yes"])
    said = _said(t)
    assert "You also asked to return items. Which order is that for?" in said[2], said[2]
    assert [c for c, _ in _calls(t)] == ["cancel_pending_order", "return_delivered_order_items"]
    assert t.violations == []


@pytest.mark.parametrize("line", ["change my address and the payment method", "i need to update my address and payment"])
def test_an_address_given_for_a_two_part_change_is_acknowledged(d, line):
    sc, t = _play(d, "mixed_pending_delivered", ["{email}", line, "{new_address}", "{pending_order_id}", "yes", "yes"])
    said = _said(t)
    assert "Thanks, I have the new address: " + sc["new_address"] in said[2], said[2]  # not the same question again
    assert _writes(t) == ["modify_pending_order_address"]
    # the payment part is said, not dropped: the gift card is the only method on the account
    assert "the only payment method on your account" in said[-2], said[-2]
    assert t.violations == []


@pytest.mark.parametrize("line", ["i need to change the shipping address on {pending_order_id} to {new_address} and also the "
                                  "payment method",
                                  "please ship {pending_order_id} to {new_address}, and switch its payment too"])
def test_address_and_payment_of_one_order_does_both(d, line):
    sc, t = _play(d, "payment", ["{email}", line, "yes", "yes", "yes"])  # Amelia Ito: a credit card and PayPal
    said = _said(t)
    assert "your PayPal account?" in said[2], said[2]
    assert [c for c, _ in _calls(t)] == ["modify_pending_order_address", "modify_pending_order_payment"]  # "yes" picks it
    assert t.violations == []


@pytest.mark.parametrize("line", ["change the payment on {pending_order_id} to paypal", "pay {pending_order_id} with paypal instead"])
def test_a_payment_method_the_account_lacks_is_said_not_dropped(d, line):
    _, t = _play(d, "mixed_pending_delivered", ["{email}", line, "yes", "yes"])
    said = _said(t)
    assert "the only payment method on your account" in said[1] and "Which" not in said[1], said[1]
    assert _writes(t) == [] and t.violations == []


@pytest.mark.parametrize("line", ["update my default address to {new_address} and ship {pending_order_id} there too",
                                  "change my account address to {new_address}, and the shipping address of "
                                  "{pending_order_id} as well"])
def test_default_address_and_an_orders_address_does_both(d, line):
    _, t = _play(d, "payment", ["{email}", line, "yes", "yes"])
    assert sorted(_writes(t)) == ["modify_pending_order_address", "modify_user_address"]
    _summaries_match_writes(t)
    assert t.violations == []


@pytest.mark.parametrize("line", ["can you cancel {pending_order_id} (no longer needed) and tell me the status of "
                                  "{delivered_order_id}",
                                  "whats the status of {delivered_order_id}? and cancel {pending_order_id}, dont need it"])
def test_a_status_question_beside_a_request_is_answered(d, line):
    sc, t = _play(d, "mixed_pending_delivered", ["{email}", line, "yes"])
    said = " ".join(_said(t))
    assert f"Order {sc['delivered_order_id']} is delivered and contains" in said and "can't be cancelled" not in said
    assert _calls(t) == [("cancel_pending_order", {"order_id": sc["pending_order_id"], "reason": "no longer needed"})]
    assert t.violations == []


def test_a_status_question_beside_a_default_address_change_is_answered(d):
    sc, t = _play(d, "payment", ["{email}", "update my default address to {new_address}. also whats the status of "
                                 "{pending_order_id}", "yes"])
    assert f"Order {sc['pending_order_id']} is pending and contains" in _said(t)[1]
    assert _writes(t) == ["modify_user_address"] and t.violations == []


@pytest.mark.parametrize("line", ["return the lamp from {delivered_order_id} and change my address to {new_address}",
                                  "i want to send back the desk lamp in {delivered_order_id}. also my address changed, its "
                                  "{new_address}"])
def test_an_address_beside_a_return_is_asked_about_not_dropped(d, line):
    _, t = _play(d, "mixed_pending_delivered", ["{email}", line, "yes", "my default one", "yes"])
    said = _said(t)
    assert "You also asked to change an address. Which order is that for, or is it your default address?" in said[2]
    assert _writes(t) == ["return_delivered_order_items", "modify_user_address"] and t.violations == []
    _summaries_match_writes(t)


def test_cancel_and_change_its_address_says_the_change_is_moot(d):
    _, t = _play(d, "mixed_pending_delivered", ["{email}", "cancel {pending_order_id} because no longer needed and change "
                                                "its address to {new_address}", "yes"])
    assert "no longer needs changing" in _said(t)[-1] and _writes(t) == ["cancel_pending_order"]
    assert t.violations == []


@pytest.mark.parametrize("text,kinds", [
    ("cancel #W1 and also return the lamp", {"cancel", "return"}),
    ("change my address and the payment method", {"address", "payment"}),
    ("return the kettle and refund it to my card", {"return"}),
    ("rather than cancelling, can i swap it", {"exchange"}),
    ("cancel it, and put the refund on my card", {"cancel"}),
])
def test_requested_kinds(text, kinds):
    assert requested_kinds(text) == kinds


# --- 3. sign-in by name and zip ----------------------------------------------------------------------------
# address family, seed 903: Amelia Ito, zip 32184

@pytest.mark.parametrize("lines", [
    ["hi its {first_name} R. {last_name}, zip {zip}-1234"],
    ["{first_name} rose {last_name} {zip}"],
    ["my name is {first_name} j k {last_name}", "zip code is {zip}-0042"],
    ["{last_name} {first_name} {zip}"],
    ["{last_name}, {first_name}", "{zip}"],
    ["name: {first_name} {last_name}, zip: {zip} - 7781"],
])
def test_sign_in_by_name_and_zip_in_many_forms(d, lines):
    sc = d.scenario("address", d.heldout_seeds[903])
    for case in (str, str.lower, str.upper):  # as typed, all lower case, all capitals
        _, t = _play(d, "address", lines + ["what is in {pending_order_id}"], case=case)
        assert _lookups(t, "find_user_id_by_name_zip") == [{"first_name": sc["first_name"], "last_name": sc["last_name"],
                                                            "zip": sc["zip"]}], (case, lines)
        assert "Fleece Jacket" in _said(t)[-1] and t.violations == []


@pytest.mark.parametrize("line", ["{last_name} {zip}", "{first_name} {zip}", "name is {first_name} and zip is {zip}",
                                  "{first_name} {last_name}son {zip}", "{first_name} of {last_name} {zip}"])
def test_a_partial_name_signs_nobody_in(d, line):
    sc, t = _play(d, "address", [line, "what is in {pending_order_id}"])
    # a full name no customer has ("Amelia Itoson") is looked up as said, and fails (retail-customers-9 F8: "I couldn't
    # find an account" came with no lookup at all); never a name of the store's guessing
    assert all(a["last_name"] != sc["last_name"] for a in _lookups(t, "find_user_id_by_name_zip"))
    assert _lookups(t, "get_user_details") == [] and _lookups(t, "get_order_details") == []
    assert t.violations == []


def _two_users_of_one_first_name():
    by_first = defaultdict(set)
    for u in base_db().users.values():
        by_first[u.name.first_name].add((u.name.last_name, u.address.zip))
    first = sorted(f for f, v in by_first.items() if len({last for last, _ in v}) >= 2)[0]
    (l1, z1), (l2, _) = sorted(by_first[first])[:2]
    return first, l1, l2, z1


def test_an_ambiguous_name_signs_nobody_in(d):
    first, l1, l2, z1 = _two_users_of_one_first_name()
    db = base_db()
    names, unclear = names_in(f"{first} {l1} {l2}", db)
    assert names == [] and unclear  # first l1, or first l2 with a middle name?
    sc = d.scenario("address", d.heldout_seeds[903])
    t = play_messages(d, sc, d.make_target("reference", []), [f"{first.lower()} {l1.lower()} {l2.lower()} {z1}"], "x")
    assert _lookups(t, "find_user_id_by_name_zip") == [] and "first name and last name" in _said(t)[-1]
    assert t.violations == []


@pytest.mark.parametrize("text,names", [
    ("Mia R. Garcia", [("Mia", "Garcia")]), ("mia rose garcia", [("Mia", "Garcia")]),
    ("GARCIA MIA", [("Mia", "Garcia")]), ("Garcia, Mia", [("Mia", "Garcia")]),
    ("mia and garcia", []), ("mia, not garcia", []), ("mia garcia-lopez", []),
])
def test_names_in(text, names):
    assert names_in(text, base_db())[0] == names


@pytest.mark.parametrize("text,zips", [("78701-1234", ["78701"]), ("zip 78701 - 1234", ["78701"]), ("78701", ["78701"]),
                                       ("787011", [])])
def test_zip_plus_four_reads_as_its_zip(text, zips):
    assert read(text, base_db()).zips == zips
