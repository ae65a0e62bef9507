#!/usr/bin/env bash
# Media tests and the app use Debian's ffmpeg (kept patched by Debian), never the npm package's 2018 build
# unless nothing else exists (docs/decisions/0016-ffmpeg-binary.md). Install it when missing.
set -euo pipefail
if [ -n "${FFMPEG_PATH:-}" ] && [ -n "${FFPROBE_PATH:-}" ]; then exit 0; fi
if command -v ffmpeg >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1; then exit 0; fi
echo "ffmpeg is missing: installing Debian's ffmpeg package..."
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
    echo "error: ffmpeg is not installed and this user cannot install it. Run as root: apt-get install -y ffmpeg" >&2
    exit 1
  fi
else SUDO=""; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || { echo "error: apt-get update failed; install Debian's ffmpeg package by hand" >&2; exit 1; }
$SUDO apt-get install -y -qq ffmpeg >/dev/null || { echo "error: apt-get install ffmpeg failed" >&2; exit 1; }
command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null
