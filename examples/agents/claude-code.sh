#!/bin/sh
# Drives the real Claude Code for `correx gate` (profile claude-code, protocol anthropic-messages):
# a HOME and CLAUDE_CONFIG_DIR of its own under the run directory, the fake's loopback origin as
# ANTHROPIC_BASE_URL, non-essential traffic, telemetry, the auto-updater and error reporting off,
# then one headless `claude -p` run with every tool call allowed. As root, IS_SANDBOX=1 (without
# it the binary refuses --dangerously-skip-permissions); as another user (a scenario's
# `agent.user`) not, as a user would run it.
#
#   npx correx gate --profile claude-code --protocol anthropic-messages --model claude-opus-5-5 \
#     --scenario fixtures/scenarios/claude-bash-echo.yaml -- sh examples/agents/claude-code.sh
#
# Reads what correx gate sets: CORREX_RUN_DIR, CORREX_BASE_URL, CORREX_MODEL, CORREX_PROMPT,
# CORREX_WORKSPACE; a scenario's own `agent` settings: the variables CORREX_AGENT_ENV names (kept
# through the cleared environment) and the arguments after the script's name (given to claude
# after its own). CLAUDE_BIN names the native binary, as an absolute path (the driver runs in the
# scenario's workspace, so write `CLAUDE_BIN=$PWD/…`); by default the one .ci/run installs:
# node_modules/.cache/correx-claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude.
set -eu
if [ -z "${CLAUDE_BIN:-}" ]; then
  CLAUDE_BIN="$(cd "$(dirname "$0")/../.." && pwd)/node_modules/.cache/correx-claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude"
fi
case "$CLAUDE_BIN" in /*) ;; *) echo "claude-code.sh: CLAUDE_BIN must be an absolute path, got $CLAUDE_BIN (the driver runs in the scenario's workspace; write CLAUDE_BIN=\$PWD/$CLAUDE_BIN)" >&2; exit 2 ;; esac
[ -x "$CLAUDE_BIN" ] || { echo "claude-code.sh: no Claude Code binary at $CLAUDE_BIN (set CLAUDE_BIN to the native claude binary of @anthropic-ai/claude-code@2.1.332, e.g. npm install --prefix DIR @anthropic-ai/claude-code@2.1.332 gives DIR/node_modules/@anthropic-ai/claude-code-linux-x64/claude; in a correx checkout, .ci/run installs it)" >&2; exit 2; }
mkdir -p "$CORREX_RUN_DIR/home/.claude"
# The whole command is built after the scenario's arguments ("$@"), which are then moved to its end.
extra=$#
set -- "$@" env -i \
  PATH="$PATH" \
  PWD="$CORREX_WORKSPACE" \
  HOME="$CORREX_RUN_DIR/home" \
  CLAUDE_CONFIG_DIR="$CORREX_RUN_DIR/home/.claude" \
  ANTHROPIC_BASE_URL="$CORREX_BASE_URL" \
  ANTHROPIC_API_KEY=correx-fake-key \
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 \
  DISABLE_TELEMETRY=1 \
  DISABLE_AUTOUPDATER=1 \
  DISABLE_ERROR_REPORTING=1
if [ "$(id -u)" = 0 ]; then set -- "$@" IS_SANDBOX=1; fi
# The scenario's environment (`agent.env`): names are shell identifiers (schemas/scenario.json).
for name in ${CORREX_AGENT_ENV:-}; do
  eval "value=\${$name}"
  set -- "$@" "$name=$value"
done
set -- "$@" "$CLAUDE_BIN" -p "$CORREX_PROMPT" --dangerously-skip-permissions --output-format stream-json --verbose \
  --model "$CORREX_MODEL"
# The scenario's MCP servers (CORREX_MCP_SERVERS), if any, as an --mcp-config file of their own.
if [ -n "${CORREX_MCP_SERVERS:-}" ]; then
  node "$(dirname "$0")/mcp-config.mjs" claude "$CORREX_RUN_DIR/mcp/claude-mcp.json"
  set -- "$@" --mcp-config "$CORREX_RUN_DIR/mcp/claude-mcp.json" --strict-mcp-config
fi
while [ "$extra" -gt 0 ]; do
  set -- "$@" "$1"
  shift
  extra=$((extra - 1))
done
cd "$CORREX_WORKSPACE"
exec "$@" </dev/null
