/** Joins class names, skipping the falsy ones (shadcn's `cn` without tailwind-merge: no client library). */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
