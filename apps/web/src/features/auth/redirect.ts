/** A redirect kept from an expired session, only within the app (never another site, never back to sign-in). */
export function safeRedirect(value: string | null | undefined) {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login') ? value : '/';
}
