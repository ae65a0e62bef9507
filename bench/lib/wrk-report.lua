-- wrk's script for the bench (bench/lib/http-load.ts): counts answers by status in every thread, and at the
-- end prints one line, "WRK_RESULT {json}", with the totals and wrk's latency percentiles in microseconds.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local counts = {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do counts[status] = (counts[status] or 0) + n end
  end
  local codes = {}
  local non2xx = 0
  for status, n in pairs(counts) do
    codes[#codes + 1] = string.format('"%d":%d', status, n)
    if status < 200 or status > 299 then non2xx = non2xx + n end
  end
  local e = summary.errors
  io.write(string.format(
    'WRK_RESULT {"durationUs":%d,"requests":%d,"bytes":%d,"non2xx":%d,"statusCodes":{%s},' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
    '"latencyUs":{"mean":%.2f,"max":%d,"p50":%d,"p95":%d,"p99":%d}}\n',
    summary.duration, summary.requests, summary.bytes, non2xx, table.concat(codes, ","),
    e.connect, e.read, e.write, e.status, e.timeout,
    latency.mean, latency.max, latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
