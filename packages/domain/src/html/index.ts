// Escaping text for the few places that write HTML by hand (emails, the first-paint shell).
export { escapeHtml } from './escape-html.ts';
