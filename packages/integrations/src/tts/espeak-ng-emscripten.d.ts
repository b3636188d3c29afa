// @echogarden/espeak-ng-emscripten ships no types: these are the parts of its Emscripten module
// that the offline voice engine calls (see espeak-wasm-tts.ts).
declare module '@echogarden/espeak-ng-emscripten' {
  /** One espeak-ng synthesizer; its settings stay until changed, so every call sets all of them. */
  export type EspeakNgWorker = {
    /** An espeak-ng voice name such as `en+f3`; answers 0 when the voice was found. */
    set_voice(name: string): number;
    /** Words per minute. */
    set_rate(wordsPerMinute: number): number;
    /** 0–100, 50 is the voice's own. */
    set_pitch(pitch: number): number;
    /** Speaks SSML text synchronously, handing over 16-bit mono PCM at 22,050 Hz in chunks. */
    synthesize(text: string, onChunk: (samples: Int16Array | undefined, events: unknown[]) => boolean | undefined): void;
  };

  type EmscriptenModule = { eSpeakNGWorker: new () => EspeakNgWorker };

  const createModule: (settings?: {
    print?: (line: string) => void;
    printErr?: (line: string) => void;
  }) => Promise<EmscriptenModule>;
  export default createModule;
}
