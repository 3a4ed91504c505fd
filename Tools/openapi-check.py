#!/usr/bin/env python3
"""Checks docs/reference/openapi.yaml, the description of what `paydrill serve` answers, three ways.

  openapi-check.py validate SPEC               the description is valid OpenAPI 3.1 (openapi-spec-validator)
  openapi-check.py responses SPEC RECORDS      each recorded answer (JSON lines: method, path, status, body)
                                               matches the description's schema for it (jsonschema)
  openapi-check.py fuzz SPEC URL EXAMPLES      a bounded Schemathesis run against a server at URL: no 5xx,
                                               every answer documented and matching its schema

The tests (Tests/EndToEndTests/ServeOpenAPITests.swift) run it with the same python3 that `make deps`
installed the packages into. Exits 0 when all holds, 1 with one line per problem, 3 when a package is missing.
"""

import json
import os
import re
import shutil
import sys
import tempfile


def load(spec_path):
    try:
        import yaml
    except ImportError:
        missing("PyYAML")
    with open(spec_path, encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def missing(package):
    print(f"missing Python package {package}: run make deps (python3 -m pip install {package})")
    sys.exit(3)


def validate(spec_path):
    try:
        from openapi_spec_validator import validate as check
    except ImportError:
        missing("openapi-spec-validator")
    check(load(spec_path))
    print(f"{spec_path}: valid OpenAPI {load(spec_path)['openapi']}")


def operation_for(spec, method, path):
    """The operation that answers METHOD PATH, by matching the description's path templates."""
    for template, item in spec["paths"].items():
        pattern = "^" + re.sub(r"\{[^}/]+\}", "[^/]*", template) + "$"
        if re.match(pattern, path):
            return item.get(method.lower()), template
    return None, None


def schema_for(spec, operation, status):
    """The JSON schema of a documented answer, or None when the status is not documented."""
    if operation is None:
        # No such endpoint, or another method: the answer is a refusal like any other.
        return {"$ref": "#/components/schemas/Error"} if status in (404, 405) else None
    response = operation["responses"].get(str(status)) or operation["responses"].get("default")
    if response is None:
        return None
    if "$ref" in response:
        response = spec["components"]["responses"][response["$ref"].split("/")[-1]]
    return response["content"]["application/json"]["schema"]


def check_response(spec, method, path, status, body):
    """Problems with one answer, as sentences; none when it matches."""
    try:
        import jsonschema
    except ImportError:
        missing("jsonschema")
    operation, _ = operation_for(spec, method, path)
    schema = schema_for(spec, operation, status)
    if schema is None:
        return [f"{method} {path} {status}: not a documented answer"]
    try:
        value = json.loads(body)
    except ValueError:
        return [f"{method} {path} {status}: the body is not JSON: {body[:200]!r}"]
    root = dict(schema)
    root["components"] = spec["components"]
    validator = jsonschema.Draft202012Validator(root, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
    return [f"{method} {path} {status}: {error.message} at {list(error.absolute_path)}"
            for error in validator.iter_errors(value)]


def responses(spec_path, records_path):
    spec = load(spec_path)
    problems, count = [], 0
    with open(records_path, encoding="utf-8") as handle:
        for line in handle:
            if not line.strip():
                continue
            record = json.loads(line)
            count += 1
            path = record["path"].split("?")[0]
            problems += check_response(spec, record["method"], path, record["status"], record["body"])
    for problem in problems:
        print(problem)
    if count == 0:
        print("no answers were recorded")
        return 1
    print(f"{count} answers checked against {spec_path}: {len(problems)} problems")
    return 1 if problems else 0


def fuzz(spec_path, url, examples):
    try:
        from schemathesis.cli import schemathesis
    except ImportError:
        missing("schemathesis")
    # Schemathesis keeps a cache where it runs: in a folder of its own, not the caller's tree.
    spec_path = os.path.abspath(spec_path)
    folder = tempfile.mkdtemp(prefix="paydrill-schemathesis-")
    os.chdir(folder)
    arguments = [
        "run", spec_path, "--url", url, "--max-examples", str(examples), "--seed", "25",
        "--generation-deterministic", "--no-shrink", "--workers", "1", "--phases", "examples,coverage,fuzzing",
        "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,"
        "response_headers_conformance,response_schema_conformance",
        "--request-timeout", "5", "--no-color", "--warnings", "off",
    ]
    try:
        schemathesis(arguments)
    except SystemExit as stop:
        return stop.code or 0
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


def main(arguments):
    if len(arguments) == 2 and arguments[0] == "validate":
        validate(arguments[1])
        return 0
    if len(arguments) == 3 and arguments[0] == "responses":
        return responses(arguments[1], arguments[2])
    if len(arguments) == 4 and arguments[0] == "fuzz":
        return fuzz(arguments[1], arguments[2], int(arguments[3]))
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
