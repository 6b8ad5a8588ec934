/**
 * Known admin credentials for the test runs only (vitest bindings in vitest.config.ts, the e2e
 * server in playwright.config.ts). Never used outside tests.
 */
export const TEST_ADMIN_USERNAME = "admin";
export const TEST_ADMIN_PASSWORD = "correct horse battery staple";
export const TEST_SESSION_SECRET = "test-session-secret-0123456789abcdef";
