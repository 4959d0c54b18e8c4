#!/usr/bin/env python3
"""Times text extraction: `pdftext` (glyphs and layout) against `mutool draw -F txt` and `pdftotext`.

    tools/benchmarks/text_bench.py [--manual PDF] [--corpus DIR]... [--no-project-corpus]
                                   [--exclude TEXT]... [--repeat N] [--pdftext PATH] [--no-memory]
                                   [--timeout S]

Sets of files:
  manual   a long pdfTeX manual: /usr/share/doc/texlive-doc/pdftex/manual/pdftex-a.pdf when it has
           300 pages or more, else /usr/share/doc/texlive-doc/latex/l3kernel/interface3.pdf (345
           pages), else the shortest pdfTeX PDF of 300+ pages under /usr/share/doc/texlive-doc
           (glyphs_bench.py's search); --manual PDF to choose, --manual none to leave it out.
  Corpus/  every PDF under the project's Corpus/ (--no-project-corpus leaves it out).
  --corpus DIR  more folders, every PDF below them (e.g. ../shared/corpus); may be repeated.
Only files pdfinfo opens without a password are timed (the others are counted and left out), so
every tool gets the same files; pages are pdfinfo's counts. --exclude TEXT leaves out paths
containing TEXT. A process still running after --timeout seconds (default 60) is killed, counted
as failed, and its time counts as the limit; the tables list such files.

The tools, output thrown away (standard output and error to /dev/null):
  ours       pdftext text -q --progress never FILE...   (glyphs, layout, text; the default
             subcommand, so the same as `pdftext FILE /dev/null`). When the binary has no
             `text` subcommand, `pdftext glyphs --no-header FILE...` is timed instead and every
             table says so: glyphs only, no layout.
  mutool     mutool draw -q -F txt -o /dev/null FILE [PAGES]
  pdftotext  pdftotext -q [-f A -l B] FILE /dev/null

Two modes:
  1 core     every process under `taskset -c 0`. Ours: one invocation over the whole set with
             --jobs 1, and (corpus sets) also one process per file (`ours/file`, start-up paid
             per file as the others pay it). mutool and pdftotext: one process per file, in a row.
  all cores  N = the cores this process may use. Ours: one invocation over the whole set (it
             runs files and pages in parallel itself). mutool and pdftotext: one process per file
             through a pool of N workers; for the manual, a single file, N processes on N
             contiguous page ranges instead.
Each measurement is repeated --repeat times (default 3), tools in rotated order each round; the
tables give the median and the best wall time of the set, pages per second (from the median),
the median CPU time (user + system of all the processes), and ours / tool wall-time ratios
(below 1: we are faster). On a shared machine the all-cores wall times depend on what else runs;
compare the CPU column to see whether parallel work was spent or waited for.

Memory (manual, unless --no-memory): our peak RSS (GNU time, see glyphs_bench.run_measured) on
the first 10%, 50% and 100% of the pages (--pages 1-N, all cores); it should stay flat, bounded by
the largest pages in flight and not by the document's length. Since later pages may simply be
larger, each tenth of the document is also run alone, and the whole document's peak is given
against the largest of those (about 1.0x when memory follows pages, not their count).

Needs the release binary: `swift build -c release --product pdftext` (or --pdftext PATH).
"""
import argparse, concurrent.futures, os, resource, shutil, statistics, subprocess, sys, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import glyphs_bench as gb  # noqa: E402  (pdfinfo, page counts, manual search, peak-RSS runs)

ROOT = gb.ROOT
MANUALS = ["/usr/share/doc/texlive-doc/pdftex/manual/pdftex-a.pdf",
           "/usr/share/doc/texlive-doc/latex/l3kernel/interface3.pdf"]
ONE_CORE = ["taskset", "-c", "0"]
log = gb.log


