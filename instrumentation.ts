// Next calls register() once per server start, before it serves requests: migrate, create the first
// admin, seed the demo study. Skipped while `next build` evaluates modules.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { startup } = await import("./lib/server/bootstrap/startup");
    try {
      await startup();
    } catch (error) {
      // The wrong audit key: refuse to start, loudly (serving would refuse every audited write).
      if (error instanceof Error && error.name === "AuditKeyMismatchError") {
        console.error(`\n${"=".repeat(72)}\nSERVER NOT STARTED. ${error.message}\n${"=".repeat(72)}\n`);
        process.exit(1);
      }
      throw error;
    }
    // A normal stop (SIGTERM, Ctrl+C) writes the last audit checkpoint and closes the database.
    const { installShutdownHandlers } = await import("./lib/server/bootstrap/shutdown");
    installShutdownHandlers();
  }
}
