#!/usr/bin/env python3
"""Writes the hand-made 30-stop tile-cache fixture and its itinerary.

    python3 Fixtures/matrix/make-synthetic-tiles.py

Outputs (deterministic; no randomness, no network):
  Fixtures/itineraries/synthetic-lyon-30-stops.json   30 synthetic places on a grid in Lyon
  Fixtures/matrix/synthetic-lyon-30-stops-tiles.json  RoutePlan tile cache, 9 Google
                                                      Distance Matrix tiles of 10 x 10

Values are synthetic: meters = haversine x 1.35 plus a small asymmetric term,
seconds = 90 + haversine x 1.35 / 10 m/s plus a small asymmetric term. Stop 05 ->
Stop 23 is ZERO_RESULTS. The tile of origins 21-30 x destinations 1-10 also
carries duration_in_traffic = duration + 60. Within each tile the origins and
destinations are listed in a shuffled (but fixed) order, so reading must use
the names, not the positions.
"""
import json
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
R = 6371008.8  # mean Earth radius, as GreatCircle.earthRadius


def haversine(a, b):
    rad = math.pi / 180
    p1, p2 = a[0] * rad, b[0] * rad
    dp = p2 - p1
    dl = (b[1] - a[1]) * rad
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * R * math.asin(min(1.0, math.sqrt(h)))


names = ["Stop %02d" % (k + 1) for k in range(30)]
coords = []
for k in range(30):
    row, col = divmod(k, 6)
    lat = 45.735 + row * 0.0115 + ((k * 37) % 11 - 5) * 0.0004
    lng = 4.805 + col * 0.0165 + ((k * 53) % 13 - 6) * 0.0004
    coords.append((round(lat, 5), round(lng, 5)))


def meters(i, j):
    return round(haversine(coords[i], coords[j]) * 1.35 + 17 * ((7 * i + 3 * j) % 5))


def seconds(i, j):
    return round(90 + haversine(coords[i], coords[j]) * 1.35 / 10 + (i + 2 * j) % 7)


def km_text(m):
    return "%.1f km" % (m / 1000) if m >= 1000 else "%d m" % m


def min_text(s):
    minutes = max(1, round(s / 60))
    return "%d min%s" % (minutes, "" if minutes == 1 else "s")


tiles = []
for t in range(9):
    ob, db = divmod(t, 3)
    origins = sorted(range(ob * 10, ob * 10 + 10), key=lambda k: ((k * 7 + t * 3) % 10, k))
    dests = sorted(range(db * 10, db * 10 + 10), key=lambda k: ((k * 3 + t) % 10, k))
    traffic = (ob, db) == (2, 0)
    rows = []
    for i in origins:
        elements = []
        for j in dests:
            if (i, j) == (4, 22):
                elements.append({"status": "ZERO_RESULTS"})
                continue
            m = 0 if i == j else meters(i, j)
            s = 0 if i == j else seconds(i, j)
            e = {"distance": {"text": km_text(m), "value": m},
                 "duration": {"text": min_text(s), "value": s}}
            if traffic:
                e["duration_in_traffic"] = {"text": min_text(s + 60), "value": s + 60}
            e["status"] = "OK"
            elements.append(e)
        rows.append({"elements": elements})
    response = {
        "destination_addresses": [names[j] + ", Lyon, France" for j in dests],
        "origin_addresses": [names[i] + ", Lyon, France" for i in origins],
        "rows": rows,
        "status": "OK",
    }
    tiles.append({"origins": [names[i] for i in origins],
                  "destinations": [names[j] for j in dests],
                  "response": response})

cache = {"routeplanMatrixCache": 1, "provider": "google", "travelMode": "driving", "tiles": tiles}
itinerary = {
    "name": "Synthetic 30-stop grid, Lyon (matrix tile-cache fixture)",
    "placesToGo": [{"name": n, "location": {"lat": c[0], "lng": c[1]}} for n, c in zip(names, coords)],
    "route": {"travelMode": "driving", "optimizeFor": "duration", "start": "Stop 01", "end": "any"},
}

# Indented JSON with one element per line keeps the file small and readable.
compact = []
for tile in tiles:
    for row in tile["response"]["rows"]:
        for k, element in enumerate(row["elements"]):
            compact.append(json.dumps(element, ensure_ascii=False))
            row["elements"][k] = "@@%d@@" % (len(compact) - 1)
text = json.dumps(cache, indent=2, ensure_ascii=False)
for k, element in enumerate(compact):
    text = text.replace('"@@%d@@"' % k, element, 1)
with open(os.path.join(HERE, "synthetic-lyon-30-stops-tiles.json"), "w", encoding="utf-8") as f:
    f.write(text + "\n")
with open(os.path.join(ROOT, "Fixtures", "itineraries", "synthetic-lyon-30-stops.json"), "w", encoding="utf-8") as f:
    json.dump(itinerary, f, indent=2, ensure_ascii=False)
    f.write("\n")

for i, j in [(0, 1), (1, 0), (12, 29), (29, 0)]:
    print("%s -> %s: %d m, %d s" % (names[i], names[j], meters(i, j), seconds(i, j)))
