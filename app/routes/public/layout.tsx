import { Outlet } from "react-router";

/** Public pages: site header and footer (SPEC §2) go here. */
export default function PublicLayout() {
  return <Outlet />;
}
