#!/bin/sh
# Drives the real Gemini CLI for `correx gate` (profile gemini-cli, protocol google-gemini): a HOME
# of its own under the run directory holding the rendered .gemini/settings.json (auto-update,
# statistics and telemetry off, API-key auth, folder trust off), the fake's loopback origin as
# GOOGLE_GEMINI_BASE_URL, a TMPDIR under the run directory (the CLI's run_shell_command makes a
# gemini-shell-XXXXXX folder there per command and leaves it when the run ends before the command
# does), then one headless `gemini -p` run with every tool call approved.
#
#   correx gate --profile gemini-cli --protocol google-gemini \
#     --config-template examples/agents/gemini-settings.json.template \
#     --scenario fixtures/scenarios/gemini-shell.yaml -- sh examples/agents/gemini-cli.sh
#
# Reads what correx gate sets: CORREX_RUN_DIR, CORREX_CONFIG, CORREX_BASE_URL, CORREX_MODEL,
# CORREX_PROMPT, CORREX_WORKSPACE. GEMINI_JS names the CLI's bundle/gemini.js.
set -eu
: "${GEMINI_JS:?set GEMINI_JS to the Gemini CLI bundle/gemini.js}"
case "$GEMINI_JS" in /*) ;; *) echo "$(basename "$0"): GEMINI_JS must be an absolute path, got $GEMINI_JS (the driver runs in the scenario's workspace; write GEMINI_JS=\$PWD/$GEMINI_JS)" >&2; exit 2 ;; esac
[ -f "$GEMINI_JS" ] || { echo "$(basename "$0"): no Gemini CLI bundle at $GEMINI_JS (set GEMINI_JS to the Gemini CLI bundle/gemini.js)" >&2; exit 2; }
mkdir -p "$CORREX_RUN_DIR/home/.gemini" "$CORREX_RUN_DIR/tmp"
cp "$CORREX_CONFIG" "$CORREX_RUN_DIR/home/.gemini/settings.json"
# The scenario's MCP servers (CORREX_MCP_SERVERS), if any, as mcpServers.
if [ -n "${CORREX_MCP_SERVERS:-}" ]; then "${NODE:-node}" "$(dirname "$0")/mcp-config.mjs" gemini "$CORREX_RUN_DIR/home/.gemini/settings.json"; fi
cd "$CORREX_WORKSPACE"
exec env -i \
  PATH="$PATH" \
  PWD="$CORREX_WORKSPACE" \
  HOME="$CORREX_RUN_DIR/home" \
  TMPDIR="$CORREX_RUN_DIR/tmp" \
  GEMINI_API_KEY=correx-fake-key \
  GOOGLE_GEMINI_BASE_URL="$CORREX_BASE_URL" \
  GEMINI_CLI_TRUST_WORKSPACE=true \
  GEMINI_SANDBOX=false \
  "${NODE:-node}" "$GEMINI_JS" -p "$CORREX_PROMPT" --approval-mode=yolo --output-format json \
  -m "$CORREX_MODEL" </dev/null
