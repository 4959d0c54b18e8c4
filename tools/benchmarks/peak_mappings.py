#!/usr/bin/env python3
"""Where a process's peak resident memory is: samples /proc/PID/smaps while a command runs and
prints, for the sample with the largest total, the resident kilobytes of each mapping (the
binary's code, data and read-only segments, each shared library, the heap and anonymous
memory). Linux only.

    tools/benchmarks/peak_mappings.py [--interval S] [--top N] -- COMMAND [ARGS...]

For example, ours against MuPDF on one core:

    tools/benchmarks/peak_mappings.py -- taskset -c 0 .build/release/pdftext FILE /dev/null
    tools/benchmarks/peak_mappings.py -- taskset -c 0 mutool draw -q -F txt -o /dev/null FILE

The sampling can miss a peak shorter than the interval (default 5 ms); GNU time's %M gives the
exact peak total. docs/PERFORMANCE.md ("Where the rest goes") was measured this way: code the
kernel maps 64 KB around each page touched, relocated data, libraries mutool does not load.
"""
import argparse, collections, os, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wrapped_command import add_command_argument, wrapped_command  # noqa: E402


def sample(pid):
    """Resident KB by (mapping, permissions), or None when the process is gone."""
    try:
        with open(f"/proc/{pid}/smaps") as f:
            text = f.read()
    except OSError:
        return None
    resident = collections.Counter()
    name = None
    for line in text.splitlines():
        parts = line.split()
        if not parts:
            continue
        if "-" in parts[0] and not parts[0].endswith(":") and len(parts) >= 5:
            name = (parts[5] if len(parts) > 5 else "[anonymous]") + " " + parts[1]
        elif parts[0] == "Rss:" and name is not None:
            resident[name] += int(parts[1])
    return resident


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--interval", type=float, default=0.005, help="seconds between samples")
    ap.add_argument("--top", type=int, default=25, help="mappings listed")
    add_command_argument(ap)
    a = ap.parse_args()
    command = wrapped_command(ap, a)
    if not os.path.exists("/proc/self/smaps"):
        sys.exit("peak_mappings: needs Linux's /proc/PID/smaps")
    p = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    best, best_total = collections.Counter(), 0
    while p.poll() is None:
        s = sample(p.pid)
        if s is None:
            break
        total = sum(s.values())
        if total > best_total:
            best, best_total = s, total
        time.sleep(a.interval)
    print(f"peak sampled: {best_total} KB resident (exit {p.wait()})")
    for mapping, kb in best.most_common(a.top):
        print(f"{kb:8d} KB  {mapping}")


if __name__ == "__main__":
    main()
