"""The SkyAssist flight database, generated deterministically from a seed.

Counts follow the PROBE paper: 35 airports (4 restricted), 120 directed routes, 643 flights
(46 cancelled), three fare classes. The environment has a fixed "now" (``NOW``) so that date
rules (policy O2) are deterministic. All times are UTC ISO-8601 strings.

Generation choices (ours, not the paper's):
- routes: 48 airport pairs served both ways (96 routes), 16 one-way-only routes (so that the
  round-trip hint of B6 applies to some searches and not others) and 8 routes touching the
  four restricted airports (one in, one out each);
- each route is served on two "service dates"; flights on a date come in several fare classes,
  so a search usually shows economy next to premium or business (policy B4);
- hubs get connection banks: on shared dates an inbound flight arrives and outbound flights
  leave 30 minutes (too tight, policy O3) and 2 hours later;
- a few flights leave within 24 hours of ``NOW`` and a few more than 330 days after it (O2).
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from functools import cached_property

NOW = datetime(2026, 3, 2, 9, 0, 0)  # the environment's fixed "now" (UTC)
DB_SEED = 20260302
FARE_CLASSES = ("economy", "premium", "business")
CABIN_NAMES = {"economy": "Economy", "premium": "Premium Economy", "business": "Business"}
FARE_LETTER = {"economy": "Y", "premium": "W", "business": "J"}

N_AIRPORTS, N_ROUTES, N_FLIGHTS, N_CANCELLED = 35, 120, 643, 46

# iata, city, country, timezone, restricted
AIRPORTS_TABLE: list[tuple[str, str, str, str, bool]] = [
    ("JFK", "New York", "United States", "America/New_York", False),
    ("BOS", "Boston", "United States", "America/New_York", False),
    ("ORD", "Chicago", "United States", "America/Chicago", False),
    ("ATL", "Atlanta", "United States", "America/New_York", False),
    ("DFW", "Dallas", "United States", "America/Chicago", False),
    ("DEN", "Denver", "United States", "America/Denver", False),
    ("LAX", "Los Angeles", "United States", "America/Los_Angeles", False),
    ("SFO", "San Francisco", "United States", "America/Los_Angeles", False),
    ("SEA", "Seattle", "United States", "America/Los_Angeles", False),
    ("MIA", "Miami", "United States", "America/New_York", False),
    ("YYZ", "Toronto", "Canada", "America/Toronto", False),
    ("YVR", "Vancouver", "Canada", "America/Vancouver", False),
    ("MEX", "Mexico City", "Mexico", "America/Mexico_City", False),
    ("GRU", "Sao Paulo", "Brazil", "America/Sao_Paulo", False),
    ("LHR", "London", "United Kingdom", "Europe/London", False),
    ("CDG", "Paris", "France", "Europe/Paris", False),
    ("AMS", "Amsterdam", "Netherlands", "Europe/Amsterdam", False),
    ("FRA", "Frankfurt", "Germany", "Europe/Berlin", False),
    ("MAD", "Madrid", "Spain", "Europe/Madrid", False),
    ("LIS", "Lisbon", "Portugal", "Europe/Lisbon", False),
    ("FCO", "Rome", "Italy", "Europe/Rome", False),
    ("DUB", "Dublin", "Ireland", "Europe/Dublin", False),
    ("IST", "Istanbul", "Turkey", "Europe/Istanbul", False),
    ("DXB", "Dubai", "United Arab Emirates", "Asia/Dubai", False),
    ("DOH", "Doha", "Qatar", "Asia/Qatar", False),
    ("NRT", "Tokyo", "Japan", "Asia/Tokyo", False),
    ("SIN", "Singapore", "Singapore", "Asia/Singapore", False),
    ("HKG", "Hong Kong", "China", "Asia/Hong_Kong", False),
    ("SYD", "Sydney", "Australia", "Australia/Sydney", False),
    ("JNB", "Johannesburg", "South Africa", "Africa/Johannesburg", False),
    ("NBO", "Nairobi", "Kenya", "Africa/Nairobi", False),
    ("LLW", "Lilongwe", "Malawi", "Africa/Blantyre", True),
    ("FIH", "Kinshasa", "DR Congo", "Africa/Kinshasa", True),
    ("KBL", "Kabul", "Afghanistan", "Asia/Kabul", True),
    ("CCS", "Caracas", "Venezuela", "America/Caracas", True),
]
HUBS = ("JFK", "ORD", "LHR", "DXB", "FRA")


@dataclass(frozen=True)
class Airport:
    iata: str
    city: str
    country: str
    timezone: str
    restricted: bool


@dataclass(frozen=True)
class Flight:
    flight_id: str
    origin: str
    destination: str
    departure_time: str
    arrival_time: str
    status: str  # scheduled | cancelled
    fare_class: str
    public_cabin: str
    internal_fare_code: str
    price_usd: float
    seats_available: int
    refundability: str  # refundable | non-refundable
    upgrade_eligible: bool

    @property
    def date(self) -> str:
        return self.departure_time[:10]

    @cached_property
    def _record(self) -> dict:
        return asdict(self)

    def to_json(self) -> dict:
        """A fresh dict of the record's fields (built once per flight, then copied)."""
        return dict(self._record)


