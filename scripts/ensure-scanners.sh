#!/usr/bin/env bash
# `npm run security` uses Debian's wapiti and sqlmap (never a downloaded copy). Install them when missing,
# the way scripts/ensure-chromium.sh installs Chromium.
set -euo pipefail
missing=()
for tool in wapiti sqlmap; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Missing scanners (${missing[*]}): installing Debian's packages..."
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
    echo "error: ${missing[*]} not installed and this user cannot install them. Run as root: apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
else SUDO=""; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || { echo "error: apt-get update failed; install Debian's ${missing[*]} by hand" >&2; exit 1; }
$SUDO apt-get install -y -qq "${missing[@]}" >/dev/null || { echo "error: apt-get install ${missing[*]} failed" >&2; exit 1; }
for tool in "${missing[@]}"; do command -v "$tool" >/dev/null; done
