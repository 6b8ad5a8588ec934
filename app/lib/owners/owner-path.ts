/**
 * Which paths are an owner's own (docs/people.md): the owner pages (/owner, /owner/…) and a
 * business's claim page (/business/12/claim), with or without a locale prefix (/vi/owner) and as
 * React Router's data requests (/owner.data). They are personal: answered `private, no-store` and
 * never kept by the edge cache.
 */
const OWNER_PATH = /^(?:\/[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?)?\/(?:owner|business\/[^/]+\/claim)(?:$|[/.])/;

export function isOwnerPath(pathname: string): boolean {
  return OWNER_PATH.test(pathname);
}

/** The Cache-Control of every owner page. */
export const OWNER_CACHE_CONTROL = "private, no-store";
