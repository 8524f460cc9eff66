import type { Writable } from 'node:stream';

/**
 * Waits until a streamed download has been taken by the client, so a slow reader holds the producer back
 * instead of letting pages pile up in memory. Rejects when the client went away, which ends the export.
 */
export function untilDrained(stream: Writable): Promise<void> {
  if (stream.destroyed) return Promise.reject(new Error('download closed by the client'));
  if (!stream.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(new Error('download closed by the client'));
    stream.on('drain', onDrain);
    stream.on('close', onClose);
  });
}
