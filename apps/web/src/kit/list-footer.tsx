import { Button } from '@mantine/core';

/** What the footer needs of a keyset-paged (tRPC infinite) query. */
export type PagedQuery = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/**
 * The one footer under every paged list, admin or talent: "Load more" while there is a next page,
 * busy while it loads, nothing once the list is complete.
 */
export function ListFooter({ query, mt }: { query: PagedQuery; mt?: string }) {
  if (!query.hasNextPage) return null;
  return (
    <Button variant="default" mx="auto" mt={mt} onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
      Load more
    </Button>
  );
}
