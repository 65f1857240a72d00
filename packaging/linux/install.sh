#!/usr/bin/env bash
# Installs the Manatable bundle this script sits in for the current user (no root):
#   the program in ~/.local/lib/manatable, `manatable` and `manatable-server` in ~/.local/bin,
#   the menu entry, the AppStream metainfo and the icons in ~/.local/share.
#   ./install.sh             install (or update)
#   ./install.sh --uninstall remove it again (your settings, decks and games stay)
# PREFIX=/usr/local sudo ./install.sh installs for every user instead.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
prefix="${PREFIX:-$HOME/.local}"
lib="$prefix/lib/manatable"
share="$prefix/share"
app_id=io.github.manatable.Manatable

remove() {
  rm -rf "$lib"
  rm -f "$prefix/bin/manatable" "$prefix/bin/manatable-server" \
        "$share/applications/$app_id.desktop" "$share/metainfo/$app_id.metainfo.xml"
  find "$share/icons/hicolor" -name "manatable.*" -delete 2>/dev/null || true
}

if [ "${1:-}" = "--uninstall" ]; then
  remove
  echo "Manatable removed from $prefix"
  exit 0
fi
[ -x "$here/manatable" ] || { echo "install.sh: run it from the unpacked bundle (dist/manatable)" >&2; exit 1; }
remove
mkdir -p "$lib" "$prefix/bin" "$share/applications" "$share/metainfo"
cp -a "$here/." "$lib/"
ln -sf "$lib/manatable" "$prefix/bin/manatable"
[ -x "$lib/manatable-server" ] && ln -sf "$lib/manatable-server" "$prefix/bin/manatable-server"
sed "s|^Exec=manatable|Exec=$lib/manatable|" "$here/share/applications/$app_id.desktop" \
  > "$share/applications/$app_id.desktop"
cp "$here/share/metainfo/$app_id.metainfo.xml" "$share/metainfo/"
cp -r "$here/share/icons/." "$share/icons/"
command -v update-desktop-database >/dev/null && update-desktop-database -q "$share/applications" || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$share/icons/hicolor" || true
echo "Manatable installed in $lib; start it from the menu or with: manatable"
