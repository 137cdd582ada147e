/**
 * Who may act for an organisation. Membership is proven by an e-mail at its domain, so a claim's
 * address must be at that domain or one of its subdomains ("a@dept.example.gov.in" for
 * "example.gov.in"), never a look-alike ("a@notexample.gov.in").
 */
export function emailAtDomain(email: string, domain: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  const host = email.slice(at + 1).toLowerCase();
  const d = domain.toLowerCase();
  return host === d || host.endsWith(`.${d}`);
}

/** Official responses: verified members of an organisation the idea tags. */
export function canRespondFor(isMember: boolean): boolean {
  return isMember;
}
