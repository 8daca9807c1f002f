#!/bin/sh
cd /work/wt-judge-opencode5
P=docs/reviews/unseen-batch5/opencode/probes
export OPENCODE_BIN=$PWD/node_modules/.cache/correx-opencode/node_modules/opencode-linux-x64/bin/opencode
echo "=== p1 $(date +%T)"
unshare -n sh -c "ip link set lo up && npx correx gate --profile opencode-cli --protocol openai-chat --config-template examples/agents/opencode.json.template --jobs 1 --max-unsupported 100% --scenario $P/probe-v1-instruction-claims.yaml --reporter pretty --reporter json=/tmp/judge-oc5/probe-v1.jsonl -- sh examples/agents/opencode-run.sh" > /tmp/judge-oc5/probe-v1.out 2>&1
echo "=== p2 $(date +%T)"
unshare -n sh -c "ip link set lo up && npx correx gate --profile opencode-core --protocol anthropic-messages --protocol openai-responses --config-template examples/agents/opencode-serve.json.template --jobs 2 --max-unsupported 100% --scenario $P/probe-v2-instruction-reads.yaml --reporter pretty --reporter json=/tmp/judge-oc5/probe-v2.jsonl -- node examples/agents/opencode-serve.mjs" > /tmp/judge-oc5/probe-v2.out 2>&1
echo "=== done $(date +%T)"
