// How the dashboard home greets the creator. Pure, unit-tested.
import type { Me } from '@doppel/validation';

/**
 * The name to greet: the account's name, unless it is only the email's first part (an account
 * made by a magic link: "nora.new"), then the twin's first name, which is the creator's own.
 */
export function greetingName(me: Pick<Me, 'name' | 'email'>, twinName: string | undefined): string {
  const name = me.name.trim();
  const fromEmail = me.email !== null && name.toLowerCase() === me.email.split('@')[0]?.toLowerCase();
  if (name && !fromEmail) return name;
  return twinName?.trim().split(/\s+/)[0] || name;
}

/** "Welcome, Nora" for a twin no fan has met yet, "Welcome back, Mia" after. */
export function greeting(name: string, isNew: boolean): string {
  return isNew ? `Welcome, ${name}` : `Welcome back, ${name}`;
}
