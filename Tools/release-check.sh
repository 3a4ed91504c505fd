#!/usr/bin/env bash
# The release archive's check (`make release-check`, part of `make test` on Linux): the archive that
# `make release` wrote runs where the Swift toolchain is out of reach.
#
#   1. its SHA-256 file matches, and it holds the programs, the man page, the completions, the themes,
#      README.md and LICENSE;
#   2. `ldd` of every program lists only system libraries, none from the toolchain, none missing; each
#      library a program links directly comes from a Debian package that the README's install section names
#      (dpkg -S), and each package named there is used;
#   3. in a private mount namespace where a tmpfs hides the toolchain's folder (as root, in a user namespace,
#      or through sudo -n), the unpacked programs run: `paydrill --version`, a tape, `check`, `merge-junit`,
#      and `serve` with one request signed by the recipe of docs/reference/http-api.md.
#
#   bash Tools/release-check.sh dist/paydrill-VERSION-linux-x86_64.tar.gz
set -euo pipefail

repository=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "release-check: $*" >&2; exit 1; }

# --- 3, inside the namespace: run the unpacked programs ---------------------------------------------------
if [ "${1:-}" = "--inside" ]; then
  root=$2 hidden=$3 version=$4 work=$5
  # The toolchain's runtime is gone: a program that needed it could not start.
  if find "$hidden" -name 'libswiftCore*' 2>/dev/null | grep -q .; then fail "$hidden is not hidden"; fi
  paydrill=$root/bin/paydrill
  cd "$work"
  # --version: the version and the commit.
  line=$("$paydrill" --version)
  case "$line" in "paydrill $version (commit "*")") ;; *) fail "paydrill --version said: $line" ;; esac
  echo "  $line"
  # A tape, with a JUnit report, then merge-junit (libexec/paydrill/paydrill-merge-junit: FoundationXML).
  "$paydrill" play "$repository/Tapes/pay-with-visa.tape" --no-ledger --latency 0 --junit visa.xml >play.txt \
    || fail "play failed: $(cat play.txt)"
  echo "  play: $(head -1 play.txt)"
  merged=$("$paydrill" merge-junit visa.xml --output merged.xml) || fail "merge-junit failed: $merged"
  case "$merged" in "merged.xml: 1 report merged: 1 test, 0 failures"*) ;; *) fail "merge-junit said: $merged" ;; esac
  echo "  merge-junit: $merged"
  # check on a scenario (and the tape).
  checked=$("$paydrill" check "$repository/Scenarios/tokyo-yen.json" "$repository/Tapes/pay-with-visa.tape") \
    || fail "check failed: $checked"
  echo "  check: $(echo "$checked" | head -1)"
  # serve (libexec/paydrill/paydrill-serve: libmicrohttpd) on a free port, and one signed request.
  "$paydrill" serve --listen 127.0.0.1:0 --no-ledger >serve.txt 2>&1 &
  server=$!
  trap 'kill $server 2>/dev/null || true' EXIT
  url=""
  for _ in $(seq 100); do
    url=$(sed -n 's/.*listens on \(http:[^ ]*\).*/\1/p' serve.txt | head -1)
    [ -n "$url" ] && break
    kill -0 $server 2>/dev/null || fail "serve stopped: $(cat serve.txt)"
    sleep 0.1
  done
  [ -n "$url" ] || fail "serve printed no URL: $(cat serve.txt)"
  # The shell recipe of docs/reference/http-api.md, as written there, against this server.
  sed -n '/^```sh$/,/^```$/p' "$repository/docs/reference/http-api.md" | sed '/^```/d' \
    | awk '/^body=/ {found=1} found {print} /--data-binary/ {if (found) exit}' \
    | sed "s#http://127.0.0.1:8787#$url#" >recipe.sh
  grep -q 'openssl dgst' recipe.sh || fail "no signing recipe found in docs/reference/http-api.md"
  answer=$(sh recipe.sh) || fail "the signing recipe failed: $answer"
  case "$answer" in *'"sessionId"'*) ;; *) fail "serve did not create the session: $answer; $(cat serve.txt)" ;; esac
  grep -q "POST /api/v1/sessions 200" serve.txt || fail "serve logged no 200: $(cat serve.txt)"
  echo "  serve: $(grep -m1 'POST /api/v1/sessions 200' serve.txt)"
  exit 0
