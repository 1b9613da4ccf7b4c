# shellcheck shell=sh
# The frame of a long measurement run in the background, sourced (". tools/background.sh")
# by tools/ladder/run.sh and tools/balance/run.sh, which say only what differs:
#
#   background_start NAME   lower this run's priority, copy the committed code (git archive
#                           HEAD) into a temporary folder $snap (NAME-code.XXXXXX, removed
#                           at the end, a kill included) and work there; $repo is the
#                           checkout
#   background_steps STEP_FUNCTION "game:rest" ...
#                           for each step, a line "=== time game rest", then
#                           STEP_FUNCTION game rest (rest: what follows the first ':')
#   background_python ARGS  python -m game ARGS from the copy, at nice 19
#
# The games are played from the copy, not from the working tree, so files being edited
# meanwhile never enter a game.

background_start() {
    # Started with setsid, the run is a session of its own, and Linux schedules each
    # session (its "autogroup") as one: nice 19 then yields only within it, and the run
    # takes a whole core from the programs of every other session (a test run got 64 % of
    # a core beside it). Lowering the session's own weight makes it take only idle time.
    # Only when this script leads its session, so a run started from a terminal leaves
    # the terminal alone.
    if [ "$(ps -o sid= -p $$ | tr -d ' ')" = "$$" ] && [ -w /proc/self/autogroup ]; then
        echo 19 > /proc/self/autogroup 2>/dev/null || true
    fi
    repo=$(cd "$(dirname "$0")/../.." && pwd)
    snap=$(mktemp -d "${TMPDIR:-/tmp}/$1-code.XXXXXX")
    trap 'rm -rf "$snap"' EXIT
    trap 'exit 143' TERM INT
    git -C "$repo" archive HEAD | tar -x -C "$snap"
    echo "code of $(git -C "$repo" rev-parse --short HEAD) in $snap"
    cd "$snap" || exit
}

background_steps() {
    step_function=$1
    shift
    set -f  # a step's words are split, never expanded as file names
    for step in "$@"; do
        game=${step%%:*}
        rest=""
        case $step in *:*) rest=${step#*:} ;; esac
        echo "=== $(date -u +%H:%M:%S) $game $rest"
        "$step_function" "$game" "$rest"
    done
}

background_python() {
    PYTHONPATH="$snap" nice -n 19 "$repo/.venv/bin/python" -m game "$@"
}
