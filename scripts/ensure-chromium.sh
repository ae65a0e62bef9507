#!/usr/bin/env bash
# Browser tests use Debian's Chromium (never a downloaded browser). Install it when missing.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
echo "Chromium is missing: installing Debian's chromium package..."
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
    echo "error: Chromium is not installed and this user cannot install it. Run as root: apt-get install -y chromium" >&2
    exit 1
  fi
else SUDO=""; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || { echo "error: apt-get update failed; install Debian's chromium package by hand" >&2; exit 1; }
$SUDO apt-get install -y -qq chromium >/dev/null || { echo "error: apt-get install chromium failed" >&2; exit 1; }
command -v chromium >/dev/null
