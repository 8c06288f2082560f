import "server-only";
import { logError } from "../api/log";

/** What a batch becomes in the file: its bytes and how many records (rows or subjects) they hold. */
export type EncodedBatch = { bytes: Uint8Array; records: number };

export type BatchSource<B> = {
  /** Reads the batch after the previous one; `null` when there is nothing more. */
  next(): Promise<B | null>;
  /** A zip deflates in a worker thread: its bytes come back later (a promise). */
  encode(batch: B): EncodedBatch | Promise<EncodedBatch>;
  /** First bytes (header) and last bytes (trailer, archive directory…). */
  head(): Uint8Array | Promise<Uint8Array>;
  tail(records: number): Uint8Array | Promise<Uint8Array>;
  /** Called once when the stream ends, completed or cancelled (never throws into the stream). */
  settled(outcome: { status: "completed" | "cancelled" | "failed"; records: number }): Promise<void>;
};

const streaming = { active: 0 };

/** Exports being streamed right now in this process (a cancelled one stops counting at once). */
export function activeExportStreams(): number {
  return streaming.active;
}

/**
 * A download pulled batch by batch: the next batch is read from the database while the previous
 * one is encoded and sent (at most two in memory), and a slow client slows the reads instead of
 * filling a buffer. Cancelling (the client went away, or pressed Cancel) stops the reading: the
 * batch already in flight is dropped and no query follows.
 */
export function batchStream<B>(source: BatchSource<B>): ReadableStream<Uint8Array> {
  let ahead: Promise<B | null> | null = null;
  let records = 0;
  let phase: "head" | "body" | "done" = "head";
  streaming.active++;

  const readAhead = () => {
    const read = source.next();
    // Awaited in pull(); this only keeps a cancelled stream's last read from an unhandled rejection.
    read.catch(() => {});
    return read;
  };
  /** Records the end once; resolves when it is recorded (a failure to record it is logged). */
  const settle = async (status: "completed" | "cancelled" | "failed") => {
    if (phase === "done") return;
    phase = "done";
    ahead = null;
    streaming.active--;
    await source
      .settled({ status, records })
      .catch((error: unknown) => logError("Export: could not record its end", error));
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (phase === "head") {
            phase = "body";
            ahead = readAhead();
            const head = await source.head();
            if (phase === "body") controller.enqueue(head);
            return;
          }
          if (phase !== "body" || !ahead) return;
          const batch = await ahead;
          if (phase !== "body") return; // cancelled while the batch was read
          if (batch === null) {
            const tail = await source.tail(records);
            if (phase !== "body") return; // cancelled while the archive was closed
            controller.enqueue(tail);
            // The last byte reaches the client only once the end is in the trail.
            await settle("completed");
            controller.close();
            return;
          }
          ahead = readAhead();
          const encoded = await source.encode(batch);
          if (phase !== "body") return; // cancelled while the batch was encoded
          records += encoded.records;
          controller.enqueue(encoded.bytes);
        } catch (error) {
          // A cancelled download stops the zip's worker, which fails the encode in flight: no news.
          if (phase === "done") return;
          // The headers are sent already: the client sees a cut-off download, the log says why.
          logError("Export failed while streaming", error);
          void settle("failed");
          controller.error(error);
        }
      },
      cancel() {
        void settle("cancelled");
      },
    },
    // One chunk queued ahead of the reader: backpressure reaches the database reads.
    { highWaterMark: 1 },
  );
}
