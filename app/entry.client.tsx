/**
 * The browser's start (React Router's default, plus the page's messages): the catalog of the page's
 * locale (`<html lang>`) is loaded before React hydrates, and only that one (docs/i18n.md). React
 * Router starts at the visitor's first move (ADR 0004), so the messages are never part of what a
 * page downloads before it.
 */
import type { Messages } from "@lingui/core";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { registerMessages } from "#app/lib/i18n/i18n";

const interfaceCatalogs = import.meta.glob<{ messages: Messages }>("/app/locales/*/interface.json", { query: "?lingui" });

const locale = document.documentElement.lang || "en";
const load = interfaceCatalogs[`/app/locales/${locale}/interface.json`] ?? interfaceCatalogs["/app/locales/en/interface.json"];
registerMessages(locale, (await load()).messages);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
