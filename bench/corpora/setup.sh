#!/bin/sh
# Installs the Debian packages the independent corpora are made with (renderers, capture and
# forgery tools, fonts), only those missing. Run by `npm run bench:corpora`; never by npm install
# or the tests. Needs root (or sudo) and the Debian mirror.
set -eu
PACKAGES="
  python3-pil python3-numpy python3-reportlab python3-qrcode python3-img2pdf
  libreoffice-writer-nogui chromium
  ghostscript imagemagick librsvg2-bin qpdf mupdf-tools libimage-exiftool-perl poppler-utils libnss3-tools openssl
  fonts-ocr-b fonts-urw-base35 fonts-dejavu-core fonts-liberation2 fonts-crosextra-carlito fonts-texgyre
"
missing=""
for p in $PACKAGES; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "bench corpora: installing$missing" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "bench corpora: missing Debian packages:$missing; run bench/corpora/setup.sh as root" >&2; exit 1; }
  SUDO="sudo"
fi
LOCK=/tmp/apt.lock
$SUDO flock "$LOCK" apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $SUDO flock "$LOCK" apt-get install -y -qq --no-install-recommends $missing >&2
