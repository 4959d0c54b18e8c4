#!/usr/bin/env python3
"""Times `pdftext glyphs` against `mutool draw -F stext` and `pdftotext` on a ~300-page pdfTeX manual.

    tools/benchmarks/glyphs_bench.py [--file PDF] [--runs N] [--pdftext PATH] [--memory-linearity]

The document: --file, or else the pdfTeX-produced PDF with at least 300 pages (--min-pages)
and the fewest pages among those, found under /usr/share/doc/texlive-doc (Debian's
texlive-*-doc packages; texlive-latex-base-doc is installed with apt-get when no such PDF is
there and we are root). Which file was used, its producer and page count are printed.

Default mode: each tool --runs times (default 5), the tools in rotated order each round:

    ours      pdftext glyphs --no-header FILE > /dev/null
    mutool    mutool draw -q -F stext -o /dev/null FILE
    pdftotext pdftotext FILE /dev/null

and a table: tool, median wall seconds, ratio to mutool, peak RSS (MiB, the largest over the
runs; measured per process with GNU time, see run_measured).

--memory-linearity: our tool on the first 10%, 25%, 50% and 100% of the pages (--pages 1-N),
mutool on the same ranges for reference, with peak RSS and time for each, so one can see that
memory does not grow with the page count (glyphs are written page by page).

It needs the release binary (.build/release/pdftext, `swift build -c release --product pdftext`;
--pdftext PATH to use another) and stops with a clear message when it is missing.
"""
import argparse, glob, os, re, shutil, statistics, subprocess, sys, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DOC_ROOT = "/usr/share/doc/texlive-doc"
DOC_PACKAGE = "texlive-latex-base-doc"


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def pdfinfo(path):
    """{'Pages': ..., 'Producer': ...} from pdfinfo, or {} when it fails."""
    try:
        out = subprocess.run(["pdfinfo", path], capture_output=True, text=True, errors="replace", timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return {}
    info = {}
    for line in out.splitlines():
        k, _, v = line.partition(":")
        info[k.strip()] = v.strip()
    return info


def page_count(info):
    try:
        return int(info.get("Pages", "0"))
    except ValueError:
        return 0


def find_manual(min_pages):
    """(path, info) of the pdfTeX PDF with >= min_pages pages and the fewest pages, or None."""
    best = None
    for path in sorted(glob.glob(os.path.join(DOC_ROOT, "**", "*.pdf"), recursive=True)):
        if os.path.getsize(path) < 200_000:  # a 300-page manual is larger than this; saves pdfinfo calls
            continue
        info = pdfinfo(path)
        n = page_count(info)
        if n >= min_pages and "pdftex" in info.get("Producer", "").lower():
            if best is None or n < page_count(best[1]):
                best = (path, info)
    return best


def pick_document(args):
    if args.file:
        if not os.path.isfile(args.file):
            sys.exit(f"no such file: {args.file}")
        return args.file, pdfinfo(args.file)
    found = find_manual(args.min_pages)
    if found is None:
        if os.geteuid() == 0 and shutil.which("apt-get"):
            log(f"no pdfTeX PDF of {args.min_pages}+ pages under {DOC_ROOT}: installing {DOC_PACKAGE}")
            r = subprocess.run(["apt-get", "install", "-y", "--no-install-recommends", DOC_PACKAGE],
                               env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
            if r.returncode == 0:
                found = find_manual(args.min_pages)
        if found is None:
            sys.exit(f"no pdfTeX PDF of {args.min_pages}+ pages under {DOC_ROOT}: "
                     f"apt-get install {DOC_PACKAGE}, or give --file PDF")
    return found


GNU_TIME = "/usr/bin/time"


def run_measured(cmd, timeout):
    """(wall seconds, peak RSS in MiB, exit status or None on timeout, CPU seconds) of one process, with its
    standard output and error sent to /dev/null.

    Peak RSS comes from GNU time (`/usr/bin/time -f %M`) when it is there: Linux starts a child's
    ru_maxrss at the high-water mark of the process that spawned it, so wait4 from this Python
    process (about 13 MiB) would put a floor under small readings; time's own is about 1 MiB.
    Without GNU time, wait4's reading is used and that floor applies. The wall time includes
    time's start-up (about a millisecond), the same for every tool."""
    rss_file = None
    if os.access(GNU_TIME, os.X_OK):
        rss_file = f"/tmp/glyphs-bench-rss-{os.getpid()}"
        cmd = [GNU_TIME, "-f", "%M %U %S", "-o", rss_file] + cmd
    fa = [(os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
          (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
          (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)]
    start = time.perf_counter()
    pid = os.posix_spawnp(cmd[0], cmd, os.environ, file_actions=fa, setpgroup=0)
    fired = []
    timer = threading.Timer(timeout, lambda: (fired.append(True), os.killpg(pid, 9)))
    timer.start()
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    timer.cancel()
    code = None if fired else os.waitstatus_to_exitcode(status)
    peak = usage.ru_maxrss / 1024.0  # KiB on Linux
    cpu = usage.ru_utime + usage.ru_stime
    if rss_file:
        try:
            with open(rss_file) as f:
                fields = f.read().split()[-3:]
                peak, cpu = int(fields[0]) / 1024.0, float(fields[1]) + float(fields[2])
        except (OSError, ValueError, IndexError):
            pass
        finally:
            if os.path.exists(rss_file):
                os.remove(rss_file)
    return wall, peak, code, cpu


def tools_for(args, path, pages=None):
    """name -> command; `pages` limits to the first N pages."""
    ours = [args.pdftext, "glyphs", "--no-header"] + (["--pages", f"1-{pages}"] if pages else []) + [path]
    tools = {"ours": ours}
    if shutil.which("mutool"):
        tools["mutool"] = ["mutool", "draw", "-q", "-F", "stext", "-o", "/dev/null", path] + ([f"1-{pages}"] if pages else [])
    else:
        log("mutool not found (apt-get install mupdf-tools): left out")
    if shutil.which("pdftotext") and not pages:
        tools["pdftotext"] = ["pdftotext", path, "/dev/null"]
    elif not pages:
        log("pdftotext not found (apt-get install poppler-utils): left out")
    return tools


def measure(tools, runs, timeout):
    """name -> (median seconds, max RSS MiB, failures, median CPU seconds)."""
    times = {t: [] for t in tools}
    cpus = {t: [] for t in tools}
    rss = {t: 0.0 for t in tools}
    bad = {t: [] for t in tools}
    names = list(tools)
    for r in range(runs):
        order = names[r % len(names):] + names[:r % len(names)]
        for t in order:
            wall, peak, code, cpu = run_measured(tools[t], timeout)
            times[t].append(wall)
            cpus[t].append(cpu)
            rss[t] = max(rss[t], peak)
            if code != 0:
                bad[t].append("timeout" if code is None else f"exit {code}")
    return {t: (statistics.median(times[t]), rss[t], bad[t], statistics.median(cpus[t])) for t in tools}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--file", help="the PDF to use (default: a pdfTeX manual, see above)")
    ap.add_argument("--min-pages", type=int, default=300)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--pdftext", default=os.path.join(ROOT, ".build", "release", "pdftext"))
    ap.add_argument("--memory-linearity", action="store_true",
                    help="peak RSS of our tool on the first 10/25/50/100%% of the pages")
    args = ap.parse_args(argv)
    if not os.access(args.pdftext, os.X_OK):
        sys.exit(f"release binary not found at {args.pdftext}: build it with "
                 f"`swift build -c release --product pdftext` in {ROOT}, or give --pdftext PATH")
    path, info = pick_document(args)
    pages = page_count(info)
    print(f"document: {path}")
    print(f"  producer {info.get('Producer', '?')}, {pages} pages, {os.path.getsize(path) / 1048576:.1f} MiB;"
          f" pdftext {args.pdftext}; {args.runs} runs each, median wall time")
    if args.memory_linearity:
        if pages < 1:
            sys.exit("pdfinfo could not count the pages")
        print(f"\n{'pages':>6} {'ours s':>8} {'ours CPU s':>11} {'ours MiB':>9} {'mutool s':>9} {'mutool MiB':>11}")
        rows, failed = [], False
        for frac in (0.10, 0.25, 0.50, 1.00):
            n = max(1, round(pages * frac))
            res = measure(tools_for(args, path, n), args.runs, args.timeout)
            o, m = res["ours"], res.get("mutool")
            rows.append((n, o[1]))
            failed = failed or bool(o[2])
            print(f"{n:6} {o[0]:8.3f} {o[3]:11.3f} {o[1]:9.1f} " + (f"{m[0]:9.3f} {m[1]:11.1f}" if m else f"{'-':>9} {'-':>11}")
                  + ("  FAILED: " + ", ".join(o[2]) if o[2] else ""), flush=True)
        first, last = rows[0], rows[-1]
        print(f"\nour peak RSS from {first[0]} to {last[0]} pages: {first[1]:.1f} -> {last[1]:.1f} MiB"
              f" ({last[1] / first[1]:.2f}x for {last[0] / first[0]:.1f}x the pages)")
        return 1 if failed else 0
    res = measure(tools_for(args, path), args.runs, args.timeout)
    ref = res.get("mutool", (float("nan"),))[0]
    cref = res.get("mutool", (0, 0, 0, float("nan")))[3]
    print(f"\n{'tool':10} {'median s':>9} {'/ mutool':>9} {'peak RSS MiB':>13} {'CPU s':>8} {'CPU / mutool':>13}")
    for t, (sec, peak, bad, cpu) in res.items():
        print(f"{t:10} {sec:9.3f} {sec / ref:9.2f} {peak:13.1f} {cpu:8.3f} {cpu / cref:13.2f}"
              + ("  FAILED: " + ", ".join(bad) if bad else ""))
    print("(wall time is what was asked for; CPU time = user + system, less sensitive to other load on the machine)")
    return 1 if res["ours"][2] else 0


if __name__ == "__main__":
    sys.exit(main())
