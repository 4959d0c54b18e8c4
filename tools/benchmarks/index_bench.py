#!/usr/bin/env python3
"""Times `pdftext index` and `pdftext search`: indexing throughput (against text extraction by
`pdftotext` and `mutool draw -F txt`), incremental runs, query latency and index size.

    tools/benchmarks/index_bench.py [--pages N] [--work DIR] [--source DIR]... [--repeat N]
                                    [--query-repeat N] [--queries FILE] [--pdftext PATH]
                                    [--timeout S] [--index-timeout S] [--json FILE]

The set: every PDF under --source (default Corpus/; may be repeated) that pdfinfo opens without
a password (page counts are pdfinfo's; the others are counted and left out), copied round after
round into DIR/pdfs/copy-NNNN/<source>/<path> (DIR: --work, default /tmp/pdftext-index-bench)
until the copies hold at least --pages pages (default 10000). Copy N of a file is its bytes
followed by the line `%% copy N` (after a newline when the file does not end with one): a PDF
comment after %%EOF, so the file stays valid, and every copy has its own content hash, so the
index holds every copy as a document of its own. DIR is emptied and rebuilt on every run; a DIR
that exists, is not empty and was not made by this program is refused.

Indexing, each measurement repeated --repeat times (default 1), tools in rotated order:
  ours       1 core:    taskset -c 0 pdftext index DIR/pdfs --db DIR/one-core.sqlite -j 1 -q
             all cores: pdftext index DIR/pdfs --db DIR/all-cores.sqlite -q
             the index file is deleted before every round, so each round builds a fresh index.
  pdftotext  pdftotext -q FILE /dev/null
  mutool     mutool draw -q -F txt -o /dev/null FILE
             one process per file: in a row under `taskset -c 0` (1 core), and through a pool
             of N workers (all cores; N = the cores this process may use).
The tables give the median and best wall time, pages per second (set pages / median), the
median CPU time (user + system of the processes) and the wall-time ratios ours / tool (below 1:
we are faster). The work differs: ours extracts the text, splits and folds its words, and
writes the index (text, terms, word boxes) in SQLite transactions; pdftotext and mutool only
extract the text and throw it away. Ours runs as one process over the folder, they pay process
start-up per file. Then the incremental run: `pdftext index DIR/pdfs --db DIR/all-cores.sqlite
-q` again over the unchanged folder, where every file is skipped on its size and modification
time (median of --repeat runs). A missing pdftotext or mutool leaves its rows out, a missing
taskset the one-core rows, each with the reason printed.

Queries, on the all-cores index: a fixed list of about 20 queries of different kinds, all of
them found in Corpus/ (common and rare words, two words, phrases, prefixes, OR, NOT, grouping,
a number, Chinese, Japanese, Greek, Russian, Arabic, Hebrew, and a word found nowhere), or
--queries FILE (one query per line; empty lines and lines starting with # are skipped). For each:
  hits       "total" of `pdftext search --db DB QUERY --json --limit 10`; its "ftsQuery" is the
             SQLite FTS5 MATCH expression the query became.
  end-to-end the `pdftext search --db DB QUERY --limit 10` process (output to /dev/null): start,
             open the index, query, snippets, exit. One warm-up run, then --query-repeat runs
             (default 20); median and p95.
  FTS5       the ftsQuery alone in this process through Python's sqlite3 on the same file
             (opened read-only once): `SELECT rowid, bm25(pages) FROM pages WHERE pages MATCH ?
             ORDER BY bm25(pages) LIMIT 10`, all rows fetched; one warm-up, then --query-repeat
             runs; median and p95.
p95 is the nearest-rank 95th percentile. Summary lines give p50 and p95 over every run of every
query, for each of the two columns.

Index size: the all-cores index file (with its -wal and -shm files when present) in bytes and
bytes per indexed page, next to the size of the PDFs.

--json FILE writes every number: the set, each round's times, the index counts (documents,
pages, failures), every query's samples and the sizes.
Needs the release binary: `swift build -c release --product pdftext` (or --pdftext PATH; a debug
build is used, with a warning, when there is no release build).
"""
import argparse, json, math, os, shutil, sqlite3, statistics, subprocess, sys, time, unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import text_bench as tb  # noqa: E402  (process runs, tool commands, PDF collection)

