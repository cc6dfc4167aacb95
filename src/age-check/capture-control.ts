/**
 * The capture side of `<age-check>` (capture-API mode): the camera (start, stop, a track that ends),
 * the automatic-capture countdown, taking the frame or reading a chosen file, and sending the attempt.
 * It holds the stream and the photos; the element owns the machine and hands in what this needs.
 */
import { nothing, type TemplateResult } from 'lit';
import type { AgeClient } from '../api/age-client.ts';
import { ApiError } from '../api/http.ts';
import type { CameraError } from './camera.ts';
import {
  AUTO_CAPTURE_S,
  CAMERA_STATES,
  resultFromSession,
  type CameraFailure,
  type MachineEvent,
  type MachineState,
} from './machine.ts';
import { loadCamera, loadCapture, loadQr } from './capture-chunks.ts';
import type { CaptureHost } from './screens.ts';
import { uploadAttempt, type Images } from './upload.ts';
import { photoFileProblem } from './photo-file.ts';
import { activeLocale } from '../i18n/index.ts';
import { captureErrorText } from './outcome.ts';

export { AUTO_CAPTURE_S };

const stopStream = (stream: MediaStream | null | undefined) => stream?.getTracks().forEach((t) => t.stop());
const isCameraError = (err: unknown): err is CameraError =>
  err instanceof Error && err.name === 'CameraError' && 'reason' in err;

export type AttemptResult = 'DECIDED' | 'RETRY' | 'STEP_UP';

/** What the capture needs from the element. */
export interface CaptureDeps {
  readonly element: HTMLElement & { readonly renderRoot: ParentNode; requestUpdate(): void };
  machine(): MachineState;
  /** Sets the machine's state without a transition (a step the machine does not model). */
  replace(state: MachineState): void;
  send(event: MachineEvent): MachineState;
  /** A step that reports an answered attempt (`age-check-attempt`). */
  step(event: MachineEvent, attempt: AttemptResult): MachineState;
  client(): AgeClient | null;
  signal(): AbortSignal;
  emitError(err: unknown): void;
  /** The camera cannot be used (`age-check-camera-fallback`). */
  fallback(reason: CameraFailure): void;
}

export class CaptureControl {
  /** The live camera stream, if any. */
  stream: MediaStream | null = null;
  /** Seconds left of the automatic capture, 0 when off. */
  autoCount = 0;
  #seq = 0;
  #autoTimer: ReturnType<typeof setInterval> | undefined;
  #images: Images = {};
  #qr: { url: string; svg: TemplateResult } | null = null;
  /** An object URL of the photo just taken or chosen, shown on the review before it is sent. */
  preview: string | null = null;
  /** Why the chosen file was not taken (shown on the file choice, which offers it again); null when none. */
  fileError: string | null = null;
  #qrLoading: string | null = null;

  constructor(private readonly h: CaptureDeps) {}

  /** What the capture screens may do: the element's `actions`, and this control's countdown and QR code. */
  host(
    actions: Pick<CaptureHost, 'send' | 'capture' | 'chooseFile' | 'upload'>,
    sessionUrl: string | null,
  ): CaptureHost {
    return {
      ...actions,
      autoCount: this.autoCount,
      sessionUrl,
      locale: activeLocale(),
      preview: this.preview,
      fileError: this.fileError,
      qr: (url) => this.qr(url),
    };
  }

