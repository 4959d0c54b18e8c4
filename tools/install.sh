#!/usr/bin/env bash
# Installs pdftext for use (README, Install): the release binary (tools/build-release.sh:
# the Swift runtime linked statically), one man page per subcommand (docs/man) and the
# bash, zsh and fish completions (written by the binary itself), and records what it wrote
# in a manifest so that `uninstall` removes exactly that.
#
#     tools/install.sh [options]              build and install
#     tools/install.sh uninstall [options]    remove what the last install wrote
#
# Options (PREFIX and DESTDIR may also come from the environment):
#   --prefix DIR       where to install (default /usr/local)
#   --destdir DIR      staging root, prepended to every path written (packaging)
#   --pdftotext-link   also PREFIX/libexec/pdftext/pdftotext, a symlink to pdftext that
#                      makes it behave as pdftotext; put that directory first in PATH
#   --force            overwrite (or, uninstalling, remove) files that are not ours
#   --no-build         install .build/release/pdftext as it is (or --binary FILE)
#   --binary FILE      install this binary instead of building one
#
# Installed:
#   PREFIX/bin/pdftext
#   PREFIX/share/man/man1/pdftext.1, pdftext.SUBCOMMAND.1 ...
#   PREFIX/share/bash-completion/completions/pdftext
#   PREFIX/share/zsh/site-functions/_pdftext
#   PREFIX/share/fish/vendor_completions.d/pdftext.fish
#   PREFIX/share/pdftext/install-manifest     (what uninstall removes)
#
# A file already there that is not ours (not listed in a previous install's manifest with
# the same contents; for bin/pdftext, not a pdftext binary) is not overwritten: the script
# asks on a terminal and refuses otherwise, unless --force.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
action=install
prefix=${PREFIX:-/usr/local}
destdir=${DESTDIR:-}
force=0
link=0
build=1
binary=""
die() { echo "install.sh: $*" >&2; exit 1; }
while [ $# -gt 0 ]; do
    case "$1" in
        install|uninstall) action=$1 ;;
        --prefix) prefix=${2:?--prefix needs a directory}; shift ;;
        --prefix=*) prefix=${1#*=} ;;
        --destdir) destdir=${2:?--destdir needs a directory}; shift ;;
        --destdir=*) destdir=${1#*=} ;;
        --pdftotext-link) link=1 ;;
        --force) force=1 ;;
        --no-build) build=0 ;;
        --binary) binary=${2:?--binary needs a file}; build=0; shift ;;
        --binary=*) binary=${1#*=}; build=0 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument: $1 (see --help)" ;;
    esac
    shift
done
case "$prefix" in /*) ;; *) die "--prefix must be an absolute path: $prefix" ;; esac
prefix=${prefix%/}
destdir=${destdir%/}
manifest_rel=$prefix/share/pdftext/install-manifest
manifest=$destdir$manifest_rel

# Manifest lines: "file SHA256 PATH", "link TARGET PATH", "dir - PATH" (PATH without DESTDIR).
listed() { [ -f "$manifest" ] && grep -q -F -x -- "$1" "$manifest"; }
sha() { sha256sum "$1" | cut -d' ' -f1; }

confirm() {
    if [ "$force" -eq 1 ]; then return 0; fi
    if [ -t 0 ] && [ -t 2 ]; then
        printf 'install.sh: %s Overwrite? [y/N] ' "$1" >&2
        local answer; read -r answer || true
        case "$answer" in y|Y|yes) return 0 ;; esac
    fi
    die "$1 Not overwritten (--force overwrites)."
}

# Whether the file at $1 (a full path) may be replaced by the file $2 (or a symlink to $2
# when $3 is "link").
check_target() {
    local full=$1 rel=${1#"$destdir"} new=$2 kind=${3:-file}
    [ -e "$full" ] || [ -L "$full" ] || return 0
    if [ "$kind" = link ]; then
        [ -L "$full" ] && [ "$(readlink "$full")" = "$new" ] && return 0
        listed "link $(readlink "$full" 2>/dev/null || echo -) $rel" && return 0
        confirm "$full exists and is not ours."
        return 0
    fi
    [ -L "$full" ] && { confirm "$full is a symbolic link."; return 0; }
    cmp -s "$full" "$new" && return 0
    listed "file $(sha "$full") $rel" && return 0
    if [ "$rel" = "$prefix/bin/pdftext" ] && grep -q -a -F 'Text, structure and metadata out of PDF files.' "$full"; then
        return 0
    fi
    confirm "$full exists and is not ours."
}

uninstall() {
    [ -f "$manifest" ] || die "nothing to uninstall: no $manifest"
    local kind value rel full dirs=()
    while read -r kind value rel; do
        full=$destdir$rel
        case "$kind" in
            file)
                [ -e "$full" ] || continue
                if [ "$(sha "$full")" != "$value" ]; then
                    [ "$force" -eq 1 ] || { echo "install.sh: $full changed since it was installed; kept (--force removes it)" >&2; continue; }
                fi
                rm -f -- "$full" ;;
            link)
                [ -L "$full" ] || continue
                [ "$(readlink "$full")" = "$value" ] || [ "$force" -eq 1 ] || { echo "install.sh: $full points elsewhere now; kept" >&2; continue; }
                rm -f -- "$full" ;;
            dir) dirs+=("$full") ;;
        esac
    done < "$manifest"
    rm -f -- "$manifest"
    # Directories install created, deepest first, if nothing else was put in them.
    local i
    for ((i = ${#dirs[@]} - 1; i >= 0; i--)); do rmdir -- "${dirs[i]}" 2>/dev/null || true; done
    echo "uninstalled pdftext from $destdir$prefix"
}

if [ "$action" = uninstall ]; then uninstall; exit 0; fi

# The binary.
if [ "$build" -eq 1 ]; then
    "$root/tools/build-release.sh"
fi
[ -n "$binary" ] || binary=$root/.build/release/pdftext
[ -x "$binary" ] || die "no binary at $binary (run without --no-build, or tools/build-release.sh)"
"$binary" --version > /dev/null || die "$binary does not run"

# Everything to install, staged first: nothing is written until every check passed.
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
entries=()   # "SOURCE|RELATIVE PATH|MODE"
add() { entries+=("$1|$2|$3"); }
add "$binary" "$prefix/bin/pdftext" 755
shopt -s nullglob
pages=("$root"/docs/man/*.1)
[ ${#pages[@]} -gt 0 ] || die "no man pages in docs/man"
for page in "${pages[@]}"; do add "$page" "$prefix/share/man/man1/$(basename "$page")" 644; done
"$binary" --generate-completion-script bash > "$stage/bash"
"$binary" --generate-completion-script zsh > "$stage/zsh"
"$binary" --generate-completion-script fish > "$stage/fish"
add "$stage/bash" "$prefix/share/bash-completion/completions/pdftext" 644
add "$stage/zsh" "$prefix/share/zsh/site-functions/_pdftext" 644
add "$stage/fish" "$prefix/share/fish/vendor_completions.d/pdftext.fish" 644
link_rel=$prefix/libexec/pdftext/pdftotext
link_target=../../bin/pdftext

for e in "${entries[@]}"; do
    IFS='|' read -r src rel mode <<< "$e"
    check_target "$destdir$rel" "$src"
done
[ "$link" -eq 0 ] || check_target "$destdir$link_rel" "$link_target" link
[ ! -e "$manifest" ] || [ -f "$manifest" ] || die "$manifest is not a file"

# Write, recording each directory created and each file (DESTDIR itself is not recorded).
[ -z "$destdir" ] || mkdir -p -- "$destdir"
new_manifest=$stage/manifest
: > "$new_manifest"
# Directories an earlier install created stay recorded (uninstall removes them when empty).
if [ -f "$manifest" ]; then grep '^dir ' "$manifest" >> "$new_manifest" || true; fi
make_dir() {
    local rel=$1 parts=() d
    while [ "$rel" != / ] && [ ! -d "$destdir$rel" ]; do parts=("$rel" "${parts[@]}"); rel=$(dirname "$rel"); done
    for d in "${parts[@]}"; do
        mkdir -- "$destdir$d"
        echo "dir - $d" >> "$new_manifest"
    done
}
for e in "${entries[@]}"; do
    IFS='|' read -r src rel mode <<< "$e"
    make_dir "$(dirname "$rel")"
    # A new inode, not rewritten in place: a running pdftext keeps its binary.
    install -m "$mode" -- "$src" "$destdir$rel.new.$$"
    mv -f -- "$destdir$rel.new.$$" "$destdir$rel"
    echo "file $(sha "$destdir$rel") $rel" >> "$new_manifest"
done
if [ "$link" -eq 1 ]; then
    make_dir "$(dirname "$link_rel")"
    ln -sfn -- "$link_target" "$destdir$link_rel"
    echo "link $link_target $link_rel" >> "$new_manifest"
fi
# A file of the previous install that this one did not write again (a subcommand gone, the
# link no longer asked for) is removed if unchanged.
if [ -f "$manifest" ]; then
    while read -r kind value rel; do
        awk -v p="$rel" '$3 == p { found = 1 } END { exit !found }' "$new_manifest" && continue
        full=$destdir$rel
        case "$kind" in
            file) [ -f "$full" ] && [ "$(sha "$full")" = "$value" ] && rm -f -- "$full" ;;
            link) [ -L "$full" ] && [ "$(readlink "$full")" = "$value" ] && rm -f -- "$full" ;;
        esac
    done < "$manifest"
fi
make_dir "$(dirname "$manifest_rel")"
install -m 644 -- "$new_manifest" "$manifest"
echo "installed pdftext $("$destdir$prefix/bin/pdftext" --version) in $destdir$prefix (manifest: $manifest)"
[ "$link" -eq 0 ] || echo "pdftotext: put $prefix/libexec/pdftext first in PATH"