ROOT = tb.ROOT
log = tb.log
MARKER = ".pdftext-index-bench"
SQL = "SELECT rowid, bm25(pages) FROM pages WHERE pages MATCH ? ORDER BY bm25(pages) LIMIT 10"
SEARCH_LIMIT = "10"

# (kind, query): each query's words are in Corpus/ (the texts in Corpus/text/*.txt), but one.
QUERIES = [
    ("common word", "the"),
    ("common word", "water"),
    ("rare word", "thursday"),
    ("rare word", "waffle"),
    ("two words", "lighthouse keeper"),
    ("phrase", '"fish soup"'),
    ("phrase, 3 words", '"the lighthouse stands"'),
    ("prefix", "fish*"),
    ("short prefix", "harb*"),
    ("OR", "ferry OR lighthouse"),
    ("NOT", "water NOT harbour"),
    ("grouping", "(lighthouse OR ferry) AND boat"),
    ("number", "2020"),
    ("Chinese", "长江"),
    ("Chinese", "重庆"),
    ("Japanese", "花火"),
    ("Japanese (vertical)", "豆腐"),
    ("Greek", "νησί"),
    ("Russian", "самовар"),
    ("Arabic", "العربي"),
    ("Hebrew", "הספרייה"),
    ("no hit", "xylophone"),
]


def pad(text, width):
    """`text` padded with spaces to `width` terminal columns (wide CJK characters take two)."""
    used = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    return text + " " * max(0, width - used)


def percentile(values, q):
    """Nearest-rank percentile q (0-100) of a non-empty list."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def find_pdftext(given):
    """The binary to time: --pdftext, else the release build, else the debug build (warned)."""
    if given:
        if not os.access(given, os.X_OK):
            sys.exit(f"no pdftext binary at {given}")
        return given
    release, debug = (os.path.join(ROOT, ".build", c, "pdftext") for c in ("release", "debug"))
    if os.access(release, os.X_OK):
        return release
    if os.access(debug, os.X_OK):
        log(f"WARNING: no release build ({release}); timing the DEBUG build {debug}: its numbers are not "
            "meaningful (`swift build -c release --product pdftext`)")
        return debug
    sys.exit(f"no pdftext binary: build it with `swift build -c release --product pdftext` in {ROOT}, "
             "or give --pdftext PATH")


def require_index(pdftext):
    """Exits unless the binary has the index and search subcommands."""
    help_text = subprocess.run([pdftext, "--help"], capture_output=True, text=True, errors="replace").stdout
    listed = {line.split()[0] for line in help_text.partition("SUBCOMMANDS:")[2].splitlines() if line.split()}
    missing = {"index", "search"} - listed
    if missing:
        sys.exit(f"{pdftext} has no {' or '.join(sorted(missing))} subcommand")


def build_set(work, sources, pages):
    """Fills work/pdfs with copies of the sources' PDFs; returns a description of the set."""
    originals, left = [], 0
    for source in sources:
        if not os.path.isdir(source):
            sys.exit(f"{source}: no such folder")
        found, n = tb.collect(source, [])
        top = os.path.dirname(os.path.abspath(source))
        originals += [(path, count, os.path.relpath(os.path.abspath(path), top)) for path, count in found]
        left += n
    per_round = sum(count for _, count, _ in originals)
    if per_round == 0:
        sys.exit("no PDF that pdfinfo opens without a password in " + ", ".join(sources))
    rounds = max(1, math.ceil(pages / per_round))

    if os.path.isdir(work) and os.listdir(work) and not os.path.exists(os.path.join(work, MARKER)):
        sys.exit(f"{work} exists, is not empty and was not made by index_bench.py: give another --work")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    open(os.path.join(work, MARKER), "w").close()
    contents = []
    for path, _, rel in originals:
        with open(path, "rb") as f:
            data = f.read()
        contents.append(data if data.endswith((b"\n", b"\r")) else data + b"\n")
    files, size = [], 0
    for n in range(1, rounds + 1):
        for (_, count, rel), data in zip(originals, contents):
            copy = os.path.join(work, "pdfs", f"copy-{n:04d}", rel)
            os.makedirs(os.path.dirname(copy), exist_ok=True)
            with open(copy, "wb") as f:
                f.write(data + f"%% copy {n}\n".encode())
            files.append((copy, count))
            size += len(data) + len(f"%% copy {n}\n")
    return {"folder": os.path.join(work, "pdfs"), "sources": sources, "source_files": len(originals),
            "source_pages": per_round, "left_out": left, "copies": rounds, "files": files,
            "pages": per_round * rounds, "bytes": size}


