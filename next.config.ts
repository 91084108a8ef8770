import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const nextConfig: NextConfig = {
  output: "standalone",
  poweredByHeader: false,
  reactStrictMode: true,
  // The api (backend/) is a separate process; keep its server-only deps out of the web bundle.
  serverExternalPackages: ["@node-rs/argon2", "@electric-sql/pglite"],
};

export default withNextIntl(nextConfig);