  /** The QR code of `url`, rendered once its module has loaded. */
  qr(url: string): TemplateResult | typeof nothing {
    if (this.#qr?.url === url) return this.#qr.svg;
    if (this.#qrLoading !== url) {
      this.#qrLoading = url;
      loadQr()
        .then(({ qrSvg }) => {
          if (this.#qrLoading !== url) return;
          this.#qr = { url, svg: qrSvg(url) };
          this.h.element.requestUpdate();
        })
        .catch(() => {
          this.#qrLoading = null; // shown without a code; the file input still works
        });
    }
    return nothing;
  }

  /**
   * The live view and its capture button together in the viewport (the preview's height is capped by
   * the viewport in CSS): scrolls just enough, keeping the preview's top below `--age-check-viewport-offset`.
   */
  showCapture(): void {
    const root = this.h.element.renderRoot;
    const stage = root.querySelector<HTMLElement>('.stage');
    const actions = root.querySelector<HTMLElement>('.capture-actions');
    if (!stage || !actions) return;
    const height = window.visualViewport?.height ?? window.innerHeight;
    if (actions.getBoundingClientRect().bottom > height) actions.scrollIntoView({ block: 'end' });
    const offset = parseFloat(getComputedStyle(stage).scrollMarginTop) || 0;
    if (stage.getBoundingClientRect().top < offset) stage.scrollIntoView({ block: 'start' });
  }

  #video(): HTMLVideoElement | null {
    return this.h.element.renderRoot.querySelector('video');
  }

  async startCamera(): Promise<void> {
    const seq = ++this.#seq;
    const facing = this.h.machine().target === 'document' ? 'environment' : 'user';
    try {
      const { openCamera } = await loadCamera();
      const stream = await openCamera(facing);
      if (seq !== this.#seq || this.h.machine().name !== 'camera-starting' || !this.h.element.isConnected) {
        stopStream(stream);
        return;
      }
      this.stream = stream;
      // The camera may drop (unplugged, taken by another app): fall back instead of a dead end.
      // The listener goes with the element's abort signal: a stopped track keeping it would retain the
      // whole element after removal (found by test/node/hardening-leaks.test.ts).
      for (const track of stream.getVideoTracks()) {
        track.addEventListener(
          'ended',
          () => {
            if (this.stream !== stream) return;
            this.stream = null;
            const m = this.h.machine();
            if (CAMERA_STATES.has(m.name)) {
              this.h.replace({ ...m, name: 'camera-starting' });
              this.h.send({ type: 'CAMERA_FAILED', reason: 'busy' });
              this.h.fallback('busy');
            }
          },
          { signal: this.h.signal() },
        );
      }
      this.h.send({ type: 'CAMERA_READY' });
    } catch (err) {
      if (seq !== this.#seq || this.h.machine().name !== 'camera-starting') return;
      const reason: CameraFailure = isCameraError(err) ? err.reason : 'busy';
      this.h.send({ type: 'CAMERA_FAILED', reason });
      this.h.fallback(reason);
    }
  }

  /** Stops the camera and the countdown and forgets the photos (removal, a new token). */
  stop(): void {
    this.stopCamera();
    this.clearAuto();
    this.dropImages();
  }

  /** Shows the live stream in the rendered `<video>`. */
  attachStream(): void {
    const video = this.#video();
    const stream = this.stream;
    if (video && stream && video.srcObject !== stream) {
      video.srcObject = stream;
      video.play().catch(() => undefined);
    }
  }

  stopCamera(): void {
    if (!this.stream) return;
    const stream = this.stream;
    this.stream = null;
    stopStream(stream);
    const video = this.#video();
    if (video) video.srcObject = null;
  }

  #setAuto(n: number): void {
    this.autoCount = n;
    this.h.element.requestUpdate();
  }

  startAuto(): void {
    this.clearAuto();
    this.#setAuto(AUTO_CAPTURE_S);
    this.#autoTimer = setInterval(() => {
      this.#setAuto(this.autoCount - 1);
      if (this.autoCount <= 0) {
        this.clearAuto();
        void this.captureFrame();
      }
    }, 1000);
  }

  clearAuto(): void {
    if (this.#autoTimer !== undefined) clearInterval(this.#autoTimer);
    this.#autoTimer = undefined;
    if (this.autoCount !== 0) this.#setAuto(0);
  }

  async captureFrame(): Promise<void> {
    const name = this.h.machine().name;
    if (name !== 'live' && name !== 'document-live') return;
    this.clearAuto();
    const video = this.#video();
    if (!video) return;
    const [{ videoReady }, capture] = await Promise.all([loadCamera(), loadCapture()]);
    await videoReady(video);
    if (this.h.machine().name !== name) return;
    const target = this.h.machine().target;
    // Copy the frame (the crop around the guide for selfies), then stop the camera.
    const frame = capture.copyFrame(video, target);
    this.h.send({ type: 'CAPTURE' });
    await this.#encode(() => capture.encodeFrame(frame, target));
  }

  /**
   * A file chosen (or dropped) in the fallback: checked first (a photo type, not empty, within the size
   * stated); a file refused there, or one that cannot be read as a photo, is explained on the file choice,
   * which offers it again (no attempt is used, the camera is not started).
   */
  async chooseFile(e: Event): Promise<void> {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file || this.h.machine().name !== 'fallback') return;
    const problem = photoFileProblem(file, activeLocale());
    this.fileError = problem;
    this.h.element.requestUpdate();
    if (problem) return;
    const target = this.h.machine().target;
    this.h.send({ type: 'CAPTURE' });
    await this.#encode(async () => (await loadCapture()).encodeFile(file, target), true);
  }

  /** Keeps the encoded photo for the attempt (and sends a selfie at once), or reports the unreadable image. */
  async #encode(encode: () => Promise<Blob>, fromFile = false): Promise<void> {
    let blob: Blob;
    try {
      blob = await encode();
    } catch (err) {
      this.h.emitError(err);
      if (fromFile && this.h.machine().name === 'capturing') {
        this.fileError = captureErrorText('image');
        this.h.send({ type: 'FILE_UNREADABLE' });
      } else this.h.send({ type: 'CAPTURE_FAILED' });
      return;
    }
    const m = this.h.machine();
    if (m.name !== 'capturing') return;
    if (m.target === 'selfie') this.#images = { selfie: blob };
    else if (m.side === 'front') this.#images = { front: blob };
    else this.#images = { ...this.#images, back: blob };
    this.#setPreview(blob);
    this.h.send({ type: 'CAPTURED' });
  }

  #setPreview(blob: Blob | null): void {
    if (this.preview) URL.revokeObjectURL(this.preview);
    this.preview = blob && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : null;
  }

  /** The photos are forgotten (after an attempt, on the outcome, on expiry, on removal). */
  dropImages(): void {
    this.#images = {};
    this.#setPreview(null);
  }

  /** Sends the attempt (upload.ts) and turns what happened into machine events. */
  async upload(): Promise<void> {
    const client = this.h.client();
    const before = this.h.machine().session;
    if (!client || !before) return;
    const signal = this.h.signal();
    const images = this.#images;
    // The image is sent once per attempt and then forgotten.
    this.dropImages();
    const r = await uploadAttempt({
      client,
      before,
      target: this.h.machine().target,
      images,
      signal,
      onProgress: (fraction) => {
        if (!signal.aborted) this.h.send({ type: 'UPLOAD_PROGRESS', fraction });
      },
    });
    switch (r.kind) {
      case 'answer':
        this.h.step({ type: 'ATTEMPT_RESULT', response: r.response }, r.response.attempt.result);
        break;
      case 'session':
        this.h.step({ type: 'SESSION_LOADED', session: r.session }, resultFromSession(r.session));
        break;
      case 'unreadable':
        this.h.emitError(r.error);
        this.h.replace({ ...this.h.machine(), name: 'capturing' });
        this.h.send({ type: 'CAPTURE_FAILED' });
        break;
      case 'failed': {
        this.h.emitError(r.error);
        const e = r.error instanceof ApiError ? r.error : null;
        this.h.send({
          type: 'HTTP_ERROR',
          status: e?.status ?? 0,
          code: e?.code,
          kind: e?.kind ?? 'network',
        });
        break;
      }
      case 'aborted':
        break;
    }
  }
}
