#!/usr/bin/env bash
# A short check on whatever Node is first on PATH: build, start the built
# server on a fresh data directory, ask /api/health, stop it cleanly, and run
# a few API test files. .ci/run calls it on Node 22 and 24.
set -euo pipefail
cd "$(dirname "$0")/.."
node --version
npm run build
dir=$(mktemp -d)
port=${SMOKE_PORT:-39017}
DATA_DIR="$dir/data" HOST=127.0.0.1 PORT=$port node apps/server/dist/server.js > "$dir/server.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT
health=""
for _ in $(seq 1 90); do
  health=$(node -e 'fetch(process.argv[1]).then(async (r) => { if (r.ok) console.log(await r.text()); }, () => {})' "http://127.0.0.1:$port/api/health")
  [ -n "$health" ] && break
  kill -0 "$pid" 2>/dev/null || { cat "$dir/server.log"; exit 1; }
  sleep 1
done
echo "health: $health"
case "$health" in *'"status":"ok"'*) ;; *) cat "$dir/server.log"; exit 1 ;; esac
grep -q "Makazi is running at http://127.0.0.1:$port" "$dir/server.log" || { cat "$dir/server.log"; exit 1; }
kill -TERM "$pid"
wait "$pid"
trap - EXIT
npx vitest run --project server \
  apps/server/src/start-lines.test.ts \
  apps/server/src/log/readable.test.ts \
  apps/server/src/plugins/mailer.test.ts
