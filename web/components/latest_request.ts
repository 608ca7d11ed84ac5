/**
 * Newest request wins. A list whose filter, user or page changes while its request is in flight
 * sends a second request; answers can come back in either order, and the older one must not be
 * shown over the newer one (the storage manager showed everyone's files under "bob" when the
 * unfiltered answer came last, #16).
 *
 *   const begin = useLatestRequest();
 *   const load = useCallback(async () => {
 *     const current = begin();
 *     const res = await listSomething(filters);
 *     if (current()) setItems(res.items);
 *   }, [begin, filters]);
 */
import { useState } from "react";

/** Starts a request and returns a test: is it still the newest one started? */
export type BeginRequest = () => () => boolean;

export function latestRequests(): BeginRequest {
  let newest = 0;
  return () => {
    const mine = ++newest;
    return () => mine === newest;
  };
}

/** latestRequests() kept for the component's lifetime (a stable function, safe in hook deps). */
export function useLatestRequest(): BeginRequest {
  const [begin] = useState(latestRequests);
  return begin;
}
