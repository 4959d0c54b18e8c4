#!/usr/bin/env python3
"""Times searching a long PDF: `pdftext grep` against `pdftotext FILE - | grep` and
`mutool draw -F txt | grep`, for the first hit and for all hits.

    tools/benchmarks/find_bench.py [--manual PDF] [--query NAME=PATTERN]... [--repeat N]
                                   [--pdftext PATH] [--timeout S]

The document: the long pdfTeX manual text_bench.py uses (interface3.pdf, 345 pages, when
installed; --manual PDF to choose). Queries (--query NAME=PATTERN replaces them; a pattern
starting with `-i ` or `-E ` passes that flag to every tool):

  common     the                   thousands of hits, the first on page 1
  medium     expandable            about a hundred
  phrase     regular expression    a phrase, also across line breaks (ours)
  nocase     -i expandable         case-insensitive
  late       pdfstrcmp             one hit, in the index at the very end
  regex      -E [0-9]+\\.[0-9]+     a regular expression
  absent     zyzzyva               no hit: every page searched

Each tool is run two ways, output through a pipe:
  first hit  the matching lines streamed (ours: `pdftext grep --line-buffered Q FILE`; the
             others: the text piped into `grep --line-buffered Q`); the time until the first line arrives on
             the pipe, and until the process ends. Only streaming gives the others a first-hit
             time at all: pdftotext and mutool write their text as they go (through stdio
             buffers), grep prints a line as soon as it has one.
  all hits   counting only (`pdftext grep -c`, `... | grep -c`), so output volume plays no part.
Ours runs on all cores (files and pages in parallel, the default) and on one (`taskset -c 0`,
--jobs 1); pdftotext and mutool are single-threaded. Each measurement is repeated --repeat
times (default 5) in rotated tool order; the tables give medians and ours / tool ratios
(below 1: we are faster). Counts are matching lines: they differ between tools where their
page texts differ (reading order, hyphenation, ligatures, line breaks inside phrases).

Library level: our binary's hidden `--timing` flag prints, on standard error, the time from
the start of the search (file read, before opening) to the first match found and to the end,
inside the process, without process start-up.

Needs the release binary: `swift build -c release --product pdftext` (or --pdftext PATH).
"""
import argparse, os, re, shlex, shutil, statistics, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import glyphs_bench as gb  # noqa: E402  (pdfinfo, page counts)
import text_bench as tb  # noqa: E402  (the manual)

ROOT = gb.ROOT
QUERIES = [
    ("common", "the"),
    ("medium", "expandable"),
    ("phrase", "regular expression"),
    ("nocase", "-i expandable"),
    ("late", "pdfstrcmp"),
    ("regex", "-E [0-9]+\\.[0-9]+"),
    ("absent", "zyzzyva"),
]
ONE_CORE = ["taskset", "-c", "0"]


def split_query(q):
    """(flags, pattern): a leading `-i ` or `-E ` (repeatable) becomes a flag."""
    flags = []
    while q[:3] in ("-i ", "-E "):
        flags.append(q[:2])
        q = q[3:]
    return flags, q


def timed(cmd, timeout):
    """(seconds to the first output line or None, seconds to the end, output lines, exit
    status) of a shell command whose standard output is a pipe."""
    start = time.perf_counter()
    p = subprocess.Popen(["bash", "-c", cmd], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    first = None
    lines = 0
    deadline = start + timeout
    for line in p.stdout:
        if first is None:
            first = time.perf_counter() - start
        lines += 1
        if time.perf_counter() > deadline:
            break
    try:
        status = p.wait(timeout=max(0.1, deadline - time.perf_counter()))
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, 9)
        p.wait()
        status = None
    return first, time.perf_counter() - start, lines, status


def library_timing(binary, flags, pattern, path):
    """(first match, all) seconds inside our process, from --timing."""
    r = subprocess.run([binary, "grep", "--timing", "-c"] + flags + [pattern, path],
                       capture_output=True, text=True, errors="replace")
    found = dict(re.findall(r"(first match|all matches) after ([0-9.e-]+) seconds", r.stderr))
    return (float(found["first match"]) if "first match" in found else None,
            float(found["all matches"]) if "all matches" in found else None)


