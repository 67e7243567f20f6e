#!/usr/bin/env python3
"""Writes the request bodies the load scenarios send, seeded, into a folder."""
import json
import random
import sys

out = sys.argv[1]


def itinerary(count, seed, options=None):
    rng = random.Random(seed)
    places = [{"name": f"place {i}", "location": {"lat": 48.80 + rng.random() * 0.09, "lng": 2.25 + rng.random() * 0.14}}
              for i in range(count)]
    body = {"name": f"{count} places", "lodging": {"name": "hotel", "location": {"lat": 48.85, "lng": 2.32}},
            "placesToGo": places, "route": {"travelMode": "walking"}}
    if options:
        body["options"] = options
    return body


def write(name, body):
    with open(f"{out}/{name}", "w") as f:
        json.dump(body, f, separators=(",", ":"))


# 10 stops: the lodging and 9 places (solved exactly, under a millisecond).
write("plan-10.json", itinerary(9, 10))
# 200 stops, heuristic, 1.5 s.
write("plan-200.json", itinerary(199, 200, {"strategy": "heuristic", "timeLimit": 1.5}))
# 35,000 places in about 2 MB: must be refused (413) without building anything.
write("plan-35000.json", itinerary(35_000, 35_000))
