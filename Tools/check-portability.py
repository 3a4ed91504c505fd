#!/usr/bin/env python3
"""The portability check (`make lint`): every difference between Linux and macOS lives in Sources/Platform.

Outside that folder, a Swift file may not name what only glibc or Linux has (`import Glibc`, `Glibc.`, a path
under /proc or /dev/pts, glibc's spellings of posix_spawn's types and socket constants, `poll` on a
descriptor, which Darwin answers with POLLNVAL for terminals, ...), nor a C shim include a Linux-only header,
unless the line sits in an `#if canImport(Glibc)`, `#if os(Linux)` or `#ifdef __linux__` branch that has a
Darwin alternative (`#elseif canImport(Darwin)`, `#elseif os(macOS)`, `__APPLE__` or `#else`), or in the
`#else` of a Darwin branch. Whole-line comments are not code and are not read.

    python3 Tools/check-portability.py             # the tree; exit 1 and one line a finding when any
    python3 Tools/check-portability.py FILE...     # those files
    python3 Tools/check-portability.py --self-test # the rules on examples that must and must not pass
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
PLATFORM = ROOT / "Sources" / "Platform"
SCANNED = ["Sources", "Tests", "Plugins"]

# What only glibc or Linux has, and what to use instead.
LINUX_ONLY = [
    (re.compile(r"\bimport\s+Glibc\b"), "import Glibc (Foundation brings the C library on both systems)"),
    (re.compile(r"\bGlibc\."), "a name qualified with Glibc."),
    (re.compile(r"/proc\b"), "a /proc path (Darwin has none: ProcessStatistics)"),
    (re.compile(r"/dev/pts\b"), "a /dev/pts path (ttyname gives a terminal's path on both)"),
    (re.compile(r"\bposix_spawn(attr|_file_actions)_t\s*\(\s*\)"), "glibc's posix_spawn types (ChildSpawn)"),
    (re.compile(r"\bposix_spawn\s*\("), "posix_spawn itself (ChildSpawn)"),
    (re.compile(r"\bSOCK_[A-Z]+\.rawValue\b"), "glibc's socket-type enum (LoopbackSocket)"),
    (re.compile(r"\bMSG_NOSIGNAL\b"), "MSG_NOSIGNAL (Darwin: SO_NOSIGPIPE; LoopbackSocket)"),
    (re.compile(r"\b(pollfd|POLLNVAL)\b"), "poll(2), which answers POLLNVAL for terminals on Darwin (DescriptorWait)"),
    (re.compile(r"\b(epoll_\w+|inotify_\w+|signalfd|eventfd|memfd_create|pipe2|dup3|accept4)\s*\("), "a Linux-only call"),
    (re.compile(r"\b(prctl|PR_SET_\w+|SOCK_CLOEXEC|SOCK_NONBLOCK|O_PATH|__errno_location|get_nprocs)\b"), "a Linux-only name"),
    (re.compile(r"\b(malloc_info|mallinfo2?|malloc_trim|gnu_get_libc_version)\b"), "a glibc-only function"),
]

# In the C shims: headers only Linux has.
LINUX_ONLY_C = [
    (re.compile(r"#\s*include\s*<(linux/|sys/(epoll|inotify|signalfd|eventfd|prctl|sysinfo|sysmacros)\.h|malloc\.h|pty\.h|"
                r"features\.h|gnu/)"), "a Linux-only header (Darwin: util.h for openpty, malloc/malloc.h)"),
    (re.compile(r"/proc\b"), "a /proc path"),
]

LINUX_CONDITION = re.compile(r"canImport\(Glibc\)|os\(Linux\)|__linux__|__GLIBC__")
DARWIN_CONDITION = re.compile(r"canImport\(Darwin\)|os\((macOS|iOS)\)|__APPLE__")


def linux_lines(lines):
    """The indexes of the lines that sit in a Linux branch with a Darwin alternative."""
    chains = []  # each: list of (kind, condition, start index); closed at #endif
    stack = []
    covered = set()
    for index, line in enumerate(lines):
        text = re.sub(r"^#\s+", "#", line.strip())
        if re.match(r"#(if|ifdef|ifndef)\b", text):
            condition = text.split(None, 1)[1] if " " in text else ""
            if text.startswith("#ifndef"):
                condition = "!" + condition
            stack.append({"branches": [("if", condition, index)], "end": None})
        elif re.match(r"#(elseif|elif)\b", text) and stack:
            stack[-1]["branches"].append(("elseif", text.split(None, 1)[1] if " " in text else "", index))
        elif text.startswith("#else") and stack:
            stack[-1]["branches"].append(("else", "", index))
        elif text.startswith("#endif") and stack:
            chain = stack.pop()
            chain["end"] = index
            chains.append(chain)
    for chain in chains:
        branches = chain["branches"]
        has_darwin = any(DARWIN_CONDITION.search(cond) or kind == "else" for kind, cond, _ in branches[1:]) or any(
            DARWIN_CONDITION.search(cond) for kind, cond, _ in branches
        )
        for position, (kind, condition, start) in enumerate(branches):
            end = branches[position + 1][2] if position + 1 < len(branches) else chain["end"]
            earlier_darwin = any(DARWIN_CONDITION.search(c) for _, c, _ in branches[:position])
            linux = LINUX_CONDITION.search(condition) or (kind == "else" and earlier_darwin)
            if linux and has_darwin and len(branches) > 1:
                covered.update(range(start + 1, end))
    return covered


def findings(path, text):
    lines = text.split("\n")
    covered = linux_lines(lines)
    rules = LINUX_ONLY_C if str(path).endswith((".h", ".c")) else LINUX_ONLY
    found = []
    for index, line in enumerate(lines):
        if line.strip().startswith(("//", "/*", "*")) or index in covered:
            continue
        for pattern, what in rules:
            if pattern.search(line):
                found.append(f"{path}:{index + 1}: {what}, outside Sources/Platform and not in a Linux branch "
                             f"with a Darwin alternative: {line.strip()}")
                break
    return found


def scanned_files():
    for folder in SCANNED:
        for pattern in ("*.swift", "*.h", "*.c"):
            for path in sorted((ROOT / folder).rglob(pattern)):
                if PLATFORM not in path.parents:
                    yield path


def self_test():
    must_fail = {
        "plain import": "import Glibc\n",
        "import without a Darwin branch": "#if canImport(Glibc)\n  import Glibc\n#endif\n",
        "a /proc read": 'let s = try String(contentsOfFile: "/proc/self/status")\n',
        "glibc's spawn types": "var actions = posix_spawn_file_actions_t()\n",
        "poll on a terminal": "var d = pollfd(fd: 0, events: 1, revents: 0)\n",
        "MSG_NOSIGNAL under a Darwin branch's #if": "#if canImport(Darwin)\nsend(s, b, n, MSG_NOSIGNAL)\n#else\nx()\n#endif\n",
        "shim.h": "#include <pty.h>\n",
        "a Linux header only for Linux.h": "#ifdef __linux__\n#include <sys/epoll.h>\n#endif\n",
    }
    must_pass = {
        "import with a Darwin branch": "#if canImport(Glibc)\n  import Glibc\n#elseif canImport(Darwin)\n  import Darwin\n#endif\n",
        "Linux in the #else of Darwin": "#if canImport(Darwin)\n  f(0)\n#else\n  f(Int32(MSG_NOSIGNAL))\n#endif\n",
        "a comment": "/// Reads /proc/self/statm on Linux.\n",
        "nested": "#if os(Linux)\n#if DEBUG\nlet p = \"/proc/self\"\n#endif\n#else\nlet p = \"\"\n#endif\n",
        "each system its header.h": "#ifdef __APPLE__\n#include <util.h>\n#else\n#include <pty.h>\n#endif\n",
        "a C comment.h": "/* pty.h on Linux: #include <pty.h> */\n",
    }
    failures = []
    for name, text in must_fail.items():
        if not findings(name, text):
            failures.append(f"self-test: '{name}' should be a finding")
    for name, text in must_pass.items():
        if found := findings(name, text):
            failures.append(f"self-test: '{name}' should pass: {found}")
    for failure in failures:
        print(failure, file=sys.stderr)
    return 1 if failures else 0


def main(arguments):
    if arguments == ["--self-test"]:
        return self_test()
    paths = [pathlib.Path(a) for a in arguments] if arguments else list(scanned_files())
    found = []
    for path in paths:
        found += findings(path.relative_to(ROOT) if path.is_absolute() else path, path.read_text(encoding="utf-8"))
    for line in found:
        print(line, file=sys.stderr)
    if found:
        print(f"{len(found)} platform difference(s) outside Sources/Platform (docs/guides/macos.md)", file=sys.stderr)
        return 1
    print(f"portability: {len(paths)} Swift and C files, no Linux-only name outside Sources/Platform")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
