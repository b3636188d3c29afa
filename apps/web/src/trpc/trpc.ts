import type { AppRouter } from '@doppel/api';
import { createTRPCReact } from '@trpc/react-query';

/** React hooks for every procedure of the API. */
export const trpc = createTRPCReact<AppRouter>();
