import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const nextConfig: NextConfig = {
  output: "standalone",
  poweredByHeader: false,
  // For bench/js-attribution.ts only: the .map files tell which module each byte comes from.
  productionBrowserSourceMaps: process.env.BROWSER_SOURCE_MAPS === "1",
  reactStrictMode: true,
  // The api (backend/) is a separate process; keep its server-only deps out of the web bundle.
  // prom-client: one copy in node_modules, shared by the BFF and app/metrics (lib/metrics).
  serverExternalPackages: ["@node-rs/argon2", "@electric-sql/pglite", "prom-client"],
  experimental: {
    // unauthorized()/forbidden() render the route group's unauthorized.tsx and forbidden.tsx
    // with a real 401/403 (lib/errors/http-interrupts.ts; verified on this stable release).
    authInterrupts: true,
  },
};

export default withNextIntl(nextConfig);
