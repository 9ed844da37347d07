#!/usr/bin/env bash
# Installs what a fresh machine lacks, then the npm dependencies:
#   - a Java runtime with its compiler module (DynamoDB Local; its loopback launcher runs as a Java source file)
#   - Debian's Chromium (end-to-end tests drive /usr/bin/chromium)
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

# This machine's registry does not serve every platform's optional binaries; see the script.
node bin/complete-lockfile.mjs
npm ci --no-audit --no-fund
