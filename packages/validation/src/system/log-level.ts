import { z } from 'zod';

/** Pino's levels, most to least verbose, and `silent`: the one LOG_LEVEL vocabulary of the API and the worker. */
export const logLevels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/**
 * The LOG_LEVEL setting: any case, blank meaning the default. Both processes read the same
 * variable from one `npm start`, so they must accept the same values (the worker once refused
 * `trace`, which the API accepts, and was restarted over and over).
 */
export const logLevelSetting = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => (value === '' ? 'info' : value))
  .pipe(z.enum(logLevels, { error: `LOG_LEVEL must be one of ${logLevels.join(', ')}` }))
  .default('info');
