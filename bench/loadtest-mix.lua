-- wrk's script for `npm run loadtest` (bench/loadtest.ts, docs/benchmarks.md "Issue 21: load test"): the
-- mixed profile. Each request is the next entry of a shuffled deck of request kinds (the weights, in
-- bench/lib/loadtest-mix.ts); the data file written for this step holds the pages, the signed-in users, the
-- play tokens and where this step's like pairs start. Every write is one no earlier step sent:
--   like     POST /api/videos/:id/like liked=true for a (user, video) pair never liked before: an
--            acknowledged like ({"liked":true}) is exactly one new row of video_likes;
--   comment  POST /api/comments with a text carrying the run's tag, from a user under the site's 10-a-minute
--            limit (times of earlier steps come in the data file, this step's go out in the result);
--   view     POST /api/views with a play token of a browser session of its own ({"counted":true}: one view).
-- wrk cannot tie an answer to its request, so acknowledgements are read from the answers' bodies (writes are
-- sent without Accept-Encoding so that their small JSON answers are readable). No write starts in the last
-- WRITE_MARGIN seconds: wrk drops what is in flight when it stops, and a write cut off that way would commit
-- unacknowledged. Usage: wrk -t<n> -c<n> -d<s> -s loadtest-mix.lua <origin> -- <data file> <duration s>;
-- done() prints one line, "LOADTEST_RESULT {json}". Globals are what done() reads from each thread (thread:get).
local WRITE_MARGIN = 2
local threads = {}
local thread_count = 0

function setup(thread)
  thread:set("tid", thread_count)
  thread_count = thread_count + 1
  table.insert(threads, thread)
end

