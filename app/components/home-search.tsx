import { useLingui } from "@lingui/react";
import { useNavigate } from "react-router";
import { NearMeButton } from "#app/components/near-me-button";
import { useLocalePath } from "#app/components/page-locale";
import { SuggestInput } from "#app/components/suggest-input";
import { Button } from "#app/components/ui/button";

/**
 * SPEC §2 Home: Search or Enter goes to /search?q=…&location=… when the service text is non-empty
 * after trimming; otherwise nothing happens. Without JavaScript the `required` + `pattern` checks
 * keep a blank service from submitting.
 */
export function HomeSearch() {
  const navigate = useNavigate();
  const { _ } = useLingui();
  const lp = useLocalePath();
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const q = String(form.get("q") ?? "").trim();
    const location = String(form.get("location") ?? "").trim();
    if (!q) return;
    navigate(`${lp("/search")}?${new URLSearchParams({ q, location })}`);
  }
  return (
    <>
      <form
        id="home-search"
        action={lp("/search")}
        method="get"
        role="search"
        noValidate={false}
        onSubmit={onSubmit}
        className="mx-auto mt-8 flex max-w-3xl flex-col gap-3 rounded-2xl bg-white p-3 shadow-lg sm:flex-row"
      >
        <label htmlFor="home-q" className="sr-only">
          {_("home.serviceQuestion")}
        </label>
        <SuggestInput
          kind="service"
          id="home-q"
          name="q"
          required
          pattern=".*\S.*"
          title={_("home.serviceHint")}
          placeholder={_("home.serviceQuestion")}
          className="h-12 flex-1"
        />
        <label htmlFor="home-location" className="sr-only">
          {_("home.locationLabel")}
        </label>
        <SuggestInput
          kind="location"
          id="home-location"
          name="location"
          placeholder={_("common.cityStatePlaceholder")}
          className="h-12 flex-1 sm:max-w-xs"
        />
        <Button type="submit" size="lg">
          {_("common.search")}
        </Button>
      </form>
      <NearMeButton form="home-search" tone="dark" className="mx-auto mt-2 max-w-3xl items-center" />
    </>
  );
}
