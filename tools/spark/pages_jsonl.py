#!/usr/bin/env python3
"""Per-page JSONL of many PDFs on Apache Spark: `pdftext --format jsonl` run by Spark tasks.

    tools/spark/pages_jsonl.py PATH... -o OUT.jsonl [--master URL] [--pdftext PATH]
                               [--files-per-task N] [--pdftext-jobs N] [--timeout S] [--check]

PATH: PDF files, and folders, which give every *.pdf below them (any depth, the extension in any
case, hidden files and folders left out, links to folders not followed), sorted by path. Paths
are passed on exactly as written (a relative path stays relative), so the "file" field of every
line is what the single-machine command would write.

The file list is cut into consecutive batches of --files-per-task files (default 1) and each
batch is one Spark task. A task runs, for each of its files in turn,

    pdftext --format jsonl -q --progress never -j N FILE        (N = --pdftext-jobs, default 1)

in the driver's working folder (when that folder exists on the worker), and keeps its standard
output as bytes. The driver streams the tasks' results back in order (one partition at a time,
so the driver holds one batch, not the whole output) and writes them to OUT (`-` for standard
output). The result is byte-identical to

    pdftext --format jsonl -q --progress never FILE1 FILE2 ...

with the same path strings: files in the order given, each file's pages ascending, one JSON
object (schema pdftext-page/1) per line. A file whose pdftext exits nonzero (damaged beyond
repair, a password, permissions, or killed after --timeout seconds) is reported on standard
error with its exit status and first error line; it wrote no page, as in the single-machine run,
so it is absent from OUT (should it have written pages before failing, they are kept, again as
in the single-machine run).

--pdftext PATH: the binary (default: `pdftext` on PATH, else .build/release/pdftext, else
.build/debug/pdftext of this repository). It is resolved to an absolute path on the driver, and
that path must hold the same binary on every worker.

--master URL: Spark's master (default local[*]: one worker thread per core on this machine).
Each task runs pdftext with -j 1 by default, so local[*] keeps every core busy with one file
each; on a cluster where each task gets several cores (spark.task.cpus) raise --pdftext-jobs.

--check: afterwards, runs the single-machine command above on the same path strings (in chunks
of at most --check-chunk files, whose outputs are concatenated: each file's lines do not depend
on the others) and compares its standard output with OUT byte for byte. Prints `check: identical`
or where the first difference is, and exits 1 on a difference.

Exit status: 0 success (also when some files failed: they are reported); 1 the check found a
difference; 2 bad usage, no pdftext binary, or a task could not run pdftext at all.
Needs pyspark (`pip install pyspark`) and Java 17; see tools/spark/README.md.
"""
import argparse, os, shutil, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PAGE_FLAGS = ["--format", "jsonl", "-q", "--progress", "never"]


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def find_pdftext(given):
    """Absolute path of the pdftext binary, or None."""
    if given:
        found = shutil.which(given) if os.sep not in given else (given if os.access(given, os.X_OK) else None)
        return os.path.abspath(found) if found else None
    candidates = [shutil.which("pdftext")] + [os.path.join(ROOT, ".build", c, "pdftext") for c in ("release", "debug")]
    for path in candidates:
        if path and os.access(path, os.X_OK):
            return os.path.abspath(path)
    return None


def expand(paths):
    """The PDF files of `paths` in order: a file as given, a folder as its sorted *.pdf below."""
    files = []
    for path in paths:
        if os.path.isdir(path):
            found = []
            for dirpath, dirnames, names in os.walk(path):
                dirnames[:] = [d for d in dirnames if not d.startswith(".")]
                found += [os.path.join(dirpath, n) for n in names
                          if n.lower().endswith(".pdf") and not n.startswith(".")]
            files += sorted(found)
        elif os.path.exists(path):
            files.append(path)
        else:
            sys.exit(f"pages_jsonl: no such file or folder: {path}")
    return files


def extract(pdftext, jobs, timeout, cwd, path):
    """(exit status or None when killed at the timeout, stdout bytes, first stderr line) of
    pdftext on one file. Runs on a Spark worker."""
    cmd = [pdftext] + PAGE_FLAGS + ["-j", str(jobs), path]
    try:
        done = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout,
                              cwd=cwd if os.path.isdir(cwd) else None)
    except subprocess.TimeoutExpired as e:
        return None, e.stdout or b"", f"killed after {timeout} s"
    except OSError as e:  # no binary on this worker: the driver stops with this message
        raise RuntimeError(f"cannot run {pdftext} on {os.uname().nodename}: {e}") from e
    message = done.stderr.decode("utf-8", "replace").strip().splitlines()
    return done.returncode, done.stdout, (message[0] if message else "")


