import { weighPage } from "./page-weight";

const base = process.argv[2];
for (const p of process.argv.slice(3)) {
  const w = await weighPage(base, p, "public.localhost");
  console.log(
    p,
    w.status,
    "scripts",
    w.scripts,
    "gzip kB",
    (w.gzipBytes / 1024).toFixed(1),
    "br kB",
    (w.brotliBytes / 1024).toFixed(1),
    "inline gz",
    (w.inlineGzipBytes / 1024).toFixed(1),
  );
  for (const l of w.largest) console.log("   ", (l.gzipBytes / 1024).toFixed(1), l.src);
}
