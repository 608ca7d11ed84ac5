// The docx render worker, taking 1.5 s longer to load (docx_render_pool_test.ts: a chunk's time limit
// counts from when its worker has loaded). The wait is a module of its own so that it runs before the
// worker's code, synchronously, as slow loading does.
import "./wait_1500ms.ts";
import "../../../workers/docx_render_worker.ts";
