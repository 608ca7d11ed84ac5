/**
 * Import this first in a permission-less worker that loads exceljs. Its dependencies read
 * `process.env` (readable-stream) and call `process.umask()` (fstream) while loading, and both need
 * permissions a worker started with `permissions: "none"` does not have. An empty environment and a
 * fixed umask are what they get instead; nothing else about the worker's sandbox changes.
 */
import process from "node:process";

Object.defineProperty(process, "env", { value: {}, configurable: true, writable: true });
Object.defineProperty(process, "umask", { value: () => 0o022, configurable: true, writable: true });
