/**
 * Navigation for code outside React (the API client). The router registers its navigate function
 * at start; before that (or in tests) a full page load is the fallback.
 */
type Navigate = (path: string) => void;

let navigator: Navigate | null = null;

export function registerNavigator(navigate: Navigate): void {
  navigator = navigate;
}

/** Goes to `path` unless the app is already there. */
export function navigateTo(path: string): void {
  if (globalThis.location?.pathname === path) return;
  if (navigator) navigator(path);
  else if (globalThis.location) globalThis.location.assign(path);
}
