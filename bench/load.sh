#!/usr/bin/env bash
# Load test: a published 15-table session served by gunicorn (2 workers) on 127.0.0.1, driven
# by wrk for a bounded time: requests/s, p99 latency and errors for the results page, a board
# page and the trivial baseline view (/healthz) of the same server.
#
#   bash bench/load.sh [seconds per page, default 15] [connections, default 16]
#
# Uses a throw-away SQLite database unless DATABASE_URL is set (e.g. to PostgreSQL).
# Needs wrk (apt-get install wrk). Target: results page >= 50% of the baseline, 0 errors.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH="${1:-15}"
CONNECTIONS="${2:-16}"
PORT="${PORT:-8765}"
PY=.venv/bin/python
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)"; exit 2; }

WORK="$(mktemp -d)"
trap 'kill "${GUNICORN_PID:-0}" 2>/dev/null || true; rm -rf "$WORK"' EXIT
export DATABASE_URL="${DATABASE_URL:-sqlite:///$WORK/load.sqlite3}"
export DEBUG=0 SECRET_KEY="load-test-$(date +%s)-not-a-secret-key-for-production-use" \
  ALLOWED_HOSTS=127.0.0.1 SECURE_SSL_REDIRECT=0 SESSION_COOKIE_SECURE=0 CSRF_COOKIE_SECURE=0 \
  SECURE_HSTS_SECONDS=0 STATIC_ROOT="$WORK/static" MEDIA_ROOT="$WORK/media"

$PY manage.py migrate -v 0
$PY manage.py collectstatic --no-input -v 0
$PY - "$WORK" <<'PYTHON'
import csv, sys
from pathlib import Path
sys.path.insert(0, ".")
from bench.generate import event_rows
work = Path(sys.argv[1])
with open(work / "travellers.csv", "w", newline="") as out:
    writer = csv.writer(out)
    writer.writerow(["board", "ns", "ew", "contract", "declarer", "tricks"])
    writer.writerows(event_rows(15, 30))
with open(work / "names.csv", "w", newline="") as out:
    writer = csv.writer(out)
    writer.writerow(["pair", "player1", "player2"])
    writer.writerows((p, f"Player {p}a", f"Player {p}b") for p in range(1, 31))
PYTHON
SESSION=$($PY manage.py import_travellers "$WORK/travellers.csv" --names "$WORK/names.csv" \
  --name "Load test" --publish | tail -1)

.venv/bin/gunicorn clubscorer.wsgi --workers 2 --bind "127.0.0.1:$PORT" --log-level warning &
GUNICORN_PID=$!
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.2; done

echo "15-table session $SESSION (30 pairs, 30 boards, 450 results); gunicorn 2 workers;"
echo "wrk 2 threads, $CONNECTIONS connections, ${SECONDS_EACH}s a page"
printf '%-28s %12s %10s %10s %8s\n' page requests/s p50 p99 errors
for page in /healthz "/sessions/$SESSION/" "/sessions/$SESSION/boards/7/" \
            "/sessions/$SESSION/pairs/A/3/"; do
  curl -sf -o /dev/null "http://127.0.0.1:$PORT$page"  # scored and cached before timing
  out=$(wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_EACH}s" --latency "http://127.0.0.1:$PORT$page")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  errors=$(awk '/Non-2xx|Socket errors/ {n += $NF} END {print n + 0}' <<<"$out")
  printf '%-28s %12s %10s %10s %8s\n' "$page" "$rps" "$p50" "$p99" "$errors"
done
