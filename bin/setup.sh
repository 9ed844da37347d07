#!/usr/bin/env bash
# Installs what a fresh machine lacks, then the npm dependencies:
#   - a Java runtime with its compiler module (DynamoDB Local; its loopback launcher runs as a Java source file)
#   - Debian's Chromium (end-to-end tests drive /usr/bin/chromium)
#   - Node.js of the major the Lambdas run on (.node-version, Runtime.NODEJS_22_X in infra/), when the
#     machine's own node is another major: the pinned binary package from the npm registry
#     (node-<platform>-<arch>, which ships the official binary) under .tools/node/. npm ci runs on it, and
#     node_modules/.bin/node points at it, so every npm script, npx command and test runs on it too.
# Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=()
if ! command -v java >/dev/null 2>&1 || ! java --list-modules 2>/dev/null | grep -q '^jdk.compiler'; then
  packages+=(openjdk-17-jdk-headless)
fi
if [ ! -x /usr/bin/chromium ]; then
  packages+=(chromium)
fi
if [ "${#packages[@]}" -gt 0 ]; then
  echo "Installing system packages: ${packages[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${packages[@]}"
fi

node_version="$(tr -d '[:space:]' < .node-version)"
node_major="${node_version%%.*}"
project_node=""
if [ "$(node -p 'process.versions.node.split(".")[0]')" != "$node_major" ]; then
  node_package="node-$(node -p 'process.platform')-$(node -p 'process.arch')"
  project_node="$PWD/.tools/node/node_modules/$node_package/bin/node"
  if [ ! -x "$project_node" ] || [ "$("$project_node" --version)" != "v$node_version" ]; then
    echo "Installing Node.js $node_version ($node_package from the npm registry) into .tools/node"
    npm install --prefix .tools/node --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "$node_package@$node_version"
  fi
  export PATH="$(dirname "$project_node"):$PATH"
fi

# This machine's registry does not serve every platform's optional binaries; see the script.
node bin/complete-lockfile.mjs
npm ci --no-audit --no-fund
if [ -n "$project_node" ]; then
  # npm puts node_modules/.bin first on the PATH of every script it runs.
  ln -sf "$project_node" node_modules/.bin/node
fi
echo "Node.js for scripts and tests: $(PATH="$PWD/node_modules/.bin:$PATH" node --version)"
