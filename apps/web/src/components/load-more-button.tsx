import { Button } from '@mantine/core';

type PagedQuery = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

/** "Load more" under a keyset-paged list: shown while there is a next page, busy while it loads. */
export function LoadMoreButton({ query, mt }: { query: PagedQuery; mt?: string }) {
  if (!query.hasNextPage) return null;
  return (
    <Button variant="default" mx="auto" mt={mt} onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
      Load more
    </Button>
  );
}
