import type { LineBox, OcrEngineName } from "../doc_text/types.ts";

/** One recognised row of a page, in the page image's pixel space. */
export interface OcrLine {
  text: string;
  box: LineBox;
  /** 0..1 */
  confidence: number;
}

export interface OcrPageResult {
  lines: OcrLine[];
  engine: OcrEngineName;
  /**
   * Set by engines that find the page's orientation themselves (Paddle): the clockwise turn applied before
   * reading (0 when none); the boxes are in the turned image. Absent: the caller decides (Tesseract).
   */
  turned?: 0 | 90 | 180 | 270;
}

export interface OcrEngineStats {
  /** The engine pages go to now ("paddle", or "tesseract" when the models could not load). */
  engine: OcrEngineName;
  processes: number;
  pages: number;
  failures: number;
  timeouts: number;
  restarts: number;
  /** Largest resident memory a recogniser process reported. */
  peakRssBytes: number;
  /** CPU seconds the recogniser processes spent on pages (Paddle only; 0 for Tesseract). */
  cpuSeconds: number;
  /** CPU milliseconds per stage of the recognisers (decode, detection, classifier, recognition), summed. */
  stageCpuMs: Record<string, number>;
}

/**
 * Recognises page images: the grey PGM that services/doc_text/prepare_image.ts made (decoded, checked,
 * shrunk), or a PNG. Made once in main.ts (AppDeps.ocr) and shared.
 */
export interface OcrEngine extends AsyncDisposable {
  /** The engine pages go to now; settles after ready(). */
  readonly engine: OcrEngineName;
  /** Pages it can recognise at once (the recogniser processes); callers spread a file's pages over them. */
  readonly concurrency: number;
  /** Throws DOC_TEXT_TIMEOUT past `timeoutMs` (default: the pool's page time limit), OCR_ENGINE_FAILED. */
  recognize(
    image: Uint8Array,
    options?: { signal?: AbortSignal; timeoutMs?: number },
  ): Promise<OcrPageResult>;
  /** Starts the recognisers (otherwise they start on first use); resolves once the engine is known. */
  ready(): Promise<OcrEngineName>;
  close(): Promise<void>;
  stats(): OcrEngineStats;
}
