#!/bin/sh
# Lay out the smallest root file system that runs a Linux mcpfusion executable: the executable
# as /mcpfusion, the shared libraries that ldd reports for it (the glibc loader, libc, libpthread,
# libdl, libm) at the same paths, empty /proc and /work directories, and an empty /tmp (mode 1777:
# the stdio source makes the server's stdin socket pair there).
# The scratch image (Dockerfile) and the chroot test (scripts/chroot-test.sh) both use it, so the
# test runs exactly the image's layout.
#
# Usage: scripts/bin/rootfs.sh EXECUTABLE ROOTFS
set -eu
if [ "$#" -ne 2 ]; then
  echo "usage: $0 EXECUTABLE ROOTFS" >&2
  exit 2
fi
exe=$1
root=$2
mkdir -p "$root/proc" "$root/work"
mkdir -p -m 1777 "$root/tmp"
chmod 1777 "$root/tmp"
cp "$exe" "$root/mcpfusion"
chmod 0755 "$root/mcpfusion"
# ldd prints "libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x...)" and "/lib64/ld-linux-x86-64.so.2 (0x...)";
# linux-vdso has no file. Copy each file, following symlinks, to the same path in the root.
libs=$(ldd "$exe" | awk '{ for (i = 1; i <= NF; i++) if (substr($i, 1, 1) == "/") print $i }' | sort -u)
if [ -z "$libs" ]; then
  echo "rootfs.sh: ldd found no shared libraries for $exe" >&2
  exit 1
fi
for lib in $libs; do
  mkdir -p "$root$(dirname "$lib")"
  cp -L "$lib" "$root$lib"
  echo "$lib"
done