local function split(line)
  local fields = {}
  for field in string.gmatch(line, "[^\t]+") do fields[#fields + 1] = field end
  return fields
end

local deck, categories, videos, searches, blogs, users, user_by_index, tokens = {}, {}, {}, {}, {}, {}, {}, {}
local origin, tag, all_users = "", "", 0
local deck_at, video_at, category_at, search_at, blog_at, token_at, comment_user_at, comment_n, read_n = 0, 0, 0, 0, 0, 0, 0, 0, 0
local writes_until = 0

function init(args)
  -- tid was set by setup() in the main state; the data file says how many threads share the work.
  nthreads = 1
  like_start = 0
  for line in io.lines(args[1]) do
    local f = split(line)
    local kind = f[1]
    if kind == "origin" then origin = f[2]
    elseif kind == "tag" then tag = f[2]
    elseif kind == "threads" then nthreads = tonumber(f[2])
    elseif kind == "deck" then for k in string.gmatch(f[2], "[^,]+") do deck[#deck + 1] = k end
    elseif kind == "category" then categories[#categories + 1] = f[2]
    elseif kind == "video" then videos[#videos + 1] = f[2]
    elseif kind == "search" then searches[#searches + 1] = f[2]
    elseif kind == "blog" then blogs[#blogs + 1] = f[2]
    elseif kind == "like_start" then like_start = tonumber(f[2])
    elseif kind == "user" then
      local index = tonumber(f[2])
      local times = {}
      if f[5] then for t in string.gmatch(f[5], "[^,]+") do times[#times + 1] = tonumber(t) end end
      local user = { index = index, cookie = f[3], ip = f[4], times = times }
      user_by_index[index] = user
      all_users = all_users + 1
      -- Commenters and tokens are shared out between threads, so that one thread alone keeps each user under
      -- the comment limit; likes only need pairs no other thread sends.
      if index % nthreads == tid then users[#users + 1] = user end
    elseif kind == "token" then
      if tonumber(f[2]) % nthreads == tid then
        tokens[#tokens + 1] = { video = f[3], session = f[4], token = f[5], ip = f[6] }
      end
    end
  end
  writes_until = os.time() + tonumber(args[2]) - WRITE_MARGIN
  deck_at = tid * 17
  sent = { read = 0, like = 0, comment = 0, view = 0, signed_in_read = 0 }
  skipped = { like = 0, comment = 0, view = 0 }
  acked = { like = 0, comment = 0, view = 0, view_not_counted = 0 }
  statuses = {}
  likes_sent = 0
  comment_times = {}
end

local function next_of(list, at)
  return list[(at % #list) + 1]
end

local function visitor_ip()
  read_n = read_n + 1
  return string.format("10.%d.%d.%d", tid % 256, math.floor(read_n / 256) % 256, read_n % 256)
end

local function read(path, cookie)
  sent.read = sent.read + 1
  if cookie then sent.signed_in_read = sent.signed_in_read + 1 end
  return wrk.format("GET", path, {
    ["Cookie"] = cookie or "ageVerified=true",
    ["Accept-Encoding"] = "br, gzip",
    ["X-Forwarded-For"] = visitor_ip(),
  })
end

local function post(path, cookie, ip, body)
  return wrk.format("POST", path, {
    ["Cookie"] = cookie,
    ["Origin"] = origin,
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["X-Forwarded-For"] = ip,
  }, body)
end

local function pick_video()
  video_at = video_at + 1
  return next_of(videos, video_at)
end

-- The next (user, video) pair of this thread, or nil when every pair was liked already.
local function like_request()
  local k = like_start + tid + likes_sent * nthreads
  if k >= all_users * #videos then return nil end
  local user = user_by_index[k % all_users]
  local video = videos[math.floor(k / all_users) + 1]
  likes_sent = likes_sent + 1
  sent.like = sent.like + 1
  return post("/api/videos/" .. video .. "/like", user.cookie, user.ip, "liked=true&js=1")
end

-- A user with fewer than 10 comments in the last 62 s (the site's limit is 10 in a 60-s window).
local function comment_request()
  local now = os.time()
  for _ = 1, #users do
    comment_user_at = comment_user_at + 1
    local user = next_of(users, comment_user_at)
    local recent = 0
    for _, t in ipairs(user.times) do if t > now - 62 then recent = recent + 1 end end
    if recent < 10 then
      user.times[#user.times + 1] = now
      comment_times[user.index] = (comment_times[user.index] or "") .. now .. ","
      comment_n = comment_n + 1
      sent.comment = sent.comment + 1
      local body = string.format("videoId=%s&content=Load+test+%s+%d-%d%%3A+lovely+colours.&js=1", pick_video(), tag, tid, comment_n)
      return post("/api/comments", user.cookie, user.ip, body)
    end
  end
  return nil
end

local function view_request()
  token_at = token_at + 1
  local t = tokens[token_at]
  if not t then return nil end
  sent.view = sent.view + 1
  return post("/api/views", "viewSession=" .. t.session, t.ip, "videoId=" .. t.video .. "&token=" .. t.token)
end

function request()
  deck_at = deck_at + 1
  local kind = next_of(deck, deck_at)
  if kind == "like" or kind == "comment" or kind == "view" then
    local req = nil
    if os.time() < writes_until then
      if kind == "like" then req = like_request()
      elseif kind == "comment" then req = comment_request()
      else req = view_request() end
    end
    if req then return req end
    skipped[kind] = skipped[kind] + 1
    kind = "video"
  end
  if kind == "home" then return read("/")
  elseif kind == "category" then category_at = category_at + 1; return read("/category/" .. next_of(categories, category_at))
  elseif kind == "video" then return read("/video/" .. pick_video())
  elseif kind == "signed_in_video" then
    return read("/video/" .. pick_video(), next_of(users, deck_at).cookie)
  elseif kind == "viewer_state" then
    -- What a signed-in browser asks once a page is shown: its state for the video and the page's cards.
    local video = pick_video()
    local cards = {}
    for i = 1, 8 do cards[i] = next_of(videos, video_at + i) end
    return read("/api/viewer-state?video=" .. video .. "&cards=" .. table.concat(cards, ","), next_of(users, deck_at).cookie)
  elseif kind == "search" then search_at = search_at + 1; return read("/search?q=" .. next_of(searches, search_at))
  elseif kind == "blog_list" then return read("/blog")
  elseif kind == "blog_post" then blog_at = blog_at + 1; return read("/blog/" .. next_of(blogs, blog_at))
  end
  error("unknown request kind " .. tostring(kind))
end

-- The writes' answers, by how they begin (a signed-in /api/viewer-state answer is JSON too, with "liked" inside:
-- it begins with {"viewer").
local function starts(body, prefix)
  return string.sub(body, 1, #prefix) == prefix
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if status ~= 200 or #body > 2000 then return end
  if starts(body, '{"counted":true') then acked.view = acked.view + 1
  elseif starts(body, '{"counted":false') then acked.view_not_counted = acked.view_not_counted + 1
  elseif starts(body, '{"ok":true,"liked":true') then acked.like = acked.like + 1
  elseif starts(body, '{"ok":true') then acked.comment = acked.comment + 1
  end
end

local function add(into, from)
  for k, v in pairs(from) do into[k] = (into[k] or 0) + v end
end

local function json_counts(t)
  local parts = {}
  for k, v in pairs(t) do parts[#parts + 1] = string.format('"%s":%d', k, v) end
  return "{" .. table.concat(parts, ",") .. "}"
end

function done(summary, latency, requests)
  local all = { sent = {}, skipped = {}, acked = {}, statuses = {} }
  local like_next = 0
  local times = {}
  for _, thread in ipairs(threads) do
    add(all.sent, thread:get("sent"))
    add(all.skipped, thread:get("skipped"))
    add(all.acked, thread:get("acked"))
    add(all.statuses, thread:get("statuses"))
    local start = thread:get("like_start") or 0
    local n = thread:get("likes_sent")
    local last = start + thread:get("tid") + n * thread:get("nthreads")
    if last > like_next then like_next = last end
    for user, list in pairs(thread:get("comment_times")) do times[#times + 1] = string.format('"%d":"%s"', user, list) end
  end
  local e = summary.errors
  local line = string.format(
    '{"durationUs":%d,"requests":%d,"bytes":%d,"statuses":%s,"sent":%s,"skipped":%s,"acked":%s,"likeNext":%d,' ..
    '"commentTimes":{%s},"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
    '"latencyUs":{"mean":%.2f,"max":%d,"p50":%d,"p95":%d,"p99":%d}}',
    summary.duration, summary.requests, summary.bytes, json_counts(all.statuses), json_counts(all.sent),
    json_counts(all.skipped), json_counts(all.acked), like_next, table.concat(times, ","),
    e.connect, e.read, e.write, e.status, e.timeout,
    latency.mean, latency.max, latency:percentile(50), latency:percentile(95), latency:percentile(99))
  io.write("LOADTEST_RESULT " .. line .. "\n")
end
