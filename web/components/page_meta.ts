import { createContext, useContext } from "react";

/** The route-table entry of the page being shown (title, path). */
export interface PageMeta {
  path: string;
  title: string;
}

export const PageMetaContext = createContext<PageMeta>({ path: "", title: "" });

/** Title and path of the current page, from web/router.tsx. */
export function usePageMeta(): PageMeta {
  return useContext(PageMetaContext);
}
