import { zodResolver } from '@hookform/resolvers/zod';
import { signinBody } from '@lendo/shared';

/** The sign-in form's validation; the login page loads it lazily, apart from its first render. */
export const signinResolver = zodResolver(signinBody);
