/** Settings shared by the Playwright config (which starts the server) and the specs. */
export const E2E_PORT = 4173;
/** A second server whose clock stands still until a test moves it (TEST_CLOCK=1), for due dates. */
export const E2E_CLOCK_PORT = 4174;
/** A third server with a language model configured: the fake chat-completions server on E2E_LLM_PORT. */
export const E2E_MODEL_PORT = 4175;
export const E2E_LLM_PORT = 4176;
export const E2E_JWT_SECRET = 'e2e-only-secret-that-is-long-enough-0123456789';
