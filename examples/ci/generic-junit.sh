#!/usr/bin/env bash
# correx in any CI that reads JUnit XML (GitLab, Jenkins, Buildkite, CircleCI, Azure Pipelines…).
#
#   examples/ci/generic-junit.sh            # the built-in reference
#   SUBJECT='cmd:python3 my_adapter.py' REPORT_DIR=out examples/ci/generic-junit.sh
#
# Writes $REPORT_DIR/junit.xml (point the CI's test-report setting at it) and the HTML report
# folder $REPORT_DIR/html (keep it as a build artifact; open html/index.html from disk), prints
# the summary, and exits with correx's own code (0 conforms, 1 a difference, crash or timeout,
# 2 a usage or input error, 3 nothing failed but more cases were unsupported than
# --max-unsupported allows: default 0, so a subject that declines cases must say how many it may,
# e.g. MAX_UNSUPPORTED=10%), after the reports are written. Set CI=true (most CIs do) so that
# no golden is ever written on the CI machine.
set -uo pipefail

CORREX=${CORREX:-npx --no-install correx}
SUBJECT=${SUBJECT:-reference}
REPORT_DIR=${REPORT_DIR:-correx-report}
BASELINE=${BASELINE:-}
MAX_UNSUPPORTED=${MAX_UNSUPPORTED:-0}
export CI=${CI:-true}

mkdir -p "$REPORT_DIR"
args=(check --subject "$SUBJECT" --max-unsupported "$MAX_UNSUPPORTED" --reporter pretty --reporter "junit=$REPORT_DIR/junit.xml" --reporter "html=$REPORT_DIR/html")
if [ -n "$BASELINE" ]; then args+=(--baseline "$BASELINE"); fi
if [ "$#" -gt 0 ]; then args+=("$@"); fi   # more check options: --profile, --tag, --shard i/n…

# shellcheck disable=SC2086  # CORREX may be a command with arguments
$CORREX "${args[@]}"
code=$?

echo "correx: JUnit XML in $REPORT_DIR/junit.xml, HTML report in $REPORT_DIR/html/index.html (exit $code)"
exit "$code"
