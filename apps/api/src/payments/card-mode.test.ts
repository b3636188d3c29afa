import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';
import { cardPaymentsMode, cardPaymentsNotice } from './card-mode.ts';

const base = { DATABASE_URL: 'postgres://localhost:5432/doppel' };
const production = { ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' };
const stripe = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123' };

describe('card payments without Stripe', () => {
  it('run the offline sandbox in development, unless PAYMENTS_SANDBOX=off', () => {
    expect(cardPaymentsMode(loadEnv(base))).toBe('sandbox');
    expect(cardPaymentsMode(loadEnv({ ...base, PAYMENTS_SANDBOX: 'off' }))).toBe('none');
  });

  it('do not exist in production unless an operator turns the sandbox on, which is logged as a warning', () => {
    const plain = loadEnv(production);
    expect(cardPaymentsMode(plain)).toBe('none');
    expect(cardPaymentsNotice('none', plain)?.level).toBe('info');
    const demo = loadEnv({ ...production, PAYMENTS_SANDBOX: 'on' });
    expect(cardPaymentsMode(demo)).toBe('sandbox');
    expect(cardPaymentsNotice('sandbox', demo)).toMatchObject({
      level: 'warn',
      message: expect.stringMatching(/^PAYMENTS_SANDBOX=on/),
    });
  });

  it('give way to Stripe whenever its keys are set', () => {
    expect(cardPaymentsMode(loadEnv({ ...production, ...stripe, PAYMENTS_SANDBOX: 'on' }))).toBe('stripe');
    expect(cardPaymentsNotice('stripe', loadEnv({ ...production, ...stripe }))).toBeNull();
  });

  it('refuse a PAYMENTS_SANDBOX other than on or off, naming the setting', () => {
    expect(() => loadEnv({ ...base, PAYMENTS_SANDBOX: 'yes' })).toThrow('PAYMENTS_SANDBOX: PAYMENTS_SANDBOX must be on or off');
  });
});
