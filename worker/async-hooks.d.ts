// The part of node:async_hooks the `nodejs_als` compatibility flag gives a Worker (worker/lib/log.ts);
// the worker's types leave out Node's.
declare module 'node:async_hooks' {
  export class AsyncLocalStorage<T> {
    getStore(): T | undefined
    run<R>(store: T, callback: () => R): R
  }
}
