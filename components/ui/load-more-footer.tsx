"use client";

import { Alert } from "./alert";
import { Button } from "./button";

/** What the footer reads of a keyset-paged list (react-query's infinite query). */
type PagedList = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * The foot of a keyset-paged list (the Queries and SDV pages, decisions 0030, 0031): how many rows
 * are shown, Load more while the server has more, and a failed next page said with Retry. The
 * words are the page's own, from its catalogue.
 */
export function LoadMoreFooter({
  list,
  words,
}: {
  list: PagedList;
  words: { shown: string; loadMore: string; loadingMore: string; loadError: string; retry: string };
}) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {words.shown}
        </p>
        {list.hasNextPage && (
          <Button
            variant="secondary"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? words.loadingMore : words.loadMore}
          </Button>
        )}
      </div>
      {list.isFetchNextPageError && (
        <Alert className="flex flex-wrap items-center justify-between gap-3">
          <span>{words.loadError}</span>
          <Button variant="secondary" onClick={() => void list.fetchNextPage()}>
            {words.retry}
          </Button>
        </Alert>
      )}
    </>
  );
}