def commands(binary, flags, pattern, path):
    """{tool: (streaming command, counting command)}."""
    q = shlex.quote(pattern)
    f = " ".join(flags)
    grep_flags = " ".join(x for x in flags)  # -i and -E mean the same to GNU grep
    ours = f"{shlex.quote(binary)} grep --line-buffered --color=never {f} {q} {shlex.quote(path)}"
    ours1 = f"{' '.join(ONE_CORE)} {shlex.quote(binary)} grep -j 1 --line-buffered --color=never {f} {q} {shlex.quote(path)}"
    pdftotext = f"pdftotext -q {shlex.quote(path)} - | grep --line-buffered {grep_flags} -- {q}"
    mutool = f"mutool draw -q -F txt -o - {shlex.quote(path)} 2>/dev/null | grep --line-buffered {grep_flags} -- {q}"
    out = {
        "ours": (ours, ours.replace(" grep --line-buffered", " grep -c", 1)),
        "ours, 1 core": (ours1, ours1.replace(" grep -j 1 --line-buffered", " grep -c -j 1", 1)),
    }
    if shutil.which("pdftotext"):
        out["pdftotext + grep"] = (pdftotext, pdftotext.replace("grep --line-buffered", "grep -c", 1))
    if shutil.which("mutool"):
        out["mutool + grep"] = (mutool, mutool.replace("grep --line-buffered", "grep -c", 1))
    return out


def fmt(x):
    return "–" if x is None else f"{x:.3f}"


def ratio(a, b):
    return "" if a is None or b is None or b == 0 else f"{a / b:.2f}"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--manual", help="the document (default: a pdfTeX manual of 300+ pages)")
    ap.add_argument("--query", action="append", default=[], metavar="NAME=PATTERN")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--pdftext", default=os.path.join(ROOT, ".build", "release", "pdftext"))
    args = ap.parse_args(argv)
    tb.require_tools(args.pdftext)
    manual = tb.pick_manual(args.manual)
    if not manual:
        sys.exit("no document to search")
    path, info = manual
    queries = [tuple(q.split("=", 1)) for q in args.query] if args.query else QUERIES
    cores = len(os.sched_getaffinity(0))
    print(f"{path}: {gb.page_count(info)} pages; {cores} cores; {args.repeat} rounds; load average "
          f"{os.getloadavg()[0]:.2f} at the start")
    for name, query in queries:
        flags, pattern = split_query(query)
        cmds = commands(args.pdftext, flags, pattern, path)
        tools = list(cmds)
        first = {t: [] for t in tools}
        stream_all = {t: [] for t in tools}
        count_all = {t: [] for t in tools}
        lines = {}
        counts = {}
        failed = set()
        for round_ in range(args.repeat):
            order = tools[round_ % len(tools):] + tools[:round_ % len(tools)]
            for t in order:
                f, total, n, status = timed(cmds[t][0], args.timeout)
                if status not in (0, 1):
                    failed.add(t)
                if f is not None:
                    first[t].append(f)
                stream_all[t].append(total)
                lines[t] = n
                _, total_c, _, status_c = timed(cmds[t][1], args.timeout)
                count_all[t].append(total_c)
                r = subprocess.run(["bash", "-c", cmds[t][1]], capture_output=True, text=True) if round_ == 0 else None
                if r is not None:
                    counts[t] = r.stdout.strip().rpartition(":")[2]
        lib = [library_timing(args.pdftext, flags, pattern, path) for _ in range(args.repeat)]
        lib_first = [x for x, _ in lib if x is not None]
        lib_all = [y for _, y in lib if y is not None]

        def med(v):
            return statistics.median(v) if v else None

        print(f"\n### {name}: `{query}`\n")
        print("| tool | first hit s | end (streaming) s | all hits (-c) s | matching lines | first hit, ours / tool | all hits, ours / tool |")
        print("|---|---|---|---|---|---|---|")
        ours_first, ours_all = med(first["ours"]), med(count_all["ours"])
        for t in tools:
            mark = " (failed)" if t in failed else ""
            rf = "" if t == "ours" else ratio(ours_first, med(first[t]))
            ra = "" if t == "ours" else ratio(ours_all, med(count_all[t]))
            print(f"| {t}{mark} | {fmt(med(first[t]))} | {fmt(med(stream_all[t]))} | {fmt(med(count_all[t]))} | "
                  f"{counts.get(t, lines.get(t, ''))} | {rf} | {ra} |")
        print(f"\nlibrary level (ours, in process, all cores): first match {fmt(med(lib_first))} s, "
              f"all {fmt(med(lib_all))} s")
    print(f"\nload average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