def remove_db(db):
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)


def db_size(db):
    return sum(os.path.getsize(db + s) for s in ("", "-wal", "-shm") if os.path.exists(db + s))


def db_counts(db):
    """{documents, pages, failures} of an index, or {} when it cannot be read."""
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("documents", "pages", "failures")}
    except sqlite3.Error:
        return {}


def index_plans(pdftext, folder, files, work, cores, taskset):
    """[(mode title, {tool: (commands, workers, index file or None)})] of the indexing runs."""
    paths = [p for p, _ in files]
    ours = [pdftext, "index", folder, "-q", "--db"]
    tools = tb.others()
    plans = []
    if taskset:
        db = os.path.join(work, "one-core.sqlite")
        one = {"ours (index -j 1)": ([tb.ONE_CORE + ours + [db, "-j", "1"]], 1, db)}
        one.update({t: ([tb.ONE_CORE + build(p) for p in paths], 1, None) for t, build in tools.items()})
        plans.append(("1 core (taskset -c 0)", one))
    else:
        log("taskset not found (util-linux): the one-core rows are left out")
    db = os.path.join(work, "all-cores.sqlite")
    every = {"ours (index)": ([ours + [db]], 1, db)}
    every.update({t: ([build(p) for p in paths], cores, None) for t, build in tools.items()})
    plans.append((f"all cores ({cores})", every))
    return plans


def measure(tools, repeat, timeout, index_timeout):
    """tool -> {"wall": [s], "cpu": [s], "failed": {command index: status}, "index": counts}.
    Our index file is deleted before each of our rounds; exit status 4 (some files could not be
    indexed) is not a failure of the run: the index counts say how many files failed."""
    res = {t: {"wall": [], "cpu": [], "failed": {}} for t in tools}
    names = list(tools)
    for r in range(repeat):
        for t in names[r % len(names):] + names[:r % len(names)]:
            cmds, workers, db = tools[t]
            if db:
                remove_db(db)
            wall, cpu, failed = tb.run_all(cmds, workers, index_timeout if db else timeout)
            if db:
                failed = {i: c for i, c in failed.items() if c != 4}
                res[t]["index"] = db_counts(db)
            res[t]["wall"].append(wall)
            res[t]["cpu"].append(cpu)
            res[t]["failed"].update(failed)
    return res


def print_index_table(mode, res, pages, tools):
    refs = [t for t in res if not t.startswith("ours")]
    print(f"\n{mode:24} {'median s':>9} {'best s':>8} {'pages/s':>9} {'CPU s':>8}"
          + "".join(f" {'ours/' + t:>15}" for t in refs))
    ours = next(t for t in res if t.startswith("ours"))
    for t, r in res.items():
        med = statistics.median(r["wall"])
        line = f"  {t:22} {med:9.3f} {min(r['wall']):8.3f} {pages / med:9.1f} {statistics.median(r['cpu']):8.3f}"
        if t == ours:
            line += "".join(f" {med / statistics.median(res[x]['wall']):15.2f}" for x in refs)
        if r["failed"]:
            timeouts = sum(1 for c in r["failed"].values() if c is None)
            line += f"  ({len(r['failed'])} of {len(tools[t][0])} process(es) FAILED, {timeouts} timed out)"
        print(line, flush=True)
    counts = res[ours].get("index", {})
    if counts:
        print(f"  index: {counts.get('documents')} files, {counts.get('pages')} pages (pdfinfo counts {pages}), "
              f"{counts.get('failures')} failed")


