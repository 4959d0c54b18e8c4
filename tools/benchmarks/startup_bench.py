#!/usr/bin/env python3
"""Start-up: `pdftext` on a one-page file and `pdftext --version`, side by side with mutool
and pdftotext, in one run with the tools alternated.

    tools/benchmarks/startup_bench.py [--pdftext PATH] [--file PDF] [--repeat N] [--no-taskset]
                                      [--instructions]

What is timed (standard output and error thrown away):
  text      ours: pdftext FILE /dev/null        mutool: mutool draw -q -F txt -o /dev/null FILE
            pdftotext: pdftotext -q FILE /dev/null
  version   ours: pdftext --version             mutool: mutool -v      pdftotext: pdftotext -v
FILE defaults to Corpus/text/arabic-libreoffice.pdf (one page, embedded fonts, ToUnicode). Each
command runs --repeat times (default 21), the tools in rotated order each round, under
`taskset -c 0` when it exists (one core, as a pipeline running one process per file pays it).
The table gives the median wall time and the median CPU time (user + system) per process, and
ours / mutool. With --instructions each command also runs once under
`valgrind --tool=callgrind` (on a copy of our binary stripped of debug info, which valgrind
cannot read here): instruction counts repeat exactly on a noisy machine.
The release binary with the Swift runtime linked statically starts fastest:
`swift build -c release --static-swift-stdlib` (README, Install).
"""
import argparse, os, resource, shutil, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def run_once(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, r.returncode


def instructions(cmd):
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in r.stderr.splitlines():
        if "Collected" in line:
            return int(line.split(":")[-1].strip())
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pdftext", default=os.path.join(ROOT, ".build", "release", "pdftext"))
    ap.add_argument("--file", default=os.path.join(ROOT, "Corpus", "text", "arabic-libreoffice.pdf"))
    ap.add_argument("--repeat", type=int, default=21)
    ap.add_argument("--no-taskset", action="store_true")
    ap.add_argument("--instructions", action="store_true")
    a = ap.parse_args()
    if a.repeat < 1:
        sys.exit("startup_bench: --repeat must be at least 1")
    for path, what in ((a.pdftext, "pdftext binary"), (a.file, "file")):
        if not os.path.isfile(path):
            sys.exit(f"startup_bench: {path}: no such {what} (build with `swift build -c release`)")
    missing = [t for t in ("mutool", "pdftotext") if shutil.which(t) is None]
    if missing:
        sys.exit("startup_bench: not installed: " + ", ".join(missing) + " (apt-get install mupdf-tools poppler-utils)")
    prefix = [] if a.no_taskset or shutil.which("taskset") is None else ["taskset", "-c", "0"]
    f = a.file
    cases = {
        "text": {"ours": [a.pdftext, f, "/dev/null"], "mutool": ["mutool", "draw", "-q", "-F", "txt", "-o", "/dev/null", f],
                 "pdftotext": ["pdftotext", "-q", f, "/dev/null"]},
        "version": {"ours": [a.pdftext, "--version"], "mutool": ["mutool", "-v"], "pdftotext": ["pdftotext", "-v"]},
    }
    times = {(c, t): [] for c in cases for t in cases[c]}
    failed = set()
    tools = ["ours", "mutool", "pdftotext"]
    for r in range(a.repeat):
        order = tools[r % 3:] + tools[:r % 3]
        for c in cases:
            for t in order:
                wall, cpu, code = run_once(prefix + cases[c][t])
                if code != 0 and c == "text":
                    failed.add((c, t))
                times[(c, t)].append((wall, cpu))
    counts = {}
    if a.instructions:
        if shutil.which("valgrind") is None:
            sys.exit("startup_bench: --instructions needs valgrind")
        with tempfile.TemporaryDirectory() as tmp:
            stripped = os.path.join(tmp, "pdftext")
            subprocess.run(["strip", "--strip-debug", "-o", stripped, a.pdftext], check=True)
            for c in cases:
                for t in tools:
                    cmd = list(cases[c][t])
                    if t == "ours":
                        cmd[0] = stripped
                    counts[(c, t)] = instructions(cmd)
    print(f"start-up: {os.path.relpath(f, ROOT)}, {a.repeat} alternated runs{', one core (taskset -c 0)' if prefix else ''}")
    head = f"{'case':<8} {'tool':<10} {'wall ms':>8} {'cpu ms':>8}" + (f" {'instructions':>13}" if counts else "") + f" {'ours / tool (wall)':>19}"
    print(head)
    for c in cases:
        ours_wall = statistics.median(w for w, _ in times[(c, "ours")])
        for t in tools:
            wall = statistics.median(w for w, _ in times[(c, t)])
            cpu = statistics.median(p for _, p in times[(c, t)])
            line = f"{c:<8} {t:<10} {wall * 1000:8.1f} {cpu * 1000:8.1f}"
            if counts:
                n = counts.get((c, t))
                line += f" {n:13,}" if n is not None else f" {'?':>13}"
            line += f" {ours_wall / wall:19.2f}" if t != "ours" else f" {'':>19}"
            if (c, t) in failed:
                line += "  (failed)"
            print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
