#!/bin/sh
# Restarts the server processes one at a time without losing a request
# (docs/operations/deployment.md, "Rolling restart"). Run as root on the machine of the processes:
#   sh deploy/rolling-restart.sh            # ports 3001 3002
#   sh deploy/rolling-restart.sh 3001 3002 3003
# apps/api/ops-test/deployment.test.ts runs this file under 20 clients and counts failures (0).
set -eu

# nginx's fail_timeout (deploy/nginx/tanqin.conf) plus a second: once a restarted process is ready,
# nginx may still hold it for down that long (it refused connections while it was starting), and
# stopping the next process before then would leave nginx with no process to send requests to.
SETTLE_SECONDS="${SETTLE_SECONDS:-3}"
# A process not ready by then stops the restart: the others keep serving the old code.
READY_TIMEOUT_SECONDS="${READY_TIMEOUT_SECONDS:-120}"

[ "$#" -gt 0 ] || set -- 3001 3002

for port in "$@"; do
  echo "tanqin@$port: restarting"
  # systemd sends SIGTERM: the process stops taking connections (nginx sends new requests to the
  # others), answers what it is working on and exits within 10 s; then it starts again.
  systemctl restart "tanqin@$port"
  # Ready: the database answers, every migration is applied, the process is not stopping.
  waited=0
  until curl -fsS --max-time 2 "http://127.0.0.1:$port/api/v1/health/ready" >/dev/null 2>&1; do
    if [ "$waited" -ge "$READY_TIMEOUT_SECONDS" ]; then
      echo "tanqin@$port: not ready after $READY_TIMEOUT_SECONDS s, stopping here" >&2
      echo "  journalctl -u tanqin@$port -n 50" >&2
      exit 1
    fi
    sleep 1
    waited=$((waited + 1))
  done
  echo "tanqin@$port: ready; waiting $SETTLE_SECONDS s for nginx to send it requests again"
  sleep "$SETTLE_SECONDS"
done
echo "all restarted: $*"