fi

# --- 1: the archive and what it holds ----------------------------------------------------------------------
archive=${1:?usage: release-check.sh ARCHIVE}
for tool in ldd readelf dpkg sha256sum unshare curl openssl; do
  command -v $tool >/dev/null || fail "$tool is missing (a Debian or Ubuntu system with binutils, util-linux, curl and openssl)"
done
[ -f "$archive" ] || fail "no $archive (make release writes it)"
[ -f "$archive.sha256" ] || fail "no $archive.sha256"
(cd "$(dirname "$archive")" && sha256sum --check --quiet "$(basename "$archive").sha256") \
  || fail "$archive does not match its .sha256"
version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' "$repository/Sources/PayDrillCommandLine/HelpText.swift")
grep -q "^## $version " "$repository/CHANGELOG.md" || fail "CHANGELOG.md has no entry for $version (## $version (date))"

work=$(mktemp -d /tmp/paydrill-release-check.XXXXXX)
trap 'rm -rf "$work"' EXIT
tar -xzf "$archive" -C "$work"
root=$work/$(basename "$archive" .tar.gz)
programs=("$root/bin/paydrill" "$root/libexec/paydrill/paydrill-merge-junit" "$root/libexec/paydrill/paydrill-serve")
expected=("${programs[@]}" "$root/share/man/man1/paydrill.1" "$root/share/bash-completion/completions/paydrill"
  "$root/share/zsh/site-functions/_paydrill" "$root/share/fish/vendor_completions.d/paydrill.fish"
  "$root/README.md" "$root/LICENSE")
for theme in "$repository"/Themes/*.json; do expected+=("$root/share/paydrill/themes/$(basename "$theme")"); done
for file in "${expected[@]}"; do [ -s "$file" ] || fail "the archive has no ${file#"$work"/}"; done
for program in "${programs[@]}"; do [ -x "$program" ] || fail "${program#"$work"/} is not executable"; done
grep -q "MIT License" "$root/LICENSE" || fail "LICENSE is not the MIT licence"
echo "release-check: $(basename "$archive"): ${#expected[@]} files, checksum good"

# --- 2: the libraries --------------------------------------------------------------------------------------
# The toolchain: the folder of its runtime (runtimeResourcePath, e.g. /opt/swift/usr/lib/swift) up to the
# toolchain's own root (/opt/swift); a toolchain installed in /usr itself has only its runtime hidden.
resources=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["paths"]["runtimeResourcePath"])')
toolchain=$(cd "$resources/../../.." && pwd)
case "$toolchain" in /|/usr) hidden=$resources ;; *) hidden=$toolchain ;; esac

# The Debian packages the README's install section names for the release archive.
readme_packages=$(sed -n '/<!-- runtime-packages -->/,/<!-- \/runtime-packages -->/p' "$repository/README.md" \
  | grep -o '`lib[a-z0-9.+-]*`' | tr -d '`' | sort -u)
[ -n "$readme_packages" ] || fail "README.md names no runtime packages (between <!-- runtime-packages --> marks)"
# Every Debian system has these (priority required): the C library and the compiler's support library.
base_packages="libc6 libgcc-s1"

package_of() {  # the Debian package that ships a library file
  local file=$1 real
  real=$(readlink -f "$file")
  for candidate in "$file" "$real" "${file#/usr}" "/usr$file" "${real#/usr}" "/usr$real"; do
    dpkg -S "$candidate" 2>/dev/null | head -1 | cut -d: -f1 && return 0
  done
  return 1
}

used_packages=""
for program in "${programs[@]}"; do
  name=${program#"$root"/}
  listing=$(ldd "$program") || fail "ldd $name failed"
  if grep -q "not found" <<<"$listing"; then fail "$name needs libraries that are not there: $listing"; fi
  if grep -qE "libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|$hidden" <<<"$listing"; then
    fail "$name links the Swift toolchain's libraries: $listing"
  fi
  while read -r soname path; do
    case "$path" in /lib/*|/usr/lib/*|/lib64/*) ;; *) fail "$name loads $soname from $path, not a system folder" ;; esac
  done < <(awk '$2 == "=>" {print $1, $3}' <<<"$listing")
  # The libraries it links directly, each to its package.
  for soname in $(readelf -d "$program" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
    path=$(awk -v so="$soname" '$1 == so && $2 == "=>" {print $3}' <<<"$listing")
    [ -n "$path" ] || path=$(awk -v so="$soname" '$1 ~ so {print $1}' <<<"$listing")
    package=$(package_of "$path") || fail "$name: no Debian package ships $soname ($path)"
    package=${package%%:*}
    # Ubuntu 24.04 renamed some libraries' packages for its 64-bit time_t (libssl3t64, libmicrohttpd12t64):
    # the same library as Debian 12's package without the suffix, which is the name the README gives.
    package=${package%t64}
    used_packages="$used_packages $package"
    case " $base_packages $(echo $readme_packages) " in
      *" $package "*) ;;
      *) fail "$name links $soname of the package $package, which README.md's install section does not name" ;;
    esac
  done
  # The layers (docs/architecture.md): the server links no terminal library, the checkout neither the HTTP
  # server nor an XML parser (each has its own program).
  case "$name" in
    */paydrill-serve) forbidden="libncursesw" ;;
    */paydrill) forbidden="libmicrohttpd libxml2" ;;
    *) forbidden="" ;;
  esac
  for library in $forbidden; do
    if readelf -d "$program" | grep -q "NEEDED.*\[$library"; then fail "$name links $library, which is not its layer's"; fi
  done
  echo "release-check: ldd $name: system libraries only"
