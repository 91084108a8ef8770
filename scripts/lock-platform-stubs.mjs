// Adds lock entries for platform builds the package registry here does not serve.
//
// The npm registry this project is built against lags: it serves only the linux-x64 (glibc)
// builds of packages that ship one optional package per platform (biome, swc, next-swc,
// tailwind's oxide). `npm install` then writes a lock without the other platforms' entries,
// and `npm ci` refuses such a lock as out of sync. A full registry would have written those
// entries; this writes them too (name, version, os/cpu/libc, optional), so `npm ci` sees the
// lock in sync and skips them as foreign platforms without fetching anything.
//
// Run after any `npm install` that changes the lock: node scripts/lock-platform-stubs.mjs
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;

const OS = ["android", "darwin", "freebsd", "linux", "win32", "openbsd", "sunos", "aix"];
const CPU = {
  arm64: "arm64",
  x64: "x64",
  ia32: "ia32",
  arm: "arm",
  ppc64: "ppc64",
  s390x: "s390x",
  wasm32: "wasm32",
  riscv64: "riscv64",
  loong64: "loong64",
};

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  const libc = parts.includes("musl")
    ? "musl"
    : parts.includes("gnu") || parts.includes("gnueabihf")
      ? "glibc"
      : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  const optional = meta.optionalDependencies ?? {};
  for (const [name, range] of Object.entries(optional)) {
    const base = path === "" ? "" : `${path}/`;
    const nested = `${base}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    const { os, cpu, libc } = platformOf(name);
    if (!cpu) continue; // not a per-platform build: leave it for npm to report
    if (!/^\d+\.\d+\.\d+/.test(range)) continue;
    packages[hoisted] = {
      version: range,
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(os ? { os: [os] } : {}),
      ...(libc ? { libc: [libc] } : {}),
      optional: true,
      ...(meta.dev ? { dev: true } : {}),
      ...(meta.peer ? { peer: true } : {}),
    };
    added++;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-platform-stubs: ${added} entries added`);
