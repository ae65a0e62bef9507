#!/usr/bin/env bash
# Generates every variant's messages and builds each variant (production), at low priority.
#   ./build.sh            the variants measured (build/, build-memo/, build-ast/)
#   ./build.sh --scaling  Paraglide compiled for 1, 2 and 4 locales too (build-l1, build-l2, build-l4)
set -euo pipefail
cd "$(dirname "$0")"
NODE=${NODE:-node}
rr() { (cd "variants/$1" && shift && env "$@" nice -n 10 "$NODE" ../../node_modules/@react-router/dev/bin.cjs build >/dev/null 2>&1) || { echo "build failed: $*" >&2; exit 1; }; }
if [ "${1:-}" = "--scaling" ]; then
  for l in en en,de en,de,fr,es; do
    PARAGLIDE_LOCALES=$l "$NODE" gen.mjs >/dev/null
    rr paraglide NODE_ENV=production BUILD_DIR=build-l$(($(tr -cd , <<<"$l" | wc -c) + 1))
  done
  "$NODE" gen.mjs >/dev/null # back to every locale
  echo "built: paraglide-l1 paraglide-l2 paraglide-l4"
  exit 0
fi
"$NODE" gen.mjs
rr baseline NODE_ENV=production
rr paraglide NODE_ENV=production
rr paraglide NODE_ENV=production PARAGLIDE_MEMO=1 BUILD_DIR=build-memo
rr i18next NODE_ENV=production
rr intl NODE_ENV=production
rr intl NODE_ENV=production INTL_AST=1 BUILD_DIR=build-ast
rr formatjs NODE_ENV=production
echo "built: baseline paraglide paraglide-memo i18next intl intl-ast formatjs"
