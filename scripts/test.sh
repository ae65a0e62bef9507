#!/usr/bin/env bash
# `npm test`: everything CI runs. Installs what it needs (Debian's ffmpeg and Chromium) and exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
# At the end, when each phase began (CI keeps only the log's tail: these lines and Playwright's slowest files
# tell where a long run went).
PHASES=""
phase() { echo "== $1"; PHASES+="  at ${SECONDS} s: ${1%% (*}"$'\n'; }
trap 'printf "== npm test took %s s; its phases began\n%s" "$SECONDS" "$PHASES"' EXIT

phase "static checks"
npm run typecheck
npm run lint

phase "dependency audit (npm audit --omit=dev: fails on moderate or worse; docs/security.md)"
npx tsx scripts/security/audit.ts

phase "unit and data-layer tests (embedded PostgreSQL)"
# Debian's ffmpeg unless FFMPEG_PATH names another: media tests never use the npm package's 2018 build.
[ -n "${FFMPEG_PATH:-}" ] || bash scripts/ensure-debian-tools.sh ffmpeg ffprobe=ffmpeg
npx vitest run

phase "data-layer tests against a separately started PostgreSQL (DATABASE_URL path)"
# Not the ingest tests (their minute is ffmpeg's, the same on either server) nor the embedded server's own.
bash scripts/with-external-postgres.sh npx vitest run server/services server/db \
  --exclude 'server/services/ingest*.test.ts' --exclude server/db/embedded.test.ts

phase "builds for the soak and the end-to-end tests (the test build of the production server, Debian's Chromium headless shell; nginx for the scale-out spec)"
bash scripts/ensure-debian-tools.sh chromium-headless-shell nginx
npm run build        # fails if its bundle holds a test hook (scripts/check-production-bundle.ts)
npm run build:test   # the test build the e2e tests start (docs/decisions/0018-test-build.md)

phase "soak, short (docs/benchmarks.md \"Issue 31: soak\"): the load test's mix for 3 minutes on the production build"
# No process's memory, handles or event-loop delay, the app's database connections nor p99 grows beyond the short
# bounds; no request fails; nothing acknowledged is lost. Before the e2e tests, on an otherwise idle site.
npm run soak -- --minutes 3 --sample-seconds 10 --skip-build --build-dir build --results-dir bench/.work/soak-ci

phase "end-to-end tests"
npx playwright test
