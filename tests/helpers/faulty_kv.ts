/** One write of a commit, as the code under test handed it to `set`. */
export interface KvWrite {
  key: Deno.KvKey;
  value: unknown;
}

/** Which commits fail, and how many more times. */
export interface KvFault {
  when: (writes: KvWrite[]) => boolean;
  times: number;
}

/**
 * The real KV, except that the next `fault.times` commits whose writes match `fault.when` throw as a KV
 * that is briefly unavailable does (nothing of them is written). Reads, lists, queues and every other
 * commit go to `kv` unchanged, so the same data is seen through both.
 */
export function faultyKv(kv: Deno.Kv, fault: KvFault): Deno.Kv {
  function wrapAtomic(op: Deno.AtomicOperation): Deno.AtomicOperation {
    const writes: KvWrite[] = [];
    const proxy: Deno.AtomicOperation = new Proxy(op, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (prop === "set") writes.push({ key: args[0] as Deno.KvKey, value: args[1] });
          if (prop === "commit" && fault.times > 0 && fault.when(writes)) {
            fault.times--;
            return Promise.reject(new Error("injected KV failure: database is locked"));
          }
          const result = value.apply(target, args);
          return result === target ? proxy : result;
        };
      },
    });
    return proxy;
  }
  return new Proxy(kv, {
    get(target, prop) {
      if (prop === "atomic") return () => wrapAtomic(target.atomic());
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * A fault for `faultyKv`: commits that write a record under `prefix` whose file `index` is finished
 * (completed or failed), i.e. the commits that settle that file.
 */
export function settlingFile(prefix: string, index: number): (writes: KvWrite[]) => boolean {
  return (writes) =>
    writes.some((w) => {
      const files = (w.value as { files?: { status?: string }[] } | null)?.files;
      const status = files?.[index]?.status;
      return w.key[0] === prefix && (status === "completed" || status === "failed");
    });
}
