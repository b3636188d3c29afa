// A SEPA credit-transfer file: ISO 20022 pain.001.001.03 (CustomerCreditTransferInitiationV03), the
// format banks accept for bulk transfers and the version every SEPA bank still takes. One payment
// information block pays every transfer from our account; amounts come from integer cents with
// integer math only, so the file's sums match the payouts to the cent. Text is reduced to the SEPA
// Latin character set (EPC guidelines) because banks reject or mangle anything else.
import type { BankFileContent, BankFileWriter, BankTransfer } from '@doppel/domain/ports';
import { isValidBic, isValidIban, normalizeBic, normalizeIban } from '@doppel/validation';

const namespace = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';
const maxIdLength = 35;
const maxNameLength = 70;
const maxRemittanceLength = 140;

/** Letters without a decomposition NFD could strip; everything else outside the set becomes a space. */
const transliterations: Record<string, string> = {
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Ø: 'O',
  ø: 'o',
  Œ: 'OE',
  œ: 'oe',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Þ: 'TH',
  þ: 'th',
  '&': '+',
};

/** Text in the SEPA Latin set (a-z A-Z 0-9 / - ? : ( ) . , ' + space): accents stripped, the rest replaced, spaces collapsed. */
export function toSepaText(text: string, maxLength: number): string {
  const latin = [...text.normalize('NFD').replace(/\p{M}/gu, '')]
    .map((char) => transliterations[char] ?? (/^[A-Za-z0-9/\-?:().,'+ ]$/.test(char) ? char : ' '))
    .join('');
  return latin.replace(/\s+/g, ' ').trim().slice(0, maxLength).trimEnd();
}

/** An identifier as the EPC restricts it: SEPA text without spaces, no leading, trailing or double "/", at most 35 characters. */
function toSepaId(id: string, label: string): string {
  const cleaned = toSepaText(id, Number.MAX_SAFE_INTEGER)
    .replace(/ /g, '')
    .replace(/\/{2,}/g, '/')
    .replace(/^\/|\/$/g, '')
    .slice(0, maxIdLength)
    .replace(/\/$/, '');
  if (!cleaned) throw new RangeError(`The ${label} "${id}" has no characters a SEPA file can carry.`);
  return cleaned;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char);

/** Cents as a decimal amount with two places, exactly (12345n -> "123.45"). */
const decimal = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

function checkedAccount(owner: string, iban: string, bic: string): { iban: string; bic: string } {
  if (!isValidIban(iban)) throw new RangeError(`${owner}: the IBAN "${iban}" is not valid.`);
  if (!isValidBic(bic)) throw new RangeError(`${owner}: the BIC "${bic}" is not valid.`);
  return { iban: normalizeIban(iban), bic: normalizeBic(bic) };
}

function checkedTransfer(transfer: BankTransfer) {
  const owner = `Transfer ${transfer.endToEndId}`;
  if (!Number.isSafeInteger(transfer.amountCents) || transfer.amountCents <= 0) {
    throw new RangeError(`${owner}: the amount must be a positive whole number of cents, not ${transfer.amountCents}.`);
  }
  if (!/^[A-Z]{3}$/.test(transfer.currency)) throw new RangeError(`${owner}: "${transfer.currency}" is not a currency code.`);
  const name = toSepaText(transfer.creditorName, maxNameLength);
  if (!name) throw new RangeError(`${owner}: the creditor needs a name.`);
  return {
    ...transfer,
    ...checkedAccount(owner, transfer.iban, transfer.bic),
    endToEndId: toSepaId(transfer.endToEndId, 'end-to-end id'),
    creditorName: name,
    remittance: toSepaText(transfer.remittance, maxRemittanceLength),
  };
}

/** Builds the pain.001.001.03 XML for the transfers, paid from the debtor's account; throws RangeError on anything a bank would refuse. */
export function buildPain001(input: BankFileContent): string {
  if (input.transfers.length === 0) throw new RangeError('A credit transfer file needs at least one transfer.');
  const transfers = input.transfers.map(checkedTransfer);
  const debtorName = toSepaText(input.debtor.name, maxNameLength);
  if (!debtorName) throw new RangeError('The debtor account needs a name.');
  const debtor = checkedAccount('The debtor account', input.debtor.iban, input.debtor.bic);
  const messageId = toSepaId(input.messageId, 'message id');
  const count = String(transfers.length);
  const controlSum = decimal(transfers.reduce((sum, transfer) => sum + BigInt(transfer.amountCents), 0n));
  const createdAt = input.createdAt.toISOString().slice(0, 19);
  const sepa = transfers.every((transfer) => transfer.currency === 'EUR');
  const text = (tag: string, value: string) => `<${tag}>${escapeXml(value)}</${tag}>`;

  const transactions = transfers.flatMap((transfer) =>
    element(
      'CdtTrfTxInf',
      ...element('PmtId', text('EndToEndId', transfer.endToEndId)),
      ...element('Amt', `<InstdAmt Ccy="${escapeXml(transfer.currency)}">${decimal(BigInt(transfer.amountCents))}</InstdAmt>`),
      ...element('CdtrAgt', ...element('FinInstnId', text('BIC', transfer.bic))),
      ...element('Cdtr', text('Nm', transfer.creditorName)),
      ...element('CdtrAcct', ...element('Id', text('IBAN', transfer.iban))),
      ...(transfer.remittance ? element('RmtInf', text('Ustrd', transfer.remittance)) : []),
    ),
  );

  const groupHeader = element(
    'GrpHdr',
    text('MsgId', messageId),
    text('CreDtTm', createdAt),
    text('NbOfTxs', count),
    text('CtrlSum', controlSum),
    ...element('InitgPty', text('Nm', debtorName)),
  );
  const paymentInformation = element(
    'PmtInf',
    text('PmtInfId', messageId),
    text('PmtMtd', 'TRF'),
    text('BtchBookg', 'true'),
    text('NbOfTxs', count),
    text('CtrlSum', controlSum),
    ...(sepa ? element('PmtTpInf', ...element('SvcLvl', text('Cd', 'SEPA'))) : []),
    text('ReqdExctnDt', createdAt.slice(0, 10)),
    ...element('Dbtr', text('Nm', debtorName)),
    ...element('DbtrAcct', ...element('Id', text('IBAN', debtor.iban))),
    ...element('DbtrAgt', ...element('FinInstnId', text('BIC', debtor.bic))),
    text('ChrgBr', 'SLEV'),
    ...transactions,
  );
  const document: Lines = [
    `<Document xmlns="${namespace}">`,
    element('CstmrCdtTrfInitn', ...groupHeader, ...paymentInformation),
    '</Document>',
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n${render(document, 0)}\n`;
}

/** Lines of XML; a nested array is indented one level deeper than the lines around it. */
type Lines = (string | Lines)[];

/** An element's lines: its opening tag, its children one level deeper, its closing tag. */
const element = (tag: string, ...children: Lines): Lines => [`<${tag}>`, children, `</${tag}>`];

const render = (lines: Lines, depth: number): string =>
  lines.map((line) => (typeof line === 'string' ? `${'  '.repeat(depth)}${line}` : render(line, depth + 1))).join('\n');

/** The bank-file writer for SEPA banks: pain.001.001.03 XML. */
export function createPain001BankFileWriter(): BankFileWriter {
  return { write: buildPain001 };
}
