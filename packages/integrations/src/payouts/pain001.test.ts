import type { BankFileContent, BankTransfer } from '@doppel/domain/ports';
import { describe, expect, it } from 'vitest';
import { buildPain001, toSepaText } from './pain001.ts';

const debtor = { name: 'Doppel GmbH', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' };

const transfer = (overrides: Partial<BankTransfer> = {}): BankTransfer => ({
  endToEndId: 'k3j9x2m4p8q1w7e5r6t0',
  amountCents: 8000,
  currency: 'EUR',
  creditorName: 'Anna Schmidt',
  iban: 'FR1420041010050500013M02606',
  bic: 'PSSTFRPPXXX',
  remittance: 'Doppel payout k3j9x2m4p8q1w7e5r6t0 for Anna',
  ...overrides,
});

const input = (transfers: BankTransfer[], overrides: Partial<BankFileContent> = {}): BankFileContent => ({
  messageId: 'DOPPEL-20240501T101112-2',
  createdAt: new Date('2024-05-01T10:11:12.345Z'),
  debtor,
  transfers,
  ...overrides,
});

const twoTransfers = [
  transfer(),
  transfer({
    endToEndId: 'a1b2c3d4e5f6g7h8i9j0',
    amountCents: 4345,
    creditorName: "Zoë O'Brien-Łukasz & <Sons>",
    iban: 'NL91ABNA0417164300',
    bic: 'ABNANL2A',
    remittance: 'Payout <1> & more: ok?',
  }),
];

/** The text of every element with this tag, in document order. */
const values = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]);

/** Whether every opened element is closed in order (a tiny well-formedness check without a DOM). */
const balanced = (xml: string) => {
  const open: string[] = [];
  for (const [, closing, name] of xml.replace(/<\?xml[^>]*\?>/, '').matchAll(/<(\/?)([A-Za-z]+)[^>]*>/g)) {
    if (!closing) open.push(name ?? '');
    else if (open.pop() !== name) return false;
  }
  return open.length === 0;
};

