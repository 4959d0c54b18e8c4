#!/usr/bin/env bash
# Runs one fuzzer: tools/fuzz/run.sh [TARGET] [SECONDS] [extra libFuzzer flags...]
#   TARGET    FuzzDocumentLoading (the default), FuzzGlyphExtraction, FuzzContentStream, FuzzCMap,
#             FuzzSearch, FuzzWriters, or an image decoder's: FuzzCCITT, FuzzDCT, FuzzJPX,
#             FuzzJBIG2, FuzzImageSamples
#   SECONDS   total fuzzing time (default 600)
# Builds the binary when it is missing or older than the sources, gathers the target's seeds
# into tools/fuzz/work/<TARGET>/seeds (see README.md; small files of the shared corpus, when
# present, are copied there and must not be committed), keeps the growing corpus in
# tools/fuzz/work/<TARGET>/corpus and writes crashes, timeouts and out-of-memory inputs to
# tools/fuzz/crashes/<TARGET>/.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
target=FuzzDocumentLoading
if [[ "${1:-}" == Fuzz* ]]; then target="$1"; shift; fi
seconds="${1:-600}"
shift || true
scratch="${FUZZ_SCRATCH_PATH:-$root/.build-fuzz}"
binary="$scratch/release/$target"
shared="${FUZZ_SHARED_CORPUS:-$root/../shared/corpus}"
max_seeds="${FUZZ_MAX_SEEDS:-400}"

if [[ ! -x "$binary" ]] || [[ -n "$(find "$root/Sources" "$here" -name '*.swift' -newer "$binary" -not -path "$here/work/*" -print -quit)" ]]; then
    FUZZ_TARGET="$target" "$here/build.sh" >&2
fi

work="$here/work/$target"
crashes="$here/crashes/$target"
seeds="$work/seeds"
mkdir -p "$seeds" "$work/corpus" "$crashes"

corpus_pdfs() { find "$root/Corpus" -type f -iname '*.pdf' -print0 2>/dev/null; }
# Up to $max_seeds PDFs under 64 KB from the shared corpus, spread evenly over it.
shared_pdfs() {
    [[ -d "$shared" ]] || return 0
    find "$shared" -type f -iname '*.pdf' -size -64k | sort > "$here/work/shared-list.txt"
    total=$(wc -l < "$here/work/shared-list.txt")
    step=$(( (total + max_seeds - 1) / max_seeds )); (( step > 0 )) || step=1
    awk -v step="$step" '(NR - 1) % step == 0' "$here/work/shared-list.txt"
}

dict="$here/pdf.dict"
extra=()
case "$target" in
FuzzDocumentLoading|FuzzGlyphExtraction|FuzzWriters)
    # Our small feature seeds (make_seeds.py), every PDF in Corpus/ (Corpus/broken/ and
    # Corpus/hostile/ too) and small shared-corpus files.
    cp -f "$here"/seeds/*.pdf "$seeds/" 2>/dev/null || true
    corpus_pdfs | while IFS= read -r -d '' f; do
        cp -f "$f" "$seeds/corpus_$(echo "${f#"$root/Corpus/"}" | tr '/' '_')"
    done
    if [[ -z "$(find "$seeds" -name 'shared_*' -print -quit)" ]]; then
        shared_pdfs | while IFS= read -r f; do cp -f "$f" "$seeds/shared_$(echo "${f#"$shared/"}" | tr '/' '_')"; done
    fi
    if [[ "$target" != FuzzDocumentLoading ]]; then
        cat "$here/pdf.dict" "$here/content.dict" > "$here/work/glyphs.dict"
        dict="$here/work/glyphs.dict"
    fi
    # The writers print every input's text: discard it (crash reports still come through).
    [[ "$target" == FuzzWriters ]] && extra=(-close_fd_mask=3 -max_len=200000)
    ;;
FuzzContentStream|FuzzCMap)
    kind=content; dict="$here/content.dict"
    [[ "$target" == FuzzCMap ]] && { kind=cmap; dict="$here/cmap.dict"; }
    cp -f "$here/seeds/$kind"/* "$seeds/"
    # Streams of the Corpus/ PDFs and small shared-corpus files, inflated.
    { corpus_pdfs | tr '\0' '\n'; shared_pdfs; } | xargs -d '\n' python3 "$here/extract_seeds.py" "$kind" "$seeds"
    # Predefined CMaps of poppler-data (only copied into the git-ignored work folder).
    if [[ "$kind" == cmap ]] && [[ -d /usr/share/poppler/cMap ]]; then
        find /usr/share/poppler/cMap -type f -size -24k | sort | awk 'NR % 8 == 1' | head -40 | while IFS= read -r f; do
            cp -f "$f" "$seeds/poppler_$(basename "$f")"
        done
    fi
    ;;
FuzzSearch)
    # Page texts in many scripts (Corpus/text/*.txt, copied into seeds/search) and queries.
    dict="$here/search.dict"
    cp -f "$here/seeds/search"/* "$seeds/"
    ;;
FuzzCCITT|FuzzDCT|FuzzJPX|FuzzJBIG2|FuzzImageSamples)
    # Image codec data (tools/fuzz/make_image_seeds.py; CCITT's fixtures are made by
    # tools/corpus/make-ccitt-fixtures.py into the work folder). No dictionary: binary data.
    case "$target" in
    FuzzCCITT) kind=ccitt ;; FuzzDCT) kind=dct ;; FuzzJPX) kind=jpx ;; FuzzJBIG2) kind=jbig2 ;; *) kind=image-samples ;;
    esac
    [[ -d "$here/seeds/$kind" ]] && cp -f "$here/seeds/$kind"/* "$seeds/"
    printf '"\\x00"\n' > "$here/work/empty.dict"
    dict="$here/work/empty.dict"
    ;;
*) echo "unknown target $target" >&2; exit 2 ;;
esac
echo "$target: seeds $(find "$seeds" -type f | wc -l), corpus $(find "$work/corpus" -type f | wc -l)" >&2

# The Swift runtime's caches and our process-wide ones (fonts of FuzzContentStream's fixed
# page, predefined CMaps) hold pointers LeakSanitizer cannot see, so it reports them as leaks;
# the targets after document loading run without leak detection (memory growth is still caught
# by -rss_limit_mb and -malloc_limit_mb).
leaks=()
if [[ "$target" != FuzzDocumentLoading ]]; then
    leaks=(-detect_leaks=0)
    # ... and at exit (each -fork child runs ASan's exit-time check too).
    export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
fi
# Swift's own crash reporter would race libFuzzer's handlers; libFuzzer reports instead.
export SWIFT_BACKTRACE=enable=no
exec "$binary" \
    -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=1000000 \
    -dict="$dict" \
    -artifact_prefix="$crashes/" \
    -print_final_stats=1 \
    "${leaks[@]}" "${extra[@]}" "$@" \
    "$work/corpus" "$seeds"