def incremental(pdftext, folder, db, repeat, timeout):
    """Median seconds of indexing the unchanged folder again, and the counts afterwards."""
    walls = []
    for _ in range(repeat):
        wall, _, failed = tb.run_all([[pdftext, "index", folder, "-q", "--db", db]], 1, timeout)
        walls.append(wall)
        if failed and failed.get(0) != 4:
            log(f"incremental run failed: exit {failed[0]}")
    return {"wall": walls, "median": statistics.median(walls), "index": db_counts(db)}


def load_queries(path):
    if not path:
        return QUERIES
    with open(path, encoding="utf-8") as f:
        lines = [line.strip() for line in f]
    return [("custom", q) for q in lines if q and not q.startswith("#")]


def time_query(pdftext, db, conn, kind, query, repeat, timeout):
    """Hits, ftsQuery and latency samples (seconds) of one query; None when search fails."""
    done = subprocess.run([pdftext, "search", "--db", db, query, "--json", "--limit", SEARCH_LIMIT],
                          capture_output=True, timeout=timeout)
    if done.returncode not in (0, 1):
        log(f"query {query!r}: pdftext search exit {done.returncode}: "
            + done.stderr.decode("utf-8", "replace").strip()[:200])
        return None
    answer = json.loads(done.stdout)
    fts = answer["ftsQuery"]
    cmd = [pdftext, "search", "--db", db, query, "--limit", SEARCH_LIMIT]
    e2e = []
    for i in range(repeat + 1):  # the first run warms the caches and is not kept
        start = time.perf_counter()
        tb.run(cmd, timeout)
        if i:
            e2e.append(time.perf_counter() - start)
    inproc, rows = [], []
    for i in range(repeat + 1):
        start = time.perf_counter()
        rows = conn.execute(SQL, (fts,)).fetchall()
        if i:
            inproc.append(time.perf_counter() - start)
    expected = min(answer["total"], int(SEARCH_LIMIT))
    if len(rows) != expected:
        log(f"query {query!r}: sqlite3 returned {len(rows)} rows, pdftext search {expected} hits")
    return {"kind": kind, "query": query, "ftsQuery": fts, "total": answer["total"], "rows": len(rows),
            "end_to_end": e2e, "fts5": inproc}


