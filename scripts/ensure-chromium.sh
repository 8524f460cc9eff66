#!/usr/bin/env bash
# Installs Debian's Chromium and a CJK font for the browser tests, when missing and we are root.
set -euo pipefail
have_font() { fc-list 2>/dev/null | grep -qi 'wqy'; }
if [ -x /usr/bin/chromium ] && have_font; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "chromium or fonts-wqy-microhei missing and not root: install them with apt (chromium fonts-wqy-microhei)" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null
