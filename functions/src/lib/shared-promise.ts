/**
 * `make` called once per key, its promise shared by every call with an equal key (`Map` equality:
 * `keyOf` gives a string for composite arguments); one that rejects is forgotten, so the next call
 * with its key calls `make` again. For what a cold start or a batch should do once (a module
 * imported at first use, a client built, a read shared by a batch's jobs) without keeping a failure.
 */
export function sharedPromises<A extends unknown[], T>(
  make: (...args: A) => Promise<T>,
  keyOf: (...args: A) => unknown,
): (...args: A) => Promise<T> {
  const promises = new Map<unknown, Promise<T>>();
  return (...args) => {
    const key = keyOf(...args);
    let promise = promises.get(key);
    if (!promise) {
      promise = make(...args);
      promises.set(key, promise);
      promise.catch(() => promises.delete(key));
    }
    return promise;
  };
}

/** {@link sharedPromises} of a call without arguments: made at the first call, remade after a rejection. */
export function sharedPromise<T>(make: () => Promise<T>): () => Promise<T> {
  return sharedPromises(make, () => undefined);
}
