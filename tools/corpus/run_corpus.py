#!/usr/bin/env python3
"""Runs `pdftext info --json` over every PDF in a folder (default ../shared/corpus) and
checks what issue "PDF file layer" asks of the whole corpus:

  * every file loads or fails with a clear one-line error and exit code 1 or 3 — never a
    crash (signal, exit 99), a hang (over --timeout seconds) or more than --max-rss-mib;
  * page counts equal pdfinfo's on every file pdfinfo opens;
  * with --decode-all, every stream of every file is decoded too (`pdftext info --diagnostics`
    already touches pages, outline and metadata).

Prints one line per problem and a summary; exits 1 when any file crashed, hung or passed the
memory cap, else 0. Page-count mismatches are reported, not fatal (compare them by hand).

With --glyphs, runs `pdftext glyphs` (every glyph of every page through the content
interpreter and font decoding) instead, with the same crash/hang/memory checks, and counts
glyphs and glyphs without Unicode.

    tools/corpus/run_corpus.py [--pdftext PATH] [--jobs N] [--glyphs] [DIR ...]
"""
import argparse, json, os, resource, shutil, signal, subprocess, sys, time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def passwords_for(path, known):
    name = os.path.basename(path)
    rel = os.path.relpath(path, os.path.dirname(os.path.dirname(path)))
    for key in (rel, name):
        if key in known:
            return known[key]
    return None


def load_passwords(dirs):
    known = {}
    for d in dirs:
        pj = os.path.join(d, "pdfjs", "passwords.json")
        if os.path.exists(pj):
            for k, v in json.load(open(pj)).items():
                known[k] = v
        ej = os.path.join(d, "pdfminer", "expected.json")
        if os.path.exists(ej):
            for k, v in json.load(open(ej)).items():
                if "user_password" in v:
                    known[os.path.basename(k)] = v["user_password"]
    return known


def run_limited(cmd, timeout, max_rss_mib):
    """Runs cmd; returns (rc, stdout, stderr, seconds, max_rss_mib, timed_out)."""
    start = time.time()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        timed_out = True
    elapsed = time.time() - start
    # Peak memory comes from /usr/bin/time's report on standard error (see check()).
    return proc.returncode, out, err, elapsed, timed_out


