#!/usr/bin/env python3
"""The four speed ratios of pdftext against MuPDF, in one run: text on one core, text on both
cores, start-up, and peak memory. pdftotext is measured beside them for reference.

    tools/benchmarks/speed_ratios.py [--pdftext PATH] [--docs DIR] [--repeat N]
                                     [--startup-file PDF] [--startup-repeat N]
                                     [--instructions N] [--json OUT] [--timeout S]

Documents: every PDF in --docs (default /tmp/pdftext-long-docs), which
tools/benchmarks/make_long_docs.sh fills with six long documents of 100+ pages from six producers
(pdfTeX, LuaTeX, XeTeX, LibreOffice, Chromium, Ghostscript), all from Debian packages.

What is timed (output to /dev/null; wall, CPU = user + system, peak RSS from GNU time):
  one core    ours:      taskset -c 0 pdftext FILE /dev/null  (one worker: the default follows
                         the CPU affinity mask)
              mutool:    taskset -c 0 mutool draw -q -F txt -o /dev/null FILE
              pdftotext: taskset -c 0 pdftotext -q FILE /dev/null
  all cores   ours:      pdftext FILE /dev/null  (pages in parallel on every core it may use),
              against the one-core mutool of the same round (mutool draw has no parallel text mode)
  start-up    `pdftext FILE /dev/null` on a one-page file and `pdftext --version`, against
              `mutool draw` and `mutool -v`, one core, --startup-repeat alternated runs (default 21)
  memory      peak RSS of each document: ours on all cores (the default) and on one, against
              mutool. Before each document, both programs' files (executables and the shared
              libraries they map) are read once so that the page cache holds all of them: the
              kernel maps code 64 KB around each page touched, but only pages already cached, so
              a binary partly evicted shows less resident memory than the same binary just
              copied (up to 1 MB less for pdftext on this machine, whose reclaim daemon evicts
              cold file pages).
Each document is run --repeat times (default 5) with the tools in rotated order each round; the
tables give medians. The headline ratios are ours / mutool of median wall times: geometric means
over the documents for the two text ratios, the larger of the two start-up cases, and the worst
document for memory, each beside the target of issue 17 (0.8, 0.5, 1.5, 1.2).

--instructions N also counts instructions with `valgrind --tool=callgrind` on the first N pages of
each document (ours: a copy stripped of debug info, which valgrind here cannot read; -j 1 -f 1 -l N;
mutool: pages 1-N), and on the start-up cases. These counts repeat exactly on a noisy machine.

Needs the release binary, best with the static runtime:
`tools/build-release.sh` (README, Install).
"""
import argparse, json, math, os, shutil, statistics, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import glyphs_bench as gb  # noqa: E402  (pdfinfo, run_measured: wall, peak RSS, CPU)

ROOT = gb.ROOT
TARGETS = {"one core": 0.8, "all cores": 0.5, "start-up": 1.5, "peak RSS": 1.2}


def program_files(exe):
    """An executable and the shared libraries it maps (as ldd lists them)."""
    path = shutil.which(exe) or exe
    files = [os.path.realpath(path)]
    r = subprocess.run(["ldd", path], capture_output=True, text=True)
    for line in r.stdout.splitlines():
        parts = line.split("=>")
        target = (parts[1] if len(parts) > 1 else parts[0]).strip().split(" (")[0].strip()
        if target.startswith("/") and os.path.isfile(target):
            files.append(os.path.realpath(target))
    return files


def warm(files):
    """Reads each file once, so that the page cache holds all of it (see the module notes)."""
    for f in files:
        try:
            with open(f, "rb") as fh:
                while fh.read(1 << 20):
                    pass
        except OSError:
            pass


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def instructions(cmd):
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in r.stderr.splitlines():
        if "Collected" in line:
            return int(line.split(":")[-1].strip().replace(",", ""))
    return None


def measure(cmds, repeat, timeout):
    """{name: [(wall, peak MiB, exit, cpu)]}, the commands alternated in rotated order."""
    names = list(cmds)
    out = {n: [] for n in names}
    for r in range(repeat):
        for n in names[r % len(names):] + names[:r % len(names)]:
            out[n].append(gb.run_measured(cmds[n], timeout))
    return out


