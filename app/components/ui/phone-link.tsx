import { cn } from "#app/components/ui/cn";

/**
 * A phone number as a call link: `phone` as the business's country writes it and `href` its `tel:`
 * address (app/lib/business/phone.ts, worked out in the loader).
 */
export function PhoneLink({ phone, href, className }: { phone: string; href: string; className?: string }) {
  return (
    <a href={href} className={cn("phone-link", className)}>
      <svg viewBox="0 0 20 20" className="h-4 w-4 shrink-0 fill-slate-400" aria-hidden="true">
        <path d="M2 3.5A1.5 1.5 0 013.5 2h2.1a1 1 0 01.98.8l.6 3a1 1 0 01-.5 1.07l-1.3.72a11 11 0 006 6l.72-1.3a1 1 0 011.07-.5l3 .6a1 1 0 01.8.98v2.1A1.5 1.5 0 0115.5 18C8.04 18 2 11.96 2 4.5z" />
      </svg>
      {/* A number reads left to right on a right-to-left page too. */}
      <span dir="ltr">{phone}</span>
    </a>
  );
}
