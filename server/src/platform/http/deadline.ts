/**
 * Settles as `promise` does, or rejects with `timedOut()` once `ms` have passed, for calls to outside services
 * that may never answer. The timer is cleared as soon as the promise settles, so it never holds the process.
 */
export function withDeadline<T>(promise: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(timedOut()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
