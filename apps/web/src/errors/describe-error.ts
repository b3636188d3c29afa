import { TRPCClientError } from '@trpc/client';

export type DescribedError = {
  message: string;
  /** tRPC code such as UNAUTHORIZED, or null for errors that did not come from the API. */
  code: string | null;
  /** Domain error code from the API, for switching on (never on the message). */
  appCode: string | null;
  /** tRPC path of the failed call, when the API named it. */
  path: string | null;
  fieldErrors: Record<string, string[]> | null;
  /** The id the server logged an internal failure under, shown so a report can name it. */
  errorId: string | null;
  stack: string | undefined;
};

type ErrorData = { code?: unknown; appCode?: unknown; path?: unknown; fieldErrors?: unknown; errorId?: unknown };

const fallbackMessage = 'An error has occured, please try again later.';

/** Reads what the shell needs from any thrown value, API error or not. */
export function describeError(error: unknown): DescribedError {
  if (error instanceof TRPCClientError) {
    const data = (error.data ?? {}) as ErrorData;
    return {
      message: error.message || fallbackMessage,
      code: typeof data.code === 'string' ? data.code : null,
      appCode: typeof data.appCode === 'string' ? data.appCode : null,
      path: typeof data.path === 'string' ? data.path : null,
      fieldErrors: isFieldErrors(data.fieldErrors) ? data.fieldErrors : null,
      errorId: typeof data.errorId === 'string' ? data.errorId : null,
      stack: error.stack,
    };
  }
  if (error instanceof Error) {
    return {
      message: error.message || fallbackMessage,
      code: null,
      appCode: null,
      path: null,
      fieldErrors: null,
      errorId: null,
      stack: error.stack,
    };
  }
  const message = typeof error === 'string' && error ? error : fallbackMessage;
  return { message, code: null, appCode: null, path: null, fieldErrors: null, errorId: null, stack: undefined };
}

function isFieldErrors(value: unknown): value is Record<string, string[]> {
  return typeof value === 'object' && value !== null && Object.values(value).every(Array.isArray);
}

/** The first message of each field, in the shape Mantine's form.setErrors takes. */
export function firstFieldErrors(fieldErrors: Record<string, string[]> | null): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors ?? {})) {
    if (messages[0]) result[field] = messages[0];
  }
  return result;
}
