#!/bin/sh
# Advance the balance series at a search level in the background, one "game:line-up" step
# after another, each to 400 games, recording every game in tools/balance/<game>.jsonl as
# it ends (python -m game balance GAME ... --ledger).
#
#   tools/balance/run.sh ["game:balance options of the line-up" ...]   (default: below)
#   e.g. tools/balance/run.sh "runes-of-mayhem:--modules K" "hadrians-wall:--players 1 --neutrals 2"
#   setsid nohup tools/balance/run.sh > /tmp/balance.out 2> /tmp/balance.err &
#   kill -- -PID   (the group: a killed run loses only the games in flight)
#   python -m game balance GAME [line-up] --seats ai:hard --games 400 \
#       --ledger tools/balance/GAME.jsonl --from-ledger      (the figures so far)
#
# Every seat plays at BALANCE_SEATS (default ai:hard: the strongest level with an
# effort-based budget); a step's own --seats overrides it. The games are played from a
# copy of the committed code (git archive HEAD), not from the working tree, so files being
# edited meanwhile never enter a game; the ledger keys each game by the players' behaviour
# fingerprints, so games of code that plays otherwise are reported as stale, never mixed
# in. Runs at nice 19 with 2 jobs (BALANCE_JOBS), BALANCE_GAMES games a line-up (400),
# the ledgers in BALANCE_DIR (default: tools/balance of this checkout).
set -eu
# Started with setsid, the run is a session of its own, and Linux schedules each session
# (its "autogroup") as one: nice 19 then yields only within it, and the run takes a whole
# core from the programs of every other session (a test run got 64 % of a core beside
# it). Lowering the session's own weight makes it take only idle time. Only when this
# script leads its session, so a run started from a terminal leaves the terminal alone.
if [ "$(ps -o sid= -p $$ | tr -d ' ')" = "$$" ] && [ -w /proc/self/autogroup ]; then
    echo 19 > /proc/self/autogroup 2>/dev/null || true
fi
repo=$(cd "$(dirname "$0")/../.." && pwd)
snap=$(mktemp -d "${TMPDIR:-/tmp}/balance-code.XXXXXX")
trap 'rm -rf "$snap"' EXIT
trap 'exit 143' TERM INT
git -C "$repo" archive HEAD | tar -x -C "$snap"
echo "code of $(git -C "$repo" rev-parse --short HEAD) in $snap"
[ $# -gt 0 ] || set -- "field-of-glory:--players 2" "runes-of-mayhem:--players 2" \
    "stronghold:--players 2" "hadrians-wall:--players 2"
cd "$snap"
set -f  # a step's options are split into words, never expanded as file names
for step in "$@"; do
    game=${step%%:*}
    options=""
    case $step in *:*) options=${step#*:} ;; esac
    echo "=== $(date -u +%H:%M:%S) $game $options"
    # shellcheck disable=SC2086  # the step's options are words
    PYTHONPATH="$snap" nice -n 19 "$repo/.venv/bin/python" -m game balance "$game" \
        --seats "${BALANCE_SEATS:-ai:hard}" $options --games "${BALANCE_GAMES:-400}" \
        --jobs "${BALANCE_JOBS:-2}" --ledger "${BALANCE_DIR:-$repo/tools/balance}/$game.jsonl" --json
done