def run_spark(args, files, pdftext):
    """Runs the tasks and writes OUT; returns (pages written, [(path, status, message)] failed)."""
    # Workers in local mode must use this interpreter (pyspark's default is `python3` on PATH).
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession  # imported here so that --help works without pyspark

    spark = (SparkSession.builder.master(args.master).appName("pdftext pages_jsonl")
             .config("spark.ui.showConsoleProgress", "false").getOrCreate())
    spark.sparkContext.setLogLevel("WARN")
    try:
        jobs, timeout, cwd = args.pdftext_jobs, args.timeout, os.getcwd()
        batches = -(-len(files) // args.files_per_task)

        def task(part):
            for path in part:
                status, out, message = extract(pdftext, jobs, timeout, cwd, path)
                yield path, status, out, message

        rdd = spark.sparkContext.parallelize(files, batches).mapPartitions(task)
        pages, failed = 0, []
        out = sys.stdout.buffer if args.output == "-" else open(args.output, "wb")
        try:
            # Partitions come back in order, one at a time: input order, then page order.
            for path, status, data, message in rdd.toLocalIterator(prefetchPartitions=True):
                out.write(data)
                pages += data.count(b"\n")
                if status != 0:
                    failed.append((path, status, message))
        finally:
            if out is not sys.stdout.buffer:
                out.close()
            else:
                out.flush()
        return pages, failed
    finally:
        spark.stop()


def single_machine(pdftext, files, chunk):
    """Standard output of the single-machine command over `files`, in chunks of `chunk` files."""
    data = bytearray()
    for i in range(0, len(files), chunk):
        done = subprocess.run([pdftext] + PAGE_FLAGS + files[i:i + chunk],
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        data += done.stdout
    return bytes(data)


def check(args, files, pdftext):
    """Compares OUT with the single-machine run; True when they are identical."""
    print(f"check: {os.path.basename(pdftext)} {' '.join(PAGE_FLAGS)} on the same {len(files)} file(s)", flush=True)
    start = time.perf_counter()
    expected = single_machine(pdftext, files, args.check_chunk)
    took = time.perf_counter() - start
    with open(args.output, "rb") as f:
        got = f.read()
    if got == expected:
        lines = got.count(b"\n")
        print(f"check: identical ({len(got)} bytes, {lines} lines; single machine {took:.1f} s)")
        return True
    n = next((i for i, (a, b) in enumerate(zip(got, expected)) if a != b), min(len(got), len(expected)))
    line = got[:n].count(b"\n") + 1
    print(f"check: DIFFERENT: {len(got)} bytes against {len(expected)}; first difference at byte {n} "
          f"(line {line})")
    for name, data in (("spark", got), ("single", expected)):
        text = data.split(b"\n")[line - 1][:200].decode("utf-8", "replace") if line <= data.count(b"\n") + 1 else ""
        print(f"  {name:6} line {line}: {text}")
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="+", metavar="PATH", help="PDF files and folders")
    ap.add_argument("-o", "--output", required=True, help="the JSONL file to write (`-`: standard output)")
    ap.add_argument("--master", default="local[*]", help="Spark master URL (default: local[*])")
    ap.add_argument("--pdftext", help="the pdftext binary (default: on PATH, else .build/release, else .build/debug)")
    ap.add_argument("--files-per-task", type=int, default=1, metavar="N", help="files per Spark task (default 1)")
    ap.add_argument("--pdftext-jobs", type=int, default=1, metavar="N", help="pdftext -j in each task (default 1)")
    ap.add_argument("--timeout", type=float, default=600, metavar="S",
                    help="seconds per file before pdftext is killed and the file counted as failed (default 600)")
    ap.add_argument("--check", action="store_true", help="compare OUT with the single-machine command, byte for byte")
    ap.add_argument("--check-chunk", type=int, default=1000, metavar="N",
                    help="files per single-machine process in --check (default 1000; keeps command lines short)")
    args = ap.parse_args(argv)
    if args.files_per_task < 1 or args.pdftext_jobs < 1 or args.check_chunk < 1:
        ap.error("--files-per-task, --pdftext-jobs and --check-chunk must be at least 1")
    if args.check and args.output == "-":
        ap.error("--check needs an output file")
    pdftext = find_pdftext(args.pdftext)
    if pdftext is None:
        log(f"pages_jsonl: no pdftext binary ({args.pdftext or 'not on PATH, nor in .build/release or .build/debug'}): "
            "build it with `swift build -c release --product pdftext` or give --pdftext PATH")
        return 2
    files = expand(args.paths)
    if not files:
        log("pages_jsonl: no PDF file in the given paths")
        return 2

    start = time.perf_counter()
    try:
        pages, failed = run_spark(args, files, pdftext)
    except Exception as e:  # a task that could not run pdftext fails the Spark job
        lines = str(e).strip().splitlines() or [type(e).__name__]
        log("pages_jsonl: the Spark job failed: " + next((l for l in lines if "cannot run" in l), lines[-1]))
        return 2
    took = time.perf_counter() - start
    for path, status, message in failed:
        log(f"pages_jsonl: {path}: " + ("timed out" if status is None else f"exit {status}") + (f": {message}" if message else ""))
    log(f"pages_jsonl: {len(files)} file(s), {len(files) - len(failed)} done, {len(failed)} failed; "
        f"{pages} page(s) written to {args.output} in {took:.1f} s (master {args.master}, "
        f"{-(-len(files) // args.files_per_task)} task(s), {pdftext})")
    if args.check and not check(args, files, pdftext):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
