#!/bin/sh
# Drives the real Codex CLI for `correx gate` (profile codex-cli, protocol openai-responses): a
# CODEX_HOME and HOME of its own under the run directory (not under the temp dir: codex refuses to
# create its helper binaries there), the rendered config.toml in CODEX_HOME, then one
# `codex exec` with the prompt, ephemeral, with no sandbox and no approvals.
#
#   correx gate --profile codex-cli --protocol openai-responses \
#     --config-template examples/agents/codex-config.toml.template \
#     --scenario fixtures/scenarios/codex-exec-echo.yaml -- sh examples/agents/codex-exec.sh
#
# Reads what correx gate sets: CORREX_RUN_DIR, CORREX_CONFIG, CORREX_BASE_URL, CORREX_MODEL,
# CORREX_PROMPT, CORREX_WORKSPACE. CODEX_BIN names the binary (the vendored native one, or the
# npm launcher bin/codex.js).
set -eu
: "${CODEX_BIN:?set CODEX_BIN to the codex binary}"
case "$CODEX_BIN" in /*) ;; */*) echo "$(basename "$0"): CODEX_BIN must be an absolute path or a name on PATH, got $CODEX_BIN (the driver runs in the scenario's workspace; write CODEX_BIN=\$PWD/$CODEX_BIN)" >&2; exit 2 ;; esac
codex_home="$CORREX_RUN_DIR/codex-home"
mkdir -p "$CORREX_RUN_DIR/home" "$codex_home"
cp "$CORREX_CONFIG" "$codex_home/config.toml"
# The scenario's MCP servers (CORREX_MCP_SERVERS), if any, as [mcp_servers.NAME] tables.
if [ -n "${CORREX_MCP_SERVERS:-}" ]; then node "$(dirname "$0")/mcp-config.mjs" codex "$codex_home/config.toml"; fi
cd "$CORREX_WORKSPACE"
exec env -i \
  PATH="$PATH" \
  PWD="$CORREX_WORKSPACE" \
  HOME="$CORREX_RUN_DIR/home" \
  CODEX_HOME="$codex_home" \
  FAKE_API_KEY=correx-fake-key \
  "$CODEX_BIN" exec --skip-git-repo-check --ephemeral --dangerously-bypass-approvals-and-sandbox \
  --color never --json -c "model_providers.fake.base_url=\"$CORREX_BASE_URL/v1\"" -m "$CORREX_MODEL" \
  "$CORREX_PROMPT" </dev/null
