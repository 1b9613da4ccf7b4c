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
# copy of the committed code (tools/background.sh); the ledger keys each game by the
# players' behaviour fingerprints, so games of code that plays otherwise are reported as
# stale, never mixed in. Runs at nice 19 with 2 jobs (BALANCE_JOBS), BALANCE_GAMES games a
# line-up (400), the ledgers in BALANCE_DIR (default: tools/balance of this checkout).
set -eu
# shellcheck source=tools/background.sh
. "$(dirname "$0")/../background.sh"

balance_step() {  # game, the line-up's options
    # shellcheck disable=SC2086  # the step's options are words
    background_python balance "$1" --seats "${BALANCE_SEATS:-ai:hard}" $2 \
        --games "${BALANCE_GAMES:-400}" --jobs "${BALANCE_JOBS:-2}" \
        --ledger "${BALANCE_DIR:-$repo/tools/balance}/$1.jsonl" --json
}

background_start balance
[ $# -gt 0 ] || set -- "field-of-glory:--players 2" "runes-of-mayhem:--players 2" \
    "stronghold:--players 2" "hadrians-wall:--players 2"
background_steps balance_step "$@"
