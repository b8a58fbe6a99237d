/** Settings shared by the Playwright config (which starts the server) and the specs. */
export const E2E_PORT = 4173;
export const E2E_JWT_SECRET = 'e2e-only-secret-that-is-long-enough-0123456789';
