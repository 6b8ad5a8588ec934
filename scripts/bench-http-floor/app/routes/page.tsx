import { data } from "react-router";
import pages from "../pages.json";

/**
 * A LocalAtlas page's body as one string: the bench writes pages.json (name → the body's HTML, as
 * LocalAtlas rendered it) before it builds this app. React Router matches, runs a loader, renders a
 * document and its hydration data, as for any page; React writes the page's markup without building
 * any of its elements. No LocalAtlas page can render on this stack for less.
 */
const bodies: Record<string, string> = pages;

export function loader({ params }: { params: { name?: string } }) {
  if (!params.name || !(params.name in bodies)) throw data(null, { status: 404 });
  return { name: params.name };
}

export default function Page({ loaderData }: { loaderData: { name: string } }) {
  return <div dangerouslySetInnerHTML={{ __html: bodies[loaderData.name] }} />;
}
