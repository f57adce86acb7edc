/** Hosts offered after the local part of an e-mail address (product document, section 5: "typing before @ suggests" hosts). */
export const COMMON_EMAIL_DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.es'] as const;

const MAX_SUGGESTIONS = 6;

/**
 * What an e-mail recipient field offers for the text being typed: the local part followed by each
 * known domain (the space's first, then the common ones) that starts with what was typed after "@".
 * Nothing for an empty text, a text with spaces, or one whose domain is already complete.
 */
export function emailSuggestions(typed: string, knownDomains: readonly string[] = []): string[] {
  const text = typed.trim();
  if (!text || /\s/.test(text)) return [];
  const at = text.indexOf('@');
  const local = at === -1 ? text : text.slice(0, at);
  const domainStart = at === -1 ? '' : text.slice(at + 1).toLowerCase();
  if (!local || domainStart.includes('@')) return [];
  const domains = [...new Set([...knownDomains.map((d) => d.toLowerCase()), ...COMMON_EMAIL_DOMAINS])];
  return domains
    .filter((domain) => domain.startsWith(domainStart) && domain !== domainStart)
    .slice(0, MAX_SUGGESTIONS)
    .map((domain) => `${local}@${domain}`);
}

/** The domain of each address among `entries` (the space's known domains, as the screen knows them). */
export const domainsOf = (entries: readonly (string | null | undefined)[]) =>
  entries.flatMap((entry) => {
    const at = entry?.lastIndexOf('@') ?? -1;
    return entry && at > 0 && at < entry.length - 1
      ? [
          entry
            .slice(at + 1)
            .trim()
            .toLowerCase(),
        ]
      : [];
  });
