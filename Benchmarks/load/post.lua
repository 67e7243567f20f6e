-- wrk script: POST a JSON body read from a file, and print one RESULT line
-- with requests/s, latency percentiles and every kind of error.
-- Usage: wrk ... -s post.lua URL -- BODY_FILE
local body_file = nil

function init(args)
  body_file = args[1]
  if body_file then
    local f = assert(io.open(body_file, "rb"))
    wrk.body = f:read("*a")
    f:close()
    wrk.method = "POST"
    wrk.headers["Content-Type"] = "application/json"
  end
end

function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  io.write(string.format(
    "RESULT requests=%d rps=%.1f p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f max_ms=%.2f connect_errors=%d read_errors=%d write_errors=%d timeouts=%d non2xx=%d\n",
    summary.requests, summary.requests / seconds,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout, summary.errors.status))
end