def run(cmd, timeout):
    """Exit status of `cmd` (None on timeout), output to /dev/null. A blocking wait4 and a timer
    thread that kills the process group (no polling, which would round short runs up)."""
    fa = [(os.POSIX_SPAWN_OPEN, fd, os.devnull, os.O_RDONLY if fd == 0 else os.O_WRONLY, 0) for fd in (0, 1, 2)]
    pid = os.posix_spawnp(cmd[0], cmd, os.environ, file_actions=fa, setpgroup=0)
    fired = []
    timer = threading.Timer(timeout, lambda: (fired.append(True), os.killpg(pid, 9)))
    timer.start()
    _, status, _ = os.wait4(pid, 0)
    timer.cancel()
    return None if fired else os.waitstatus_to_exitcode(status)


def run_all(cmds, workers, timeout):
    """(wall seconds, CPU seconds, {command index: exit status or None for a timeout} of the
    commands that failed) of running every command, `workers` at a time. CPU time is user +
    system of the waited-for children (their getrusage totals before and after)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    if workers == 1:
        codes = [run(c, timeout) for c in cmds]
    else:
        with concurrent.futures.ThreadPoolExecutor(workers) as pool:
            codes = list(pool.map(lambda c: run(c, timeout), cmds))
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu, {i: c for i, c in enumerate(codes) if c != 0}


class Ours:
    """How our binary is run: the text subcommand, or glyphs when it has none."""

    def __init__(self, path):
        self.path = path
        # `pdftext text --help` succeeds either way (the top-level help), so read the list of
        # subcommands instead.
        help_text = subprocess.run([path, "--help"], capture_output=True, text=True, errors="replace").stdout
        listed = help_text.partition("SUBCOMMANDS:")[2].splitlines()
        self.text = any(line.split()[:1] == ["text"] for line in listed)
        if self.text:
            self.label = "pdftext text (glyphs + layout)"
        else:
            self.label = "pdftext glyphs (GLYPHS ONLY, NO LAYOUT: this binary has no `text` subcommand)"

    def command(self, files, jobs=None, pages=None):
        """`pages`: a page selection such as "1-34" (all pages when None)."""
        if self.text:
            cmd = [self.path, "text", "-q", "--progress", "never"] + (["--jobs", str(jobs)] if jobs else [])
        else:
            cmd = [self.path, "glyphs", "--no-header"]
        return cmd + (["--pages", pages] if pages else []) + list(files)


def mutool(path, first=None, last=None):
    return ["mutool", "draw", "-q", "-F", "txt", "-o", "/dev/null", path] + ([f"{first}-{last}"] if first else [])


def pdftotext(path, first=None, last=None):
    return ["pdftotext", "-q"] + (["-f", str(first), "-l", str(last)] if first else []) + [path, "/dev/null"]


def others():
    """The reference tools that are installed: name -> command builder."""
    found = {}
    for name, builder, package in (("mutool", mutool, "mupdf-tools"), ("pdftotext", pdftotext, "poppler-utils")):
        if shutil.which(name):
            found[name] = builder
        else:
            log(f"{name} not found (apt-get install {package}): left out")
    return found


def ranges(pages, n):
    """n contiguous 1-based page ranges covering 1…pages (fewer when pages < n)."""
    n = max(1, min(n, pages))
    bounds = [round(i * pages / n) for i in range(n + 1)]
    return [(bounds[i] + 1, bounds[i + 1]) for i in range(n) if bounds[i + 1] > bounds[i]]


def plans(ours, files, cores):
    """(mode title, {tool: (commands, workers)}) for one set; `files` is [(path, pages)]."""
    paths = [p for p, _ in files]
    single = len(files) == 1
    one = {"ours": ([ONE_CORE + ours.command(paths, jobs=1)], 1)}
    if not single:
        one["ours/file"] = ([ONE_CORE + ours.command([p], jobs=1) for p in paths], 1)
    every = {"ours": ([ours.command(paths)], 1)}
    for name, build in others().items():
        one[name] = ([ONE_CORE + build(p) for p in paths], 1)
        if single:
            every[name] = ([build(paths[0], a, b) for a, b in ranges(files[0][1], cores)], cores)
        else:
            every[name] = ([build(p) for p in paths], cores)
    return [("1 core (taskset -c 0)", one), (f"all cores ({cores})", every)]


def measure(tools, repeat, timeout):
    """tool -> (median s, best s, median CPU s, {command index: status} of failures in any round)."""
    times = {t: [] for t in tools}
    cpus = {t: [] for t in tools}
    bad = {t: {} for t in tools}
    names = list(tools)
    for r in range(repeat):
        for t in names[r % len(names):] + names[:r % len(names)]:
            cmds, workers = tools[t]
            wall, cpu, failed = run_all(cmds, workers, timeout)
            times[t].append(wall)
            cpus[t].append(cpu)
            bad[t].update(failed)
    return {t: (statistics.median(v), min(v), statistics.median(cpus[t]), bad[t]) for t, v in times.items()}


def report(title, files, ours, cores, args):
    pages = sum(n for _, n in files)
    print(f"\n== {title}: {len(files)} file(s), {pages} pages; ours = {ours.label}")
    for mode, tools in plans(ours, files, cores):
        res = measure(tools, args.repeat, args.timeout)
        refs = [t for t in ("mutool", "pdftotext") if t in res]
        print(f"\n{mode:24} {'median s':>9} {'best s':>8} {'pages/s':>9} {'CPU s':>7}"
              + "".join(f" {'ours/' + t:>15}" for t in refs))
        for t, (med, best, cpu, bad) in res.items():
            line = f"  {t:22} {med:9.3f} {best:8.3f} {pages / med:9.1f} {cpu:7.3f}"
            if t.startswith("ours"):
                line += "".join(f" {med / res[r][0]:15.2f}" for r in refs)
            else:
                line += " " * 16 * len(refs)
            timeouts = sum(1 for c in bad.values() if c is None)
            if bad:
                line += f"  ({len(bad)} of {len(tools[t][0])} process(es) FAILED, {timeouts} of them timed out)"
            print(line, flush=True)
        for t, (_, _, _, bad) in res.items():
            if len(tools[t][0]) == 1:
                continue
            for i, c in sorted(bad.items())[:10]:
                pdf = next(a for a in reversed(tools[t][0][i]) if a.lower().endswith(".pdf"))
                why = f"timed out after {args.timeout} s (counted at that time)" if c is None else f"exit {c}"
                print(f"    {t} {why}: {pdf}")


def peak(ours, path, selection, runs, timeout):
    """(median wall s, largest peak RSS MiB, failed exit statuses) of our tool on some pages."""
    walls, largest, codes = [], 0.0, set()
    for _ in range(runs):
        wall, rss, code, _ = gb.run_measured(ours.command([path], pages=selection), timeout)
        walls.append(wall)
        largest = max(largest, rss)
        codes.add(code)
    return statistics.median(walls), largest, sorted(str(c) for c in codes if c != 0)


def memory(ours, path, pages, args):
    """Peak RSS on the first 10%, 50% and 100% of the pages, against the largest peak of the ten
    10% slices on their own: memory must follow the largest pages, not the page count."""
    print(f"\n== memory: our peak RSS on {os.path.basename(path)} (all cores, {args.repeat} runs each)")
    print(f"{'pages':>9} {'median s':>9} {'peak RSS MiB':>13}")
    rows = []
    for frac in (0.10, 0.50, 1.00):
        n = max(1, round(pages * frac))
        wall, rss, failed = peak(ours, path, f"1-{n}", args.repeat, args.timeout)
        rows.append((n, rss))
        print(f"{'1-' + str(n):>9} {wall:9.3f} {rss:13.1f}" + (f"  (FAILED: exit {', '.join(failed)})" if failed else ""), flush=True)
    (n0, r0), (n1, r1) = rows[0], rows[-1]
    print(f"peak RSS {r0:.1f} MiB for {n0} pages -> {r1:.1f} MiB for {n1} pages: "
          f"{r1 / r0:.2f}x for {n1 / n0:.1f}x the pages")
    # A rise from the first pages to all of them may be later pages being larger: each tenth
    # of the document alone shows how much its own pages need.
    slices = [(a, b) for a, b in ranges(pages, 10)]
    largest, where = 0.0, None
    for a, b in slices:
        _, rss, _ = peak(ours, path, f"{a}-{b}", 1, args.timeout)
        if rss > largest:
            largest, where = rss, f"{a}-{b}"
    print(f"largest peak of the ten slices alone: {largest:.1f} MiB (pages {where}); "
          f"whole document / that: {r1 / largest:.2f}x")


def pick_manual(arg):
    if arg == "none":
        return None
    candidates = [arg] if arg else MANUALS
    for path in candidates:
        if os.path.isfile(path):
            info = gb.pdfinfo(path)
            if arg or gb.page_count(info) >= 300:
                return path, info
        elif arg:
            sys.exit(f"no such file: {arg}")
    found = gb.find_manual(300)
    if found is None:
        log("no pdfTeX manual of 300+ pages found (apt-get install texlive-latex-base-doc): manual left out")
    return found


def collect(folder, exclude):
    """[(path, pages)] of the PDFs below `folder` that pdfinfo opens, and how many it did not
    (paths containing a text of `exclude` are not looked at)."""
    found = []
    for dirpath, _, names in os.walk(folder):
        found += [os.path.join(dirpath, n) for n in names if n.lower().endswith(".pdf")]
    found = [p for p in found if not any(x in p for x in exclude)]
    files, left = [], 0
    for path in sorted(found):
        n = gb.page_count(gb.pdfinfo(path))
        if n > 0:
            files.append((path, n))
        else:
            left += 1
    return files, left


def require_tools(pdftext):
    """Exits with a message unless the release binary and taskset (one-core runs) exist."""
    if not os.access(pdftext, os.X_OK):
        sys.exit(f"release binary not found at {pdftext}: build it with "
                 f"`swift build -c release --product pdftext` in {ROOT}, or give --pdftext PATH")
    if not shutil.which("taskset"):
        sys.exit("taskset not found (util-linux): needed for the one-core runs")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--manual", help="the long document (default: a pdfTeX manual, see above; `none` to skip)")
    ap.add_argument("--corpus", action="append", default=[], metavar="DIR", help="another folder of PDFs")
    ap.add_argument("--no-project-corpus", action="store_true", help="leave Corpus/ out")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--timeout", type=int, default=60,
                    help="seconds per process (default 60); a process killed at the limit counts as failed "
                         "and its time as the limit")
    ap.add_argument("--exclude", action="append", default=[], metavar="TEXT",
                    help="leave out the files whose path contains TEXT (e.g. bomb); may be repeated")
    ap.add_argument("--pdftext", default=os.path.join(ROOT, ".build", "release", "pdftext"))
    ap.add_argument("--no-memory", action="store_true", help="skip the peak-RSS check on the manual")
    args = ap.parse_args(argv)
    require_tools(args.pdftext)
    ours = Ours(args.pdftext)
    cores = len(os.sched_getaffinity(0))
    print(f"pdftext {args.pdftext}; ours = {ours.label}; {cores} cores; {args.repeat} rounds per measurement")

    manual = pick_manual(args.manual)
    if manual:
        path, info = manual
        pages = gb.page_count(info)
        report(f"manual {path} (producer {info.get('Producer', '?')})", [(path, pages)], ours, cores, args)
        if not args.no_memory:
            memory(ours, path, pages, args)
    folders = ([] if args.no_project_corpus else [os.path.join(ROOT, "Corpus")]) + args.corpus
    for folder in folders:
        if not os.path.isdir(folder):
            log(f"{folder}: not found, skipped")
            continue
        files, left = collect(folder, args.exclude)
        if not files:
            log(f"{folder}: no PDF that pdfinfo opens, skipped")
            continue
        report(f"{folder} ({left} PDF(s) pdfinfo does not open without a password left out)", files, ours, cores, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
