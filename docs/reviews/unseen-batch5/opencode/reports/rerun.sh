#!/bin/sh
cd /work/wt-judge-opencode5
D=docs/reviews/unseen-batch5/opencode
export OPENCODE_BIN=$PWD/node_modules/.cache/correx-opencode/node_modules/opencode-linux-x64/bin/opencode
echo "=== rerun-cli start $(date +%T)"
unshare -n sh -c "ip link set lo up && npx correx gate --profile opencode-cli --protocol openai-responses --config-template examples/agents/opencode.json.template --jobs 2 --max-unsupported 100% --keep --work-dir /tmp/judge-oc5/work-rerun-cli --scenario $D/opencode-unseen5-cli-faults.yaml --scenario $D/opencode-unseen5-cli-instructions.yaml --reporter pretty --reporter json=/tmp/judge-oc5/rerun-cli-resp.jsonl -- sh examples/agents/opencode-run.sh" > /tmp/judge-oc5/rerun-cli-resp.out 2>&1
echo "=== rerun-cli exit $? $(date +%T)"
unshare -n sh -c "ip link set lo up && npx correx gate --profile opencode-core --protocol openai-responses --config-template examples/agents/opencode-serve.json.template --jobs 2 --max-unsupported 100% --keep --work-dir /tmp/judge-oc5/work-rerun-core --scenario $D/opencode-unseen5-core-faults-rules.yaml --reporter pretty --reporter json=/tmp/judge-oc5/rerun-core-resp.jsonl -- node examples/agents/opencode-serve.mjs" > /tmp/judge-oc5/rerun-core-resp.out 2>&1
echo "=== rerun-core exit $? $(date +%T)"
