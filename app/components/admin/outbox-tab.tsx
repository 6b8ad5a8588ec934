import { linkParts, type OutboxPage } from "#app/lib/admin/admin-moderation";
import { KeysetPager } from "#app/components/admin/keyset-pager";
import { useAdminFormats } from "#app/components/admin/operator-locale";

/**
 * Outbox: the local outbox (EMAIL_OUTBOX = "on", never in production), every e-mail the site sent,
 * newest first, with its text body; the links to the site itself can be followed, so a developer
 * signs in as an owner with the link the site "sent" (any other address in a message stays text).
 */
export function OutboxTab({ page, isFirstPage, siteOrigin }: { page: OutboxPage; isFirstPage: boolean; siteOrigin: string }) {
  const format = useAdminFormats();
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Outbox</h2>
        <p className="mt-1 text-sm text-slate-600">
          This is the local outbox: with EMAIL_OUTBOX set to &ldquo;on&rdquo; (npm start, the tests) every e-mail the site sends is also
          kept here, so sign-in links and notices can be read without a mail service. It is off in production. Times are UTC.
        </p>
      </div>
      {page.messages.length === 0 ? (
        <p className="text-slate-600">{isFirstPage ? "No e-mail sent yet." : "No older messages."}</p>
      ) : (
        <ul className="space-y-3">
          {page.messages.map((m) => (
            <li key={m.id} className="rounded-xl border border-slate-200 p-4 text-sm" data-testid="outbox-message">
              <p className="font-medium break-words">{m.subject}</p>
              <p className="text-slate-600">
                To {m.to} · <time dateTime={new Date(m.sentAt * 1000).toISOString()}>{format.dateTime(m.sentAt, "medium")}</time>
              </p>
              <p className="mt-2 break-words whitespace-pre-wrap">
                {linkParts(m.text, siteOrigin).map((part, i) =>
                  part.link ? (
                    <a key={i} href={part.text} className="text-blue-800 underline hover:text-blue-950">
                      {part.text}
                    </a>
                  ) : (
                    <span key={i}>{part.text}</span>
                  ),
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
      <KeysetPager path="/admin-panel/outbox" label="Outbox pages" isFirstPage={isFirstPage} next={page.next} />
    </div>
  );
}
