#!/usr/bin/env bash
# Set-up (scripts/setup.sh), then the server (deno task start).
# The environment passes through: PORT, DATA_DIR, KV_PATH, ADMIN_USERNAME, ADMIN_PASSWORD, JWT_SECRET,
# SMTP_*, DEFAULT_*_LIMIT (see README.md). On first boot the server prints the generated admin password.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
export PATH="$PWD/.tools/node_modules/.bin:$PATH"
exec deno task start
