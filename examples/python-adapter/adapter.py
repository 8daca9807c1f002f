#!/usr/bin/env python3
"""A third-party correx adapter in Python (standard library only).

It speaks the adapter protocol (one JSON request per line on stdin, one JSON response per line
on stdout) for a deliberately imperfect implementation of opencode-cli's bash tool (spec §2.1):

- it never tail-truncates long output (so over-limit cases fail),
- it crashes on an aborted command (so those cases are recorded as crashes),
- it loops forever on a timeout of 0 ms (so that case times out),
- it does not implement `truncate` or the opencode-core profile (reported as unsupported).

Run it under correx:  npx correx check --subject "cmd:python3 examples/python-adapter/adapter.py"
"""
import json
import sys

TIMEOUT_TEXT = (
    "shell tool terminated command after exceeding timeout {ms} ms. If this command is expected "
    "to take longer and is not waiting for interactive input, retry with a larger timeout value "
    "in milliseconds."
)


class Unsupported(Exception):
    pass


class InvalidRequest(Exception):
    pass


def format_bash(params):
    tool_input = params.get("input") or {}
    observation = params.get("observation") or {}
    if "error" in observation:
        return {"status": "error", "error": observation["error"]}
    if "command" not in tool_input:
        raise Unsupported("invalid-argument texts are not implemented")
    text = observation["output"] or "(no output)"
    lines = []
    if observation.get("timedOut"):
        timeout = tool_input.get("timeout", 120000)
        while timeout == 0:  # imperfection: hangs on a zero timeout
            pass
        lines.append(TIMEOUT_TEXT.format(ms=timeout))
    if observation.get("aborted"):
        raise SystemExit(70)  # imperfection: crashes on an aborted command
    if lines:
        text += "\n\n<shell_metadata>\n" + "\n".join(lines) + "\n</shell_metadata>"
    # imperfection: no tail truncation at all
    return {"status": "completed", "title": tool_input["command"], "output": text, "metadata": {"truncated": False}}


def op_hello(_params):
    return {
        "implementation": {"name": "python-example", "version": "0.1.0", "language": "python"},
        "protocolVersion": 1,
        "profiles": ["opencode-cli"],
        "ops": ["hello", "format", "bye"],
    }


def op_format(params):
    if params.get("profile") != "opencode-cli":
        raise Unsupported(f"profile {params.get('profile')} is not implemented")
    if params.get("tool") != "bash":
        raise Unsupported(f"tool {params.get('tool')} is not implemented")
    return {"result": format_bash(params)}


def op_unsupported(params):
    raise Unsupported(f"op {params.get('op')} is not implemented")


OPS = {"hello": op_hello, "format": op_format, "truncate": op_unsupported, "lower": op_unsupported}


def respond(payload):
    sys.stdout.write(json.dumps(payload, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except ValueError as error:
            respond({"id": None, "ok": False, "error": {"code": "invalid-request", "message": f"malformed JSON: {error}"}})
            continue
        request_id = request.get("id") if isinstance(request, dict) else None
        op = request.get("op") if isinstance(request, dict) else None
        if op == "bye":
            respond({"id": request_id, "ok": True, "result": {}})
            return
        handler = OPS.get(op)
        try:
            if handler is None:
                raise InvalidRequest(f"unknown op {op!r}")
            respond({"id": request_id, "ok": True, "result": handler(request)})
        except Unsupported as error:
            respond({"id": request_id, "ok": False, "error": {"code": "unsupported", "message": str(error)}})
        except InvalidRequest as error:
            respond({"id": request_id, "ok": False, "error": {"code": "invalid-request", "message": str(error)}})


if __name__ == "__main__":
    main()
