/**
 * Which paths belong to the admin: its pages (/admin, /admin/…, /admin-login, /admin-panel), the
 * admin API (/api/admin/…) and React Router's data requests for them (/admin-panel.data,
 * /api/admin/check-auth.data, /admin.data). They are never cached, never deferred, never shared.
 */
const ADMIN_PATH = /^\/(?:api\/)?admin(?:$|[/.-])/;

export function isAdminPath(pathname: string): boolean {
  return ADMIN_PATH.test(pathname);
}
