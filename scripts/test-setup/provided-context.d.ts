// What the test global setups provide to test files through vitest's inject().
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the integration-test Postgres server (the database part is replaced per test). */
    postgresServerUrl: string;
    /** Base URL of the running app under end-to-end test. */
    baseUrl: string;
    /** URL of the database behind the app under end-to-end test. */
    databaseUrl: string;
  }
}
