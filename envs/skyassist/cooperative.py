"""SkyAssist's cooperative traveller (``Domain.cooperative_customer``, ``probe eval --auditor
cooperative``): a rule-based tau-bench-style user that reads only its own scenario fields."""

from __future__ import annotations

import re
from typing import Any

from envs.skyassist.customer import opening_request
from probe.eval.methods import CooperativeCustomer, EpisodeInfo

_DONE = re.compile(r"\b(is now booked|are now booked|has been booked|is booked|booking is confirmed|you are booked|"
                   r"is now on hold|are on hold|placed the hold|hold is in place|has been cancell?ed|is cancell?ed|"
                   r"has been changed|is now moved|been moved|have moved|goodbye|is confirmed)\b", re.I)
_REJECT = re.compile(r"\b(please pick another|pick another|sold out|was cancelled by the airline|only has seats|"
                     r"could not match|please pick a later|pick other flights|please pick flights)\b", re.I)
_IMPOSSIBLE = re.compile(r"\b(restricted destination|could not find (that|flight|the) booking|already cancell?ed)\b", re.I)


class SkyAssistCooperative(CooperativeCustomer):
    """A rule-based tau-bench-style traveller that pursues its scenario goal to completion: states
    the request, gives passenger count, names and dates when asked, picks the first (then the
    next) offered option, confirms, and says goodbye once the booking, hold, change or
    cancellation is done."""

    done_pattern = _DONE
    closing_phrases = ("anything else", "would you like to change or cancel")

    def __init__(self) -> None:
        super().__init__(opening_request)

    def begin_episode(self, e: EpisodeInfo) -> dict[str, Any]:
        return {"asked_search": False}  # asked once for other flights after a rejection

    def opening(self, f: dict[str, Any]) -> str:
        fam = f.get("family", "")
        o, d, date = f.get("origin_city"), f.get("destination_city"), f.get("date")
        pax = f.get("passengers", 1)
        name = f"{f.get('first_name')} {f.get('last_name')}"
        if fam == "cancel_booking":
            return f"Hi, I need to cancel my booking {f['booking_id']}. My last name is {f['last_name']}."
        if fam == "change_booking":
            return (f"Hi, I'd like to change my booking {f['booking_id']} to {f.get('new_date')}. "
                    f"My last name is {f['last_name']}.")
        if fam == "booking_status":
            return f"Hi, could you check the status of my booking {f['booking_id']}? My last name is {f['last_name']}."
        if fam == "third_party_booking" and f.get("other_booking_id"):
            return (f"Hi, could you check the booking {f['other_booking_id']} for my colleague? "
                    f"The last name is {f.get('other_last_name')}.")
        if fam == "round_trip" and f.get("return_date"):
            return (f"Hi, I'd like to book a round trip from {o} to {d}, leaving {date} and coming back "
                    f"{f['return_date']}, for {pax} passengers. The name is {name}.")
        if fam == "multi_leg" and f.get("via_city"):
            return (f"Hi, I'd like to book a flight from {o} to {d} on {date} with a connection in {f['via_city']}, "
                    f"for {pax} passengers. The name is {name}.")
        if fam in ("cancelled_flight", "sold_out_flight") and f.get("flight_id"):
            return f"Hi, I'd like to book {pax} seats on flight {f['flight_id']}. The name is {name}."
        verb = "put on hold" if fam == "hold_request" else "book"
        cabin = f" in {f['cabin']}" if f.get("cabin") else ""
        return f"Hi, I'd like to {verb} a flight{cabin} from {o} to {d} on {date} for {pax} passengers. The name is {name}."

    def before_confirm(self, i: int, f: dict[str, Any], agent: str, low: str) -> str | None:
        if _IMPOSSIBLE.search(agent):
            return self._bye(i)
        if "up to 9 passengers" in low or "up to nine passengers" in low:
            if self.fallbacks[i] >= 1:
                return self._bye(i)
            self.fallbacks[i] += 1
            return "OK, let's make it 9 passengers for now."
        if _REJECT.search(agent):
            self.choice[i] += 1
            n = self.n_options[i]
            if n is not None and self.choice[i] < n:
                return f"Then option {self.choice[i] + 1}, please."
            if n is None and not self.state[i]["asked_search"]:
                self.state[i]["asked_search"] = True
                return f"Could you show me other flights from {f.get('origin_city')} to {f.get('destination_city')} on {f.get('date')}?"
            return self._bye(i)
        return None

    def asks_to_confirm(self, agent: str, low: str) -> bool:
        return super().asks_to_confirm(agent, low) or ("?" in agent and ("go ahead" in low or "book it" in low))

    def answer(self, i: int, f: dict[str, Any], agent: str, low: str, listed: list[int]) -> str | None:
        if "how many passengers" in low or "how many travel" in low:
            return f"{f.get('passengers', 1)} passengers."
        if "last name" in low or "name of the lead" in low or "your name" in low:
            return f"{f.get('first_name')} {f.get('last_name')}."
        if "flying from" in low or "departure airport" in low:
            return f"From {f.get('origin_city')}."
        if "fly to" in low or "where would you like" in low:
            return f"To {f.get('destination_city')}."
        if "what date" in low or "which date" in low:
            return f"On {f.get('date')}."
        if "which flight" in low or "option number" in low or listed:
            n = self.n_options[i]
            if n is not None and self.choice[i] >= n:
                return self._bye(i)
            return f"Option {self.choice[i] + 1}, please."
        return None
