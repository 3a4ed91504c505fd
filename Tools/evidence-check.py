#!/usr/bin/env python3
"""Checks what PayDrill writes to share a run with readers that are not PayDrill's own.

  evidence-check.py cast CAST SCREEN [ANSI] [--never REGEX]
                                              replays the cast's output events (asciicast v2) through pyte, an
                                              independent terminal emulator, at the header's size, and
                                              compares its final screen with SCREEN (`play --screen`'s text)
                                              cell by cell; with ANSI (a screenshot's .ans of the same
                                              screen, replayed the same way), each cell's colours and
                                              attributes too; with --never, no row of the screen after any
                                              event matches REGEX (a secret never shown, even for a frame)
  evidence-check.py borders PNG COLOR BACKGROUND MIN
                                              the longest unbroken vertical run of COLOR (#rrggbb) pixels in
                                              any column of PNG is at least MIN pixels (a frame's border
                                              drawn without gaps between rows); a pixel counts when it is
                                              nearer COLOR than half the way to BACKGROUND; PNG read with
                                              zlib alone

The tests (Tests/EndToEndTests/ShareEndToEndTests.swift) run it with the python3 that `make deps` installs
pyte into. Exits 0 when all holds, 1 with one line per problem, 3 when pyte is missing.
"""

import json
import re
import struct
import sys
import zlib


def emulator():
    try:
        import pyte
    except ImportError:
        print("evidence-check.py: the PyPI package pyte is missing (make deps installs it)", file=sys.stderr)
        sys.exit(3)
    return pyte


def replay(pyte, data, columns, lines):
    screen = pyte.Screen(columns, lines)
    stream = pyte.Stream(screen)
    stream.feed(data)
    return screen


def expected_cells(wcwidth, text, columns, lines):
    """The cells of a plain screen text: each character in its column, the right half of a wide one empty."""
    rows = text.split("\n")
    if rows and rows[-1] == "":
        rows.pop()
    cells = []
    for row in rows[:lines]:
        cell_row = []
        for character in row:
            width = max(1, wcwidth(character))
            cell_row.append(character)
            if width == 2:
                cell_row.append("")
        cell_row += [" "] * (columns - len(cell_row))
        cells.append(cell_row[:columns])
    while len(cells) < lines:
        cells.append([" "] * columns)
    return cells


def cast(arguments):
    pyte = emulator()
    from wcwidth import wcwidth

    never = None
    if "--never" in arguments:
        at = arguments.index("--never")
        never = re.compile(arguments[at + 1])
        arguments = arguments[:at] + arguments[at + 2:]
    cast_path, screen_path = arguments[0], arguments[1]
    with open(cast_path, encoding="utf-8") as handle:
        header = json.loads(handle.readline())
        events = [json.loads(line) for line in handle if line.strip()]
    problems = []
    if header.get("version") != 2:
        problems.append(f"{cast_path}: header version {header.get('version')!r}, not 2")
    columns, lines = header["width"], header["height"]
    times = [event[0] for event in events]
    if times != sorted(times):
        problems.append(f"{cast_path}: event times go back")
    output = "".join(event[2] for event in events if event[1] == "o")
    seen = pyte.Screen(columns, lines)
    stream = pyte.Stream(seen)
    for event in events:
        if event[1] != "o":
            continue
        stream.feed(event[2])
        for row in seen.display if never else []:
            if never.search(row):
                problems.append(f"{cast_path}: at {event[0]} s the screen shows {row.strip()!r}, which matches {never.pattern!r}")
                never = None
                break
    with open(screen_path, encoding="utf-8") as handle:
        expected = expected_cells(wcwidth, handle.read(), columns, lines)
    for y in range(lines):
        for x in range(columns):
            cell = seen.buffer[y][x].data
            if cell != expected[y][x]:
                problems.append(
                    f"row {y + 1}, column {x + 1}: {screen_path} has {expected[y][x]!r}, the cast ends on {cell!r}"
                    f" (row: {''.join(c.data for c in seen.buffer[y].values())!r})")
                break
    if len(arguments) > 2:
        with open(arguments[2], encoding="utf-8") as handle:
            # Each row ends with a newline: the last one would scroll the screen by a row.
            ansi = replay(pyte, handle.read().rstrip("\n").replace("\n", "\r\n"), columns, lines)
        for y in range(lines):
            for x in range(columns):
                mine, theirs = seen.buffer[y][x], ansi.buffer[y][x]
                pick = lambda cell: (cell.data, cell.fg, cell.bg, cell.bold, cell.reverse, cell.underscore)
                if pick(mine) != pick(theirs):
                    problems.append(
                        f"row {y + 1}, column {x + 1}: the screenshot's .ans has {pick(theirs)}, the cast "
                        f"ends on {pick(mine)}")
                    break
    for problem in problems[:20]:
        print(problem)
    print(f"{len(events)} events, {len(output)} characters of output, {columns}x{lines}")
    return 1 if problems else 0


def png_pixels(path):
    """Width, height and rows of (r, g, b) of an 8-bit RGB or RGBA PNG, not interlaced."""
    with open(path, "rb") as handle:
        data = handle.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG")
    offset, chunks, header = 8, [], None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        offset += 12 + length
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        raise ValueError(f"{path}: depth {depth}, colour type {color}, interlace {interlace} not read here")
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                guess = left + up - corner
                near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - corner), 2, corner))
                line[i] = (line[i] + near[2]) & 0xFF
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        previous = line
    return width, height, rows


def borders(arguments):
    path, color, background, minimum = arguments[0], arguments[1], arguments[2], int(arguments[3])
    parse = lambda text: tuple(int(text.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
    ink, paper = parse(color), parse(background)
    distance = lambda a, b: sum((p - q) ** 2 for p, q in zip(a, b))
    width, height, rows = png_pixels(path)
    best = (0, 0, 0)
    for x in range(width):
        run = 0
        for y in range(height):
            pixel = rows[y][x]
            # Nearer the ink than half the way to the paper (a glyph's edge, blended, still counts).
            if 4 * distance(pixel, ink) < distance(ink, paper):
                run += 1
                if run > best[0]:
                    best = (run, x, y - run + 1)
            else:
                run = 0
    print(f"{path}: {width}x{height}; the longest run of {color} is {best[0]} pixels, column {best[1]} from row {best[2]}")
    if best[0] < minimum:
        print(f"{path}: no column has {minimum} pixels of {color} in a row: the border is broken between rows")
        return 1
    return 0


def main():
    commands = {"cast": (cast, 2), "borders": (borders, 4)}
    if len(sys.argv) < 2 or sys.argv[1] not in commands or len(sys.argv) - 2 < commands[sys.argv[1]][1]:
        print(__doc__, file=sys.stderr)
        return 2
    command, _ = commands[sys.argv[1]]
    return command(sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
