import "server-only";
import { closeDb } from "@/db/client";
import { logError } from "../api/log";

type Signal = "SIGTERM" | "SIGINT";
const SIGNALS: Signal[] = ["SIGTERM", "SIGINT"];
const EXIT_CODES: Record<Signal, number> = { SIGTERM: 143, SIGINT: 130 };
/** A stuck database must not keep a stopping server alive for ever. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

type Listener = (signal: Signal) => void;
type Options = {
  close?: () => Promise<void>;
  exit?: (code: number) => void;
  timeoutMs?: number;
};

/**
 * What a stop signal does: write the last audit checkpoint and close the database (PGlite left
 * open recovers from a crash at the next start), then hand over to the listeners that were there
 * before (`server.mjs` closes its HTTP server in them and exits). Without such listeners, exits.
 */
export function shutdownListener({
  close = () => closeDb({ final: true }),
  exit = (code) => process.exit(code),
  timeoutMs = SHUTDOWN_TIMEOUT_MS,
  handOver = () => [],
}: Options & { handOver?: (signal: Signal) => Listener[] } = {}): (signal: Signal) => Promise<void> {
  let closing: Promise<void> | null = null;
  return (signal) =>
    (closing ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          logError(`Shutdown: the database did not close within ${timeoutMs} ms; exiting anyway.`);
          resolve();
        }, timeoutMs);
      });
      try {
        await Promise.race([close(), timeout]);
      } catch (error) {
        logError("Shutdown: the last audit checkpoint or the database close failed", error);
      } finally {
        clearTimeout(timer);
      }
      const next = handOver(signal);
      if (next.length === 0) exit(EXIT_CODES[signal]);
      for (const listener of next) listener(signal);
    })());
}

/** Puts `shutdownListener` in front of the process's SIGTERM / SIGINT listeners (server start-up). */
export function installShutdownHandlers(options: Options = {}): void {
  const previous = new Map(SIGNALS.map((s) => [s, process.listeners(s) as Listener[]]));
  const listener = shutdownListener({ ...options, handOver: (signal) => previous.get(signal) ?? [] });
  for (const signal of SIGNALS) {
    for (const old of previous.get(signal) ?? []) process.removeListener(signal, old);
    process.on(signal, (s: Signal) => void listener(s));
  }
}
