#!/bin/sh
# Advance the strength ladder in the background, one "game:matchup" step after another,
# each to 200 games, recording every game in tools/ladder/<game>.jsonl as it ends.
#
#   tools/ladder/run.sh [game:matchup ...]     (default: the order below)
#   setsid nohup tools/ladder/run.sh > /tmp/ladder.out 2> /tmp/ladder.err &
#   kill -- -PID   (the group: a killed run loses only the games in flight)
#
# The games are played from a copy of the committed code (git archive HEAD), not from
# the working tree, so files being edited meanwhile never enter a game; the ledger keys
# each game by the players' behaviour fingerprint, so games of code that plays otherwise
# are reported as stale, never mixed in. Runs at nice 19 with 2 jobs (LADDER_JOBS).
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
snap=$(mktemp -d "${TMPDIR:-/tmp}/ladder-code.XXXXXX")
trap 'rm -rf "$snap"' EXIT
trap 'exit 143' TERM INT
git -C "$repo" archive HEAD | tar -x -C "$snap"
echo "code of $(git -C "$repo" rev-parse --short HEAD) in $snap"
[ $# -gt 0 ] || set -- field-of-glory:hard-greedy runes-of-mayhem:hard-greedy \
    field-of-glory:hard-medium runes-of-mayhem:hard-medium
cd "$snap"
for step in "$@"; do
    game=${step%%:*}
    matchup=${step#*:}
    echo "=== $(date -u +%H:%M:%S) $game $matchup"
    PYTHONPATH="$snap" nice -n 19 "$repo/.venv/bin/python" -m game bench "$game" --ladder \
        --matchups "$matchup" --games "${LADDER_GAMES:-200}" --jobs "${LADDER_JOBS:-2}" \
        --ledger "$repo/tools/ladder/$game.jsonl" --json
done
