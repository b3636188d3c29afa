// How the Models section words things: the version title, a version's error cut for display, the
// training text shown while collapsed, the base choices and when a version can be made default.
// Pure, unit-tested.
import { type AdminModelVersion, formatCount, type ModelVersionStatus, modelVersionStatusLabels } from '@doppel/validation';
import { formatDateTime } from '../../../components/format-date.ts';
import { truncateMessage } from '../../../errors/truncate-message.ts';

/** Live events the list refreshes on. */
export const modelListEntities = ['models', 'model_versions'] as const;
/** The detail also follows the app config: it names the model being fine-tuned, which blocks generating. */
export const modelDetailEntities = ['models', 'model_versions', 'app_configs'] as const;

/** docs/product-rules.md#constants-and-limits: "Training text shown up to 10 lines". */
export const collapsedExampleLines = 10;

export function modelPath(modelId: string): string {
  return `/models/${encodeURIComponent(modelId)}`;
}

export function talentPath(talentId: string): string {
  return `/talents/${encodeURIComponent(talentId)}`;
}

/** "1 version", "3 versions"; "1 example", "20 examples". */
export function countLabel(count: number, one: string): string {
  return `${formatCount(count)} ${count === 1 ? one : `${one}s`}`;
}

/** A version is still on its way: uploading its training file or fine-tuning (the spinner). */
export function isVersionRunning(status: ModelVersionStatus): boolean {
  return status === 'UPLOADING_TRAINING_FILE' || status === 'FINE_TUNING';
}

/** docs/product-rules.md#model-version-statuses: only a SUCCEEDED version can be made the default; the default already is. */
export function canMakeDefault(version: Pick<AdminModelVersion, 'status' | 'isDefault'>): boolean {
  return version.status === 'SUCCEEDED' && !version.isDefault;
}

/** A version's title (docs/product-rules.md#admin-back-office): "V1 · Fine Tuning · 04/3/2025 at 09:05" (organisation, status, created). */
export function versionTitle(version: Pick<AdminModelVersion, 'organisation' | 'status' | 'createdAt'>): string {
  return `${version.organisation} · ${modelVersionStatusLabels[version.status]} · ${formatDateTime(version.createdAt)}`;
}

/** The provider's error as the alert shows it: cut at 100 characters (docs/product-rules.md#errors-and-success-messages). */
export function versionErrorText(errorMessage: string): string {
  return truncateMessage(errorMessage);
}

/**
 * The training text as the read-only view shows it: whole when expanded or short enough, else the
 * first 10 lines, with how many lines are left out (the "Show all" toggle appears only then).
 */
export function examplesPreview(
  text: string,
  expanded: boolean,
  maxLines: number = collapsedExampleLines,
): { text: string; hiddenLines: number } {
  const lines = text.split('\n');
  if (expanded || lines.length <= maxLines) return { text, hiddenLines: 0 };
  return { text: lines.slice(0, maxLines).join('\n'), hiddenLines: lines.length - maxLines };
}

/**
 * The Base choices: the bases this server fine-tunes from, and the model's current base when the
 * server no longer offers it (marked, so it can be kept but is not picked by mistake).
 */
export function baseOptions(bases: readonly string[], current: string): Array<{ value: string; label: string }> {
  const options = bases.map((base) => ({ value: base, label: base }));
  if (current !== '' && !bases.includes(current)) options.push({ value: current, label: `${current} (not offered)` });
  return options;
}

/**
 * Whether "Generate new version" may be pressed: not while the detail (with its blocked check)
 * loads or refetches, not while a generation request runs, and not while the server says why not.
 */
export function canGenerate(state: { checking: boolean; generating: boolean; blockedReason: string | null }): boolean {
  return !state.checking && !state.generating && state.blockedReason === null;
}
