#!/usr/bin/env bash
# Runs the document-loading fuzzer: tools/fuzz/run.sh [SECONDS] [extra libFuzzer flags...]
#   SECONDS   total fuzzing time (default 600)
# Builds the binary when it is missing or older than the sources, gathers seeds into
# tools/fuzz/work/seeds (our small seeds from tools/fuzz/seeds, the project's Corpus/ and, when
# present, small files of the shared corpus, which must not be committed), keeps the growing
# corpus in tools/fuzz/work/corpus and writes crashes, timeouts and out-of-memory inputs to
# tools/fuzz/crashes/.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
seconds="${1:-600}"
shift || true
scratch="${FUZZ_SCRATCH_PATH:-$root/.build-fuzz}"
binary="$scratch/release/FuzzDocumentLoading"
shared="${FUZZ_SHARED_CORPUS:-$root/../shared/corpus}"
max_seeds="${FUZZ_MAX_SEEDS:-400}"

if [[ ! -x "$binary" ]] || [[ -n "$(find "$root/Sources" "$here" -name '*.swift' -newer "$binary" -not -path "$here/work/*" -print -quit)" ]]; then
    "$here/build.sh" >&2
fi

work="$here/work"
mkdir -p "$work/seeds" "$work/corpus" "$here/crashes"

# Seeds: our small feature seeds (tools/fuzz/seeds, written by make_seeds.py), every file in
# Corpus/ (fixtures, including Corpus/broken/) ...
cp -f "$here"/seeds/*.pdf "$work/seeds/" 2>/dev/null || true
if [[ -d "$root/Corpus" ]]; then
    find "$root/Corpus" -type f -iname '*.pdf' -print0 | while IFS= read -r -d '' f; do
        cp -f "$f" "$work/seeds/corpus_$(echo "${f#"$root/Corpus/"}" | tr '/' '_')"
    done
fi
# ... and up to $max_seeds files under 64 KB from the shared corpus, spread evenly over it.
if [[ -d "$shared" ]] && [[ -z "$(find "$work/seeds" -name 'shared_*' -print -quit)" ]]; then
    find "$shared" -type f -iname '*.pdf' -size -64k | sort > "$work/shared-list.txt"
    total=$(wc -l < "$work/shared-list.txt")
    step=$(( (total + max_seeds - 1) / max_seeds )); (( step > 0 )) || step=1
    awk -v step="$step" '(NR - 1) % step == 0' "$work/shared-list.txt" | while IFS= read -r f; do
        cp -f "$f" "$work/seeds/shared_$(echo "${f#"$shared/"}" | tr '/' '_')"
    done
fi
echo "seeds: $(find "$work/seeds" -type f | wc -l), corpus: $(find "$work/corpus" -type f | wc -l)" >&2

# Swift's own crash reporter would race libFuzzer's handlers; libFuzzer reports instead.
export SWIFT_BACKTRACE=enable=no
exec "$binary" \
    -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=1000000 \
    -dict="$here/pdf.dict" \
    -artifact_prefix="$here/crashes/" \
    -print_final_stats=1 \
    "$@" \
    "$work/corpus" "$work/seeds"
