// Next calls register() once per server start, before it serves requests: migrate, create the first
// admin, seed the demo study. Skipped while `next build` evaluates modules.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { startup } = await import("./lib/server/bootstrap/startup");
    await startup();
  }
}
