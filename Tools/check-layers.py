#!/usr/bin/env python3
"""The layers check (`make lint`): every module a Swift file imports is one its target declares in
Package.swift (directly), or a module of the toolchain or the system. A build can find an undeclared module of
the same package that happens to be built already, so an import that crosses the layers upwards
(docs/architecture.md) would go unnoticed until a clean build of one product failed."""
import json
import os
import re
import subprocess
import sys

TOOLCHAIN = {
    "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Dispatch", "Synchronization",
    "XCTest", "Glibc", "Darwin", "Musl", "Android", "_Concurrency", "Observation", "os",
}


def main() -> int:
    repository = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    described = subprocess.run(
        [os.environ.get("SWIFT", "swift"), "package", "--package-path", repository, "describe", "--type", "json"],
        check=True, capture_output=True, text=True).stdout
    package = json.loads(described)
    targets = {target["name"]: target for target in package["targets"]}
    module_of = {target["name"]: target["c99name"] for target in package["targets"]}
    ours = set(module_of.values())
    problems = []
    files = 0
    for name, target in sorted(targets.items()):
        allowed = {module_of.get(dependency, dependency) for dependency in target.get("target_dependencies", [])}
        allowed.add(target["c99name"])
        folder = os.path.join(repository, target["path"])
        for source in target.get("sources", []):
            if not source.endswith(".swift"):
                continue
            files += 1
            path = os.path.join(folder, source)
            with open(path, encoding="utf-8") as handle:
                for number, line in enumerate(handle, 1):
                    match = re.match(r"^\s*(?:@testable\s+|@_implementationOnly\s+)?import\s+(?:\w+\s+)?(\w+)", line)
                    if not match:
                        continue
                    module = match.group(1)
                    if module in allowed or module in TOOLCHAIN:
                        continue
                    if module in ours:
                        problems.append(
                            f"{os.path.relpath(path, repository)}:{number}: imports {module}, which {name} does not "
                            f"depend on in Package.swift (docs/architecture.md: a target uses only the layers below)")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"{len(problems)} import(s) across the layers", file=sys.stderr)
        return 1
    print(f"layers: {files} Swift files in {len(targets)} targets import only what their target depends on")
    return 0


if __name__ == "__main__":
    sys.exit(main())