describe('buildPain001', () => {
  it('writes a pain.001.001.03 document whose counts and sums match the transfers', () => {
    const xml = buildPain001(input(twoTransfers));
    expect(
      xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"'),
    ).toBe(true);
    expect(balanced(xml)).toBe(true);
    expect(values(xml, 'MsgId')).toEqual(['DOPPEL-20240501T101112-2']);
    expect(values(xml, 'CreDtTm')).toEqual(['2024-05-01T10:11:12']);
    expect(values(xml, 'NbOfTxs')).toEqual(['2', '2']);
    expect(values(xml, 'CtrlSum')).toEqual(['123.45', '123.45']);
    expect(values(xml, 'PmtMtd')).toEqual(['TRF']);
    expect(values(xml, 'BtchBookg')).toEqual(['true']);
    expect(values(xml, 'ReqdExctnDt')).toEqual(['2024-05-01']);
    expect(values(xml, 'ChrgBr')).toEqual(['SLEV']);
    expect(xml.match(/<CdtTrfTxInf>/g)).toHaveLength(2);
    expect(values(xml, 'InstdAmt')).toEqual(['80.00', '43.45']);
    expect(xml).toContain('<InstdAmt Ccy="EUR">80.00</InstdAmt>');
    expect(values(xml, 'EndToEndId')).toEqual(['k3j9x2m4p8q1w7e5r6t0', 'a1b2c3d4e5f6g7h8i9j0']);
    // Debtor first (its IBAN normalised), then each creditor.
    expect(values(xml, 'IBAN')).toEqual(['DE89370400440532013000', 'FR1420041010050500013M02606', 'NL91ABNA0417164300']);
    expect(values(xml, 'BIC')).toEqual(['COBADEFFXXX', 'PSSTFRPPXXX', 'ABNANL2A']);
    expect(values(xml, 'Nm')[0]).toBe('Doppel GmbH');
  });

  it('marks the payment SEPA only when every transfer is in euros', () => {
    expect(values(buildPain001(input(twoTransfers)), 'Cd')).toEqual(['SEPA']);
    expect(buildPain001(input([transfer({ currency: 'USD' })]))).not.toContain('<SvcLvl>');
    expect(buildPain001(input([transfer(), transfer({ endToEndId: 'usd1', currency: 'USD' })]))).not.toContain('<PmtTpInf>');
  });

  it('reduces text to the SEPA character set and escapes what XML needs escaped', () => {
    const xml = buildPain001(input(twoTransfers));
    expect(values(xml, 'Nm')).toEqual(['Doppel GmbH', 'Doppel GmbH', 'Anna Schmidt', 'Zoe O&apos;Brien-Lukasz + Sons']);
    expect(values(xml, 'Ustrd')[1]).toBe('Payout 1 + more: ok?');
    expect(xml).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
    expect(xml).not.toMatch(/<(?![?/A-Za-z])/);
    expect(xml).not.toMatch(/[^\x20-\x7e\n]/);
  });

  it('transliterates accents and cuts names to 70, remittance to 140 and ids to 35 characters', () => {
    expect(toSepaText('Ångström Čapek Straße Ærø', 70)).toBe('Angstrom Capek Strasse AEro');
    const xml = buildPain001(
      input([transfer({ endToEndId: 'x'.repeat(50), creditorName: 'N'.repeat(100), remittance: 'R'.repeat(200) })], {
        messageId: 'M'.repeat(40),
      }),
    );
    expect(values(xml, 'EndToEndId')[0]).toHaveLength(35);
    expect(values(xml, 'MsgId')[0]).toHaveLength(35);
    expect(values(xml, 'Nm').at(-1)).toHaveLength(70);
    expect(values(xml, 'Ustrd')[0]).toHaveLength(140);
  });

  it('sums large files exactly', () => {
    const many = Array.from({ length: 1000 }, (_, index) => transfer({ endToEndId: `p${index}`, amountCents: 1001 }));
    expect(values(buildPain001(input(many)), 'CtrlSum')[0]).toBe('10010.00');
    expect(values(buildPain001(input([transfer({ amountCents: 1 })])), 'InstdAmt')).toEqual(['0.01']);
  });

  it('refuses an empty transfer list', () => {
    expect(() => buildPain001(input([]))).toThrow(new RangeError('A credit transfer file needs at least one transfer.'));
  });

  it.each([0, -800, 80.5, Number.NaN])('refuses the amount %s', (amountCents) => {
    expect(() => buildPain001(input([transfer({ amountCents })]))).toThrow(
      new RangeError(`Transfer k3j9x2m4p8q1w7e5r6t0: the amount must be a positive whole number of cents, not ${amountCents}.`),
    );
  });

  it('refuses an invalid creditor IBAN or BIC, and an invalid debtor account', () => {
    expect(() => buildPain001(input([transfer({ iban: 'FR1420041010050500013M02607' })]))).toThrow(
      new RangeError('Transfer k3j9x2m4p8q1w7e5r6t0: the IBAN "FR1420041010050500013M02607" is not valid.'),
    );
    expect(() => buildPain001(input([transfer({ bic: 'NOTABIC' })]))).toThrow(
      new RangeError('Transfer k3j9x2m4p8q1w7e5r6t0: the BIC "NOTABIC" is not valid.'),
    );
    expect(() => buildPain001(input([transfer()], { debtor: { ...debtor, iban: 'DE00370400440532013000' } }))).toThrow(
      new RangeError('The debtor account: the IBAN "DE00370400440532013000" is not valid.'),
    );
    expect(() => buildPain001(input([transfer()], { debtor: { ...debtor, bic: '' } }))).toThrow(RangeError);
  });

  it('refuses a transfer without a currency code or a creditor name', () => {
    expect(() => buildPain001(input([transfer({ currency: 'eur' })]))).toThrow(RangeError);
    expect(() => buildPain001(input([transfer({ creditorName: '☃ ☃' })]))).toThrow(
      new RangeError('Transfer k3j9x2m4p8q1w7e5r6t0: the creditor needs a name.'),
    );
  });
});
