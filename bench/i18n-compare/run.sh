#!/usr/bin/env bash
# The i18n library comparison behind docs/decisions/0041-i18n-library.md.
#
# Copies lab/ (a small React Router 8 app in seven variants: no i18n, Paraglide JS 2, i18next with
# remix-i18next, react-intl with ICU strings or pre-parsed messages, FormatJS's intl-messageformat) to a scratch
# folder outside the repo, installs its own packages there from its lock file, generates each variant's
# messages from lab/messages.mjs, builds, checks that every variant renders the same pages (and hydrates, if
# Chromium is there), then measures per-page JS, HTML and navigation data, and server render CPU.
# Each step runs at low priority and takes well under two minutes on the 2-core machine.
#
#   bash bench/i18n-compare/run.sh            LAB=/tmp/pleazure-i18n-lab by default
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
LAB=${LAB:-/tmp/pleazure-i18n-lab}
NODE=${NODE:-$HERE/../../node_modules/.bin/node} # the repo's Node 24
[ -x "$NODE" ] || NODE=$(command -v node)
export NODE

mkdir -p "$LAB"
(cd "$HERE/lab" && tar cf - --exclude=./node_modules --exclude='./variants/*/build*' --exclude=./variants/paraglide/app/paraglide .) | (cd "$LAB" && tar xf -)
cd "$LAB"
# npm install, not npm ci: the registry here lacks some other-platform optional packages, so the lock has no
# entries for them and npm ci refuses it (as ADR 0004 describes for Biome). Versions are pinned exactly.
[ -d node_modules ] || nice -n 10 npm install --no-audit --no-fund --loglevel=error
echo "node $("$NODE" --version), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

./build.sh
./build.sh --scaling
export NODE_ENV=production
nice -n 10 "$NODE" check.mjs
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then timeout 120 nice -n 10 "$NODE" check-browser.mjs; fi
nice -n 10 "$NODE" measure-size.mjs --out sizes.json
LANGS=en VARIANTS=baseline,paraglide-l1,paraglide-l2,paraglide-l4,paraglide nice -n 10 "$NODE" measure-size.mjs --out sizes-scaling.json
# Render cost in two processes that each include the baseline, so each stays under two minutes.
VARIANTS=baseline,paraglide,paraglide-memo,formatjs timeout 120 nice -n 10 "$NODE" measure-render.mjs --requests 2000 --out render-a.json
VARIANTS=baseline,i18next,intl,intl-ast timeout 120 nice -n 10 "$NODE" measure-render.mjs --requests 1000 --out render-b.json
echo "results: $LAB/{sizes,sizes-scaling,render-a,render-b}.json"
