-- wrk script: POST {"puzzle": "..."} to $ENDPOINT, cycling through the puzzles in $PUZZLES
-- (one 81-character puzzle per line), each thread from its own offset. At the end, prints one
-- line of figures for run.sh to collect.
local puzzles = {}
for line in io.lines(os.getenv("PUZZLES")) do
  if #line >= 81 then puzzles[#puzzles + 1] = line:sub(1, 81) end
end
local endpoint = os.getenv("ENDPOINT") or "/api/solve"
local next_index = 0
local threads = {}

function setup(thread)
  thread:set("offset", #threads * 7919)
  threads[#threads + 1] = thread
end

function init(args)
  next_index = offset or 0
end

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

function request()
  next_index = next_index % #puzzles + 1
  return wrk.format(nil, endpoint, nil, '{"puzzle":"' .. puzzles[next_index] .. '"}')
end

function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  io.write(string.format("FIGURES %.0f %.2f %.2f %.2f %d %d\n",
    summary.requests / seconds,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    summary.errors.status, summary.requests))
end