def pdfinfo_pages(path, password):
    if not shutil.which("pdfinfo"):
        return None
    cmd = ["pdfinfo"]
    if password:
        cmd += ["-upw", password]
    cmd.append(path)
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=20)
    except subprocess.TimeoutExpired:
        return None
    if r.returncode != 0:
        return None
    for line in r.stdout.decode("utf-8", "replace").splitlines():
        if line.startswith("Pages:"):
            try:
                return int(line.split()[1])
            except ValueError:
                return None
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dirs", nargs="*", default=[os.path.join(ROOT, "..", "shared", "corpus")])
    ap.add_argument("--pdftext", default=os.path.join(ROOT, ".build", "release", "pdftext"))
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--max-rss-mib", type=float, default=1024.0)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--no-pdfinfo", action="store_true", help="skip the page-count comparison")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--glyphs", action="store_true", help="run `pdftext glyphs` on every page instead of `info`")
    args = ap.parse_args()

    dirs = [d for d in args.dirs if os.path.isdir(d)]
    if not dirs:
        print(f"skipped: no corpus folder among {args.dirs}")
        return 0
    if not os.path.exists(args.pdftext):
        print(f"error: {args.pdftext} not built (swift build -c release)", file=sys.stderr)
        return 2
    files = sorted(os.path.join(r, f) for d in dirs for r, _, fs in os.walk(d) for f in fs if f.lower().endswith(".pdf"))
    known = load_passwords(dirs)
    time_bin = shutil.which("time") or "/usr/bin/time"
    have_time = os.path.exists(time_bin)

    def check(path):
        pw = passwords_for(path, known)
        cmd = [args.pdftext, "glyphs", "--no-header"] if args.glyphs else [args.pdftext, "info", "--json", "--diagnostics"]
        if pw is not None:
            cmd += ["--password", pw]
        cmd.append(path)
        if have_time:
            cmd = [time_bin, "-f", "MAXRSS_KB=%M"] + cmd
        rc, out, err, secs, timed_out = run_limited(cmd, args.timeout, args.max_rss_mib)
        err_text = err.decode("utf-8", "replace")
        rss_mib = None
        lines = []
        for line in err_text.splitlines():
            if line.startswith("MAXRSS_KB="):
                rss_mib = int(line.split("=")[1]) / 1024
            elif line.startswith("Command terminated by signal") or line.startswith("Command exited with non-zero status"):
                continue
            else:
                lines.append(line)
        result = {"file": path, "rc": rc, "secs": secs, "rss": rss_mib, "timeout": timed_out, "stderr": lines}
        if rc == 0 and args.glyphs:
            rows = out.decode("utf-8", "replace").splitlines()
            result["glyphs"] = len(rows)
            result["unmapped"] = sum(1 for row in rows if "\tnone\t" in row)
            result["pages"] = None
        elif rc == 0:
            try:
                result["pages"] = json.loads(out.decode("utf-8").splitlines()[0])["pages"]
            except Exception as e:
                result["badjson"] = str(e)
        if not args.no_pdfinfo and not args.glyphs:
            result["pdfinfo"] = pdfinfo_pages(path, pw)
        return result

    crashes, hangs, heavy, clear_errors, ok, mismatches, unclear = [], [], [], [], 0, [], []
    worst_rss, worst_secs = (0.0, ""), (0.0, "")
    total_glyphs, total_unmapped = 0, 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for r in pool.map(check, files):
            name = os.path.relpath(r["file"], dirs[0])
            if r.get("rss") and r["rss"] > worst_rss[0]:
                worst_rss = (r["rss"], name)
            if r["secs"] > worst_secs[0]:
                worst_secs = (r["secs"], name)
            if r["timeout"]:
                hangs.append(name); print(f"HANG     {name} (> {args.timeout}s)")
            elif r["rc"] is None or r["rc"] < 0 or r["rc"] >= 99 or r["rc"] == 2:
                crashes.append(name); print(f"CRASH    {name} rc={r['rc']} {' | '.join(r['stderr'][-3:])}")
            elif r["rc"] in (1, 3):
                msg = r["stderr"][0] if r["stderr"] else ""
                if len(r["stderr"]) != 1 or not msg.startswith("pdftext: "):
                    unclear.append(name); print(f"UNCLEAR  {name} rc={r['rc']} {r['stderr'][:3]}")
                clear_errors.append((name, msg))
                if args.verbose:
                    print(f"ERROR    {name}: {msg}")
            elif r["rc"] == 0:
                ok += 1
                total_glyphs += r.get("glyphs", 0)
                total_unmapped += r.get("unmapped", 0)
            if r.get("rss") and r["rss"] > args.max_rss_mib:
                heavy.append(name); print(f"MEMORY   {name} {r['rss']:.0f} MiB")
            if "badjson" in r:
                unclear.append(name); print(f"BADJSON  {name}: {r['badjson']}")
            pi = r.get("pdfinfo")
            if pi is not None and r.get("pages") != pi:
                mismatches.append((name, r.get("pages"), pi))
                print(f"PAGES    {name}: pdftext {r.get('pages')} pdfinfo {pi}")
    compared = sum(1 for _ in files)
    print()
    print(f"files: {len(files)}  loaded: {ok}  clear errors: {len(clear_errors)}  unclear errors: {len(unclear)}")
    print(f"crashes: {len(crashes)}  hangs: {len(hangs)}  over {args.max_rss_mib:.0f} MiB: {len(heavy)}")
    print(f"largest peak memory: {worst_rss[0]:.0f} MiB ({worst_rss[1]}); slowest: {worst_secs[0]:.2f} s ({worst_secs[1]})")
    if args.glyphs:
        print(f"glyphs: {total_glyphs}  without Unicode: {total_unmapped}")
    if not args.no_pdfinfo and not args.glyphs:
        print(f"page-count mismatches with pdfinfo (files pdfinfo opens): {len(mismatches)}")
    for name, msg in clear_errors:
        print(f"  error: {name}: {msg}")
    return 1 if (crashes or hangs or heavy or unclear) else 0


if __name__ == "__main__":
    sys.exit(main())
