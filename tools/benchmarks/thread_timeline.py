#!/usr/bin/env python3
"""What each thread of a pdftext run does over time: samples the run with `perf record` and
prints, per time slice, the phase each thread was in (by the functions on its stack) and how
many samples it had. Idle workers show as blank cells, so that the serial parts of a run on
several cores (loading, opening the document, reading the structure tree) stand out.

    tools/benchmarks/thread_timeline.py [--slice MS] [--frequency HZ] -- COMMAND [ARGS...]

For example, the Chromium manual on two workers:

    tools/benchmarks/thread_timeline.py -- .build/release/pdftext -j 2 chromium.pdf /dev/null

A cell reads `phase count`: `STRUCT` (the structure tree), `FURN` (pages sampled for running
headers), `extract` (content interpretation), `layout`, `open`, `loader`, or `other:` with
the innermost function. A full cell has about SLICE × FREQUENCY / 1000 samples. Needs `perf`
(Debian: linux-perf) and a kernel that lets it sample (perf_event_paranoid <= 2). perf's
sampling slows the run; the shape, not the times, is what it shows. docs/PERFORMANCE.md
(sixth round) found the workers idle while a tagged document's tree was read this way.
"""
import argparse, collections, os, re, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wrapped_command import add_command_argument, wrapped_command  # noqa: E402

# Phases by a function name on the stack, the first match winning (outermost concerns first).
PHASES = [("StructureOrder", "STRUCT"), ("withRunningFurniture", "FURN"), ("analyzeLayout", "layout"),
          ("PageExtractor", "extract"), ("TextExtractor", "page"), ("Document", "open"),
          ("ObjectStore", "store"), ("ByteWriter", "write"), ("_dl_", "loader"), ("dl_main", "loader")]


def phase(stack):
    joined = " ".join(stack)
    for key, name in PHASES:
        if key in joined:
            return name
    return "other:" + (stack[0][:12] if stack else "?")


def samples(data):
    """(thread id, time in seconds, stack of function names, innermost first)."""
    out = subprocess.run(["perf", "script", "-i", data, "-F", "tid,time,ip,sym"],
                         capture_output=True, text=True).stdout
    current = None
    for line in out.splitlines():
        if not line.strip():
            if current:
                yield current
            current = None
            continue
        m = re.match(r"\s*(\d+)\s+([\d.]+):\s*$", line)
        if m:
            current = (int(m.group(1)), float(m.group(2)), [])
        elif current is not None:
            current[2].append(line.strip().split(" ", 1)[-1])
    if current:
        yield current


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--slice", type=float, default=5, help="milliseconds per row (default 5)")
    ap.add_argument("--frequency", type=int, default=5000, help="samples per second (default 5000)")
    add_command_argument(ap)
    args = ap.parse_args()
    command = wrapped_command(ap, args)
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "perf.data")
        r = subprocess.run(["perf", "record", "-F", str(args.frequency), "-g", "-o", data, "--"] + command,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if not os.path.exists(data):
            sys.exit(f"thread_timeline: perf record failed: {r.stderr.strip().splitlines()[-1:] or r.returncode}")
        found = list(samples(data))
    if not found:
        sys.exit("thread_timeline: no samples (is perf allowed to sample? see perf_event_paranoid)")
    start = min(t for _, t, _ in found)
    rows = collections.defaultdict(lambda: collections.defaultdict(collections.Counter))
    for tid, t, stack in found:
        rows[int((t - start) * 1000 / args.slice)][tid][phase(stack)] += 1
    threads = sorted({tid for tid, _, _ in found})
    print("threads (first is the main thread):", " ".join(map(str, threads)))
    for row in sorted(rows):
        cells = []
        for tid in threads:
            c = rows[row].get(tid)
            cells.append(f"{c.most_common(1)[0][0][:10]} {sum(c.values())}".ljust(14) if c else " " * 14)
        print(f"{row * args.slice:7.0f} ms | " + " | ".join(cells))


if __name__ == "__main__":
    main()
