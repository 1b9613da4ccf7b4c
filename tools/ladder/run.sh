#!/bin/sh
# Advance the strength ladder in the background, one "game:matchup" step after another,
# each to 200 games, recording every game in tools/ladder/<game>.jsonl as it ends.
#
#   tools/ladder/run.sh [game:matchup ...]     (default: the order below)
#   setsid nohup tools/ladder/run.sh > /tmp/ladder.out 2> /tmp/ladder.err &
#   kill -- -PID   (the group: a killed run loses only the games in flight)
#
# The games are played from a copy of the committed code (tools/background.sh); the
# ledger keys each game by the players' behaviour fingerprint, so games of code that
# plays otherwise are reported as stale, never mixed in. Runs at nice 19 with 2 jobs
# (LADDER_JOBS), LADDER_GAMES games a match-up (200), the ledgers in LADDER_DIR (default:
# tools/ladder of this checkout).
set -eu
# shellcheck source=tools/background.sh
. "$(dirname "$0")/../background.sh"

ladder_step() {  # game, match-up
    background_python bench "$1" --ladder --matchups "$2" --games "${LADDER_GAMES:-200}" \
        --jobs "${LADDER_JOBS:-2}" --ledger "${LADDER_DIR:-$repo/tools/ladder}/$1.jsonl" --json
}

background_start ladder
[ $# -gt 0 ] || set -- field-of-glory:hard-greedy runes-of-mayhem:hard-greedy \
    field-of-glory:hard-medium runes-of-mayhem:hard-medium
background_steps ladder_step "$@"
