#!/usr/bin/env bash
# Installs Debian's packages for the tools the tests and scans run (never a downloaded copy) when a command is
# missing. Usage: ensure-debian-tools.sh <command>[=<package>] ...   e.g. chromium ffmpeg ffprobe=ffmpeg wapiti
# Debian keeps them patched: Chromium for the browser tests, ffmpeg for media (docs/decisions/0016), wapiti
# and sqlmap for `npm run security`, nginx in front of several instances (tests/e2e/scale-out.spec.ts).
set -euo pipefail
packages=()
for wanted in "$@"; do
  command="${wanted%%=*}"
  package="${wanted#*=}"
  if ! command -v "$command" >/dev/null 2>&1 && [[ ! " ${packages[*]} " =~ " $package " ]]; then packages+=("$package"); fi
done
if [ ${#packages[@]} -eq 0 ]; then exit 0; fi
echo "Missing ${packages[*]}: installing Debian's packages..."
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
    echo "error: ${packages[*]} not installed and this user cannot install them. Run as root: apt-get install -y ${packages[*]}" >&2
    exit 1
  fi
else SUDO=""; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || { echo "error: apt-get update failed; install Debian's ${packages[*]} by hand" >&2; exit 1; }
$SUDO apt-get install -y -qq "${packages[@]}" >/dev/null || { echo "error: apt-get install ${packages[*]} failed" >&2; exit 1; }
for wanted in "$@"; do command -v "${wanted%%=*}" >/dev/null; done
