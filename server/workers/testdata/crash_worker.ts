/** Throws while loading, outside the protocol: an uncaught worker error. */
throw new Error("crashed on purpose");
