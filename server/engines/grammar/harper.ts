/**
 * The harper.js layer: one WebAssembly linter per process, loaded once, used one call at a time.
 *
 * Harper lints synchronously inside `lint()`, and its dialect is linter state, so calls are queued:
 * a dialect switch and the lint that needs it can never interleave with another request's.
 * Spans come back as UTF-16 offsets into the linted string (the caller converts to code points).
 */
import v8 from 'node:v8';
import { Dialect, LocalLinter, SuggestionKind } from 'harper.js';
import { slimBinary as binary } from 'harper.js/slimBinary';

export type HarperDialect = 'en-US' | 'en-GB' | 'en-CA' | 'en-AU' | 'en-IN';

const DIALECTS: Record<HarperDialect, Dialect> = {
  'en-US': Dialect.American,
  'en-GB': Dialect.British,
  'en-CA': Dialect.Canadian,
  'en-AU': Dialect.Australian,
  'en-IN': Dialect.Indian,
};

export interface HarperSuggestion {
  kind: 'replace' | 'remove' | 'insertAfter';
  text: string;
}

/** One lint, copied out of WebAssembly memory (the wasm objects are freed at once). */
export interface HarperLint {
  /** Harper's rule name, e.g. `SpellCheck`, `AnA`, `OxfordComma`. */
  rule: string;
  /** Harper's lint kind, e.g. `Spelling`, `Agreement`, `Style`. */
  kind: string;
  /** UTF-16 offsets into the linted text. */
  start: number;
  end: number;
  message: string;
  suggestions: HarperSuggestion[];
}

const SUGGESTION_KINDS: Record<number, HarperSuggestion['kind']> = {
  [SuggestionKind.Replace]: 'replace',
  [SuggestionKind.Remove]: 'remove',
  [SuggestionKind.InsertAfter]: 'insertAfter',
};

export class Harper {
  private queue: Promise<unknown> = Promise.resolve();
  private dialect: HarperDialect = 'en-US';

  private constructor(private readonly linter: LocalLinter) {}

  /** Compiles the WebAssembly binary and builds the linter (about 1 s and 0.2 GB). */
  static async load(): Promise<Harper> {
    // V8 compiles WebAssembly with its baseline compiler (Liftoff), then recompiles the functions that
    // run hot with its optimising one. For harper's 16 MB module that second copy of the code cost
    // about 100-150 MB per thread that holds harper, for a grammar check about 1.15x faster
    // (BENCHMARKS.md, issue 44): baseline code only. The flag is process-wide and read when a module compiles.
    v8.setFlagsFromString('--liftoff-only');
    // The slim binary: harper.js's full one instantiates the slim module first and then itself (two
    // modules, two memories); the slim one alone gave the same lints on 400 texts of the detector's dev
    // split (half of them in both dialects, every lint compared) for one module's time and memory.
    const linter = new LocalLinter({ binary, dialect: Dialect.American });
    await linter.setup();
    return new Harper(linter);
  }

  /** Lints plain text in `dialect`; every rule harper has on by default runs, overlapping lints included. */
  lint(text: string, dialect: HarperDialect, options: { dedup?: boolean } = {}): Promise<HarperLint[]> {
    const run = async (): Promise<HarperLint[]> => {
      if (dialect !== this.dialect) {
        await this.linter.setDialect(DIALECTS[dialect]);
        this.dialect = dialect;
      }
      // No dedup by default: harper would otherwise let an advice lint spanning a whole sentence
      // (LongSentences) hide every correction inside it; policy.ts drops advice and resolves overlaps.
      const groups = await this.linter.organizedLints(text, { language: 'plaintext', dedup: options.dedup ?? false });
      const out: HarperLint[] = [];
      for (const [rule, lints] of Object.entries(groups)) {
        for (const lint of lints) {
          const span = lint.span();
          out.push({
            rule,
            kind: lint.lint_kind(),
            start: span.start,
            end: span.end,
            message: lint.message(),
            suggestions: lint.suggestions().map((s) => {
              const suggestion = { kind: SUGGESTION_KINDS[s.kind()] ?? 'replace', text: s.get_replacement_text() };
              s.free();
              return suggestion;
            }),
          });
          span.free();
          lint.free();
        }
      }
      return out.sort((a, b) => a.start - b.start || a.end - b.end);
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }
}
