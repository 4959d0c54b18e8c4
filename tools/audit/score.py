#!/usr/bin/env python3
"""Scores `pdftext audit` against a corpus laid out like veraPDF's PDF/UA-1 or PDF/UA-2 test corpus
(docs/AUDIT.md, "Agreement with veraPDF's corpus"): a file named
`<clause>-t<NN>-<pass|fail>-<variant>.pdf` tests rule `<clause>-<NN>` and must fail it
(`fail`) or not (`pass`). Only each file's own rule is
scored; every other rule's outcome on it is ignored.

Prints per-rule and per-folder confusion matrices (positive = the rule fails), balanced
accuracy ((TPR + TNR) / 2) over the implemented rules, overall agreement, coverage (files
scored, rule ids implemented among those the corpus tests, implemented of the profile's
rules), the abstentions (rules not implemented) and files the tool could not read.

Each file is audited with the profile it asks for (no --profile: PDF 1.x is PDF/UA-1, PDF 2.0
is PDF/UA-2), as a user running `pdftext audit FILE` gets; --profile forces one.

Usage: tools/audit/score.py [CORPUS_DIR] [--pdftext BIN] [--profile P] [--json] [--min 0.95]
  CORPUS_DIR  default ../shared/corpus/pdfua1; any copy with the same naming works
Exit 1 when balanced accuracy over the implemented rules is below --min.
"""

import argparse, json, os, re, subprocess, sys
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAME = re.compile(r"^([0-9][0-9.-]*?)-t([0-9]+)-(pass|fail)-([a-z]+)\.pdf$")


def expectation(file_name):
    """(rule id, should fail) for a corpus file name, as CorpusScoring.expectation does."""
    m = NAME.match(file_name)
    if not m:
        return None
    clause, test, verdict, _ = m.groups()
    rule = clause.replace("-", ".") + "-" + str(int(test))
    if rule == "7.18.7-1":   # no such rule: these files test embedded file specifications
        rule = "7.11-1"
    return rule, verdict == "fail"


def balanced(c):
    parts = []
    if c["tp"] + c["fn"]:
        parts.append(c["tp"] / (c["tp"] + c["fn"]))
    if c["tn"] + c["fp"]:
        parts.append(c["tn"] / (c["tn"] + c["fp"]))
    return sum(parts) / len(parts) if parts else 1.0


