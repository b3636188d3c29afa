// The logging shape pg-boss events are reported through; each process passes its own logger.
export type JobsLogFields = Record<string, unknown>;
export type JobsLogger = {
  info: (message: string, fields?: JobsLogFields) => void;
  warn: (message: string, fields?: JobsLogFields) => void;
  error: (message: string, fields?: JobsLogFields) => void;
};

/** Discards everything; for callers that pass no logger. */
export const silentJobsLogger: JobsLogger = { info: () => {}, warn: () => {}, error: () => {} };
