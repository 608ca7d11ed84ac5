// Blocks the thread that imports it for 1.5 s (slow_loading_render_worker.ts).
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_500);