def rule_key(r):
    return [int(x) for x in re.split(r"[.-]", r)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", nargs="?", default=os.path.join(os.path.dirname(ROOT), "shared", "corpus", "pdfua1"))
    ap.add_argument("--pdftext", default=None)
    ap.add_argument("--json", action="store_true", help="machine-readable summary")
    ap.add_argument("--min", type=float, default=0.95)
    ap.add_argument("--batch", type=int, default=32, help="files per pdftext process")
    ap.add_argument("--profile", default=None, help="audit every file with this profile (default: what the file claims)")
    args = ap.parse_args()

    # The newest build (a stale release binary may predate the audit).
    builds = [p for p in (os.path.join(ROOT, ".build", c, "pdftext") for c in ("release", "debug")) if os.path.exists(p)]
    binary = args.pdftext or max(builds, key=os.path.getmtime, default=None)
    if not binary:
        sys.exit("score.py: no pdftext binary; run swift build first")
    if not os.path.isdir(args.corpus):
        sys.exit(f"score.py: {args.corpus}: no such folder")

    files = []
    for folder, _, names in os.walk(args.corpus):
        for n in sorted(names):
            e = expectation(n)
            if e:
                files.append((os.path.join(folder, n), os.path.relpath(folder, args.corpus).split(os.sep)[0], *e))
    files.sort()

    # Every file once, in batches: one JSON report per line (--jsonl).
    reports, errors = {}, {}
    for i in range(0, len(files), args.batch):
        chunk = [f[0] for f in files[i:i + args.batch]]
        profile = ["--profile", args.profile] if args.profile else []
        p = subprocess.run([binary, "audit", *profile, "--format", "json", "--jsonl", *chunk], capture_output=True, text=True)
        if p.returncode not in (0, 1, 4):
            sys.exit(f"score.py: {binary} audit failed (exit {p.returncode}): {p.stderr.strip()[:300]}")
        for line in p.stdout.splitlines():
            if line.strip():
                r = json.loads(line)
                reports[r["input"]["path"]] = r
        for line in p.stderr.splitlines():
            for path in chunk:
                if line.startswith(path + ":"):
                    errors[path] = line
    implemented, profile_rules, profiles = set(), set(), set()
    for r in reports.values():
        implemented |= {x["id"] for x in r["rules"] if x["status"] != "notImplemented"}
        profile_rules |= {x["id"] for x in r["rules"]}
        profiles.add((r.get("profile") or {}).get("id") or "?")

    zero = lambda: {"tp": 0, "fn": 0, "tn": 0, "fp": 0, "errors": 0}
    per_rule, per_folder = defaultdict(zero), defaultdict(zero)
    tested, abstained, disagreements = set(), [], []
    for path, folder, rule, should_fail in files:
        tested.add(rule)
        if rule not in implemented:
            abstained.append(path)
            continue
        c = zero()
        r = reports.get(path)
        if r is None:
            c["errors"] = 1
            c["fn" if should_fail else "fp"] = 1
            disagreements.append(("ERROR", path, errors.get(path, "no report")))
        else:
            failed = any(x["id"] == rule and x["status"] == "failed" for x in r["rules"])
            key = {(True, True): "tp", (True, False): "fn", (False, False): "tn", (False, True): "fp"}[(should_fail, failed)]
            c[key] = 1
            if key in ("fn", "fp"):
                disagreements.append((key.upper(), path, ""))
        for k in c:
            per_rule[rule][k] += c[k]
            per_folder[folder][k] += c[k]

    total = zero()
    for c in per_rule.values():
        for k in c:
            total[k] += c[k]
    scored = total["tp"] + total["fn"] + total["tn"] + total["fp"]
    summary = {
        "corpus": os.path.abspath(args.corpus), "files": len(files), "scored": scored, "abstained": len(abstained),
        "agreement": (total["tp"] + total["tn"]) / scored if scored else None,
        "balancedAccuracy": balanced(total) if scored else None,
        "meanRuleBalancedAccuracy": sum(balanced(c) for c in per_rule.values()) / len(per_rule) if per_rule else None,
        "rulesTested": len(tested), "rulesTestedImplemented": len(tested & implemented),
        "ruleCoverage": len(tested & implemented) / len(tested) if tested else None,
        "implemented": len(implemented), "profileRules": len(profile_rules), "profiles": sorted(profiles),
        "errors": total["errors"],
        "rules": {r: dict(c, balanced=balanced(c)) for r, c in sorted(per_rule.items(), key=lambda kv: rule_key(kv[0]))},
        "folders": {f: dict(c, balanced=balanced(c)) for f, c in sorted(per_folder.items())},
        "disagreements": [{"kind": k, "file": p, "detail": d} for k, p, d in disagreements],
        "notImplementedTested": sorted(tested - implemented, key=rule_key),
    }
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(f"corpus {summary['corpus']}: {len(files)} files, {scored} scored, {len(abstained)} abstained "
              f"(rule not implemented), {total['errors']} unreadable")
        print(f"profiles: {', '.join(sorted(profiles))}")
        print(f"rules tested by the corpus: {len(tested)}; implemented among them: {len(tested & implemented)} "
              f"({100 * summary['ruleCoverage']:.0f}%); implemented overall: {len(implemented)}/{len(profile_rules)}")
        if scored:
            print(f"agreement {summary['agreement']:.3f}; balanced accuracy {summary['balancedAccuracy']:.3f} "
                  f"(mean per rule {summary['meanRuleBalancedAccuracy']:.3f})")
        print("\nper rule (positive = the rule fails):")
        for r, c in summary["rules"].items():
            print(f"  {r:<11} TP {c['tp']:>2} FN {c['fn']:>2} TN {c['tn']:>2} FP {c['fp']:>2}  balanced {c['balanced']:.2f}")
        print("\nper folder:")
        for f, c in summary["folders"].items():
            print(f"  {f:<28} TP {c['tp']:>2} FN {c['fn']:>2} TN {c['tn']:>2} FP {c['fp']:>2}  balanced {c['balanced']:.2f}")
        if summary["notImplementedTested"]:
            print("\nnot implemented, tested by the corpus: " + ", ".join(summary["notImplementedTested"]))
        for k, p, d in disagreements:
            print(f"{k:<5} {os.path.relpath(p, args.corpus)} {d}")
    ok = scored == 0 or summary["balancedAccuracy"] >= args.min
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
