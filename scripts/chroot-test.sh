#!/bin/sh
# The scratch image's layout, tested without a container runtime: build the image's root file
# system (scripts/bin/rootfs.sh: the executable and exactly the shared libraries it needs), mount
# /proc, and run lock, check and a failing check on the bundled example inside a bare chroot as
# the image's user (65532), from /work as the image's WORKDIR. Needs root (chroot, mount).
#
# Usage: scripts/chroot-test.sh EXECUTABLE [EXAMPLE_DIR]   (default EXAMPLE_DIR: examples/billing)
# Exit: 0 all steps passed, 1 a step failed, 2 usage or environment problem.
set -eu
if [ "$#" -lt 1 ] || [ "$#" -gt 2 ]; then
  echo "usage: $0 EXECUTABLE [EXAMPLE_DIR]" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
exe=$1
example=${2:-$here/../examples/billing}
if [ "$(id -u)" -ne 0 ]; then
  echo "chroot-test: needs root (chroot and mount)" >&2
  exit 2
fi
command -v python3 >/dev/null || { echo "chroot-test: needs python3 to enter the chroot as uid 65532 in /work" >&2; exit 2; }

root=$(mktemp -d "${TMPDIR:-/tmp}/mcpfusion-chroot.XXXXXX")
cleanup() {
  umount "$root/proc" 2>/dev/null || true
  rm -rf "$root"
}
trap cleanup EXIT INT TERM
chmod 0755 "$root" # mktemp made it 0700: the image's user must be able to enter /

echo "chroot-test: root file system in $root:"
sh "$here/bin/rootfs.sh" "$exe" "$root" | sed 's/^/  /'
cp "$example/contracts.json" "$root/work/contracts.json"
cp "$example/mcpfusion.lock" "$root/work/committed.lock"
chown -R 65532:65532 "$root/work"
echo "  files: $(cd "$root" && find . -type f | sort | tr '\n' ' ')"
mount -t proc proc "$root/proc"

# Enter the root like the container runtime does: chroot, WORKDIR /work, USER 65532:65532, a bare env.
inroot() {
  python3 -c '
import os, sys
root = sys.argv[1]
os.chroot(root)
os.chdir("/work")
os.setgroups([])
os.setgid(65532)
os.setuid(65532)
env = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "HOME": "/", "SOURCE_DATE_EPOCH": "1700000000"}
os.execve("/mcpfusion", ["/mcpfusion"] + sys.argv[2:], env)
' "$root" "$@"
}

failures=0
step() { # step NAME EXPECTED_EXIT ARGS...
  name=$1; want=$2; shift 2
  set +e
  out=$(inroot "$@" 2>&1)
  got=$?
  set -e
  if [ "$got" -eq "$want" ]; then
    echo "ok   $name (exit $got)"
  else
    echo "FAIL $name: exit $got, expected $want"
    echo "$out" | sed 's/^/     /'
    failures=$((failures + 1))
  fi
}

step "--version" 0 --version
# /tmp is in the layout, writable by all with the sticky bit: the stdio source makes a socket pair there.
[ "$(stat -c %a "$root/tmp")" = 1777 ] || { echo "FAIL layout: /tmp is missing or not mode 1777"; failures=$((failures + 1)); }
step "lock writes /work/mcpfusion.lock" 0 lock --contracts contracts.json
[ -s "$root/work/mcpfusion.lock" ] || { echo "FAIL lock: no /work/mcpfusion.lock"; failures=$((failures + 1)); }
step "check against the fresh lockfile" 0 check --contracts contracts.json
step "check against the example's committed lockfile" 0 check --contracts contracts.json --lockfile committed.lock
step "canonicalize" 0 canonicalize contracts.json
step "digest" 0 digest --contracts contracts.json
# Drift: change the first description; check must now fail with exit 1 and leave the lockfile alone.
before=$(cksum < "$root/work/mcpfusion.lock" 2>/dev/null || echo missing)
sed -i '0,/"description": "/s//"description": "Changed. /' "$root/work/contracts.json"
step "check after a contract change fails" 1 check --contracts contracts.json
[ "$(cksum < "$root/work/mcpfusion.lock" 2>/dev/null || echo missing)" = "$before" ] || { echo "FAIL check wrote the lockfile"; failures=$((failures + 1)); }
step "a bad flag is a usage error" 2 check --no-such-flag

# Leave the lockfile for the caller to compare (the test compares it with node's bytes).
if [ -n "${CHROOT_TEST_KEEP_LOCK:-}" ] && [ -f "$root/work/mcpfusion.lock" ]; then cp "$root/work/mcpfusion.lock" "$CHROOT_TEST_KEEP_LOCK"; fi
if [ "$failures" -ne 0 ]; then
  echo "chroot-test: $failures step(s) failed"
  exit 1
fi
echo "chroot-test: all steps passed"
