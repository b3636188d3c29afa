// A stage of the app's start (shell/boot.ts): the router, React Query and the tRPC client.
export { QueryClient } from '@tanstack/react-query';
export { createTRPCReact } from '@trpc/react-query';
export { BrowserRouter } from 'react-router-dom';