def run_queries(pdftext, db, queries, repeat, timeout):
    print(f"\n== queries on the all-cores index ({repeat} runs each after a warm-up; ms)")
    print("   end-to-end: the `pdftext search --db DB QUERY --limit 10` process; "
          "FTS5: its ftsQuery alone in Python's sqlite3,")
    print(f"   {SQL}")
    print(f"{'kind':20} {'query':32} {'hits':>6} {'e2e p50':>8} {'e2e p95':>8} {'FTS5 p50':>9} {'FTS5 p95':>9}  ftsQuery")
    results = []
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        for kind, query in queries:
            r = time_query(pdftext, db, conn, kind, query, repeat, timeout)
            if r is None:
                continue
            results.append(r)
            ms = [1000 * f(r[k]) for k in ("end_to_end", "fts5") for f in (statistics.median, lambda v: percentile(v, 95))]
            print(f"{kind:20} {pad(query, 32)} {r['total']:6} {ms[0]:8.2f} {ms[1]:8.2f} {ms[2]:9.3f} {ms[3]:9.3f}  {r['ftsQuery']}",
                  flush=True)
    summary = {}
    for k, label in (("end_to_end", "end-to-end (pdftext search process)"), ("fts5", "FTS5 query alone (sqlite3)")):
        samples = [s for r in results for s in r[k]]
        if samples:
            slowest = max(results, key=lambda r: statistics.median(r[k]))
            summary[k] = {"p50": statistics.median(samples), "p95": percentile(samples, 95),
                          "slowest": slowest["query"], "slowest_median": statistics.median(slowest[k])}
            s = summary[k]
            print(f"{label:38} p50 {1000 * s['p50']:8.3f} ms  p95 {1000 * s['p95']:8.3f} ms  "
                  f"(over {len(samples)} runs; slowest median: {s['slowest']!r}, {1000 * s['slowest_median']:.3f} ms)")
    return results, summary


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pages", type=int, default=10000, help="at least this many pages in the set (default 10000)")
    ap.add_argument("--work", default="/tmp/pdftext-index-bench", metavar="DIR",
                    help="working folder, emptied and rebuilt (default /tmp/pdftext-index-bench)")
    ap.add_argument("--source", action="append", metavar="DIR", help="folder of PDFs to copy (default Corpus/)")
    ap.add_argument("--repeat", type=int, default=1, help="rounds of each indexing measurement (default 1)")
    ap.add_argument("--query-repeat", type=int, default=20, help="runs of each query (default 20)")
    ap.add_argument("--queries", metavar="FILE", help="queries to time, one per line (default: the built-in list)")
    ap.add_argument("--pdftext", help="the binary (default .build/release/pdftext, else .build/debug/pdftext)")
    ap.add_argument("--timeout", type=int, default=60,
                    help="seconds per pdftotext, mutool or search process (default 60); a process killed at the "
                         "limit counts as failed and its time as the limit")
    ap.add_argument("--index-timeout", type=int, default=3600, help="seconds per `pdftext index` run (default 3600)")
    ap.add_argument("--json", metavar="FILE", help="write every number to FILE")
    args = ap.parse_args(argv)
    if args.pages < 1 or args.repeat < 1 or args.query_repeat < 1:
        ap.error("--pages, --repeat and --query-repeat must be at least 1")
    pdftext = find_pdftext(args.pdftext)
    require_index(pdftext)
    cores = len(os.sched_getaffinity(0))
    taskset = shutil.which("taskset") is not None
    print(f"pdftext {pdftext}; {cores} cores; {args.repeat} round(s) per indexing measurement, "
          f"{args.query_repeat} runs per query")

    work = os.path.abspath(args.work)
    s = build_set(work, args.source or [os.path.join(ROOT, "Corpus")], args.pages)
    print(f"\n== set: {s['copies']} cop{'y' if s['copies'] == 1 else 'ies'} of {s['source_files']} files ({s['source_pages']} pages) from "
          f"{', '.join(s['sources'])} = {len(s['files'])} files, {s['pages']} pages, {s['bytes'] / 1e6:.1f} MB "
          f"in {s['folder']} ({s['left_out']} PDF(s) pdfinfo does not open without a password left out)")

    print("\n== indexing: a fresh index each round. Ours extracts, tokenizes and writes the index; "
          "pdftotext and mutool only extract the text (one process per file)")
    report = {"pdftext": pdftext, "cores": cores, "repeat": args.repeat, "query_repeat": args.query_repeat,
              "set": {k: v for k, v in s.items() if k != "files"}, "indexing": {}}
    for mode, tools in index_plans(pdftext, s["folder"], s["files"], work, cores, taskset):
        res = measure(tools, args.repeat, args.timeout, args.index_timeout)
        print_index_table(mode, res, s["pages"], tools)
        report["indexing"][mode] = {t: dict(r, failed={str(i): c for i, c in r["failed"].items()},
                                            pages_per_second=s["pages"] / statistics.median(r["wall"]))
                                    for t, r in res.items()}

    db = os.path.join(work, "all-cores.sqlite")
    inc = incremental(pdftext, s["folder"], db, args.repeat, args.index_timeout)
    report["incremental"] = inc
    print(f"\nincremental run over the unchanged folder (every file skipped): median {inc['median']:.3f} s; "
          f"index {inc['index'].get('documents')} files, {inc['index'].get('pages')} pages")

    counts = db_counts(db)
    size = db_size(db)
    report["index_size"] = {"bytes": size, "pages": counts.get("pages"), "pdf_bytes": s["bytes"],
                            "bytes_per_page": size / counts["pages"] if counts.get("pages") else None}
    print(f"\n== index size: {size:,} bytes for {counts.get('pages')} pages "
          f"({report['index_size']['bytes_per_page'] or 0:,.0f} bytes per page; the PDFs: {s['bytes']:,} bytes, "
          f"index / PDFs {size / s['bytes']:.2f})")

    results, summary = run_queries(pdftext, db, load_queries(args.queries), args.query_repeat, args.timeout)
    report["queries"], report["query_summary"] = results, summary
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1, ensure_ascii=False)
        print(f"\nevery number: {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