done
for package in $readme_packages; do
  case " $used_packages " in *" $package "*) ;; *) fail "README.md names $package, which no program links" ;; esac
done
guide_packages=$(sed -n 's/^sudo apt-get install \(lib.*\)$/\1/p' "$repository/docs/guides/install.md" | tr ' ' '\n' | sort -u)
[ "$guide_packages" = "$readme_packages" ] \
  || fail "docs/guides/install.md's apt-get line ($(echo $guide_packages)) is not README.md's list ($(echo $readme_packages))"
echo "release-check: the runtime packages README.md (and install.md) name are the ones linked: $(echo $readme_packages)"

# --- 3: run it with the toolchain hidden ---------------------------------------------------------------------
# A private mount namespace: as root; otherwise as root of a user namespace of one's own where the kernel
# allows it (Debian does), or through passwordless sudo (GitHub's Ubuntu runners, whose AppArmor forbids the
# former).
hide='mount -t tmpfs -o size=1m none "$1" && shift && exec bash "$@"'
if [ "$(id -u)" = 0 ]; then
  namespace=(unshare --mount --propagation private)
elif unshare --user --map-root-user --mount true 2>/dev/null; then
  namespace=(unshare --user --map-root-user --mount --propagation private)
elif sudo -n true 2>/dev/null; then
  namespace=(sudo -n --preserve-env=PATH unshare --mount --propagation private)
  chmod -R a+rwX "$work"
else
  fail "hiding $hidden takes a private mount namespace: run as root, with passwordless sudo, or where user namespaces are allowed"
fi
mkdir -p "$work/run"
echo "release-check: running the unpacked programs with $hidden hidden (${namespace[*]})"
"${namespace[@]}" sh -c "$hide" sh "$hidden" \
  "$repository/Tools/release-check.sh" --inside "$root" "$hidden" "$version" "$work/run" \
  || fail "the archive's programs failed without the toolchain"
echo "release-check: $(basename "$archive") runs without the Swift toolchain"
