/**
 * Files of FILE / FILE_MULTI questions: checking chosen or dropped files before anything is read or sent
 * (type, size, emptiness, the FILE_MULTI limit), reading them as base64 answers, thumbnails and sizes of
 * the files chosen in this session, and adopting the service's URLs after a save.
 */
import type { AnswerValue, Answers, FileAnswer } from '../../api/kyb.ts';
import { fileProblem, readAsBase64, uploadFilename } from '../files.ts';
import { Previews } from '../upload/upload.ts';
import { isFileUrl } from './answers-state.ts';
import { fileValues, MAX_FILES, type QRec } from './controls.ts';
import { tooManyFilesMessage } from './validation.ts';

export interface FileInfo {
  preview: string | null;
  size: number | null;
}

/** The local files of the questions: thumbnails (object URLs) and sizes, by question and filename. */
export class QuestionFiles {
  readonly #previews = new Previews<string>();
  readonly #sizes = new Map<string, number>();

  /** Thumbnail and size of a file chosen in this session (also once saved: same filename). */
  info = (recId: string, f: FileAnswer): FileInfo => {
    const key = `${recId}|${f.filename}`;
    return { preview: this.#previews.get(key), size: this.#sizes.get(key) ?? null };
  };

  /** Forgets the files of `rec` that its value no longer has (revoking their thumbnails). */
  prune(rec: QRec): void {
    const names = new Set(fileValues(rec.value).map((f) => `${rec.id}|${f.filename}`));
    const mine = (k: string) => k.startsWith(`${rec.id}|`);
    this.#previews.retain((k) => !mine(k) || names.has(k));
    for (const k of [...this.#sizes.keys()]) if (mine(k) && !names.has(k)) this.#sizes.delete(k);
  }

  /**
   * Checks `chosen` and reads the accepted files. `value` is the question's new value, or undefined when
   * nothing was accepted; `error` names every refused file and why (never dropped silently).
   */
  async choose(
    rec: QRec,
    chosen: readonly File[],
    locale: string,
  ): Promise<{ value: AnswerValue | undefined; error: string | null }> {
    const multi = rec.question.type === 'FILE_MULTI';
    const existing: FileAnswer[] = multi && Array.isArray(rec.value) ? [...(rec.value as FileAnswer[])] : [];
    const problems: string[] = [];
    const accepted: File[] = [];
    for (const file of multi ? chosen : chosen.slice(0, 1)) {
      const problem = fileProblem(file, locale);
      if (problem) problems.push(multi || chosen.length > 1 ? `${file.name}: ${problem}` : problem);
      else accepted.push(file);
    }
    const room = Math.max(0, multi ? MAX_FILES - existing.length : 1);
    if (accepted.length > room) {
      const left = accepted.splice(room);
      problems.push(
        tooManyFilesMessage(
          MAX_FILES,
          left.map((f) => f.name),
        ),
      );
    }
    const error = problems.length > 0 ? problems.join(' ') : null;
    if (accepted.length === 0) return { value: undefined, error };
    const read = await Promise.all(
      accepted.map(async (f): Promise<FileAnswer> => {
        const answer = { filename: uploadFilename(f), file: await readAsBase64(f) };
        const key = `${rec.id}|${answer.filename}`;
        this.#previews.set(key, f);
        this.#sizes.set(key, f.size);
        return answer;
      }),
    );
    return { value: multi ? [...existing, ...read] : (read[0] ?? null), error };
  }
}

const isUpload = (v: unknown): v is FileAnswer =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  typeof (v as FileAnswer).file === 'string' &&
  !isFileUrl((v as FileAnswer).file);

export function hasUploadedFiles(body: Answers): boolean {
  for (const entries of Object.values(body.sections)) {
    for (const { value } of Object.values(entries)) {
      if (isUpload(value) || (Array.isArray(value) && (value as unknown[]).some(isUpload))) return true;
    }
  }
  return false;
}

/** `sent` with each uploaded file replaced by the service's URL at the same position (same filename). */
export function adoptUrls(sent: AnswerValue, back: AnswerValue | undefined): AnswerValue | null {
  const pick = (s: unknown, b: unknown): FileAnswer | null =>
    isUpload(s) &&
    typeof b === 'object' &&
    b !== null &&
    !Array.isArray(b) &&
    (b as FileAnswer).filename === s.filename &&
    typeof (b as FileAnswer).file === 'string' &&
    isFileUrl((b as FileAnswer).file)
      ? { filename: s.filename, file: (b as FileAnswer).file }
      : null;
  if (Array.isArray(sent)) {
    if (!Array.isArray(back) || back.length !== sent.length) return null;
    let any = false;
    const out = (sent as FileAnswer[]).map((s, i) => {
      const p = pick(s, back[i]);
      if (p) any = true;
      return p ?? s;
    });
    return any ? out : null;
  }
  return pick(sent, back);
}
