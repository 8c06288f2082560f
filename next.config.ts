import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite ships ~15 MB of WASM: keep it out of the bundle (otherwise it lands in public static files).
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
