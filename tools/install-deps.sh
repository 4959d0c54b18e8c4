#!/usr/bin/env bash
# Installs the Debian packages pdftext builds against (zlib, FreeType, ICU headers and
# pkg-config), only those missing. Uses sudo when not root. Safe to run again.
set -euo pipefail
packages=(zlib1g-dev libfreetype-dev libicu-dev pkg-config poppler-data)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "installing: ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
