#!/bin/sh
# Drives the real opencode binary for `correx gate` (opencode-cli profile): a home and XDG dirs of
# its own under the run directory, the rendered opencode.json as OPENCODE_CONFIG, every network
# feature that would reach beyond the fake switched off, then `opencode run` with the prompt.
#
#   correx gate --profile opencode-cli --protocol P --config-template examples/agents/opencode.json.template \
#     --scenario fixtures/scenarios/bash-echo.yaml -- sh examples/agents/opencode-run.sh
#
# Reads what correx gate sets: CORREX_RUN_DIR, CORREX_CONFIG, CORREX_PROTOCOL, CORREX_MODEL,
# CORREX_PROMPT, CORREX_WORKSPACE. OPENCODE_BIN names the binary.
set -eu
: "${OPENCODE_BIN:?set OPENCODE_BIN to the opencode binary}"
case "$OPENCODE_BIN" in /*) ;; */*) echo "$(basename "$0"): OPENCODE_BIN must be an absolute path or a name on PATH, got $OPENCODE_BIN (the driver runs in the scenario's workspace; write OPENCODE_BIN=\$PWD/$OPENCODE_BIN)" >&2; exit 2 ;; esac
case "$OPENCODE_BIN" in /*) [ -x "$OPENCODE_BIN" ] || { echo "$(basename "$0"): no opencode binary at $OPENCODE_BIN (set OPENCODE_BIN to the opencode binary)" >&2; exit 2; } ;; esac
case "$CORREX_PROTOCOL" in
  openai-chat) provider=fake-openai-compatible ;;
  anthropic-messages) provider=fake-anthropic ;;
  google-gemini) provider=fake-google ;;
  openai-responses) provider=fake-openai ;;
  *) echo "opencode-run.sh: no provider for $CORREX_PROTOCOL" >&2; exit 2 ;;
esac
mkdir -p "$CORREX_RUN_DIR/home" "$CORREX_RUN_DIR/xdg/config" "$CORREX_RUN_DIR/xdg/data" "$CORREX_RUN_DIR/xdg/cache" "$CORREX_RUN_DIR/xdg/state"
# The rendered config plus the scenario's MCP servers (CORREX_MCP_SERVERS), if any, as `mcp`.
cp "$CORREX_CONFIG" "$CORREX_RUN_DIR/xdg/config/opencode-run.json"
if [ -n "${CORREX_MCP_SERVERS:-}" ]; then node "$(dirname "$0")/mcp-config.mjs" opencode "$CORREX_RUN_DIR/xdg/config/opencode-run.json"; fi
cd "$CORREX_WORKSPACE"
exec env -i \
  PATH="$PATH" \
  PWD="$CORREX_WORKSPACE" \
  HOME="$CORREX_RUN_DIR/home" \
  XDG_CONFIG_HOME="$CORREX_RUN_DIR/xdg/config" \
  XDG_DATA_HOME="$CORREX_RUN_DIR/xdg/data" \
  XDG_CACHE_HOME="$CORREX_RUN_DIR/xdg/cache" \
  XDG_STATE_HOME="$CORREX_RUN_DIR/xdg/state" \
  OPENCODE_CONFIG="$CORREX_RUN_DIR/xdg/config/opencode-run.json" \
  OPENCODE_DISABLE_AUTOUPDATE=1 \
  OPENCODE_DISABLE_MODELS_FETCH=1 \
  OPENCODE_DISABLE_SHARE=1 \
  OPENCODE_DISABLE_LSP_DOWNLOAD=1 \
  OPENCODE_DISABLE_DEFAULT_PLUGINS=1 \
  "$OPENCODE_BIN" run --model "$provider/$CORREX_MODEL" --title "correx gate" "$CORREX_PROMPT"
