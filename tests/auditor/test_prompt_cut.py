"""A long agent message is cut for the tiny auditor's prompt without losing what it asks."""

from __future__ import annotations

from probe.auditor.prompt import AGENT_MAX_CHARS, _cut_start, plain_prompt

LIST = "; ".join(f"{c} room, {n} beds, sea view" for c in ("blue", "green", "red", "white", "grey") for n in (1, 2))


def test_a_question_before_a_long_list_is_kept_with_the_end_of_the_list():
    text = f"Thanks for waiting. Which room would you like for the night of the 4th? We have free: {LIST}."
    cut = _cut_start(text, 160)
    assert "Which room would you like for the night of the 4th?" in cut
    assert cut.endswith("grey room, 2 beds, sea view.")
    assert len(cut) <= 160 + 8  # the room, plus the two "... " marks


def test_a_question_whose_start_would_be_cut_is_kept_whole():
    text = (f"Here is what is open on that day: {LIST}. Which of these tables, and for how many people, "
            "should I put down?")
    cut = _cut_start(text, 160)
    assert "Which of these tables, and for how many people, should I put down?" in cut


def test_a_question_at_the_end_keeps_the_old_cut():
    text = f"I found these: {LIST}. Shall I reserve the first one (yes/no)?"
    assert _cut_start(text, 160) == "... " + text[-160:][text[-160:].find(" ") + 1:]


def test_no_question_and_short_messages():
    assert _cut_start("Done, see you soon.", 160) == "Done, see you soon."
    text = f"Your booking is confirmed. It includes {LIST}."
    cut = _cut_start(text, 160)
    assert cut.startswith("... ") and text.endswith(cut[4:]) and len(cut) <= 164


def test_a_very_long_question_is_cut_to_its_end():
    question = "Which of " + ", ".join(f"item {k}" for k in range(40)) + " would you like to send back?"
    cut = _cut_start(f"{question} Here they are: {LIST}.", 160)
    assert "would you like to send back?" in cut and len(cut) <= 170


def test_the_prompt_shows_the_question_of_a_listing_reply():
    agent = f"Which pickup slot suits you for order 4471? Open slots: {LIST}."
    prompt = plain_prompt("You want to collect a parcel.", [("user", "Hi, I'd like to pick up my parcel."),
                                                             ("assistant", agent)], agent_max_chars=AGENT_MAX_CHARS)
    assert "Which pickup slot suits you for order 4471?" in prompt
