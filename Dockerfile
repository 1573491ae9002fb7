# syntax=docker/dockerfile:1
#
# mcpfusion in a scratch image: the standalone Linux executable and exactly the shared libraries
# it loads (glibc's loader, libc, libpthread, libdl, libm), nothing else. See docs/binaries.md.
#
#   docker build -t mcpfusion .
#   docker run --rm --user "$(id -u):$(id -g)" -v "$PWD:/work" mcpfusion check
#
# Multi-arch: docker buildx build --platform linux/amd64,linux/arm64 -t mcpfusion .
# The same layout is tested without a container runtime by scripts/chroot-test.sh.

# 1. Build the executable for the image's architecture on the build host's architecture
#    (Bun cross-compiles; the pinned runtimes come from the npm registry).
FROM --platform=$BUILDPLATFORM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG TARGETARCH
RUN case "$TARGETARCH" in \
      amd64) target=linux-x64 ;; \
      arm64) target=linux-arm64 ;; \
      *) echo "unsupported architecture: $TARGETARCH" >&2; exit 1 ;; \
    esac \
 && npm run build \
 && npx tsx scripts/build-bin.ts --targets "$target" --out /out \
 && mv "/out/mcpfusion-$target" /out/mcpfusion

# 2. Collect the root file system on the image's own architecture, so ldd names that glibc.
FROM debian:bookworm-slim AS rootfs
COPY --from=build /out/mcpfusion /tmp/mcpfusion
COPY scripts/bin/rootfs.sh /tmp/rootfs.sh
RUN sh /tmp/rootfs.sh /tmp/mcpfusion /rootfs \
 && chown 65532:65532 /rootfs/work

# 3. The image: /mcpfusion, the glibc files, empty /proc, /work and /tmp.
FROM scratch
COPY --from=rootfs /rootfs/ /
USER 65532:65532
WORKDIR /work
ENTRYPOINT ["/mcpfusion"]
CMD ["--help"]
