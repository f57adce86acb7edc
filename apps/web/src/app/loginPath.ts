/** Where an anonymous user is sent: /login, with the page asked for to come back to (none for the root). */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const here = location.pathname + location.search;
  return location.pathname === '/' ? '/login' : `/login?redirect=${encodeURIComponent(here)}`;
}
