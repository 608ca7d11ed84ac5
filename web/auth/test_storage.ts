/**
 * Browser-side unit tests import this first: it gives the test process a localStorage of its own.
 *
 * Deno keeps localStorage in a file shared by every process started from the same configuration, and
 * `deno test --parallel` runs each test file in its own process: one file's clearSession() then removed the
 * user another file had just stored (session_test failed once beside a CPU-bound process).
 */
class MemoryStorage implements Storage {
  #items = new Map<string, string>();

  get length(): number {
    return this.#items.size;
  }

  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }

  removeItem(key: string): void {
    this.#items.delete(key);
  }

  clear(): void {
    this.#items.clear();
  }
}

Object.defineProperty(globalThis, "localStorage", { configurable: true, value: new MemoryStorage() });