def med(runs, i):
    return statistics.median(r[i] for r in runs)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pdftext", default=os.path.join(ROOT, ".build", "release", "pdftext"))
    ap.add_argument("--docs", default="/tmp/pdftext-long-docs")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--startup-file", default=os.path.join(ROOT, "Corpus", "text", "arabic-libreoffice.pdf"))
    ap.add_argument("--startup-repeat", type=int, default=21)
    ap.add_argument("--instructions", type=int, default=0, metavar="N")
    ap.add_argument("--json")
    ap.add_argument("--timeout", type=float, default=600)
    a = ap.parse_args()
    if a.repeat < 1 or a.startup_repeat < 1:
        sys.exit("speed_ratios: --repeat and --startup-repeat must be at least 1")
    if not os.path.isfile(a.pdftext):
        sys.exit(f"speed_ratios: {a.pdftext}: no such pdftext binary (tools/build-release.sh)")
    missing = [t for t in ("mutool", "pdftotext", "taskset") if shutil.which(t) is None]
    if missing:
        sys.exit("speed_ratios: not installed: " + ", ".join(missing) + " (apt-get install mupdf-tools poppler-utils util-linux)")
    if a.instructions and shutil.which("valgrind") is None:
        sys.exit("speed_ratios: --instructions needs valgrind")
    docs = sorted(os.path.join(a.docs, f) for f in os.listdir(a.docs) if f.lower().endswith(".pdf")) if os.path.isdir(a.docs) else []
    if not docs:
        sys.exit(f"speed_ratios: no PDF in {a.docs} (run tools/benchmarks/make_long_docs.sh {a.docs})")
    one = ["taskset", "-c", "0"]
    cores = len(os.sched_getaffinity(0))
    report = {"pdftext": a.pdftext, "cores": cores, "repeat": a.repeat, "documents": [], "startup": {}}

    stripped = None
    tmp = tempfile.TemporaryDirectory()
    if a.instructions:
        stripped = os.path.join(tmp.name, "pdftext")
        subprocess.run(["strip", "--strip-debug", "-o", stripped, a.pdftext], check=True)

    print(f"pdftext {a.pdftext}; {cores} cores; medians of {a.repeat} alternated runs")
    print()
    head = (f"{'document':<26} {'pages':>5} | {'ours 1c':>8} {'mutool':>8} {'pdftotext':>9} {'ratio':>6} |"
            f" {'ours all':>8} {'ratio':>6} | {'RSS all':>8} {'1 core':>6} {'mutool':>6} {'ratio':>6}")
    print("text, wall seconds (CPU seconds below); RSS in MiB; ratio = ours / mutool")
    print(head)
    failed = []
    programs = sorted(set(program_files(a.pdftext) + program_files("mutool") + program_files("pdftotext")))
    for path in docs:
        warm(programs + [path])
        name = os.path.basename(path)
        pages = gb.page_count(gb.pdfinfo(path))
        cmds = {
            "ours-1": one + [a.pdftext, path, "/dev/null"],
            "ours-all": [a.pdftext, path, "/dev/null"],
            "mutool": one + ["mutool", "draw", "-q", "-F", "txt", "-o", "/dev/null", path],
            "pdftotext": one + ["pdftotext", "-q", path, "/dev/null"],
        }
        runs = measure(cmds, a.repeat, a.timeout)
        for n, rs in runs.items():
            if any(r[2] != 0 for r in rs):
                failed.append(f"{name}: {n} exited {sorted({r[2] for r in rs}, key=str)}")
        d = {"file": name, "pages": pages}
        for n, rs in runs.items():
            d[n] = {"wall": med(rs, 0), "cpu": med(rs, 3), "rss_mib": max(r[1] for r in rs)}
        mu = d["mutool"]
        d["ratio_one_core"] = d["ours-1"]["wall"] / mu["wall"]
        d["ratio_all_cores"] = d["ours-all"]["wall"] / mu["wall"]
        d["ratio_rss"] = max(d["ours-all"]["rss_mib"], d["ours-1"]["rss_mib"]) / mu["rss_mib"]
        if a.instructions:
            n = a.instructions
            d["instructions_pages"] = n
            d["instructions"] = {
                "ours": instructions([stripped, "-q", "-j", "1", "-f", "1", "-l", str(n), path, "/dev/null"]),
                "mutool": instructions(["mutool", "draw", "-q", "-F", "txt", "-o", "/dev/null", path, f"1-{n}"]),
            }
        report["documents"].append(d)
        print(f"{name[:26]:<26} {pages or 0:5} | {d['ours-1']['wall']:8.3f} {mu['wall']:8.3f} {d['pdftotext']['wall']:9.3f}"
              f" {d['ratio_one_core']:6.2f} | {d['ours-all']['wall']:8.3f} {d['ratio_all_cores']:6.2f} |"
              f" {d['ours-all']['rss_mib']:8.1f} {d['ours-1']['rss_mib']:6.1f} {mu['rss_mib']:6.1f} {d['ratio_rss']:6.2f}")
        print(f"{'':<26} {'cpu':>5} | {d['ours-1']['cpu']:8.3f} {mu['cpu']:8.3f} {d['pdftotext']['cpu']:9.3f}"
              f" {'':6} | {d['ours-all']['cpu']:8.3f}")
        if a.instructions:
            i = d["instructions"]
            r = (i["ours"] / i["mutool"]) if i["ours"] and i["mutool"] else float("nan")
            print(f"{'':<26} instructions, pages 1-{a.instructions}: ours {i['ours'] or 0:,}, mutool {i['mutool'] or 0:,} ({r:.2f})")

    f = a.startup_file
    scmds = {
        "text": {"ours": one + [a.pdftext, f, "/dev/null"], "mutool": one + ["mutool", "draw", "-q", "-F", "txt", "-o", "/dev/null", f],
                 "pdftotext": one + ["pdftotext", "-q", f, "/dev/null"]},
        "version": {"ours": one + [a.pdftext, "--version"], "mutool": one + ["mutool", "-v"], "pdftotext": one + ["pdftotext", "-v"]},
    }
    print()
    print(f"start-up: {os.path.relpath(f, ROOT)}, medians of {a.startup_repeat} alternated runs, one core; milliseconds")
    print(f"{'case':<8} {'ours':>7} {'mutool':>7} {'pdftotext':>9} {'ratio':>6}" + ("   instructions ours / mutool" if a.instructions else ""))
    for case, cmds in scmds.items():
        runs = measure(cmds, a.startup_repeat, 60)
        if case == "text":
            for n, rs in runs.items():
                if any(r[2] != 0 for r in rs):
                    failed.append(f"start-up {case}: {n} exited {sorted({r[2] for r in rs}, key=str)}")
        s = {n: {"wall": med(rs, 0), "cpu": med(rs, 3)} for n, rs in runs.items()}
        s["ratio"] = s["ours"]["wall"] / s["mutool"]["wall"]
        line = (f"{case:<8} {s['ours']['wall'] * 1000:7.1f} {s['mutool']['wall'] * 1000:7.1f}"
                f" {s['pdftotext']['wall'] * 1000:9.1f} {s['ratio']:6.2f}")
        if a.instructions:
            oc = [stripped] + cmds["ours"][4:]
            s["instructions"] = {"ours": instructions(oc), "mutool": instructions(cmds["mutool"][3:])}
            line += f"   {s['instructions']['ours'] or 0:,} / {s['instructions']['mutool'] or 0:,}"
        report["startup"][case] = s
        print(line)

    ds = report["documents"]
    heads = {
        "one core": geomean([d["ratio_one_core"] for d in ds]),
        "all cores": geomean([d["ratio_all_cores"] for d in ds]),
        "start-up": max(s["ratio"] for s in report["startup"].values()),
        "peak RSS": max(d["ratio_rss"] for d in ds),
    }
    how = {"one core": "geometric mean", "all cores": "geometric mean (mutool on one core)",
           "start-up": "the larger of file and --version", "peak RSS": "worst document"}
    report["ratios"] = heads
    print()
    print(f"{'ratio (ours / mutool)':<24} {'now':>6} {'target':>7}  met")
    for k, v in heads.items():
        print(f"{k:<24} {v:6.2f} {TARGETS[k]:7.2f}  {'yes' if v <= TARGETS[k] else 'no '}  ({how[k]})")
    if failed:
        print()
        print("failed runs:")
        for x in failed:
            print("  " + x)
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(report, fh, indent=1)
    tmp.cleanup()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
