#!/usr/bin/env python3
"""How long a solve runs on after its client hangs up.

Starts `routeplan serve` with one solver thread, sends a 300-stop heuristic
plan with a 20 s time limit, hangs up after 1 s, and polls /metrics until
routeplan_solves_running is back to 0 (the solver thread has returned).
Prints each run's delay from close() to that moment, in milliseconds.

    swift build -c release && python3 Benchmarks/load/disconnect.py [runs]
"""
import json, random, re, socket, subprocess, sys, time, urllib.request
from pathlib import Path

runs = int(sys.argv[1]) if len(sys.argv) > 1 else 8
port = 18093
binary = Path(__file__).resolve().parents[2] / ".build/release/routeplan"
random.seed(3)
places = [{"name": f"P{i}", "location": {"lat": 48.8 + random.random() * 0.1, "lng": 2.3 + random.random() * 0.1}}
          for i in range(300)]
body = json.dumps({"name": "t", "lodging": {"name": "H", "location": {"lat": 48.85, "lng": 2.35}},
                   "placesToGo": places, "options": {"strategy": "heuristic"}}).encode()
head = (f"POST /v1/plan?timeLimit=20 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n").encode()

def running():
    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics").read().decode()
    found = re.search(r"^routeplan_solves_running (\d+)", text, re.M)
    return int(found.group(1)) if found else -1

server = subprocess.Popen([str(binary), "serve", "--port", str(port), "--threads", "1"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    time.sleep(1.5)
    delays = []
    for _ in range(runs):
        client = socket.create_connection(("127.0.0.1", port))
        client.sendall(head + body)
        time.sleep(1.0)
        if running() != 1:
            sys.exit("the solve is not running one second after the request")
        closed = time.monotonic()
        client.close()
        while running() != 0:
            if time.monotonic() - closed > 30:
                sys.exit("the solve went on for 30 s after its client left")
            time.sleep(0.002)
        delays.append((time.monotonic() - closed) * 1000)
        time.sleep(0.3)
finally:
    server.terminate()
    server.wait()
delays.sort()
print("close() -> solver thread returned, ms:", " ".join(f"{d:.1f}" for d in delays))
print(f"median {delays[len(delays) // 2]:.1f} ms, max {delays[-1]:.1f} ms over {runs} runs")
