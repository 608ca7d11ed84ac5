import { type ComponentType, lazy, type LazyExoticComponent } from "react";
import { CHUNK_LOAD_TIMEOUT_MS } from "../../common/constants.ts";

/** A script chunk did not load in time (part 1 §2: 120 s). */
export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super("页面脚本加载超时");
    this.name = "ChunkLoadTimeoutError";
  }
}

/** Rejects with ChunkLoadTimeoutError when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * React.lazy of a named component export, with the chunk load time-out; failures reach the nearest
 * ChunkErrorBoundary. `lazyPage(() => import("./pages/login/LoginPage.tsx"), "LoginPage")`.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(() => withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS).then((module) => ({ default: module[name] })));
}
