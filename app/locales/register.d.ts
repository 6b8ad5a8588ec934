// A message id is a key of the English catalogs: a typo or a message not in the catalog fails the
// typecheck (docs/i18n.md).
import type content from "#app/locales/en/content.json";
import type ui from "#app/locales/en/interface.json";

declare module "@lingui/core" {
  interface Register {
    messageIds: keyof typeof ui | keyof typeof content;
  }
}
