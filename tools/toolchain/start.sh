#!/usr/bin/env bash
# README's first command: install the locked dependencies and start the site on embedded defaults
# (local identity provider, in-browser search). Uses a Node.js 24 from the npm registry when the
# machine's Node is older than 22 (see use-node.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=use-node.sh
source tools/toolchain/use-node.sh
veriq_use_node
export NO_UPDATE_NOTIFIER=1
npm ci --no-audit --no-fund
exec npm start
