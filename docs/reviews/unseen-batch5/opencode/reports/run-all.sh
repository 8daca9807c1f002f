#!/bin/sh
cd /work/wt-judge-opencode5
D=docs/reviews/unseen-batch5/opencode
export OPENCODE_BIN=$PWD/node_modules/.cache/correx-opencode/node_modules/opencode-linux-x64/bin/opencode
run() { tag=$1; prof=$2; proto=$3; shift 3
  if [ $prof = opencode-cli ]; then tpl=examples/agents/opencode.json.template; drv="sh examples/agents/opencode-run.sh"; else tpl=examples/agents/opencode-serve.json.template; drv="node examples/agents/opencode-serve.mjs"; fi
  sc=""; for s in "$@"; do sc="$sc --scenario $D/opencode-unseen5-$s.yaml"; done
  echo "=== $tag start $(date +%T)"
  unshare -n sh -c "ip link set lo up && npx correx gate --profile $prof --protocol $proto --config-template $tpl --jobs 2 --max-unsupported 100% --keep --work-dir /tmp/judge-oc5/work-$tag $sc --reporter pretty --reporter json=/tmp/judge-oc5/$tag.jsonl -- $drv" > /tmp/judge-oc5/$tag.out 2>&1
  echo "=== $tag exit $? $(date +%T)"
}
run cli-chat opencode-cli openai-chat cli-permissions cli-media
run cli-anth opencode-cli anthropic-messages cli-task cli-symlinks
run cli-gem opencode-cli google-gemini cli-bash-workdir cli-webfetch
run cli-resp opencode-cli openai-responses cli-instructions cli-faults
run core-chat opencode-core openai-chat core-permissions core-media-instructions
run core-anth opencode-core anthropic-messages core-symlinks core-task-webfetch
run core-resp opencode-core openai-responses core-bash core-faults-rules
