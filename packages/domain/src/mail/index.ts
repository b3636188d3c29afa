// The sign-in email's words and shape.
export { signInLinkEmail } from './sign-in-email.ts';