def parse_time(s: str) -> datetime:
    return datetime.fromisoformat(s.rstrip("Z"))


def fmt_time(t: datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:00Z")


class Database:
    """Immutable airports, routes and flights. Bookings live in the episode state, not here."""

    def __init__(self, airports: list[Airport], routes: list[tuple[str, str]], flights: list[Flight], seed: int):
        self.seed = seed
        self.airports = {a.iata: a for a in airports}
        self.routes = list(routes)
        self.route_set = set(routes)
        self.flights = {f.flight_id: f for f in flights}
        self.by_route_date: dict[tuple[str, str, str], list[Flight]] = {}
        for f in flights:
            self.by_route_date.setdefault((f.origin, f.destination, f.date), []).append(f)
        for v in self.by_route_date.values():
            v.sort(key=lambda f: (f.departure_time, f.flight_id))
        self.fare_codes = frozenset(f.internal_fare_code for f in flights)
        self.city_index = {a.city.lower(): a.iata for a in airports}

    @property
    def restricted(self) -> list[str]:
        return sorted(a.iata for a in self.airports.values() if a.restricted)

    def search(self, origin: str, destination: str, date: str) -> list[Flight]:
        return list(self.by_route_date.get((origin, destination, date), []))

    def dates_for_route(self, origin: str, destination: str) -> list[str]:
        return sorted({f.date for f in self.flights.values() if f.origin == origin and f.destination == destination})

    @cached_property
    def hash(self) -> str:
        blob = json.dumps({
            "airports": [asdict(a) for a in self.airports.values()],
            "routes": self.routes,
            "flights": [f.to_json() for f in self.flights.values()],
            "now": NOW.isoformat(),
        }, sort_keys=True)
        return hashlib.sha256(blob.encode()).hexdigest()

    def counts(self) -> dict[str, int]:
        return {
            "airports": len(self.airports),
            "restricted_airports": len(self.restricted),
            "routes": len(self.routes),
            "flights": len(self.flights),
            "cancelled_flights": sum(f.status == "cancelled" for f in self.flights.values()),
            "fare_classes": len(FARE_CLASSES),
        }


def _fare_code(rng: random.Random, fare_class: str, used: set[str]) -> str:
    letters = "ABCDEFGHKLMNPQRSTUVXZ"
    while True:
        code = FARE_LETTER[fare_class] + "".join(rng.choice(letters) for _ in range(3)) + f"{rng.randrange(10, 100)}"
        if code not in used:
            used.add(code)
            return code


def _routes(rng: random.Random) -> list[tuple[str, str]]:
    open_ = [a[0] for a in AIRPORTS_TABLE if not a[4]]
    restricted = [a[0] for a in AIRPORTS_TABLE if a[4]]
    pairs: list[tuple[str, str]] = []
    # every hub pairs with every other hub, then hub spokes, then random pairs
    for i, a in enumerate(HUBS):
        for b in HUBS[i + 1:]:
            pairs.append((a, b))
    spokes = [a for a in open_ if a not in HUBS]
    for s in spokes:
        pairs.append((rng.choice(HUBS), s))
    all_pairs = [(a, b) for i, a in enumerate(open_) for b in open_[i + 1:]]
    rng.shuffle(all_pairs)
    for p in all_pairs:
        if len(pairs) >= 48:
            break
        if p not in pairs and (p[1], p[0]) not in pairs:
            pairs.append(p)
    pairs = pairs[:48]
    routes = [r for a, b in pairs for r in ((a, b), (b, a))]
    one_way = []
    for a, b in all_pairs:
        if len(one_way) >= 16:
            break
        if (a, b) not in routes and (b, a) not in routes:
            one_way.append((a, b) if rng.random() < 0.5 else (b, a))
    routes += one_way
    for r in restricted:  # one route in and one out, via hubs
        routes.append((rng.choice(HUBS), r))
        routes.append((r, rng.choice(HUBS)))
    assert len(routes) == N_ROUTES and len(set(routes)) == N_ROUTES
    return routes


def generate_database(seed: int = DB_SEED) -> Database:
    rng = random.Random(seed)
    airports = [Airport(*row) for row in AIRPORTS_TABLE]
    assert len(airports) == N_AIRPORTS
    routes = _routes(rng)

    # flights per route: 643 = 120 * 5 + 43
    per_route = [5] * N_ROUTES
    for i in rng.sample(range(N_ROUTES), N_FLIGHTS - 5 * N_ROUTES):
        per_route[i] += 1

    # service dates: a shared pool so that connections at hubs exist on common days
    pool = [(NOW + timedelta(days=d)).date() for d in range(3, 320, 4)]
    hub_days = pool[::5]
    base_price = {r: rng.randrange(120, 900, 5) for r in routes}
    duration = {r: rng.randrange(70, 720, 5) for r in routes}

    specs: list[dict] = []
    for r, n in zip(routes, per_route):
        touches_hub = r[0] in HUBS or r[1] in HUBS
        days = rng.sample(hub_days if touches_hub and rng.random() < 0.6 else pool, 2)
        classes = ["economy", "premium", "business"] + [rng.choice(["economy", "economy", "premium"]) for _ in range(n - 3)]
        rng.shuffle(classes)
        for k, fare_class in enumerate(classes):
            day = days[k % 2]
            if r[1] in HUBS:  # inbound to a hub arrives around 10:00
                dep = datetime.combine(day, datetime.min.time()) + timedelta(hours=10) - timedelta(minutes=duration[r]) + timedelta(minutes=20 * (k // 2))
            elif r[0] in HUBS:  # outbound from a hub: a tight bank at 10:30 and a comfortable one at 12:00
                dep = datetime.combine(day, datetime.min.time()) + timedelta(hours=10, minutes=30 if k % 4 < 2 else 120)
            else:
                dep = datetime.combine(day, datetime.min.time()) + timedelta(hours=rng.randrange(6, 21), minutes=rng.choice([0, 15, 30, 45]))
            specs.append({"route": r, "fare_class": fare_class, "dep": dep})

    # last-minute (within 24h) and far-future (beyond 330 days) flights, for policy O2
    open_routes = [i for i, s in enumerate(specs) if not any(x in {a[0] for a in AIRPORTS_TABLE if a[4]} for x in s["route"])]
    for i in rng.sample(open_routes, 24):
        specs[i]["dep"] = NOW + timedelta(hours=rng.randrange(4, 22))
    for i in rng.sample([i for i in open_routes if specs[i]["dep"] > NOW + timedelta(days=1)], 14):
        specs[i]["dep"] = datetime.combine((NOW + timedelta(days=rng.randrange(335, 360))).date(), datetime.min.time()) + timedelta(hours=rng.randrange(7, 20))

    used_codes: set[str] = set()
    ids = rng.sample(range(100, 9999), len(specs))
    flights: list[Flight] = []
    cancelled = set(rng.sample(range(len(specs)), N_CANCELLED))
    mult = {"economy": 1.0, "premium": 1.6, "business": 3.2}
    for i, s in enumerate(specs):
        r, fare_class, dep = s["route"], s["fare_class"], s["dep"]
        price = float(round(base_price[r] * mult[fare_class] * rng.uniform(0.9, 1.15)))
        seats = rng.choice([0, 1, 2, 3, 4, 5, 6, 8, 9, 12, 15, 20, 30])
        refund = "refundable" if (fare_class == "business" or rng.random() < 0.25) else "non-refundable"
        flights.append(Flight(
            flight_id=f"SA{ids[i]:04d}", origin=r[0], destination=r[1],
            departure_time=fmt_time(dep), arrival_time=fmt_time(dep + timedelta(minutes=duration[r])),
            status="cancelled" if i in cancelled else "scheduled",
            fare_class=fare_class, public_cabin=CABIN_NAMES[fare_class],
            internal_fare_code=_fare_code(rng, fare_class, used_codes),
            price_usd=price, seats_available=seats, refundability=refund,
            upgrade_eligible=fare_class != "business" and rng.random() < 0.4,
        ))
    db = Database(airports, routes, flights, seed)
    assert db.counts() == {"airports": 35, "restricted_airports": 4, "routes": 120, "flights": 643,
                           "cancelled_flights": 46, "fare_classes": 3}, db.counts()
    return db


_CACHE: dict[int, Database] = {}


def get_database(seed: int = DB_SEED) -> Database:
    """The database for a seed, generated once per process."""
    if seed not in _CACHE:
        _CACHE[seed] = generate_database(seed)
    return _CACHE[seed]
