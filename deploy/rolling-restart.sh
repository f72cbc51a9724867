#!/bin/sh
# A rolling restart of the CRM's instances behind nginx (issue 41): after an upgrade, or to apply a changed
# /etc/crm/crm.env (README «Running in production → Upgrades»). As root, from the app's folder:
#
#   sh deploy/rolling-restart.sh          # every instance of the upstream in the nginx site, one at a time
#   sh deploy/rolling-restart.sh 8082     # only these ports
#
# Open-source nginx has no active health checks: it learns that an instance is gone only when a connection
# to it is refused, and a call it has already sent on a connection the stopping instance then resets comes
# back 502 — nginx never sends a POST twice. So each instance in turn is first taken out of the upstream
# (`down`, nginx reloaded), left until it gets no more calls, then stopped (a drain: SIGTERM, its calls
# finished, its event streams ended), started, waited for until /api/ready answers 200, and put back
# (`down` removed, nginx reloaded). The others serve meanwhile; it stops if one of them is not ready.
#
# Settings (environment): CRM_NGINX_SITE (/etc/nginx/sites-available/crm.conf: the file itself, not the
# link in sites-enabled), CRM_ENV_FILE (/etc/crm/crm.env: METRICS_TOKEN, to see when an instance is quiet;
# without it a fixed pause of QUIET_PAUSE s), READY_TIMEOUT (120 s), SYSTEMCTL and NGINX_BIN (the commands;
# not NGINX: nginx reads that variable itself).
set -eu

SITE=${CRM_NGINX_SITE:-/etc/nginx/sites-available/crm.conf}
ENV_FILE=${CRM_ENV_FILE:-/etc/crm/crm.env}
READY_TIMEOUT=${READY_TIMEOUT:-120}
QUIET_PAUSE=${QUIET_PAUSE:-3}
SYSTEMCTL=${SYSTEMCTL:-systemctl}
NGINX_BIN=${NGINX_BIN:-nginx}

say() { echo "$(date +%T) $*"; }
fail() {
  echo "rolling-restart: $*" >&2
  exit 1
}

[ -f "$SITE" ] || fail "no nginx site file $SITE (CRM_NGINX_SITE)"
TOKEN=$(sed -n 's/^METRICS_TOKEN=//p' "$ENV_FILE" 2>/dev/null | tail -n 1 | tr -d "\"'")
# The upstream's instances (between the `instances` marks of deploy/nginx/crm.conf).
ALL=$(sed -n '/# >>> instances/,/# <<< instances/s/^ *server 127\.0\.0\.1:\([0-9][0-9]*\).*/\1/p' "$SITE")
[ -n "$ALL" ] || fail "no 'server 127.0.0.1:PORT' lines between '# >>> instances' and '# <<< instances' in $SITE"
PORTS=${*:-$ALL}

ready() { curl -fsS -m 2 -o /dev/null "http://127.0.0.1:$1/api/ready" 2>/dev/null; }

# mark PORT down|up: edits the upstream's line and reloads nginx (its old worker finishes what it has).
mark() {
  grep -q "^ *server 127\.0\.0\.1:$1\b" "$SITE" || fail "port $1 is not in the upstream of $SITE"
  sed -i --follow-symlinks "s/^\( *server 127\.0\.0\.1:$1\b[^;]*\) down;/\1;/" "$SITE"
  [ "$2" = up ] || sed -i --follow-symlinks "s/^\( *server 127\.0\.0\.1:$1\b[^;]*\);/\1 down;/" "$SITE"
  $NGINX_BIN -t -q || fail "nginx -t refused $SITE after marking $1 $2"
  $SYSTEMCTL reload nginx
}

# The instance's calls in flight or waiting, and answered so far (its /metrics; event streams aside).
calls() {
  metrics=$(curl -fsS -m 2 -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$1/metrics") || return 1
  printf '%s\n' "$metrics" | awk '
    /^crm_api_calls_(in_flight|queued) / { busy += $2 }
    /^http_request_duration_seconds_count\{/ && !/route="\/metrics"/ { answered += $2 }
    END { print busy + 0, answered + 0 }'
}

# Until nginx's old worker sends the instance nothing more: 1 s without a call (at most 15 s).
wait_quiet() {
  sleep 1
  if [ -z "$TOKEN" ]; then
    sleep "$QUIET_PAUSE"
    return
  fi
  last=$(calls "$1") || {
    say "crm@$1: no /metrics with METRICS_TOKEN of $ENV_FILE; a fixed pause of $QUIET_PAUSE s"
    sleep "$QUIET_PAUSE"
    return
  }
  same=0
  waited=0
  while [ "$same" -lt 4 ] && [ "$waited" -lt 60 ]; do
    sleep 0.25
    waited=$((waited + 1))
    now=$(calls "$1") || break
    if [ "$now" = "$last" ] && [ "${now%% *}" = 0 ]; then same=$((same + 1)); else same=0; fi
    last=$now
  done
  [ "$same" -ge 4 ] || say "crm@$1 still had calls after 15 s; stopping it anyway (it drains them)"
}

CURRENT=
trap '[ -z "$CURRENT" ] || echo "rolling-restart: 127.0.0.1:$CURRENT is still marked down in $SITE; once it is ready: remove \" down\" from its line and systemctl reload nginx" >&2' EXIT

for port in $PORTS; do
  for other in $ALL; do
    [ "$other" = "$port" ] || ready "$other" || fail "crm@$other is not ready: crm@$port left running"
  done
  CURRENT=$port
  say "crm@$port: out of nginx"
  mark "$port" down
  wait_quiet "$port"
  say "crm@$port: stopping (drain)"
  $SYSTEMCTL stop "crm@$port"
  $SYSTEMCTL start "crm@$port"
  waited=0
  until ready "$port"; do
    waited=$((waited + 1))
    [ "$waited" -lt $((READY_TIMEOUT * 2)) ] || fail "crm@$port not ready within $READY_TIMEOUT s (journalctl -u crm@$port)"
    sleep 0.5
  done
  mark "$port" up
  CURRENT=
  say "crm@$port: ready, back in nginx"
done
say "rolling restart done:" $PORTS
